import LabelJSON
import LabelModel

/// Why a catalog operation failed. Messages name the label, the token, the field or the SQL,
/// and state the problem; what to do about it in a program's terms (a command to run, a
/// flag) is the program's to add.
public enum CatalogError: Error, Sendable, CustomStringConvertible {
    case missingCatalog(path: String)
    case notACatalog(path: String, reason: String)
    /// An empty SQLite file: a catalog can be created in it.
    case emptyDatabase(path: String)
    case schemaTooNew(path: String, found: Int, supported: Int)
    /// A catalog whose schema is not the one labelcat's migrations make: it holds triggers,
    /// views, tables or indexes they did not create, has one of theirs with other SQL, or
    /// lacks some of theirs. Named as `trigger NAME (on TABLE)`; the catalog is not used.
    case unexpectedSchema(path: String, unexpected: [String], altered: [String], missing: [String])
    /// A catalog of an older schema: it can be upgraded (`Catalog.create` does).
    case schemaOutdated(path: String, found: Int, supported: Int)
    case readOnly(path: String)
    /// The file a catalog opened is no longer at its path: removed, or replaced by another.
    case replaced(path: String, removed: Bool)
    /// Layouts are stale on a catalog that cannot be written, so they cannot be recomputed.
    case staleLayouts(path: String, labels: [String])
    /// A catalog that cannot be read here, and why.
    case unreadable(path: String, reason: String)
    case unknownLabel(String)
    /// Labels an edit names that do not exist (the edit was refused as a whole).
    case unknownLabels([String])
    case unknownLocale(label: String, locale: String, available: [String])
    case unknownToken(String)
    /// A label's definition is invalid (a field, a reference, a locale).
    case invalidLabel(label: String, reason: String)
    /// A label resolves, but the engine cannot lay it out (a missing font, a bad value).
    case cannotLayOut(label: String, error: LayoutError)
    /// A token's value is invalid, its type unknown, or its aliases broken.
    case invalidToken(token: String, reason: String)
    /// Token edits that would leave a label using them unable to be laid out (nothing changed);
    /// `error` is the label's (`invalidLabel`, `cannotLayOut`).
    indirect case breaksLabel(tokens: [String], error: CatalogError)
    case aliasCycle(chain: [String])
    /// A chain of aliases longer than `TokenSet.maximumAliasDepth`, starting at `token`.
    case aliasChainTooLong(token: String, maximum: Int)
    case tokenInUse(token: String, labels: [String], tokens: [String])
    case invalidInput(String)
    /// A setting's value that is not valid (`categories` naming no content size category, …).
    case invalidSetting(setting: String, value: String, reason: String)
    /// A label has no text of this locale and variant.
    case unknownText(label: String, locale: String, variant: String, available: [String])
    /// Keys of imported texts no label has (refused with `strict`).
    case unknownKeys([UnmatchedKey])
    /// An Interface Builder label that cannot be stored, and where it was read.
    indirect case importedLabel(source: TextSource, error: CatalogError)
    /// An imported text that cannot be stored, where it was read and its key.
    indirect case importedText(source: TextSource, key: String, error: CatalogError)
    case database(DatabaseError)

    /// True for what a file of an import holds that cannot be stored (a label or text in it):
    /// the file can be skipped and the rest imported. (A file that cannot be read at all is
    /// the importer's `ImportError`.)
    public var isImportedFileContent: Bool {
        switch self {
        case .importedLabel, .importedText: true
        default: false
        }
    }

    /// True when a label cannot be laid out only because a font family it names is not
    /// installed (nor substituted): the definition is sound, the machine lacks the font.
    public var isMissingFont: Bool {
        if case .cannotLayOut(_, .fontNotFound) = self { return true }
        return false
    }

    /// At most ten names, then how many more.
    static func listed(_ names: [String]) -> String {
        names.prefix(10).joined(separator: ", ") + (names.count > 10 ? " and \(names.count - 10) more" : "")
    }

    /// `file:line`, the form editors and CI annotations read.
    static func location(_ source: TextSource) -> String {
        source.line.map { "\(source.file):\($0)" } ?? source.file
    }

