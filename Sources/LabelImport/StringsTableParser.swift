/// One entry of a strings table.
struct StringsTableEntry: Equatable {
    var key: String
    var value: String
    var line: Int
    /// The comment just above the entry (`/* Class = "UILabel"; … */`), trimmed.
    var comment: String?
}

/// Reads strings tables (`.strings`) as Apple's old-style property list reader does
/// (CFOldStylePList): `"key" = "value";` entries, also unquoted (`key = value;`, letters, digits
/// and `_$/:.-`) or single-quoted, `"key";` for a value equal to its key, an optional `{ … }`
/// around them, `//` and `/* */` comments, white space including U+2028 and U+2029. Escapes:
/// `\n \t \r \a \b \f \v \" \' \\`, a backslash before a newline, `\U` with up to four hex
/// digits (a UTF-16 unit: surrogate pairs are two escapes), `\` with up to three octal digits (a
/// NeXTSTEP-encoded byte); any other escaped character stands for itself (`\u` is `u`).
///
/// Where Apple's reader silently makes U+0000 (`\U` without hex digits, octal `\376` or
/// `\377`) or half a character (an unpaired surrogate), this reader reports a bad escape.
/// A key given twice keeps its last value (as Apple's), reported as a warning.
/// `parsePropertyList` reads any old-style property list (`project.pbxproj`) with the same rules.
struct StringsTableParser {
    let units: [UInt16]
    let file: String
    var index = 0
    var line = 1
    private var comment: String?
    private(set) var warnings: [ImportWarning] = []

    init(units: [UInt16], file: String) {
        self.units = units
        self.file = file
    }

    /// The entries in file order (a key given twice stays where it first was, with its last value
    /// and line).
    static func parse(_ units: [UInt16], file: String) throws(ImportError) -> (entries: [StringsTableEntry], warnings: [ImportWarning]) {
        var parser = StringsTableParser(units: units, file: file)
        let entries = try parser.parseTable()
        return (entries, parser.warnings)
    }

