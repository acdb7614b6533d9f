/// An unknown of a constraint system: one number the solver finds, such as a view's width.
///
/// A variable is compared by identity: two variables of the same name are two unknowns. The
/// name appears in descriptions and error messages only. A solver reports a variable's value
/// with ``Solver/value(of:)``.
public final class Variable: Hashable, Sendable, CustomStringConvertible {
    /// The name used in descriptions and messages (`label.width`, say).
    public let name: String

    public init(_ name: String = "") {
        self.name = name
    }

    public var description: String { name.isEmpty ? "unnamed" : name }

    public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
