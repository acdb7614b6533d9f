/// What a `UIStackView` (`<stackView>`) says about laying out its arranged subviews; UIKit
/// makes the constraints from these. The arranged subviews are the stack view's subviews, in
/// order (IB writes no other kind).
public struct StackViewProperties: Sendable, Hashable {
    /// `axis`; omitted = horizontal.
    public var axis: Axis
    /// `distribution`; omitted = fill.
    public var distribution: Distribution
    /// `alignment`; omitted = fill.
    public var alignment: Alignment
    /// `spacing`; omitted = 0.
    public var spacing: Double
    /// `baselineRelativeArrangement="YES"`: vertical spacing measured between baselines.
    public var isBaselineRelativeArrangement: Bool
    /// `layoutMarginsRelativeArrangement="YES"`: arranged inside the stack view's margins.
    public var isLayoutMarginsRelativeArrangement: Bool

    public init(axis: Axis = .horizontal, distribution: Distribution = .fill, alignment: Alignment = .fill,
                spacing: Double = 0, isBaselineRelativeArrangement: Bool = false,
                isLayoutMarginsRelativeArrangement: Bool = false) {
        self.axis = axis
        self.distribution = distribution
        self.alignment = alignment
        self.spacing = spacing
        self.isBaselineRelativeArrangement = isBaselineRelativeArrangement
        self.isLayoutMarginsRelativeArrangement = isLayoutMarginsRelativeArrangement
    }

    /// `UIStackView.Distribution`; raw values as IB writes them.
    public enum Distribution: String, Sendable, Hashable, CaseIterable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    /// `UIStackView.Alignment`. IB writes `top` for `leading` and `bottom` for `trailing` in
    /// horizontal stacks (the same values in UIKit); both spellings are read.
    public enum Alignment: String, Sendable, Hashable, CaseIterable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline

        /// IB's spelling: the raw values, `top`, `bottom`, and `baseline` for the last baseline.
        public init?(interfaceBuilderName name: String) {
            switch name {
            case "top": self = .leading
            case "bottom": self = .trailing
            case "baseline": self = .lastBaseline
            default: self.init(rawValue: name)
            }
        }
    }
}

/// What a scroll view (`<scrollView>`, `<tableView>`, `<collectionView>`) says about its
/// content. Its content and frame layout guides are in the view's `guides`; the constraints
/// between a scroll view and its direct subviews lay out its content, not its frame.
public struct ScrollViewProperties: Sendable, Hashable {
    /// `contentInsetAdjustmentBehavior` as written (`automatic`, `scrollableAxes`, `never`,
    /// `always`); nil when omitted (UIKit's `automatic`).
    public var contentInsetAdjustmentBehavior: String?

    public init(contentInsetAdjustmentBehavior: String? = nil) {
        self.contentInsetAdjustmentBehavior = contentInsetAdjustmentBehavior
    }
}
