// The simplex machinery behind Solver's public calls, after kiwisolver's design: rows are
// kept in the form `basic = constant + Σ coefficient × parametric`, restricted basic symbols
// (slacks, errors, dummies) stay ≥ 0, and every parametric symbol is 0.
//
// An invariant keeps user variables out of the way: rows whose basic symbol is restricted,
// and the objective, never hold an external symbol. (A new row's subject is an external
// symbol whenever it holds one; pivots only enter restricted symbols; removing a constraint
// whose marker only external rows hold spreads an external only through external rows.) So an
// external symbol that is parametric is free: no inequality and no cost bounds it.

extension Solver {
    mutating func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        symbolCount += 1
        return Symbol(id: symbolCount, kind: kind)
    }

    /// The constraint as a row `0 = …` over the current parametric symbols, with its slack,
    /// errors or dummy, its constant made non-negative. Variables the solver does not know yet
    /// get symbols in `newVariables` (kept only if the constraint is added).
    mutating func makeRow(for constraint: Constraint, newVariables: inout [Variable: Symbol]) -> (Row, Tag) {
        var row = Row(constant: constraint.expression.constant)
        for term in constraint.expression.terms where !isNearZero(term.coefficient) {
            let symbol: Symbol
            if let known = variables[term.variable] ?? newVariables[term.variable] {
                symbol = known
            } else {
                symbol = newSymbol(.external)
                newVariables[term.variable] = symbol
            }
            if let basic = tableau[symbol] {
                row.insert(basic, times: term.coefficient)
            } else {
                row.insert(symbol, term.coefficient)
            }
        }
        let optional = !constraint.priority.isRequired
        let tag: Tag
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // expression + slack = 0 for ≤ (expression - slack = 0 for ≥); an optional one
            // may be violated by its error.
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            row.insert(slack, sign)
            var error: Symbol?
            if optional {
                error = newSymbol(.error)
                row.insert(error!, -sign)
            }
            tag = Tag(marker: slack, other: error)
        case .equal where optional:
            // expression = plus - minus, both errors ≥ 0 and weighted: |expression| is minimised.
            let plus = newSymbol(.error)
            let minus = newSymbol(.error)
            row.insert(plus, -1)
            row.insert(minus, 1)
            tag = Tag(marker: plus, other: minus)
        case .equal:
            let dummy = newSymbol(.dummy)
            row.insert(dummy)
            tag = Tag(marker: dummy)
        }
        if row.constant < 0 { row.negate() }
        return (row, tag)
    }

    /// The symbol to solve a new row for, nil when none keeps the tableau feasible: the
    /// lowest external symbol, else the constraint's slack or error when its coefficient is
    /// negative (the row's constant is not, so the symbol's value is).
    func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        if let external = row.cells.first(where: { $0.symbol.kind == .external }) { return external.symbol }
        for symbol in [tag.marker, tag.other].compactMap({ $0 })
        where symbol.kind != .dummy && row.coefficient(for: symbol) < 0 {
            return symbol
        }
        return nil
    }

    /// Adds a row no symbol can be solved for by minimising an artificial variable equal to
    /// it (phase one of the simplex). When the minimum is not zero the constraint cannot
    /// hold: the artificial row goes, the objective is optimised again, and the required
    /// constraints the artificial row names are reported.
    mutating func addWithArtificialVariable(_ row: Row, for constraint: Constraint) throws(SolverError) {
        let artificial = newSymbol(.slack)
        tableau.insert(row, for: artificial)
        auxiliary = row
        guard optimize(usingAuxiliary: true) else { throw SolverError.internalFailure("unbounded artificial objective") }
        let residual = auxiliary!
        auxiliary = nil
        guard isNearZero(residual.constant) else {
            // The artificial variable stayed basic (leaving the basis would have brought it to
            // zero), so every pivot was between the other rows: without its row the tableau
            // holds the earlier constraints, feasible, in another basis.
            tableau.removeRow(for: artificial)
            try optimizeObjective()
            // residual = constant + Σ c × symbol with every restricted c ≥ 0 at the optimum: the
            // constraints whose slacks and dummies appear force the artificial variable above
            // zero; optional constraints cannot appear (their two symbols would need
            // coefficients of opposite signs).
            throw SolverError.unsatisfiable(constraint, conflicting: requiredConstraints(markedBy: residual))
        }
        if var basicRow = tableau.removeRow(for: artificial), !basicRow.cells.isEmpty {
            let entering = basicRow.cells.first { $0.symbol.kind != .dummy } ?? basicRow.cells[0]
            basicRow.solve(for: artificial, entering.symbol)
            substitute(entering.symbol, with: basicRow)
            tableau.insert(basicRow, for: entering.symbol)
        }
        // The artificial variable is parametric now, at 0 for good.
        tableau.remove(artificial)
        objective.remove(artificial)
    }

    /// Adds `factor` times an optional constraint's errors to the objective, at its priority.
    mutating func weighErrors(of tag: Tag, at priority: Priority, by factor: Double) {
        let weight = SymbolicWeight(factor, at: priority.rawValue)
        for error in tag.errors {
            if let row = tableau[error] {
                objective.insert(row, times: weight)
            } else {
                objective.insert(error, weight)
            }
        }
    }

    /// The required constraints (in the order they were added) whose marker is in `row`.
    func requiredConstraints(markedBy row: Row) -> [Constraint] {
        let symbols = Set(row.cells.map(\.symbol))
        return constraints
            .filter { $0.key.priority.isRequired && symbols.contains($0.value.marker) }
            .sorted { $0.value.order < $1.value.order }
            .map(\.key)
    }

    /// Replaces `symbol` by `row` in every row and objective; returns the basic symbols whose
    /// rows changed.
    @discardableResult
    mutating func substitute(_ symbol: Symbol, with row: Row) -> [Symbol] {
        objective.substitute(symbol, with: row)
        auxiliary?.substitute(symbol, with: row)
        return tableau.substitute(symbol, with: row)
    }

    /// Makes `entering` basic in place of `leaving`; returns the other basic symbols whose
    /// rows changed.
    @discardableResult
    mutating func pivot(entering: Symbol, leaving: Symbol) -> [Symbol] {
        var row = tableau.removeRow(for: leaving)!
        row.solve(for: leaving, entering)
        let changed = substitute(entering, with: row)
        tableau.insert(row, for: entering)
        return changed
    }

    mutating func optimizeObjective() throws(SolverError) {
        guard optimize(usingAuxiliary: false) else { throw SolverError.internalFailure("unbounded objective") }
    }

    /// Phase two of the simplex: pivots while some symbol lowers the objective (``objective``,
    /// or ``auxiliary`` with `usingAuxiliary`, where only symbols `isEligible` accepts may
    /// enter). Returns false when the objective is unbounded below.
    mutating func optimize(usingAuxiliary: Bool, isEligible: (Symbol) -> Bool = { _ in true }) -> Bool {
        while true {
            let entering = usingAuxiliary
                ? auxiliary!.cells.first { $0.coefficient < 0 && $0.symbol.kind != .dummy && isEligible($0.symbol) }?.symbol
                : objective.enteringSymbol()
            guard let entering else { return true }
            guard let leaving = leavingRow(for: entering) else { return false }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// The restricted row that first reaches zero as `entering` grows (the ratio test), the
    /// lowest symbol among ties (the rows come in symbol order); nil when none does.
    func leavingRow(for entering: Symbol) -> Symbol? {
        var best: (ratio: Double, symbol: Symbol)?
        for symbol in tableau.rows(holding: entering) where symbol.isRestricted {
            let row = tableau[symbol]!
            let coefficient = row.coefficient(for: entering)
            guard coefficient < 0 else { continue }
            let ratio = -row.constant / coefficient
            if best == nil || ratio < best!.ratio { best = (ratio, symbol) }
        }
        return best?.symbol
    }

    /// The row to pivot a parametric marker into the basis with, so that dropping the row
    /// removes its constraint and keeps the others feasible: the restricted row the marker
    /// would drive to zero first, else the restricted row it would leave positive the longest,
    /// else an external row; the lowest symbol among ties (the rows come in symbol order).
    func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var negative: (ratio: Double, symbol: Symbol)?
        var positive: (ratio: Double, symbol: Symbol)?
        var external: Symbol?
        for symbol in tableau.rows(holding: marker) {
            let row = tableau[symbol]!
            let coefficient = row.coefficient(for: marker)
            if !symbol.isRestricted {
                if external == nil { external = symbol }
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if negative == nil || ratio < negative!.ratio { negative = (ratio, symbol) }
            } else {
                let ratio = row.constant / coefficient
                if positive == nil || ratio < positive!.ratio { positive = (ratio, symbol) }
            }
        }
        return negative?.symbol ?? positive?.symbol ?? external
    }

    /// The dual simplex, after an edit variable's value moved the constants of `rowsToCheck`:
    /// pivots the lowest restricted row below zero out of the basis until none is, keeping
    /// the objective optimal.
    mutating func dualOptimize(rowsToCheck: Set<Symbol>) throws(SolverError) {
        var candidates = rowsToCheck
        while let leaving = candidates.filter({ isInfeasible($0) }).min() {
            guard let entering = dualEnteringSymbol(tableau[leaving]!) else {
                throw SolverError.internalFailure("no symbol restores a row below zero")
            }
            candidates.remove(leaving)
            candidates.formUnion(pivot(entering: entering, leaving: leaving))
        }
    }

    private func isInfeasible(_ basic: Symbol) -> Bool {
        guard basic.isRestricted, let row = tableau[basic] else { return false }
        return row.constant < -Solver.epsilon
    }

    /// The symbol of `row` whose growth raises the row at the least cost: the least ratio of
    /// cost vector to coefficient, compared lexicographically, the lowest symbol among ties.
    func dualEnteringSymbol(_ row: Row) -> Symbol? {
        var best: (weight: SymbolicWeight, coefficient: Double, symbol: Symbol)?
        for cell in row.cells where cell.coefficient > 0 && cell.symbol.kind != .dummy {
            let weight = objective.weight(of: cell.symbol)
            if best == nil || SymbolicWeight.isLess(weight, dividedBy: cell.coefficient,
                                                    than: best!.weight, dividedBy: best!.coefficient) {
                best = (weight, cell.coefficient, cell.symbol)
            }
        }
        return best?.symbol
    }
}
