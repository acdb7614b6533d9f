/// An incremental Cassowary constraint solver (Badros, Borning and Stuckey, 2001), with
/// UIKit's priorities.
///
/// Required constraints (priority 1000) always hold: adding one that contradicts the required
/// constraints already present throws ``SolverError/unsatisfiable(_:conflicting:)`` and leaves
/// it out. Optional constraints are satisfied as well as they can be, strongest
/// priority first: the errors at one priority are minimised before any weaker priority is
/// looked at, however many weaker constraints there are. An optional equality minimises
/// `|lhs - rhs|`; an optional inequality minimises by how much it is violated.
///
///     var solver = Solver()
///     let left = Variable("label.left"), width = Variable("label.width")
///     try solver.add(left == 16)
///     try solver.add(left + width <= 375 - 16)
///     try solver.add((width >= 420).withPriority(.defaultHigh))   // compression resistance
///     try solver.add((width <= 420).withPriority(251))            // hugging
///     solver.value(of: width)   // 343
///
/// Values are current after every call (there is no separate update step). ``range(of:)``
/// and ``isAmbiguous(_:)`` tell whether the constraints determine a variable. A solver is a
/// value: copying it is cheap, and the copies then change independently.
///
/// Numbers within ``epsilon`` of zero count as zero. Every choice the simplex makes among
/// candidates takes the one created first, so the same calls give the same values, bit for bit.
public struct Solver: Sendable {
    /// Coefficients, constants and costs closer to zero than this count as zero: dropped from
    /// the tableau, and the test of whether a required constraint can hold.
    public static let epsilon = 1e-8

    /// Where a constraint lives in the tableau.
    struct Tag: Sendable {
        /// Its slack (inequalities), dummy (required equalities) or positive error (optional
        /// equalities): the symbol that is pivoted out to remove it.
        var marker: Symbol
        /// The other error symbol of an optional constraint (the error of an inequality, the
        /// negative error of an equality).
        var other: Symbol?
        /// When it was added, for listing conflicts in order.
        var order = 0

        /// The symbols weighted in the objective.
        var errors: [Symbol] { [marker, other].compactMap { $0 }.filter { $0.kind == .error } }
    }

    /// An edit variable: its optional constraint `variable == value`.
    struct Edit: Sendable {
        var constraint: Constraint
        var value: Double
    }

    var constraints: [Constraint: Tag] = [:]
    var tableau = Tableau()
    var variables: [Variable: Symbol] = [:]
    var edits: [Variable: Edit] = [:]
    var objective = Objective()
    /// An objective minimised instead of ``objective`` for a while: the artificial variable's
    /// row while a constraint is added with one, or a variable while its range is found.
    var auxiliary: Row?
    var symbolCount = 0
    var addedCount = 0

    public init() {}

    /// True when `constraint` is in the solver.
    public func contains(_ constraint: Constraint) -> Bool {
        constraints[constraint] != nil
    }

    /// Adds a constraint and solves again.
    ///
    /// - Throws: ``SolverError/duplicateConstraint(_:)``, ``SolverError/invalidPriority(_:)``,
    ///   ``SolverError/nonFiniteValue(_:)``, or ``SolverError/unsatisfiable(_:conflicting:)``
    ///   when it is required and contradicts the required constraints present. When it throws
    ///   the solver keeps the constraints it had and an optimal solution of them (a variable
    ///   the constraints determine keeps its value).
    public mutating func add(_ constraint: Constraint) throws(SolverError) {
        guard constraints[constraint] == nil else { throw SolverError.duplicateConstraint(constraint) }
        guard constraint.priority.isValid else { throw SolverError.invalidPriority(constraint) }
        guard constraint.expression.constant.isFinite,
              constraint.expression.terms.allSatisfy({ $0.coefficient.isFinite }) else {
            throw SolverError.nonFiniteValue(constraint)
        }
        var newVariables: [Variable: Symbol] = [:]
        var (row, tag) = makeRow(for: constraint, newVariables: &newVariables)
        if let subject = chooseSubject(row, tag) {
            row.solve(for: subject)
            substitute(subject, with: row)
            tableau.insert(row, for: subject)
        } else if row.cells.allSatisfy({ $0.symbol.kind == .dummy }) {
            // Only required equalities' dummies: the new equality is a sum of those already
            // present, so it is redundant (its dummy becomes basic at 0) or contradicts them.
            guard isNearZero(row.constant) else {
                throw SolverError.unsatisfiable(constraint, conflicting: requiredConstraints(markedBy: row))
            }
            row.solve(for: tag.marker)
            tableau.insert(row, for: tag.marker)
        } else {
            try addWithArtificialVariable(row, for: constraint)
        }
        variables.merge(newVariables) { old, _ in old }
        tag.order = addedCount
        addedCount += 1
        constraints[constraint] = tag
        if !constraint.priority.isRequired { weighErrors(of: tag, at: constraint.priority, by: 1) }
        try optimizeObjective()
    }

