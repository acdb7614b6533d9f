import LabelLayout

/// Why a catalog operation failed. Messages name the label, the token, the field or the SQL.
public enum CatalogError: Error, CustomStringConvertible {
    case missingCatalog(path: String)
    case notACatalog(path: String, reason: String)
    case schemaTooNew(path: String, found: Int, supported: Int)
    case schemaOutdated(path: String, found: Int, supported: Int)
    case readOnly(path: String)
    case unknownLabel(String)
    case unknownToken(String)
    /// A label's definition is invalid (a field, a reference, a font).
    case invalidLabel(label: String, reason: String)
    /// A token's value is invalid, its type unknown, or its aliases broken.
    case invalidToken(token: String, reason: String)
    case aliasCycle(chain: [String])
    case tokenInUse(token: String, labels: [String], tokens: [String])
    case invalidInput(String)
    case database(DatabaseError)

    public var description: String {
        switch self {
        case .missingCatalog(let path):
            return "no catalog at '\(path)'; run 'labelcat init' to create one (or pass --db PATH)"
        case .notACatalog(let path, let reason):
            return "'\(path)' is not a labelcat catalog: \(reason)"
        case .schemaTooNew(let path, let found, let supported):
            return "the catalog '\(path)' has schema version \(found), newer than this labelcat supports (\(supported)); upgrade labelcat"
        case .schemaOutdated(let path, let found, let supported):
            return "the catalog '\(path)' has schema version \(found) (this labelcat writes \(supported)); run 'labelcat init' to upgrade it"
        case .readOnly(let path):
            return "the catalog '\(path)' is read-only"
        case .unknownLabel(let name): return "no label named '\(name)'"
        case .unknownToken(let name): return "no token named '\(name)'"
        case .invalidLabel(let label, let reason): return "label '\(label)': \(reason)"
        case .invalidToken(let token, let reason): return "token '\(token)': \(reason)"
        case .aliasCycle(let chain): return "alias cycle: \(chain.joined(separator: " → "))"
        case .tokenInUse(let token, let labels, let tokens):
            var users: [String] = []
            if !labels.isEmpty { users.append("labels: \(labels.joined(separator: ", "))") }
            if !tokens.isEmpty { users.append("tokens: \(tokens.joined(separator: ", "))") }
            return "token '\(token)' is in use (\(users.joined(separator: "; "))); remove those references first or use --force"
        case .invalidInput(let message): return message
        case .database(let error): return error.description
        }
    }
}
