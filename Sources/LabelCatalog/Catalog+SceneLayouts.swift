import AutoLayout
import LabelJSON
import LabelLayout
import LabelModel

/// A scene of the catalog laid out for one text of its labels on one device: every view's
/// frame in the root view, and each label's layout where it was placed — what a picture of the
/// scene shows (docs/autolayout.md, "Pictures of scenes").
public struct SceneLayout: Sendable {
    /// The file as label names spell it (`Main.storyboard`) and the scene's id in it.
    public var file: String
    public var sceneID: String
    /// The stored scene: its views, their colours and images.
    public var scene: Scene
    /// The device's name ("" for the canvas the scene was designed at, when that is no device
    /// of the table).
    public var device: String
    /// The device's pixels per point; nil for a canvas of no device of the table.
    public var deviceScale: Int?
    public var locale: String
    public var variant: String
    public var category: ContentSizeCategory
    /// The root view's size, in points.
    public var size: LayoutSize
    /// The frame of every view shown, in the root view's coordinates: Auto Layout's where the
    /// scene was solved, else the frames Interface Builder saved. Views not installed are left out.
    public var frames: [String: LayoutRect]
    /// Why the scene keeps the frames Interface Builder saved; nil when it was solved.
    public var unsolvedReason: String?
    /// The scene's labels the catalog has, in scene order.
    public var labels: [SceneLabelLayout]
    /// `SceneInputs.inputHash`: equal hashes, equal layouts.
    public var inputHash: String

    /// `FILE/SCENE`, as `scenes(matching:)` matches it.
    public var name: String { "\(file)/\(sceneID)" }
}

/// A label of a scene, laid out where the scene placed it.
public struct SceneLabelLayout: Sendable {
    /// The catalog's label and its view id in the scene.
    public var label: String
    public var view: String
    /// The definition the text was laid out with (its frame the one the scene gave it, in its
    /// superview's coordinates).
    public var definition: LabelDefinition
    /// The layout; nil when the label cannot be laid out (`error` says why).
    public var layout: ComputedLayout?
    public var error: String?
    /// Where it is, in the root view's coordinates.
    public var frameInRoot: LayoutRect
    /// True when the label or a view holding it is hidden: not drawn.
    public var isHidden: Bool
    /// What is wrong with it, as `check` names it: `truncated`, `lines` or `shrunk` from its
    /// text, `clipped`, `unsatisfiable`, `ambiguous` from the scene.
    public var findings: [FindingKind]
}

/// Reads the inputs of scenes for many texts (`Catalog.sceneInputs`), reading each scene and
/// resolving its labels once. Use it from the catalog's thread.
public struct SceneInputsReader {
    private let catalog: Catalog
    private var resolver: LabelResolver
    private var scenes: [SceneRef: (entry: SceneEntry, scene: Scene, json: String, definitions: [String: LabelDefinition],
                                    resolveErrors: [String: String])] = [:]

    public init(catalog: Catalog) throws {
        try catalog.refreshSettings()
        self.catalog = catalog
        resolver = LabelResolver(tokens: try catalog.tokenSet())
    }

    /// What the scene's layout for one text on one device comes from (see `Catalog.sceneLayout`).
    public mutating func inputs(file: String, scene sceneID: String, locale: String = "", variant: String = "",
                                category: ContentSizeCategory? = nil, device deviceName: String? = nil) throws -> SceneInputs {
        let ref = SceneRef(file: file, scene: sceneID)
        if scenes[ref] == nil {
            guard let entry = try catalog.readSceneEntry(ref) else {
                throw CatalogError.invalidInput("the catalog has no scene '\(file)/\(sceneID)'")
            }
            let scene: Scene
            switch entry.scene {
            case .success(let read): scene = read
            case .failure(let error): throw CatalogError.invalidInput("the stored scene '\(file)/\(sceneID)' cannot be read: \(error)")
            }
            let records = try catalog.records(for: entry.labels.values.sorted())
            var definitions: [String: LabelDefinition] = [:]
            var resolveErrors: [String: String] = [:]
            for (view, label) in entry.labels {
                guard let record = records[label] else { continue }
                do { definitions[view] = try resolver.resolve(record).definition } catch { resolveErrors[view] = "\(error)" }
            }
            scenes[ref] = (entry, scene, scene.json.jsonString(), definitions, resolveErrors)
        }
        let (entry, scene, json, definitions, resolveErrors) = scenes[ref]!
        let category = category ?? catalog.contentSizeCategories[0]
        var device: Device?
        if let deviceName, !deviceName.isEmpty {
            guard let known = Device(named: deviceName) else {
                throw CatalogError.invalidInput("no device is named '\(deviceName)' (devices: \(Device.all.map(\.name).joined(separator: ", ")))")
            }
            device = known
        } else {
            device = entry.canvasDevice.flatMap(Device.init(named:))
        }
        var hasher = StableHasher()
        hasher.combine("labelcat-scene-layout")
        hasher.combine(json)
        for name in entry.imageSizes.keys.sorted() {
            hasher.combine(name)
            hasher.combine("\(entry.imageSizes[name]!.width)x\(entry.imageSizes[name]!.height)")
        }
        hasher.combine(device?.name ?? "")
        hasher.combine(LayoutEngine.version)
        for view in entry.labels.keys.sorted() {
            hasher.combine(view)
            hasher.combine(entry.labels[view]!)
            if let definition = definitions[view] {
                hasher.combine((try? catalog.engine.inputHash(definition, locale: locale, variant: variant, category: category)) ?? "")
            } else {
                hasher.combine(resolveErrors[view] ?? "missing")
            }
        }
        return SceneInputs(file: file, sceneID: sceneID, scene: scene, imageSizes: entry.imageSizes, device: device, locale: locale,
                           variant: variant, category: category, labels: entry.labels, definitions: definitions,
                           resolveErrors: resolveErrors, inputHash: hasher.hexDigest)
    }
}

