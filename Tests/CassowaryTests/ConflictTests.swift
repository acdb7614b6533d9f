import Cassowary
import Testing

@Suite("Cassowary solver: unsatisfiable required constraints")
struct ConflictTests {
    @Test("Conflicting required widths: the second is refused, naming the first; nothing changes")
    func conflictingWidths() throws {
        var solver = Solver()
        let width = Variable("label.width")
        let first = width == 100
        try solver.add(first)
        try solver.add((width == 50).withPriority(999))
        let second = width == 120
        #expect(throws: SolverError.unsatisfiable(second, conflicting: [first])) { try solver.add(second) }
        #expect(!solver.contains(second))
        #expect(solver.value(of: width) == 100)
        // Refused, it can be added once the first is gone.
        try solver.remove(first)
        try solver.add(second)
        #expect(solver.value(of: width) == 120)
    }

    @Test("The conflict names only the constraints involved, in the order they were added")
    func conflictSet() throws {
        var solver = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        let sum = a + b == 100
        let unrelated = c >= 7
        let aAtLeast = a >= 60
        let bounded = b <= 1000
        try solver.add(sum)
        try solver.add(unrelated)
        try solver.add(aAtLeast)
        try solver.add(bounded)
        try solver.add((a == 70).withPriority(500))
        let bAtLeast = b >= 50
        #expect(throws: SolverError.unsatisfiable(bAtLeast, conflicting: [sum, aAtLeast])) { try solver.add(bAtLeast) }
        #expect(solver.value(of: a) == 70)
        #expect(solver.value(of: b) == 30)
    }

    @Test("A chain of equalities contradicting an inequality")
    func chain() throws {
        var solver = Solver()
        let x = (0..<5).map { Variable("x\($0)") }
        var chain: [Constraint] = []
        for index in 1..<5 {
            let link = x[index] == x[index - 1] + 10
            chain.append(link)
            try solver.add(link)
        }
        let start = x[0] == 0
        try solver.add(start)
        let end = x[4] <= 39
        #expect(throws: SolverError.unsatisfiable(end, conflicting: chain + [start])) { try solver.add(end) }
        #expect(solver.value(of: x[4]) == 40)
    }

    @Test("A required equality redundant with others is accepted; a contradicting one is not")
    func redundantEqualities() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let xFixed = x == 10, sum = x + y == 30
        try solver.add(xFixed)
        try solver.add(sum)
        try solver.add(y == 20)
        try solver.add(2 * y - x == 30)
        #expect(solver.value(of: y) == 20)
        let wrong = y - x == 11
        #expect(throws: SolverError.unsatisfiable(wrong, conflicting: [xFixed, sum])) { try solver.add(wrong) }
    }

    @Test("A constraint that contradicts itself conflicts with nothing else")
    func selfContradiction() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add(x == 1)
        for constraint in [Constraint(LinearExpression(constant: 5), .greaterThanOrEqual, LinearExpression(constant: 6)),
                           Constraint(LinearExpression(constant: 1), .equal),
                           x - x == 2] {
            #expect(throws: SolverError.unsatisfiable(constraint, conflicting: [])) { try solver.add(constraint) }
        }
        try solver.add(Constraint(LinearExpression(constant: 5), .lessThanOrEqual, LinearExpression(constant: 6)))
        #expect(solver.value(of: x) == 1)
    }

    @Test("Optional constraints never conflict: they give way")
    func optionalGivesWay() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add(x <= 10)
        try solver.add((x >= 20).withPriority(999))
        #expect(solver.value(of: x) == 10)
    }
}
