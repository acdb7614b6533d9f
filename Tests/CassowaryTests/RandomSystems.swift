@testable import Cassowary

/// SplitMix64: a small deterministic generator, so the random systems are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A random constraint system as both solvers read it (the JSON kiwisolver's script takes).
struct RandomSystem: Codable {
    struct Constraint: Codable {
        /// (variable index, coefficient) pairs.
        var terms: [[Double]]
        var constant: Double
        /// "<=", "==" or ">=".
        var relation: String
        /// "required", "strong", "medium" or "weak".
        var strength: String
    }

    struct Edit: Codable {
        var variable: Int
        var strength: String
        var values: [Double]
    }

    var variables: Int
    /// Added in order; a required one that cannot hold is refused and skipped.
    var constraints: [Constraint]
    /// Indices of constraints removed after all are added (if they were added).
    var removals: [Int]
    /// Edit variables added after the removals, each given its values in turn.
    var edits: [Edit]

    /// The kiwisolver strengths as UIKit priorities; kiwi's weights (10⁶, 10³, 1) order them
    /// the same way on systems this small.
    static let priorities: [String: Priority] = ["required": .required, "strong": 999, "medium": 750, "weak": 250]

    /// 2–6 variables; 1–8 constraints of 1–3 terms with coefficients ±1, ±2, constants in
    /// −100…100, a third of them required; then a weak "stay" on every variable at distinct
    /// values (so most systems have one optimum); sometimes removals and edit variables.
    static func make(using generator: inout SeededGenerator) -> RandomSystem {
        let variables = Int.random(in: 2...6, using: &generator)
        var constraints: [Constraint] = []
        for _ in 0..<Int.random(in: 1...8, using: &generator) {
            let count = Int.random(in: 1...min(3, variables), using: &generator)
            let chosen = Array((0..<variables).shuffled(using: &generator).prefix(count))
            let terms = chosen.map { [Double($0), [-2.0, -1, 1, 2].randomElement(using: &generator)!] }
            let strength = Double.random(in: 0..<1, using: &generator) < 0.35
                ? "required" : ["strong", "medium", "weak"].randomElement(using: &generator)!
            constraints.append(Constraint(terms: terms, constant: Double(Int.random(in: -100...100, using: &generator)),
                                          relation: ["<=", "==", ">="].randomElement(using: &generator)!,
                                          strength: strength))
        }
        let body = constraints.count
        let stays = Array((-100...100).shuffled(using: &generator).prefix(variables))
        for (index, value) in stays.enumerated() {
            constraints.append(Constraint(terms: [[Double(index), 1]], constant: -Double(value),
                                          relation: "==", strength: "weak"))
        }
        var removals: [Int] = []
        if Double.random(in: 0..<1, using: &generator) < 0.3 {
            removals = Array((0..<body).shuffled(using: &generator).prefix(Int.random(in: 1...2, using: &generator)))
        }
        var edits: [Edit] = []
        if Double.random(in: 0..<1, using: &generator) < 0.3 {
            for variable in (0..<variables).shuffled(using: &generator).prefix(Int.random(in: 1...2, using: &generator)) {
                edits.append(Edit(variable: variable, strength: ["strong", "medium"].randomElement(using: &generator)!,
                                  values: (0..<2).map { _ in Double(Int.random(in: -150...150, using: &generator)) }))
            }
        }
        return RandomSystem(variables: variables, constraints: constraints, removals: removals, edits: edits)
    }

    /// The system solved by the Swift solver.
    struct Solution {
        var solver: Solver
        var variables: [Variable]
        /// The constraints in the solver at the end, edit variables' as `variable == value`.
        var active: [Cassowary.Constraint]
        /// Indices of the constraints refused, with the error.
        var refused: [(index: Int, error: SolverError)]
    }

    func solve() throws -> Solution {
        var solver = Solver()
        let variables = (0..<self.variables).map { Variable("v\($0)") }
        var added: [Int: Cassowary.Constraint] = [:]
        var refused: [(index: Int, error: SolverError)] = []
        for (index, description) in constraints.enumerated() {
            let expression = LinearExpression(terms: description.terms.map { Term(variables[Int($0[0])], $0[1]) },
                                        constant: description.constant)
            let relation: Relation = description.relation == "<=" ? .lessThanOrEqual
                : description.relation == "==" ? .equal : .greaterThanOrEqual
            let constraint = Cassowary.Constraint(expression, relation, priority: Self.priorities[description.strength]!)
            do {
                try solver.add(constraint)
                added[index] = constraint
            } catch {
                refused.append((index, error))
            }
        }
        for index in removals {
            if let constraint = added.removeValue(forKey: index) { try solver.remove(constraint) }
        }
        var active = added.sorted { $0.key < $1.key }.map(\.value)
        for edit in edits {
            try solver.addEditVariable(variables[edit.variable], priority: Self.priorities[edit.strength]!)
            for value in edit.values { try solver.suggest(variables[edit.variable], value: value) }
            active.append((variables[edit.variable] == edit.values.last!).withPriority(Self.priorities[edit.strength]!))
        }
        return Solution(solver: solver, variables: variables, active: active, refused: refused)
    }
}

