import Cassowary

/// Lays a scene out as Auto Layout would on a device, for the texts a caller measures
/// (docs/autolayout.md, "Solving a scene").
///
/// ```swift
/// let solver = try SceneSolver(scene: scene, device: .iPhone16ProMax, imageSizes: document.imageSizes)
/// let solved = try solver.solve(measuring: myTexts)      // once per locale × variant × category
/// for label in solved.labels { print(label.id, label.frame.frameInRoot, label.frameSource, label.findings) }
/// ```
///
/// Building makes the scene's constraints once (the root view's frame, margins, autoresizing
/// masks, stack views, cells, the file's constraints); solving suggests each label's text
/// size to the solver and solves again from there, in UIKit's two passes for labels of several
/// lines. A solver is a value and `solve` does not change it: solving is the same whatever was
/// solved before, and may run on several threads at once.
public struct SceneSolver: Sendable {
    var system: SceneSystem
    /// Why each label keeps its saved frame, by node, whatever its text.
    var reasons: [Int: SavedFrameReason] = [:]
    /// The intrinsic size of each view that is not a label, by node (for proportional fills).
    var fixedSizes: [Int: (width: Double?, height: Double?)]

    /// Builds the constraint system of `scene` on `device`; nil lays it out on the canvas it
    /// was designed at. `imageSizes` (`SceneDocument.imageSizes`) gives image views their
    /// intrinsic sizes.
    public init(scene: Scene, device: Device? = nil, imageSizes: [String: LayoutSize] = [:]) throws(SceneSolverError) {
        do {
            system = try SceneSystem(scene: scene, device: device, imageSizes: imageSizes)
        } catch {
            throw SceneSolverError(scene: scene.id, file: scene.file, failure: error)
        }
        fixedSizes = system.fixedSizes
        for entry in system.labels {
            if let reason = system.staticReason(forLabel: entry.node) { reasons[entry.node] = reason }
        }
        for node in system.nodes.indices where system.nodes[node].view.kind == .label && !system.nodes[node].isInstalled {
            reasons[node] = .notInstalled
        }
    }

    public var scene: Scene { system.scene }
    /// The device, or nil for a canvas of no known device.
    public var device: Device? { system.target.device }
    /// The root view's size (a self-sizing cell's saved height stands for its height).
    public var rootSize: LayoutSize { system.target.rootSize }
    /// The required constraints that conflict, whatever the texts.
    public var unsatisfiable: [UnsatisfiableConstraint] { system.unsatisfiable }
    /// The number of constraints in the system.
    public var constraintCount: Int { system.solver.constraintCount }

    /// Why a label keeps its saved frame whatever its text; nil when it is solved.
    public func savedFrameReason(ofLabel id: String) -> SavedFrameReason? {
        system.index[id].flatMap { reasons[$0] }
    }

    /// The most layout passes a solve takes: UIKit's two, and more when a label of several
    /// lines still changes width.
    static let maximumPasses = 4

    /// Lays the scene out for the texts `texts` measures.
    public func solve(measuring texts: some LabelTextMeasuring) throws(SceneSolverError) -> SolvedScene {
        do {
            return try solving(texts)
        } catch {
            throw SceneSolverError(scene: scene.id, file: scene.file, failure: error)
        }
    }

    private func solving(_ texts: some LabelTextMeasuring) throws(SolverError) -> SolvedScene {
        var state = SolveState(system: system)
        let scale = system.target.scale
        if let height = system.fittingHeight { state.suggestions.append((height, 0)) }
        var metrics: [LabelTextMetrics] = []
        var measuredWidth: [Double?] = []
        var unmeasured = Set<Int>()
        for (entry, label) in system.labels.enumerated() {
            let view = system.nodes[label.node].view
            var measured: LabelTextMetrics?
            if reasons[label.node] == nil {
                let width = label.isMultiline ? label.preferredWidth : nil
                measured = texts.metrics(of: view, width: width, scale: scale).map(rounded)
                if measured == nil { unmeasured.insert(entry) }
            }
            // A label that keeps its saved frame holds its saved size, so the rest of the scene
            // is laid out around it.
            let size = view.frame?.size ?? LayoutSize(width: 0, height: 0)
            metrics.append(measured ?? LabelTextMetrics(size: size, firstBaseline: 0, lastBaseline: size.height))
            measuredWidth.append(nil)
            state.suggest(label, metrics[entry])
        }
        try state.flush()
        try state.updateProportionalStacks(self, metrics)

        var passes = 1
        while passes < Self.maximumPasses {
            var changed = false
            for (entry, label) in system.labels.enumerated()
            where label.isMultiline && label.preferredWidth == nil && reasons[label.node] == nil && !unmeasured.contains(entry) {
                let width = max(0, state.pixelRounded(state.solver.value(of: system.nodes[label.node].rect!.width), scale: scale))
                guard width != measuredWidth[entry] else { continue }
                measuredWidth[entry] = width
                guard let measured = texts.metrics(of: system.nodes[label.node].view, width: width, scale: scale).map(rounded),
                      measured != metrics[entry] else { continue }
                metrics[entry] = measured
                state.suggest(label, measured)
                changed = true
            }
            guard changed else { break }
            try state.flush()
            try state.updateProportionalStacks(self, metrics)
            passes += 1
        }
        // A self-sizing cell whose content sets no height gets UIKit's default row height.
        if let height = system.fittingHeight, state.solver.value(of: height) < 1 {
            state.suggestions.append((height, SceneSystem.defaultRowHeight))
            try state.flush()
        }
        return result(state, metrics: metrics, unmeasured: unmeasured, passes: passes)
    }

