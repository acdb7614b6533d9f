import CHarfBuzz

/// A text shaped for layout, as CoreText shapes it: run by run (one face, script, bidi level,
/// paragraph), each run whole. What layout needs of it is kept per grapheme boundary
/// ("edge"): the advance from the text's start, whether a line may end or start there as the
/// run is shaped, and whether it is a line-break opportunity.
///
/// A run is measured as *chunks* that shape alone exactly as inside the run
/// (docs/layout-rules.md): where nothing in the font reaches across a break opportunity, the
/// pieces on either side are cached words or characters; where only pair kerning does, the
/// kerning is measured once and kept at the boundary (`kerning(at:)`); anywhere else the pieces
/// are shaped together. The buffers belong to the workspace and are refilled per layout.
struct ShapedText {
    /// UTF-16 offset of each edge; the first is 0, the last the text's length.
    var offsets = RawBuffer<Int32>()
    /// Ems from the text's start to each edge, kerning at boundaries included.
    var advances = RawBuffer<Double>()
    var flags = RawBuffer<UInt8>()
    /// Pair kerning (ems) between the graphemes on either side of an edge where chunks meet,
    /// for the edges flagged `kerned`, in edge order.
    var kernedEdges = RawBuffer<KernedEdge>()
    /// Graphemes of runs tracked as SF Pro from the text's start to each edge (kept only when
    /// `hasTracking`).
    var trackedCounts = RawBuffer<Int32>()
    var runs: [ShapingRun] = []
    /// True when the chain tracks a face as SF Pro (`FontChain.trackedFace`).
    var hasTracking = false
    /// True when a run's face depends on the point size: the text is then shaped for `size`.
    var dependsOnSize = false
    /// The point size the text was shaped for.
    var size = 0.0

    /// A line may end or start here without re-shaping anything.
    static let safe: UInt8 = 1
    /// A line-break opportunity (UAX #14).
    static let breakable: UInt8 = 2
    /// A forced break: the end of a paragraph.
    static let mandatory: UInt8 = 4
    /// The grapheme ending here is white space that hangs at a line's end.
    static let hanging: UInt8 = 8
    /// A chunk starts here.
    static let chunkStart: UInt8 = 16
    /// Pair kerning applies across this edge (`kerning(at:)`).
    static let kerned: UInt8 = 32
    /// A break opportunity between two Hangul characters (none under hangulWordPriority).
    static let betweenHangul: UInt8 = 64

    struct KernedEdge {
        var edge: Int32
        var kerning: Double
    }

    var edgeCount: Int { offsets.count }

    @inline(__always)
    func offset(_ edge: Int) -> Int { Int(offsets[edge]) }

    @inline(__always)
    func has(_ edge: Int, _ flag: UInt8) -> Bool { flags[edge] & flag != 0 }

    /// The pair kerning (ems) across an edge; 0 where chunks do not meet or nothing kerns.
    @inline(__always)
    func kerning(at edge: Int) -> Double {
        has(edge, Self.kerned) ? kernedEdge(edge) : 0
    }

    private func kernedEdge(_ edge: Int) -> Double {
        var low = 0
        var high = kernedEdges.count
        while low < high {
            let middle = (low + high) / 2
            if Int(kernedEdges[middle].edge) < edge { low = middle + 1 } else { high = middle }
        }
        return kernedEdges[low].kerning
    }

    /// Graphemes of tracked runs between edges `i` and `j`.
    @inline(__always)
    func trackedGraphemes(from i: Int, to j: Int) -> Int {
        hasTracking ? Int(trackedCounts[j] - trackedCounts[i]) : 0
    }