    /// Removes a constraint and solves again.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` when it is not in the solver.
    public mutating func remove(_ constraint: Constraint) throws(SolverError) {
        guard let tag = constraints.removeValue(forKey: constraint) else {
            throw SolverError.unknownConstraint(constraint)
        }
        // Its errors leave the objective before any pivot, or the substitutions would carry
        // them into other symbols' costs.
        if !constraint.priority.isRequired { weighErrors(of: tag, at: constraint.priority, by: -1) }
        // A basic marker's row is the constraint: drop it. Otherwise pivot the marker into the
        // basis first. (A marker that no row holds has no effect left to remove.)
        if tableau.removeRow(for: tag.marker) == nil, let leaving = markerLeavingRow(tag.marker) {
            var row = tableau.removeRow(for: leaving)!
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, with: row)
        }
        try optimizeObjective()
    }

    /// Makes `variable` an edit variable: an optional constraint `variable == value` at
    /// `priority`, starting at its current value, whose value ``suggest(_:value:)`` changes
    /// cheaply (a dual simplex from the current solution).
    ///
    /// - Throws: ``SolverError/duplicateEditVariable(_:)``, or
    ///   ``SolverError/invalidEditPriority(_:_:)`` unless `0 < priority < 1000`.
    public mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        guard edits[variable] == nil else { throw SolverError.duplicateEditVariable(variable) }
        guard priority.isValid, !priority.isRequired else {
            throw SolverError.invalidEditPriority(variable, priority)
        }
        let value = value(of: variable)
        let constraint = Constraint(LinearExpression(variable) - value, .equal, priority: priority)
        try add(constraint)
        edits[variable] = Edit(constraint: constraint, value: value)
    }

    /// Removes an edit variable's constraint.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)``.
    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let edit = edits.removeValue(forKey: variable) else {
            throw SolverError.unknownEditVariable(variable)
        }
        try remove(edit.constraint)
    }

    /// True when `variable` is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits[variable] != nil
    }

    /// Asks for `value` for an edit variable, and solves again.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)``, ``SolverError/nonFiniteSuggestion(_:_:)``.
    public mutating func suggest(_ variable: Variable, value: Double) throws(SolverError) {
        try suggest([(variable, value)])
    }

    /// Asks for a value for each of several edit variables, and solves once for all of them
    /// (one dual simplex from the current solution): cheaper than suggesting them one by one.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)``, ``SolverError/nonFiniteSuggestion(_:_:)``;
    ///   then no value has been suggested.
    public mutating func suggest(_ values: [(variable: Variable, value: Double)]) throws(SolverError) {
        for (variable, value) in values {
            guard edits[variable] != nil else { throw SolverError.unknownEditVariable(variable) }
            guard value.isFinite else { throw SolverError.nonFiniteSuggestion(variable, value) }
        }
        var changed: Set<Symbol> = []
        for (variable, value) in values {
            var edit = edits[variable]!
            let delta = value - edit.value
            guard delta != 0 else { continue }
            edit.value = value
            edits[variable] = edit
            // The edit's row reads `variable - value - plus + minus = 0`; moving the value by
            // delta moves whichever error is basic, or every row through the parametric one.
            let tag = constraints[edit.constraint]!
            if tableau[tag.marker] != nil {
                tableau.shiftConstant(of: tag.marker, by: -delta)
                changed.insert(tag.marker)
            } else if let minus = tag.other, tableau[minus] != nil {
                tableau.shiftConstant(of: minus, by: delta)
                changed.insert(minus)
            } else {
                for basic in tableau.rows(holding: tag.marker) {
                    tableau.shiftConstant(of: basic, by: delta * tableau[basic]!.coefficient(for: tag.marker))
                    changed.insert(basic)
                }
            }
        }
        guard !changed.isEmpty else { return }
        try dualOptimize(rowsToCheck: changed)
        try optimizeObjective()
    }

    /// How many constraints the solver holds (edit variables' among them).
    public var constraintCount: Int { constraints.count }

    /// The variable's value in the current solution; 0 for a variable no constraint names, or
    /// one the constraints leave entirely free.
    public func value(of variable: Variable) -> Double {
        guard let symbol = variables[variable], let row = tableau[symbol] else { return 0 }
        return row.constant
    }
}
