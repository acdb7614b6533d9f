/// A cost in Cassowary's symbolic weights: one component per priority, compared
/// lexicographically, strongest priority first, so that no amount of cost at one priority
/// outweighs any cost at a stronger one.
///
/// Stored sparsely: the non-zero components, strongest first (a symbol's cost usually
/// involves one or two priorities).
struct SymbolicWeight: Sendable {
    struct Component: Sendable {
        var priority: Float
        var value: Double
    }

    private(set) var components: [Component] = []

    init() {}

    init(_ value: Double, at priority: Float) {
        if !isNearZero(value) { components = [Component(priority: priority, value: value)] }
    }

    var isZero: Bool { components.isEmpty }

    /// Lexicographically below zero: its strongest component is negative.
    var isNegative: Bool { components.first.map { $0.value < 0 } ?? false }

    /// Adds `factor × other`, dropping components that come within ``Solver/epsilon`` of zero.
    mutating func add(_ other: SymbolicWeight, times factor: Double) {
        var merged: [Component] = []
        merged.reserveCapacity(components.count + other.components.count)
        var mine = 0
        var theirs = 0
        while mine < components.count || theirs < other.components.count {
            if theirs == other.components.count
                || (mine < components.count && components[mine].priority > other.components[theirs].priority) {
                merged.append(components[mine])
                mine += 1
                continue
            }
            var component = other.components[theirs]
            component.value *= factor
            if mine < components.count && components[mine].priority == component.priority {
                component.value += components[mine].value
                mine += 1
            }
            theirs += 1
            if !isNearZero(component.value) { merged.append(component) }
        }
        components = merged
    }

    /// Whether `lhs / lhsDivisor` is lexicographically below `rhs / rhsDivisor`.
    static func isLess(_ lhs: SymbolicWeight, dividedBy lhsDivisor: Double,
                       than rhs: SymbolicWeight, dividedBy rhsDivisor: Double) -> Bool {
        var left = 0
        var right = 0
        while left < lhs.components.count || right < rhs.components.count {
            let leftPriority = left < lhs.components.count ? lhs.components[left].priority : -.infinity
            let rightPriority = right < rhs.components.count ? rhs.components[right].priority : -.infinity
            let priority = max(leftPriority, rightPriority)
            let leftValue = leftPriority == priority ? lhs.components[left].value / lhsDivisor : 0
            let rightValue = rightPriority == priority ? rhs.components[right].value / rhsDivisor : 0
            if leftValue != rightValue { return leftValue < rightValue }
            if leftPriority == priority { left += 1 }
            if rightPriority == priority { right += 1 }
        }
        return false
    }
}

/// What the solver minimises: the errors of the optional constraints, each weighted 1 at its
/// constraint's priority, as a row of symbolic weights over the parametric symbols (the
/// reduced costs). Its constant, the current total error, is not needed and not kept.
struct Objective: Sendable {
    struct Cell: Sendable {
        var symbol: Symbol
        var weight: SymbolicWeight
    }

    /// Sorted by symbol; no zero weights.
    private(set) var cells: [Cell] = []

    /// The position of `symbol` in `cells`, or where it would go.
    private func position(of symbol: Symbol) -> (index: Int, found: Bool) {
        let index = cells.partitioningIndex { $0.symbol >= symbol }
        return (index, index < cells.count && cells[index].symbol == symbol)
    }

    /// `symbol`'s cost.
    func weight(of symbol: Symbol) -> SymbolicWeight {
        let (index, found) = position(of: symbol)
        return found ? cells[index].weight : SymbolicWeight()
    }

    /// True when moving `symbol` changes no error at any priority.
    func isZeroCost(_ symbol: Symbol) -> Bool {
        !position(of: symbol).found
    }

    /// Adds `weight × symbol`.
    mutating func insert(_ symbol: Symbol, _ weight: SymbolicWeight) {
        let (index, found) = position(of: symbol)
        if found {
            cells[index].weight.add(weight, times: 1)
            if cells[index].weight.isZero { cells.remove(at: index) }
        } else if !weight.isZero {
            cells.insert(Cell(symbol: symbol, weight: weight), at: index)
        }
    }

    /// Adds `weight × row` (its cells; the constant is not kept). Rows are short and the
    /// objective long, so each cell is added in place.
    mutating func insert(_ row: Row, times weight: SymbolicWeight) {
        for cell in row.cells {
            let (index, found) = position(of: cell.symbol)
            if found {
                cells[index].weight.add(weight, times: cell.coefficient)
                if cells[index].weight.isZero { cells.remove(at: index) }
            } else {
                var product = SymbolicWeight()
                product.add(weight, times: cell.coefficient)
                if !product.isZero { cells.insert(Cell(symbol: cell.symbol, weight: product), at: index) }
            }
        }
    }

    /// Replaces `symbol` by `row`'s right-hand side.
    mutating func substitute(_ symbol: Symbol, with row: Row) {
        let (index, found) = position(of: symbol)
        guard found else { return }
        let weight = cells.remove(at: index).weight
        insert(row, times: weight)
    }

    mutating func remove(_ symbol: Symbol) {
        let (index, found) = position(of: symbol)
        if found { cells.remove(at: index) }
    }

    /// The lowest symbol (Bland's rule) that is not a dummy and whose cost is negative, so
    /// that increasing it lowers the objective; nil at the optimum.
    func enteringSymbol() -> Symbol? {
        cells.first { $0.weight.isNegative && $0.symbol.kind != .dummy }?.symbol
    }
}
