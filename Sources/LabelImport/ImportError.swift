/// Where something was read: a file, the line (1-based) when known, and for XML the element.
public struct FileLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    /// The XML element, as it starts: `<trans-unit id="greeting">`.
    public var element: String?

    public init(file: String, line: Int? = nil, element: String? = nil) {
        self.file = file
        self.line = line
        self.element = element
    }

    /// `file:line` (the form compilers and CI annotations use), then the element.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let element { text += " \(element)" }
        return text
    }
}

/// Why a file could not be imported. Every case names the file; `malformed` names the line
/// (or XML element) and the key too when there is one.
public enum ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A path that cannot be read: missing, not permitted, neither a file nor a folder.
    case unreadable(path: String, reason: String)
    /// A file in none of the formats labelcat reads.
    case unsupportedFile(path: String)
    /// A file of a format read whole (strings tables, stringsdicts) larger than labelcat reads
    /// (`XcodeImporter.maximumWholeFileBytes`): refused before it is read.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// A strings table or stringsdict outside any `*.lproj` folder, so its locale is unknown.
    case unknownLocale(path: String)
    /// Bytes that are not UTF-8 or UTF-16 text.
    case notText(FileLocation, detail: String)
    /// A file that breaks the rules of its format.
    case malformed(FileLocation, key: String?, problem: ImportProblem)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "\(path): cannot be read: \(reason)"
        case .unsupportedFile(let path):
            return "\(path): not a strings table, stringsdict, String Catalog, XLIFF or Interface Builder file"
        case .tooLarge(let path, let bytes, let limit):
            return "\(path): \(bytes) bytes, larger than the \(limit) bytes (\(limit >> 20) MiB) labelcat reads of a file of this format"
        case .unknownLocale(let path):
            return "\(path): not inside a *.lproj folder, so its locale is unknown (give the locale)"
        case .notText(let location, let detail):
            return "\(location): not text: \(detail)"
        case .malformed(let location, let key, let problem):
            let keyText = key.map { " key \"\($0)\":" } ?? ""
            return "\(location):\(keyText) \(problem)"
        }
    }
}

/// What is wrong in a malformed file.
public enum ImportProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Strings-table syntax: what was expected where.
    case syntax(String)
    case unterminatedString
    /// An escape Apple's parser reads as U+0000 or as half a character.
    case badEscape(String)
    /// A strings-table value that is an array, a dictionary or data.
    case notAString(found: String)
    /// libxml2's message.
    case xml(String)
    /// LabelJSON's message.
    case json(String)
    /// A part of the wrong kind: `path` names it (`localizations.de.stringUnit.value`).
    case shape(path: String, expected: String, found: String)
    /// A required part that is absent.
    case missing(String)
    case unknownState(String)
    case unknownPluralCategory(String)
    /// A variation kind other than `plural`, `device` (String Catalogs) or a stringsdict rule
    /// type other than plural, device-specific or variable-width.
    case unknownVariation(String)
    /// `%#@name@` with no `name` defined.
    case undefinedSubstitution(String)
    case binaryPropertyList
    /// An XLIFF version other than 1.x, or another document where XLIFF was expected.
    case unsupportedDocument(String)

    public var description: String {
        switch self {
        case .syntax(let message): return message
        case .unterminatedString: return "unterminated quoted string"
        case .badEscape(let escape): return "bad escape \(escape)"
        case .notAString(let found): return "the value must be a string, found \(found)"
        case .xml(let message): return "malformed XML: \(message)"
        case .json(let message): return "malformed JSON: \(message)"
        case .shape(let path, let expected, let found): return "\(path) must be \(expected), found \(found)"
        case .missing(let what): return "\(what) is missing"
        case .unknownState(let state): return "unknown state \"\(state)\""
        case .unknownPluralCategory(let name): return "unknown plural category \"\(name)\" (zero, one, two, few, many, other)"
        case .unknownVariation(let name): return "unknown variation \"\(name)\""
        case .undefinedSubstitution(let name): return "%#@\(name)@ refers to no substitution named \"\(name)\""
        case .binaryPropertyList: return "a binary property list (compiled); import the source file"
        case .unsupportedDocument(let what): return "unsupported document: \(what)"
        }
    }
}

/// A failure of `XcodeImporter.read`: a file that could not be imported, or an error thrown by
/// the caller's own handler of the imported items.
public enum ImportFailure<HandlerError: Error>: Error, CustomStringConvertible {
    case file(ImportError)
    case handler(HandlerError)

    public var description: String {
        switch self {
        case .file(let error): return error.description
        case .handler(let error): return "\(error)"
        }
    }
}
