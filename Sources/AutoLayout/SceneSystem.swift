import Cassowary

typealias SolverConstraint = Cassowary.Constraint
typealias Expression = Cassowary.LinearExpression

/// A rectangle as expressions over the solver's variables, in the root view's coordinates.
struct RectExpression: Sendable {
    var left: Expression
    var top: Expression
    var width: Expression
    var height: Expression

    var right: Expression { left + width }
    var bottom: Expression { top + height }
    var centerX: Expression { left + width * 0.5 }
    var centerY: Expression { top + height * 0.5 }

    /// The rectangle inside `insets`.
    func inset(by insets: LayoutInsets) -> RectExpression {
        RectExpression(left: left + insets.left, top: top + insets.top, width: width - (insets.left + insets.right),
                       height: height - (insets.top + insets.bottom))
    }

    /// An edge, centre or size; nil for baselines. Margin attributes are measured inside
    /// `margins`.
    func attribute(_ attribute: Attribute, margins: LayoutInsets) -> Expression? {
        switch attribute {
        case .leading, .left: return left
        case .trailing, .right: return right
        case .width: return width
        case .centerX: return centerX
        case .top: return top
        case .bottom: return bottom
        case .height: return height
        case .centerY: return centerY
        case .leadingMargin, .leftMargin: return left + margins.left
        case .trailingMargin, .rightMargin: return right - margins.right
        case .topMargin: return top + margins.top
        case .bottomMargin: return bottom - margins.bottom
        case .centerXWithinMargins: return centerX + (margins.left - margins.right) / 2
        case .centerYWithinMargins: return centerY + (margins.top - margins.bottom) / 2
        case .firstBaseline, .lastBaseline: return nil
        }
    }

    /// The position (leading edge), size and trailing edge along an axis.
    func leading(_ axis: Axis) -> Expression { axis == .horizontal ? left : top }
    func size(_ axis: Axis) -> Expression { axis == .horizontal ? width : height }
    func trailing(_ axis: Axis) -> Expression { axis == .horizontal ? right : bottom }
    func center(_ axis: Axis) -> Expression { axis == .horizontal ? centerX : centerY }
}

/// The four variables of a view's frame, in the root view's coordinates.
struct RectVariables: Sendable {
    let left: Variable
    let top: Variable
    let width: Variable
    let height: Variable

    init(_ name: String) {
        left = Variable("\(name).minX")
        top = Variable("\(name).minY")
        width = Variable("\(name).width")
        height = Variable("\(name).height")
    }

    var expression: RectExpression {
        RectExpression(left: Expression(left), top: Expression(top), width: Expression(width), height: Expression(height))
    }

    var all: [Variable] { [left, top, width, height] }
}

/// One view of the scene as the system sees it.
struct ViewNode: Sendable {
    var view: View
    var parent: Int?
    /// In the layout: installed in an iPhone's size classes, and so is every view holding it.
    var isInstalled: Bool
    /// Hidden itself (after size class variations).
    var isHidden: Bool
    /// Hidden, or held by a hidden view.
    var isEffectivelyHidden: Bool
    /// The saved frame in the root's coordinates, when every view up to the root has one.
    var savedInRoot: LayoutRect?
    /// Inside a scroll view (its content scrolls: the screen does not clip it).
    var isInScrollView: Bool
    /// Its frame's variables (installed views only).
    var rect: RectVariables?
    /// Its layout margins and safe area insets, constants for the device.
    var margins = LayoutInsets.zero
    var safeArea = LayoutInsets.zero
    /// Stack view properties after size class variations.
    var stackView: StackViewProperties?
}

/// A label's variables for its text, suggested anew for each text.
struct LabelEntry: Sendable {
    var node: Int
    /// The text's width and height (edit variables).
    var width: Variable
    var height: Variable
    /// Baseline offsets, when a constraint uses them: from the top to the first baseline, from
    /// the bottom up to the last one (edit variables).
    var firstBaseline: Variable?
    var lastBaseline: Variable?
    var isMultiline: Bool
    /// IB's "Explicit" preferred width.
    var preferredWidth: Double?
}

