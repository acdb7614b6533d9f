import AutoLayout
import Foundation
import LabelImport
import LabelLayout

// `labelcat-solver-bench scenes [--device NAME] [--verbose] PATH…`: solves every scene of the
// storyboards and xibs under PATH for the labels' own (base) texts, measured by the engine, and
// reports how many labels Auto Layout places (and why the others keep their saved frames), the
// findings, how far the solved frames are from the frames Interface Builder saved, and the time
// solving takes against the time the engine takes to lay out the same labels, in the same run.

/// What the scenes of one run add up to.
struct SceneTally {
    var files = 0
    var scenes = 0
    var labels = 0
    var solved = 0
    var hidden = 0
    var reasons: [String: Int] = [:]
    var findings: [String: Int] = [:]
    /// For labels solved on the canvas they were designed at: the largest difference of the
    /// solved frame's x, y, width and height from the saved frame.
    var differences: [(label: String, x: Double, y: Double, width: Double, height: Double)] = []
    var solveSeconds = 0.0
    var layoutSeconds = 0.0
    var buildSeconds = 0.0
    var layouts = 0
    var failures: [String] = []
}

func interfaceBuilderFiles(under paths: [String]) -> [String] {
    var files: [String] = []
    for path in paths {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
        if !isDirectory.boolValue {
            files.append(path)
            continue
        }
        let walker = FileManager.default.enumerator(atPath: path)
        while let relative = walker?.nextObject() as? String {
            if relative.hasSuffix(".storyboard") || relative.hasSuffix(".xib") { files.append(path + "/" + relative) }
        }
    }
    return files.sorted()
}

/// The median of `repeats` timings of `body`.
func medianSeconds(_ repeats: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<repeats { times.append(try seconds(body)) }
    return times.sorted()[times.count / 2]
}

func runScenes(_ arguments: [String]) throws {
    var device: Device?
    var verbose = false
    var explain: String?
    var paths: [String] = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
        switch argument {
        case "--device":
            guard let name = rest.popFirst(), let found = Device(named: name) else {
                print("labelcat-solver-bench: --device needs a device name")
                exit(64)
            }
            device = found
        case "--verbose": verbose = true
        case "--explain": explain = rest.popFirst()
        default: paths.append(argument)
        }
    }
    let texts = EngineTexts(engine: LayoutEngine())
    var tally = SceneTally()
    for file in interfaceBuilderFiles(under: paths) {
        let read: (document: SceneDocument, scenes: [Scene])
        do {
            read = try InterfaceBuilderScenes.readAll(path: file)
            try texts.load(path: file)
        } catch {
            tally.failures.append("\(file): \(error)")
            continue
        }
        guard read.document.isIOS else { continue }
        tally.files += 1
        for scene in read.scenes {
            tally.scenes += 1
            var solver: SceneSolver?
            tally.buildSeconds += try seconds { solver = try SceneSolver(scene: scene, device: device, imageSizes: read.document.imageSizes) }
            // Measure once (the cache keeps every text's size), then time solving alone and the
            // engine alone on the same layouts.
            texts.forgetMeasurements()
            let solved = try solver!.solve(measuring: texts)
            tally.solveSeconds += try medianSeconds(5) { _ = try solver!.solve(measuring: texts) }
            let layouts = texts.layouts
            tally.layouts += layouts.count
            tally.layoutSeconds += try medianSeconds(5) { for definition in layouts { _ = try texts.engine.layout(definition) } }
            tally.add(solved, scene: scene, onCanvas: device == nil)
            if let explain, scene.views.contains(where: { $0.id == explain }) { explainScene(scene, solved, solver!) }
        }
    }
    tally.print(verbose: verbose)
}

