import CICU

/// A line as the breaker finds it, before truncation and placement.
struct LineBox {
    /// UTF-16 offsets: the line's first unit, the end of its last visible grapheme, and its
    /// end including hanging white space and a hard break.
    var start: Int
    var contentEnd: Int
    var end: Int
    /// Advance of start..<contentEnd in points.
    var width: Double
    /// Ends with a mandatory break (`\n`, U+2028, …).
    var endsParagraph: Bool
}

/// One line-break segment of a label's text and where its measurement is in the store.
struct Segment {
    var start: Int
    var end: Int
    var endsParagraph: Bool
    /// The measurement's first edge in the store's arrays, its number of edges (grapheme
    /// boundaries, both ends included) and the edge where trailing white space begins.
    var edgeStart: Int
    var edgeCount: Int
    var contentEdge: Int

    init(start: Int, end: Int, endsParagraph: Bool, entry: SegmentStore.Entry) {
        self.start = start
        self.end = end
        self.endsParagraph = endsParagraph
        edgeStart = Int(entry.edgeStart)
        edgeCount = Int(entry.edgeCount)
        contentEdge = Int(entry.contentEdge)
    }

    var lastEdge: Int { edgeCount - 1 }
}

/// The per-label facts the breaking and truncation steps share: the size and letter spacing,
/// and the store's measurements (valid until the store changes: make it after measuring).
struct TextSetting {
    let size: Double
    let letterSpacing: Double
    let edgeOffsets: UnsafeMutablePointer<Int32>
    let edgeAdvances: UnsafeMutablePointer<Double>

    init(size: Double, letterSpacing: Double, store: SegmentStore) {
        self.size = size
        self.letterSpacing = letterSpacing
        edgeOffsets = store.edgeOffsets.base
        edgeAdvances = store.edgeAdvances.base
    }

    /// Points from a segment's start to its edge `edge`.
    @inline(__always)
    func offset(_ segment: Segment, _ edge: Int) -> Double {
        edgeAdvances[segment.edgeStart + edge] * size + Double(edge) * letterSpacing
    }

    /// The UTF-16 offset in the text of a segment's edge.
    @inline(__always)
    func position(_ segment: Segment, _ edge: Int) -> Int {
        segment.start + Int(edgeOffsets[segment.edgeStart + edge])
    }
}

extension LayoutWorkspace {
    /// Splits text into line-break segments (UAX #14 with the locale's tailoring) and measures each.
    func segments(_ text: UnsafeBufferPointer<UInt16>, locale: String, levels: UnsafeBufferPointer<UInt8>?,
                  chain: FontChain) throws(LayoutError) -> UnsafeBufferPointer<Segment> {
        segmentBuffer.count = 0
        guard !text.isEmpty else { return UnsafeBufferPointer(start: segmentBuffer.base, count: 0) }
        let iterator = try lineIterator(locale: locale)
        lc_break_set_text(iterator, text.baseAddress, Int32(text.count))
        var start = 0
        while true {
            let boundary = Int(lc_break_next(iterator))
            if boundary == Int(LC_BREAK_DONE) || boundary <= start { break }
            let hard = lc_break_is_hard(iterator) != 0 && isLineSeparator(text[boundary - 1])
            let entry = measure(text, start..<boundary, levels: levels, chain: chain)
            segmentBuffer.append(Segment(start: start, end: boundary, endsParagraph: hard, entry: store.entries[entry]))
            start = boundary
        }
        return UnsafeBufferPointer(start: segmentBuffer.base, count: segmentBuffer.count)
    }

