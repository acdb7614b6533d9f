import LabelModel
/// A label's text ready to be laid out at any size: the definition, which of its texts, its
/// fonts and language. The text's UTF-16, line-break opportunities and bidi levels are in the
/// workspace (`textBuffer`, `breakBuffer`, `bidi`); its shaping is made for a size by
/// `ensureShaped` and serves every size unless a face depends on the size. (A class: the
/// steps of a layout share it without copying the definition.)
final class PreparedText {
    let definition: LabelDefinition
    let key: TextKey
    let chain: FontChain
    let language: TextLanguage
    let bidi: BidiParagraphs
    /// The text shown (`LabelDefinition.displayedText`): a line that is the whole text shows it.
    let displayed: String
    /// Where its layouts' input hashes come from.
    let hash: PreparedHash

    init(definition: LabelDefinition, key: TextKey, chain: FontChain, language: TextLanguage, bidi: BidiParagraphs,
         displayed: String, hash: PreparedHash) {
        self.definition = definition
        self.key = key
        self.chain = chain
        self.language = language
        self.bidi = bidi
        self.displayed = displayed
        self.hash = hash
    }

    /// The input hash of its layout at `category`.
    func inputHash(at category: ContentSizeCategory) -> String {
        switch hash {
        case .fields(let fields): InputHash.finish(fields, category: category, chain: chain)
        case .known(let known): known
        }
    }
}

/// How a prepared text's layouts get their input hash.
enum PreparedHash {
    /// The hash of the definition's fields and the text, finished with each layout's category.
    case fields(StableHasher)
    /// The hash of its one layout, which the caller had (`LayoutEngine.inputHash`): the fields
    /// are not hashed again.
    case known(String)
}

/// The lines of a prepared text at one point size (in the workspace's `lineBuffer`) and how
/// many of them show.
struct Arrangement {
    let setting: TextSetting
    let metrics: FontMetrics
    let lineHeight: Double
    /// Lines the whole text needs (one more than the lines that fit, for a trial).
    let needed: Int
    /// `needed`, limited by `numberOfLines`.
    let limit: Int
    /// Lines shown: `limit`, limited by the lines whose height fits (at least one).
    let visible: Int
    /// Some text is hidden: lines beyond the visible ones (unless the last visible line is
    /// tightened to hold the rest), or, with `clip`, a line wider than the inner box.
    let hidesText: Bool
}

/// A visible line before it is placed: its range and text, and what it shows (edges of the
/// shaped text before and after the truncation token, if it has one).
struct PlacedLine {
    var range: Range<Int>
    var text: String
    var width: Double
    var endsParagraph: Bool
    var before: Range<Int>
    var after: Range<Int> = 0..<0
    var hasToken = false
    /// Points added after each grapheme (negative) to tighten the line into its width.
    var tightening = 0.0
}

/// Rounds up to the pixel grid of a screen scale, as UIKit does for text rect sizes.
/// A value within a millionth of a grid line stays on it, so 49.2 never becomes 49.6 by noise.
func roundUp(_ value: Double, scale: Int) -> Double {
    let scaled = value * Double(scale)
    return max(0, (scaled - 1e-6).rounded(.up)) / Double(scale)
}

extension LabelDefinition {
    /// Autoshrink applies: `adjustsFontSizeToFitWidth` with a `minimumScaleFactor` below 1, on
    /// a one-line label, or on a label of several lines in a truncating mode (UILabel shrinks
    /// several lines only when it truncates them).
    var shrinksToFit: Bool {
        adjustsFontSizeToFitWidth && minimumScaleFactor > 0 && minimumScaleFactor < 1
            && (numberOfLines == 1 || lineBreakMode.truncates)
    }

    /// Tightening applies: `allowsDefaultTighteningForTruncation` in a truncating mode.
    var tightensToFit: Bool { allowsDefaultTighteningForTruncation && lineBreakMode.truncates }
}

extension LayoutWorkspace {
    /// How much wider than its room a line may be and still be tightened into it instead of
    /// truncated: AppKit's documented `tighteningFactorForTruncation` default.
    static let tighteningFactor = 0.05

    var currentText: UnsafeBufferPointer<UInt16> { UnsafeBufferPointer(start: textBuffer.base, count: textBuffer.count) }

    /// Reads one of a definition's texts into the workspace: its UTF-16, bidi levels and
    /// line-break opportunities; shaping waits for a size (`ensureShaped`). With `hash` (the
    /// caller had its one layout's, or its style's words), the definition is not walked whole.
    func prepare(_ definition: LabelDefinition, text key: TextKey, hash: PreparedHash? = nil) throws(LayoutError) -> PreparedText {
        try definition.validateNumbers()
        let chain = try chain(for: definition.font)
        let displayed = definition.displayedText(locale: key.locale, variant: key.variant, formatter: ICUWorstCaseFormatter.shared)
        fillUTF16(displayed, into: &textBuffer, utf8Offsets: &utf8Offsets)
        trimStore()
        shapedSize = nil
        let text = currentText
        let bidi = BidiParagraphs(text)
        try findLineBreaks(text, locale: key.locale)
        return PreparedText(definition: definition, key: key, chain: chain, language: language(for: key.locale), bidi: bidi,
                            displayed: displayed, hash: hash ?? .fields(InputHash.fields(of: definition, text: key)))
    }

