import AutoLayout
import LabelJSON
import LabelLayout
import LabelModel

/// A scene of the catalog: its file (as label names spell it, `Main.storyboard`) and its id
/// in the file.
struct SceneRef: Sendable, Hashable {
    var file: String
    var scene: String
}

/// Where a label of a scene was placed on one device, as its layout rows record it
/// (docs/autolayout.md, "In the catalog").
struct ScenePlacement: Sendable, Hashable {
    /// The device's name ("" when the scene's canvas is no device of the table).
    var device: String
    /// The frame in the root view's coordinates.
    var frame: Rect
    /// `autoLayout` or `saved`.
    var source: String
    /// For `saved`: why, as JSON `{"code", "description"}`.
    var reason: String?
    /// What solving found, as a JSON array; nil for nothing.
    var findings: String?
    /// The frame the engine lays the text out in (in its superview's coordinates) and the
    /// device's pixel scale, when Auto Layout placed it; nil keeps the definition's frame.
    var solvedFrame: Rect?
    var scale: Int?

    /// The definition laid out in the placement's frame.
    func apply(to definition: inout LabelDefinition) {
        guard let solvedFrame else { return }
        definition.frame = solvedFrame
        definition.isSelfSizing = false
        if let scale { definition.scale = scale }
    }

    /// What solving found, read back from `findings`.
    var sceneFindings: [SceneFinding] {
        SceneFinding.list(fromJSON: findings)
    }

    /// The columns a stored row holds (the solved frame in the superview is not stored).
    var stored: ScenePlacement {
        ScenePlacement(device: device, frame: frame, source: source, reason: reason, findings: findings)
    }
}

/// What is stored of a scene, read for a recompute.
struct SceneEntry: Sendable {
    /// The scene, or why its JSON could not be read back.
    var scene: Result<Scene, SceneJSONError>
    var imageSizes: [String: LayoutSize]
    /// The name of the device it was designed at; nil for a canvas of no known device.
    var canvasDevice: String?
    /// The catalog's labels of the scene, by view id.
    var labels: [String: String]
}

/// One solve of a scene: on a device, for the texts of one locale, variant and category.
struct SceneSolveKey: Sendable, Hashable {
    var scene: SceneRef
    var device: String
    var locale: String
    var variant: String
    var category: ContentSizeCategory
}

/// The scenes of a recompute chunk's labels (read with the chunk) and each solve the chunk
/// needs, made once per scene × device × locale × variant × category before the chunk's
/// labels are laid out.
final class SceneContext: @unchecked Sendable {
    /// Each label of the chunk in a scene, and every other label of those scenes: its scene
    /// and view id.
    let links: [String: (scene: SceneRef, view: String)]
    let entries: [SceneRef: SceneEntry]
    /// Records of the scenes' labels that are not in the chunk (their texts are measured too).
    let otherRecords: [String: LabelRecord]
    /// Filled by `solve`, read by the workers afterwards.
    private(set) var solved: [SceneSolveKey: Result<SolvedScene, SceneSolverError>] = [:]

    init(links: [String: (scene: SceneRef, view: String)], entries: [SceneRef: SceneEntry], otherRecords: [String: LabelRecord]) {
        self.links = links
        self.entries = entries
        self.otherRecords = otherRecords
    }

    /// The devices a label's layouts are kept for: for a label of a scene, each device of the
    /// `devices` setting, or the one its file was designed at; "" for a label in no scene.
    func devices(ofLabel label: String, settings: CatalogSettings) -> [String] {
        guard let link = links[label], let entry = entries[link.scene] else { return [""] }
        return settings.devices.isEmpty ? [entry.canvasDevice ?? ""] : settings.devices.map(\.name)
    }

