/// Why the solver refused a request. A refused request leaves the solver with the constraints
/// and edit variables it had.
public enum SolverError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The constraint is already in the solver.
    case duplicateConstraint(Constraint)
    /// The constraint is not in the solver.
    case unknownConstraint(Constraint)
    /// The required constraint cannot hold together with the required constraints already in
    /// the solver. `conflicting` is an irreducible set of them (in the order they were added):
    /// it contradicts all of them together, and holds without any one of them. It is empty
    /// when the constraint contradicts itself (`0 == 5`).
    case unsatisfiable(Constraint, conflicting: [Constraint])
    /// The constraint's priority is not in UIKit's range, greater than 0 and at most 1000.
    case invalidPriority(Constraint)
    /// A coefficient or the constant of the constraint is infinite or not a number.
    case nonFiniteValue(Constraint)
    /// The variable is already an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// An edit variable's priority must be optional (below 1000) and valid.
    case invalidEditPriority(Variable, Priority)
    /// A suggested value is infinite or not a number.
    case nonFiniteSuggestion(Variable, Double)
    /// The simplex met a state its rules exclude (an unbounded objective), which only
    /// numerically degenerate coefficients cause; the solver is no longer usable.
    case internalFailure(String)

    public var description: String {
        switch self {
        case .duplicateConstraint(let constraint):
            return "the constraint \(constraint) is already in the solver"
        case .unknownConstraint(let constraint):
            return "the constraint \(constraint) is not in the solver"
        case .unsatisfiable(let constraint, let conflicting):
            if conflicting.isEmpty { return "the required constraint \(constraint) cannot hold" }
            return "the required constraint \(constraint) conflicts with the required constraints "
                + conflicting.map(\.description).joined(separator: "; ")
        case .invalidPriority(let constraint):
            return "the constraint \(constraint) has a priority outside 0 < priority <= 1000"
        case .nonFiniteValue(let constraint):
            return "the constraint \(constraint) has a coefficient or constant that is not a finite number"
        case .duplicateEditVariable(let variable):
            return "\(variable) is already an edit variable"
        case .unknownEditVariable(let variable):
            return "\(variable) is not an edit variable"
        case .invalidEditPriority(let variable, let priority):
            return "the edit variable \(variable) needs an optional priority (0 < priority < 1000), not \(priority)"
        case .nonFiniteSuggestion(let variable, let value):
            return "the value \(value) suggested for \(variable) is not a finite number"
        case .internalFailure(let reason):
            return "internal solver failure: \(reason)"
        }
    }
}
