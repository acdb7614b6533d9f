import CHarfBuzz
import CICU
import LabelJSON
import Synchronization

/// Lays out labels: where the text goes, how many lines, what is truncated (SPEC §2).
/// One engine serves a whole process; `layout(_:locale:)` may be called from any number of
/// threads at once.
///
/// ```swift
/// let engine = LayoutEngine()
/// var label = LabelDefinition(name: "demo.top", frame: Rect(x: 20, y: 50, width: 350, height: 200))
/// label.text = "看我居上对齐了啊、你看看对不对的啊、看来是对的"
/// label.verticalAlignment = .top
/// let layout = try engine.layout(label)
/// print(layout.textRect, layout.lineCount)
/// ```
public final class LayoutEngine: Sendable {
    /// Names the layout rules and the text libraries behind them; part of every input hash,
    /// so stored layouts go stale when any of them changes.
    public static let version: String = {
        let harfBuzz = String(cString: hb_version_string())
        let icu = String(cString: lc_icu_version())
        return "labelcat-layout/2 harfbuzz/\(harfBuzz) icu/\(icu)"
    }()

    public let fonts: FontLibrary
    private let idleWorkspaces = Mutex<[LayoutWorkspace]>([])

    /// - Parameter defaultFamily: the family of labels that name none (the "system font").
    public init(defaultFamily: String = "Noto Sans CJK SC") {
        fonts = FontLibrary(defaultFamily: defaultFamily)
    }

    /// Lays out one of a label's texts — a locale's ("" = the base text), a variant's ("" = the
    /// plain text) — at a content size category.
    public func layout(_ definition: LabelDefinition, locale: String = "", variant: String = "",
                       category: ContentSizeCategory = .large) throws(LayoutError) -> ComputedLayout {
        let workspace = try checkOutWorkspace()
        defer { checkIn(workspace) }
        return try workspace.layoutLines(definition, text: TextKey(locale: locale, variant: variant), category: category).layout
    }

    /// The input hash `layout` would record, without laying out: a stored layout whose hash
    /// differs is stale.
    public func inputHash(_ definition: LabelDefinition, locale: String = "", variant: String = "",
                          category: ContentSizeCategory = .large) throws(LayoutError) -> String {
        InputHash.of(definition, text: TextKey(locale: locale, variant: variant), category: category,
                     chain: try fonts.chain(for: definition.font))
    }

    /// The font a layout of `definition` reports: its primary face, metrics at its size and
    /// the line height used.
    public func resolvedFont(for definition: LabelDefinition) throws(LayoutError) -> ResolvedFont {
        ResolvedFont(definition, primary: try fonts.chain(for: definition.font).primary)
    }

    /// Everything layouts depend on besides their definitions: the engine version, every font
    /// file fontconfig offers and its configuration files (each with size and modification
    /// time), and the font files named by path in `fontPaths`. Layouts computed under one
    /// fingerprint are fresh under an equal one.
    public static func environmentFingerprint(fontPaths: [String]) -> String {
        var hasher = StableHasher()
        hasher.combine(version)
        for identity in FontLibrary.installedFontFiles() { hasher.combine(identity) }
        for path in fontPaths.sorted() { hasher.combine(FontFace.fileIdentity(path: path, index: 0)) }
        return hasher.hexDigest
    }

    /// The primary face a font spec resolves to (what `layout` reports in `font`).
    public func primaryFace(for font: FontSpec) throws(LayoutError) -> FontFace {
        try fonts.chain(for: font).primary
    }

    /// A workspace for this thread's exclusive use until `checkIn`.
    func checkOutWorkspace() throws(LayoutError) -> LayoutWorkspace {
        if let workspace = idleWorkspaces.withLock({ $0.popLast() }) { return workspace }
        return try LayoutWorkspace(fonts: fonts)
    }

    func checkIn(_ workspace: LayoutWorkspace) {
        idleWorkspaces.withLock { $0.append(workspace) }
    }
}