    /// The font library's chain of a font's families, the last one remembered: labels in a run
    /// mostly share a font, and this spares the library's lock and hashing.
    func chain(for font: FontSpec) throws(LayoutError) -> FontChain {
        if let last = lastChain, last.weight == font.weight, last.families == font.families { return last.chain }
        let chain = try fonts.chain(for: font)
        lastChain = (font.families, font.weight, chain)
        return chain
    }

    /// Shapes the prepared text for a point size, unless its shaping already serves that size
    /// (it serves every size when no face depends on the size).
    func ensureShaped(_ prepared: PreparedText, size: Double) {
        if let shapedSize, shapedSize == size || !shaped.dependsOnSize { return }
        let text = currentText
        let breaks = UnsafeBufferPointer(start: breakBuffer.base, count: breakBuffer.count)
        prepared.bidi.levels.withUnsafeBufferPointer { levels in
            shapeText(text, levels: prepared.bidi.isAllLeftToRight ? nil : levels, chain: prepared.chain,
                      language: prepared.language, breaks: breaks, size: size, into: &self.shaped)
        }
        shapedSize = size
    }

    /// Breaks the prepared text into lines at a point size in the inner box and counts what
    /// shows. A trial only asks whether text is hidden: it stops breaking once the lines that
    /// fit are exceeded.
    func arrange(_ prepared: PreparedText, size: Double, inner: Rect, trial: Bool = false) -> Arrangement {
        let definition = prepared.definition
        ensureShaped(prepared, size: size)
        let setting = TextSetting(size: size, letterSpacing: definition.letterSpacing, tracked: prepared.chain.trackedFace != nil)
        let metrics = prepared.chain.primary.metrics(size: size)
        let lineHeight = ResolvedFont.lineHeight(metrics, definition)
        let step = lineHeight + definition.lineSpacing
        // Counted in Double: a frame of "unlimited" height (1e300) fits every line.
        let fittingLines = step > 0 ? ((inner.height + definition.lineSpacing) / step + 1e-9).rounded(.down) : .infinity
        let numberLimit = definition.numberOfLines > 0 ? definition.numberOfLines : Int.max
        let capacity = max(1, fittingLines >= Double(numberLimit) ? numberLimit : Int(fittingLines))
        let lines = breakLines(shaped, currentText, width: inner.width, mode: definition.lineBreakMode,
                               strategy: definition.lineBreakStrategy, setting: setting,
                               maximumLines: trial ? capacity : .max)
        let needed = lines.count
        let limit = min(needed, numberLimit)
        let visible = needed == 0 ? 0 : min(limit, capacity)
        var hidden = visible < needed
        if hidden, definition.tightensToFit,
           tightenedRest(from: lines[visible - 1].startEdge, available: inner.width, setting: setting) != nil {
            hidden = false
        }
        if !hidden, definition.lineBreakMode == .clip,
           lines.prefix(visible).contains(where: { $0.width > inner.width + 1e-6 }) {
            hidden = true
        }
        return Arrangement(setting: setting, metrics: metrics, lineHeight: lineHeight, needed: needed, limit: limit,
                           visible: visible, hidesText: hidden)
    }

    /// The rest of the paragraph from edge `start` as one line tightened into `available`
    /// points — its letter spacing reduced evenly — when it is at most 5% wider than that and
    /// no text follows the paragraph: (its end edge, content edge, width, spacing added per
    /// grapheme). Nil when tightening cannot show the rest of the text.
    func tightenedRest(from start: Int, available: Double, setting: TextSetting)
        -> (end: Int, content: Int, width: Double, spacing: Double)? {
        let last = shaped.edgeCount - 1
        var end = start + 1
        while end < last, !shaped.has(end, ShapedText.mandatory) { end += 1 }
        guard end == last else { return nil }
        let content = shaped.contentEdge(from: start, to: end)
        guard content > start else { return nil }
        let width = lineWidth(shaped, currentText, from: start, to: content, setting: setting)
        guard width <= available * (1 + Self.tighteningFactor) + 1e-6 else { return nil }
        let graphemes = Double(content - start)
        let spacing = min(0, (available - width) / graphemes)
        return (end, content, width + spacing * graphemes, spacing)
    }

