import Cassowary
import Testing

@Suite("Cassowary solver: edit variables and removal")
struct EditVariableTests {
    @Test("Suggested values move the edit variable and what depends on it, within required bounds")
    func suggest() throws {
        var solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        try solver.add(right == left + width)
        try solver.add(width >= 20)
        try solver.add(right <= 300)
        try solver.add((width == 50).withPriority(250))
        try solver.addEditVariable(left, priority: 999)
        #expect(solver.hasEditVariable(left))
        for (suggested, expected) in [(10.0, 10.0), (200.0, 200.0), (260.0, 260.0), (290.0, 280.0), (-40.0, -40.0)] {
            try solver.suggest(left, value: suggested)
            #expect(solver.value(of: left) == expected)
            #expect(solver.value(of: right) == solver.value(of: left) + solver.value(of: width))
            #expect(solver.value(of: width) == max(20, min(50, 300 - expected)))
        }
        try solver.removeEditVariable(left)
        #expect(!solver.hasEditVariable(left))
        #expect(throws: SolverError.unknownEditVariable(left)) { try solver.suggest(left, value: 1) }
    }

    @Test("An edit variable starts at its current value; a stronger constraint overrides it")
    func priorities() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add((x == 30).withPriority(500))
        try solver.addEditVariable(x, priority: 250)
        #expect(solver.value(of: x) == 30)
        try solver.suggest(x, value: 80)
        #expect(solver.value(of: x) == 30)
        try solver.removeEditVariable(x)
        try solver.addEditVariable(x, priority: 750)
        try solver.suggest(x, value: 80)
        #expect(solver.value(of: x) == 80)
    }

    @Test("Intrinsic sizes as edit variables above their constraints solve as constants do")
    func intrinsicSizesAsEdits() throws {
        // Three labels in a row in 300 pt; texts change from one set of widths to another.
        let widths = [[80.0, 120, 60], [130.0, 150, 90]]
        func solve(_ intrinsic: [Double], edits: Bool, from earlier: [Double]? = nil) throws -> [Double] {
            var solver = Solver()
            let left = (0..<3).map { Variable("l\($0).left") }, width = (0..<3).map { Variable("l\($0).width") }
            try solver.add(left[0] == 16)
            for index in 1..<3 { try solver.add(left[index] == left[index - 1] + width[index - 1] + 8) }
            try solver.add(left[2] + width[2] <= 316)
            var sizes: [Variable] = []
            for index in 0..<3 {
                let size: LinearExpression
                if edits {
                    let variable = Variable("l\(index).intrinsicWidth")
                    try solver.addEditVariable(variable, priority: 999.9)
                    try solver.suggest(variable, value: (earlier ?? intrinsic)[index])
                    sizes.append(variable)
                    size = LinearExpression(variable)
                } else {
                    size = LinearExpression(constant: intrinsic[index])
                }
                try solver.add((width[index] >= size).withPriority(Priority(Float(750 + index))))
                try solver.add((width[index] <= size).withPriority(251))
            }
            for (index, variable) in sizes.enumerated() { try solver.suggest(variable, value: intrinsic[index]) }
            return width.map { solver.value(of: $0) }
        }
        for intrinsic in widths {
            #expect(try solve(intrinsic, edits: true) == solve(intrinsic, edits: false))
        }
        #expect(try solve(widths[1], edits: true, from: widths[0]) == solve(widths[1], edits: false))
        // 370 pt of text in 284: the lowest compression resistance (750) gives.
        #expect(try solve(widths[1], edits: false) == [44, 150, 90])
    }

    @Test("Several suggestions at once solve as one by one; a bad one suggests none")
    func suggestMany() throws {
        func solver() throws -> (Solver, [Variable]) {
            var solver = Solver()
            let left = Variable("left"), width = Variable("width"), right = Variable("right")
            try solver.add(right == left + width)
            try solver.add(right <= 300)
            try solver.addEditVariable(left, priority: 999)
            try solver.addEditVariable(width, priority: 998)
            return (solver, [left, width, right])
        }
        var (together, variables) = try solver()
        var (oneByOne, same) = try solver()
        // left 120, width 250: right would be 370; the weaker edit (width) gives: 180.
        try together.suggest([(variables[0], 120), (variables[1], 250)])
        try oneByOne.suggest(same[0], value: 120)
        try oneByOne.suggest(same[1], value: 250)
        #expect(variables.map { together.value(of: $0) } == [120, 180, 300])
        #expect(variables.map { together.value(of: $0) } == same.map { oneByOne.value(of: $0) })
        let unknown = Variable("unknown")
        #expect(throws: SolverError.unknownEditVariable(unknown)) { try together.suggest([(variables[0], 10), (unknown, 1)]) }
        #expect(together.value(of: variables[0]) == 120)
        #expect(together.constraintCount == 4)     // two constraints, two edit variables
    }

    @Test("Edit variable errors")
    func errors() throws {
        var solver = Solver()
        let x = Variable("x")
        #expect(throws: SolverError.invalidEditPriority(x, .required)) { try solver.addEditVariable(x, priority: .required) }
        #expect(throws: SolverError.invalidEditPriority(x, 0)) { try solver.addEditVariable(x, priority: 0) }
        try solver.addEditVariable(x, priority: 999)
        #expect(throws: SolverError.duplicateEditVariable(x)) { try solver.addEditVariable(x, priority: 500) }
        #expect(throws: SolverError.nonFiniteSuggestion(x, .infinity)) { try solver.suggest(x, value: .infinity) }
        let y = Variable("y")
        #expect(throws: SolverError.unknownEditVariable(y)) { try solver.removeEditVariable(y) }
    }

    @Test("Removing a constraint gives what a solver never given it gives, whatever was removed")
    func removal() throws {
        let x = Variable("x"), y = Variable("y")
        let constraints = [
            x >= 0, y >= 0, x + y <= 100,
            (x == 80).withPriority(750), (y == 70).withPriority(500), x == y + 10,
            (x <= 30).withPriority(999), y <= 50, (x + y == 45).withPriority(600),
        ]
        // Weak stays at distinct values make most optima unique; where one is not, both
        // solvers must still leave the same error at every priority.
        let stays = [(x == 13).withPriority(1), (y == 29).withPriority(1)]
        for count in 1...constraints.count {
            for removedIndex in 0..<count {
                var solver = Solver()
                for constraint in constraints.prefix(count) + stays { try solver.add(constraint) }
                var kept = Array(constraints.prefix(count)) + stays
                let removed = kept.remove(at: removedIndex)
                try solver.remove(removed)
                #expect(!solver.contains(removed))
                var fresh = Solver()
                for constraint in kept { try fresh.add(constraint) }
                let values = { (solver: Solver) in [x: solver.value(of: x), y: solver.value(of: y)] }
                let ours = priorityErrors(of: kept, at: values(solver)), theirs = priorityErrors(of: kept, at: values(fresh))
                #expect(ours.required < 1e-9 && zip(ours.levels, theirs.levels).allSatisfy { abs($0 - $1) < 1e-9 },
                        "\(count) constraints, removed \(removed)")
                if !fresh.isAmbiguous(x) && !fresh.isAmbiguous(y) {
                    #expect(abs(solver.value(of: x) - fresh.value(of: x)) < 1e-9, "\(count) constraints, removed \(removed)")
                    #expect(abs(solver.value(of: y) - fresh.value(of: y)) < 1e-9, "\(count) constraints, removed \(removed)")
                }
            }
        }
    }

    @Test("Remove every constraint: nothing is left, and all can be added again")
    func removeAll() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let constraints = [x + y == 10, (x == 3).withPriority(250), x <= 8, (y >= 9).withPriority(600)]
        for constraint in constraints { try solver.add(constraint) }
        #expect(solver.value(of: x) == 1 && solver.value(of: y) == 9)
        for constraint in constraints.reversed() { try solver.remove(constraint) }
        #expect(solver.value(of: x) == 0 && solver.value(of: y) == 0)
        for constraint in constraints { try solver.add(constraint) }
        #expect(solver.value(of: x) == 1 && solver.value(of: y) == 9)
    }
}
