/// A layout guide constraints can name as an item: a rectangle that is not a view.
///
/// A view's layout margins are not a guide here: IB names them through the margin attributes
/// of the view itself (`leadingMargin`, `topMargin`, `centerXWithinMargins`, …), as
/// `NSLayoutConstraint` does.
public struct LayoutGuide: Sendable, Hashable {
    /// The IB object id constraints name it by.
    public var id: String
    public var kind: Kind
    /// The view it belongs to (for the legacy top and bottom guides: the view controller's
    /// root view).
    public var owner: String

    public init(id: String, kind: Kind, owner: String) {
        self.id = id
        self.kind = kind
        self.owner = owner
    }

    /// What a guide is.
    public enum Kind: Sendable, Hashable {
        /// `<viewLayoutGuide key="safeArea">`: the view's safe area.
        case safeArea
        /// `<viewLayoutGuide key="contentLayoutGuide">` of a scroll view: its scrollable content.
        case content
        /// `<viewLayoutGuide key="frameLayoutGuide">` of a scroll view: its own frame.
        case frame
        /// `<viewControllerLayoutGuide type="top">` (before iOS 11): the bottom of the status
        /// and navigation bars.
        case top
        /// `<viewControllerLayoutGuide type="bottom">`: the top of the tab bar or toolbar.
        case bottom
        /// A guide of another key, kept as written; constraints to it are not modelled.
        case other(String)

        /// The `key` (or legacy `type`) IB writes for it.
        public var interfaceBuilderName: String {
            switch self {
            case .safeArea: return "safeArea"
            case .content: return "contentLayoutGuide"
            case .frame: return "frameLayoutGuide"
            case .top: return "top"
            case .bottom: return "bottom"
            case .other(let key): return key
            }
        }

        public init(interfaceBuilderName name: String) {
            switch name {
            case "safeArea": self = .safeArea
            case "contentLayoutGuide": self = .content
            case "frameLayoutGuide": self = .frame
            case "top": self = .top
            case "bottom": self = .bottom
            default: self = .other(name)
            }
        }
    }
}