/// What a scene's layout for one text comes from: the stored scene, the device, the labels'
/// resolved definitions. Read from the catalog by `Catalog.sceneInputs`; solved by `layout`.
public struct SceneInputs: Sendable {
    public var file: String
    public var sceneID: String
    public var scene: Scene
    var imageSizes: [String: LayoutSize]
    public var device: Device?
    public var locale: String
    public var variant: String
    public var category: ContentSizeCategory
    /// The catalog's labels of the scene, by view id.
    var labels: [String: String]
    var definitions: [String: LabelDefinition]
    var resolveErrors: [String: String]
    /// A hash of all of it (the scene, its images, the device, each label's layout inputs):
    /// equal hashes, equal layouts. `SceneLayout.inputHash`.
    public var inputHash: String

    /// `FILE/SCENE`.
    public var name: String { "\(file)/\(sceneID)" }

    /// The scene solved with Auto Layout for the labels' texts (the frames Interface Builder
    /// saved when it cannot be), and each label laid out where it was placed.
    public func layout(engine: LayoutEngine) -> SceneLayout {
        let measurer = EngineMeasurer(definitions: definitions, engine: engine, locale: locale, variant: variant, category: category)
        let solved = Result { () throws(SceneSolverError) in
            try SceneSolver(scene: scene, device: device, imageSizes: imageSizes).solve(measuring: measurer)
        }
        var frames: [String: LayoutRect] = [:]
        var size: LayoutSize
        var unsolvedReason: String?
        switch solved {
        case .success(let solved):
            for (id, frame) in solved.views { frames[id] = frame.frameInRoot }
            size = solved.rootSize
        case .failure(let error):
            unsolvedReason = "\(error)"
            frames = Catalog.savedFramesInRoot(scene.root)
            size = scene.root.frame.map { LayoutSize(width: $0.width, height: $0.height) }
                ?? device?.size ?? scene.canvas.freeformSize ?? LayoutSize(width: 0, height: 0)
        }
        let hidden = Catalog.hiddenViews(scene.root)
        var labelLayouts: [SceneLabelLayout] = []
        for view in scene.labels {
            guard let label = labels[view.id] else { continue }
            let solvedLabel = try? solved.get().label(view.id)
            guard let frameInRoot = solvedLabel?.frame.frameInRoot ?? frames[view.id] else { continue }
            guard var definition = definitions[view.id] else {
                labelLayouts.append(SceneLabelLayout(label: label, view: view.id, definition: LabelDefinition(name: label, frame: .zero),
                                                     layout: nil, error: resolveErrors[view.id] ?? "the label is not in the catalog",
                                                     frameInRoot: frameInRoot, isHidden: hidden.contains(view.id), findings: [.error]))
                continue
            }
            if let solvedLabel, case .autoLayout = solvedLabel.frameSource {
                definition.frame = Rect(solvedLabel.frame.frame)
                definition.isSelfSizing = false
                if let scale = device?.scale { definition.scale = scale }
            }
            var findings: [FindingKind] = []
            var layout: ComputedLayout?
            var error: String?
            do {
                let computed = try engine.layout(definition, locale: locale, variant: variant, category: category)
                layout = computed
                let shown = computed.lineCount
                let hides = computed.truncated || computed.neededLineCount > shown
                let limit = definition.numberOfLines > 0 ? definition.numberOfLines : Int.max
                if hides {
                    if shown >= limit { findings.append(.truncated) } else if !definition.isSelfSizing { findings.append(.lines) }
                } else if computed.shrunk {
                    findings.append(.shrunk)
                }
            } catch let failure {
                error = "\(failure)"
                findings.append(.error)
            }
            for finding in solvedLabel?.findings ?? [] {
                if let kind = FindingKind(rawValue: finding.kind), !findings.contains(kind) { findings.append(kind) }
            }
            let isHidden = solvedLabel?.isHidden ?? hidden.contains(view.id)
            labelLayouts.append(SceneLabelLayout(label: label, view: view.id, definition: definition, layout: layout, error: error,
                                                 frameInRoot: frameInRoot, isHidden: isHidden, findings: isHidden ? [] : findings))
        }
        return SceneLayout(file: file, sceneID: sceneID, scene: scene, device: device?.name ?? "", deviceScale: device?.scale,
                           locale: locale, variant: variant, category: category, size: size, frames: frames,
                           unsolvedReason: unsolvedReason, labels: labelLayouts, inputHash: inputHash)
    }
}

