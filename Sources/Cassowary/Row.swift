/// One row of the tableau, `basic = constant + Σ coefficient × symbol` over parametric symbols
/// (or, while a constraint is being turned into a row, `0 = constant + Σ …`).
///
/// Cells are kept sorted by symbol and never hold a coefficient within ``Solver/epsilon`` of
/// zero, so a row's arithmetic and the order it is read in are the same on every run.
struct Row: Sendable {
    struct Cell: Sendable {
        var symbol: Symbol
        var coefficient: Double
    }

    var constant: Double
    private(set) var cells: [Cell] = []

    init(constant: Double = 0) {
        self.constant = constant
    }

    /// The position of `symbol` in `cells`, or where it would go.
    private func position(of symbol: Symbol) -> (index: Int, found: Bool) {
        let index = cells.partitioningIndex { $0.symbol >= symbol }
        return (index, index < cells.count && cells[index].symbol == symbol)
    }

    func coefficient(for symbol: Symbol) -> Double {
        let (index, found) = position(of: symbol)
        return found ? cells[index].coefficient : 0
    }

    /// Adds `coefficient × symbol`.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let (index, found) = position(of: symbol)
        if found {
            let sum = cells[index].coefficient + coefficient
            if isNearZero(sum) { cells.remove(at: index) } else { cells[index].coefficient = sum }
        } else if !isNearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
        }
    }

    /// Adds `coefficient × row` (its constant and its cells), telling `changed` of each symbol
    /// that comes into the row (`true`) or cancels out of it (`false`).
    mutating func insert(_ row: Row, times coefficient: Double = 1,
                         changed: (_ symbol: Symbol, _ added: Bool) -> Void = { _, _ in }) {
        constant += coefficient * row.constant
        var merged: [Cell] = []
        merged.reserveCapacity(cells.count + row.cells.count)
        var mine = 0
        var theirs = 0
        while mine < cells.count || theirs < row.cells.count {
            if theirs == row.cells.count || (mine < cells.count && cells[mine].symbol < row.cells[theirs].symbol) {
                merged.append(cells[mine])
                mine += 1
                continue
            }
            var cell = row.cells[theirs]
            cell.coefficient *= coefficient
            let present = mine < cells.count && cells[mine].symbol == cell.symbol
            if present {
                cell.coefficient += cells[mine].coefficient
                mine += 1
            }
            theirs += 1
            if !isNearZero(cell.coefficient) {
                merged.append(cell)
                if !present { changed(cell.symbol, true) }
            } else if present {
                changed(cell.symbol, false)
            }
        }
        cells = merged
    }

    mutating func remove(_ symbol: Symbol) {
        let (index, found) = position(of: symbol)
        if found { cells.remove(at: index) }
    }

    mutating func negate() {
        constant = -constant
        for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
    }

    /// Turns `0 = … + a × symbol + …` into `symbol = …`; `symbol` must be in the row.
    mutating func solve(for symbol: Symbol) {
        let (index, _) = position(of: symbol)
        let factor = -1 / cells[index].coefficient
        cells.remove(at: index)
        constant *= factor
        for index in cells.indices { cells[index].coefficient *= factor }
    }

    /// Turns `lhs = … + a × rhs + …` into `rhs = … + (1/a) × lhs + …` (a pivot).
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `row`'s right-hand side, if `symbol` is in this row, telling
    /// `changed` of the symbols of `row` that come in or cancel out.
    mutating func substitute(_ symbol: Symbol, with row: Row,
                             changed: (_ symbol: Symbol, _ added: Bool) -> Void = { _, _ in }) {
        let (index, found) = position(of: symbol)
        guard found else { return }
        let coefficient = cells[index].coefficient
        cells.remove(at: index)
        insert(row, times: coefficient, changed: changed)
    }
}

/// True within ``Solver/epsilon`` of zero.
func isNearZero(_ value: Double) -> Bool {
    abs(value) < Solver.epsilon
}
