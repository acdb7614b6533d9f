/// How a constraint's expression compares with zero.
public enum Relation: Sendable, CustomStringConvertible {
    case lessThanOrEqual, equal, greaterThanOrEqual

    public var description: String {
        switch self {
        case .lessThanOrEqual: return "<="
        case .equal: return "=="
        case .greaterThanOrEqual: return ">="
        }
    }
}

/// A linear relation between variables at a priority: `expression relation 0`.
///
/// Build one with an initializer or with the operators `==`, `<=` and `>=` between expressions,
/// variables and numbers (which make required constraints):
///
///     let pinned = label.left == superview.left + 16
///     let hugging = (label.width <= 120).withPriority(251)
///
/// A constraint is compared by identity: the solver adds and removes this object.
public final class Constraint: Hashable, Sendable, CustomStringConvertible {
    /// `lhs - rhs` of the relation as written, compared with zero.
    public let expression: LinearExpression
    public let relation: Relation
    public let priority: Priority

    /// The constraint `expression relation 0`.
    public init(_ expression: LinearExpression, _ relation: Relation, priority: Priority = .required) {
        self.expression = expression
        self.relation = relation
        self.priority = priority
    }

    /// The constraint `lhs relation rhs`.
    public convenience init(_ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression,
                            priority: Priority = .required) {
        self.init(lhs - rhs, relation, priority: priority)
    }

    /// The same relation at another priority (a new constraint).
    public func withPriority(_ priority: Priority) -> Constraint {
        Constraint(expression, relation, priority: priority)
    }

    /// `w - 120 <= 0 (priority 251)`; required constraints say no priority.
    public var description: String {
        "\(expression) \(relation) 0" + (priority.isRequired ? "" : " (priority \(priority))")
    }

    public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

// The relational operators make required constraints. `==` between two variables needs a
// context that wants a constraint (`solver.add(x == y)`); elsewhere it compares identities.
extension LinearExpression {
    public static func == (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { Constraint(lhs, .equal, rhs) }
    public static func <= (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { Constraint(lhs, .lessThanOrEqual, rhs) }
    public static func >= (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { Constraint(lhs, .greaterThanOrEqual, rhs) }
    public static func == (lhs: LinearExpression, rhs: Variable) -> Constraint { lhs == LinearExpression(rhs) }
    public static func <= (lhs: LinearExpression, rhs: Variable) -> Constraint { lhs <= LinearExpression(rhs) }
    public static func >= (lhs: LinearExpression, rhs: Variable) -> Constraint { lhs >= LinearExpression(rhs) }
    public static func == (lhs: LinearExpression, rhs: Double) -> Constraint { lhs == LinearExpression(constant: rhs) }
    public static func <= (lhs: LinearExpression, rhs: Double) -> Constraint { lhs <= LinearExpression(constant: rhs) }
    public static func >= (lhs: LinearExpression, rhs: Double) -> Constraint { lhs >= LinearExpression(constant: rhs) }
    public static func == (lhs: Double, rhs: LinearExpression) -> Constraint { LinearExpression(constant: lhs) == rhs }
    public static func <= (lhs: Double, rhs: LinearExpression) -> Constraint { LinearExpression(constant: lhs) <= rhs }
    public static func >= (lhs: Double, rhs: LinearExpression) -> Constraint { LinearExpression(constant: lhs) >= rhs }
}

extension Variable {
    public static func == (lhs: Variable, rhs: Variable) -> Constraint { LinearExpression(lhs) == LinearExpression(rhs) }
    public static func <= (lhs: Variable, rhs: Variable) -> Constraint { LinearExpression(lhs) <= LinearExpression(rhs) }
    public static func >= (lhs: Variable, rhs: Variable) -> Constraint { LinearExpression(lhs) >= LinearExpression(rhs) }
    public static func == (lhs: Variable, rhs: LinearExpression) -> Constraint { LinearExpression(lhs) == rhs }
    public static func <= (lhs: Variable, rhs: LinearExpression) -> Constraint { LinearExpression(lhs) <= rhs }
    public static func >= (lhs: Variable, rhs: LinearExpression) -> Constraint { LinearExpression(lhs) >= rhs }
    public static func == (lhs: Variable, rhs: Double) -> Constraint { LinearExpression(lhs) == rhs }
    public static func <= (lhs: Variable, rhs: Double) -> Constraint { LinearExpression(lhs) <= rhs }
    public static func >= (lhs: Variable, rhs: Double) -> Constraint { LinearExpression(lhs) >= rhs }
    public static func == (lhs: Double, rhs: Variable) -> Constraint { lhs == LinearExpression(rhs) }
    public static func <= (lhs: Double, rhs: Variable) -> Constraint { lhs <= LinearExpression(rhs) }
    public static func >= (lhs: Double, rhs: Variable) -> Constraint { lhs >= LinearExpression(rhs) }
}
