import AutoLayout

/// What an Interface Builder file says besides its scenes.
public struct SceneDocument: Sendable, Hashable {
    public var path: String
    /// `<document type>`: `com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB`, `…CocoaTouch.XIB`, …
    public var documentType: String
    /// False for a document of another platform (macOS's `com.apple.InterfaceBuilder3.Cocoa.XIB`):
    /// its views are AppKit's and no scene is read from it.
    public var isIOS: Bool
    /// The device and orientation the file was designed at (`<device>`).
    public var canvas: Canvas
    /// The sizes of the images its `<resources>` list (`<image name width height>`), by name:
    /// the intrinsic sizes of image views showing them.
    public var imageSizes: [String: LayoutSize]

    public init(path: String, documentType: String = "", isIOS: Bool = false, canvas: Canvas = Canvas(),
                imageSizes: [String: LayoutSize] = [:]) {
        self.path = path
        self.documentType = documentType
        self.isIOS = isIOS
        self.canvas = canvas
        self.imageSizes = imageSizes
    }
}

/// Reads the view trees of Interface Builder files (`.storyboard`, `.xib`) as scenes: each view
/// controller's root view, each table and collection view cell, each top-level view of a xib,
/// with their views, constraints, layout guides, stack views and cells (docs/autolayout.md,
/// "Reading scenes").
///
/// ```swift
/// let document = try InterfaceBuilderScenes.read(path: "Main.storyboard") { (scene: Scene) throws(MyError) in … }
/// ```
///
/// A file is read in one pass, element by element, and each scene handed on as soon as its
/// tree ends; only that scene is in memory. A scene holds at most `maximumViewsPerScene` views
/// and `maximumConstraintsPerScene` constraints: past them, the rest of its views (and the
/// constraints naming them) are left out, with a note. libxml2 refuses elements nested more
/// than 256 deep, which bounds a tree's depth.
public enum InterfaceBuilderScenes {
    /// The most views a scene holds (a storyboard's largest scenes have a few hundred).
    public static let maximumViewsPerScene = 10_000
    /// The most constraints a scene holds.
    public static let maximumConstraintsPerScene = 40_000

    /// Reads the scenes of the file at `path`, handing each to `handle` in file order (a table
    /// view's cells before the scene holding the table), and returns what the file says
    /// besides. A document of another platform than iOS yields no scene.
    @discardableResult
    public static func read<E: Error>(path: String, _ handle: (Scene) throws(E) -> Void) throws(ImportFailure<E>) -> SceneDocument {
        let file = try ImportFailure<E>.attempt { () throws(ImportError) in try MappedFile(path: path) }
        return try withoutActuallyEscaping(handle) { (handle) throws(ImportFailure<E>) -> SceneDocument in
            let reader = try SceneTreeReader<E>(file: file) { (scene) throws(ImportFailure<E>) in
                do throws(E) { try handle(scene) } catch { throw .handler(error) }
            }
            return try reader.readDocument()
        }
    }

    /// Reads every scene of the file at `path` into memory (tests, small files).
    public static func readAll(path: String) throws(ImportError) -> (document: SceneDocument, scenes: [Scene]) {
        var scenes: [Scene] = []
        do throws(ImportFailure<Never>) {
            let document = try read(path: path) { (scene: Scene) throws(Never) in scenes.append(scene) }
            return (document, scenes)
        } catch {
            switch error {
            case .file(let failure): throw failure
            }
        }
    }
}

/// The state of one scene while its tree is read: what it counts against the caps, its notes,
/// and what is resolved once the tree has ended.
private final class SceneBuilder {
    /// The id of the scene's owner (view controller, cell, top-level view).
    let owner: String
    var viewCount = 0
    var constraintCount = 0
    /// Whether the note that the scene is past a cap has been made.
    var reachedViewLimit = false
    var reachedConstraintLimit = false
    var notes: [SceneNote] = []
    /// Ids of the constraints and subviews the base size class leaves out.
    var excludedByDefault: Set<String> = []
    /// Labels written with `key="textLabel"` or `key="detailTextLabel"` inside a cell.
    var keyedLabels: [String: String] = [:]
    /// IB's "Freeform" simulated size.
    var isFreeform = false