    /// The run of the grapheme that ends at an edge (> 0).
    func run(endingAt edge: Int) -> ShapingRun {
        let offset = self.offset(edge) - 1
        var low = 0
        var high = runs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if runs[middle].start <= offset { low = middle } else { high = middle - 1 }
        }
        return runs[low]
    }

    mutating func removeAll() {
        offsets.count = 0
        advances.count = 0
        flags.count = 0
        kernedEdges.count = 0
        trackedCounts.count = 0
        runs.removeAll(keepingCapacity: true)
        dependsOnSize = false
    }

    mutating func reserve(_ edges: Int) {
        offsets.reserve(edges)
        advances.reserve(edges)
        flags.reserve(edges)
        if hasTracking { trackedCounts.reserve(edges) }
    }

    /// Appends an edge; `reserve` must have made room for it. `tracked`: the grapheme ending
    /// here belongs to a tracked run.
    @inline(__always)
    mutating func append(offset: Int, advance: Double, flags edgeFlags: UInt8, tracked: Bool = false) {
        offsets.appendReserved(Int32(offset))
        advances.appendReserved(advance)
        flags.appendReserved(edgeFlags)
        if hasTracking {
            trackedCounts.appendReserved((trackedCounts.count > 0 ? trackedCounts[trackedCounts.count - 1] : 0) + (tracked ? 1 : 0))
        }
    }

    func deallocate() {
        offsets.deallocate()
        advances.deallocate()
        flags.deallocate()
        kernedEdges.deallocate()
        trackedCounts.deallocate()
    }

    /// The last edge at or after `start` and at or before `end` that is not preceded by
    /// hanging white space: where a line from `start` to `end` stops showing.
    func contentEdge(from start: Int, to end: Int) -> Int {
        var edge = end
        while edge > start, has(edge, Self.hanging) { edge -= 1 }
        return edge
    }

    /// Ems from edge `i` to edge `j` read off the runs' own shaping, with no kerning across `j`:
    /// the width of that stretch as a line when both ends are safe, and close to it otherwise.
    @inline(__always)
    func runAdvance(from i: Int, to j: Int) -> Double {
        advances[j] - advances[i] - kerning(at: j)
    }
}

extension LayoutWorkspace {
    /// Shapes `text` into `target` for a point size: paragraphs (ended by the mandatory breaks
    /// in `breaks`), runs, chunks, and the edges with their advances and flags. The advances are
    /// in ems; they serve every size unless a face depends on the size (`FontFace.dependsOnSize`),
    /// which `target.dependsOnSize` then tells.
    func shapeText(_ text: UnsafeBufferPointer<UInt16>, levels: UnsafeBufferPointer<UInt8>?, chain: FontChain,
                   language: TextLanguage, breaks: UnsafeBufferPointer<LineBreak>, size: Double,
                   into target: inout ShapedText) {
        target.removeAll()
        target.hasTracking = chain.trackedFace != nil
        target.size = size
        target.reserve(text.count + 1)
        shapedPieces.removeAll(keepingCapacity: true)
        target.append(offset: 0, advance: 0, flags: ShapedText.safe)
        guard !text.isEmpty else { return }
        var running = 0.0
        var nextBreak = 0
        var paragraphStart = 0
        while paragraphStart < text.count {
            var paragraphEnd = text.count
            for index in nextBreak..<breaks.count where breaks[index].isMandatory && Int(breaks[index].position) > paragraphStart {
                paragraphEnd = Int(breaks[index].position)
                break
            }
            let paragraph = UnsafeBufferPointer(rebasing: text[paragraphStart..<paragraphEnd])
            let paragraphLevels = levels.map { UnsafeBufferPointer(rebasing: $0[paragraphStart..<paragraphEnd]) }
            itemize(paragraph, levels: paragraphLevels, chain: chain) { range, face, script, level in
                let (font, shapingID) = shapingFont(for: face, size: size)
                let run = ShapingRun(start: paragraphStart + range.lowerBound, end: paragraphStart + range.upperBound,
                                     face: face, script: script, level: level, language: language,
                                     font: font, shapingID: shapingID, isTracked: chain.tracks(face))
                if face.dependsOnSize { target.dependsOnSize = true }
                target.runs.append(run)
                while nextBreak < breaks.count, Int(breaks[nextBreak].position) <= run.start { nextBreak += 1 }
                var insideEnd = nextBreak
                while insideEnd < breaks.count, Int(breaks[insideEnd].position) < run.end { insideEnd += 1 }
                let inside = UnsafeBufferPointer(rebasing: breaks[nextBreak..<insideEnd])
                appendChunks(of: run, text: text, breaks: inside, into: &target, running: &running)
            }
            paragraphStart = paragraphEnd
        }

        // Break opportunities and hanging white space.
        var edge = 1
        for lineBreak in breaks {
            let position = Int(lineBreak.position)
            while edge < target.edgeCount, target.offset(edge) < position { edge += 1 }
            guard edge < target.edgeCount, target.offset(edge) == position else { continue }
            target.flags[edge] |= ShapedText.breakable | (lineBreak.isMandatory ? ShapedText.mandatory : 0)
                | (isBetweenHangul(text, position) ? ShapedText.betweenHangul : 0)
        }
        for edge in 1..<target.edgeCount where isHangingWhitespace(text[target.offset(edge) - 1]) {
            target.flags[edge] |= ShapedText.hanging
        }
    }