    private mutating func parseTable() throws(ImportError) -> [StringsTableEntry] {
        guard skipTrivia() else { return [] }
        let braced = units[index] == UInt16(ascii: "{")
        if braced {
            index += 1
        } else if units[index] == UInt16(ascii: "(") || units[index] == UInt16(ascii: "<") {
            throw malformed(nil, .syntax("a strings table must be a dictionary of strings, found \(units[index] == UInt16(ascii: "(") ? "an array" : "data")"))
        }
        var entries: [StringsTableEntry] = []
        var positions: [String: Int] = [:]
        while true {
            guard skipTrivia() else {
                if braced { throw malformed(nil, .syntax("expected '}' at the end of the dictionary")) }
                break
            }
            if braced, units[index] == UInt16(ascii: "}") {
                index += 1
                if skipTrivia() { throw malformed(nil, .syntax("unexpected text after the closing '}'")) }
                break
            }
            let keyLine = line
            let entryComment = comment
            comment = nil
            guard let key = try parseString(requiredFor: nil, what: "a key") else {
                throw malformed(nil, .syntax("expected a quoted key, found \(describeCurrent())"))
            }
            guard skipTrivia() else { throw malformed(key, .syntax("expected '=' or ';' after the key")) }
            let value: String
            if units[index] == UInt16(ascii: ";") {
                value = key
            } else if units[index] == UInt16(ascii: "=") {
                index += 1
                guard skipTrivia() else { throw malformed(key, .syntax("expected a value after '='")) }
                switch units[index] {
                case UInt16(ascii: "{"): throw malformed(key, .notAString(found: "a dictionary"))
                case UInt16(ascii: "("): throw malformed(key, .notAString(found: "an array"))
                case UInt16(ascii: "<"): throw malformed(key, .notAString(found: "data"))
                default: break
                }
                guard let parsed = try parseString(requiredFor: key, what: "a value") else {
                    throw malformed(key, .syntax("expected a quoted value, found \(describeCurrent())"))
                }
                value = parsed
                guard skipTrivia(), units[index] == UInt16(ascii: ";") else {
                    throw malformed(key, .syntax("expected ';' after the value"))
                }
            } else {
                throw malformed(key, .syntax("expected '=' or ';' after the key, found \(describeCurrent())"))
            }
            index += 1
            let entry = StringsTableEntry(key: key, value: value, line: keyLine, comment: entryComment)
            if let position = positions[key] {
                warnings.append(.duplicateKey(FileLocation(file: file, line: keyLine), key: key,
                                              firstLine: entries[position].line))
                entries[position].value = value
                entries[position].line = keyLine
                entries[position].comment = entryComment
            } else {
                positions[key] = entries.count
                entries.append(entry)
            }
        }
        return entries
    }

    func malformed(_ key: String?, _ problem: ImportProblem, line: Int? = nil) -> ImportError {
        .malformed(FileLocation(file: file, line: line ?? self.line), key: key, problem: problem)
    }

    func describeCurrent() -> String {
        guard index < units.count else { return "the end of the file" }
        let unit = units[index]
        if let scalar = Unicode.Scalar(unit), unit >= 0x20 { return "'\(Character(scalar))'" }
        return "U+" + String(unit, radix: 16, uppercase: true)
    }

    // MARK: Trivia

    /// Steps over white space and comments; false at the end of the text.
    mutating func skipTrivia() -> Bool {
        while index < units.count {
            let unit = units[index]
            switch unit {
            case 0x0A:
                line += 1
                index += 1
            case 0x0D:
                if index + 1 >= units.count || units[index + 1] != 0x0A { line += 1 }
                index += 1
            case 0x09, 0x0B, 0x0C, 0x20, 0x2028, 0x2029:
                index += 1
            case UInt16(ascii: "/") where index + 1 < units.count && units[index + 1] == UInt16(ascii: "/"):
                let start = index + 2
                index = start
                while index < units.count, ![0x0A, 0x0D, 0x2028, 0x2029].contains(units[index]) { index += 1 }
                comment = trimmed(start..<index)
            case UInt16(ascii: "/") where index + 1 < units.count && units[index + 1] == UInt16(ascii: "*"):
                let startLine = line
                let start = index + 2
                index = start
                var closed = false
                while index < units.count {
                    if units[index] == UInt16(ascii: "*"), index + 1 < units.count, units[index + 1] == UInt16(ascii: "/") {
                        comment = trimmed(start..<index)
                        index += 2
                        closed = true
                        break
                    }
                    countLine()
                    index += 1
                }
                if !closed {
                    warnings.append(.unterminatedComment(FileLocation(file: file, line: startLine)))
                }
            default:
                return true
            }
        }
        return false
    }

    /// Counts a line break at `index` (CR LF once, lone CR and LF each once).
    private mutating func countLine() {
        let unit = units[index]
        if unit == 0x0A || (unit == 0x0D && (index + 1 >= units.count || units[index + 1] != 0x0A)) { line += 1 }
    }

    private func trimmed(_ range: Range<Int>) -> String? {
        var lower = range.lowerBound
        var upper = range.upperBound
        let space: Set<UInt16> = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20]
        while lower < upper, space.contains(units[lower]) { lower += 1 }
        while upper > lower, space.contains(units[upper - 1]) { upper -= 1 }
        return lower < upper ? String(decoding: units[lower..<upper], as: UTF16.self) : nil
    }

    // MARK: Strings

