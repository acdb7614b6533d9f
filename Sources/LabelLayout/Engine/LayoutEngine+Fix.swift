import LabelModel

/// One of a label's texts at a content size category: what `fits`, `fix` and `headroom`
/// lay out again.
public struct LayoutSubject: Sendable {
    public var definition: LabelDefinition
    public var locale: String
    public var variant: String
    public var category: ContentSizeCategory

    public init(_ definition: LabelDefinition, locale: String = "", variant: String = "", category: ContentSizeCategory = .large) {
        self.definition = definition
        self.locale = locale
        self.variant = variant
        self.category = category
    }

    /// The same text of another definition.
    func with(_ change: (inout LabelDefinition) -> Void) -> LayoutSubject {
        var copy = self
        change(&copy.definition)
        return copy
    }

    /// The same label showing `text` (shown as it is: no format specifiers are filled in)
    /// instead of its own text for this locale and variant.
    func showing(_ text: String) -> LayoutSubject {
        var escaped = ""
        for character in text { escaped += character == "%" ? "%%" : String(character) }
        return with { definition in definition.setText(escaped, locale: locale, variant: variant) }
    }

    /// The text the label shows, format specifiers filled in.
    var displayedText: String { definition.displayedText(locale: locale, variant: variant, formatter: ICUWorstCaseFormatter.shared) }
}

extension ComputedLayout {
    /// True when no text is hidden: not truncated, and every line the text needs is shown.
    public var fits: Bool { !truncated && neededLineCount <= lineCount }
}

extension LayoutEngine {
    /// Lays out a subject.
    public func layout(_ subject: LayoutSubject) throws(LayoutError) -> ComputedLayout {
        try layout(subject.definition, locale: subject.locale, variant: subject.variant, category: subject.category)
    }

    /// True when the subject's text fits its label (docs/fixes.md).
    public func fits(_ subject: LayoutSubject) throws(LayoutError) -> Bool {
        try layout(subject).fits
    }

    /// The smallest changes that each make a text that does not fit its label fit, each found
    /// by laying the text out again (docs/fixes.md): nil when the text fits already.
    public func fix(_ subject: LayoutSubject) throws(LayoutError) -> FitFix? {
        let current = try layout(subject)
        guard !current.fits else { return nil }
        var fix = FitFix()
        (fix.numberOfLines, fix.height) = try linesFix(subject, current)
        fix.minimumScaleFactor = try scaleFactorFix(subject)
        fix.width = try widthFix(subject)
        fix.charactersOver = try charactersOver(subject)
        fix.hyphenation = try hyphenationFix(subject)
        return fix
    }

    /// The `numberOfLines` the text needs (when the label's limit hides lines) and the frame
    /// height those lines need (when the label's fixed height holds fewer).
    func linesFix(_ subject: LayoutSubject, _ current: ComputedLayout) throws(LayoutError) -> (lines: Int?, height: Double?) {
        let definition = subject.definition
        let limit = definition.numberOfLines > 0 ? definition.numberOfLines : Int.max
        let needed = current.neededLineCount
        let lines = needed > limit ? needed : nil
        var trial = subject.with { $0.numberOfLines = lines ?? $0.numberOfLines }
        if try fits(trial) { return (lines, nil) }
        guard !definition.isSelfSizing else { return (nil, nil) }
        // The height of `needed` lines, on the pixel grid, then a pixel more until it fits.
        let count = Double(min(needed, lines ?? limit))
        let insets = definition.contentInsets
        var sized = definition
        sized.font.size = definition.font.pointSize(in: subject.category)
        let textHeight = count * (try resolvedFont(for: sized)).lineHeight + (count - 1) * definition.lineSpacing
        var height = roundUp(textHeight + insets.top + insets.bottom, scale: definition.scale)
        for _ in 0..<4 {
            trial.definition.frame.height = height
            if try fits(trial) { return (lines, height) }
            height += 1 / Double(definition.scale)
        }
        return (nil, nil)
    }

