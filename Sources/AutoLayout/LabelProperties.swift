/// What a `<label>` says about how its text is sized: the solver asks the caller for the text's
/// size, and needs to know whether the label wraps (docs/autolayout.md, "Solving a scene").
public struct LabelProperties: Sendable, Hashable {
    /// `numberOfLines`; omitted = 1. 0 means as many as the text needs.
    public var numberOfLines: Int
    /// `<color key="textColor">` as written (a named system colour stays a name, to be resolved
    /// for an appearance); nil for UIKit's default, `labelColor`.
    public var textColor: InterfaceColor?

    public init(numberOfLines: Int = 1, textColor: InterfaceColor? = nil) {
        self.numberOfLines = numberOfLines
        self.textColor = textColor
    }

    /// True for a label of several lines (`numberOfLines` 0 or more than 1): UIKit sizes its
    /// height for the width it gets, in a second layout pass.
    public var isMultiline: Bool { numberOfLines != 1 }
}