    /// Solves every scene × device × text × category that the items' layouts need, on all
    /// cores (a scene's solves on one worker: they share its solver).
    func solve(_ items: [RecomputeItem], records: [String: LabelRecord], resolvers: ResultSlots<LabelResolver>,
               settings: CatalogSettings, engine: LayoutEngine) {
        var layouts: [String: [LayoutKey]] = [:]
        for item in items {
            guard links[item.label] != nil, let record = records[item.label] else { continue }
            let locales = item.locales.map { Set($0.flatMap(settings.localesReached(by:))) }
            layouts[item.label] = Catalog.layoutKeys(texts: settings.textKeys(of: record).filter { locales?.contains($0.locale) ?? true },
                                                     settings: settings, devices: devices(ofLabel: item.label, settings: settings))
        }
        let wanted = solves(for: layouts)
        let scenes = wanted.keys.sorted { ($0.file, $0.scene) < ($1.file, $1.scene) }
        guard !scenes.isEmpty else { return }
        let keysByScene = wanted
        let slots = ResultSlots<[(SceneSolveKey, Result<SolvedScene, SceneSolverError>)]>(count: scenes.count)
        EveryCore.run(items: scenes.count) { worker, claimed in
            var resolver = resolvers.take(worker)
            defer { resolvers.set(worker, resolver) }
            while let index = claimed.next() {
                slots.set(index, solveScene(scenes[index], keys: keysByScene[scenes[index]]!, records: records, resolver: &resolver,
                                            engine: engine))
            }
        }
        for results in slots.takeAll() { for (key, result) in results { solved[key] = result } }
    }

    /// Solves the scenes of `keys`' labels for those layouts, measuring the labels of `records`
    /// as they are there (texts being tried, not stored) and the scenes' other labels as stored:
    /// what `placement` then answers for them.
    func solve(_ keys: [String: [LayoutKey]], records: [String: LabelRecord], resolver: inout LabelResolver, engine: LayoutEngine) {
        for (scene, sceneKeys) in solves(for: keys) {
            for (key, result) in solveScene(scene, keys: sceneKeys, records: records, resolver: &resolver, engine: engine) {
                solved[key] = result
            }
        }
    }

    /// The solves that labels' layouts (each label's, with their devices) need, by scene.
    private func solves(for layouts: [String: [LayoutKey]]) -> [SceneRef: Set<SceneSolveKey>] {
        var wanted: [SceneRef: Set<SceneSolveKey>] = [:]
        for (label, keys) in layouts {
            guard let link = links[label] else { continue }
            for key in keys {
                wanted[link.scene, default: []].insert(SceneSolveKey(scene: link.scene, device: key.device, locale: key.locale,
                                                                     variant: key.variant, category: key.category))
            }
        }
        return wanted
    }

    private func solveScene(_ ref: SceneRef, keys: Set<SceneSolveKey>, records: [String: LabelRecord],
                            resolver: inout LabelResolver, engine: LayoutEngine) -> [(SceneSolveKey, Result<SolvedScene, SceneSolverError>)] {
        guard let entry = entries[ref], case .success(let scene) = entry.scene else { return [] }
        var definitions: [String: LabelDefinition] = [:]
        for (view, label) in entry.labels {
            guard let record = records[label] ?? otherRecords[label], let resolved = try? resolver.resolve(record) else { continue }
            definitions[view] = resolved.definition
        }
        var solvers: [String: Result<SceneSolver, SceneSolverError>] = [:]
        var results: [(SceneSolveKey, Result<SolvedScene, SceneSolverError>)] = []
        for key in keys.sorted(by: { ($0.device, $0.locale, $0.variant, $0.category) < ($1.device, $1.locale, $1.variant, $1.category) }) {
            if solvers[key.device] == nil {
                let device = key.device.isEmpty ? nil : Device(named: key.device)
                solvers[key.device] = Result { () throws(SceneSolverError) in
                    try SceneSolver(scene: scene, device: device, imageSizes: entry.imageSizes)
                }
            }
            let measurer = EngineMeasurer(definitions: definitions, engine: engine, locale: key.locale, variant: key.variant,
                                          category: key.category)
            results.append((key, solvers[key.device]!.flatMap { solver in
                Result { () throws(SceneSolverError) in try solver.solve(measuring: measurer) }
            }))
        }
        return results
    }

