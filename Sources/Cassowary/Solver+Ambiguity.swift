extension Solver {
    /// The values `variable` takes over all the solutions that are optimal: that satisfy the
    /// required constraints and leave, priority by priority, the least error. A single value
    /// (`v...v`) when the constraints determine it; infinite bounds when nothing bounds it,
    /// as for a variable no constraint names.
    ///
    /// Found by a simplex over the optimal face: the symbols of the current solution whose
    /// change costs nothing at any priority may move (each ≥ 0 when restricted), the others
    /// stay at zero, and `variable` is minimised and maximised over that face.
    public func range(of variable: Variable) -> ClosedRange<Double> {
        let everything = -Double.infinity ... Double.infinity
        // A parametric user variable is free, and so is a basic one with a free user variable
        // in its row (no inequality or cost holds user variables in parametric form).
        guard let symbol = variables[variable], let row = tableau[symbol] else { return everything }
        var movable = false
        for cell in row.cells {
            if cell.symbol.kind == .external { return everything }
            if cell.symbol.kind != .dummy && objective.isZeroCost(cell.symbol) { movable = true }
        }
        guard movable else { return row.constant ... row.constant }
        let lower = min(extreme(of: symbol, maximum: false), row.constant)
        let upper = max(extreme(of: symbol, maximum: true), row.constant)
        return lower ... upper
    }

    /// True when the constraints leave `variable` undetermined: its ``range(of:)`` is wider
    /// than ``epsilon``. Auto Layout calls such a layout ambiguous.
    public func isAmbiguous(_ variable: Variable) -> Bool {
        let range = range(of: variable)
        return range.upperBound - range.lowerBound > Solver.epsilon
    }

    /// The least (or greatest) value of the basic external `symbol` over the optimal face.
    private func extreme(of symbol: Symbol, maximum: Bool) -> Double {
        var scratch = self
        var goal = tableau[symbol]!
        if maximum { goal.negate() }
        scratch.auxiliary = goal
        // Only zero-cost symbols enter, so the objective's costs never change on the way.
        let objective = self.objective
        guard scratch.optimize(usingAuxiliary: true, isEligible: { objective.isZeroCost($0) }) else {
            return maximum ? .infinity : -.infinity
        }
        let optimum = scratch.auxiliary!.constant
        return maximum ? -optimum : optimum
    }
}
