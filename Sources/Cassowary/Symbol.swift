/// A column of the simplex tableau: a user variable (external) or one the solver adds per
/// constraint. Symbols order by creation, which makes every choice among them (Bland's rule)
/// and so every result deterministic.
struct Symbol: Hashable, Comparable, Sendable {
    enum Kind: UInt64 {
        /// A user ``Variable``; unrestricted in sign.
        case external
        /// The slack of an inequality, `s ≥ 0`.
        case slack
        /// The error of an optional constraint, `e ≥ 0`, weighted in the objective.
        case error
        /// The marker of a required equality, always 0: it never enters the basis.
        case dummy
    }

    /// The creation number above two bits of kind.
    private let raw: UInt64

    init(id: Int, kind: Kind) {
        raw = UInt64(id) << 2 | kind.rawValue
    }

    var kind: Kind { Kind(rawValue: raw & 3)! }

    /// The creation number: symbols are numbered 1, 2, 3… per solver.
    var id: Int { Int(raw >> 2) }

    /// Slacks, errors and dummies are restricted to `≥ 0`; external variables are not.
    var isRestricted: Bool { kind != .external }

    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.raw < rhs.raw }
}