    init(owner: String) {
        self.owner = owner
    }

    func note(_ object: String, views: [String], line: Int?, _ reason: SceneNote.Reason) {
        notes.append(SceneNote(object: object, views: views, line: line, reason: reason))
    }
}

/// The element names and values the walk recognizes.
private enum SceneElements {
    /// Elements of `<objects>` that are not views.
    static func isViewlessObject(_ name: String) -> Bool {
        ["placeholder", "customObject", "exit", "barButtonItem", "navigationItem", "tabBarItem",
         "viewControllerPlaceholder", "searchDisplayController"].contains(name)
            || name.hasSuffix("GestureRecognizer")
    }

    /// Elements that are scenes of their own wherever they are.
    static let cellElements: Set<String> = ["tableViewCell", "collectionViewCell", "collectionReusableView"]

    /// Keys under which a view holds another view outside `<subviews>`.
    static let viewKeys: Set<String> = [
        "contentView", "tableHeaderView", "tableFooterView", "backgroundView", "selectedBackgroundView",
        "multipleSelectionBackgroundView",
    ]

    /// A number as IB writes them; nil for text that is none, or not finite.
    static func number(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}

/// What the cells of a table view take from it.
private struct TableContext {
    var id: String
    var rowHeight: Double?
    var style: String?
}

/// The walk through one file's elements. Generic over the error of the caller's handler, which
/// it stores for the length of one `InterfaceBuilderScenes.read`.
private final class SceneTreeReader<E: Error> {
    typealias Failure = ImportFailure<E>

    private let xml: XMLReader
    private let path: String
    private let deliver: (Scene) throws(Failure) -> Void
    /// A start tag read ahead: the first one past the element being read.
    private var pending: (name: String, depth: Int)?
    private var document: SceneDocument
    /// The storyboard scene being read.
    private var sceneID: String?

    init(file: MappedFile, deliver: @escaping (Scene) throws(Failure) -> Void) throws(Failure) {
        xml = try Failure.attempt { () throws(ImportError) in try XMLReader(file: file) }
        path = file.path
        self.deliver = deliver
        document = SceneDocument(path: file.path)
    }

    // MARK: Walking

    private func next(within depth: Int) throws(Failure) -> (name: String, depth: Int)? {
        let element: (name: String, depth: Int)?
        if let pending {
            element = pending
            self.pending = nil
        } else {
            element = try Failure.attempt { () throws(ImportError) in try xml.nextElement() }
        }
        guard let element else { return nil }
        guard element.depth > depth else {
            pending = element
            return nil
        }
        return element
    }

    /// The name of the next child of the element at `depth`; nil when that element ends. The
    /// descendants of a child that was neither read whole nor walked are passed over.
    private func nextChild(of depth: Int) throws(Failure) -> String? {
        while let element = try next(within: depth) {
            if element.depth == depth + 1 { return element.name }
        }
        return nil
    }

    /// The attributes of the element just returned, by name.
    private func attributes() throws(Failure) -> [String: String] {
        var result: [String: String] = [:]
        let pairs = try Failure.attempt { () throws(ImportError) in try xml.attributes() }
        for attribute in pairs { result[attribute.name] = attribute.value }
        return result
    }

    /// The element just returned, read whole (for small ones: a frame, a constraint).
    private func element() throws(Failure) -> XMLElement {
        try Failure.attempt { () throws(ImportError) in try xml.readElement() }
    }

    // MARK: Documents, scenes, objects

