import CHarfBuzz
import CICU

/// Everything one layout needs that is not shared: ICU iterators, a HarfBuzz buffer, and the
/// caches of segment measurements and font coverage. A workspace is used by one thread at a
/// time: the engine's pool hands each one out exclusively.
final class LayoutWorkspace: @unchecked Sendable {
    /// The store is emptied between labels once it holds this many code units and edges.
    static let maximumStoredUnits = 1 << 21

    let fonts: FontLibrary
    private let buffer: OpaquePointer
    private let unicodeFunctions: OpaquePointer
    private var lineIterators: [String: OpaquePointer] = [:]
    private let characterIterator: OpaquePointer
    let store = SegmentStore()
    /// Per chain id: the face id + 1 chosen for each BMP code point (0 = not yet looked up).
    private var coverage: [[UInt16]] = []
    /// The faces this workspace has used, by face id.
    private var facesByID: [FontFace?] = []
    private var otherCoverage: [CoverageKey: FontFace] = [:]
    /// Scratch for the segment being measured: advance per code unit, grapheme boundaries,
    /// and the advance at each boundary.
    private var unitAdvances = RawBuffer<Double>()
    private var edgeScratch = RawBuffer<Int32>()
    private var edgeAdvanceScratch = RawBuffer<Double>()
    /// The segments and lines of the label being laid out (valid until the next layout).
    var segmentBuffer = RawBuffer<Segment>()
    /// The UTF-16 text of the label being laid out.
    var textBuffer = RawBuffer<UInt16>()
    var lineBuffer = RawBuffer<LineBox>()

    private struct CoverageKey: Hashable {
        let chain: Int
        let codePoint: UInt32
        let emoji: Bool
    }

    init(fonts: FontLibrary) throws(LayoutError) {
        self.fonts = fonts
        buffer = hb_buffer_create()!
        unicodeFunctions = hb_unicode_funcs_get_default()
        var errorName: UnsafePointer<CChar>?
        guard let iterator = lc_break_open(Int32(LC_BREAK_CHARACTER), "", &errorName) else {
            hb_buffer_destroy(buffer)
            throw .textServices("cannot open a grapheme iterator: \(errorName.map { String(cString: $0) } ?? "unknown error")")
        }
        characterIterator = iterator
    }

    deinit {
        unitAdvances.deallocate()
        edgeScratch.deallocate()
        edgeAdvanceScratch.deallocate()
        segmentBuffer.deallocate()
        textBuffer.deallocate()
        lineBuffer.deallocate()
        hb_buffer_destroy(buffer)
        lc_break_close(characterIterator)
        for iterator in lineIterators.values { lc_break_close(iterator) }
    }

    /// The line break iterator for a locale (UAX #14 with the locale's tailoring), opened once.
    func lineIterator(locale: String) throws(LayoutError) -> OpaquePointer {
        if let iterator = lineIterators[locale] { return iterator }
        var errorName: UnsafePointer<CChar>?
        guard let iterator = lc_break_open(Int32(LC_BREAK_LINE), locale, &errorName) else {
            throw .textServices("cannot open a line break iterator for locale \"\(locale)\": \(errorName.map { String(cString: $0) } ?? "unknown error")")
        }
        lineIterators[locale] = iterator
        return iterator
    }

    /// Empties the segment store when it has grown past its bound; called between labels.
    func trimStore() {
        if store.storedUnits > Self.maximumStoredUnits { store.removeAll() }
    }