/// A `fillProportionally` stack view, whose constraints depend on its items' text sizes.
struct ProportionalStack: Sendable {
    var stack: Int
    var items: [Int]
    var axis: Axis
    var spacing: Double
    var usesMargins: Bool
}

/// Where the scene is laid out.
struct LayoutTarget: Sendable {
    /// The device, or nil for the canvas of an unknown device.
    var device: Device?
    var rootSize: LayoutSize
    /// True when the root's height comes from its content (a self-sizing table cell).
    var isSelfSizing: Bool
    var scale: Int
    /// The root view's safe area insets.
    var safeArea: LayoutInsets
    /// A view controller's root side margin, and a table cell's.
    var sideMargin: Double
    /// The screen's bounds in root coordinates, for `clipped`; nil when the root is no screen.
    var screen: LayoutRect?
    /// Whether the screen clips vertically (not in a table cell, which scrolls).
    var screenClipsVertically: Bool
    /// The size classes the scene's variations are chosen for: an iPhone's in portrait, or
    /// an iPad's when laid out on the iPad canvas it was designed at.
    var traits = TraitVariation.iPhonePortrait
}

/// The constraint system of one scene on one device: built once, then solved for each set of
/// texts by suggesting new text sizes (docs/autolayout.md, "Solving a scene").
struct SceneSystem: Sendable {
    /// Priority of the text sizes' edit variables: above every optional constraint, so that a
    /// text's size is met exactly unless a required constraint forbids it.
    static let textPriority = Cassowary.Priority(999.9999)

    var scene: Scene
    var target: LayoutTarget
    var nodes: [ViewNode] = []
    var index: [String: Int] = [:]
    /// Layout guides by id: owner and kind.
    var guides: [String: LayoutGuide] = [:]
    /// A scroll view's content size variables, by node.
    var scrollContent: [Int: (width: Variable, height: Variable)] = [:]
    var solver = Solver()
    var labels: [LabelEntry] = []
    var labelIndex: [Int: Int] = [:]
    var proportionalStacks: [ProportionalStack] = []
    /// The intrinsic size of each view that is not a label and has one, by node.
    var fixedSizes: [Int: (width: Double?, height: Double?)] = [:]
    /// The self-sizing cell's wish for its content height (an edit variable at
    /// `fittingSizeLevel`), when the root is one.
    var fittingHeight: Variable?
    /// Where each required constraint comes from, for reporting conflicts.
    var origins: [SolverConstraint: ConstraintOrigin] = [:]
    var unsatisfiable: [UnsatisfiableConstraint] = []
    /// Why views' frames cannot be trusted, by node: constraints not expressed, variations not
    /// applied.
    var viewReasons: [Int: [SavedFrameReason]] = [:]
    /// Each label's constraint partners: the views (nodes) its installed IB constraints name.
    var partners: [Int: Set<Int>] = [:]
    /// Built-in cell style labels and image view, placed by the cell.
    var cellStyleViews: Set<Int> = []
    /// Constraint installation and values as size class variations for iPhones change them.
    var constraintInstalled: [String: Bool] = [:]

    init(scene: Scene, device: Device?, imageSizes: [String: LayoutSize]) throws(SolverError) {
        self.scene = scene
        target = Self.target(for: scene, device: device)
        indexViews()
        markCellStyleViews()
        computeMargins()
        try buildFrames()
        // Labels' text variables first: stack views' baselines and cell styles use them.
        try buildIntrinsicSizes(imageSizes: imageSizes)
        try buildStackViews()
        try buildCellStyle()
        try buildInterfaceBuilderConstraints()
    }

    // MARK: Where

