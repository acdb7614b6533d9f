/// A view of an Interface Builder file, with what Auto Layout needs of it: its saved frame, how
/// it is constrained, its priorities, margins, guides and subviews. Values are as the file
/// wrote them, with UIKit's defaults where it wrote none.
public struct View: Sendable, Hashable {
    /// The IB object id. A view IB wrote without one (a collection view cell's content view) gets
    /// `OWNER.contentView`, its owner's id and its key.
    public var id: String
    public var kind: ViewKind
    /// The element as written: `label`, `view`, `textField`, `tableViewCellContentView`, …
    public var element: String
    /// The `key` it has in its parent element (`view` for a view controller's root view,
    /// `contentView`, `tableHeaderView`); nil for a view of `<subviews>`.
    public var key: String?
    /// `customClass` (a subclass of the element's UIKit class).
    public var customClass: String?
    /// `userLabel`: the name IB shows for it.
    public var userLabel: String?
    /// The line of its start tag.
    public var line: Int?
    /// `<rect key="frame">` as saved, in its superview's coordinates: what IB last laid out, on
    /// the device the file was designed at. Nil when the file has none.
    public var frame: LayoutRect?
    /// `translatesAutoresizingMaskIntoConstraints` (omitted = true): the autoresizing mask
    /// becomes constraints, so the frame moves with the superview as the mask says.
    public var translatesAutoresizingMaskIntoConstraints: Bool
    /// `<autoresizingMask>`; empty when omitted.
    public var autoresizingMask: AutoresizingMask
    /// `hidden="YES"`.
    public var isHidden: Bool
    /// False when the base size class leaves the view out (`<mask key="subviews"><exclude>`).
    public var isInstalled: Bool
    /// `<edgeInsets key="layoutMargins">` or `<directionalEdgeInsets key="directionalLayoutMargins">`;
    /// nil when not written (UIKit's defaults: 8 on each side, more for a root view).
    public var layoutMargins: LayoutMargins?
    /// `insetsLayoutMarginsFromSafeArea`; nil when not written (UIKit's default: true).
    public var insetsLayoutMarginsFromSafeArea: Bool?
    /// `preservesSuperviewLayoutMargins`; nil when not written (UIKit's default: false).
    public var preservesSuperviewLayoutMargins: Bool?
    /// Content hugging per axis: as written, else 250 (IB writes 251 for labels and image views).
    public var contentHugging: AxisPriorities
    /// Compression resistance per axis: as written, else 750.
    public var compressionResistance: AxisPriorities
    /// `<color key="backgroundColor">` as written; nil for none.
    public var backgroundColor: InterfaceColor?
    /// IB's design-time flags.
    public var flags: InterfaceFlags
    /// `image="…"` of an image view: the asset's name (its size is in the file's resources).
    public var image: String?
    /// Label properties (`kind == .label`).
    public var label: LabelProperties?
    /// The layout guides it owns.
    public var guides: [LayoutGuide]
    /// The constraints its `<constraints>` holds, in file order.
    public var constraints: [Constraint]
    /// Stack view properties (`kind == .stackView`).
    public var stackView: StackViewProperties?
    /// Table view cell properties (`kind == .tableViewCell`).
    public var tableCell: TableCellProperties?
    /// Scroll view properties (scroll, table and collection views).
    public var scrollView: ScrollViewProperties?
    /// Changes in other size classes.
    public var variations: [TraitVariation]
    /// Its subviews in order (the keyed ones, such as a cell's content view, among them); a
    /// stack view's are its arranged subviews.
    public var subviews: [View]

