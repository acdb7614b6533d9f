/// One view tree of an Interface Builder file that Auto Layout lays out on its own: a view
/// controller's root view, a table or collection view cell, or a top-level view of a xib (see
/// docs/autolayout.md, "Reading scenes").
public struct Scene: Sendable, Hashable {
    /// The file, as its path was given.
    public var file: String
    /// The IB object id of what owns the tree: the view controller, else the root view (a cell,
    /// a xib's top-level view). Unique in its file.
    public var id: String
    public var kind: SceneKind
    /// The storyboard `<scene sceneID>` it is part of; nil in a xib.
    public var sceneID: String?
    /// A name for messages: the view controller's `title`, `userLabel`, `customClass` or
    /// storyboard identifier; a cell's reuse identifier; else the element's name.
    public var name: String
    /// The line of the owner's start tag.
    public var line: Int?
    /// What it was designed at.
    public var canvas: Canvas
    /// The root view: the view controller's `view`, the cell (its content view a subview), the
    /// top-level view.
    public var root: View
    /// What the reader read past or could not model, so that a label laid out from this scene
    /// can say why it keeps its saved frame.
    public var notes: [SceneNote]

    public init(file: String, id: String, kind: SceneKind, sceneID: String? = nil, name: String, line: Int? = nil,
                canvas: Canvas, root: View, notes: [SceneNote] = []) {
        self.file = file
        self.id = id
        self.kind = kind
        self.sceneID = sceneID
        self.name = name
        self.line = line
        self.canvas = canvas
        self.root = root
        self.notes = notes
    }

    /// Every view, depth first from the root, in file order.
    public var views: [View] { root.allViews }

    /// Every constraint, in file order of the views holding them.
    public var constraints: [Constraint] { views.flatMap(\.constraints) }

    /// Every layout guide.
    public var guides: [LayoutGuide] { views.flatMap(\.guides) }

    /// The labels' views.
    public var labels: [View] { views.filter { $0.kind == .label } }

    /// The notes that concern a view (about it, or about a constraint naming it).
    public func notes(about viewID: String) -> [SceneNote] {
        notes.filter { $0.views.contains(viewID) }
    }
}

/// Where a scene's tree comes from.
public enum SceneKind: String, Sendable, Hashable, CaseIterable {
    /// A view controller's root view (`<view key="view">`, or `<tableView key="view">`, …).
    case viewController
    /// A `<tableViewCell>`: a prototype or static cell of a table view, or a xib's cell.
    case tableViewCell
    /// A `<collectionViewCell>`.
    case collectionViewCell
    /// A `<collectionReusableView>`: a collection view's header or footer.
    case collectionReusableView
    /// A xib's top-level view, or a view in a storyboard scene's dock.
    case topLevelView
}

/// The canvas a scene was designed on.
public struct Canvas: Sendable, Hashable {
    /// The file's `<device id>` as written (`retina6_12`); nil when it names none.
    public var deviceID: String?
    /// `<device orientation>`; portrait when omitted.
    public var orientation: Orientation
    /// The freeform size of a scene designed at no device's size (IB's "Freeform" simulated
    /// size: `<freeformSimulatedSizeMetrics>` with `<size key="freeformSize">`, or the root
    /// view's saved size when no size is written).
    public var freeformSize: LayoutSize?

    public init(deviceID: String? = nil, orientation: Orientation = .portrait, freeformSize: LayoutSize? = nil) {
        self.deviceID = deviceID
        self.orientation = orientation
        self.freeformSize = freeformSize
    }

    /// The device of `deviceID`, when the device table knows it.
    public var device: Device? { deviceID.flatMap { Device(interfaceBuilderID: $0) } }

    /// A device's orientation.
    public enum Orientation: String, Sendable, Hashable, CaseIterable {
        case portrait
        case landscape
    }
}