    /// Measures `text[range]` set in `chain` and returns its entry in `store`. `levels` are
    /// the bidi levels of the whole text, or nil when all of it is left-to-right (only such
    /// measurements are shared through the store's table).
    func measure(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, levels: UnsafeBufferPointer<UInt8>?,
                 chain: FontChain) -> Int {
        let segment = UnsafeBufferPointer(rebasing: text[range])
        let hash = SegmentStore.hash(segment, chain: chain.id)
        if levels == nil, let index = store.find(segment, chain: chain.id, hash: hash) { return index }

        let length = segment.count
        unitAdvances.count = 0
        unitAdvances.append(repeating: 0, count: length)
        itemize(segment, levels: levels.map { UnsafeBufferPointer(rebasing: $0[range]) }, chain: chain) { run, face, script, rightToLeft in
            shape(segment, run, face: face, script: script, rightToLeft: rightToLeft)
            addAdvances(face: face)
        }

        graphemeEdges(segment)
        let edgeCount = edgeScratch.count
        edgeAdvanceScratch.count = 0
        edgeAdvanceScratch.append(repeating: 0, count: edgeCount)
        var running = 0.0
        var unit = 0
        for edgeIndex in 1..<edgeCount {
            let edge = Int(edgeScratch[edgeIndex])
            while unit < edge { running += unitAdvances[unit]; unit += 1 }
            edgeAdvanceScratch[edgeIndex] = running
        }
        var contentEnd = length
        while contentEnd > 0, isHangingWhitespace(segment[contentEnd - 1]) { contentEnd -= 1 }
        var contentEdge = edgeCount - 1
        for edgeIndex in 0..<edgeCount where Int(edgeScratch[edgeIndex]) >= contentEnd {
            contentEdge = edgeIndex
            break
        }
        return store.insert(text: levels == nil ? segment : nil, chain: chain.id, hash: hash,
                            edges: UnsafeBufferPointer(start: edgeScratch.base, count: edgeCount),
                            advances: UnsafeBufferPointer(start: edgeAdvanceScratch.base, count: edgeCount),
                            contentEdge: contentEdge)
    }

    /// Splits text into runs of one face, one script and one bidi level, in logical order.
    func itemize(_ segment: UnsafeBufferPointer<UInt16>, levels: UnsafeBufferPointer<UInt8>?, chain: FontChain,
                 _ body: (_ run: Range<Int>, _ face: FontFace, _ script: hb_script_t, _ rightToLeft: Bool) -> Void) {
        var runStart = 0
        var runFace: FontFace?
        var runScript = HB_SCRIPT_COMMON
        var runLevel: UInt8 = 0
        var index = 0
        while index < segment.count {
            let (codePoint, width) = codePointAt(segment, index)
            let level = levels?[index] ?? 0
            var script = hb_unicode_script(unicodeFunctions, codePoint)
            if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN { script = runScript }
            let face: FontFace
            if let runFace, followsPreviousCharacter(codePoint) {
                face = runFace
            } else {
                let next = index + width < segment.count ? codePointAt(segment, index + width).codePoint : 0
                face = self.face(for: codePoint, emoji: next == 0xFE0F, chain: chain)
            }
            if let current = runFace {
                let scriptChanged = runScript != HB_SCRIPT_COMMON && script != runScript
                if current !== face || scriptChanged || level != runLevel {
                    body(runStart..<index, current, runScript, runLevel & 1 == 1)
                    runStart = index
                    runScript = hb_unicode_script(unicodeFunctions, codePoint)
                    if runScript == HB_SCRIPT_INHERITED || runScript == HB_SCRIPT_UNKNOWN { runScript = HB_SCRIPT_COMMON }
                } else {
                    runScript = script
                }
            } else {
                runScript = script
            }
            runFace = face
            runLevel = level
            index += width
        }
        if let runFace, runStart < segment.count {
            body(runStart..<segment.count, runFace, runScript, runLevel & 1 == 1)
        }
    }

    /// Shapes `text[run]` (the rest of `text` is context) into the workspace's HarfBuzz buffer.
    func shape(_ text: UnsafeBufferPointer<UInt16>, _ run: Range<Int>, face: FontFace, script: hb_script_t, rightToLeft: Bool) {
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(run.lowerBound), Int32(run.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if script != HB_SCRIPT_COMMON { hb_buffer_set_script(buffer, script) }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.font, buffer, nil, 0)
    }

