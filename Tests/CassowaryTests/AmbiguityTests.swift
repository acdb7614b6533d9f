import Cassowary
import Testing

@Suite("Cassowary solver: ambiguity")
struct AmbiguityTests {
    @Test("Determined variables have a one-value range")
    func determined() throws {
        var solver = Solver()
        let left = Variable("left"), width = Variable("width")
        try solver.add(left == 16)
        try solver.add(left + width == 359)
        #expect(solver.range(of: width) == 343...343)
        #expect(!solver.isAmbiguous(left) && !solver.isAmbiguous(width))
    }

    @Test("Unconstrained and half-constrained variables are ambiguous")
    func free() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        #expect(solver.range(of: x) == -.infinity ... .infinity)
        try solver.add(x + y == 100)
        #expect(solver.isAmbiguous(x) && solver.isAmbiguous(y))
        #expect(solver.range(of: y) == -.infinity ... .infinity)
        try solver.add(x >= 0)
        try solver.add(y >= 0)
        #expect(solver.range(of: x) == 0...100)
        #expect(solver.range(of: y) == 0...100)
        try solver.add(z >= 5)
        #expect(solver.range(of: z) == 5 ... .infinity)
        try solver.add(x - y == 20)
        #expect(solver.range(of: x) == 60...60)
    }

    @Test("Inequalities that pin a value from both sides determine it (a degenerate vertex)")
    func pinnedByInequalities() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x >= 5)
        try solver.add(x <= 5)
        try solver.add(y >= x)
        try solver.add(y <= 2 * x - 5)
        #expect(!solver.isAmbiguous(x))
        #expect(!solver.isAmbiguous(y))
        #expect(solver.value(of: y) == 5)
    }

    @Test("Two labels in a row with equal hugging share the slack ambiguously; unequal hugging does not")
    func hugging() throws {
        for (leftHugging, rightHugging, ambiguous) in [(250 as Priority, 250 as Priority, true), (251, 250, false)] {
            var solver = Solver()
            let a = Variable("a.width"), b = Variable("b.width")
            try solver.add(a + b == 300)
            for (width, hugging) in [(a, leftHugging), (b, rightHugging)] {
                try solver.add((width >= 100).withPriority(750))
                try solver.add((width <= 100).withPriority(hugging))
            }
            #expect(solver.isAmbiguous(a) == ambiguous)
            #expect(solver.isAmbiguous(b) == ambiguous)
            if ambiguous {
                #expect(solver.range(of: a) == 100...200)
            } else {
                #expect(solver.value(of: a) == 100 && solver.value(of: b) == 200)
            }
        }
    }

    @Test("An optional constraint that holds exactly still determines its variable")
    func optionalDetermines() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add((x == 40).withPriority(250))
        try solver.add(y >= x)
        try solver.add((y <= 10).withPriority(50))
        #expect(solver.range(of: x) == 40...40)
        #expect(solver.range(of: y) == 40...40)
    }

    @Test("The same calls give the same values, bit for bit, ambiguous or not")
    func deterministic() throws {
        func solve() throws -> [Double] {
            var solver = Solver()
            let v = (0..<8).map { Variable("v\($0)") }
            for index in 1..<8 {
                try solver.add(v[index] >= v[index - 1] + 3.7)
                try solver.add((v[index] - v[index - 1] <= 5.3).withPriority(Priority(Float(100 + index))))
            }
            try solver.add(v[7] - v[0] == 33)
            try solver.add((v[0] == 1.1).withPriority(250))
            try solver.addEditVariable(v[3], priority: 500)
            try solver.suggest(v[3], value: 12.9)
            return v.map { solver.value(of: $0) } + v.map { solver.range(of: $0).lowerBound }
        }
        let first = try solve()
        for _ in 0..<20 {
            #expect(try solve() == first)
        }
    }
}