    /// Greedy line filling at `width` points (SPEC §2.3): whole segments while they fit;
    /// `charWrap` splits a segment at the last grapheme that fits; other modes move it to the
    /// next line and split only a segment wider than a whole line. Trailing white space hangs.
    func breakLines(_ segments: UnsafeBufferPointer<Segment>, width available: Double, mode: LineBreakMode,
                    setting: TextSetting, textLength: Int) -> UnsafeBufferPointer<LineBox> {
        let tolerance = 1e-6
        lineBuffer.count = 0
        var line = LineBox(start: 0, contentEnd: 0, end: 0, width: 0, endsParagraph: false)
        var lineAdvance = 0.0 // including hanging white space so far
        var lineIsEmpty = true

        func finishLine(at end: Int, endsParagraph: Bool) {
            line.end = end
            line.endsParagraph = endsParagraph
            lineBuffer.append(line)
            line = LineBox(start: end, contentEnd: end, end: end, width: 0, endsParagraph: false)
            lineAdvance = 0
            lineIsEmpty = true
        }

        for segment in segments {
            let contentEdge = segment.contentEdge
            var from = 0
            while true {
                let origin = setting.offset(segment, from)
                let contentAdvance = setting.offset(segment, contentEdge) - origin
                if lineAdvance + contentAdvance <= available + tolerance || contentEdge <= from {
                    if contentEdge > from {
                        line.width = lineAdvance + contentAdvance
                        line.contentEnd = setting.position(segment, contentEdge)
                    }
                    lineAdvance += setting.offset(segment, segment.lastEdge) - origin
                    lineIsEmpty = false
                    if segment.endsParagraph { finishLine(at: segment.end, endsParagraph: true) }
                    break
                }
                if mode != .charWrap, !lineIsEmpty {
                    finishLine(at: setting.position(segment, from), endsParagraph: false)
                    continue
                }
                // Split inside the segment at the last grapheme boundary that fits.
                var split = from
                while split < contentEdge,
                      lineAdvance + setting.offset(segment, split + 1) - origin <= available + tolerance {
                    split += 1
                }
                if split == from {
                    if !lineIsEmpty {
                        finishLine(at: setting.position(segment, from), endsParagraph: false)
                        continue
                    }
                    split = from + 1 // not even one grapheme fits an empty line: it overflows
                }
                line.width = lineAdvance + setting.offset(segment, split) - origin
                line.contentEnd = setting.position(segment, split)
                lineIsEmpty = false
                if split >= contentEdge {
                    finishLine(at: segment.end, endsParagraph: segment.endsParagraph)
                    break
                }
                finishLine(at: setting.position(segment, split), endsParagraph: false)
                from = split
            }
        }
        if !lineIsEmpty { finishLine(at: textLength, endsParagraph: false) }
        return UnsafeBufferPointer(start: lineBuffer.base, count: lineBuffer.count)
    }
}

/// Grapheme boundaries of a stretch of text with their x offsets from its start, built from
/// the segments' measurements: what truncation needs to cut at any grapheme.
struct GraphemeRuler {
    /// UTF-16 offsets of boundaries, ascending, first = the stretch's start.
    var offsets: [Int] = []
    /// x of each boundary in points.
    var positions: [Double] = []
    /// Whether the grapheme ending at each boundary is white space (index 0 unused).
    var endsWithSpace: [Bool] = []

    init(segments: UnsafeBufferPointer<Segment>, from start: Int, to end: Int, setting: TextSetting,
         text: UnsafeBufferPointer<UInt16>) {
        offsets.append(start)
        positions.append(0)
        endsWithSpace.append(false)
        var x = 0.0
        for segment in segments where segment.end > start && segment.start < end {
            var previous: Int?
            for index in 0..<segment.edgeCount {
                let offset = setting.position(segment, index)
                defer { previous = index }
                guard offset > start, offset <= end, let previous else { continue }
                x += setting.offset(segment, index) - setting.offset(segment, previous)
                offsets.append(offset)
                positions.append(x)
                endsWithSpace.append(isHangingWhitespace(text[offset - 1]))
            }
        }
    }

    var count: Int { offsets.count }

    /// Width from boundary `from` to boundary `to`, leaving out white space at either end.
    func trimmedWidth(from: Int, to: Int) -> (width: Double, from: Int, to: Int) {
        var low = from
        var high = to
        while high > low, endsWithSpace[high] { high -= 1 }
        while low < high, endsWithSpace[low + 1] { low += 1 }
        return (positions[high] - positions[low], low, high)
    }
}