    /// The boundaries inside a run where it is cut into chunks, and the chunks' edges.
    private func appendChunks(of run: ShapingRun, text: UnsafeBufferPointer<UInt16>,
                              breaks: UnsafeBufferPointer<LineBreak>, into target: inout ShapedText, running: inout Double) {
        // Boundaries: (offset, kerning); nil kerning = not a boundary (the pieces merge).
        var cuts = cutScratch
        cuts.count = 0
        defer { cutScratch = cuts }
        if !breaks.isEmpty, !run.isRightToLeft, Self.usesDefaultShaper(run.script) {
            let classes = boundaryClasses(of: run.face)
            guard classes.canShapeInPieces else {
                appendChunk(run.start..<run.end, kind: ChunkStore.kind(face: run.shapingID, script: run.script.rawValue,
                                                                       language: run.language.id, rightToLeft: run.isRightToLeft),
                            kerning: 0, run: run, text: text, into: &target, running: &running)
                return
            }
            cuts.reserve(breaks.count)
            for lineBreak in breaks {
                let offset = Int(lineBreak.position)
                cuts.append(Cut(offset: offset, kind: classes.boundary(text, at: offset, characters: characters!), kerning: 0))
            }
            // Price pair boundaries from the right, so the piece to the right of each is final.
            var rightEnd = run.end
            for index in (0..<cuts.count).reversed() {
                if cuts[index].kind == .pair {
                    let left = cuts[index].offset - codePointBefore(text, cuts[index].offset).width
                    if let kerning = pairKerning(text, left: left..<cuts[index].offset, right: cuts[index].offset..<rightEnd, run: run) {
                        cuts[index].kerning = kerning
                    } else {
                        cuts[index].kind = .merge
                    }
                }
                if cuts[index].kind != .merge { rightEnd = cuts[index].offset }
            }
        }
        let kind = ChunkStore.kind(face: run.shapingID, script: run.script.rawValue, language: run.language.id,
                                   rightToLeft: run.isRightToLeft)
        var chunkStart = run.start
        var kerning = 0.0
        for index in 0..<cuts.count where cuts[index].kind != .merge {
            let cut = cuts[index]
            appendChunk(chunkStart..<cut.offset, kind: kind, kerning: kerning, run: run, text: text, into: &target, running: &running)
            chunkStart = cut.offset
            kerning = cut.kerning
        }
        appendChunk(chunkStart..<run.end, kind: kind, kerning: kerning, run: run, text: text, into: &target, running: &running)
    }

    @inline(__always)
    private func appendChunk(_ range: Range<Int>, kind: UInt64, kerning: Double, run: ShapingRun,
                             text: UnsafeBufferPointer<UInt16>, into target: inout ShapedText, running: inout Double) {
        let first = target.edgeCount - 1
        if kerning != 0 {
            target.advances[first] += kerning
            target.flags[first] |= ShapedText.kerned
            target.kernedEdges.append(ShapedText.KernedEdge(edge: Int32(first), kerning: kerning))
            running += kerning
        }
        target.flags[first] |= ShapedText.chunkStart
        // A one-unit chunk (an ideograph, a letter): its advance alone, without the store's entry.
        if range.count == 1, let units = store.singleUnitAdvance(text[range.lowerBound], kind: kind) {
            running += Double(units) / Double(run.face.unitsPerEm)
            target.append(offset: range.upperBound, advance: running, flags: ShapedText.safe, tracked: run.isTracked)
            return
        }
        let record = measureChunk(text, range, kind: kind, run: run) // may move the store's buffers: read them after
        let edgeCount = store.edgeCount(record)
        let offsets = store.edgeOffsets(record)
        let advances = store.advances(record)
        let safe = store.edgeSafe(record)
        for edge in 1..<edgeCount {
            target.append(offset: range.lowerBound + Int(offsets[edge]), advance: running + advances[edge],
                          flags: safe[edge] != 0 ? ShapedText.safe : 0, tracked: run.isTracked)
        }
        running += advances[edgeCount - 1]
    }

    /// Scripts HarfBuzz shapes with its default shaper, which uses no context outside the
    /// text it is given: only their runs are cut into chunks.
    static func usesDefaultShaper(_ script: hb_script_t) -> Bool {
        switch script {
        case HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED, HB_SCRIPT_LATIN, HB_SCRIPT_GREEK, HB_SCRIPT_CYRILLIC,
             HB_SCRIPT_ARMENIAN, HB_SCRIPT_GEORGIAN, HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA,
             HB_SCRIPT_BOPOMOFO:
            return true
        default:
            return false
        }
    }

