import Cassowary
import Testing

@Suite("Cassowary solver: required and optional constraints")
struct SolverTests {
    @Test("A label pinned 16 pt from each side of a 375 pt screen is 343 wide")
    func pinnedLabel() throws {
        var solver = Solver()
        let left = Variable("label.left"), width = Variable("label.width")
        try solver.add(left == 16)
        try solver.add(left + width == 375 - 16)
        #expect(solver.value(of: left) == 16)
        #expect(solver.value(of: width) == 343)
    }

    @Test("The documentation's example (Solver, docs/autolayout.md): compression resistance gives way")
    func autoLayoutDocumentationExample() throws {
        var solver = Solver()
        let left = Variable("label.left"), width = Variable("label.width")
        try solver.add(left == 16)
        try solver.add(left + width <= 375 - 16)
        try solver.add((width >= 420).withPriority(.defaultHigh))
        try solver.add((width <= 420).withPriority(251))
        #expect(solver.value(of: width) == 343)
        #expect(!solver.isAmbiguous(width))
    }

    @Test("Required inequalities hold; an optional equality minimises its error within them")
    func inequalities() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x >= 10)
        try solver.add(x + y <= 30)
        try solver.add((x == 0).withPriority(500))
        try solver.add((y == 50).withPriority(500))
        #expect(solver.value(of: x) == 10)
        #expect(solver.value(of: y) == 20)
    }

    @Test("An optional inequality is not pulled past its bound when it is satisfied")
    func optionalInequality() throws {
        var solver = Solver()
        let width = Variable("width")
        // A label with intrinsic width 80: compression resistance ≥ 80 at 750, hugging ≤ 80 at
        // 250, in a space of 120 it would like to fill at 200.
        try solver.add((width >= 80).withPriority(750))
        try solver.add((width <= 80).withPriority(250))
        try solver.add((width == 120).withPriority(200))
        #expect(solver.value(of: width) == 80)
        try solver.add((width == 120).withPriority(300))
        #expect(solver.value(of: width) == 120)
    }

    @Test("Expressions: operators, repeated variables and descriptions")
    func expressions() throws {
        let x = Variable("x"), y = Variable("y")
        let expression = 2 * x + y - 10 - (x - 3 * y) / 2
        #expect(expression.description == "2 * x + y - 0.5 * x + 1.5 * y - 10")
        #expect(expression.constant == -10)
        var solver = Solver()
        try solver.add(expression == 0)
        try solver.add(y == 2)
        // 1.5 x + 2.5 y = 10
        #expect(abs(solver.value(of: x) - 10.0 / 3) < 1e-12)
        #expect((x <= y + 1).description == "x - y - 1 <= 0")
        #expect((x >= 5).withPriority(999.5).description == "x - 5 >= 0 (priority 999.5)")
        #expect(Constraint(LinearExpression(x), .equal, 3 - y).description == "x + y - 3 == 0")
        #expect(Variable().description == "unnamed")
    }

    @Test("Variables and constraints compare by identity")
    func identity() throws {
        let a = Variable("same"), b = Variable("same")
        #expect(a != b)
        #expect(Set([a, b, a]).count == 2)
        let c = a == b
            ? Constraint(LinearExpression(a), .equal) : Constraint(LinearExpression(b), .equal)
        var solver = Solver()
        try solver.add(c)
        #expect(solver.contains(c))
        #expect(!solver.contains(Constraint(LinearExpression(b), .equal)))
    }

    @Test("A variable no constraint names is 0")
    func unknownVariable() {
        #expect(Solver().value(of: Variable("nowhere")) == 0)
    }

    @Test("A solver is a value: a copy changes on its own")
    func valueSemantics() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add((x == 5).withPriority(250))
        var copy = solver
        try copy.add(x == 7)
        #expect(solver.value(of: x) == 5)
        #expect(copy.value(of: x) == 7)
    }

    @Test("Bad constraints are refused with a typed error and change nothing")
    func badConstraints() throws {
        var solver = Solver()
        let x = Variable("x")
        let c = x == 1
        try solver.add(c)
        #expect(throws: SolverError.duplicateConstraint(c)) { try solver.add(c) }
        for priority: Priority in [0, -1, 1000.5, Priority(.nan), Priority(.infinity)] {
            let bad = (x == 2).withPriority(priority)
            #expect(throws: SolverError.invalidPriority(bad)) { try solver.add(bad) }
        }
        let infinite = x == .infinity
        #expect(throws: SolverError.nonFiniteValue(infinite)) { try solver.add(infinite) }
        let notANumber = Double.nan * x <= 3
        #expect(throws: SolverError.nonFiniteValue(notANumber)) { try solver.add(notANumber) }
        let unknown = x >= 0
        #expect(throws: SolverError.unknownConstraint(unknown)) { try solver.remove(unknown) }
        #expect(solver.value(of: x) == 1)
        // Priorities just inside UIKit's range are fine.
        try solver.add((x == 3).withPriority(0.5))
        try solver.add((x == 3).withPriority(999.9))
        #expect(solver.value(of: x) == 1)
    }

    @Test("Messages name the constraints")
    func messages() {
        let width = Variable("label.width")
        let a = width == 100, b = width >= 120
        #expect(SolverError.unsatisfiable(b, conflicting: [a]).description
                == "the required constraint label.width - 120 >= 0 conflicts with the required constraints label.width - 100 == 0")
        #expect(SolverError.unsatisfiable(Constraint(LinearExpression(constant: 5), .equal), conflicting: []).description
                == "the required constraint 5 == 0 cannot hold")
        #expect(SolverError.invalidPriority(a.withPriority(1001)).description
                == "the constraint label.width - 100 == 0 (priority 1001) has a priority outside 0 < priority <= 1000")
        #expect(SolverError.invalidEditPriority(width, .required).description
                == "the edit variable label.width needs an optional priority (0 < priority < 1000), not 1000")
    }
}
