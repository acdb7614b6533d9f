import LabelModel
/// A line as the breaker finds it, before truncation and placement.
struct LineBox {
    /// Edges (of the shaped text): the line's first grapheme boundary, the end of its last
    /// visible grapheme, and its end including hanging white space and a hard break.
    var startEdge: Int
    var contentEdge: Int
    var endEdge: Int
    /// Advance of startEdge..<contentEdge in points.
    var width: Double
    /// Ends with a mandatory break (`\n`, U+2028, …).
    var endsParagraph: Bool
    /// Ends between two graphemes of a word that did not fit a line of its own.
    var endsInsideWord: Bool
}

/// The facts at one point size that the breaking and truncation steps share: the size, the
/// letter spacing, and SF Pro's tracking at that size for the system font's stand-in.
struct TextSetting {
    let size: Double
    let letterSpacing: Double
    /// Points added after every grapheme of a tracked run (`SystemFont.tracking(atSize:)`).
    let tracking: Double

    init(size: Double, letterSpacing: Double, tracked: Bool) {
        self.size = size
        self.letterSpacing = letterSpacing
        tracking = tracked ? SystemFont.tracking(atSize: size) * size : 0
    }

    /// Points of a stretch of `graphemes` graphemes, `tracked` of them in tracked runs, that
    /// advances `ems`.
    @inline(__always)
    func points(ems: Double, graphemes: Int, tracked: Int) -> Double {
        ems * size + Double(graphemes) * letterSpacing + Double(tracked) * tracking
    }

    /// Points of edges `i` to `j` of a shaped text that advance `ems`.
    @inline(__always)
    func points(ems: Double, _ shaped: ShapedText, from i: Int, to j: Int) -> Double {
        points(ems: ems, graphemes: j - i, tracked: shaped.trackedGraphemes(from: i, to: j))
    }
}

extension LayoutWorkspace {
    /// Points from edge `i` to edge `j` as one line shows them (`lineAdvance`).
    func lineWidth(_ shaped: ShapedText, _ text: UnsafeBufferPointer<UInt16>, from i: Int, to j: Int,
                   setting: TextSetting) -> Double {
        setting.points(ems: lineAdvance(shaped, text, from: i, to: j), shaped, from: i, to: j)
    }

    /// True when edges `i` to `j` fit `available` points as one line. Where an end is not safe,
    /// the runs' own advance decides unless it is within one em of the limit; only then are
    /// the pieces at the ends re-shaped (so a cut costs at most a few shapings per line).
    func fits(_ shaped: ShapedText, _ text: UnsafeBufferPointer<UInt16>, from i: Int, to j: Int,
              available: Double, setting: TextSetting) -> Bool {
        let tolerance = 1e-6
        let estimate = setting.points(ems: shaped.runAdvance(from: i, to: j), shaped, from: i, to: j)
        if shaped.has(i, ShapedText.safe), shaped.has(j, ShapedText.safe) { return estimate <= available + tolerance }
        if estimate <= available - setting.size { return true }
        if estimate > available + setting.size { return false }
        return lineWidth(shaped, text, from: i, to: j, setting: setting) <= available + tolerance
    }

    /// Greedy line filling at `available` points (docs/layout-rules.md): each line takes the
    /// break opportunities while they fit; `charWrap` may break at any grapheme boundary; a
    /// word wider than a line breaks at the last grapheme boundary that fits. Trailing white
    /// space hangs. Then `strategy` refines the lines of word-breaking modes. With
    /// `maximumLines`, breaking stops once it has found one line more than that (enough to
    /// know the text needs more), unrefined.
    func breakLines(_ shaped: ShapedText, _ text: UnsafeBufferPointer<UInt16>, width available: Double,
                    mode: LineBreakMode, strategy: LineBreakStrategy, setting: TextSetting,
                    maximumLines: Int = .max) -> UnsafeBufferPointer<LineBox> {
        lineBuffer.count = 0
        let last = shaped.edgeCount - 1
        guard last > 0 else { return UnsafeBufferPointer(start: lineBuffer.base, count: 0) }
        let breaksAnywhere = mode == .charWrap
        let keepsHangulWords = !breaksAnywhere && strategy.keepsHangulWords
        // Edges where a line may end: every edge in charWrap, else the break opportunities
        // (with hangulWordPriority, not between two Hangul characters); always the text's end
        // and paragraph ends.
        let flags = shaped.flags
        @inline(__always)
        func isCandidate(_ edge: Int) -> Bool {
            if edge == last || breaksAnywhere { return true }
            let edgeFlags = flags[edge]
            guard edgeFlags & (ShapedText.breakable | ShapedText.mandatory) != 0 else { return false }
            return !keepsHangulWords || edgeFlags & (ShapedText.mandatory | ShapedText.betweenHangul) != ShapedText.betweenHangul
        }

        var start = 0
        var lastFit = -1
        var edge = 1
        while edge <= last, lineBuffer.count <= maximumLines {
            guard isCandidate(edge) else { edge += 1; continue }
            let content = shaped.contentEdge(from: start, to: edge)
            if content == start || fits(shaped, text, from: start, to: content, available: available, setting: setting) {
                if edge == last || flags[edge] & ShapedText.mandatory != 0 {
                    appendLine(shaped, text, start, edge, insideWord: false, setting: setting)
                    start = edge
                    lastFit = -1
                } else {
                    lastFit = edge
                }
                edge += 1
                continue
            }
            if lastFit >= 0 {
                appendLine(shaped, text, start, lastFit, insideWord: false, setting: setting)
                start = lastFit
                lastFit = -1
                continue
            }
            // Not even the first word fits an empty line: break it between graphemes, after
            // the last that fits (at least one, which then overflows).
            var split = start + 1
            while split < content, fits(shaped, text, from: start, to: split + 1, available: available, setting: setting) {
                split += 1
            }
            if split == content {
                // The word's last grapheme, alone and too wide: the line ends where the word does.
                appendLine(shaped, text, start, edge, insideWord: false, setting: setting)
                start = edge
                edge += 1
                continue
            }
            appendLine(shaped, text, start, split, insideWord: true, setting: setting)
            start = split
        }
        if edge <= last { return UnsafeBufferPointer(start: lineBuffer.base, count: lineBuffer.count) }
        if !breaksAnywhere, strategy.pushesOut, lineBuffer.count > 1 {
            pushOut(shaped, text, available: available, setting: setting, isCandidate: isCandidate)
        }
        return UnsafeBufferPointer(start: lineBuffer.base, count: lineBuffer.count)
    }