    /// Metrics with sizes rounded up to the device's pixel grid.
    private func rounded(_ metrics: LabelTextMetrics) -> LabelTextMetrics {
        let scale = Double(system.target.scale)
        func up(_ value: Double) -> Double { max(0, (value * scale - 1e-6).rounded(.up) / scale) }
        var result = metrics
        result.size = LayoutSize(width: up(metrics.size.width), height: up(metrics.size.height))
        return result
    }

    // MARK: Results

    private func result(_ state: SolveState, metrics: [LabelTextMetrics], unmeasured: Set<Int>, passes: Int) -> SolvedScene {
        let nodes = system.nodes
        let scale = Double(system.target.scale)
        func pixel(_ value: Double) -> Double { (value * scale).rounded() / scale }
        var rootFrames: [LayoutRect?] = Array(repeating: nil, count: nodes.count)
        var views: [String: SolvedFrame] = [:]
        for number in nodes.indices {
            guard let rect = nodes[number].rect else { continue }
            let left = state.solver.value(of: rect.left), top = state.solver.value(of: rect.top)
            let minX = pixel(left), minY = pixel(top)
            let frame = LayoutRect(x: minX, y: minY, width: pixel(left + state.solver.value(of: rect.width)) - minX,
                                   height: pixel(top + state.solver.value(of: rect.height)) - minY)
            rootFrames[number] = frame
            let origin = nodes[number].parent.flatMap { rootFrames[$0] }
            views[nodes[number].view.id] = SolvedFrame(
                frame: LayoutRect(x: frame.x - (origin?.x ?? 0), y: frame.y - (origin?.y ?? 0), width: frame.width, height: frame.height),
                frameInRoot: frame)
        }
        var labels: [SolvedLabel] = []
        for number in nodes.indices where nodes[number].view.kind == .label {
            let node = nodes[number]
            let entry = system.labelIndex[number]
            var reason = reasons[number]
            if reason == nil, let entry, unmeasured.contains(entry) { reason = .textNotMeasured }
            if let reason {
                let saved = node.view.frame ?? LayoutRect(x: 0, y: 0, width: 0, height: 0)
                labels.append(SolvedLabel(id: node.view.id, frame: SolvedFrame(frame: saved, frameInRoot: node.savedInRoot ?? saved),
                                          frameSource: .saved(reason), textSize: nil, isHidden: node.isEffectivelyHidden, findings: []))
                continue
            }
            let entryIndex = entry!
            var findings: [LabelFinding] = []
            if !node.isEffectivelyHidden {
                for conflict in state.unsatisfiable where conflict.views.contains(node.view.id) {
                    findings.append(.unsatisfiable(conflict))
                }
                if let conflict = state.textConflict(system.labels[entryIndex], metrics[entryIndex], view: node.view.id) {
                    findings.append(.unsatisfiable(conflict))
                }
                findings += clipped(number, rootFrames: rootFrames, state: state)
                let rect = node.rect!
                let ambiguous = zip(FrameAttribute.allCases, rect.all).filter { state.solver.isAmbiguous($0.1) }.map(\.0)
                if !ambiguous.isEmpty { findings.append(.ambiguous(ambiguous)) }
            }
            labels.append(SolvedLabel(id: node.view.id, frame: views[node.view.id]!, frameSource: .autoLayout,
                                      textSize: metrics[entryIndex].size, isHidden: node.isEffectivelyHidden, findings: findings))
        }
        return SolvedScene(sceneID: scene.id, device: device, rootSize: rootFrames[0]?.size ?? rootSize, views: views,
                           labels: labels, unsatisfiable: state.unsatisfiable, passes: passes)
    }