extension LayoutWorkspace {
    /// The layout and its visible lines as the breaker and truncation left them (what the
    /// glyphs are drawn from).
    func layoutLines(_ original: LabelDefinition, text selected: TextKey,
                     category: ContentSizeCategory) throws(LayoutError) -> (layout: ComputedLayout, lines: [PlacedLine]) {
        try original.validateNumbers()
        let locale = selected.locale
        // The font at the category's size; everything below reads this definition.
        var definition = original
        definition.font.size = original.font.pointSize(in: category)
        let chain = try fonts.chain(for: definition.font)
        let font = ResolvedFont(definition, primary: chain.primary)
        let lineHeight = font.lineHeight
        // A self-sizing label has all the height its lines need; its bounds are set from them.
        var bounds = definition.bounds
        if definition.isSelfSizing { bounds.height = .greatestFiniteMagnitude }
        var inner = bounds.inset(by: definition.contentInsets)
        let textString = original.displayedText(locale: locale, variant: selected.variant)
        fillUTF16(textString, into: &textBuffer)
        trimStore()
        let text = UnsafeBufferPointer(start: textBuffer.base, count: textBuffer.count)
        let bidi = BidiParagraphs(text)
        try findLineBreaks(text, locale: locale)
        let language = language(for: locale)
        bidi.levels.withUnsafeBufferPointer { levels in
            shapeText(text, levels: bidi.isAllLeftToRight ? nil : levels, chain: chain, language: language,
                      breaks: UnsafeBufferPointer(start: breakBuffer.base, count: breakBuffer.count), into: &self.shaped)
        }
        let shaped = self.shaped
        let setting = TextSetting(size: definition.font.size, letterSpacing: definition.letterSpacing)
        let tokenWidth = definition.lineBreakMode.truncates
            ? measureToken(definition.truncationToken, chain: chain, language: language, setting: setting) : 0
        let allLines = breakLines(shaped, text, width: inner.width, mode: definition.lineBreakMode,
                                  strategy: definition.lineBreakStrategy, setting: setting)
        let needed = allLines.count

        func shownLines(_ count: Int) -> [PlacedLine] {
            var shown = allLines.prefix(count).map {
                PlacedLine(range: shaped.offset($0.startEdge)..<shaped.offset($0.endEdge),
                           text: visibleText(text, shaped.offset($0.startEdge)..<shaped.offset($0.contentEdge)),
                           width: $0.width, endsParagraph: $0.endsParagraph, before: $0.startEdge..<$0.contentEdge)
            }
            if count < needed, definition.lineBreakMode.truncates {
                shown[count - 1] = truncatedLine(allLines, index: count - 1, shaped: shaped, text: text,
                                                 width: inner.width, tokenWidth: tokenWidth,
                                                 definition: definition, setting: setting)
            }
            return shown
        }

        let limit = definition.numberOfLines > 0 ? min(needed, definition.numberOfLines) : needed
        let step = lineHeight + definition.lineSpacing
        // Counted in Double: a frame of "unlimited" height (1e300) fits every line.
        let fittingLines = step > 0 ? ((inner.height + definition.lineSpacing) / step + 1e-9).rounded(.down) : .infinity
        let fittingHeight = fittingLines >= Double(limit) ? limit : Int(fittingLines)
        let visible = needed == 0 ? 0 : max(1, min(limit, fittingHeight))
        let lines = shownLines(visible)

        func textHeight(_ count: Int) -> Double {
            count == 0 ? 0 : Double(count) * lineHeight + Double(count - 1) * definition.lineSpacing
        }
        let justifiedWidth = definition.textAlignment == .justified ? inner.width : 0
        func lineWidth(_ line: PlacedLine, isLast: Bool) -> Double {
            line.endsParagraph || isLast ? line.width : max(line.width, justifiedWidth)
        }
        func textWidth(_ lines: [PlacedLine]) -> Double {
            lines.indices.map { lineWidth(lines[$0], isLast: $0 == lines.count - 1) }.max() ?? 0
        }

        let scale = definition.scale
        let size = Size(width: roundUp(textWidth(lines), scale: scale), height: roundUp(textHeight(visible), scale: scale))
        if definition.isSelfSizing {
            bounds.height = size.height + definition.contentInsets.top + definition.contentInsets.bottom
            inner = bounds.inset(by: definition.contentInsets)
        }
        let rightToLeft = bidi.isRightToLeft(at: lines.first?.range.lowerBound ?? 0)
        let textX = Self.alignedX(width: size.width, in: inner, alignment: definition.textAlignment, rightToLeft: rightToLeft)
        let textY: Double
        switch definition.verticalAlignment {
        case .top: textY = inner.minY
        case .bottom: textY = inner.maxY - size.height
        case .middle: textY = inner.minY + (inner.height - size.height) / 2
        }

        var placed: [LayoutLine] = []
        placed.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated() {
            let width = lineWidth(line, isLast: index == lines.count - 1)
            let lineRTL = bidi.isRightToLeft(at: line.range.lowerBound)
            let alignment = definition.textAlignment == .justified && width != line.width ? .left : definition.textAlignment
            let y = textY + Double(index) * step
            placed.append(LayoutLine(
                range: TextRange(location: line.range.lowerBound, length: line.range.count),
                text: line.text,
                rect: Rect(x: Self.alignedX(width: width, in: inner, alignment: alignment, rightToLeft: lineRTL),
                           y: y, width: width, height: lineHeight),
                baseline: y + lineHeight + font.descender))
        }

        // sizeThatFits: the frame's width, unlimited height, numberOfLines still applied.
        let intrinsicLines = limit == visible ? lines : shownLines(max(limit, needed == 0 ? 0 : 1))
        let insets = definition.contentInsets
        let intrinsic = Size(
            width: roundUp(textWidth(intrinsicLines), scale: scale) + insets.left + insets.right,
            height: roundUp(textHeight(intrinsicLines.count), scale: scale) + insets.top + insets.bottom)

        let layout = ComputedLayout(
            name: definition.name, locale: locale, variant: selected.variant, contentSizeCategory: category, bounds: bounds,
            textRect: Rect(x: textX, y: textY, width: size.width, height: size.height),
            lines: placed, neededLineCount: needed, truncated: visible < needed,
            intrinsicSize: intrinsic,
            font: font,
            inputHash: InputHash.of(original, text: selected, category: category, chain: chain),
            engineVersion: LayoutEngine.version)
        return (layout, lines)
    }

