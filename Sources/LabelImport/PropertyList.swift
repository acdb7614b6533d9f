/// A property list value read from XML (`<plist>`), with the line each value starts on.
struct PropertyList: Equatable {
    indirect enum Value: Equatable {
        case string(String)
        /// Entries in file order; the line is the `<key>`'s.
        case dictionary([(key: String, value: PropertyList, keyLine: Int)])
        case array([PropertyList])
        case integer(String)
        case real(String)
        case boolean(Bool)
        case data
        case date(String)

        static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.string(let a), .string(let b)), (.integer(let a), .integer(let b)),
                 (.real(let a), .real(let b)), (.date(let a), .date(let b)): return a == b
            case (.boolean(let a), .boolean(let b)): return a == b
            case (.data, .data): return true
            case (.array(let a), .array(let b)): return a == b
            case (.dictionary(let a), .dictionary(let b)):
                return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: return false
            }
        }
    }

    var value: Value
    var line: Int

    /// What kind of value this is, for messages: "a string", "a dictionary".
    var kindDescription: String {
        switch value {
        case .string: return "a string"
        case .dictionary: return "a dictionary"
        case .array: return "an array"
        case .integer: return "an integer"
        case .real: return "a real number"
        case .boolean: return "a boolean"
        case .data: return "data"
        case .date: return "a date"
        }
    }

    var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    var dictionary: [(key: String, value: PropertyList, keyLine: Int)]? {
        if case .dictionary(let entries) = value { return entries }
        return nil
    }

    /// The value of a `<plist>` document element.
    static func read(document root: XMLElement, file: String) throws(ImportError) -> PropertyList {
        guard root.name == "plist" else {
            throw .malformed(FileLocation(file: file, line: root.line, element: root.tag()), key: nil,
                             problem: .unsupportedDocument("<\(root.name)> where a property list <plist> was expected"))
        }
        let values = root.elements
        guard values.count == 1 else {
            throw .malformed(FileLocation(file: file, line: root.line, element: "<plist>"), key: nil,
                             problem: .shape(path: "plist", expected: "exactly one value", found: "\(values.count)"))
        }
        return try read(values[0], file: file)
    }

    private static func read(_ element: XMLElement, file: String) throws(ImportError) -> PropertyList {
        func malformed(_ message: String) -> ImportError {
            .malformed(FileLocation(file: file, line: element.line, element: "<\(element.name)>"), key: nil,
                       problem: .syntax(message))
        }
        switch element.name {
        case "string":
            return PropertyList(value: .string(element.text), line: element.line)
        case "integer":
            return PropertyList(value: .integer(element.text), line: element.line)
        case "real":
            return PropertyList(value: .real(element.text), line: element.line)
        case "true", "false":
            return PropertyList(value: .boolean(element.name == "true"), line: element.line)
        case "data":
            return PropertyList(value: .data, line: element.line)
        case "date":
            return PropertyList(value: .date(element.text), line: element.line)
        case "array":
            var items: [PropertyList] = []
            for child in element.elements { items.append(try read(child, file: file)) }
            return PropertyList(value: .array(items), line: element.line)
        case "dict":
            var entries: [(key: String, value: PropertyList, keyLine: Int)] = []
            let children = element.elements
            var index = 0
            while index < children.count {
                let keyElement = children[index]
                guard keyElement.name == "key" else { throw malformed("expected <key> in <dict>, found <\(keyElement.name)>") }
                guard index + 1 < children.count else {
                    throw .malformed(FileLocation(file: file, line: keyElement.line, element: "<key>"), key: keyElement.text,
                                     problem: .missing("the value after <key>\(keyElement.text)</key>"))
                }
                entries.append((keyElement.text, try read(children[index + 1], file: file), keyElement.line))
                index += 2
            }
            return PropertyList(value: .dictionary(entries), line: element.line)
        default:
            throw malformed("<\(element.name)> is not a property list value")
        }
    }
}
