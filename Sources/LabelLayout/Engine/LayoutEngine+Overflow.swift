import LabelModel
/// How much room a text that does not fit its label lacks, in points (docs/ci.md, "Findings").
public struct LayoutOverflow: Sendable, Hashable {
    /// How much wider the inner box of a one-line label must be for its text to fit on its
    /// line: the widest paragraph laid out with no width limit, minus the inner width. 0 for
    /// a label of several lines, and when the text is not cut at `numberOfLines`.
    public var width: Double
    /// How much taller the inner box must be to hold the lines the text needs and
    /// `numberOfLines` allows (`n × lineHeight + (n − 1) × lineSpacing` minus the inner
    /// height, n = min(lines needed, numberOfLines or unlimited)). 0 when the text reaches
    /// `numberOfLines`, and for a self-sizing label (it has the height of its lines).
    public var height: Double

    public init(width: Double = 0, height: Double = 0) {
        self.width = width
        self.height = height
    }
}

extension LayoutEngine {
    /// The overflow of a layout that hides text: `linesShown` and `linesNeeded` as the layout
    /// counted them, at `fontSize` (the size it used, shrunk or not). The engine measures it
    /// as it laid the text out, so no one else computes a label's geometry.
    public func overflow(_ definition: LabelDefinition, locale: String = "", variant: String = "",
                         category: ContentSizeCategory = .large, fontSize: Double? = nil,
                         linesShown: Int, linesNeeded: Int) throws(LayoutError) -> LayoutOverflow {
        let limit = definition.numberOfLines > 0 ? definition.numberOfLines : Int.max
        let inner = definition.bounds.inset(by: definition.contentInsets)
        if linesShown >= limit {
            guard limit == 1 else { return LayoutOverflow() }
            var unbounded = definition
            let insets = definition.contentInsets
            unbounded.frame.width = Self.unlimited + insets.left + insets.right
            unbounded.frame.height = Self.unlimited + insets.top + insets.bottom
            unbounded.isSelfSizing = false
            unbounded.numberOfLines = 0
            unbounded.textAlignment = .left
            let layout = try layout(unbounded, locale: locale, variant: variant, category: category)
            let widest = layout.lines.map(\.rect.width).max() ?? 0
            return LayoutOverflow(width: max(0, widest - inner.width))
        }
        guard !definition.isSelfSizing else { return LayoutOverflow() }
        var sized = definition
        sized.font.size = fontSize ?? definition.font.pointSize(in: category)
        let count = Double(min(linesNeeded, limit))
        let height = count * (try resolvedFont(for: sized)).lineHeight + (count - 1) * definition.lineSpacing
        return LayoutOverflow(height: max(0, height - inner.height))
    }

    /// A width and height no text reaches: each paragraph on one line, every line shown.
    static let unlimited = 1e9
}