    public var description: String {
        switch self {
        case .missingCatalog(let path):
            return "no catalog at '\(path)'"
        case .notACatalog(let path, let reason):
            return "'\(path)' is not a labelcat catalog: \(reason)"
        case .emptyDatabase(let path):
            return "'\(path)' is not a labelcat catalog: it is an empty SQLite file with no catalog schema"
        case .unexpectedSchema(let path, let unexpected, let altered, let missing):
            var parts: [String] = []
            if !unexpected.isEmpty { parts.append("it holds \(Self.listed(unexpected)), which labelcat's migrations did not create") }
            if !altered.isEmpty { parts.append("\(Self.listed(altered)) \(altered.count == 1 ? "is" : "are") not as labelcat's migrations made \(altered.count == 1 ? "it" : "them")") }
            if !missing.isEmpty { parts.append("it lacks \(Self.listed(missing)) of labelcat's schema") }
            return "the catalog '\(path)' is not used: \(parts.joined(separator: "; "))"
        case .schemaTooNew(let path, let found, let supported):
            return "the catalog '\(path)' has schema version \(found), newer than this labelcat supports (\(supported)); upgrade labelcat"
        case .schemaOutdated(let path, let found, let supported):
            return "the catalog '\(path)' has schema version \(found), older than this labelcat's (\(supported)); it must be upgraded first"
        case .readOnly(let path):
            return "the catalog '\(path)' is read-only"
        case .replaced(let path, let removed):
            return removed ? "the catalog '\(path)' was removed while it was open"
                : "the catalog '\(path)' was replaced by another file while it was open"
        case .staleLayouts(let path, let labels):
            let names = labels.prefix(5).joined(separator: ", ") + (labels.count > 5 ? " and \(labels.count - 5) more" : "")
            return "the layouts of \(names) are stale and the catalog '\(path)' is read-only, so they cannot be recomputed"
        case .unreadable(let path, let reason):
            return "cannot read the catalog '\(path)': \(reason)"
        case .unknownLabel(let name): return "no label named '\(name)'"
        case .unknownLabels(let names):
            return "no labels named \(names.prefix(10).joined(separator: ", "))\(names.count > 10 ? " and \(names.count - 10) more" : ""); nothing was imported"
        case .unknownLocale(let label, let locale, let available):
            return "label '\(label)' has no text for locale '\(locale)' (it has: \(available.joined(separator: ", ")))"
        case .unknownToken(let name): return "no token named '\(name)'"
        case .invalidLabel(let label, let reason): return "label '\(label)': \(reason)"
        case .cannotLayOut(let label, let error): return "label '\(label)': \(error)"
        case .invalidToken(let token, let reason): return "token '\(token)': \(reason)"
        case .breaksLabel(let tokens, let error):
            let names = tokens.prefix(3).joined(separator: ", ") + (tokens.count > 3 ? " and \(tokens.count - 3) more" : "")
            return "token '\(names)': this value breaks a label that uses it: \(error)"
        case .aliasCycle(let chain): return "alias cycle: \(chain.joined(separator: " → "))"
        case .aliasChainTooLong(let token, let maximum):
            return "token '\(token)': its chain of aliases is longer than \(maximum), the longest labelcat follows"
        case .tokenInUse(let token, let labels, let tokens):
            var users: [String] = []
            if !labels.isEmpty { users.append("labels: \(labels.joined(separator: ", "))") }
            if !tokens.isEmpty { users.append("tokens: \(tokens.joined(separator: ", "))") }
            return "token '\(token)' is in use (\(users.joined(separator: "; "))); remove those references first"
        case .invalidInput(let message): return message
        case .invalidSetting(let setting, let value, let reason):
            return "setting '\(setting)' = \(JSONValue.string(value).jsonString()): \(reason)"
        case .unknownText(let label, let locale, let variant, let available):
            let text = [locale.isEmpty ? "the base text" : "locale '\(locale)'", variant.isEmpty ? nil : "variant '\(variant)'"]
                .compactMap { $0 }.joined(separator: ", ")
            return "label '\(label)' has no text for \(text) (it has: \(available.joined(separator: ", ")))"
        case .unknownKeys(let keys):
            let listed = keys.prefix(10).map { "\($0.key) (\(Self.location($0.source)))" }.joined(separator: ", ")
            return "no label has the key\(keys.count == 1 ? "" : "s") \(listed)\(keys.count > 10 ? " and \(keys.count - 10) more" : ""); nothing was imported"
        case .importedLabel(let source, let error):
            return "\(Self.location(source)): \(error)"
        case .importedText(let source, let key, let error):
            return "\(Self.location(source)): key \"\(key)\": \(error)"
        case .database(let error): return error.description
        }
    }
}

/// A key (or label name) of imported texts that no label has, and where it was first read.
public struct UnmatchedKey: Sendable, Hashable {
    /// `TABLE:KEY` (by key) or the key as written (by name).
    public var key: String
    public var source: TextSource

    public init(key: String, source: TextSource) {
        self.key = key
        self.source = source
    }
}
