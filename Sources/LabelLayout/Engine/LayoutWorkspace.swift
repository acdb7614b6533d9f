import CHarfBuzz
import CICU
import LabelModel

/// Everything one layout needs that is not shared: ICU iterators, a HarfBuzz buffer, and the
/// caches of chunk measurements, font coverage and boundary decisions. A workspace is used by
/// one thread at a time: the engine's pool hands each one out exclusively, so its buffers
/// and caches skip Swift's run-time exclusivity checks.
final class LayoutWorkspace: @unchecked Sendable {
    /// The store is emptied between labels once it holds this many code units and edges.
    static let maximumStoredUnits = 1 << 21
    /// Of one grapheme cluster, at most this many code points are shaped (the Unicode
    /// stream-safe limit of 30 combining marks, with room for a base and a joiner). The rest
    /// stay in the text and its ranges but draw nothing and advance 0: HarfBuzz's work on one
    /// cluster grows with the square of its length.
    static let maximumShapedCodePointsPerCluster = 32

    let fonts: FontLibrary
    let buffer: OpaquePointer
    let unicodeFunctions: OpaquePointer
    private var lineIterators: [String: OpaquePointer] = [:]
    @exclusivity(unchecked) private var languages: [String: TextLanguage] = [:]
    /// The scripts met so far (HarfBuzz script values), by index.
    private let scripts: UnsafeMutablePointer<UInt32> = {
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
        table.initialize(repeating: 0, count: 256)
        return table
    }()
    @exclusivity(unchecked) private var scriptCount = 0
    /// Script_Extensions of the BMP characters looked up so far: an index + 1 into the sets.
    private let extensionIndex: UnsafeMutablePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 0x10000)
        table.initialize(repeating: 0, count: 0x10000)
        return table
    }()
    @exclusivity(unchecked) private var extensionSets: [[UInt32]] = []
    private let characterIterator: OpaquePointer
    let store = ChunkStore()
    /// Per chain id: the face id + 1 chosen for each BMP code point (0 = not yet looked up).
    @exclusivity(unchecked) private var characterTables: [UnsafeMutablePointer<UInt64>?] = []
    /// The character table of the chain of the text being shaped (`characterTable(for:)`).
    @exclusivity(unchecked) var characters: UnsafeMutablePointer<UInt64>?
    /// The faces this workspace has used, by face id.
    @exclusivity(unchecked) private var facesByID: [FontFace?] = []
    private var otherCoverage: [CoverageKey: FontFace] = [:]
    /// Per face id: the boundary classes of the characters looked up so far.
    @exclusivity(unchecked) private var boundaryClasses: [BoundaryClasses?] = []
    /// Pair kerning measured at boundaries, by face, script and text (nil: the pieces merge).
    @exclusivity(unchecked) var pairKernings: [PairKey: Double?] = [:]
    /// Scratch for the text being shaped: advance and flags per code unit, grapheme
    /// boundaries, and the advance and safety at each boundary.
    @exclusivity(unchecked) var unitAdvances = RawBuffer<Double>()
    @exclusivity(unchecked) var unitFlags = RawBuffer<UInt8>()
    @exclusivity(unchecked) var edgeScratch = RawBuffer<Int32>()
    @exclusivity(unchecked) var edgeAdvanceScratch = RawBuffer<Double>()
    @exclusivity(unchecked) var edgeSafeScratch = RawBuffer<UInt8>()
    /// The UTF-16 text of the label being laid out, its line-break opportunities, and its
    /// shaped form and lines (valid until the next layout).
    @exclusivity(unchecked) var textBuffer = RawBuffer<UInt16>()
    /// The UTF-8 offset in the label's text of each code unit of `textBuffer` (and of its end).
    @exclusivity(unchecked) var utf8Offsets = RawBuffer<Int32>()
    @exclusivity(unchecked) var breakBuffer = RawBuffer<LineBreak>()
    @exclusivity(unchecked) var cutScratch = RawBuffer<Cut>()
    @exclusivity(unchecked) var shaped = ShapedText()
    @exclusivity(unchecked) var shapedToken = ShapedText()
    /// Pieces of lines re-shaped (`lineAdvance`), by text and range: a text's line ends at every
    /// size it is laid out at ask for many of the same. Emptied whenever a text is shaped.
    @exclusivity(unchecked) var shapedPieces: [PieceKey: Double] = [:]

    struct PieceKey: Hashable {
        let base: UnsafePointer<UInt16>?
        let start: Int32
        let end: Int32
    }
    /// The last truncation token measured: its text, chain and language, and its advance.
    @exclusivity(unchecked) var lastToken: MeasuredToken?
    @exclusivity(unchecked) var lineBuffer = RawBuffer<LineBox>()
    /// HarfBuzz fonts made for faces that depend on the point size (`FontFace.dependsOnSize`),
    /// by face and size, with the id their chunks are kept under.
    @exclusivity(unchecked) private var sizedFonts: [SizedFontKey: (font: OpaquePointer, id: Int)] = [:]
    /// Past this many sized fonts, the store starts over (between labels).
    static let maximumSizedFonts = 512
    /// The chain of the last font laid out (`chain(for:)`).
    @exclusivity(unchecked) var lastChain: (families: [String], weight: Int, chain: FontChain)?
    /// The size the text in `shaped` was shaped for, nil when it is not shaped yet.
    @exclusivity(unchecked) var shapedSize: Double?

    private struct SizedFontKey: Hashable {
        let face: Int
        let size: UInt64
    }

    private struct CoverageKey: Hashable {
        let chain: Int
        let codePoint: UInt32
        let emoji: Bool
    }

    struct PairKey: Hashable {
        let face: Int
        let script: UInt32
        let language: Int
        /// The left character's code units, then the right piece's.
        let units: [UInt16]
        let leftCount: Int
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
        unitFlags.deallocate()
        edgeScratch.deallocate()
        edgeAdvanceScratch.deallocate()
        edgeSafeScratch.deallocate()
        textBuffer.deallocate()
        utf8Offsets.deallocate()
        breakBuffer.deallocate()
        cutScratch.deallocate()
        extensionIndex.deallocate()
        scripts.deallocate()
        shaped.deallocate()
        shapedToken.deallocate()
        lineBuffer.deallocate()
        hb_buffer_destroy(buffer)
        for sized in sizedFonts.values { hb_font_destroy(sized.font) }
        lc_break_close(characterIterator)
        for iterator in lineIterators.values { lc_break_close(iterator) }
        for table in characterTables { table?.deallocate() }
    }

    /// The language of a locale ("" = none in particular), numbered once.
    func language(for locale: String) -> TextLanguage {
        if let known = languages[locale] { return known }
        if languages.count == ChunkStore.maximumLanguages {
            store.removeAll()
            pairKernings.removeAll()
            languages.removeAll()
            lastToken = nil
        }
        let value = hb_language_from_string(locale.isEmpty ? "und" : locale, -1)
        let language = TextLanguage(id: languages.count, value: value)
        languages[locale] = language
        return language
    }

    /// The line break iterator for a locale, opened once: UAX #14 with the locale's tailoring,
    /// strict for Japanese (no line starts with a small kana or ー) and normal for every other
    /// locale (docs/layout-rules.md).
    func lineIterator(locale: String) throws(LayoutError) -> OpaquePointer {
        if let iterator = lineIterators[locale] { return iterator }
        let icuLocale = Self.icuLineLocale(locale)
        var errorName: UnsafePointer<CChar>?
        guard let iterator = lc_break_open(Int32(LC_BREAK_LINE), icuLocale, &errorName) else {
            throw .textServices("cannot open a line break iterator for locale \"\(locale)\": \(errorName.map { String(cString: $0) } ?? "unknown error")")
        }
        lineIterators[locale] = iterator
        return iterator
    }

    /// The ICU locale of a label locale with its `lb` keyword: `ja…@lb=strict`, else `…@lb=normal`.
    static func icuLineLocale(_ locale: String) -> String {
        let language = locale.prefix { $0 != "-" && $0 != "_" && $0 != "@" }.lowercased()
        let strictness = language == "ja" ? "strict" : "normal"
        return locale + (locale.contains("@") ? ";" : "@") + "lb=" + strictness
    }

    /// Empties the chunk store when it (or the sized fonts its chunks are kept under) has grown
    /// past its bound; called between labels.
    func trimStore() {
        if store.storedUnits > Self.maximumStoredUnits || sizedFonts.count > Self.maximumSizedFonts {
            store.removeAll()
            pairKernings.removeAll()
            lastToken = nil
            for sized in sizedFonts.values { hb_font_destroy(sized.font) }
            sizedFonts.removeAll()
        }
    }

    /// The HarfBuzz font a run of `face` is shaped with at a point size, and the id its chunks
    /// are kept under: the face's own font and id, unless the face depends on the size; then a
    /// font made for the size, under an id of its own (counted down from the top of the range
    /// of face ids, which the font library counts up from 0).
    func shapingFont(for face: FontFace, size: Double) -> (font: OpaquePointer, id: Int) {
        guard face.dependsOnSize else { return (face.font, face.id) }
        let key = SizedFontKey(face: face.id, size: size.bitPattern)
        if let known = sizedFonts[key] { return known }
        let sized = (font: face.makeSizedFont(size: size), id: ChunkStore.maximumFaceID - sizedFonts.count)
        sizedFonts[key] = sized
        return sized
    }

    /// The line-break opportunities of a text (UAX #14, the locale's tailoring), in order.
    func findLineBreaks(_ text: UnsafeBufferPointer<UInt16>, locale: String) throws(LayoutError) {
        breakBuffer.count = 0
        guard !text.isEmpty else { return }
        let iterator = try lineIterator(locale: locale)
        lc_break_set_text(iterator, text.baseAddress, Int32(text.count))
        var breaks = breakBuffer
        defer { breakBuffer = breaks }
        var previous = 0
        while true {
            let boundary = Int(lc_break_next(iterator))
            if boundary == Int(LC_BREAK_DONE) || boundary <= previous { break }
            let hard = isLineSeparator(text[boundary - 1]) && lc_break_is_hard(iterator) != 0
            breaks.append(LineBreak(position: Int32(boundary), isMandatory: hard))
            previous = boundary
        }
    }

    // MARK: Runs

    /// Splits text into runs of one face, one script and one bidi level, in logical order.
    ///
    /// Scripts are resolved as UAX #24 with Script_Extensions (as browsers do): a character of
    /// one script has it; a character several scripts share (ー by Hiragana and Katakana, 、 by
    /// the CJK scripts) takes the script of the text before it when that is one of them, else
    /// that of the text after it when that is; other common characters (spaces, digits, most
    /// punctuation) and marks take the script before them, or after them at the start. Text
    /// with no script of its own stays Common. Katakana counts as Hiragana (`script(of:)`).
    func itemize(_ text: UnsafeBufferPointer<UInt16>, levels: UnsafeBufferPointer<UInt8>?, chain: FontChain,
                 _ body: (_ run: Range<Int>, _ face: FontFace, _ script: hb_script_t, _ level: UInt8) -> Void) {
        let common = HB_SCRIPT_COMMON.rawValue
        let characters = characterTable(for: chain)
        self.characters = characters
        var runStart = 0
        var runFace = -1
        var runScript: UInt32 = 0
        var runLevel: UInt8 = 0
        var current = common
        // The first specific script after a stretch of common characters, and where it is.
        var following = common
        var followingAt = -1
        var index = 0
        while index < text.count {
            let (codePoint, width) = codePointAt(text, index)
            let level = levels?[index] ?? 0
            var entry: UInt64 = codePoint < 0x10000 ? characters[Int(codePoint)] : 0
            var info = UInt16(truncatingIfNeeded: entry >> 16)
            if info == 0 {
                info = lookUpCharacterInfo(codePoint)
                if codePoint < 0x10000 {
                    entry |= UInt64(info) << 16
                    characters[Int(codePoint)] = entry
                }
            }
            var script = scripts[Int(info & Self.scriptMask)]
            if info & Self.specificScript == 0 {
                if index >= followingAt { (following, followingAt) = nextSpecificScript(text, after: index + width) }
                let own = script
                script = current != common ? current : following
                if info & Self.hasExtensions != 0, own != HB_SCRIPT_INHERITED.rawValue {
                    let extensions = scriptExtensions(of: codePoint)
                    if !extensions.contains(current) {
                        if extensions.contains(following) {
                            script = following
                        } else if current == common {
                            script = extensions[0]
                        }
                    }
                }
            }
            current = script
            let face: Int
            let selectorFollows = index + width < text.count && text[index + width] == 0xFE0F
            if runFace >= 0, info & Self.attachesToPrevious != 0 {
                face = runFace
            } else if !selectorFollows, entry & 0xFFFF != 0 {
                face = Int(entry & 0xFFFF) - 1
            } else {
                face = self.face(for: codePoint, emoji: selectorFollows, chain: chain).id
            }
            if runFace >= 0, runFace != face || script != runScript || level != runLevel {
                body(runStart..<index, facesByID[runFace]!, hb_script_t(runScript), runLevel)
                runStart = index
            }
            runScript = script
            runFace = face
            runLevel = level
            index += width
        }
        if runFace >= 0, runStart < text.count {
            body(runStart..<text.count, facesByID[runFace]!, hb_script_t(runScript), runLevel)
        }
    }

    /// A character's script (an index into `scripts`) and flags, in bits 16–31 of its entry in
    /// the character table: whether the script is a specific one, whether the character has
    /// Script_Extensions, and whether it is drawn by the face of the character before it.
    private static let scriptMask: UInt16 = 0xFF
    private static let specificScript: UInt16 = 0x100
    private static let hasExtensions: UInt16 = 0x200
    private static let attachesToPrevious: UInt16 = 0x400
    /// Set on every looked-up entry, so none is 0.
    private static let known: UInt16 = 0x800

    private func lookUpCharacterInfo(_ codePoint: UInt32) -> UInt16 {
        let script = Self.script(of: codePoint, unicodeFunctions).rawValue
        var index = 0
        while index < scriptCount, scripts[index] != script { index += 1 }
        if index == scriptCount {
            guard scriptCount < Int(Self.scriptMask) else { return Self.uncachedInfo(script, codePoint, self) }
            scripts[index] = script
            scriptCount += 1
        }
        var info = UInt16(index) | Self.known
        if Self.isSpecific(hb_script_t(script)) { info |= Self.specificScript }
        if codePoint >= 0x80, !Self.isSpecific(hb_script_t(script)), !scriptExtensions(of: codePoint).isEmpty {
            info |= Self.hasExtensions
        }
        if followsPreviousCharacter(codePoint) { info |= Self.attachesToPrevious }
        return info
    }

    /// Past 255 scripts (never in practice), a character's script goes in the last slot, unkept.
    private static func uncachedInfo(_ script: UInt32, _ codePoint: UInt32, _ workspace: LayoutWorkspace) -> UInt16 {
        workspace.scripts[Int(scriptMask)] = script
        var info = scriptMask | known
        if isSpecific(hb_script_t(script)) { info |= specificScript }
        if codePoint >= 0x80, !isSpecific(hb_script_t(script)), !workspace.scriptExtensions(of: codePoint).isEmpty {
            info |= hasExtensions
        }
        if workspace.followsPreviousCharacter(codePoint) { info |= attachesToPrevious }
        return info
    }

    /// The script of the first character at or after `start` that has one of its own, and
    /// its offset (Common and the text's length when there is none).
    private func nextSpecificScript(_ text: UnsafeBufferPointer<UInt16>, after start: Int) -> (UInt32, Int) {
        var index = start
        while index < text.count {
            let (codePoint, width) = codePointAt(text, index)
            let script = Self.script(of: codePoint, unicodeFunctions)
            if Self.isSpecific(script) { return (script.rawValue, index) }
            index += width
        }
        return (HB_SCRIPT_COMMON.rawValue, text.count)
    }

    @inline(__always)
    private static func isSpecific(_ script: hb_script_t) -> Bool {
        script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN
    }

    /// The scripts a common character is used with, when it names some (Script_Extensions);
    /// empty for a character of every script.
    @inline(__always)
    fileprivate func scriptExtensions(of codePoint: UInt32) -> [UInt32] {
        if codePoint < 0x10000 {
            let index = extensionIndex[Int(codePoint)]
            if index != 0 { return extensionSets[Int(index) - 1] }
        }
        return lookUpScriptExtensions(of: codePoint)
    }

    private func lookUpScriptExtensions(of codePoint: UInt32) -> [UInt32] {
        var tags = [UInt32](repeating: 0, count: 16)
        let count = Int(lc_script_extensions(Int32(bitPattern: codePoint), &tags, 16))
        var extensions: [UInt32] = []
        for tag in tags.prefix(count) {
            let script = Self.normalized(hb_script_t(tag)).rawValue
            if !extensions.contains(script) { extensions.append(script) }
        }
        if extensions.contains(where: { !Self.isSpecific(hb_script_t($0)) }) { extensions = [] }
        if codePoint < 0x10000 {
            var index = extensionSets.firstIndex(of: extensions)
            if index == nil, extensionSets.count < Int(UInt8.max) {
                extensionSets.append(extensions)
                index = extensionSets.count - 1
            }
            if let index { extensionIndex[Int(codePoint)] = UInt8(index + 1) }
        }
        return extensions
    }

    /// A character's script (UAX #24), with the commonest answers without a table lookup.
    /// Katakana counts as Hiragana: OpenType shapes both as one script (`kana`), so kana of
    /// either kind stay in one run and kern with each other.
    @inline(__always)
    static func script(of codePoint: UInt32, _ functions: OpaquePointer) -> hb_script_t {
        switch codePoint {
        case 0x41...0x5A, 0x61...0x7A: return HB_SCRIPT_LATIN
        case 0..<0x80: return HB_SCRIPT_COMMON
        case 0x4E00...0x9FFF: return HB_SCRIPT_HAN
        default: return normalized(hb_unicode_script(functions, codePoint))
        }
    }

    @inline(__always)
    static func normalized(_ script: hb_script_t) -> hb_script_t {
        script == HB_SCRIPT_KATAKANA ? HB_SCRIPT_HIRAGANA : script
    }

    // MARK: Shaping

    /// Shapes `text[range]` into the HarfBuzz buffer with a run's face, script, direction and
    /// language; the rest of `text` is context (HarfBuzz looks at a few characters on either
    /// side, for joining scripts) and is not shaped. `edges` are the grapheme boundaries of
    /// `text[range]`, from its start; of each cluster at most `maximumShapedCodePointsPerCluster`
    /// code points are shaped (then without context). Glyph clusters are UTF-16 offsets from
    /// the range's start.
    func shape(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, edges: UnsafeBufferPointer<Int32>, run: ShapingRun) {
        hb_buffer_clear_contents(buffer)
        let limit = Self.maximumShapedCodePointsPerCluster
        var longest = 0
        for index in 1..<max(1, edges.count) { longest = max(longest, Int(edges[index] - edges[index - 1])) }
        var shift = UInt32(range.lowerBound)
        if longest <= limit {
            hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        } else {
            shift = 0
            hb_buffer_set_content_type(buffer, HB_BUFFER_CONTENT_TYPE_UNICODE)
            for index in 1..<edges.count {
                var offset = Int(edges[index - 1])
                var added = 0
                while offset < Int(edges[index]), added < limit {
                    let (codePoint, width) = codePointAt(text, range.lowerBound + offset)
                    hb_buffer_add(buffer, codePoint, UInt32(offset))
                    offset += width
                    added += 1
                }
            }
        }
        hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if run.script != HB_SCRIPT_COMMON { hb_buffer_set_script(buffer, run.script) }
        hb_buffer_set_language(buffer, run.language.value)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(run.font, buffer, nil, 0)
        if shift != 0 {
            var count: UInt32 = 0
            if let infos = hb_buffer_get_glyph_infos(buffer, &count) {
                for glyph in 0..<Int(count) { infos[glyph].cluster -= shift }
            }
        }
    }

    /// The glyphs of the last `shape`: ids, clusters (UTF-16 offsets), advances and offsets
    /// in font units, in visual order.
    func shapedGlyphs<Result>(_ body: (UnsafeBufferPointer<hb_glyph_info_t>, UnsafeBufferPointer<hb_glyph_position_t>) -> Result) -> Result {
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, nil)
        return body(UnsafeBufferPointer(start: infos, count: Int(count)), UnsafeBufferPointer(start: positions, count: Int(count)))
    }

    /// Spreads the last `shape` over `count` code units: each glyph's advance (in ems) goes to
    /// its cluster's first unit; flags mark cluster starts (1) and where HarfBuzz says a break
    /// would change the shaping (2).
    func collectAdvances(count: Int, face: FontFace) {
        unitAdvances.count = 0
        unitAdvances.append(repeating: 0, count: count)
        unitFlags.count = 0
        unitFlags.append(repeating: 0, count: count)
        let unitsPerEm = Double(face.unitsPerEm)
        let unsafe = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        shapedGlyphs { infos, positions in
            for glyph in infos.indices {
                let cluster = Int(infos[glyph].cluster)
                unitAdvances[cluster] += Double(positions[glyph].x_advance) / unitsPerEm
                unitFlags[cluster] |= infos[glyph].mask & unsafe != 0 ? 3 : 1
            }
        }
    }

    /// Measures `text[range]`, one chunk of `run`: returns its record in the store.
    func measureChunk(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, kind: UInt64, run: ShapingRun) -> ChunkStore.Record {
        let chunk = UnsafeBufferPointer(rebasing: text[range])
        let hash = ChunkStore.hash(chunk, kind: kind)
        if let record = store.find(chunk, kind: kind, hash: hash) { return record }

        graphemeEdges(chunk)
        let edgeCount = edgeScratch.count
        shape(chunk, 0..<chunk.count, edges: UnsafeBufferPointer(start: edgeScratch.base, count: edgeCount), run: run)
        collectAdvances(count: chunk.count, face: run.face)
        edgeAdvanceScratch.count = 0
        edgeAdvanceScratch.append(repeating: 0, count: edgeCount)
        edgeSafeScratch.count = 0
        edgeSafeScratch.append(repeating: 1, count: edgeCount)
        var running = 0.0
        var unit = 0
        for edgeIndex in 1..<edgeCount {
            let edge = Int(edgeScratch[edgeIndex])
            while unit < edge { running += unitAdvances[unit]; unit += 1 }
            edgeAdvanceScratch[edgeIndex] = running
            if edgeIndex < edgeCount - 1, unitFlags[edge] != 1 { edgeSafeScratch[edgeIndex] = 0 }
        }
        // A one-unit chunk's advance is kept as whole font units, read back as units / unitsPerEm:
        // only when that gives back this very Double, so a layout never depends on whether
        // the character was measured before.
        let units = (running * Double(run.face.unitsPerEm)).rounded()
        if chunk.count == 1, edgeCount == 2, abs(units) < Double(Int32.max), units / Double(run.face.unitsPerEm) == running {
            store.setSingleUnitAdvance(chunk[0], kind: kind, units: Int32(units))
        }
        return store.insert(text: chunk, kind: kind, hash: hash,
                            edges: UnsafeBufferPointer(start: edgeScratch.base, count: edgeCount),
                            advances: UnsafeBufferPointer(start: edgeAdvanceScratch.base, count: edgeCount),
                            safe: UnsafeBufferPointer(start: edgeSafeScratch.base, count: edgeCount))
    }

    /// The advance in ems of `text[range]` (inside one run) shaped alone, with the rest of its
    /// run as context: a piece of a line next to a cut where the run's own shaping cannot be
    /// reused.
    func pieceAdvance(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, run: ShapingRun) -> Double {
        graphemeEdges(UnsafeBufferPointer(rebasing: text[range]))
        shape(UnsafeBufferPointer(rebasing: text[run.start..<run.end]), (range.lowerBound - run.start)..<(range.upperBound - run.start),
              edges: UnsafeBufferPointer(start: edgeScratch.base, count: edgeScratch.count), run: run)
        let perUnit = 1 / Double(run.face.unitsPerEm)
        return shapedGlyphs { _, positions in positions.reduce(0.0) { $0 + Double($1.x_advance) * perUnit } }
    }

    /// Grapheme cluster boundaries of a text into `edgeScratch` (offsets, 0 and its length
    /// included), from ICU, with a shortcut for text where every code unit is a cluster of its
    /// own (printable ASCII, common CJK).
    func graphemeEdges(_ text: UnsafeBufferPointer<UInt16>) {
        edgeScratch.count = 0
        edgeScratch.append(0)
        guard !text.isEmpty else { return }
        let simple = text.allSatisfy { unit in
            (0x20...0x7E).contains(unit) || (0x4E00...0x9FFF).contains(unit) || (0x3000...0x3098).contains(unit)
                || (0xFF01...0xFF60).contains(unit)
        }
        if simple {
            for offset in 1...Int32(text.count) { edgeScratch.append(offset) }
            return
        }
        lc_break_set_text(characterIterator, text.baseAddress, Int32(text.count))
        while true {
            let boundary = lc_break_next(characterIterator)
            if boundary == Int32(LC_BREAK_DONE) { break }
            edgeScratch.append(boundary)
        }
        if edgeScratch[edgeScratch.count - 1] != Int32(text.count) { edgeScratch.append(Int32(text.count)) }
    }

    // MARK: Faces

    /// The face that draws a character: the first of the chain's faces that has it, else
    /// fontconfig's choice for it. Emoji-presentation characters (and any followed by U+FE0F)
    /// prefer a color emoji face.
    private func face(for codePoint: UInt32, emoji selectorFollows: Bool, chain: FontChain) -> FontFace {
        if codePoint < 0x10000, !selectorFollows {
            let characters = characterTable(for: chain)
            let cached = characters[Int(codePoint)] & 0xFFFF
            if cached != 0 { return facesByID[Int(cached) - 1]! }
            let face = lookUpFace(for: codePoint, emoji: false, chain: chain)
            characters[Int(codePoint)] |= UInt64(face.id + 1)
            return face
        }
        let key = CoverageKey(chain: chain.id, codePoint: codePoint, emoji: selectorFollows)
        if let face = otherCoverage[key] { return face }
        let face = lookUpFace(for: codePoint, emoji: selectorFollows, chain: chain)
        otherCoverage[key] = face
        return face
    }

    /// A chain's table of BMP characters: the face id + 1 that draws each (bits 0–15, 0 = not
    /// yet looked up), its script and flags (16–31, `lookUpCharacterInfo`), and its boundary
    /// code in that face (32–47, `BoundaryClasses`). One entry, one cache line, per character.
    func characterTable(for chain: FontChain) -> UnsafeMutablePointer<UInt64> {
        if chain.id < characterTables.count, let table = characterTables[chain.id] { return table }
        while characterTables.count <= chain.id { characterTables.append(nil) }
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: 0x10000)
        table.initialize(repeating: 0, count: 0x10000)
        characterTables[chain.id] = table
        return table
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
    @inline(__always)
    fileprivate func followsPreviousCharacter(_ codePoint: UInt32) -> Bool {
        switch codePoint {
        case 0..<0x300, 0x3040...0x3098, 0x309B...0x30FF, 0x3400...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF9D: return false
        default: return isAttachingMark(codePoint)
        }
    }

    private func isAttachingMark(_ codePoint: UInt32) -> Bool {
        switch codePoint {
        case 0x200C, 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF: return true
        default:
            let category = hb_unicode_general_category(unicodeFunctions, codePoint)
            return category == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK
                || category == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK
                || category == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
        }
    }

    // MARK: Boundary classes

    /// The boundary classes of a face's characters met by this workspace, and whether the
    /// face can be shaped in pieces at all.
    func boundaryClasses(of face: FontFace) -> BoundaryClasses {
        if face.id < boundaryClasses.count, let known = boundaryClasses[face.id] { return known }
        while boundaryClasses.count <= face.id { boundaryClasses.append(nil) }
        let classes = BoundaryClasses(face: face)
        boundaryClasses[face.id] = classes
        return classes
    }
}

