/// The simplex tableau: the basic symbols' rows, with an index from each parametric symbol
/// to the rows that hold it, so that a pivot touches only the rows it changes. Both are
/// arrays indexed by symbol number (symbols are numbered densely), and each column is kept
/// sorted, so nothing is hashed and every walk goes in symbol order.
struct Tableau: Sendable {
    private struct Basic: Sendable {
        var symbol: Symbol
        var row: Row
    }

    /// By symbol number: the symbol's row when it is basic.
    private var basics: [Basic?] = []
    /// By symbol number: the basic symbols whose rows hold the symbol, sorted.
    private var columns: [[Symbol]] = []

    subscript(basic: Symbol) -> Row? {
        basic.id < basics.count ? basics[basic.id]?.row : nil
    }

    /// Every basic symbol and its row, in symbol order.
    var rows: [(basic: Symbol, row: Row)] {
        basics.compactMap { $0.map { ($0.symbol, $0.row) } }
    }

    /// The basic symbols whose rows hold `symbol`, in symbol order.
    func rows(holding symbol: Symbol) -> [Symbol] {
        symbol.id < columns.count ? columns[symbol.id] : []
    }

    private mutating func makeRoom(for symbol: Symbol) {
        if symbol.id >= basics.count {
            let count = max(symbol.id + 1, basics.count * 2)
            basics += repeatElement(nil, count: count - basics.count)
            columns += repeatElement([], count: count - columns.count)
        }
    }

    private mutating func note(_ basic: Symbol, in symbol: Symbol) {
        makeRoom(for: symbol)
        let index = columns[symbol.id].partitioningIndex { $0 >= basic }
        columns[symbol.id].insert(basic, at: index)
    }

    private mutating func forget(_ basic: Symbol, in symbol: Symbol) {
        let index = columns[symbol.id].partitioningIndex { $0 >= basic }
        columns[symbol.id].remove(at: index)
    }

    mutating func insert(_ row: Row, for basic: Symbol) {
        makeRoom(for: basic)
        for cell in row.cells { note(basic, in: cell.symbol) }
        basics[basic.id] = Basic(symbol: basic, row: row)
    }

    @discardableResult
    mutating func removeRow(for basic: Symbol) -> Row? {
        guard let row = self[basic] else { return nil }
        basics[basic.id] = nil
        for cell in row.cells { forget(basic, in: cell.symbol) }
        return row
    }

    /// Replaces `symbol` by `row` wherever it appears; returns the basic symbols whose rows
    /// changed, in symbol order.
    @discardableResult
    mutating func substitute(_ symbol: Symbol, with row: Row) -> [Symbol] {
        let holders = rows(holding: symbol)
        guard !holders.isEmpty else { return [] }
        columns[symbol.id] = []
        var added: [Symbol] = []
        var removed: [Symbol] = []
        for basic in holders {
            added.removeAll(keepingCapacity: true)
            removed.removeAll(keepingCapacity: true)
            basics[basic.id]!.row.substitute(symbol, with: row) { other, isAdded in
                if isAdded { added.append(other) } else { removed.append(other) }
            }
            for other in added { note(basic, in: other) }
            for other in removed { forget(basic, in: other) }
        }
        return holders
    }

    /// Drops `symbol` (now parametric at 0 for good) from every row.
    mutating func remove(_ symbol: Symbol) {
        for basic in rows(holding: symbol) { basics[basic.id]!.row.remove(symbol) }
        if symbol.id < columns.count { columns[symbol.id] = [] }
    }

    /// Adds `delta` to the constant of `basic`'s row.
    mutating func shiftConstant(of basic: Symbol, by delta: Double) {
        basics[basic.id]!.row.constant += delta
    }
}