    func readDocument() throws(Failure) -> SceneDocument {
        guard let root = try next(within: -1) else {
            throw .file(.malformed(FileLocation(file: path), key: nil, problem: .xml("the document ends too early")))
        }
        guard root.name == "document" else {
            throw .file(.malformed(FileLocation(file: path, line: xml.line(), element: "<\(root.name)>"), key: nil,
                                   problem: .unsupportedDocument("<\(root.name)> where an Interface Builder <document> was expected")))
        }
        document.documentType = try attributes()["type"] ?? ""
        document.isIOS = document.documentType.contains("CocoaTouch")
        guard document.isIOS else { return document }
        while let name = try nextChild(of: 0) {
            switch name {
            case "device":
                let device = try attributes()
                document.canvas = Canvas(deviceID: device["id"],
                                         orientation: device["orientation"].flatMap(Canvas.Orientation.init(rawValue:)) ?? .portrait)
            case "scenes":
                while let scene = try nextChild(of: 1) {
                    guard scene == "scene" else { continue }
                    sceneID = try attributes()["sceneID"]
                    while let child = try nextChild(of: 2) {
                        if child == "objects" { try readObjects(depth: 3) }
                    }
                    sceneID = nil
                }
            case "objects":
                try readObjects(depth: 1)
            case "resources":
                while let resource = try nextChild(of: 1) {
                    guard resource == "image" else { continue }
                    let image = try attributes()
                    if let name = image["name"], let width = image["width"].flatMap(SceneElements.number),
                       let height = image["height"].flatMap(SceneElements.number) {
                        document.imageSizes[name] = LayoutSize(width: width, height: height)
                    }
                }
            default:
                break
            }
        }
        return document
    }

    /// The children of `<objects>` at `depth`: view controllers, cells, top-level views.
    private func readObjects(depth: Int) throws(Failure) {
        while let name = try nextChild(of: depth) {
            let objectAttributes = try attributes()
            if name.hasSuffix("Controller") || objectAttributes["sceneMemberID"] == "viewController" {
                try readViewController(name, attributes: objectAttributes, depth: depth + 1)
            } else if SceneElements.cellElements.contains(name) {
                try readCellScene(name, depth: depth + 1, table: nil)
            } else if !SceneElements.isViewlessObject(name) {
                try readTopLevelView(name, attributes: objectAttributes, depth: depth + 1)
            }
        }
    }

    private func readViewController(_ name: String, attributes controller: [String: String], depth: Int) throws(Failure) {
        let line = xml.line()
        let id = controller["id"] ?? "\(name)@\(line)"
        let scene = SceneBuilder(owner: id)
        var root: View?
        var legacyGuides: [(id: String, kind: LayoutGuide.Kind)] = []
        var freeformSize: LayoutSize?
        while let child = try nextChild(of: depth) {
            let childAttributes = try attributes()
            if childAttributes["key"] == "view", root == nil {
                root = try readView(child, attributes: childAttributes, depth: depth + 1, parent: nil, in: scene)
                continue
            }
            switch child {
            case "layoutGuides":
                while let guide = try nextChild(of: depth + 1) {
                    guard guide == "viewControllerLayoutGuide" else { continue }
                    let guideAttributes = try attributes()
                    if let guideID = guideAttributes["id"], let type = guideAttributes["type"] {
                        legacyGuides.append((guideID, LayoutGuide.Kind(interfaceBuilderName: type)))
                    }
                }
            case "size" where childAttributes["key"] == "freeformSize":
                if let width = childAttributes["width"].flatMap(SceneElements.number), let height = childAttributes["height"].flatMap(SceneElements.number) {
                    freeformSize = LayoutSize(width: width, height: height)
                }
            case "freeformSimulatedSizeMetrics":
                scene.isFreeform = true
            default:
                break
            }
        }
        guard var root else { return }
        root.guides += legacyGuides.map { LayoutGuide(id: $0.id, kind: $0.kind, owner: root.id) }
        var canvas = document.canvas
        if scene.isFreeform { canvas.freeformSize = freeformSize ?? root.frame?.size }
        let sceneName = controller["title"] ?? controller["userLabel"] ?? controller["customClass"]
            ?? controller["storyboardIdentifier"] ?? name
        try finish(scene, root: root, kind: .viewController, name: sceneName, line: line, canvas: canvas)
    }

