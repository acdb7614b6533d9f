/// A label's text as the caller measured it for the solver: the size it takes and where its
/// baselines are (docs/autolayout.md, "Solving a scene").
public struct LabelTextMetrics: Sendable, Hashable {
    /// The text's size in points (UIKit's `intrinsicContentSize`): on one line per paragraph
    /// when no width was asked for, else wrapped at the width asked for, `numberOfLines`
    /// applied. The solver rounds both up to the device's pixel grid, so a caller may give
    /// rounded or unrounded values.
    public var size: LayoutSize
    /// The first line's baseline, from the text's top.
    public var firstBaseline: Double
    /// The last line's baseline, from the text's top.
    public var lastBaseline: Double

    public init(size: LayoutSize, firstBaseline: Double, lastBaseline: Double) {
        self.size = size
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
    }

    /// An empty text: no size, UIKit's (0, 0).
    public static let empty = LabelTextMetrics(size: LayoutSize(width: 0, height: 0), firstBaseline: 0, lastBaseline: 0)
}

/// What the solver asks of the caller: the size of each label's text, for one locale, variant
/// and content size category.
///
/// A label of one line is measured once, with no width. A label of several lines
/// (`LabelProperties.isMultiline`) is measured with no width first (or at its
/// `preferredMaxLayoutWidth` when IB wrote one), then again at the width the first pass gave
/// it, as UIKit's two layout passes do.
public protocol LabelTextMeasuring {
    /// The text of `label` (a view of kind `.label`; `label.id` ties it to its definition),
    /// laid out at most `width` points wide (nil: no limit), at the device's pixel scale
    /// `scale`. Nil when the caller has no text for it: the label keeps its saved frame.
    func metrics(of label: View, width: Double?, scale: Int) -> LabelTextMetrics?
}
