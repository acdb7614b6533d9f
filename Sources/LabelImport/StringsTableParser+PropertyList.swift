extension StringsTableParser {
    /// The deepest nesting of dictionaries and arrays read (a `project.pbxproj` nests 5 deep).
    static let maximumPropertyListDepth = 64

    /// Reads one old-style property list value — a string (quoted or not), a dictionary
    /// `{ key = value; … }`, an array `( value, … )` with an optional trailing comma, or data
    /// `<0fbd…>` — with the strings, comments and escapes of strings tables. Xcode writes its
    /// projects (`project.pbxproj`) this way. Anything after the value is an error.
    static func parsePropertyList(_ units: [UInt16], file: String) throws(ImportError) -> PropertyList {
        var parser = StringsTableParser(units: units, file: file)
        guard parser.skipTrivia() else { throw parser.malformed(nil, .missing("a property list value")) }
        let value = try parser.parsePropertyListValue(depth: 0)
        if parser.skipTrivia() {
            throw parser.malformed(nil, .syntax("unexpected \(parser.describeCurrent()) after the property list"))
        }
        return value
    }

    /// The value at `index` (after trivia).
    private mutating func parsePropertyListValue(depth: Int) throws(ImportError) -> PropertyList {
        guard depth < Self.maximumPropertyListDepth else {
            throw malformed(nil, .syntax("dictionaries and arrays nested more than \(Self.maximumPropertyListDepth) deep"))
        }
        let startLine = line
        switch units[index] {
        case UInt16(UInt8(ascii: "{")):
            index += 1
            var entries: [(key: String, value: PropertyList, keyLine: Int)] = []
            while true {
                guard skipTrivia() else { throw malformed(nil, .syntax("expected '}' to close the dictionary opened on line \(startLine)")) }
                if units[index] == UInt16(UInt8(ascii: "}")) {
                    index += 1
                    return PropertyList(value: .dictionary(entries), line: startLine)
                }
                let keyLine = line
                guard let key = try parseString(requiredFor: nil, what: "a key") else {
                    throw malformed(nil, .syntax("expected a key, found \(describeCurrent())"))
                }
                guard skipTrivia(), units[index] == UInt16(UInt8(ascii: "=")) else {
                    throw malformed(key, .syntax("expected '=' after the key"))
                }
                index += 1
                guard skipTrivia() else { throw malformed(key, .syntax("expected a value after '='")) }
                let value = try parsePropertyListValue(depth: depth + 1)
                guard skipTrivia(), units[index] == UInt16(UInt8(ascii: ";")) else {
                    throw malformed(key, .syntax("expected ';' after the value"))
                }
                index += 1
                entries.append((key, value, keyLine))
            }
        case UInt16(UInt8(ascii: "(")):
            index += 1
            var items: [PropertyList] = []
            while true {
                guard skipTrivia() else { throw malformed(nil, .syntax("expected ')' to close the array opened on line \(startLine)")) }
                if units[index] == UInt16(UInt8(ascii: ")")) {
                    index += 1
                    return PropertyList(value: .array(items), line: startLine)
                }
                items.append(try parsePropertyListValue(depth: depth + 1))
                guard skipTrivia() else { continue }
                if units[index] == UInt16(UInt8(ascii: ",")) {
                    index += 1
                } else if units[index] != UInt16(UInt8(ascii: ")")) {
                    throw malformed(nil, .syntax("expected ',' or ')' in the array, found \(describeCurrent())"))
                }
            }
        case UInt16(UInt8(ascii: "<")):
            index += 1
            var digits = 0
            while index < units.count, units[index] != UInt16(UInt8(ascii: ">")) {
                let unit = units[index]
                if Self.hexValue(unit) != nil {
                    digits += 1
                } else if unit != 0x20, unit != 0x09, unit != 0x0A, unit != 0x0D {
                    throw malformed(nil, .syntax("data holds hex digits only, found \(describeCurrent())"))
                }
                if unit == 0x0A { line += 1 }
                index += 1
            }
            guard index < units.count else { throw malformed(nil, .syntax("expected '>' to close the data opened on line \(startLine)")) }
            guard digits % 2 == 0 else { throw malformed(nil, .syntax("data of an odd number of hex digits")) }
            index += 1
            return PropertyList(value: .data, line: startLine)
        default:
            guard let string = try parseString(requiredFor: nil, what: "a value") else {
                throw malformed(nil, .syntax("expected a value, found \(describeCurrent())"))
            }
            return PropertyList(value: .string(string), line: startLine)
        }
    }
}
