/// A position in a YAML file: the line and the column (in characters), both 1-based.
public struct YAMLMark: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, the form compilers and editors use after a file name.
    public var description: String { "\(line):\(column)" }

    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
}

/// How a scalar is written.
public enum YAMLScalarStyle: Sendable, Hashable {
    /// Unquoted: `01`, `yes`, `device - 32`.
    case plain
    /// `'…'`.
    case singleQuoted
    /// `"…"`, with backslash escapes.
    case doubleQuoted
    /// A `|` block.
    case literal
    /// A `>` block.
    case folded
}

/// What a scalar means under YAML 1.2's core schema: a plain scalar is null (`null`, `~` or
/// nothing), a boolean (`true`/`false` in lower, capitalized or upper case), a number (decimal,
/// `0o` octal, `0x` hexadecimal, `.inf`, `.nan`) or else a string; a quoted or block scalar is
/// always a string. So `"01"` is a string and `01` the number 1, and YAML 1.1's `yes`, `no`,
/// `on`, `off` are strings (a language called `no` stays Norwegian).
public enum YAMLScalarValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
}

/// A scalar as written, with what it means.
public struct YAMLScalar: Sendable, Hashable {
    /// The text, escapes and folding applied (`"a\tb"` → `a<TAB>b`).
    public var text: String
    public var style: YAMLScalarStyle
    /// The explicit tag in full (`tag:yaml.org,2002:str` for `!!str`, `!` for the non-specific
    /// tag), or nil when none was written.
    public var tag: String?
    /// The value: by the core schema, or as the tag says.
    public var value: YAMLScalarValue

    public init(text: String, style: YAMLScalarStyle = .plain, tag: String? = nil, value: YAMLScalarValue) {
        self.text = text
        self.style = style
        self.tag = tag
        self.value = value
    }

    /// The text when the value is a string, or is a plain scalar read as a number or a boolean
    /// (`device`, `16`, `true` as written); nil for null.
    public var string: String? {
        if case .null = value { return nil }
        return text
    }
}

/// One `key: value` of a mapping. Keys are scalars (complex keys are refused when reading).
public struct YAMLMappingEntry: Sendable, Hashable {
    public var key: YAMLScalar
    public var keyMark: YAMLMark
    public var value: YAMLNode

    public init(key: YAMLScalar, keyMark: YAMLMark, value: YAMLNode) {
        self.key = key
        self.keyMark = keyMark
        self.value = value
    }
}

/// A node of a YAML document: a scalar, a sequence or a mapping (entries in file order), with
/// the position where it starts.
public struct YAMLNode: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping([YAMLMappingEntry])
    }

    public var content: Content
    public var mark: YAMLMark

    public init(_ content: Content, mark: YAMLMark) {
        self.content = content
        self.mark = mark
    }

    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    public var mapping: [YAMLMappingEntry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// The value of `key` in a mapping (nil for a missing key or another kind of node).
    public subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.text == key }?.value
    }

    /// What the node is, for messages: "a list", "a mapping", "a string", "a number", "a
    /// boolean", "nothing (null)".
    public var kindDescription: String {
        switch content {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .scalar(let scalar):
            switch scalar.value {
            case .null: return "nothing (null)"
            case .bool: return "a boolean"
            case .number: return "a number"
            case .string: return "a string"
            }
        }
    }
}

extension YAMLScalarValue {
    /// A plain scalar's value by the core schema.
    static func resolving(plain text: String) -> YAMLScalarValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: return number(text).map(YAMLScalarValue.number) ?? .string(text)
        }
    }

    /// The number a core-schema integer or float spells: `[-+]?[0-9]+`, `0o[0-7]+`,
    /// `0x[0-9a-fA-F]+`, `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?.inf`,
    /// `.nan` (in the cases the schema lists); nil for anything else.
    static func number(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        let bytes = Array(text.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0"), bytes[1] == UInt8(ascii: "o") || bytes[1] == UInt8(ascii: "x") {
            let digits = String(decoding: bytes[2...], as: UTF8.self)
            let radix = bytes[1] == UInt8(ascii: "o") ? 8 : 16
            guard digits.utf8.allSatisfy({ Self.digitValue($0).map { $0 < radix } ?? false }) else { return nil }
            // Parsed digit by digit, so a long number becomes a large Double rather than nil.
            return digits.utf8.reduce(0.0) { $0 * Double(radix) + Double(Self.digitValue($1)!) }
        }
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        let whole = digits()
        var fraction = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fraction = digits()
            guard whole > 0 || fraction > 0 else { return nil }
        } else {
            guard whole > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        guard index == bytes.count else { return nil }
        return Double(text)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }
}