    private static func isUnquotedCharacter(_ unit: UInt16) -> Bool {
        switch unit {
        case UInt16(ascii: "a")...UInt16(ascii: "z"), UInt16(ascii: "A")...UInt16(ascii: "Z"),
             UInt16(ascii: "0")...UInt16(ascii: "9"), UInt16(ascii: "_"), UInt16(ascii: "$"),
             UInt16(ascii: "/"), UInt16(ascii: ":"), UInt16(ascii: "."), UInt16(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// A quoted or unquoted string at `index`; nil when none starts there.
    mutating func parseString(requiredFor key: String?, what: String) throws(ImportError) -> String? {
        let first = units[index]
        if first == UInt16(ascii: "\"") || first == UInt16(ascii: "'") {
            return try parseQuoted(quote: first, key: key)
        }
        guard Self.isUnquotedCharacter(first) else { return nil }
        let start = index
        while index < units.count, Self.isUnquotedCharacter(units[index]) { index += 1 }
        return String(decoding: units[start..<index], as: UTF16.self)
    }

    private mutating func parseQuoted(quote: UInt16, key: String?) throws(ImportError) -> String {
        let startLine = line
        index += 1
        var result: [UInt16] = []
        var runStart = index
        while index < units.count {
            let unit = units[index]
            if unit == quote {
                result.append(contentsOf: units[runStart..<index])
                index += 1
                return try decode(result, key: key, line: startLine)
            }
            if unit == UInt16(ascii: "\\") {
                result.append(contentsOf: units[runStart..<index])
                index += 1
                guard index < units.count else { break }
                result.append(try escapedUnit(key: key))
                runStart = index
                continue
            }
            countLine()
            index += 1
        }
        throw malformed(key, .unterminatedString, line: startLine)
    }

    /// The code unit an escape stands for; `index` is just past the backslash.
    private mutating func escapedUnit(key: String?) throws(ImportError) -> UInt16 {
        let unit = units[index]
        index += 1
        switch unit {
        case UInt16(ascii: "0")...UInt16(ascii: "7"):
            // Up to three octal digits, kept in a byte as Apple's reader does.
            var byte = UInt8(unit - UInt16(ascii: "0"))
            var digits = 1
            while digits < 3, index < units.count, units[index] >= UInt16(ascii: "0"), units[index] <= UInt16(ascii: "7") {
                byte = byte &<< 3 &+ UInt8(units[index] - UInt16(ascii: "0"))
                index += 1
                digits += 1
            }
            if byte < 0x80 { return UInt16(byte) }
            let mapped = Self.nextStepLatin[Int(byte - 0x80)]
            guard mapped != 0xFFFD else { throw malformed(key, .badEscape("\\\(String(byte, radix: 8)) (no character in the NeXTSTEP encoding)")) }
            return mapped
        case UInt16(ascii: "U"):
            var value: UInt16 = 0
            var digits = 0
            while digits < 4, index < units.count, let digit = Self.hexValue(units[index]) {
                value = value << 4 | digit
                index += 1
                digits += 1
            }
            guard digits > 0 else { throw malformed(key, .badEscape("\\U without hex digits")) }
            return value
        case UInt16(ascii: "a"): return 0x07
        case UInt16(ascii: "b"): return 0x08
        case UInt16(ascii: "f"): return 0x0C
        case UInt16(ascii: "n"): return 0x0A
        case UInt16(ascii: "r"): return 0x0D
        case UInt16(ascii: "t"): return 0x09
        case UInt16(ascii: "v"): return 0x0B
        default:
            // `\"`, `\\`, `\'`, a backslash before a line break, and any other character.
            index -= 1
            countLine()
            index += 1
            return unit
        }
    }

    static func hexValue(_ unit: UInt16) -> UInt16? {
        switch unit {
        case UInt16(ascii: "0")...UInt16(ascii: "9"): return unit - UInt16(ascii: "0")
        case UInt16(ascii: "a")...UInt16(ascii: "f"): return unit - UInt16(ascii: "a") + 10
        case UInt16(ascii: "A")...UInt16(ascii: "F"): return unit - UInt16(ascii: "A") + 10
        default: return nil
        }
    }

    /// The string of UTF-16 units, refusing a surrogate that `\U` escapes left unpaired.
    private func decode(_ result: [UInt16], key: String?, line: Int) throws(ImportError) -> String {
        var position = 0
        while position < result.count {
            let unit = result[position]
            if unit & 0xFC00 == 0xD800, position + 1 < result.count, result[position + 1] & 0xFC00 == 0xDC00 {
                position += 2
                continue
            }
            if unit & 0xF800 == 0xD800 {
                let hex = String(unit, radix: 16, uppercase: true)
                throw malformed(key, .badEscape("\\U\(hex) (half of a surrogate pair)"), line: line)
            }
            position += 1
        }
        return String(decoding: result, as: UTF16.self)
    }

    /// NeXTSTEP Latin bytes 0x80–0xFF in Unicode (0xFFFD: none).
    private static let nextStepLatin: [UInt16] = [
        0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7, 0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,
        0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D9, 0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00B5, 0x00D7, 0x00F7,
        0x00A9, 0x00A1, 0x00A2, 0x00A3, 0x2044, 0x00A5, 0x0192, 0x00A7, 0x00A4, 0x2019, 0x201C, 0x00AB, 0x2039, 0x203A, 0xFB01, 0xFB02,
        0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6, 0x2022, 0x201A, 0x201E, 0x201D, 0x00BB, 0x2026, 0x2030, 0x00AC, 0x00BF,
        0x00B9, 0x02CB, 0x00B4, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9, 0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3, 0x02DD, 0x02DB, 0x02C7,
        0x2014, 0x00B1, 0x00BC, 0x00BD, 0x00BE, 0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,
        0x00EC, 0x00C6, 0x00ED, 0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1, 0x0141, 0x00D8, 0x0152, 0x00BA, 0x00F2, 0x00F3, 0x00F4, 0x00F5,
        0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD, 0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF, 0xFFFD, 0xFFFD,
    ]
}

private extension UInt16 {
    /// The UTF-16 code unit of an ASCII character.
    init(ascii scalar: Unicode.Scalar) {
        self = UInt16(scalar.value)
    }
}