    private func readTopLevelView(_ name: String, attributes viewAttributes: [String: String], depth: Int) throws(Failure) {
        let line = xml.line()
        let scene = SceneBuilder(owner: viewAttributes["id"] ?? "\(name)@\(line)")
        guard let root = try readView(name, attributes: viewAttributes, depth: depth, parent: nil, in: scene) else { return }
        // An object of a kind this reader does not know, with no frame and no subviews, is no view.
        if root.kind == .other, root.frame == nil, root.subviews.isEmpty { return }
        var canvas = document.canvas
        if scene.isFreeform { canvas.freeformSize = root.frame?.size }
        try finish(scene, root: root, kind: .topLevelView, name: viewAttributes["userLabel"] ?? viewAttributes["customClass"] ?? name,
                   line: line, canvas: canvas)
    }

    private func readCellScene(_ name: String, depth: Int, table: TableContext?) throws(Failure) {
        let cellAttributes = try attributes()
        let line = xml.line()
        let scene = SceneBuilder(owner: cellAttributes["id"] ?? "\(name)@\(line)")
        guard var root = try readView(name, attributes: cellAttributes, depth: depth, parent: nil, in: scene) else { return }
        if let table, root.tableCell != nil {
            root.tableCell?.tableView = table.id
            root.tableCell?.tableRowHeight = table.rowHeight
            root.tableCell?.tableStyle = table.style
        }
        let kind: SceneKind = switch root.kind {
        case .tableViewCell: .tableViewCell
        case .collectionViewCell: .collectionViewCell
        default: .collectionReusableView
        }
        try finish(scene, root: root, kind: kind,
                   name: cellAttributes["reuseIdentifier"] ?? cellAttributes["userLabel"] ?? cellAttributes["customClass"] ?? name,
                   line: line, canvas: document.canvas)
    }

    /// The children of a table or collection view that hold its cells (`<prototypes>`,
    /// `<sections>`, `<tableViewSection>`, `<cells>`), at `depth`.
    private func readCells(depth: Int, table: TableContext?) throws(Failure) {
        while let name = try nextChild(of: depth) {
            if SceneElements.cellElements.contains(name) {
                try readCellScene(name, depth: depth + 1, table: table)
            } else if ["prototypes", "sections", "tableViewSection", "cells"].contains(name) {
                try readCells(depth: depth + 1, table: table)
            }
        }
    }

    /// Resolves what needed the whole tree (constraint items, the base size class's masks,
    /// keyed cell labels) and hands the scene on.
    private func finish(_ scene: SceneBuilder, root: View, kind: SceneKind, name: String, line: Int,
                        canvas: Canvas) throws(Failure) {
        var root = root
        var known = Set<String>()
        for view in root.allViews {
            known.insert(view.id)
            for guide in view.guides { known.insert(guide.id) }
        }
        func resolve(_ view: inout View) {
            if scene.excludedByDefault.contains(view.id) { view.isInstalled = false }
            view.constraints = view.constraints.compactMap { constraint in
                if let missing = constraint.items.first(where: { !known.contains($0) }) {
                    let concerned = (constraint.items + [constraint.holder]).filter { known.contains($0) }
                    scene.note(constraint.id, views: Array(Set(concerned)).sorted(), line: constraint.line,
                               .constraintItemNotFound(item: missing))
                    return nil
                }
                var constraint = constraint
                if scene.excludedByDefault.contains(constraint.id) { constraint.isInstalled = false }
                return constraint
            }
            for index in view.subviews.indices { resolve(&view.subviews[index]) }
        }
        resolve(&root)
        if root.tableCell != nil {
            if root.tableCell?.textLabel == nil { root.tableCell?.textLabel = scene.keyedLabels["textLabel"] }
            if root.tableCell?.detailTextLabel == nil { root.tableCell?.detailTextLabel = scene.keyedLabels["detailTextLabel"] }
        }
        try deliver(Scene(file: path, id: scene.owner, kind: kind, sceneID: sceneID, name: name, line: line, canvas: canvas,
                          root: root, notes: scene.notes))
    }

    // MARK: Views

