/// Writes compact JSON straight into a UTF-8 byte buffer, without building a `JSONValue`
/// first. Layout JSON is written this way on the hot path of `labelcat measure`.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.key("width"); writer.number(49.3333333)
/// writer.endObject()
/// writer.string // {"width":49.333}
/// ```
/// What writes JSON, event by event: `JSONWriter` makes text of it; another sink may consume
/// the same events otherwise (the input hash hashes a definition's fields as they come).
public protocol JSONSink {
    mutating func beginObject()
    mutating func endObject()
    mutating func beginArray()
    mutating func endArray()
    /// An object key the code names (a literal: in generic code, a literal goes here).
    mutating func key(_ name: StaticString)
    /// An object key that is data (a locale, a label name).
    mutating func key(dynamic name: String)
    mutating func string(_ value: String)
    mutating func number(_ value: Double)
    mutating func number(_ value: Int)
    mutating func bool(_ value: Bool)
    mutating func null()
}

public struct JSONWriter: Sendable, JSONSink {
    /// How numbers are written.
    public enum NumberStyle: Sendable {
        /// The shortest text that reads back as the same Double (lossless).
        case exact
        /// Rounded to at most three decimals, trailing zeros dropped (layout geometry).
        case millis
    }

    public var bytes: [UInt8] = []
    public var numberStyle: NumberStyle
    private var needsComma = false

    public init(numberStyle: NumberStyle = .millis, capacity: Int = 1024) {
        self.numberStyle = numberStyle
        bytes.reserveCapacity(capacity)
    }

    /// The JSON written so far.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Empties the buffer, keeping its storage.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object key; the next call writes its value.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func key(dynamic name: String) { key(name) }

    /// Writes an object key that needs escaping or is not known at compile time. (Disfavored:
    /// a literal key goes to `key(_: StaticString)`, which copies it without escaping.)
    @_disfavoredOverload
    public mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
        needsComma = true
    }

    public mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    public mutating func number(_ value: Int) {
        separate()
        appendInteger(Int64(value))
        needsComma = true
    }

    /// Writes a finite number in the writer's style; a non-finite one is written as 0,
    /// since JSON has no NaN (callers validate their numbers first).
    public mutating func number(_ value: Double) {
        separate()
        defer { needsComma = true }
        guard value.isFinite else { bytes.append(UInt8(ascii: "0")); return }
        switch numberStyle {
        case .exact:
            if value == value.rounded(), abs(value) < 1e15 {
                appendInteger(Int64(value))
            } else {
                bytes.append(contentsOf: "\(value)".utf8)
            }
        case .millis:
            let scaled = (value * 1000).rounded()
            guard abs(scaled) < 9e15 else { bytes.append(contentsOf: "\(value)".utf8); return }
            var thousandths = Int64(scaled)
            if thousandths < 0 { bytes.append(UInt8(ascii: "-")); thousandths = -thousandths }
            appendInteger(thousandths / 1000)
            var fraction = thousandths % 1000
            guard fraction != 0 else { return }
            bytes.append(UInt8(ascii: "."))
            var divisor: Int64 = 100
            while fraction != 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
                fraction %= divisor
                divisor /= 10
            }
        }
    }

    /// Writes a whole `JSONValue` (numbers in the writer's style).
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let object):
            beginObject()
            for member in object {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    private mutating func appendInteger(_ value: Int64) {
        var magnitude = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        if magnitude == 0 { bytes.append(UInt8(ascii: "0")); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }
}

extension JSONValue {
    /// The value as compact JSON text; numbers are exact unless `numberStyle` says otherwise.
    public func jsonString(numberStyle: JSONWriter.NumberStyle = .exact) -> String {
        var writer = JSONWriter(numberStyle: numberStyle, capacity: 256)
        writer.value(self)
        return writer.string
    }
}

extension JSONValue {
    /// The value as indented JSON for people (two spaces; numbers exact).
    public func prettyString(indent: Int = 0) -> String {
        let padding = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch self {
        case .array(let elements) where !elements.isEmpty:
            return "[\n" + elements.map { padding + $0.prettyString(indent: indent + 1) }.joined(separator: ",\n") + "\n\(closing)]"
        case .object(let object) where object.count > 0:
            return "{\n" + object.members.map { member in
                padding + JSONValue.string(member.key).jsonString() + ": " + member.value.prettyString(indent: indent + 1)
            }.joined(separator: ",\n") + "\n\(closing)}"
        default:
            return jsonString()
        }
    }
}