    /// Autoshrink: the largest size below `size`, on a grid of 1/1000 pt and no smaller than
    /// `size × minimumScaleFactor`, at which no text is hidden; `size × minimumScaleFactor` when
    /// there is none (the text is then truncated at that size). Bisection: every trial size
    /// reuses the text's shaping (in ems) unless a face depends on the size.
    func shrunkSize(_ prepared: PreparedText, from size: Double, inner: Rect) -> Double {
        let minimum = size * prepared.definition.minimumScaleFactor
        func fits(_ millipoints: Int) -> Bool {
            !arrange(prepared, size: Double(millipoints) / 1000, inner: inner, trial: true).hidesText
        }
        var low = Int((minimum * 1000).rounded(.up))
        var high = Int((size * 1000).rounded(.up)) - 1
        guard low <= high, fits(low) else { return minimum }
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(middle) { low = middle } else { high = middle - 1 }
        }
        return Double(low) / 1000
    }

    /// The layout and its visible lines as the breaker and truncation left them (what the
    /// glyphs are drawn from).
    func layoutLines(_ definition: LabelDefinition, text selected: TextKey, category: ContentSizeCategory,
                     hash: PreparedHash? = nil) throws(LayoutError) -> (layout: ComputedLayout, lines: [PlacedLine]) {
        layout(try prepare(definition, text: selected, hash: hash), category: category)
    }

    /// Lays out a prepared text at a content size category: at the font's size for the
    /// category, shrunk when autoshrink applies and text would be hidden.
    func layout(_ prepared: PreparedText, category: ContentSizeCategory) -> (layout: ComputedLayout, lines: [PlacedLine]) {
        let definition = prepared.definition
        let insets = definition.contentInsets
        let scale = definition.scale
        let size = definition.font.pointSize(in: category)
        // A self-sizing label has all the height its lines need; its bounds are set from them.
        var bounds = definition.bounds
        if definition.isSelfSizing { bounds.height = .greatestFiniteMagnitude }
        var inner = bounds.inset(by: insets)

        func textHeight(_ count: Int, _ arrangement: Arrangement) -> Double {
            count == 0 ? 0 : Double(count) * arrangement.lineHeight + Double(count - 1) * definition.lineSpacing
        }
        let justifiedWidth = definition.textAlignment == .justified ? inner.width : 0
        func lineWidth(_ line: PlacedLine, isLast: Bool) -> Double {
            line.endsParagraph || isLast ? line.width : max(line.width, justifiedWidth)
        }
        func textWidth(_ lines: [PlacedLine]) -> Double {
            var widest = 0.0
            for index in lines.indices { widest = max(widest, lineWidth(lines[index], isLast: index == lines.count - 1)) }
            return widest
        }

        // sizeThatFits: the frame's width, unlimited height, numberOfLines still applied, at the
        // font's own size (UIKit's intrinsic size does not shrink). A self-sizing label is that
        // tall. When the lines shown are those lines, they tell the intrinsic size.
        var arrangement = arrange(prepared, size: size, inner: inner)
        let shrinks = arrangement.hidesText && definition.shrinksToFit
        var lines: [PlacedLine] = []
        let intrinsicLines: [PlacedLine]
        if !shrinks, arrangement.visible == arrangement.limit {
            lines = shownLines(prepared, arrangement, count: arrangement.visible, width: inner.width)
            intrinsicLines = lines
        } else {
            intrinsicLines = shownLines(prepared, arrangement, count: arrangement.limit, width: inner.width, withText: false)
        }
        let intrinsic = Size(
            width: roundUp(textWidth(intrinsicLines), scale: scale) + insets.left + insets.right,
            height: roundUp(textHeight(intrinsicLines.count, arrangement), scale: scale) + insets.top + insets.bottom)
        if definition.isSelfSizing {
            bounds.height = intrinsic.height
            inner = bounds.inset(by: insets)
        }

        var fontSize = size
        if shrinks {
            fontSize = shrunkSize(prepared, from: size, inner: inner)
            arrangement = arrange(prepared, size: fontSize, inner: inner)
        }
        if shrinks || arrangement.visible != arrangement.limit {
            lines = shownLines(prepared, arrangement, count: arrangement.visible, width: inner.width)
        }

        let textSize = Size(width: roundUp(textWidth(lines), scale: scale),
                            height: roundUp(textHeight(lines.count, arrangement), scale: scale))
        let rightToLeft = prepared.bidi.isRightToLeft(at: lines.first?.range.lowerBound ?? 0)
        let textX = Self.alignedX(width: textSize.width, in: inner, alignment: definition.textAlignment, rightToLeft: rightToLeft)
        let textY: Double
        switch definition.verticalAlignment {
        case .top: textY = inner.minY
        case .bottom: textY = inner.maxY - textSize.height
        case .middle: textY = inner.minY + (inner.height - textSize.height) / 2
        }

        let step = arrangement.lineHeight + definition.lineSpacing
        var placed: [LayoutLine] = []
        placed.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated() {
            let width = lineWidth(line, isLast: index == lines.count - 1)
            let lineRTL = prepared.bidi.isRightToLeft(at: line.range.lowerBound)
            let alignment = definition.textAlignment == .justified && width != line.width ? .left : definition.textAlignment
            let y = textY + Double(index) * step
            placed.append(LayoutLine(
                range: TextRange(location: line.range.lowerBound, length: line.range.count),
                text: line.text,
                rect: Rect(x: Self.alignedX(width: width, in: inner, alignment: alignment, rightToLeft: lineRTL),
                           y: y, width: width, height: arrangement.lineHeight),
                baseline: y + arrangement.lineHeight + arrangement.metrics.descender))
        }

        let primary = prepared.chain.primary
        let font = ResolvedFont(family: primary.family, file: primary.path, size: fontSize, lineHeight: arrangement.lineHeight,
                                ascender: arrangement.metrics.ascender, descender: arrangement.metrics.descender)
        let layout = ComputedLayout(
            name: definition.name, locale: prepared.key.locale, variant: prepared.key.variant, contentSizeCategory: category,
            bounds: bounds, textRect: Rect(x: textX, y: textY, width: textSize.width, height: textSize.height),
            lines: placed, neededLineCount: arrangement.needed, truncated: arrangement.hidesText, shrunk: fontSize < size,
            intrinsicSize: intrinsic, font: font,
            inputHash: prepared.inputHash(at: category),
            engineVersion: LayoutEngine.version)
        return (layout, lines)
    }

    /// The first `count` lines of an arrangement as they show: when text is hidden after them,
    /// the last is tightened to hold the rest of its paragraph (`tightenedRest`) or, in a
    /// truncating mode, truncated. Without text, only their ranges and widths are told (what
    /// sizes are made of).
    func shownLines(_ prepared: PreparedText, _ arrangement: Arrangement, count: Int, width available: Double,
                    withText: Bool = true) -> [PlacedLine] {
        let definition = prepared.definition
        let text = currentText
        let lines = UnsafeBufferPointer(start: lineBuffer.base, count: arrangement.needed)
        var shown = lines.prefix(count).map { line in
            PlacedLine(range: shaped.offset(line.startEdge)..<shaped.offset(line.endEdge),
                       text: withText ? lineText(prepared, shaped.offset(line.startEdge)..<shaped.offset(line.contentEdge)) : "",
                       width: line.width, endsParagraph: line.endsParagraph, before: line.startEdge..<line.contentEdge)
        }
        guard count < arrangement.needed, count > 0 else { return shown }
        let start = lines[count - 1].startEdge
        if definition.tightensToFit,
           let rest = tightenedRest(from: start, available: available, setting: arrangement.setting) {
            shown[count - 1] = PlacedLine(
                range: shaped.offset(start)..<shaped.offset(rest.end),
                text: withText ? lineText(prepared, shaped.offset(start)..<shaped.offset(rest.content)) : "",
                width: rest.width, endsParagraph: true, before: start..<rest.content, tightening: rest.spacing)
        } else if definition.lineBreakMode.truncates {
            let tokenWidth = measureToken(definition.truncationToken, chain: prepared.chain, language: prepared.language,
                                          setting: arrangement.setting)
            shown[count - 1] = truncatedLine(lines, index: count - 1, shaped: shaped, text: text, width: available,
                                             tokenWidth: tokenWidth, prepared: prepared, setting: arrangement.setting,
                                             withText: withText)
        }
        return shown
    }

    /// The text a line shows of the UTF-16 range `range` of the prepared text, line separators
    /// left out: copied from the displayed string (a whole-text line is that string), which
    /// spares transcoding and checking the UTF-8 again.
    func lineText(_ prepared: PreparedText, _ range: Range<Int>) -> String {
        var end = range.upperBound
        while end > range.lowerBound, isLineSeparator(textBuffer[end - 1]) { end -= 1 }
        if range.lowerBound == 0, end == textBuffer.count { return prepared.displayed }
        let utf8 = prepared.displayed.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: Int(utf8Offsets[range.lowerBound]))
        let to = utf8.index(from, offsetBy: Int(utf8Offsets[end] - utf8Offsets[range.lowerBound]))
        return String(Substring(utf8[from..<to]))
    }

    /// x of a box of `width` aligned in `inner` (docs/layout-rules.md, rule 8).
    static func alignedX(width: Double, in inner: Rect, alignment: TextAlignment, rightToLeft: Bool) -> Double {
        switch alignment {
        case .left: return inner.minX
        case .right: return inner.maxX - width
        case .center: return inner.minX + (inner.width - width) / 2
        case .natural, .justified: return rightToLeft ? inner.maxX - width : inner.minX
        }
    }
}