    /// Where a label was placed for one of its layouts; nil for a label in no scene.
    func placement(of label: String, key: LayoutKey) -> ScenePlacement? {
        guard let link = links[label] else { return nil }
        let solveKey = SceneSolveKey(scene: link.scene, device: key.device, locale: key.locale, variant: key.variant,
                                     category: key.category)
        func saved(_ code: String, _ description: String, frame: Rect = .zero) -> ScenePlacement {
            ScenePlacement(device: key.device, frame: frame, source: "saved",
                           reason: JSONValue.object(JSONObject([("code", .string(code)), ("description", .string(description))])).jsonString())
        }
        guard let entry = entries[link.scene] else { return saved("sceneMissing", "the scene is not in the catalog") }
        if case .failure(let error) = entry.scene { return saved("sceneUnreadable", "the stored scene cannot be read: \(error)") }
        switch solved[solveKey] {
        case nil:
            return saved("notSolved", "the scene was not solved")
        case .failure(let error)?:
            return saved("solverFailed", "\(error)")
        case .success(let scene)?:
            guard let solvedLabel = scene.label(link.view) else {
                return saved("viewMissing", "view \(link.view) is not in its scene")
            }
            let frame = Rect(solvedLabel.frame.frameInRoot)
            switch solvedLabel.frameSource {
            case .autoLayout:
                let findings = solvedLabel.findings.isEmpty ? nil
                    : JSONValue.array(solvedLabel.findings.map(\.catalogJSON)).jsonString()
                return ScenePlacement(device: key.device, frame: frame, source: "autoLayout", findings: findings,
                                      solvedFrame: Rect(solvedLabel.frame.frame), scale: scene.device?.scale)
            case .saved(let reason):
                return saved(reason.code, reason.description, frame: frame)
            }
        }
    }
}

/// Measures a scene's labels with the engine, at one locale, variant and content size category:
/// `sizeThatFits`, the width given (or none) and any height.
struct EngineMeasurer: LabelTextMeasuring {
    /// The labels' resolved definitions, by view id.
    let definitions: [String: LabelDefinition]
    let engine: LayoutEngine
    let locale: String
    let variant: String
    let category: ContentSizeCategory

    func metrics(of label: View, width: Double?, scale: Int) -> LabelTextMetrics? {
        guard var definition = definitions[label.id] else { return nil }
        definition.scale = scale
        definition.frame = Rect(x: 0, y: 0, width: width ?? 1_000_000, height: 0)
        definition.isSelfSizing = true
        guard let layout = try? engine.layout(definition, locale: locale, variant: variant, category: category) else { return nil }
        return LabelTextMetrics(size: LayoutSize(width: layout.intrinsicSize.width, height: layout.intrinsicSize.height),
                                firstBaseline: layout.lines.first?.baseline ?? 0, lastBaseline: layout.lines.last?.baseline ?? 0)
    }
}

extension Rect {
    init(_ rect: LayoutRect) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }
}

extension LabelFinding {
    /// The finding as a layout row's `scene_findings` hold it: its kind, what it says, and
    /// its details.
    var catalogJSON: JSONValue {
        var object = JSONObject([("kind", .string(kind)), ("message", .string(message))])
        switch self {
        case .clipped(let clipped):
            object["boundary"] = .string(clipped.boundary.rawValue)
            object["overflow"] = .object(JSONObject([("top", .number(clipped.overflow.top)), ("left", .number(clipped.overflow.left)),
                                                     ("bottom", .number(clipped.overflow.bottom)),
                                                     ("right", .number(clipped.overflow.right))]))
        case .unsatisfiable(let conflict):
            object["broken"] = .string(conflict.broken.description)
            object["conflicting"] = .array(conflict.conflicting.map { .string($0.description) })
        case .ambiguous(let attributes):
            object["attributes"] = .array(attributes.map { .string($0.rawValue) })
        }
        return .object(object)
    }

    /// One sentence for people.
    var message: String {
        switch self {
        case .clipped(let clipped):
            let edges = [("top", clipped.overflow.top), ("left", clipped.overflow.left), ("bottom", clipped.overflow.bottom),
                         ("right", clipped.overflow.right)].filter { $0.1 > 0.01 }
                .map { "\(Self.points($0.1)) pt past the \($0.0)" }
            return "reaches past its \(clipped.boundary == .screen ? "screen" : "superview"): " + edges.joined(separator: ", ")
        case .unsatisfiable(let conflict):
            return "unsatisfiable constraints: UIKit \(conflict)"
        case .ambiguous(let attributes):
            return "ambiguous layout: " + attributes.map(\.rawValue).joined(separator: ", ") + " not determined"
        }
    }