    public init(id: String, kind: ViewKind, element: String, key: String? = nil, customClass: String? = nil,
                userLabel: String? = nil, line: Int? = nil, frame: LayoutRect? = nil,
                translatesAutoresizingMaskIntoConstraints: Bool = true, autoresizingMask: AutoresizingMask = [],
                isHidden: Bool = false, isInstalled: Bool = true, layoutMargins: LayoutMargins? = nil,
                insetsLayoutMarginsFromSafeArea: Bool? = nil, preservesSuperviewLayoutMargins: Bool? = nil,
                contentHugging: AxisPriorities = .defaultHugging,
                compressionResistance: AxisPriorities = .defaultCompressionResistance,
                backgroundColor: InterfaceColor? = nil, flags: InterfaceFlags = InterfaceFlags(), image: String? = nil,
                label: LabelProperties? = nil, guides: [LayoutGuide] = [], constraints: [Constraint] = [], stackView: StackViewProperties? = nil,
                tableCell: TableCellProperties? = nil, scrollView: ScrollViewProperties? = nil,
                variations: [TraitVariation] = [], subviews: [View] = []) {
        self.id = id
        self.kind = kind
        self.element = element
        self.key = key
        self.customClass = customClass
        self.userLabel = userLabel
        self.line = line
        self.frame = frame
        self.translatesAutoresizingMaskIntoConstraints = translatesAutoresizingMaskIntoConstraints
        self.autoresizingMask = autoresizingMask
        self.isHidden = isHidden
        self.isInstalled = isInstalled
        self.layoutMargins = layoutMargins
        self.insetsLayoutMarginsFromSafeArea = insetsLayoutMarginsFromSafeArea
        self.preservesSuperviewLayoutMargins = preservesSuperviewLayoutMargins
        self.contentHugging = contentHugging
        self.compressionResistance = compressionResistance
        self.backgroundColor = backgroundColor
        self.flags = flags
        self.image = image
        self.label = label
        self.guides = guides
        self.constraints = constraints
        self.stackView = stackView
        self.tableCell = tableCell
        self.scrollView = scrollView
        self.variations = variations
        self.subviews = subviews
    }

    /// A stack view's arranged subviews: its subviews.
    public var arrangedSubviews: [View] { kind == .stackView ? subviews : [] }

    /// The view and its subviews, depth first, in file order.
    public var allViews: [View] {
        var views: [View] = []
        func visit(_ view: View) {
            views.append(view)
            for subview in view.subviews { visit(subview) }
        }
        visit(self)
        return views
    }

    /// The label definition name the Interface Builder importer gives a label of this file:
    /// `PREFIX/ID` (`Main.storyboard/tTl-1a-WlC`); nil for other views.
    public func labelName(prefix: String) -> String? {
        kind == .label ? "\(prefix)/\(id)" : nil
    }
}

/// What kind of view an element is, as far as laying it out goes. The element's name is kept in
/// `View.element` whatever the kind.
public enum ViewKind: String, Sendable, Hashable, CaseIterable {
    /// `<view>`, `<containerView>`: a plain `UIView`, no size of its own.
    case view
    case label
    case button
    case imageView
    case stackView
    case scrollView
    case tableView
    case collectionView
    case tableViewCell
    /// A table view cell's `<tableViewCellContentView key="contentView">`.
    case tableViewCellContentView
    case collectionViewCell
    /// A collection view cell's content view (`<view key="contentView">` or
    /// `<collectionViewCellContentView>`).
    case collectionViewCellContentView
    /// A collection view's header or footer (`<collectionReusableView>`).
    case collectionReusableView
    /// Any other element (`textField`, `switch`, `segmentedControl`, `navigationBar`, …): its
    /// size rules are not modelled.
    case other

    /// The kind of an element, given the key it has in its parent and the parent's kind.
    public init(element: String, key: String? = nil, parent: ViewKind? = nil) {
        if key == "contentView" {
            switch parent {
            case .tableViewCell?: self = .tableViewCellContentView; return
            case .collectionViewCell?: self = .collectionViewCellContentView; return
            default: break
            }
        }
        switch element {
        case "view", "containerView": self = .view
        case "collectionViewCellContentView": self = .collectionViewCellContentView
        default: self = ViewKind(rawValue: element) ?? .other
        }
    }

    /// True for the kinds that are scroll views (a table or collection view is one).
    public var isScrollView: Bool { self == .scrollView || self == .tableView || self == .collectionView }
}