    /// The glyphs of the last `shape`: ids, clusters (UTF-16 offsets), advances and offsets
    /// in font units, in visual order.
    func shapedGlyphs(_ body: (UnsafeBufferPointer<hb_glyph_info_t>, UnsafeBufferPointer<hb_glyph_position_t>) -> Void) {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return }
        body(UnsafeBufferPointer(start: infos, count: Int(count)), UnsafeBufferPointer(start: positions, count: Int(count)))
    }

    /// Adds each glyph's advance of the last `shape` (in ems) to the code unit of its cluster.
    private func addAdvances(face: FontFace) {
        let perUnit = 1 / Double(face.unitsPerEm)
        shapedGlyphs { infos, positions in
            for glyph in infos.indices {
                unitAdvances[Int(infos[glyph].cluster)] += Double(positions[glyph].x_advance) * perUnit
            }
        }
    }

    /// Grapheme cluster boundaries of a segment, from ICU, with a shortcut for text where
    /// every code unit is a cluster of its own (printable ASCII, common CJK).
    private func graphemeEdges(_ segment: UnsafeBufferPointer<UInt16>) {
        edgeScratch.count = 0
        edgeScratch.append(0)
        let simple = segment.allSatisfy { unit in
            (0x20...0x7E).contains(unit) || (0x4E00...0x9FFF).contains(unit) || (0x3000...0x3098).contains(unit)
                || (0xFF01...0xFF60).contains(unit)
        }
        if simple {
            for offset in 1...Int32(segment.count) { edgeScratch.append(offset) }
            return
        }
        lc_break_set_text(characterIterator, segment.baseAddress, Int32(segment.count))
        while true {
            let boundary = lc_break_next(characterIterator)
            if boundary == Int32(LC_BREAK_DONE) { break }
            edgeScratch.append(boundary)
        }
        if edgeScratch[edgeScratch.count - 1] != Int32(segment.count) { edgeScratch.append(Int32(segment.count)) }
    }

    /// The face that draws a character: the first of the chain's faces that has it, else
    /// fontconfig's choice for it. Emoji-presentation characters (and any followed by U+FE0F)
    /// prefer a color emoji face.
    private func face(for codePoint: UInt32, emoji selectorFollows: Bool, chain: FontChain) -> FontFace {
        if codePoint < 0x10000, !selectorFollows {
            while coverage.count <= chain.id { coverage.append([]) }
            if coverage[chain.id].isEmpty { coverage[chain.id] = [UInt16](repeating: 0, count: 0x10000) }
            let cached = coverage[chain.id][Int(codePoint)]
            if cached != 0 { return facesByID[Int(cached) - 1]! }
            let face = lookUpFace(for: codePoint, emoji: false, chain: chain)
            coverage[chain.id][Int(codePoint)] = UInt16(face.id + 1)
            return face
        }
        let key = CoverageKey(chain: chain.id, codePoint: codePoint, emoji: selectorFollows)
        if let face = otherCoverage[key] { return face }
        let face = lookUpFace(for: codePoint, emoji: selectorFollows, chain: chain)
        otherCoverage[key] = face
        return face
    }

    private func remember(_ face: FontFace) {
        if facesByID.count <= face.id { facesByID += Array(repeating: nil, count: face.id + 1 - facesByID.count) }
        facesByID[face.id] = face
    }

    private func lookUpFace(for codePoint: UInt32, emoji selectorFollows: Bool, chain: FontChain) -> FontFace {
        let prefersEmoji = selectorFollows || (codePoint >= 0x2000 && lc_is_emoji_presentation(Int32(bitPattern: codePoint)) != 0)
        if !prefersEmoji, let face = chain.faces.first(where: { $0.hasGlyph(codePoint) }) {
            remember(face)
            return face
        }
        let face = fonts.fallbackFace(for: codePoint, weight: chain.weight, emoji: prefersEmoji)
            ?? chain.faces.first(where: { $0.hasGlyph(codePoint) })
            ?? chain.primary
        remember(face)
        return face
    }

    /// Marks, joiners, variation selectors, emoji modifiers and tags are drawn by the face of
    /// the character they attach to.
    private func followsPreviousCharacter(_ codePoint: UInt32) -> Bool {
        switch codePoint {
        case 0x200C, 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF: return true
        case 0..<0x300: return false
        default:
            let category = hb_unicode_general_category(unicodeFunctions, codePoint)
            return category == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK
                || category == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK
                || category == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
        }
    }
}

/// The code point at a UTF-16 offset and how many code units it takes; a lone surrogate
/// reads as U+FFFD.
@inline(__always)
func codePointAt(_ text: UnsafeBufferPointer<UInt16>, _ index: Int) -> (codePoint: UInt32, width: Int) {
    let unit = text[index]
    if unit & 0xFC00 == 0xD800, index + 1 < text.count, text[index + 1] & 0xFC00 == 0xDC00 {
        return (0x10000 + (UInt32(unit & 0x3FF) << 10) + UInt32(text[index + 1] & 0x3FF), 2)
    }
    if unit & 0xF800 == 0xD800 { return (0xFFFD, 1) }
    return (UInt32(unit), 1)
}

/// White space that hangs at the end of a line (and line separators, which end one).
@inline(__always)
func isHangingWhitespace(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x1680, 0x2000...0x2006, 0x2008...0x200A,
         0x2028, 0x2029, 0x205F, 0x3000: return true
    default: return false
    }
}

/// Characters that end a line and are not shown.
@inline(__always)
func isLineSeparator(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
}