    /// The kerning (ems) a pair lookup puts between the character `text[left]` and the piece
    /// `text[right]`: shaped together, they must give the glyphs of each shaped alone, with
    /// only the left character's last glyph advancing differently. Nil when anything else
    /// differs: then the two are shaped together.
    private func pairKerning(_ text: UnsafeBufferPointer<UInt16>, left: Range<Int>, right: Range<Int>, run: ShapingRun) -> Double? {
        let units = Array(text[left]) + Array(text[right])
        let key = PairKey(face: run.shapingID, script: run.script.rawValue, language: run.language.id, units: units,
                          leftCount: left.count)
        if let known = pairKernings[key] { return known }
        let measured = units.withUnsafeBufferPointer { both -> Double? in
            let together = glyphs(of: both, 0..<both.count, run: run)
            let alone = glyphs(of: both, 0..<left.count, run: run, context: false)
            let rightAlone = glyphs(of: both, left.count..<both.count, run: run, context: false)
            guard together.count == alone.count + rightAlone.count, !alone.isEmpty else { return nil }
            for (index, glyph) in rightAlone.enumerated() {
                var shifted = glyph
                shifted.cluster += UInt32(left.count)
                guard together[alone.count + index] == shifted else { return nil }
            }
            for (index, glyph) in alone.enumerated() {
                var matched = glyph
                if index == alone.count - 1 { matched.advance = together[index].advance }
                guard together[index] == matched else { return nil }
            }
            return Double(together[alone.count - 1].advance - alone[alone.count - 1].advance) / Double(run.face.unitsPerEm)
        }
        pairKernings[key] = measured
        return measured
    }

    /// The glyphs of `text[range]` shaped with a run's face, script, direction and language,
    /// the rest of `text` as context (or none); clusters from the range's start.
    func glyphs(of text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, run: ShapingRun, context: Bool = true) -> [ShapedGlyph] {
        let shaped = context ? text : UnsafeBufferPointer(rebasing: text[range])
        let item = context ? range : 0..<range.count
        graphemeEdges(UnsafeBufferPointer(rebasing: text[range]))
        shape(shaped, item, edges: UnsafeBufferPointer(start: edgeScratch.base, count: edgeScratch.count), run: run)
        return shapedGlyphs { infos, positions in
            infos.indices.map {
                ShapedGlyph(id: infos[$0].codepoint, cluster: infos[$0].cluster, advance: positions[$0].x_advance,
                            xOffset: positions[$0].x_offset, yOffset: positions[$0].y_offset)
            }
        }
    }

    /// Ems of the stretch between edges `i` and `j` as part of one line, exactly as it shows:
    /// the runs' own shaping between the first safe edge from `i` and the last safe edge
    /// before `j`, and the pieces outside those re-shaped alone (no kerning with a glyph of
    /// another line). Kerning at a chunk boundary counts when both its sides are in the stretch.
    func lineAdvance(_ shaped: ShapedText, _ text: UnsafeBufferPointer<UInt16>, from i: Int, to j: Int) -> Double {
        guard j > i else { return 0 }
        var safeStart = i
        while safeStart < j, !shaped.has(safeStart, ShapedText.safe) { safeStart += 1 }
        guard shaped.has(safeStart, ShapedText.safe) else { return piece(shaped, text, i, j) }
        var safeEnd = j
        while safeEnd > safeStart, !shaped.has(safeEnd, ShapedText.safe) { safeEnd -= 1 }
        // Kerning at an edge is in the advances from that edge on: it counts between
        // safeStart and safeEnd, at safeStart only when a piece precedes it, at j never.
        var ems = shaped.advances[safeEnd] - shaped.advances[safeStart]
        if safeStart > i { ems += shaped.kerning(at: safeStart) + piece(shaped, text, i, safeStart) }
        ems += safeEnd < j ? piece(shaped, text, safeEnd, j) : -shaped.kerning(at: j)
        return ems
    }

    /// Ems of the text between two edges of one run, shaped alone. Pieces are remembered until
    /// the next text is shaped: a line's candidate ends and its final width, and the lines of
    /// the same text at other sizes, often ask for the same ones.
    private func piece(_ shaped: ShapedText, _ text: UnsafeBufferPointer<UInt16>, _ i: Int, _ j: Int) -> Double {
        let key = PieceKey(base: text.baseAddress, start: Int32(shaped.offset(i)), end: Int32(shaped.offset(j)))
        if let known = shapedPieces[key] { return known }
        let ems = pieceAdvance(text, Int(key.start)..<Int(key.end), run: shaped.run(endingAt: j))
        shapedPieces[key] = ems
        return ems
    }
}

/// A break opportunity inside a run as a chunk boundary: what it is, and the pair kerning
/// across it.
struct Cut {
    var offset: Int
    var kind: JoinKind
    var kerning: Double
}

/// One glyph as HarfBuzz places it, in font units.
struct ShapedGlyph: Equatable {
    var id: UInt32
    var cluster: UInt32
    var advance: Int32
    var xOffset: Int32
    var yOffset: Int32
}