    /// Reads the view whose start tag was just returned (at `depth`), with its subtree; nil past
    /// the scene's cap on views. Cells met inside become scenes of their own.
    private func readView(_ name: String, attributes viewAttributes: [String: String], depth: Int,
                          parent: View?, in scene: SceneBuilder) throws(Failure) -> View? {
        let line = xml.line()
        guard scene.viewCount < InterfaceBuilderScenes.maximumViewsPerScene else {
            if !scene.reachedViewLimit {
                scene.reachedViewLimit = true
                scene.note(scene.owner, views: [], line: line, .viewLimitReached(limit: InterfaceBuilderScenes.maximumViewsPerScene))
            }
            return nil
        }
        scene.viewCount += 1
        let key = viewAttributes["key"]
        let kind = ViewKind(element: name, key: key, parent: parent?.kind)
        let id = viewAttributes["id"] ?? "\(parent?.id ?? scene.owner).\(key ?? name)"
        var view = View(id: id, kind: kind, element: name, key: key,
                        customClass: viewAttributes["customClass"], userLabel: viewAttributes["userLabel"], line: line)
        readAttributes(viewAttributes, of: &view, line: line, in: scene)
        if kind == .other { scene.note(id, views: [id], line: line, .viewKindNotModelled(element: name)) }
        if kind == .label, let key, key == "textLabel" || key == "detailTextLabel" { scene.keyedLabels[key] = id }
        let table = kind == .tableView
            ? TableContext(id: id, rowHeight: viewAttributes["rowHeight"].flatMap(SceneElements.number), style: viewAttributes["style"]) : nil
        while let child = try nextChild(of: depth) {
            let childAttributes = try attributes()
            let childKey = childAttributes["key"]
            switch child {
            case "subviews":
                while let subview = try nextChild(of: depth + 1) {
                    let subviewAttributes = try attributes()
                    if SceneElements.cellElements.contains(subview) {
                        try readCellScene(subview, depth: depth + 2, table: table)
                    } else if let read = try readView(subview, attributes: subviewAttributes, depth: depth + 2, parent: view, in: scene) {
                        view.subviews.append(read)
                    }
                }
            case "constraints":
                while let constraint = try nextChild(of: depth + 1) {
                    guard constraint == "constraint" else { continue }
                    if let read = readConstraint(try element(), holder: id, in: scene) { view.constraints.append(read) }
                }
            case "rect" where childKey == "frame", "frame" where childKey == "frameInset":
                view.frame = frame(try element(), of: id, in: scene)
            case "autoresizingMask" where childKey == "autoresizingMask":
                for (flagName, flag) in AutoresizingMask.named where childAttributes[flagName] == "YES" {
                    view.autoresizingMask.insert(flag)
                }
            case "color" where childKey == "backgroundColor":
                view.backgroundColor = color(childAttributes, of: id, line: xml.line(), in: scene)
            case "color" where childKey == "textColor" && view.kind == .label:
                view.label?.textColor = color(childAttributes, of: id, line: xml.line(), in: scene)
            case "viewLayoutGuide":
                if let guideID = childAttributes["id"] {
                    view.guides.append(LayoutGuide(id: guideID, kind: LayoutGuide.Kind(interfaceBuilderName: childKey ?? ""), owner: id))
                }
            case "edgeInsets" where childKey == "layoutMargins", "directionalEdgeInsets" where childKey == "directionalLayoutMargins":
                view.layoutMargins = margins(childAttributes, directional: child == "directionalEdgeInsets", of: id,
                                             line: xml.line(), in: scene)
            case "variation":
                if let variation = variation(try element(), in: scene) { view.variations.append(variation) }
            case "freeformSimulatedSizeMetrics":
                scene.isFreeform = true
            case "listContentConfiguration":
                scene.note(id, views: [id], line: xml.line(), .notModelled("<listContentConfiguration> (a cell's text without a label)"))
            case "prototypes", "sections", "cells":
                try readCells(depth: depth + 1, table: table)
            default:
                if SceneElements.cellElements.contains(child) {
                    try readCellScene(child, depth: depth + 1, table: table)
                } else if let childKey, SceneElements.viewKeys.contains(childKey),
                          let read = try readView(child, attributes: childAttributes, depth: depth + 1, parent: view, in: scene) {
                    view.subviews.append(read)
                }
            }
        }
        if view.frame == nil { scene.note(id, views: [id], line: line, .frameMissing) }
        return view
    }