    /// The largest `minimumScaleFactor`, on a grid of 0.01, with which autoshrink makes the
    /// text fit; nil when autoshrink does not apply to the label or no factor is enough.
    func scaleFactorFix(_ subject: LayoutSubject) throws(LayoutError) -> Double? {
        let definition = subject.definition
        guard definition.numberOfLines == 1 || definition.lineBreakMode.truncates else { return nil }
        func trial(_ factor: Double) -> LayoutSubject {
            subject.with { $0.adjustsFontSizeToFitWidth = true; $0.minimumScaleFactor = factor }
        }
        let shrunk = try layout(trial(0.01))
        guard shrunk.fits else { return nil }
        let size = definition.font.pointSize(in: subject.category)
        let ratio = size > 0 ? min(0.99, max(0, shrunk.font.size / size)) : 0
        var hundredths = Int((ratio * 100 + 1e-9).rounded(.down))
        while hundredths >= 1 {
            if try fits(trial(Double(hundredths) / 100)) { return Double(hundredths) / 100 }
            hundredths -= 1
        }
        return nil
    }

    /// The smallest frame width on the label's pixel grid at which the text fits, with its
    /// height and `numberOfLines` kept; nil when no width is enough (more paragraphs than
    /// lines, or too little height).
    func widthFix(_ subject: LayoutSubject) throws(LayoutError) -> Double? {
        let definition = subject.definition
        let scale = Double(definition.scale)
        let insets = definition.contentInsets
        // Every paragraph on one line: the widest any text needs.
        let unbounded = try layout(subject.with {
            $0.frame.width = Self.unlimited
            $0.numberOfLines = 0
            $0.isSelfSizing = false
            $0.frame.height = Self.unlimited
            $0.textAlignment = .left
        })
        let widest = (unbounded.lines.map(\.rect.width).max() ?? 0) + insets.left + insets.right
        // A width past what any text needs (a frame put in by hand) has no fix on the grid.
        guard definition.frame.width < Self.unlimited, widest < Self.unlimited else { return nil }
        func fits(pixels: Int) throws(LayoutError) -> Bool {
            try self.fits(subject.with { $0.frame.width = Double(pixels) / scale })
        }
        var low = Int((definition.frame.width * scale).rounded(.down))
        var high = Int((widest * scale - 1e-6).rounded(.up))
        while try !fits(pixels: high) {
            high += 1
            guard Double(high) / scale <= widest + 2 else { return nil }
        }
        // Bisection: `low` does not fit, `high` does.
        while high - low > 1 {
            let middle = (low + high) / 2
            if try fits(pixels: middle) { high = middle } else { low = middle }
        }
        return Double(high) / scale
    }

    /// How many grapheme clusters must go from the end of the text for the rest to fit.
    func charactersOver(_ subject: LayoutSubject) throws(LayoutError) -> Int? {
        let characters = Array(subject.displayedText)
        // Bisection over the characters kept: `low` fit (none always does), `high` do not.
        var low = 0, high = characters.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if try fits(subject.showing(String(characters[..<middle]))) { low = middle } else { high = middle }
        }
        return characters.count - low
    }

    /// Tries a hyphen inside the longest words of the text, from each word's middle outwards,
    /// and keeps the first place where the text then fits with a line ending at that hyphen.
    /// Nil for a one-line label, in `charWrap` and `clip` modes, and when no place is found
    /// within `maximumHyphenationTrials` layouts.
    func hyphenationFix(_ subject: LayoutSubject) throws(LayoutError) -> Hyphenation? {
        let definition = subject.definition
        guard definition.numberOfLines != 1, definition.lineBreakMode != .charWrap, definition.lineBreakMode != .clip else {
            return nil
        }
        let text: String = subject.displayedText
        let pieces: [Substring] = text.split(whereSeparator: { (character: Character) in character.isWhitespace })
        let words: [Substring] = Array(pieces.filter { $0.count >= 2 * Self.minimumHyphenatedPart && $0.allSatisfy(\.isLetter) }
            .sorted { $0.count > $1.count }
            .prefix(3))
        var trials = 0
        for word in words {
            let count = word.count
            let middle = count / 2
            let offsets = (Self.minimumHyphenatedPart...(count - Self.minimumHyphenatedPart))
                .sorted { (abs($0 - middle), $0) < (abs($1 - middle), $1) }
            for offset in offsets {
                guard trials < Self.maximumHyphenationTrials else { return nil }
                trials += 1
                let split = text.index(word.startIndex, offsetBy: offset)
                let before: Substring = text[text.startIndex..<split]
                let candidate = String(before) + "-" + String(text[split..<text.endIndex])
                let hyphenEnd = before.utf16.count + 1
                let layout = try layout(subject.showing(candidate))
                if layout.fits, layout.lines.contains(where: { $0.range.location + $0.range.length == hyphenEnd }) {
                    return Hyphenation(word: String(word), offset: offset)
                }
            }
        }
        return nil
    }

    /// Letters kept together on each side of a suggested hyphen.
    static let minimumHyphenatedPart = 3
    /// Layouts tried at most in search of a hyphen.
    static let maximumHyphenationTrials = 24
}

