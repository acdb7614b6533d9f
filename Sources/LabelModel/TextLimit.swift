/// The room one label gives its text at one content size category, for translators
/// (docs/fixes.md, "Limits for translators").
public struct TextLimit: Sendable, Hashable {
    /// The width in points the text has: the label's frame width less its content insets.
    public var width: Double
    /// The label's `numberOfLines` (0 = unlimited).
    public var lines: Int
    /// The lines the label can show: `numberOfLines`, and for a label of fixed height no more
    /// than its inner height holds; nil when both are unlimited.
    public var lineCapacity: Int?
    /// The font at the category's size (its primary face's family).
    public var font: ResolvedFont
    /// The font's weight (1–1000).
    public var weight: Int

    public init(width: Double, lines: Int, lineCapacity: Int?, font: ResolvedFont, weight: Int) {
        self.width = width
        self.lines = lines
        self.lineCapacity = lineCapacity
        self.font = font
        self.weight = weight
    }

    /// How many characters fit of a text whose characters advance `averageAdvance` points on
    /// average: width × line capacity ÷ average advance, rounded down. Nil when the lines are
    /// unlimited or the advance is not positive.
    public func characters(averageAdvance: Double) -> Int? {
        guard let lineCapacity, averageAdvance > 0 else { return nil }
        let estimate = (max(0, width) * Double(lineCapacity) / averageAdvance + 1e-9).rounded(.down)
        return estimate < Double(Int32.max) ? Int(estimate) : nil
    }
}