    /// How far a label reaches past its superview (a scroll view's content) and past the
    /// screen (not for a label inside a scroll view, nor vertically in a cell).
    private func clipped(_ number: Int, rootFrames: [LayoutRect?], state: SolveState) -> [LabelFinding] {
        let node = system.nodes[number]
        guard let frame = rootFrames[number], let parent = node.parent, var bounds = rootFrames[parent] else { return [] }
        if let content = system.scrollContent[parent] {
            bounds.width = state.solver.value(of: content.width)
            bounds.height = state.solver.value(of: content.height)
        }
        func overflow(past bounds: LayoutRect, vertically: Bool) -> LayoutInsets? {
            let tolerance = 0.01
            let insets = LayoutInsets(top: vertically ? max(0, bounds.y - frame.y) : 0, left: max(0, bounds.x - frame.x),
                                      bottom: vertically ? max(0, frame.y + frame.height - bounds.y - bounds.height) : 0,
                                      right: max(0, frame.x + frame.width - bounds.x - bounds.width))
            return [insets.top, insets.left, insets.bottom, insets.right].contains { $0 > tolerance } ? insets : nil
        }
        var findings: [LabelFinding] = []
        var pastScreen: LayoutInsets?
        if let screen = system.target.screen, !node.isInScrollView {
            pastScreen = overflow(past: screen, vertically: system.target.screenClipsVertically)
            if let pastScreen { findings.append(.clipped(ClippedLabel(boundary: .screen, overflow: pastScreen))) }
        }
        if let pastSuperview = overflow(past: bounds, vertically: true), pastSuperview != pastScreen {
            findings.append(.clipped(ClippedLabel(boundary: .superview, overflow: pastSuperview)))
        }
        return findings
    }
}

/// Why a scene could not be solved: the solver met numerically degenerate constraints.
public struct SceneSolverError: Error, Sendable, CustomStringConvertible {
    /// The scene's id and file.
    public var scene: String
    public var file: String
    public var failure: SolverError

    public var description: String { "\(file): scene \(scene): \(failure)" }
}

/// One solve's copy of the system's solver, and what it has found.
struct SolveState {
    var solver: Solver
    var unsatisfiable: [UnsatisfiableConstraint]
    /// Values to suggest at the next flush.
    var suggestions: [(Variable, Double)] = []
    /// The `fillProportionally` constraints in the solver now.
    var proportional: [SolverConstraint] = []
    let system: SceneSystem

    init(system: SceneSystem) {
        self.system = system
        solver = system.solver
        unsatisfiable = system.unsatisfiable
    }

    /// Asks for a label's text size and baselines.
    mutating func suggest(_ label: LabelEntry, _ metrics: LabelTextMetrics) {
        suggestions.append((label.width, metrics.size.width))
        suggestions.append((label.height, metrics.size.height))
        if let first = label.firstBaseline { suggestions.append((first, metrics.firstBaseline)) }
        if let last = label.lastBaseline { suggestions.append((last, metrics.size.height - metrics.lastBaseline)) }
    }

    /// Suggests the values asked for, and solves.
    mutating func flush() throws(SolverError) {
        try solver.suggest(suggestions)
        suggestions.removeAll(keepingCapacity: true)
    }

    func pixelRounded(_ value: Double, scale: Int) -> Double {
        (value * Double(scale)).rounded() / Double(scale)
    }

    /// Replaces the `fillProportionally` constraints for the items' current sizes.
    mutating func updateProportionalStacks(_ sceneSolver: SceneSolver, _ metrics: [LabelTextMetrics]) throws(SolverError) {
        guard !system.proportionalStacks.isEmpty else { return }
        for constraint in proportional { try solver.remove(constraint) }
        proportional.removeAll()
        for stack in system.proportionalStacks {
            let sizes: [Double?] = stack.items.map { item in
                if let entry = system.labelIndex[item] {
                    let size = metrics[entry].size
                    return stack.axis == .horizontal ? size.width : size.height
                }
                let size = sceneSolver.fixedSizes[item]
                return stack.axis == .horizontal ? size?.width : size?.height
            }
            for (constraint, origin) in system.proportionalConstraints(stack, sizes: sizes) {
                do {
                    try solver.add(constraint)
                    proportional.append(constraint)
                } catch {
                    guard case .unsatisfiable(_, let conflicting) = error else { throw error }
                    unsatisfiable.append(UnsatisfiableConstraint(broken: origin, conflicting: conflicting.compactMap { system.origins[$0] }))
                }
            }
        }
    }

    /// A required constraint that keeps a label from its text's size or baselines (UIKit would
    /// break one of them; the solver gave way on the text).
    func textConflict(_ label: LabelEntry, _ metrics: LabelTextMetrics, view: String) -> UnsatisfiableConstraint? {
        var wanted = [(label.width, metrics.size.width), (label.height, metrics.size.height)]
        if let first = label.firstBaseline { wanted.append((first, metrics.firstBaseline)) }
        if let last = label.lastBaseline { wanted.append((last, metrics.size.height - metrics.lastBaseline)) }
        let off = wanted.contains { abs(solver.value(of: $0.0) - $0.1) > 1e-6 }
        guard off else { return nil }
        let kind: GeneratedConstraint.Kind = abs(solver.value(of: label.width) - metrics.size.width) > 1e-6
            || abs(solver.value(of: label.height) - metrics.size.height) > 1e-6 ? .contentSize : .baselineOffset
        return UnsatisfiableConstraint(broken: .generated(GeneratedConstraint(kind: kind, views: [view])), conflicting: [])
    }
}