    /// The root's size, scale, safe area and screen for a scene on a device (nil: the canvas).
    static func target(for scene: Scene, device requested: Device?) -> LayoutTarget {
        let canvasDevice = scene.canvas.device
        let device = requested ?? canvasDevice
        let saved = scene.root.frame?.size
        let scale = device?.scale ?? 2
        guard let device else {
            // A canvas of no known device (an iPad, a file without a device): as saved.
            let size = scene.canvas.freeformSize ?? saved ?? LayoutSize(width: 0, height: 0)
            let isCell = scene.kind == .tableViewCell
            var target = LayoutTarget(device: nil, rootSize: size, isSelfSizing: isCell && selfSizes(scene), scale: scale,
                                      safeArea: .zero, sideMargin: Device.rootLayoutMargin(forWidth: size.width),
                                      screen: scene.kind == .viewController ? LayoutRect(x: 0, y: 0, width: size.width, height: size.height) : nil,
                                      screenClipsVertically: scene.kind == .viewController)
            if scene.canvas.deviceID?.hasPrefix("ipad") == true { target.traits = ["widthClass": "regular", "heightClass": "regular"] }
            return target
        }
        let side = Device.rootLayoutMargin(forWidth: device.size.width)
        let screen = LayoutRect(x: 0, y: 0, width: device.size.width, height: device.size.height)
        switch scene.kind {
        case .viewController:
            if let freeform = scene.canvas.freeformSize {
                // A freeform controller (a child, a popover) keeps its size; its safe area is not known.
                return LayoutTarget(device: device, rootSize: freeform, isSelfSizing: false, scale: scale, safeArea: .zero,
                                    sideMargin: side, screen: LayoutRect(x: 0, y: 0, width: freeform.width, height: freeform.height),
                                    screenClipsVertically: true)
            }
            return LayoutTarget(device: device, rootSize: device.size, isSelfSizing: false, scale: scale,
                                safeArea: device.safeAreaInsets, sideMargin: side, screen: screen, screenClipsVertically: true)
        case .tableViewCell:
            // As wide as the table: the device less what the cell's table left out on the
            // canvas (a table inset in its controller, an inset grouped table).
            let designed = canvasDevice?.size.width ?? saved?.width ?? device.size.width
            let inset = max(0, designed - (saved?.width ?? designed))
            let width = device.size.width - inset
            let height = fixedRowHeight(scene) ?? saved?.height ?? 44
            return LayoutTarget(device: device, rootSize: LayoutSize(width: width, height: height), isSelfSizing: selfSizes(scene),
                                scale: scale, safeArea: .zero, sideMargin: side,
                                screen: LayoutRect(x: 0, y: 0, width: width, height: height), screenClipsVertically: false)
        case .topLevelView:
            // A xib's view as wide (and tall) as its canvas device stands for the screen.
            var size = scene.canvas.freeformSize ?? saved ?? device.size
            let designed = canvasDevice?.size
            var safeArea = LayoutInsets.zero
            var isScreen = false
            if let designed, let saved {
                if saved.width == designed.width { size.width = device.size.width }
                if saved.width == designed.width && saved.height == designed.height {
                    size.height = device.size.height
                    safeArea = device.safeAreaInsets
                    isScreen = true
                }
            }
            return LayoutTarget(device: device, rootSize: size, isSelfSizing: false, scale: scale, safeArea: safeArea,
                                sideMargin: side, screen: isScreen ? screen : nil, screenClipsVertically: true)
        case .collectionViewCell, .collectionReusableView:
            // Their size comes from the collection view's layout: as saved.
            return LayoutTarget(device: device, rootSize: saved ?? LayoutSize(width: 0, height: 0), isSelfSizing: false,
                                scale: scale, safeArea: .zero, sideMargin: side, screen: nil, screenClipsVertically: false)
        }
    }

    /// A table cell's fixed row height: the table's explicit `rowHeight` (the cell's own when
    /// it has one); nil for automatic row heights (self-sizing cells).
    static func fixedRowHeight(_ scene: Scene) -> Double? {
        guard let cell = scene.root.tableCell, let table = cell.tableRowHeight, table > 0 else { return nil }
        if let own = cell.rowHeight, own > 0 { return own }
        return table
    }

    static func selfSizes(_ scene: Scene) -> Bool {
        scene.kind == .tableViewCell && fixedRowHeight(scene) == nil
    }

    // MARK: The views