    /// The attributes of a view's start tag that layout depends on.
    private func readAttributes(_ attributes: [String: String], of view: inout View, line: Int, in scene: SceneBuilder) {
        let id = view.id
        func unreadable(_ name: String, _ value: String) {
            scene.note(id, views: [id], line: line, .valueUnreadable(attribute: name, value: value))
        }
        func flag(_ name: String) -> Bool? {
            guard let text = attributes[name] else { return nil }
            switch text {
            case "YES": return true
            case "NO": return false
            default:
                unreadable(name, text)
                return nil
            }
        }
        func number(_ name: String) -> Double? {
            guard let text = attributes[name] else { return nil }
            guard let value = SceneElements.number(text) else {
                unreadable(name, text)
                return nil
            }
            return value
        }
        func priority(_ name: String, default fallback: Priority) -> Priority {
            guard let value = number(name) else { return fallback }
            guard value > 0, value <= 1000 else {
                unreadable(name, attributes[name] ?? "")
                return fallback
            }
            return Priority(Float(value))
        }
        func placeholder(_ name: String) -> PlaceholderIntrinsicSize? {
            if attributes[name] == "infinite" { return PlaceholderIntrinsicSize.none }
            return number(name).map { .length($0) }
        }
        func named<T>(_ name: String, _ parse: (String) -> T?) -> T? {
            guard let text = attributes[name] else { return nil }
            guard let value = parse(text) else {
                unreadable(name, text)
                return nil
            }
            return value
        }

        view.translatesAutoresizingMaskIntoConstraints = flag("translatesAutoresizingMaskIntoConstraints") ?? true
        view.isHidden = flag("hidden") ?? false
        view.insetsLayoutMarginsFromSafeArea = flag("insetsLayoutMarginsFromSafeArea")
        view.preservesSuperviewLayoutMargins = flag("preservesSuperviewLayoutMargins")
        view.contentHugging = AxisPriorities(horizontal: priority("horizontalHuggingPriority", default: .defaultLow),
                                             vertical: priority("verticalHuggingPriority", default: .defaultLow))
        view.compressionResistance = AxisPriorities(
            horizontal: priority("horizontalCompressionResistancePriority", default: .defaultHigh),
            vertical: priority("verticalCompressionResistancePriority", default: .defaultHigh))
        view.flags = InterfaceFlags(isMisplaced: flag("misplaced") ?? false, isAmbiguous: flag("ambiguous") ?? false,
                                    hasFixedFrame: flag("fixedFrame") ?? false,
                                    placeholderIntrinsicWidth: placeholder("placeholderIntrinsicWidth"),
                                    placeholderIntrinsicHeight: placeholder("placeholderIntrinsicHeight"),
                                    preferredMaxLayoutWidth: number("preferredMaxLayoutWidth"))
        if flag("layoutMarginsFollowReadableWidth") == true {
            scene.note(id, views: [id], line: line, .notModelled("layoutMarginsFollowReadableWidth=\"YES\""))
        }
        if let direction = attributes["semanticContentAttribute"], direction != "unspecified" {
            scene.note(id, views: [id], line: line, .notModelled("semanticContentAttribute=\"\(direction)\""))
        }
        switch view.kind {
        case .imageView:
            view.image = attributes["image"]
        case .label:
            var lines = 1
            if let text = attributes["numberOfLines"] {
                if let value = Int(text), value >= 0 { lines = value } else { unreadable("numberOfLines", text) }
            }
            view.label = LabelProperties(numberOfLines: lines)
        case .stackView:
            view.stackView = StackViewProperties(
                axis: named("axis", Axis.init(rawValue:)) ?? .horizontal,
                distribution: named("distribution", StackViewProperties.Distribution.init(rawValue:)) ?? .fill,
                alignment: named("alignment", StackViewProperties.Alignment.init(interfaceBuilderName:)) ?? .fill,
                spacing: number("spacing") ?? 0,
                isBaselineRelativeArrangement: flag("baselineRelativeArrangement") ?? false,
                isLayoutMarginsRelativeArrangement: flag("layoutMarginsRelativeArrangement") ?? false)
        case .tableViewCell:
            view.tableCell = TableCellProperties(
                style: named("style", TableCellProperties.Style.init(rawValue:)) ?? .custom,
                textLabel: attributes["textLabel"], detailTextLabel: attributes["detailTextLabel"],
                imageView: attributes["imageView"], accessoryType: attributes["accessoryType"].flatMap { $0 == "none" ? nil : $0 },
                reuseIdentifier: attributes["reuseIdentifier"], rowHeight: number("rowHeight"))
        default:
            break
        }
        if view.kind.isScrollView {
            view.scrollView = ScrollViewProperties(contentInsetAdjustmentBehavior: attributes["contentInsetAdjustmentBehavior"])
        }
    }

