/// A label's width as labelcat.yml writes it: a number of points, or arithmetic on the width
/// of the device the label is laid out for (`device - 32`, `(device - 48) / 2`,
/// `device × 0.5`). Operators `+`, `-`, `*` or `×`, `/` or `÷`, parentheses and a leading
/// minus; multiplication and division bind tighter, and operators of one kind apply left to
/// right.
public indirect enum WidthExpression: Sendable, Hashable, CustomStringConvertible {
    /// The device's width in points (portrait).
    case device
    case number(Double)
    case negated(WidthExpression)
    case sum(WidthExpression, WidthExpression)
    case difference(WidthExpression, WidthExpression)
    case product(WidthExpression, WidthExpression)
    case quotient(WidthExpression, WidthExpression)

    /// The width on a device `deviceWidth` points wide (infinite or NaN after a division by
    /// zero: `ProjectConfiguration` refuses an expression that gives a bad width on any device).
    public func value(deviceWidth: Double) -> Double {
        switch self {
        case .device: return deviceWidth
        case .number(let number): return number
        case .negated(let operand): return -operand.value(deviceWidth: deviceWidth)
        case .sum(let left, let right): return left.value(deviceWidth: deviceWidth) + right.value(deviceWidth: deviceWidth)
        case .difference(let left, let right): return left.value(deviceWidth: deviceWidth) - right.value(deviceWidth: deviceWidth)
        case .product(let left, let right): return left.value(deviceWidth: deviceWidth) * right.value(deviceWidth: deviceWidth)
        case .quotient(let left, let right): return left.value(deviceWidth: deviceWidth) / right.value(deviceWidth: deviceWidth)
        }
    }

    /// True when the width depends on the device.
    public var usesDevice: Bool {
        switch self {
        case .device: return true
        case .number: return false
        case .negated(let operand): return operand.usesDevice
        case .sum(let left, let right), .difference(let left, let right), .product(let left, let right),
             .quotient(let left, let right):
            return left.usesDevice || right.usesDevice
        }
    }

    /// The expression written back, fully parenthesized where operators nest: `device - 32`,
    /// `(device - 48) / 2`.
    public var description: String {
        func wrapped(_ expression: WidthExpression) -> String {
            switch expression {
            case .device, .number, .negated: return expression.description
            default: return "(\(expression.description))"
            }
        }
        switch self {
        case .device: return "device"
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
        case .negated(let operand): return "-" + wrapped(operand)
        case .sum(let left, let right): return "\(wrapped(left)) + \(wrapped(right))"
        case .difference(let left, let right): return "\(wrapped(left)) - \(wrapped(right))"
        case .product(let left, let right): return "\(wrapped(left)) * \(wrapped(right))"
        case .quotient(let left, let right): return "\(wrapped(left)) / \(wrapped(right))"
        }
    }

    /// Reads an expression; an error names the character (1-based) where it goes wrong.
    public init(parsing text: String) throws(WidthExpressionError) {
        var parser = WidthExpressionParser(text: text)
        self = try parser.parse()
    }
}

/// An expression that cannot be read: what was expected, at which character (1-based).
public struct WidthExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    public var position: Int
    public var reason: String

    public init(position: Int, reason: String) {
        self.position = position
        self.reason = reason
    }

    public var description: String { "\(reason) at character \(position)" }
}

/// Recursive descent over the expression's characters, with a bounded depth of parentheses.
private struct WidthExpressionParser {
    static let maximumDepth = 32

    let scalars: [Unicode.Scalar]
    var index = 0

    init(text: String) {
        scalars = Array(text.unicodeScalars)
    }

    mutating func parse() throws(WidthExpressionError) -> WidthExpression {
        skipSpaces()
        guard index < scalars.count else { throw error("an empty width: expected a number or device") }
        let expression = try sum(depth: 0)
        skipSpaces()
        guard index == scalars.count else { throw error("unexpected \(describeCurrent()): expected an operator (+ - * /)") }
        return expression
    }

    private func error(_ reason: String) -> WidthExpressionError {
        WidthExpressionError(position: index + 1, reason: reason)
    }

    private func describeCurrent() -> String {
        guard index < scalars.count else { return "end" }
        let scalar = scalars[index]
        return scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
            ? "U+" + String(scalar.value, radix: 16, uppercase: true) : "'\(Character(scalar))'"
    }

    private mutating func skipSpaces() {
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
    }

    private mutating func sum(depth: Int) throws(WidthExpressionError) -> WidthExpression {
        var result = try product(depth: depth)
        while true {
            skipSpaces()
            guard index < scalars.count else { return result }
            switch scalars[index] {
            case "+":
                index += 1
                result = .sum(result, try product(depth: depth))
            case "-", "−":
                index += 1
                result = .difference(result, try product(depth: depth))
            default:
                return result
            }
        }
    }

    private mutating func product(depth: Int) throws(WidthExpressionError) -> WidthExpression {
        var result = try factor(depth: depth)
        while true {
            skipSpaces()
            guard index < scalars.count else { return result }
            switch scalars[index] {
            case "*", "×":
                index += 1
                result = .product(result, try factor(depth: depth))
            case "/", "÷":
                index += 1
                result = .quotient(result, try factor(depth: depth))
            default:
                return result
            }
        }
    }

    private mutating func factor(depth: Int) throws(WidthExpressionError) -> WidthExpression {
        skipSpaces()
        guard index < scalars.count else { throw error("expected a number, device or ( at the end") }
        let scalar = scalars[index]
        switch scalar {
        case "(":
            guard depth < Self.maximumDepth else { throw error("parentheses nested more than \(Self.maximumDepth) deep") }
            index += 1
            let inner = try sum(depth: depth + 1)
            skipSpaces()
            guard index < scalars.count, scalars[index] == ")" else { throw error("expected ) before \(describeCurrent())") }
            index += 1
            return inner
        case "-", "−":
            guard depth < Self.maximumDepth else { throw error("minus signs nested more than \(Self.maximumDepth) deep") }
            index += 1
            return .negated(try factor(depth: depth + 1))
        case "0"..."9", ".":
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." { index += 1 }
            let text = String(String.UnicodeScalarView(scalars[start..<index]))
            guard let number = Double(text), number.isFinite else {
                index = start
                throw error("\"\(text)\" is not a number")
            }
            return .number(number)
        case "a"..."z", "A"..."Z":
            let start = index
            while index < scalars.count, ("a"..."z").contains(scalars[index]) || ("A"..."Z").contains(scalars[index]) { index += 1 }
            let word = String(String.UnicodeScalarView(scalars[start..<index]))
            guard word == "device" else {
                index = start
                throw error("unknown name \"\(word)\": the only name is device (the device's width)")
            }
            return .device
        default:
            throw error("unexpected \(describeCurrent()): expected a number, device or (")
        }
    }
}
