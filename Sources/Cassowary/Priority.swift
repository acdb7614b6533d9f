/// How strongly a constraint should hold, on UIKit's scale: `1000` (``required``) must hold;
/// anything in `0 < p < 1000` is optional, and a stronger optional constraint always wins over
/// any number of weaker ones (the solver compares errors level by level, strongest first).
/// Priorities are `Float`s as UIKit's are, so 999, 999.5, 251 and 250 are all levels of their own.
public struct Priority: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible,
                        ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public var rawValue: Float

    public init(rawValue: Float) {
        self.rawValue = rawValue
    }

    public init(_ value: Float) {
        rawValue = value
    }

    public init(integerLiteral value: Int) {
        rawValue = Float(value)
    }

    public init(floatLiteral value: Float) {
        rawValue = value
    }

    /// 1000: the constraint must hold.
    public static let required: Priority = 1000
    /// 750, UIKit's `defaultHigh` (compression resistance, by default).
    public static let defaultHigh: Priority = 750
    /// 250, UIKit's `defaultLow` (content hugging in code).
    public static let defaultLow: Priority = 250
    /// 50, UIKit's `fittingSizeLevel`.
    public static let fittingSizeLevel: Priority = 50

    /// True for 1000.
    public var isRequired: Bool { rawValue == 1000 }

    /// True when the solver accepts it: greater than 0 and at most 1000 (UIKit's range).
    public var isValid: Bool { rawValue > 0 && rawValue <= 1000 }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { formatNumber(Double(rawValue)) }
}

/// A number as people write it: `250`, `999.5`, `-0.25`.
func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