/// The error each optional priority leaves at these values, strongest first, and the largest
/// violation of a required constraint.
func priorityErrors(of constraints: [Cassowary.Constraint], at values: [Variable: Double]) -> (levels: [Double], required: Double) {
    var levels: [Float: Double] = [:]
    var required = 0.0
    for constraint in constraints {
        let value = constraint.expression.terms.reduce(constraint.expression.constant) {
            $0 + $1.coefficient * values[$1.variable, default: 0]
        }
        let violation: Double
        switch constraint.relation {
        case .lessThanOrEqual: violation = max(0, value)
        case .equal: violation = abs(value)
        case .greaterThanOrEqual: violation = max(0, -value)
        }
        if constraint.priority.isRequired {
            required = max(required, violation)
        } else {
            levels[constraint.priority.rawValue, default: 0] += violation
        }
    }
    return (levels.sorted { $0.key > $1.key }.map(\.value), required)
}

/// Checks the tableau's invariants; returns what is wrong, or nil.
func tableauProblem(_ solver: Solver) -> String? {
    let tableau = solver.tableau
    var cellCount = 0
    for (basic, row) in tableau.rows {
        if basic.isRestricted && row.constant < -Solver.epsilon { return "row \(basic) is infeasible: \(row.constant)" }
        for cell in row.cells {
            if tableau[cell.symbol] != nil { return "basic symbol \(cell.symbol) in row \(basic)" }
            if basic.isRestricted && cell.symbol.kind == .external { return "external symbol in restricted row \(basic)" }
            if !tableau.rows(holding: cell.symbol).contains(basic) { return "the column of \(cell.symbol) misses \(basic)" }
            cellCount += 1
        }
    }
    var indexed = 0
    for id in 1...max(1, solver.symbolCount) {
        for basic in tableau.rows(holding: Symbol(id: id, kind: .external)) {
            guard tableau[basic]?.cells.contains(where: { $0.symbol.id == id }) == true else {
                return "the column of symbol \(id) names \(basic), whose row does not hold it"
            }
            indexed += 1
        }
    }
    if indexed != cellCount { return "the columns index \(indexed) cells of \(cellCount)" }
    for cell in solver.objective.cells {
        if tableau[cell.symbol] != nil { return "basic symbol \(cell.symbol) in the objective" }
        if cell.symbol.kind == .external { return "external symbol in the objective" }
    }
    if let entering = solver.objective.enteringSymbol() { return "not optimal: \(entering) can enter" }
    if solver.auxiliary != nil { return "an auxiliary objective is left" }
    return nil
}

/// A random system over many priority levels, for comparing the errors the Swift solver leaves
/// at each level with minima found one level at a time.
struct LevelSystem: Codable {
    struct Constraint: Codable {
        var terms: [[Double]]
        var constant: Double
        var relation: String
        /// 1000 for required.
        var priority: Float
    }

    var variables: Int
    var constraints: [Constraint]

    static let levels: [Float] = [999.5, 999, 751, 750, 500, 251, 250, 249, 50, 1]

    /// 2–7 variables, 4–14 constraints of 1–3 terms (coefficients ±1, ±2, ±0.5), a quarter
    /// required, the rest at the ten levels above.
    static func make(using generator: inout SeededGenerator) -> LevelSystem {
        let variables = Int.random(in: 2...7, using: &generator)
        var constraints: [Constraint] = []
        for _ in 0..<Int.random(in: 4...14, using: &generator) {
            let count = Int.random(in: 1...min(3, variables), using: &generator)
            let chosen = Array((0..<variables).shuffled(using: &generator).prefix(count))
            let terms = chosen.map { [Double($0), [-2.0, -1, -0.5, 0.5, 1, 2].randomElement(using: &generator)!] }
            let priority = Double.random(in: 0..<1, using: &generator) < 0.25
                ? 1000 : levels.randomElement(using: &generator)!
            constraints.append(Constraint(terms: terms, constant: Double(Int.random(in: -100...100, using: &generator)),
                                          relation: ["<=", "==", ">="].randomElement(using: &generator)!,
                                          priority: priority))
        }
        return LevelSystem(variables: variables, constraints: constraints)
    }

    /// Solved by the Swift solver: the constraints it accepted (as the JSON takes them, and as
    /// constraints) and the variables.
    func solve() -> (accepted: [Constraint], constraints: [Cassowary.Constraint], solver: Solver, variables: [Variable]) {
        var solver = Solver()
        let variables = (0..<self.variables).map { Variable("v\($0)") }
        var accepted: [Constraint] = []
        var added: [Cassowary.Constraint] = []
        for description in constraints {
            let expression = LinearExpression(terms: description.terms.map { Term(variables[Int($0[0])], $0[1]) },
                                              constant: description.constant)
            let relation: Relation = description.relation == "<=" ? .lessThanOrEqual
                : description.relation == "==" ? .equal : .greaterThanOrEqual
            let constraint = Cassowary.Constraint(expression, relation, priority: Priority(description.priority))
            if (try? solver.add(constraint)) != nil {
                accepted.append(description)
                added.append(constraint)
            }
        }
        return (accepted, added, solver, variables)
    }
}
