import LabelModel

extension LayoutEngine {
    /// The room the subject's label gives a text at the subject's category: its inner width,
    /// its lines and its font at that category's size (docs/fixes.md, "Limits for translators").
    public func limit(_ subject: LayoutSubject) throws(LayoutError) -> TextLimit {
        let definition = subject.definition
        var sized = definition
        sized.font.size = definition.font.pointSize(in: subject.category)
        let font = try resolvedFont(for: sized)
        return TextLimit(width: definition.bounds.inset(by: definition.contentInsets).width, lines: definition.numberOfLines,
                         lineCapacity: lineCapacity(definition, lineHeight: font.lineHeight), font: font,
                         weight: definition.font.weight)
    }

    /// The average advance, in points, of the characters of the subject's text (format
    /// specifiers filled in) at its label's font at the subject's category: the width of its
    /// paragraphs laid out each on one line (kerning, letter spacing and fallback fonts as
    /// any layout has them, autoshrink off) divided by its grapheme clusters, line breaks not
    /// counted. Nil for a text of no characters.
    public func averageAdvance(_ subject: LayoutSubject) throws(LayoutError) -> Double? {
        let characters = subject.displayedText.reduce(0) { count, character in count + (character.isNewline ? 0 : 1) }
        guard characters > 0 else { return nil }
        let unbounded = try layout(subject.with {
            $0.frame.width = Self.unlimited
            $0.frame.height = Self.unlimited
            $0.numberOfLines = 0
            $0.isSelfSizing = false
            $0.adjustsFontSizeToFitWidth = false
            $0.textAlignment = .left
        })
        return unbounded.lines.reduce(0) { $0 + $1.rect.width } / Double(characters)
    }
}