extension SceneTally {
    mutating func add(_ result: SolvedScene, scene: Scene, onCanvas: Bool) {
        let views = Dictionary(uniqueKeysWithValues: scene.views.map { ($0.id, $0) })
        for label in result.labels {
            labels += 1
            if label.isHidden { hidden += 1 }
            switch label.frameSource {
            case .autoLayout:
                solved += 1
                for finding in label.findings { findings[finding.kind, default: 0] += 1 }
                if onCanvas, let saved = views[label.id]?.frame {
                    let frame = label.frame.frame
                    differences.append(("\(scene.file)/\(label.id)", frame.x - saved.x, frame.y - saved.y,
                                        frame.width - saved.width, frame.height - saved.height))
                }
            case .saved(let reason):
                reasons[reason.code, default: 0] += 1
            }
        }
    }

    func print(verbose: Bool) {
        func share(_ count: Int, _ total: Int) -> Double { total == 0 ? 0 : (Double(count) / Double(total) * 1000).rounded() / 1000 }
        func within(_ limit: Double, _ value: (Double, Double, Double, Double) -> Double) -> Double {
            share(differences.filter { abs(value($0.x, $0.y, $0.width, $0.height)) <= limit }.count, differences.count)
        }
        var summary: [String: Any] = [
            "files": files, "scenes": scenes, "labels": labels, "solved": solved, "solvedShare": share(solved, labels),
            "hidden": hidden, "savedReasons": reasons, "findings": findings,
            "buildMilliseconds": (buildSeconds * 1e6).rounded() / 1e3, "solveMilliseconds": (solveSeconds * 1e6).rounded() / 1e3,
            "layoutMilliseconds": (layoutSeconds * 1e6).rounded() / 1e3, "layouts": layouts,
            "solveToLayout": layoutSeconds > 0 ? (solveSeconds / layoutSeconds * 1000).rounded() / 1000 : 0,
        ]
        if !differences.isEmpty {
            summary["frames"] = [
                "compared": differences.count,
                "widthWithinHalfPoint": within(0.5) { _, _, width, _ in width },
                "widthWithin2Points": within(2) { _, _, width, _ in width },
                "xWithinHalfPoint": within(0.5) { x, _, _, _ in x },
                "heightWithinHalfPoint": within(0.5) { _, _, _, height in height },
                "yWithinHalfPoint": within(0.5) { _, y, _, _ in y },
                "allWithin2Points": within(2) { x, y, width, height in max(abs(x), abs(y), abs(width), abs(height)) },
            ]
        }
        if !failures.isEmpty { summary["unreadable"] = failures }
        report("scenes", summary)
        guard verbose else { return }
        for difference in differences.sorted(by: {
            max(abs($0.x), abs($0.y), abs($0.width), abs($0.height)) > max(abs($1.x), abs($1.y), abs($1.width), abs($1.height))
        }).prefix(40) {
            Swift.print("  \(difference.label) dx=\(difference.x) dy=\(difference.y) dw=\(difference.width) dh=\(difference.height)")
        }
    }
}

/// Prints a scene's views, saved and solved, and its constraints (to see why a frame differs).
func explainScene(_ scene: Scene, _ solved: SolvedScene, _ solver: SceneSolver) {
    print("scene \(scene.id) \(scene.kind) \(scene.name) canvas \(scene.canvas) root \(solved.rootSize)")
    func visit(_ view: View, depth: Int) {
        let saved = view.frame.map { "\($0.x),\($0.y) \($0.width)x\($0.height)" } ?? "-"
        let frame = solved.views[view.id].map { "\($0.frame.x),\($0.frame.y) \($0.frame.width)x\($0.frame.height)" } ?? "-"
        let label = solved.label(view.id).map { " \($0.frameSource) text=\($0.textSize.map { "\($0.width)x\($0.height)" } ?? "-") \($0.findings)" } ?? ""
        print(String(repeating: "  ", count: depth) + "\(view.element) \(view.id) saved \(saved) solved \(frame)\(label)")
        for subview in view.subviews { visit(subview, depth: depth + 1) }
    }
    visit(scene.root, depth: 1)
    for constraint in scene.constraints { print("    " + constraint.summary) }
    for conflict in solved.unsatisfiable { print("    unsatisfiable: \(conflict)") }
}
