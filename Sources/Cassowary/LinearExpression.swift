/// A variable times a coefficient, one term of a ``LinearExpression``.
public struct Term: Sendable {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression: a sum of terms (each a variable times a coefficient) plus a constant,
/// built with `+`, `-`, `*` and `/` by a number:
///
///     let expression = 2 * width + left - 16
///
/// A variable may appear in several terms; they add up.
public struct LinearExpression: Sendable, CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The expression `1 × variable`.
    public init(_ variable: Variable) {
        self.init(terms: [Term(variable)])
    }

    /// `x + 2 * y - 10`: the terms in order, then the constant when it is not zero.
    public var description: String {
        var text = ""
        for term in terms {
            let magnitude = abs(term.coefficient)
            let factor = magnitude == 1 ? "" : formatNumber(magnitude) + " * "
            if text.isEmpty {
                text = (term.coefficient < 0 ? "-" : "") + factor + term.variable.description
            } else {
                text += (term.coefficient < 0 ? " - " : " + ") + factor + term.variable.description
            }
        }
        if text.isEmpty { return formatNumber(constant) }
        if constant != 0 { text += (constant < 0 ? " - " : " + ") + formatNumber(abs(constant)) }
        return text
    }

    func scaled(by factor: Double) -> LinearExpression {
        LinearExpression(terms: terms.map { Term($0.variable, $0.coefficient * factor) }, constant: constant * factor)
    }

    public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }

    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs + rhs.scaled(by: -1) }
    public static prefix func - (operand: LinearExpression) -> LinearExpression { operand.scaled(by: -1) }
    public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.scaled(by: rhs) }
    public static func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs.scaled(by: lhs) }
    public static func / (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.scaled(by: 1 / rhs) }

    public static func + (lhs: LinearExpression, rhs: Variable) -> LinearExpression { lhs + LinearExpression(rhs) }
    public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs + LinearExpression(constant: rhs) }
    public static func + (lhs: Double, rhs: LinearExpression) -> LinearExpression { LinearExpression(constant: lhs) + rhs }
    public static func - (lhs: LinearExpression, rhs: Variable) -> LinearExpression { lhs - LinearExpression(rhs) }
    public static func - (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs + LinearExpression(constant: -rhs) }
    public static func - (lhs: Double, rhs: LinearExpression) -> LinearExpression { LinearExpression(constant: lhs) - rhs }
}

extension Variable {
    public static func + (lhs: Variable, rhs: Variable) -> LinearExpression { LinearExpression(lhs) + LinearExpression(rhs) }
    public static func + (lhs: Variable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) + rhs }
    public static func + (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(lhs) + rhs }
    public static func + (lhs: Double, rhs: Variable) -> LinearExpression { lhs + LinearExpression(rhs) }
    public static func - (lhs: Variable, rhs: Variable) -> LinearExpression { LinearExpression(lhs) - LinearExpression(rhs) }
    public static func - (lhs: Variable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) - rhs }
    public static func - (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(lhs) - rhs }
    public static func - (lhs: Double, rhs: Variable) -> LinearExpression { lhs - LinearExpression(rhs) }
    public static prefix func - (operand: Variable) -> LinearExpression { -LinearExpression(operand) }
    public static func * (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(lhs) * rhs }
    public static func * (lhs: Double, rhs: Variable) -> LinearExpression { lhs * LinearExpression(rhs) }
    public static func / (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(lhs) / rhs }
}
