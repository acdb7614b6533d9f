#if canImport(Glibc)
import Glibc
#endif

/// Reads a JSON document piece by piece: objects member by member, each member's value whole
/// (`value()`) or entered in turn (`beginObject()`), so a document far larger than what one
/// wants in memory at once (a String Catalog of a million texts) is read in one pass, and each
/// member's line is known. Same grammar and errors as `JSONValue.parse`, duplicate keys too.
///
/// ```swift
/// var parser = JSONPullParser(bytes: buffer)
/// try parser.beginObject()
/// while let key = try parser.nextMember() {
///     let line = parser.line(at: parser.offset)
///     let value = try parser.value()
/// }
/// try parser.end()
/// ```
///
/// A parser is a value: a copy reads ahead without moving the original.
public struct JSONPullParser {
    private var parser: JSONParser
    /// For each object entered and not yet left: whether a member was read, and the keys seen.
    private var levels: [Level] = []
    private var countedOffset = 0
    private var countedLine = 1

    /// Reads `bytes`, which must stay valid while the parser is used. A string (a key or a
    /// value) longer than `maximumStringBytes` once decoded is an error at its opening quote,
    /// raised before the string is made: a file's one huge value costs no memory.
    public init(bytes: UnsafeBufferPointer<UInt8>, maximumStringBytes: Int = .max) {
        parser = JSONParser(bytes: bytes)
        parser.maximumStringBytes = maximumStringBytes
    }

    /// The byte offset of the next thing to read.
    public var offset: Int { parser.position }

    /// The object nesting depth (0 outside every object).
    public var depth: Int { levels.count }

    /// The 1-based line of a byte offset. Counting goes on from the last offset asked for, so
    /// asking for increasing offsets costs one pass over the document in all.
    public mutating func line(at offset: Int) -> Int {
        let target = min(offset, parser.bytes.count)
        if target < countedOffset {
            countedOffset = 0
            countedLine = 1
        }
        var line = countedLine
        if let base = parser.bytes.baseAddress, target > countedOffset {
            // memchr from one line break to the next: the document is scanned at memory speed.
            var cursor = UnsafeRawPointer(base + countedOffset)
            let end = UnsafeRawPointer(base + target)
            while cursor < end, let found = memchr(cursor, 0x0A, end - cursor) {
                line += 1
                cursor = UnsafeRawPointer(found) + 1
            }
        }
        countedOffset = target
        countedLine = line
        return line
    }

    /// True when the next value is an object (white space skipped).
    public mutating func nextIsObject() -> Bool {
        parser.skipWhitespace()
        return parser.position < parser.bytes.count && parser.bytes[parser.position] == UInt8(ascii: "{")
    }

    /// Enters the object that is the next value.
    public mutating func beginObject() throws(JSONParseError) {
        parser.skipWhitespace()
        guard parser.position < parser.bytes.count else { throw parser.error("unexpected end of input") }
        guard parser.bytes[parser.position] == UInt8(ascii: "{") else {
            throw parser.error("expected an object, found '\(Unicode.Scalar(parser.bytes[parser.position]))'")
        }
        guard levels.count < JSONParser.maximumDepth else { throw parser.error("nesting deeper than \(JSONParser.maximumDepth)") }
        parser.position += 1
        levels.append(Level())
    }

    /// The key of the next member of the object entered last, with the parser left at its
    /// value; nil when the object ends (the parser is then past its `}` and out of it).
    public mutating func nextMember() throws(JSONParseError) -> String? {
        guard !levels.isEmpty else { throw parser.error("not inside an object") }
        parser.skipWhitespace()
        guard parser.position < parser.bytes.count else { throw parser.error("unexpected end of input in an object") }
        let byte = parser.bytes[parser.position]
        if byte == UInt8(ascii: "}") {
            parser.position += 1
            levels.removeLast()
            return nil
        }
        if levels[levels.count - 1].hasMembers {
            guard byte == UInt8(ascii: ",") else { throw parser.error("expected ',' or '}'") }
            parser.position += 1
            parser.skipWhitespace()
        }
        guard parser.position < parser.bytes.count, parser.bytes[parser.position] == UInt8(ascii: "\"") else {
            throw parser.error("expected a string key")
        }
        let keyOffset = parser.position
        let key = try parser.parseString()
        guard levels[levels.count - 1].insert(key) else {
            parser.position = keyOffset
            throw parser.error("duplicate key \"\(key)\"")
        }
        levels[levels.count - 1].hasMembers = true
        parser.skipWhitespace()
        guard parser.position < parser.bytes.count, parser.bytes[parser.position] == UInt8(ascii: ":") else {
            throw parser.error("expected ':'")
        }
        parser.position += 1
        parser.skipWhitespace()
        return key
    }

    /// Reads the next value whole.
    public mutating func value() throws(JSONParseError) -> JSONValue {
        parser.skipWhitespace()
        return try parser.parseValue(depth: levels.count)
    }

    /// Reads past the next value, checking it, without building it (objects and arrays of any
    /// size cost no memory).
    public mutating func skipValue() throws(JSONParseError) {
        try skipValue(depth: levels.count)
    }

    private mutating func skipValue(depth: Int) throws(JSONParseError) {
        guard depth < JSONParser.maximumDepth else { throw parser.error("nesting deeper than \(JSONParser.maximumDepth)") }
        parser.skipWhitespace()
        guard parser.position < parser.bytes.count else { throw parser.error("unexpected end of input") }
        switch parser.bytes[parser.position] {
        case UInt8(ascii: "{"):
            try beginObject()
            while try nextMember() != nil { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            parser.position += 1
            parser.skipWhitespace()
            if parser.position < parser.bytes.count, parser.bytes[parser.position] == UInt8(ascii: "]") {
                parser.position += 1
                return
            }
            while true {
                try skipValue(depth: depth + 1)
                parser.skipWhitespace()
                guard parser.position < parser.bytes.count else { throw parser.error("unexpected end of input in an array") }
                let byte = parser.bytes[parser.position]
                parser.position += 1
                if byte == UInt8(ascii: ",") { continue }
                if byte == UInt8(ascii: "]") { return }
                parser.position -= 1
                throw parser.error("expected ',' or ']'")
            }
        default:
            _ = try parser.parseValue(depth: depth)
        }
    }

    /// An object being read: whether a member was read, and the keys seen (in a list while
    /// few, as most objects have two or three members, then in a set).
    private struct Level {
        var hasMembers = false
        var few: [String] = []
        var many: Set<String> = []

        /// Records `key`; false when it was seen before.
        mutating func insert(_ key: String) -> Bool {
            if few.count < 16 {
                if few.contains(key) { return false }
                few.append(key)
                return true
            }
            if few.contains(key) { return false }
            return many.insert(key).inserted
        }
    }

    /// Checks that nothing but white space follows.
    public mutating func end() throws(JSONParseError) {
        parser.skipWhitespace()
        if parser.position != parser.bytes.count { throw parser.error("unexpected text after the document") }
    }
}