/// A run of text: one face, one script, one bidi level, within one paragraph. Its face
/// belongs to the engine's font library, which outlives every layout: the run does not
/// retain it.
struct ShapingRun {
    var start: Int
    var end: Int
    unowned(unsafe) let face: FontFace
    let script: hb_script_t
    let level: UInt8
    /// The layout's language (its locale), which picks a font's language-specific forms.
    let language: TextLanguage
    /// The HarfBuzz font the run is shaped with (`LayoutWorkspace.shapingFont`), and the face
    /// id its chunks are kept under.
    let font: OpaquePointer
    let shapingID: Int
    /// Tracked as SF Pro: the system font's stand-in (`FontChain.trackedFace`).
    let isTracked: Bool

    var isRightToLeft: Bool { level & 1 == 1 }
}

/// The language text is shaped in: HarfBuzz's language for a locale, and a number for it
/// in this workspace's caches.
struct TextLanguage {
    let id: Int
    let value: hb_language_t?
}

/// A line-break opportunity: the offset after which a line may end.
struct LineBreak {
    var position: Int32
    /// A forced break (after `\n`, U+2028, …).
    var isMandatory: Bool
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

/// The code point ending at a UTF-16 offset and how many code units it takes.
@inline(__always)
func codePointBefore(_ text: UnsafeBufferPointer<UInt16>, _ index: Int) -> (codePoint: UInt32, width: Int) {
    let unit = text[index - 1]
    if unit & 0xFC00 == 0xDC00, index >= 2, text[index - 2] & 0xFC00 == 0xD800 {
        return codePointAt(text, index - 2)
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