extension Catalog {
    /// Every label of a scene: its scene's file and id, and its view id in the scene.
    public func sceneLinks() throws -> [String: (file: String, scene: String, view: String)] {
        let statement = try database.statement("SELECT label, file, scene, view FROM scene_labels")
        defer { statement.reset() }
        var links: [String: (file: String, scene: String, view: String)] = [:]
        while try statement.step() {
            links[statement.text(0) ?? ""] = (statement.text(1) ?? "", statement.text(2) ?? "", statement.text(3) ?? "")
        }
        return links
    }

    /// The scenes whose `FILE/SCENE` matches a glob (`Main.storyboard/*`), sorted.
    public func scenes(matching glob: String) throws -> [(file: String, scene: String)] {
        let statement = try database.statement("SELECT file, scene FROM scenes WHERE file || '/' || scene GLOB ? ORDER BY file, scene")
        defer { statement.reset() }
        try statement.bind([.text(glob)])
        var found: [(file: String, scene: String)] = []
        while try statement.step() { found.append((statement.text(0) ?? "", statement.text(1) ?? "")) }
        return found
    }

    /// A scene laid out for one text of its labels (locale "" = base texts; a label without a
    /// text in the locale shows its base text, as the app would) on a device (nil: the one it
    /// was designed at) at a content size category (nil: the first the catalog keeps). The
    /// labels are laid out fresh from their definitions, as a recompute would store them.
    public func sceneLayout(file: String, scene sceneID: String, locale: String = "", variant: String = "",
                            category: ContentSizeCategory? = nil, device deviceName: String? = nil) throws -> SceneLayout {
        try sceneInputs(file: file, scene: sceneID, locale: locale, variant: variant, category: category, device: deviceName)
            .layout(engine: engine)
    }

    /// What a scene's layout for one text comes from, read from the catalog (see `sceneLayout`);
    /// `SceneInputs.layout(engine:)` solves it, on any thread.
    public func sceneInputs(file: String, scene sceneID: String, locale: String = "", variant: String = "",
                            category: ContentSizeCategory? = nil, device deviceName: String? = nil) throws -> SceneInputs {
        var reader = try SceneInputsReader(catalog: self)
        return try reader.inputs(file: file, scene: sceneID, locale: locale, variant: variant, category: category, device: deviceName)
    }

    /// The frames Interface Builder saved, moved into the root view's coordinates; views not
    /// installed (and those inside them) are left out.
    static func savedFramesInRoot(_ root: View) -> [String: LayoutRect] {
        var frames: [String: LayoutRect] = [:]
        func visit(_ view: View, origin: (x: Double, y: Double), isRoot: Bool) {
            guard view.isInstalled else { return }
            let saved = view.frame ?? LayoutRect(x: 0, y: 0, width: 0, height: 0)
            let x = isRoot ? 0 : origin.x + saved.x, y = isRoot ? 0 : origin.y + saved.y
            frames[view.id] = LayoutRect(x: x, y: y, width: saved.width, height: saved.height)
            for subview in view.subviews { visit(subview, origin: (x, y), isRoot: false) }
        }
        visit(root, origin: (0, 0), isRoot: true)
        return frames
    }

    /// The views that are hidden or inside a hidden view.
    static func hiddenViews(_ root: View) -> Set<String> {
        var hidden: Set<String> = []
        func visit(_ view: View, inHidden: Bool) {
            let isHidden = inHidden || view.isHidden
            if isHidden { hidden.insert(view.id) }
            for subview in view.subviews { visit(subview, inHidden: isHidden) }
        }
        visit(root, inHidden: false)
        return hidden
    }
}
