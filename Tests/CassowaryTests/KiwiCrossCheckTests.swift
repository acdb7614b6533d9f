@testable import Cassowary
import Foundation
import TestSupport
import Testing

/// The Swift solver against kiwisolver (Debian's python3-kiwisolver), a mature Cassowary, on
/// random systems: one Python process solves them all.
@Suite("Cassowary solver: agrees with kiwisolver")
struct KiwiCrossCheckTests {
    struct KiwiResult: Decodable {
        var refused: [Int]
        var values: [Double]
    }

    /// Reads the systems (RandomSystem's JSON) on stdin, solves each with kiwisolver exactly as
    /// RandomSystem.solve() does with the Swift solver, and prints the refused constraints and
    /// the values. kiwisolver keeps part of a refused constraint that needed an artificial
    /// variable (it pivots the refused row into the tableau), which later breaks its dual
    /// simplex ("Dual optimize failed"); so after a refusal the script starts a fresh solver
    /// with the constraints accepted so far, which is what a refusal means.
    static let script = #"""
import json, sys
import kiwisolver as kiwi

results = []
for system in json.load(sys.stdin):
    solver = kiwi.Solver()
    variables = [kiwi.Variable("v%d" % i) for i in range(system["variables"])]
    added, refused = {}, []
    for index, c in enumerate(system["constraints"]):
        expression = kiwi.Expression([kiwi.Term(variables[int(i)], k) for i, k in c["terms"]], c["constant"])
        relation = c["relation"]
        constraint = expression <= 0 if relation == "<=" else expression >= 0 if relation == ">=" else expression == 0
        constraint = constraint | c["strength"]
        try:
            solver.addConstraint(constraint)
            added[index] = constraint
        except kiwi.UnsatisfiableConstraint:
            refused.append(index)
            solver = kiwi.Solver()
            for kept in added.values():
                solver.addConstraint(kept)
    for index in system["removals"]:
        if index in added:
            solver.removeConstraint(added.pop(index))
    for edit in system["edits"]:
        variable = variables[edit["variable"]]
        solver.addEditVariable(variable, edit["strength"])
        for value in edit["values"]:
            solver.suggestValue(variable, value)
    solver.updateVariables()
    results.append({"refused": refused, "values": [v.value() for v in variables]})
json.dump(results, sys.stdout)
"""#

    static let systemCount = 15_000
    static let tolerance = 1e-6

    @Test("Random systems: the same refusals, the same values where the optimum is unique, as good elsewhere")
    func randomSystems() throws {
        var generator = SeededGenerator(seed: 0x1ABE_1CA7)
        let systems = (0..<Self.systemCount).map { _ in RandomSystem.make(using: &generator) }
        let input = String(decoding: try JSONEncoder().encode(systems), as: UTF8.self)
        let kiwiStart = ContinuousClock.now
        let run = try runProgram("/usr/bin/python3", ["-c", Self.script], stdin: input, timeout: 600)
        let kiwiTime = ContinuousClock.now - kiwiStart
        try #require(run.status == 0, "kiwisolver: \(run.stderr)")
        let results = try JSONDecoder().decode([KiwiResult].self, from: Data(run.stdout.utf8))
        try #require(results.count == systems.count)

        var unique = 0, refusals = 0, refusingSystems = 0, edited = 0, removing = 0
        var largestDifference = 0.0
        var swiftTime = Duration.zero
        for (number, (system, kiwi)) in zip(systems, results).enumerated() {
            let swiftStart = ContinuousClock.now
            let solution = try system.solve()
            swiftTime += ContinuousClock.now - swiftStart
            let label = "system \(number)"
            if let problem = tableauProblem(solution.solver) { Issue.record("\(label): \(problem)") }
            #expect(solution.refused.map(\.index) == kiwi.refused, "\(label): refused")
            refusals += solution.refused.count
            if !solution.refused.isEmpty { refusingSystems += 1 }
            if !system.edits.isEmpty { edited += 1 }
            if !system.removals.isEmpty { removing += 1 }

            // Both solutions satisfy the required constraints and leave the same error at every
            // priority (the lexicographic optimum), and kiwi's values lie in the Swift ranges.
            let ours = Dictionary(uniqueKeysWithValues: solution.variables.map { ($0, solution.solver.value(of: $0)) })
            let theirs = Dictionary(uniqueKeysWithValues: zip(solution.variables, kiwi.values).map { ($0, $1) })
            let ourErrors = priorityErrors(of: solution.active, at: ours), theirErrors = priorityErrors(of: solution.active, at: theirs)
            #expect(ourErrors.required < Self.tolerance && theirErrors.required < Self.tolerance, "\(label): required")
            let levelsAgree = zip(ourErrors.levels, theirErrors.levels).allSatisfy { abs($0 - $1) < Self.tolerance }
            #expect(levelsAgree, "\(label): errors \(ourErrors.levels) vs kiwi \(theirErrors.levels)")
            var determined = true
            for variable in solution.variables {
                let range = solution.solver.range(of: variable)
                let value = theirs[variable]!
                #expect(range.lowerBound - Self.tolerance <= value && value <= range.upperBound + Self.tolerance,
                        "\(label): kiwi's \(variable) = \(value) outside \(range)")
                if solution.solver.isAmbiguous(variable) { determined = false }
            }
            if determined {
                unique += 1
                for variable in solution.variables {
                    let difference = abs(ours[variable]! - theirs[variable]!)
                    largestDifference = max(largestDifference, difference)
                    #expect(difference <= Self.tolerance, "\(label): \(variable) \(ours[variable]!) vs kiwi \(theirs[variable]!)")
                }
            }
            for refusal in solution.refused { checkConflict(refusal.error, label: label) }
        }
        print("""
            kiwisolver cross-check: \(systems.count) systems, \(unique) with a unique optimum compared value by \
            value (largest difference \(largestDifference)), \(refusals) refusals in \(refusingSystems) systems, \
            \(removing) with removals, \(edited) with edit variables; Swift \(swiftTime) (debug build, with \
            ranges), kiwisolver \(kiwiTime) (one process, with JSON)
            """)
        #expect(unique >= 10_000)
        #expect(refusingSystems >= 500)
    }

    /// Reads LevelSystems (only the constraints the Swift solver accepted) and, for each,
    /// minimises the errors one priority level at a time, strongest first: kiwisolver sees the
    /// required constraints, the current level's constraints (all at one strength, so its
    /// weights play no part), and for every stronger level explicit error variables whose
    /// total is held at that level's minimum. Prints each system's minima, strongest first.
    static let levelScript = #"""
import json, sys
import kiwisolver as kiwi

def violation(value, relation):
    return max(0.0, value) if relation == "<=" else max(0.0, -value) if relation == ">=" else abs(value)

results = []
for system in json.load(sys.stdin):
    constraints = system["constraints"]
    levels = sorted({c["priority"] for c in constraints if c["priority"] < 1000}, reverse=True)
    minima = []
    for level in levels:
        solver = kiwi.Solver()
        variables = [kiwi.Variable("v%d" % i) for i in range(system["variables"])]
        def expression(c):
            return kiwi.Expression([kiwi.Term(variables[int(i)], k) for i, k in c["terms"]], c["constant"])
        def relate(e, relation):
            return e <= 0 if relation == "<=" else e >= 0 if relation == ">=" else e == 0
        for c in constraints:
            if c["priority"] == 1000:
                solver.addConstraint(relate(expression(c), c["relation"]))
        for stronger, minimum in zip(levels, minima):
            total = 0
            for c in constraints:
                if c["priority"] != stronger:
                    continue
                e = expression(c)
                plus, minus = kiwi.Variable(), kiwi.Variable()
                solver.addConstraint(plus >= 0)
                solver.addConstraint(minus >= 0)
                if c["relation"] == "==":
                    solver.addConstraint(e == plus - minus)
                    total = total + plus + minus
                elif c["relation"] == "<=":
                    solver.addConstraint(e <= plus)
                    total = total + plus
                else:
                    solver.addConstraint(e >= -plus)
                    total = total + plus
            solver.addConstraint(total <= minimum + 1e-9 * max(1.0, minimum))
        for c in constraints:
            if c["priority"] == level:
                solver.addConstraint(relate(expression(c), c["relation"]) | "strong")
        solver.updateVariables()
        values = [v.value() for v in variables]
        minima.append(sum(violation(sum(k * values[int(i)] for i, k in c["terms"]) + c["constant"], c["relation"])
                          for c in constraints if c["priority"] == level))
    results.append(minima)
json.dump(results, sys.stdout)
"""#

    @Test("Ten priority levels: at every level the error the Swift solver leaves is the minimum, level by level")
    func levelByLevelMinima() throws {
        var generator = SeededGenerator(seed: 0x5EED_1E7E1)
        let systems = (0..<2_000).map { _ in LevelSystem.make(using: &generator) }
        let solutions = systems.map { $0.solve() }
        let accepted = zip(systems, solutions).map { LevelSystem(variables: $0.variables, constraints: $1.accepted) }
        let run = try runProgram("/usr/bin/python3", ["-c", Self.levelScript],
                                 stdin: String(decoding: try JSONEncoder().encode(accepted), as: UTF8.self), timeout: 600)
        try #require(run.status == 0, "kiwisolver: \(run.stderr)")
        let minima = try JSONDecoder().decode([[Double]].self, from: Data(run.stdout.utf8))
        try #require(minima.count == systems.count)
        var levelsCompared = 0
        var largestDifference = 0.0
        for (number, (solution, expected)) in zip(solutions, minima).enumerated() {
            let values = Dictionary(uniqueKeysWithValues: solution.variables.map { ($0, solution.solver.value(of: $0)) })
            let ours = priorityErrors(of: solution.constraints, at: values)
            #expect(ours.required < Self.tolerance, "system \(number): required")
            #expect(ours.levels.count == expected.count, "system \(number): levels")
            for (mine, theirs) in zip(ours.levels, expected) {
                let difference = abs(mine - theirs)
                largestDifference = max(largestDifference, difference)
                #expect(difference <= 1e-5 * max(1, theirs), "system \(number): errors \(ours.levels) vs minima \(expected)")
            }
            levelsCompared += expected.count
        }
        print("kiwisolver level-by-level minima: \(systems.count) systems, \(levelsCompared) levels compared, "
              + "largest difference \(largestDifference)")
    }

    /// The refused constraint contradicts the conflicting set, and no smaller part of it.
    func checkConflict(_ error: SolverError, label: String) {
        guard case .unsatisfiable(let constraint, let conflicting) = error else {
            Issue.record("\(label): refused with \(error)")
            return
        }
        func holds(_ constraints: [Cassowary.Constraint]) -> Bool {
            var solver = Solver()
            do {
                for constraint in constraints { try solver.add(constraint) }
                try solver.add(constraint)
                return true
            } catch {
                return false
            }
        }
        #expect(!holds(conflicting), "\(label): \(constraint) holds with \(conflicting)")
        for index in conflicting.indices {
            var fewer = conflicting
            fewer.remove(at: index)
            #expect(holds(fewer), "\(label): \(constraint) conflicts with fewer than \(conflicting)")
        }
    }
}