    private static func points(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

extension Catalog {
    /// The scenes of `records`' labels, with the other labels of those scenes (and their
    /// records); nil when none of them is in a scene.
    func sceneContext(for records: [String: LabelRecord]) throws -> SceneContext? {
        guard try database.scalarInt("SELECT EXISTS (SELECT 1 FROM scene_labels)") == 1 else { return nil }
        let names = JSONValue.array(records.keys.sorted().map(JSONValue.string)).jsonString()
        let linked = try database.statement("""
            SELECT DISTINCT file, scene FROM scene_labels WHERE label IN (SELECT value FROM json_each(?))
            """)
        try linked.bind([.text(names)])
        var refs: [SceneRef] = []
        while try linked.step() { refs.append(SceneRef(file: linked.text(0) ?? "", scene: linked.text(1) ?? "")) }
        guard !refs.isEmpty else { return nil }
        var links: [String: (scene: SceneRef, view: String)] = [:]
        var entries: [SceneRef: SceneEntry] = [:]
        for ref in refs {
            guard let entry = try readSceneEntry(ref) else { continue }
            for (view, label) in entry.labels { links[label] = (ref, view) }
            entries[ref] = entry
        }
        let others = links.keys.filter { records[$0] == nil }.sorted()
        return SceneContext(links: links, entries: entries, otherRecords: others.isEmpty ? [:] : try self.records(for: others))
    }

    /// What is stored of one scene (nil when there is no such scene).
    func readSceneEntry(_ ref: SceneRef) throws -> SceneEntry? {
        let sceneRow = try database.statement("SELECT device, json, images FROM scenes WHERE file = ? AND scene = ?")
        defer { sceneRow.reset() }
        try sceneRow.bind([.text(ref.file), .text(ref.scene)])
        guard try sceneRow.step() else { return nil }
        let scene = Result { () throws(SceneJSONError) in try Scene(json: try Self.parseSceneJSON(sceneRow.text(1) ?? "")) }
        let images = (try? JSONValue.parse(sceneRow.text(2) ?? "{}").object) ?? JSONObject()
        var imageSizes: [String: LayoutSize] = [:]
        for (name, size) in images {
            imageSizes[name] = LayoutSize(width: size["width"]?.number ?? 0, height: size["height"]?.number ?? 0)
        }
        var entry = SceneEntry(scene: scene, imageSizes: imageSizes, canvasDevice: sceneRow.text(0), labels: [:])
        let labelsOf = try database.statement("SELECT label, view FROM scene_labels WHERE file = ? AND scene = ?")
        defer { labelsOf.reset() }
        try labelsOf.bind([.text(ref.file), .text(ref.scene)])
        while try labelsOf.step() { entry.labels[labelsOf.text(1) ?? ""] = labelsOf.text(0) ?? "" }
        return entry
    }

    /// A stored scene's JSON text, parsed (a scene edited in by hand that is not JSON is a
    /// `SceneJSONError` like any other).
    static func parseSceneJSON(_ text: String) throws(SceneJSONError) -> JSONValue {
        do { return try JSONValue.parse(text) } catch {
            throw SceneJSONError(path: "", problem: "\(error)")
        }
    }
}

extension Catalog {
    /// The devices a label's layouts are kept for (`SceneContext.devices(ofLabel:settings:)`),
    /// read for one label.
    func layoutDevices(ofLabel name: String) throws -> [String] {
        let statement = try database.statement("""
            SELECT s.device FROM scene_labels l JOIN scenes s ON s.file = l.file AND s.scene = l.scene WHERE l.label = ?
            """)
        defer { statement.reset() }
        try statement.bind([.text(name)])
        guard try statement.step() else { return [""] }
        return settings.devices.isEmpty ? [statement.text(0) ?? ""] : settings.devices.map(\.name)
    }
}

/// Writes the scenes of an import (`scenes`, `scene_labels`), each only when it changed, so
/// that importing an unchanged file writes nothing. Runs inside the import's transaction.
package struct SceneWriter {
    private let database: Database
    private let read: Statement
    private let upsert: Statement
    private let links: Statement
    private let link: Statement
    private let unlink: Statement
    private let labelExists: Statement

    package init(database: Database) throws {
        self.database = database
        read = try database.statement("SELECT design_width, device, json, images FROM scenes WHERE file = ? AND scene = ?")
        upsert = try database.statement("""
            INSERT INTO scenes (file, scene, design_width, device, json, images) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            ON CONFLICT (file, scene) DO UPDATE SET design_width = ?3, device = ?4, json = ?5, images = ?6
            """)
        links = try database.statement("SELECT label, view FROM scene_labels WHERE file = ? AND scene = ?")
        link = try database.statement("""
            INSERT INTO scene_labels (label, file, scene, view) VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT (label) DO UPDATE SET file = ?2, scene = ?3, view = ?4
            """)
        unlink = try database.statement("DELETE FROM scene_labels WHERE label = ?")
        labelExists = try database.statement("SELECT 1 FROM labels WHERE name = ?")
    }

    /// Stores a scene of the file whose labels are named `file/ID`, and ties each of its labels
    /// the catalog has to it. Returns the labels whose layouts it changes (every label of a
    /// changed scene, and labels tied or untied), to be queued.
    package func write(_ scene: Scene, file: String, imageSizes: [String: LayoutSize]) throws -> Set<String> {
        let designWidth = scene.canvas.freeformSize?.width ?? scene.root.frame?.width ?? scene.canvas.device?.size.width
        let usedImages = Set(scene.views.compactMap(\.image))
        var images = JSONObject()
        for name in usedImages.sorted() {
            guard let size = imageSizes[name] else { continue }
            images[name] = .object(JSONObject([("width", .number(size.width)), ("height", .number(size.height))]))
        }
        let values: [SQLValue] = [.text(file), .text(scene.id), designWidth.map { .real($0) } ?? .null,
                                  scene.canvas.device.map { .text($0.name) } ?? .null,
                                  .text(scene.json.jsonString()), images.count == 0 ? .null : .text(JSONValue.object(images).jsonString())]
        read.reset()
        try read.bind([.text(file), .text(scene.id)])
        var changed = true
        if try read.step() {
            let stored: [SQLValue] = [values[0], values[1], read.isNull(0) ? .null : .real(read.double(0)),
                                      read.text(1).map { .text($0) } ?? .null, .text(read.text(2) ?? ""),
                                      read.text(3).map { .text($0) } ?? .null]
            changed = stored != values
        }
        read.reset()
        var touched: Set<String> = []
        var tied: [String: String] = [:]
        links.reset()
        try links.bind([.text(file), .text(scene.id)])
        while try links.step() { tied[links.text(0) ?? ""] = links.text(1) ?? "" }
        links.reset()
        if changed {
            try upsert.run(values[0], values[1], values[2], values[3], values[4], values[5])
            touched.formUnion(tied.keys)
        }
        var wanted: [String: String] = [:]
        for view in scene.labels {
            guard let name = view.labelName(prefix: file) else { continue }
            labelExists.reset()
            try labelExists.bind([.text(name)])
            let exists = try labelExists.step()
            labelExists.reset()
            if exists { wanted[name] = view.id }
        }
        for (label, view) in wanted where tied[label] != view {
            try link.run(.text(label), .text(file), .text(scene.id), .text(view))
            touched.insert(label)
        }
        for label in tied.keys where wanted[label] == nil {
            try unlink.run(.text(label))
            touched.insert(label)
        }
        return touched
    }

    /// Removes the scenes of `file` that are not in `kept` (gone from the file), untying
    /// their labels. Returns those labels.
    package func removeScenes(of file: String, keeping kept: Set<String>) throws -> Set<String> {
        let stored = try database.statement("SELECT scene FROM scenes WHERE file = ?")
        try stored.bind([.text(file)])
        var gone: [String] = []
        while try stored.step() {
            let scene = stored.text(0) ?? ""
            if !kept.contains(scene) { gone.append(scene) }
        }
        stored.reset()
        var touched: Set<String> = []
        for scene in gone {
            links.reset()
            try links.bind([.text(file), .text(scene)])
            while try links.step() { touched.insert(links.text(0) ?? "") }
            links.reset()
            try database.statement("DELETE FROM scene_labels WHERE file = ? AND scene = ?").run(.text(file), .text(scene))
            try database.statement("DELETE FROM scenes WHERE file = ? AND scene = ?").run(.text(file), .text(scene))
        }
        return touched
    }
}