    /// Indexes the tree depth first, applies the size class variations of the target's traits
    /// and gives each installed view its variables.
    mutating func indexViews() {
        // What variations change, gathered first: a view's variation masks its subviews and
        // constraints.
        var subviewInstalled: [String: Bool] = [:]
        for view in scene.views {
            for variation in view.variations where variation.applies(to: target.traits) {
                for id in variation.includedSubviews { subviewInstalled[id] = true }
                for id in variation.excludedSubviews { subviewInstalled[id] = false }
                for id in variation.includedConstraints { constraintInstalled[id] = true }
                for id in variation.excludedConstraints { constraintInstalled[id] = false }
            }
        }
        func visit(_ view: View, parent: Int?) {
            let number = nodes.count
            let parentNode = parent.map { nodes[$0] }
            var isHidden = view.isHidden
            var stackView = view.stackView
            var unapplied: [String] = []
            for variation in view.variations where variation.applies(to: target.traits) {
                for (name, value) in variation.attributes.sorted(by: { $0.key < $1.key }) {
                    if name == "hidden", value == "YES" || value == "NO" {
                        isHidden = value == "YES"
                    } else if stackView != nil, Self.apply(name, value, to: &stackView!) {
                        continue
                    } else {
                        unapplied.append(name)
                    }
                }
            }
            let installed = (subviewInstalled[view.id] ?? view.isInstalled) && (parentNode?.isInstalled ?? true)
            var savedInRoot: LayoutRect?
            if parent == nil {
                savedInRoot = view.frame.map { LayoutRect(x: 0, y: 0, width: $0.width, height: $0.height) }
            } else if let frame = view.frame, let origin = parentNode?.savedInRoot {
                savedInRoot = LayoutRect(x: origin.x + frame.x, y: origin.y + frame.y, width: frame.width, height: frame.height)
            }
            nodes.append(ViewNode(
                view: view, parent: parent, isInstalled: installed, isHidden: isHidden,
                isEffectivelyHidden: isHidden || (parentNode?.isEffectivelyHidden ?? false), savedInRoot: savedInRoot,
                isInScrollView: parentNode.map { $0.isInScrollView || $0.view.kind.isScrollView } ?? false,
                rect: installed ? RectVariables(view.id) : nil, stackView: stackView))
            index[view.id] = number
            for name in unapplied {
                viewReasons[number, default: []].append(.sizeClassVariationNotModelled(object: view.id, attribute: name))
            }
            for guide in view.guides { guides[guide.id] = guide }
            for subview in view.subviews { visit(subview, parent: number) }
        }
        visit(scene.root, parent: nil)
    }

    /// Applies a stack view attribute a size class variation changes; false for one it cannot.
    static func apply(_ name: String, _ value: String, to stack: inout StackViewProperties) -> Bool {
        switch name {
        case "axis":
            guard let axis = Axis(rawValue: value) else { return false }
            stack.axis = axis
        case "distribution":
            guard let distribution = StackViewProperties.Distribution(rawValue: value) else { return false }
            stack.distribution = distribution
        case "alignment":
            guard let alignment = StackViewProperties.Alignment(interfaceBuilderName: value) else { return false }
            stack.alignment = alignment
        case "spacing":
            guard let spacing = Double(value), spacing.isFinite else { return false }
            stack.spacing = spacing
        default:
            return false
        }
        return true
    }

    func rect(_ node: Int) -> RectExpression { nodes[node].rect!.expression }

    /// The views holding `node`, nearest first.
    func ancestors(of node: Int) -> [Int] {
        var result: [Int] = []
        var current = nodes[node].parent
        while let parent = current {
            result.append(parent)
            current = nodes[parent].parent
        }
        return result
    }

    func isDescendant(_ node: Int, of ancestor: Int) -> Bool {
        var current = nodes[node].parent
        while let parent = current {
            if parent == ancestor { return true }
            current = nodes[parent].parent
        }
        return false
    }

    /// True for the root of the scene's cell, and its content view.
    func isCellContentView(_ node: Int) -> Bool {
        let kind = nodes[node].view.kind
        return (kind == .tableViewCellContentView || kind == .collectionViewCellContentView) && nodes[node].parent == 0
    }