/// `UIView.AutoresizingMask`: which of a view's margins and sizes follow its superview's size.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let flexibleMinX = AutoresizingMask(rawValue: 1 << 0)
    public static let widthSizable = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleMaxX = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleMinY = AutoresizingMask(rawValue: 1 << 3)
    public static let heightSizable = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleMaxY = AutoresizingMask(rawValue: 1 << 5)

    /// Each flag with IB's attribute name, in UIKit's order.
    public static let named: [(name: String, flag: AutoresizingMask)] = [
        ("flexibleMinX", .flexibleMinX), ("widthSizable", .widthSizable), ("flexibleMaxX", .flexibleMaxX),
        ("flexibleMinY", .flexibleMinY), ("heightSizable", .heightSizable), ("flexibleMaxY", .flexibleMaxY),
    ]

    /// IB's names of the flags set.
    public var names: [String] { Self.named.filter { contains($0.flag) }.map(\.name) }
}

/// A view's layout margins as written: by left and right (`<edgeInsets key="layoutMargins">`)
/// or by leading and trailing (`<directionalEdgeInsets key="directionalLayoutMargins">`, where
/// `insets.left` is the leading margin and `insets.right` the trailing one).
public struct LayoutMargins: Sendable, Hashable {
    public var insets: LayoutInsets
    public var isDirectional: Bool

    public init(insets: LayoutInsets, isDirectional: Bool) {
        self.insets = insets
        self.isDirectional = isDirectional
    }
}

/// A colour as IB wrote it; resolving system and asset colours is left to the caller.
public enum InterfaceColor: Sendable, Hashable {
    /// `red green blue alpha` (0…1) in a colour space (`sRGB`, `displayP3`, `calibratedRGB`,
    /// `deviceRGB`: `customColorSpace`, else `colorSpace`).
    case rgb(red: Double, green: Double, blue: Double, alpha: Double, colorSpace: String?)
    /// `white alpha` (0…1) in a grey colour space (`genericGamma22GrayColorSpace`, `calibratedWhite`).
    case white(white: Double, alpha: Double, colorSpace: String?)
    /// `systemColor="systemBackgroundColor"` (or an old file's `cocoaTouchSystemColor`).
    case system(String)
    /// `name="AccentColor"`: a colour of the asset catalog.
    case named(String)
}

/// IB's design-time flags on a view: what IB knew about the saved frame.
public struct InterfaceFlags: Sendable, Hashable {
    /// `misplaced="YES"`: the saved frame does not match the constraints.
    public var isMisplaced: Bool
    /// `ambiguous="YES"`: IB found the view's frame not determined by its constraints.
    public var isAmbiguous: Bool
    /// `fixedFrame="YES"`: laid out by its autoresizing mask, not by constraints.
    public var hasFixedFrame: Bool
    /// `placeholderIntrinsicWidth`: the intrinsic width IB assumed at design time only.
    public var placeholderIntrinsicWidth: PlaceholderIntrinsicSize?
    /// `placeholderIntrinsicHeight`.
    public var placeholderIntrinsicHeight: PlaceholderIntrinsicSize?
    /// `preferredMaxLayoutWidth` of a label ("Explicit" in IB); nil for "Automatic".
    public var preferredMaxLayoutWidth: Double?

    public init(isMisplaced: Bool = false, isAmbiguous: Bool = false, hasFixedFrame: Bool = false,
                placeholderIntrinsicWidth: PlaceholderIntrinsicSize? = nil,
                placeholderIntrinsicHeight: PlaceholderIntrinsicSize? = nil, preferredMaxLayoutWidth: Double? = nil) {
        self.isMisplaced = isMisplaced
        self.isAmbiguous = isAmbiguous
        self.hasFixedFrame = hasFixedFrame
        self.placeholderIntrinsicWidth = placeholderIntrinsicWidth
        self.placeholderIntrinsicHeight = placeholderIntrinsicHeight
        self.preferredMaxLayoutWidth = preferredMaxLayoutWidth
    }
}

/// A design-time intrinsic size: a length, or `infinite` (no intrinsic size on that axis).
public enum PlaceholderIntrinsicSize: Sendable, Hashable {
    case length(Double)
    case none
}