    /// x of a box of `width` aligned in `inner` (SPEC §2.8).
    static func alignedX(width: Double, in inner: Rect, alignment: TextAlignment, rightToLeft: Bool) -> Double {
        switch alignment {
        case .left: return inner.minX
        case .right: return inner.maxX - width
        case .center: return inner.minX + (inner.width - width) / 2
        case .natural, .justified: return rightToLeft ? inner.maxX - width : inner.minX
        }
    }

    /// The last visible line with the truncation token put in (SPEC §2.6). It shows as much
    /// of the rest of its paragraph as fits beside the token: the start (tail), the end (head)
    /// or both (middle). When the rest of the paragraph fits whole and only later paragraphs
    /// are hidden, the token goes at the end in every mode.
    func truncatedLine(_ lines: UnsafeBufferPointer<LineBox>, index: Int, shaped: ShapedText, text: UnsafeBufferPointer<UInt16>,
                       width available: Double, tokenWidth: Double, definition: LabelDefinition,
                       setting: TextSetting) -> PlacedLine {
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
        func string(_ edges: Range<Int>) -> String { visibleText(text, shaped.offset(edges.lowerBound)..<shaped.offset(edges.upperBound)) }
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
    /// empty token). The last token measured is remembered in ems.
    func measureToken(_ token: String, chain: FontChain, language: TextLanguage, setting: TextSetting) -> Double {
        if let known = lastToken, known.token == token, known.chain == chain.id, known.language == language.id {
            return setting.points(ems: known.ems, graphemes: known.graphemes)
        }
        let units = shapeToken(token, chain: chain, language: language)
        let graphemes = shapedToken.edgeCount - 1
        let ems = units.withUnsafeBufferPointer { lineAdvance(shapedToken, $0, from: 0, to: graphemes) }
        lastToken = (token, chain.id, language.id, ems, graphemes)
        return setting.points(ems: ems, graphemes: graphemes)
    }

    /// Shapes the truncation token as a text of its own into `shapedToken`; returns its code units.
    @discardableResult
    func shapeToken(_ token: String, chain: FontChain, language: TextLanguage) -> [UInt16] {
        let units = utf16Units(of: token)
        units.withUnsafeBufferPointer { text in
            shapeText(text, levels: nil, chain: chain, language: language, breaks: UnsafeBufferPointer(start: nil, count: 0),
                      into: &shapedToken)
        }
        return units
    }
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
}

/// The text of a range without its line separators. Transcodes to UTF-8 by hand: building a
/// String from UTF-16 goes through the standard library's slow path.
func visibleText(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> String {
    var end = range.upperBound
    while end > range.lowerBound, isLineSeparator(text[end - 1]) { end -= 1 }
    return String(unsafeUninitializedCapacity: (end - range.lowerBound) * 3) { utf8 in
        var count = 0
        var index = range.lowerBound
        while index < end {
            let (codePoint, width) = codePointAt(text, index)
            index += width
            switch codePoint {
            case 0..<0x80:
                utf8[count] = UInt8(codePoint)
                count += 1
            case 0x80..<0x800:
                utf8[count] = UInt8(0xC0 | codePoint >> 6)
                utf8[count + 1] = UInt8(0x80 | codePoint & 0x3F)
                count += 2
            case 0x800..<0x10000:
                utf8[count] = UInt8(0xE0 | codePoint >> 12)
                utf8[count + 1] = UInt8(0x80 | codePoint >> 6 & 0x3F)
                utf8[count + 2] = UInt8(0x80 | codePoint & 0x3F)
                count += 3
            default:
                utf8[count] = UInt8(0xF0 | codePoint >> 18)
                utf8[count + 1] = UInt8(0x80 | codePoint >> 12 & 0x3F)
                utf8[count + 2] = UInt8(0x80 | codePoint >> 6 & 0x3F)
                utf8[count + 3] = UInt8(0x80 | codePoint & 0x3F)
                count += 4
            }
        }
        return count
    }
}

/// UAX #9 levels of a text (ICU), skipped for text with no right-to-left character.
struct BidiParagraphs {
    var levels: [UInt8] = []
    var paragraphLevels: [UInt8] = []
    let isAllLeftToRight: Bool

    init(_ text: UnsafeBufferPointer<UInt16>) {
        isAllLeftToRight = !text.contains(where: Self.mayBeRightToLeft)
        guard !isAllLeftToRight else { return }
        levels = [UInt8](repeating: 0, count: text.count)
        paragraphLevels = [UInt8](repeating: 0, count: text.count)
        if lc_bidi_levels(text.baseAddress, Int32(text.count), &levels, &paragraphLevels) != 0 {
            levels = [UInt8](repeating: 0, count: text.count)
        }
    }

    /// True when the paragraph holding `offset` has a right-to-left base direction.
    func isRightToLeft(at offset: Int) -> Bool {
        !isAllLeftToRight && offset < paragraphLevels.count && paragraphLevels[offset] & 1 == 1
    }

    /// Hebrew, Arabic, Syriac, Thaana, NKo, …, their presentation forms, and the
    /// supplementary right-to-left blocks (through their surrogates), plus explicit marks.
    static func mayBeRightToLeft(_ unit: UInt16) -> Bool {
        (0x0590...0x08FF).contains(unit) || (0xFB1D...0xFDFF).contains(unit) || (0xFE70...0xFEFF).contains(unit)
            || (0xD802...0xD803).contains(unit) || (0xD83A...0xD83B).contains(unit)
            || unit == 0x200F || (0x202A...0x202E).contains(unit) || (0x2066...0x2069).contains(unit)
    }
}

/// The UTF-16 code units of a string, transcoded from its UTF-8 by hand (the standard
/// library's UTF-16 view is much slower for native strings).
func utf16Units(of string: String) -> [UInt16] {
    var string = string
    return string.withUTF8 { utf8 in
        [UInt16](unsafeUninitializedCapacity: utf8.count) { units, initialized in
            initialized = transcodeToUTF16(utf8, into: units.baseAddress!)
        }
    }
}

/// Writes the UTF-16 of a string into a buffer, reusing its storage.
func fillUTF16(_ string: String, into buffer: inout RawBuffer<UInt16>) {
    var string = string
    string.withUTF8 { utf8 in
        buffer.count = 0
        buffer.reserve(utf8.count)
        buffer.count = transcodeToUTF16(utf8, into: buffer.base)
    }
}

/// Transcodes well-formed UTF-8 to UTF-16; `units` must hold `utf8.count` code units.
/// Returns the number written.
private func transcodeToUTF16(_ utf8: UnsafeBufferPointer<UInt8>, into units: UnsafeMutablePointer<UInt16>) -> Int {
    var count = 0
    var index = 0
    while index < utf8.count {
        let lead = UInt32(utf8[index])
        if lead < 0x80 {
            units[count] = UInt16(lead)
            count += 1
            index += 1
            continue
        }
        var codePoint: UInt32
        var width: Int
        if lead < 0xE0 {
            codePoint = lead & 0x1F
            width = 2
        } else if lead < 0xF0 {
            codePoint = lead & 0x0F
            width = 3
        } else {
            codePoint = lead & 0x07
            width = 4
        }
        for offset in 1..<width { codePoint = codePoint << 6 | UInt32(utf8[index + offset] & 0x3F) }
        index += width
        if codePoint >= 0x10000 {
            codePoint -= 0x10000
            units[count] = UInt16(0xD800 + (codePoint >> 10))
            units[count + 1] = UInt16(0xDC00 + (codePoint & 0x3FF))
            count += 2
        } else {
            units[count] = UInt16(codePoint)
            count += 1
        }
    }
    return count
}
