extension LayoutWorkspace {
    /// The last visible line with the truncation token put in (docs/layout-rules.md, rule 6).
    /// It shows as much of the rest of its paragraph as fits beside the token: the start
    /// (tail), the end (head) or both (middle). When the rest of the paragraph fits whole and only later paragraphs
    /// are hidden, the token goes at the end in every mode.
    func truncatedLine(_ lines: UnsafeBufferPointer<LineBox>, index: Int, shaped: ShapedText, text: UnsafeBufferPointer<UInt16>,
                       width available: Double, tokenWidth: Double, prepared: PreparedText,
                       setting: TextSetting, withText: Bool = true) -> PlacedLine {
        let definition = prepared.definition
        let line = lines[index]
        let first = line.startEdge
        let last = lines[index...].first { $0.endsParagraph }?.contentEdge ?? lines[lines.count - 1].contentEdge
        let budget = available - tokenWidth
        let range = shaped.offset(first)..<shaped.offset(last)
        let tokenText = definition.truncationToken

        /// The edges from..<to without white space at either end.
        func trimmed(_ from: Int, _ to: Int) -> Range<Int> {
            var low = from
            var high = to
            while high > low, shaped.has(high, ShapedText.hanging) { high -= 1 }
            while low < high, shaped.has(low + 1, ShapedText.hanging) { low += 1 }
            return low..<high
        }
        func width(_ edges: Range<Int>) -> Double {
            lineWidth(shaped, text, from: edges.lowerBound, to: edges.upperBound, setting: setting)
        }
        func fitsIn(_ edges: Range<Int>, _ limit: Double) -> Bool {
            edges.isEmpty || fits(shaped, text, from: edges.lowerBound, to: edges.upperBound, available: limit, setting: setting)
        }
        func string(_ edges: Range<Int>) -> String {
            withText ? lineText(prepared, shaped.offset(edges.lowerBound)..<shaped.offset(edges.upperBound)) : ""
        }
        func placed(_ before: Range<Int>, _ after: Range<Int>, _ shown: String) -> PlacedLine {
            PlacedLine(range: range, text: shown, width: width(before) + tokenWidth + width(after), endsParagraph: false,
                       before: before, after: after, hasToken: true)
        }

        let whole = trimmed(first, last)
        if fitsIn(whole, budget) {
            return placed(whole, last..<last, string(whole) + tokenText)
        }
        func longestPrefix(within limit: Double) -> Range<Int> {
            var best = trimmed(first, first)
            var end = first + 1
            while end <= last {
                let candidate = trimmed(first, end)
                if !fitsIn(candidate, limit) { break }
                best = candidate
                end += 1
            }
            return best
        }
        func longestSuffix(within limit: Double, notBefore floor: Int) -> Range<Int> {
            var best = trimmed(last, last)
            var start = last - 1
            while start >= floor {
                let candidate = trimmed(start, last)
                if !fitsIn(candidate, limit) { break }
                best = candidate
                start -= 1
            }
            return best
        }
        switch definition.lineBreakMode {
        case .truncateHead:
            let suffix = longestSuffix(within: budget, notBefore: first)
            return placed(first..<first, suffix, tokenText + string(suffix))
        case .truncateMiddle:
            let prefix = longestPrefix(within: budget / 2)
            let suffix = longestSuffix(within: budget - width(prefix), notBefore: prefix.upperBound)
            return placed(prefix, suffix, string(prefix) + tokenText + string(suffix))
        default:
            let prefix = longestPrefix(within: budget)
            return placed(prefix, last..<last, string(prefix) + tokenText)
        }
    }
}

extension LayoutWorkspace {
    /// The width in points of the truncation token shaped as a text of its own (0 for an
    /// empty token). The last token measured is remembered in ems (for its size too, when a
    /// face depends on the size).
    func measureToken(_ token: String, chain: FontChain, language: TextLanguage, setting: TextSetting) -> Double {
        if let known = lastToken, known.token == token, known.chain == chain.id, known.language == language.id,
           !known.dependsOnSize || known.size == setting.size {
            return setting.points(ems: known.ems, graphemes: known.graphemes, tracked: known.tracked)
        }
        let units = shapeToken(token, chain: chain, language: language, size: setting.size)
        let graphemes = shapedToken.edgeCount - 1
        let ems = units.withUnsafeBufferPointer { lineAdvance(shapedToken, $0, from: 0, to: graphemes) }
        let known = MeasuredToken(token: token, chain: chain.id, language: language.id, dependsOnSize: shapedToken.dependsOnSize,
                                  size: setting.size, ems: ems, graphemes: graphemes,
                                  tracked: shapedToken.trackedGraphemes(from: 0, to: graphemes))
        lastToken = known
        return setting.points(ems: ems, graphemes: graphemes, tracked: known.tracked)
    }

    /// Shapes the truncation token as a text of its own for a point size into `shapedToken`;
    /// returns its code units.
    @discardableResult
    func shapeToken(_ token: String, chain: FontChain, language: TextLanguage, size: Double) -> [UInt16] {
        let units = utf16Units(of: token)
        units.withUnsafeBufferPointer { text in
            shapeText(text, levels: nil, chain: chain, language: language, breaks: UnsafeBufferPointer(start: nil, count: 0),
                      size: size, into: &shapedToken)
        }
        return units
    }
}


/// The truncation token last measured by a workspace: its text, chain and language, the size
/// it was shaped for (which matters only when a face depends on the size), and its advance.
struct MeasuredToken {
    let token: String
    let chain: Int
    let language: Int
    let dependsOnSize: Bool
    let size: Double
    let ems: Double
    let graphemes: Int
    let tracked: Int
}