extension LayoutEngine {
    /// The room a text has left in its label and the largest content size category at which it
    /// still fits (docs/fixes.md, "Headroom"), from its layout at `subject.category`.
    public func headroom(_ subject: LayoutSubject) throws(LayoutError) -> Headroom {
        let current = try layout(subject)
        return Headroom(width: current.fits ? spareWidth(subject.definition, current) : 0,
                        lines: current.fits ? spareLines(subject.definition, current) : 0,
                        fitsUpTo: try largestFittingCategory(subject, current: current))
    }

    /// Lines the label could still show (nil when unlimited).
    func spareLines(_ definition: LabelDefinition, _ layout: ComputedLayout) -> Int? {
        guard let capacity = lineCapacity(definition, layout) else { return nil }
        return max(0, capacity - layout.lineCount)
    }

    /// The width the text may grow by: what is left on its last line, plus a full inner width
    /// for every spare line (nil when the label grows without limit).
    func spareWidth(_ definition: LabelDefinition, _ layout: ComputedLayout) -> Double? {
        guard let spare = spareLines(definition, layout) else { return nil }
        let inner = definition.bounds.inset(by: definition.contentInsets).width
        let last = layout.lines.last?.rect.width ?? 0
        return max(0, inner - last) + Double(spare) * inner
    }

    /// The lines the label can show: `numberOfLines`, and for a fixed height no more than the
    /// inner height holds (but at least one, as a layout shows); nil when both are unlimited.
    func lineCapacity(_ definition: LabelDefinition, _ layout: ComputedLayout) -> Int? {
        lineCapacity(definition, lineHeight: layout.font.lineHeight)
    }

    /// The same for lines `lineHeight` points high.
    func lineCapacity(_ definition: LabelDefinition, lineHeight: Double) -> Int? {
        var capacity = definition.numberOfLines > 0 ? definition.numberOfLines : Int.max
        if !definition.isSelfSizing {
            let inner = definition.bounds.inset(by: definition.contentInsets).height
            let pitch = lineHeight + definition.lineSpacing
            let held = ((inner + definition.lineSpacing) / pitch + 1e-6).rounded(.down)
            if pitch > 0, held < Double(Int32.max) { capacity = min(capacity, max(1, Int(held))) }
        }
        return capacity == Int.max ? nil : capacity
    }

    /// The largest category, from the subject's up, below which every category fits; nil when
    /// the text does not fit at the subject's own.
    func largestFittingCategory(_ subject: LayoutSubject, current: ComputedLayout) throws(LayoutError) -> ContentSizeCategory? {
        guard current.fits else { return nil }
        let larger = ContentSizeCategory.allCases.filter { $0 > subject.category }
        let layouts = try layouts(subject.definition, locale: subject.locale, variant: subject.variant, categories: larger)
        var fitting = subject.category
        for layout in layouts {
            guard layout.fits else { break }
            fitting = layout.contentSizeCategory
        }
        return fitting
    }
}
