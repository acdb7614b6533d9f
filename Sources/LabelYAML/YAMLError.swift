/// Why a YAML file could not be read: the file, the position when known, and the problem.
/// Printed as `file:line:column: problem`, every value from the file made printable.
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var mark: YAMLMark?
    public var problem: YAMLProblem

    public init(file: String, mark: YAMLMark? = nil, problem: YAMLProblem) {
        self.file = file
        self.mark = mark
        self.problem = problem
    }

    public var description: String {
        let location = mark.map { "\(PrintableText.escaped(file)):\($0)" } ?? PrintableText.escaped(file)
        return "\(location): \(problem)"
    }
}

/// What is wrong with a YAML file.
public enum YAMLProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file cannot be opened or read (the system's reason), or is not a regular file.
    case unreadable(String)
    /// Larger than `YAMLDocument.maximumBytes`.
    case tooLarge(bytes: Int, limit: Int)
    /// libyaml's reader, scanner or parser refused the text: its problem, and what it was
    /// reading (`while scanning a simple key`) with where that started.
    case syntax(problem: String, context: String?, contextMark: YAMLMark?)
    /// More nodes than `YAMLDocument.maximumNodes`, counting each node an alias repeats.
    case tooManyNodes(limit: Int)
    /// Collections nested deeper than `YAMLDocument.maximumDepth`.
    case tooDeep(limit: Int)
    /// A mapping key given twice; `firstLine` is where it was first.
    case duplicateKey(String, firstLine: Int)
    /// A mapping key that is a sequence or a mapping.
    case complexKey
    /// A second document (`---` after the first).
    case multipleDocuments
    /// `*name` with no `&name` before it.
    case undefinedAlias(String)
    /// `*name` inside the node `&name` anchors.
    case recursiveAlias(String)
    /// A tag other than the core schema's (`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`,
    /// `!!seq`, `!!map`, and `!`).
    case unsupportedTag(String)
    /// A scalar its tag does not fit: `!!int abc`.
    case tagMismatch(tag: String, text: String)

    public var description: String {
        switch self {
        case .unreadable(let reason):
            return "cannot be read: \(reason)"
        case .tooLarge(let bytes, let limit):
            return "\(bytes) bytes, over the limit of \(limit >> 20) MiB for a YAML file"
        case .syntax(let problem, let context, let contextMark):
            guard let context else { return problem }
            let start = contextMark.map { " at line \($0.line), column \($0.column)" } ?? ""
            return "\(problem) (\(context)\(start))"
        case .tooManyNodes(let limit):
            return "more than \(limit) values (counting each value an alias repeats): too large to read"
        case .tooDeep(let limit):
            return "lists and mappings nested more than \(limit) deep"
        case .duplicateKey(let key, let firstLine):
            return "key \(PrintableText.quoted(key)) given twice (first at line \(firstLine))"
        case .complexKey:
            return "a mapping key must be a scalar, not a list or a mapping"
        case .multipleDocuments:
            return "a second document (---): the file must hold one"
        case .undefinedAlias(let name):
            return "alias *\(PrintableText.escaped(name)) refers to no anchor &\(PrintableText.escaped(name)) before it"
        case .recursiveAlias(let name):
            return "alias *\(PrintableText.escaped(name)) is inside the value &\(PrintableText.escaped(name)) anchors"
        case .unsupportedTag(let tag):
            return "unsupported tag \(PrintableText.quoted(YAMLTag.shortName(tag))) (only !!str, !!int, !!float, !!bool, !!null, !!seq, !!map)"
        case .tagMismatch(let tag, let text):
            return "\(PrintableText.quoted(text)) is not a valid \(YAMLTag.shortName(tag))"
        }
    }
}

/// Text from a file made safe to print on one line of a terminal or a CI log: control
/// characters, line and paragraph separators and bidirectional controls written as escapes,
/// and very long values cut.
public enum PrintableText {
    /// The longest part of a value printed, in characters.
    public static let maximumCharacters = 200

    /// `text` with `\n`, `\t`, `\r`, `\\` written as such and other control characters,
    /// U+2028/U+2029 and bidi controls (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) as
    /// `\u{…}`; cut after `maximumCharacters` with `…`.
    public static func escaped(_ text: String) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == maximumCharacters {
                result += "…"
                break
            }
            count += 1
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x09: result += "\\t"
            case 0x0D: result += "\\r"
            case 0x5C: result += "\\\\"
            case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `escaped(text)` in double quotes, with `"` escaped.
    public static func quoted(_ text: String) -> String {
        "\"" + escaped(text).replacingQuotes() + "\""
    }
}

private extension String {
    func replacingQuotes() -> String {
        var result = ""
        for character in self {
            if character == "\"" { result += "\\\"" } else { result.append(character) }
        }
        return result
    }
}

/// The core schema's tags.
enum YAMLTag {
    static let prefix = "tag:yaml.org,2002:"
    static let string = prefix + "str"
    static let integer = prefix + "int"
    static let float = prefix + "float"
    static let bool = prefix + "bool"
    static let null = prefix + "null"
    static let sequence = prefix + "seq"
    static let mapping = prefix + "map"
    /// The non-specific tag `!`: a string.
    static let nonSpecific = "!"

    /// `!!int` for `tag:yaml.org,2002:int`; other tags as they are.
    static func shortName(_ tag: String) -> String {
        tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }
}