/// Something the reader read past or could not model in a scene. Each note names the object it
/// is about (a view, a constraint, an element) and the views it concerns, so that a view whose
/// layout depends on it keeps its saved frame and can say why.
public struct SceneNote: Sendable, Hashable, CustomStringConvertible {
    /// The IB object id of the view or constraint the note is about (or of the scene's owner for
    /// a note about the whole scene).
    public var object: String
    /// The views it concerns: the view itself, or the items and holder of a constraint.
    public var views: [String]
    public var line: Int?
    public var reason: Reason

    public init(object: String, views: [String], line: Int? = nil, reason: Reason) {
        self.object = object
        self.views = views
        self.line = line
        self.reason = reason
    }

    /// Why.
    public enum Reason: Sendable, Hashable {
        /// A view of a kind whose size rules are not modelled (`textField`, `switch`, …).
        case viewKindNotModelled(element: String)
        /// A view without a readable frame (`<rect key="frame">`).
        case frameMissing
        /// A constraint naming an item that is neither a view nor a layout guide of the scene;
        /// the constraint is left out.
        case constraintItemNotFound(item: String)
        /// A constraint attribute that is no `NSLayoutConstraint` attribute; left out.
        case constraintAttributeUnknown(String)
        /// A relation other than equal, greaterThanOrEqual, lessThanOrEqual; left out.
        case constraintRelationUnknown(String)
        /// A constraint without a part it needs (`firstAttribute`, the second attribute of a
        /// second item); left out.
        case constraintIncomplete(missing: String)
        /// An attribute whose value cannot be read (a number that is not one, an unknown
        /// name). On a constraint the constraint is left out; on a view UIKit's default is used.
        case valueUnreadable(attribute: String, value: String)
        /// An attribute or element that changes layout but is not modelled
        /// (`semanticContentAttribute`, `layoutMarginsFollowReadableWidth`, a cell's
        /// `listContentConfiguration`).
        case notModelled(String)
        /// The scene has more views than a scene may have; the rest were not read (nor the
        /// constraints naming them).
        case viewLimitReached(limit: Int)
        /// The scene has more constraints than a scene may have; the rest were not read.
        case constraintLimitReached(limit: Int)

        /// The case's name, to count notes by reason.
        public var code: String {
            switch self {
            case .viewKindNotModelled: return "viewKindNotModelled"
            case .frameMissing: return "frameMissing"
            case .constraintItemNotFound: return "constraintItemNotFound"
            case .constraintAttributeUnknown: return "constraintAttributeUnknown"
            case .constraintRelationUnknown: return "constraintRelationUnknown"
            case .constraintIncomplete: return "constraintIncomplete"
            case .valueUnreadable: return "valueUnreadable"
            case .notModelled: return "notModelled"
            case .viewLimitReached: return "viewLimitReached"
            case .constraintLimitReached: return "constraintLimitReached"
            }
        }
    }

    /// `OBJECT: what`, e.g. `hGt-9x-abc: constraint names "zzz-99-zzz", neither a view nor a
    /// layout guide of the scene`.
    public var description: String {
        let what: String
        switch reason {
        case .viewKindNotModelled(let element): what = "<\(element)> views' sizes are not modelled"
        case .frameMissing: what = "no frame"
        case .constraintItemNotFound(let item): what = "constraint names \"\(item)\", neither a view nor a layout guide of the scene"
        case .constraintAttributeUnknown(let name): what = "unknown constraint attribute \"\(name)\""
        case .constraintRelationUnknown(let name): what = "unknown constraint relation \"\(name)\""
        case .constraintIncomplete(let missing): what = "constraint without \(missing)"
        case .valueUnreadable(let attribute, let value): what = "\(attribute)=\"\(value)\" cannot be read"
        case .notModelled(let name): what = "\(name) is not modelled"
        case .viewLimitReached(let limit): what = "more than \(limit) views in the scene; the rest are not read"
        case .constraintLimitReached(let limit): what = "more than \(limit) constraints in the scene; the rest are not read"
        }
        return "\(object): \(what)"
    }
}