    private func appendLine(_ shaped: ShapedText, _ text: UnsafeBufferPointer<UInt16>, _ start: Int, _ end: Int,
                            insideWord: Bool, setting: TextSetting) {
        let content = shaped.contentEdge(from: start, to: end)
        lineBuffer.append(LineBox(startEdge: start, contentEdge: content, endEdge: end,
                                  width: lineWidth(shaped, text, from: start, to: content, setting: setting),
                                  endsParagraph: shaped.has(end, ShapedText.mandatory), endsInsideWord: insideWord))
    }

    /// pushOut: when the last line of a paragraph of two or more lines holds a single word
    /// (no break opportunity inside its visible text), the last word of the line above moves
    /// down to it, if the two then fit one line and the line above keeps some text.
    private func pushOut(_ shaped: ShapedText, _ text: UnsafeBufferPointer<UInt16>, available: Double,
                         setting: TextSetting, isCandidate: (Int) -> Bool) {
        var index = 1
        while index < lineBuffer.count {
            let lineEndsParagraph = lineBuffer[index].endsParagraph || index == lineBuffer.count - 1
            let previousEndsParagraph = lineBuffer[index - 1].endsParagraph
            defer { index += 1 }
            guard lineEndsParagraph, !previousEndsParagraph, !lineBuffer[index - 1].endsInsideWord else { continue }
            let line = lineBuffer[index]
            let above = lineBuffer[index - 1]
            guard line.contentEdge > line.startEdge,
                  !(line.startEdge + 1..<line.contentEdge).contains(where: isCandidate) else { continue }
            // The last break opportunity of the line above that leaves it some visible text.
            guard let moved = (above.startEdge + 1..<above.endEdge).reversed().first(where: {
                isCandidate($0) && shaped.contentEdge(from: above.startEdge, to: $0) > above.startEdge
            }) else { continue }
            let content = shaped.contentEdge(from: moved, to: line.endEdge)
            guard fits(shaped, text, from: moved, to: content, available: available, setting: setting) else { continue }
            let aboveContent = shaped.contentEdge(from: above.startEdge, to: moved)
            lineBuffer[index - 1].endEdge = moved
            lineBuffer[index - 1].contentEdge = aboveContent
            lineBuffer[index - 1].width = lineWidth(shaped, text, from: above.startEdge, to: aboveContent, setting: setting)
            lineBuffer[index].startEdge = moved
            lineBuffer[index].contentEdge = content
            lineBuffer[index].width = lineWidth(shaped, text, from: moved, to: content, setting: setting)
        }
    }

    /// True when the characters on both sides of `offset` are Hangul (hangulWordPriority
    /// keeps them on one line).
    @inline(__always)
    func isBetweenHangul(_ text: UnsafeBufferPointer<UInt16>, _ offset: Int) -> Bool {
        guard offset > 0, offset < text.count, text[offset] >= 0x1100, text[offset - 1] >= 0x1100 else { return false }
        return isHangul(codePointBefore(text, offset).codePoint) && isHangul(codePointAt(text, offset).codePoint)
    }

    private func isHangul(_ codePoint: UInt32) -> Bool {
        switch codePoint {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xD7B0...0xD7FF, 0xFFA0...0xFFDC: return true
        default: return false
        }
    }
}