    // MARK: Margins

    /// Each view's layout margins and safe area insets for the device, as constants: a root
    /// view's sides are at least the device's system minimum, plus the safe area; a cell's
    /// content view takes the table's side margins; other views 8 (or as written), plus the
    /// safe area where the view touches the screen's top or bottom edge, and the superview's
    /// margins where it preserves them.
    mutating func computeMargins() {
        let side = target.sideMargin
        let savedRootHeight = nodes.first?.savedInRoot?.height
        for number in nodes.indices {
            let view = nodes[number].view
            let written = view.layoutMargins?.insets
            var margins = written ?? Device.defaultLayoutMargins
            var safeArea = LayoutInsets.zero
            let insetsFromSafeArea = view.insetsLayoutMarginsFromSafeArea ?? true
            if number == 0 {
                safeArea = target.safeArea
                switch scene.kind {
                case .viewController:
                    margins = LayoutInsets(top: written?.top ?? 0, left: max(written?.left ?? 0, side),
                                           bottom: written?.bottom ?? 0, right: max(written?.right ?? 0, side))
                case .tableViewCell:
                    margins = LayoutInsets(top: Self.cellVerticalMargin, left: side, bottom: Self.cellVerticalMargin, right: side)
                default:
                    break
                }
            } else {
                if scene.kind == .viewController, !nodes[number].isInScrollView, let saved = nodes[number].savedInRoot,
                   let rootHeight = savedRootHeight {
                    if saved.y <= 0 { safeArea.top = target.safeArea.top }
                    if saved.y + saved.height >= rootHeight { safeArea.bottom = target.safeArea.bottom }
                }
            }
            if insetsFromSafeArea {
                margins.top += safeArea.top
                margins.bottom += safeArea.bottom
                margins.left += safeArea.left
                margins.right += safeArea.right
            }
            // Preserving the superview's margins: where they reach into the view, the view's
            // margins are at least what they leave of it.
            if let parent = nodes[number].parent, view.preservesSuperviewLayoutMargins ?? isCellContentView(number),
               let frame = view.frame, let superSize = nodes[parent].view.frame?.size {
                let outer = nodes[parent].margins
                margins.left = max(margins.left, outer.left - frame.x)
                margins.top = max(margins.top, outer.top - frame.y)
                margins.right = max(margins.right, outer.right - (superSize.width - frame.x - frame.width))
                margins.bottom = max(margins.bottom, outer.bottom - (superSize.height - frame.y - frame.height))
            }
            nodes[number].margins = margins
            nodes[number].safeArea = safeArea
        }
    }

    /// A table cell's top and bottom layout margins (UIKit's 11, for a 44-point row of body text).
    static let cellVerticalMargin = 11.0

    // MARK: Adding constraints

    /// Adds a constraint; a required one that conflicts with those present is left out and
    /// recorded, as UIKit breaks it.
    mutating func add(_ constraint: SolverConstraint, _ origin: ConstraintOrigin) throws(SolverError) {
        do {
            try solver.add(constraint)
            if constraint.priority.isRequired { origins[constraint] = origin }
        } catch {
            guard case .unsatisfiable(_, let conflicting) = error else { throw error }
            unsatisfiable.append(UnsatisfiableConstraint(broken: origin, conflicting: conflicting.compactMap { origins[$0] }))
        }
    }

    /// Adds a generated constraint of `kind` relating `views` (ids).
    mutating func add(_ constraint: SolverConstraint, _ kind: GeneratedConstraint.Kind, _ views: [String]) throws(SolverError) {
        try add(constraint, .generated(GeneratedConstraint(kind: kind, views: views)))
    }
}

extension SolverConstraint {
    /// The same constraint at a UIKit priority (1000: required).
    func at(_ priority: Priority) -> SolverConstraint {
        priority.isRequired ? self : withPriority(Cassowary.Priority(priority.rawValue))
    }

    func at(_ priority: Float) -> SolverConstraint {
        priority >= 1000 ? self : withPriority(Cassowary.Priority(priority))
    }
}