    /// `<rect key="frame" x y width height>`, or an Xcode 8 file's `<frame key="frameInset">`
    /// given by its origin and size (one given by insets from the superview has no size of its own).
    private func frame(_ element: XMLElement, of id: String, in scene: SceneBuilder) -> LayoutRect? {
        let isInset = element.name == "frame"
        var values: [Double] = []
        for name in isInset ? ["minX", "minY", "width", "height"] : ["x", "y", "width", "height"] {
            guard let text = element.attribute(name) else {
                if isInset { return nil }
                values.append(0)
                continue
            }
            guard let value = SceneElements.number(text) else {
                scene.note(id, views: [id], line: element.line, .valueUnreadable(attribute: "<\(element.name)> \(name)", value: text))
                return nil
            }
            values.append(value)
        }
        return LayoutRect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    private func color(_ attributes: [String: String], of id: String, line: Int, in scene: SceneBuilder) -> InterfaceColor? {
        if let name = attributes["systemColor"] ?? attributes["cocoaTouchSystemColor"] { return .system(name) }
        if let name = attributes["name"] { return .named(name) }
        let colorSpace = attributes["customColorSpace"] ?? attributes["colorSpace"]
        let alpha = attributes["alpha"].flatMap(SceneElements.number) ?? 1
        if let red = attributes["red"].flatMap(SceneElements.number), let green = attributes["green"].flatMap(SceneElements.number),
           let blue = attributes["blue"].flatMap(SceneElements.number) {
            return .rgb(red: red, green: green, blue: blue, alpha: alpha, colorSpace: colorSpace)
        }
        if let white = attributes["white"].flatMap(SceneElements.number) {
            return .white(white: white, alpha: alpha, colorSpace: colorSpace)
        }
        let written = attributes.filter { $0.key != "key" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        scene.note(id, views: [id], line: line, .valueUnreadable(attribute: "<color key=\"backgroundColor\">", value: written.joined(separator: " ")))
        return nil
    }

    private func margins(_ attributes: [String: String], directional: Bool, of id: String, line: Int,
                         in scene: SceneBuilder) -> LayoutMargins? {
        var values: [Double] = []
        for name in directional ? ["top", "leading", "bottom", "trailing"] : ["top", "left", "bottom", "right"] {
            let text = attributes[name] ?? "0"
            guard let value = SceneElements.number(text) else {
                scene.note(id, views: [id], line: line, .valueUnreadable(attribute: "layoutMargins \(name)", value: text))
                return nil
            }
            values.append(value)
        }
        return LayoutMargins(insets: LayoutInsets(top: values[0], left: values[1], bottom: values[2], right: values[3]),
                             isDirectional: directional)
    }

    /// A `<variation>`: the base size class's (`key="default"`) masks go into the scene's
    /// exclusions; any other is kept.
    private func variation(_ element: XMLElement, in scene: SceneBuilder) -> TraitVariation? {
        let key = element.attribute("key") ?? ""
        var variation = TraitVariation(key: key)
        for attribute in element.attributes where attribute.name != "key" {
            variation.attributes[attribute.name] = attribute.value
        }
        for mask in element.elements where mask.name == "mask" {
            for reference in mask.elements {
                guard let id = reference.attribute("reference") else { continue }
                switch (mask.attribute("key"), reference.name) {
                case ("constraints"?, "include"): variation.includedConstraints.append(id)
                case ("constraints"?, "exclude"): variation.excludedConstraints.append(id)
                case ("subviews"?, "include"): variation.includedSubviews.append(id)
                case ("subviews"?, "exclude"): variation.excludedSubviews.append(id)
                default: break
                }
            }
        }
        guard key == "default" else { return variation }
        scene.excludedByDefault.formUnion(variation.excludedConstraints + variation.excludedSubviews)
        return nil
    }

    // MARK: Constraints

    /// A `<constraint>` held by the view `holder`; nil for a placeholder (removed at build
    /// time, as Xcode does), past the scene's cap, or when it cannot be read (with a note).
    private func readConstraint(_ element: XMLElement, holder: String, in scene: SceneBuilder) -> Constraint? {
        guard element.attribute("placeholder") != "YES" else { return nil }
        let limit = InterfaceBuilderScenes.maximumConstraintsPerScene
        guard scene.constraintCount < limit else {
            if !scene.reachedConstraintLimit {
                scene.reachedConstraintLimit = true
                scene.note(scene.owner, views: [], line: element.line, .constraintLimitReached(limit: limit))
            }
            return nil
        }
        scene.constraintCount += 1
        let id = element.attribute("id") ?? "\(holder).constraint@\(element.line)"
        let firstItem = element.attribute("firstItem") ?? holder
        let secondItem = element.attribute("secondItem")
        let concerned = Array(Set([firstItem, holder] + (secondItem.map { [$0] } ?? []))).sorted()
        func failed(_ reason: SceneNote.Reason) -> Constraint? {
            scene.note(id, views: concerned, line: element.line, reason)
            return nil
        }
        guard let firstName = element.attribute("firstAttribute") else { return failed(.constraintIncomplete(missing: "firstAttribute")) }
        guard let firstAttribute = Attribute(interfaceBuilderName: firstName) else { return failed(.constraintAttributeUnknown(firstName)) }
        var secondAttribute: Attribute?
        switch (secondItem, element.attribute("secondAttribute")) {
        case (nil, nil):
            break
        case (_?, let name?):
            guard let attribute = Attribute(interfaceBuilderName: name) else { return failed(.constraintAttributeUnknown(name)) }
            secondAttribute = attribute
        case (_?, nil):
            return failed(.constraintIncomplete(missing: "secondAttribute"))
        case (nil, _?):
            return failed(.constraintIncomplete(missing: "secondItem"))
        }
        var relation = Relation.equal
        if let name = element.attribute("relation") {
            guard let value = Relation(rawValue: name) else { return failed(.constraintRelationUnknown(name)) }
            relation = value
        }
        var multiplier = 1.0
        if let text = element.attribute("multiplier") {
            guard let value = Constraint.multiplier(from: text) else { return failed(.valueUnreadable(attribute: "multiplier", value: text)) }
            multiplier = value
        }
        var constant = 0.0
        if let text = element.attribute("constant") {
            guard let value = SceneElements.number(text) else { return failed(.valueUnreadable(attribute: "constant", value: text)) }
            constant = value
        }
        var priority = Priority.required
        if let text = element.attribute("priority") {
            guard let value = SceneElements.number(text), value > 0, value <= 1000 else {
                return failed(.valueUnreadable(attribute: "priority", value: text))
            }
            priority = Priority(Float(value))
        }
        let variations = element.elements.filter { $0.name == "variation" }.compactMap { variation($0, in: scene) }
        return Constraint(id: id, firstItem: firstItem, firstAttribute: firstAttribute, relation: relation, secondItem: secondItem,
                          secondAttribute: secondAttribute, multiplier: multiplier, constant: constant, priority: priority,
                          isSymbolic: element.attribute("symbolic") == "YES", holder: holder,
                          identifier: element.attribute("identifier"), variations: variations, line: element.line)
    }
}
