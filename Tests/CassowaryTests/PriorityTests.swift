import Cassowary
import Testing

@Suite("Cassowary solver: priorities are lexicographic")
struct PriorityTests {
    @Test("One error at 251 outweighs 999 errors at 250")
    func oneStrongOutweighsManyWeak() throws {
        var solver = Solver()
        let x = Variable("x")
        try solver.add((x == 10).withPriority(251))
        for index in 0..<999 {
            let pinned = Variable("y\(index)")
            try solver.add(pinned == 0)
            try solver.add((x == pinned).withPriority(250))
        }
        #expect(solver.value(of: x) == 10)
    }

    @Test("Among 250 levels from 1 to 999 the strongest wins, 999.5 above 999")
    func manyLevels() throws {
        var solver = Solver()
        var generator = SeededGenerator(seed: 250)
        let x = Variable("x")
        // Weakest first and strongest first: the order constraints come in does not matter.
        let levels = (0..<250).map { 1 + Float($0) * 4 } + [999]
        for level in levels.shuffled(using: &generator) {
            try solver.add((x == Double(level)).withPriority(Priority(level)))
        }
        #expect(solver.value(of: x) == 999)
        let half = (x == -1).withPriority(999.5)
        try solver.add(half)
        #expect(solver.value(of: x) == -1)
        try solver.remove(half)
        #expect(solver.value(of: x) == 999)
    }

    @Test("A stronger inequality's violation outweighs any number of weaker violations",
          arguments: [2, 50, 400])
    func inequalityChain(count: Int) throws {
        // Views in a row, each wanting to be 100 wide at 250 (hugging) and at least 100 at
        // 750 (compression resistance), in a 300 pt container: the 750s win, the 250s break.
        var solver = Solver()
        var widths: [Variable] = []
        var right = LinearExpression()
        for index in 0..<count {
            let width = Variable("w\(index)")
            widths.append(width)
            try solver.add(width >= 0)
            try solver.add((width >= 100).withPriority(750))
            try solver.add((width <= 100).withPriority(250))
            right = right + width
        }
        try solver.add((right == 300).withPriority(751))
        // 751 beats any number of 750s: the row is 300 wide; with more than three views they
        // are squeezed below 100.
        let total = widths.reduce(0.0) { $0 + solver.value(of: $1) }
        #expect(abs(total - 300) < 1e-9)
        if count <= 3 {
            #expect(widths.allSatisfy { solver.value(of: $0) >= 100 - 1e-9 })
        }
    }

    @Test("Within one priority, errors add up; the weaker level decides what remains")
    func sameLevelSums() throws {
        var solver = Solver()
        let x = Variable("x")
        // Two constraints at 500 pull to 0, one at 500 to 30: the median wins (0); a weaker
        // constraint cannot move it.
        try solver.add((x == 0).withPriority(500))
        try solver.add((x == 0).withPriority(500))
        try solver.add((x == 30).withPriority(500))
        try solver.add((x == 30).withPriority(499))
        #expect(solver.value(of: x) == 0)
        // With one at 0 and one at 30, any x in [0, 30] is optimal at 500; the 499 picks 30.
        var tie = Solver()
        try tie.add((x == 0).withPriority(500))
        try tie.add((x == 30).withPriority(500))
        try tie.add((x == 30).withPriority(499))
        #expect(tie.value(of: x) == 30)
    }

    @Test("UIKit's named priorities")
    func named() {
        #expect(Priority.required.rawValue == 1000 && Priority.required.isRequired)
        #expect(Priority.defaultHigh.rawValue == 750 && !Priority.defaultHigh.isRequired)
        #expect(Priority.defaultLow.rawValue == 250)
        #expect(Priority.fittingSizeLevel.rawValue == 50)
        #expect(Priority(999.5) > 999 && Priority(999.5).description == "999.5")
    }
}
