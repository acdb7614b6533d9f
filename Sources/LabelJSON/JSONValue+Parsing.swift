#if canImport(Glibc)
import Glibc
#endif

/// A document that is not valid JSON (RFC 8259), with the byte offset where reading stopped.
public struct JSONParseError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let offset: Int
    /// The member names leading to the bad value, outermost first (`["font", "family"]`).
    public internal(set) var path: [String] = []

    public var description: String {
        let location = path.isEmpty ? "" : " (in \(path.joined(separator: ".")))"
        return "malformed JSON at byte \(offset)\(location): \(message)"
    }
}

extension JSONValue {
    /// Parses one JSON document; anything but white space after it is an error.
    /// Strings must be valid UTF-8.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Parses one JSON document from UTF-8 bytes.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.position != bytes.count { throw parser.error("unexpected text after the document") }
        return value
    }

    /// Parses one JSON document from UTF-8 bytes.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in try parse(buffer) }
    }
}

/// A recursive-descent parser over UTF-8 bytes.
struct JSONParser {
    static let maximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// The longest string (decoded, in UTF-8 bytes) this parser makes; a longer one is an
    /// error at its opening quote, found before the string is made.
    var maximumStringBytes = Int.max

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func error(_ message: String) -> JSONParseError {
        JSONParseError(message: message, offset: position)
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth)") }
        guard position < bytes.count else { throw error("unexpected end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .object(try parseObject(depth: depth))
        case UInt8(ascii: "["): return .array(try parseArray(depth: depth))
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character '\(Unicode.Scalar(bytes[position]))'")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("unexpected end of input") }
        for index in 0..<count where bytes[position + index] != literal.utf8Start[index] {
            throw error("unexpected character '\(Unicode.Scalar(bytes[position + index]))'")
        }
        position += count
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONObject {
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        // Keys seen, for objects past a few members (a linear search each would be quadratic).
        var keys: Set<String> = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return JSONObject(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a string key")
            }
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':'") }
            position += 1
            skipWhitespace()
            let value: JSONValue
            do {
                value = try parseValue(depth: depth + 1)
            } catch {
                var error = error
                error.path.insert(key, at: 0)
                throw error
            }
            let repeated: Bool
            if members.count < 16 {
                repeated = members.contains { $0.key == key }
            } else {
                if keys.isEmpty { keys = Set(members.map(\.key)) }
                repeated = !keys.insert(key).inserted
            }
            if repeated { throw error("duplicate key \"\(key)\"") }
            members.append((key, value))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input in an object") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return JSONObject(members) }
            throw error("expected ',' or '}'")
        }
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) -> [JSONValue] {
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input in an array") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return elements }
            throw error("expected ',' or ']'")
        }
    }

    mutating func parseString() throws(JSONParseError) -> String {
        let quote = position
        func tooLong() -> JSONParseError {
            JSONParseError(message: "a string longer than \(maximumStringBytes) bytes", offset: quote)
        }
        position += 1
        let start = position
        // Fast path: no escapes.
        while position < bytes.count {
            let byte = bytes[position]
            if position - start >= maximumStringBytes, byte != UInt8(ascii: "\"") { throw tooLong() }
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                guard isValidUTF8(slice) else {
                    position = start
                    throw error("string is not valid UTF-8")
                }
                position += 1
                return String(decoding: slice, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in a string") }
            position += 1
        }
        var decoded = Array(bytes[start..<position])
        while position < bytes.count {
            guard decoded.count <= maximumStringBytes else { throw tooLong() }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard decoded.count <= maximumStringBytes else { throw tooLong() }
                guard decoded.withUnsafeBufferPointer(isValidUTF8) else {
                    throw error("string is not valid UTF-8")
                }
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): decoded.append(0x22)
                case UInt8(ascii: "\\"): decoded.append(0x5C)
                case UInt8(ascii: "/"): decoded.append(0x2F)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHexQuad()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                              bytes[position + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate escape")
                        }
                        position += 2
                        let low = try parseHexQuad()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw error("unpaired surrogate escape")
                    }
                    decoded.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
                default:
                    position -= 1
                    throw error("invalid escape '\\\(Unicode.Scalar(escape))'")
                }
            default:
                if byte < 0x20 { throw error("control character in a string") }
                decoded.append(byte)
                position += 1
            }
        }
        throw error("unterminated string")
    }

    mutating func parseHexQuad() throws(JSONParseError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("unexpected end of input in \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// Exact powers of ten for the fast path of number parsing.
    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") { negative = true; position += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { throw error("leading zero in a number") }
        } else {
            while position < bytes.count, isDigit(bytes[position]) {
                if digits < 19 { mantissa = mantissa * 10 + UInt64(bytes[position] - 0x30); digits += 1 } else { exponent += 1 }
                position += 1
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit after '.'") }
            while position < bytes.count, isDigit(bytes[position]) {
                if digits < 19 { mantissa = mantissa * 10 + UInt64(bytes[position] - 0x30); digits += 1; exponent -= 1 }
                position += 1
            }
        }
        var hasExponent = false
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit in the exponent") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        // Clinger's fast path: an exact mantissa scaled by an exact power of ten rounds correctly.
        if !hasExponent, digits < 16, -exponent <= 22, exponent <= 0 {
            let value = Double(mantissa) / Self.powersOfTen[-exponent]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        let value = text.withCString { strtod($0, nil) }
        guard value.isFinite else {
            position = start
            throw error("number out of range")
        }
        return value
    }

    func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
}

/// True for well-formed UTF-8 (RFC 3629: no overlongs, no surrogates, nothing past U+10FFFF).
/// Checked by hand: the standard library's validating initializer is generic and slow here.
func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
        let lead = bytes[index]
        if lead < 0x80 { index += 1; continue }
        let width: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: width = 2
        case 0xE0: width = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: width = 3
        case 0xED: width = 3; upper = 0x9F
        case 0xF0: width = 4; lower = 0x90
        case 0xF1...0xF3: width = 4
        case 0xF4: width = 4; upper = 0x8F
        default: return false
        }
        guard index + width <= count else { return false }
        let second = bytes[index + 1]
        guard second >= lower, second <= upper else { return false }
        for offset in 2..<max(2, width) where bytes[index + offset] & 0xC0 != 0x80 { return false }
        index += width
    }
    return true
}
