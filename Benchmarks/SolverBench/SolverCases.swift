import Cassowary
import Foundation

// The Cassowary solver alone on large systems (`labelcat-solver-bench [VIEWS…|priorities]`).

/// A scene like Interface Builder's: `views` views in pairs down a 375 pt root, each with
/// about ten constraints (edges, spacing, intrinsic size at compression resistance 750 and
/// hugging 251, centring at 500, proportional widths at 250). The intrinsic sizes are edit
/// variables (at 999.9, above everything else that involves them), so that new texts are a
/// few suggested values rather than a new solver.
struct SyntheticSystem {
    var solver = Solver()
    var variables: [Variable] = []
    /// Each view's intrinsic width and height.
    var intrinsic: [(width: Variable, height: Variable)] = []
    var constraints = 0
}

func syntheticSystem(views: Int) throws -> SyntheticSystem {
    var scene = SyntheticSystem()
    var solver = Solver()
    var variables: [Variable] = []
    var count = 0
    func add(_ constraint: Constraint) throws {
        try solver.add(constraint)
        count += 1
    }
    var previousBottom = LinearExpression(constant: 20)
    var previousWidth: Variable?
    for pair in 0..<(views / 2) {
        var pairBottom: [Variable] = []
        var leading = LinearExpression(constant: 16)
        for side in 0..<2 {
            let index = pair * 2 + side
            let left = Variable("v\(index).left"), top = Variable("v\(index).top")
            let width = Variable("v\(index).width"), height = Variable("v\(index).height")
            variables += [left, top, width, height]
            let intrinsicWidth = Variable("v\(index).intrinsicWidth"), intrinsicHeight = Variable("v\(index).intrinsicHeight")
            try solver.addEditVariable(intrinsicWidth, priority: 999.9)
            try solver.addEditVariable(intrinsicHeight, priority: 999.9)
            try solver.suggest(intrinsicWidth, value: Double(40 + (index * 37) % 120))
            try solver.suggest(intrinsicHeight, value: 20.5 + Double(index % 3) * 20)
            scene.intrinsic.append((intrinsicWidth, intrinsicHeight))
            try add(left == leading + (side == 0 ? 0 : 8))
            try add(left + width <= 359)
            try add(top == previousBottom + 8)
            try add(width >= 0)
            try add(height >= 20)
            try add((width >= intrinsicWidth).withPriority(750))
            try add((width <= intrinsicWidth).withPriority(251))
            try add((height >= intrinsicHeight).withPriority(750))
            try add((height <= intrinsicHeight).withPriority(251))
            try add((left + 0.5 * width == 187.5).withPriority(500))
            if let previousWidth { try add((width == 0.5 * previousWidth).withPriority(250)) }
            previousWidth = width
            leading = left + width
            pairBottom.append(height)
            pairBottom.append(top)
        }
        let bottom = Variable("row\(pair).bottom")
        variables.append(bottom)
        try add(bottom >= pairBottom[1] + pairBottom[0])
        try add(bottom >= pairBottom[3] + pairBottom[2])
        try add((bottom == pairBottom[1] + pairBottom[0]).withPriority(249))
        previousBottom = LinearExpression(bottom)
    }
    scene.solver = solver
    scene.variables = variables
    scene.constraints = count
    return scene
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func report(_ name: String, _ fields: [String: Any]) {
    var object = fields
    object["case"] = name
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}

/// Times scenes of `arguments` views (default 50, 100, 200, 400) and the priority cases.
func runSolverCases(_ arguments: [String]) throws {
    let viewCounts = arguments.isEmpty ? [50, 100, 200, 400] : arguments.compactMap { Int($0) }
    for views in viewCounts {
        var built = SyntheticSystem()
        let build = try seconds { built = try syntheticSystem(views: views) }
        var ambiguous = 0
        let ranges = seconds { ambiguous = built.variables.filter { built.solver.isAmbiguous($0) }.count }
        // New texts: every view's intrinsic size changes (30% wider, one line taller), and back.
        var solver = built.solver
        let relayout = try seconds {
            for (index, intrinsic) in built.intrinsic.enumerated() {
                try solver.suggest(intrinsic.width, value: 1.3 * Double(40 + (index * 37) % 120))
                try solver.suggest(intrinsic.height, value: 40.5 + Double(index % 3) * 20)
            }
        }
        report("scene", ["views": views, "constraints": built.constraints, "build": build, "ranges": ranges,
                         "ambiguous": ambiguous, "relayout": relayout])
    }

    // Lexicographic priorities: one error at 251 against 999 at 250, and 999 levels.
    guard arguments.isEmpty || arguments.contains("priorities") else { return }
    var manyWeak = Solver()
    let x = Variable("x")
    let weak = try seconds {
        try manyWeak.add((x == 10).withPriority(251))
        for index in 0..<999 {
            let pinned = Variable("y\(index)")
            try manyWeak.add(pinned == 0)
            try manyWeak.add((x == pinned).withPriority(250))
        }
    }
    report("oneAgainst999", ["constraints": 1999, "build": weak, "x": manyWeak.value(of: x)])
    var levels = Solver()
    let levelTime = try seconds {
        for level in 1...999 { try levels.add((x == Double(level)).withPriority(Priority(Float(level)))) }
    }
    report("999levels", ["constraints": 999, "build": levelTime, "x": levels.value(of: x)])
}
