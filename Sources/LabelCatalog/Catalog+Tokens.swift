import LabelJSON
import LabelLayout

/// Design tokens: reading, adding or replacing (checked), removing, and who uses them.
extension Catalog {

    /// Every token in the catalog.
    public func allTokens() throws -> [Token] {
        let statement = try database.statement("SELECT name, type, value, description, extensions FROM tokens ORDER BY name")
        var tokens: [Token] = []
        while try statement.step() {
            tokens.append(try token(from: statement))
        }
        return tokens
    }

    private func token(from statement: Statement) throws -> Token {
        let name = statement.text(0) ?? ""
        guard let type = TokenType(rawValue: statement.text(1) ?? "") else {
            throw CatalogError.invalidToken(token: name, reason: "unknown type '\(statement.text(1) ?? "")' in the tokens table")
        }
        let value: JSONValue
        do { value = try JSONValue.parse(statement.text(2) ?? "null") } catch {
            throw CatalogError.invalidToken(token: name, reason: "value is not JSON: \(error)")
        }
        let extensions = try statement.text(4).map { try JSONValue.parse($0) }
        return Token(name: name, type: type, value: value, description: statement.text(3), extensions: extensions)
    }

    public func token(named name: String) throws -> Token {
        let statement = try database.statement("SELECT name, type, value, description, extensions FROM tokens WHERE name = ?")
        defer { statement.reset() }
        try statement.bind([.text(name)])
        guard try statement.step() else { throw CatalogError.unknownToken(name) }
        return try token(from: statement)
    }

    public func tokenSet() throws -> TokenSet { TokenSet(try allTokens()) }

    /// Adds or replaces tokens after checking their values, types and aliases (no unknown
    /// targets, no cycles); the labels using them are recomputed.
    public func setTokens(_ tokens: [Token], groups: [(path: String, properties: JSONObject)] = []) throws {
        var seen: Set<String> = []
        for token in tokens {
            guard isValidTokenName(token.name) else {
                throw CatalogError.invalidToken(token: token.name, reason: "names are dot-separated parts, none empty, none starting with '$' or holding '{' or '}'")
            }
            guard seen.insert(token.name).inserted else {
                throw CatalogError.invalidToken(token: token.name, reason: "appears more than once; nothing was imported")
            }
        }
        do {
            try edit {
                var merged = try tokenSet().tokens
                for token in tokens { merged[token.name] = token }
                // DTCG nests tokens in groups: a token cannot also be a group of other tokens.
                for token in tokens {
                    if let child = merged.keys.first(where: { $0.hasPrefix(token.name + ".") }) {
                        throw CatalogError.invalidToken(token: token.name, reason: "'\(child)' is inside it; a token cannot also be a group")
                    }
                    var prefix = token.name
                    while let dot = prefix.lastIndex(of: ".") {
                        prefix = String(prefix[..<dot])
                        if merged[prefix] != nil {
                            throw CatalogError.invalidToken(token: token.name, reason: "'\(prefix)' is a token, so it cannot be a group holding this one")
                        }
                    }
                }
                // The new values and aliases must resolve (no unknown targets, no cycles).
                var set = TokenSet(Array(merged.values))
                for token in tokens { _ = try set.resolve(token.name) }
                let upsert = try database.statement("""
                    INSERT INTO tokens (name, type, value, description, extensions) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (name) DO UPDATE SET type = excluded.type, value = excluded.value,
                        description = excluded.description, extensions = excluded.extensions
                    WHERE (type, value, description, extensions) IS NOT (excluded.type, excluded.value, excluded.description, excluded.extensions)
                    """)
                for token in tokens {
                    try upsert.run(.text(token.name), .text(token.type.rawValue), .text(token.value.jsonString()),
                                   token.description.map(SQLValue.text) ?? .null,
                                   token.extensions.map { .text($0.jsonString()) } ?? .null)
                }
                let group = try database.statement("INSERT OR REPLACE INTO token_groups (path, properties) VALUES (?, ?)")
                for (path, properties) in groups { try group.run(.text(path), .text(JSONValue.object(properties).jsonString())) }
            }
        } catch let error as CatalogError {
            // A label the new values break: say which token edit broke it.
            if case .invalidInput(let reason) = error, reason.hasPrefix("label '") {
                let names = tokens.map(\.name).prefix(3).joined(separator: ", ")
                throw CatalogError.invalidToken(token: names, reason: "this value breaks a label that uses it: \(reason)")
            }
            throw error
        }
    }

    /// The labels and tokens that use a token, directly or through aliases.
    public func dependents(ofToken name: String) throws -> (labels: [String], tokens: [String]) {
        let statement = try database.statement("SELECT label FROM label_dependencies WHERE token = ? ORDER BY label")
        try statement.bind([.text(name)])
        var labels: [String] = []
        while try statement.step() { labels.append(statement.text(0) ?? "") }
        var set = try tokenSet()
        var tokens: [String] = []
        for other in set.tokens.keys.sorted() where other != name {
            if let resolved = try? set.resolve(other), resolved.dependencies.contains(name) { tokens.append(other) }
        }
        return (labels, tokens)
    }

    /// Removes a token. A token in use is refused, naming its users; with `force` it is removed
    /// and the labels using it keep a layout marked stale with the error recorded.
    public func removeToken(_ name: String, force: Bool) throws {
        try edit(allowLayoutErrors: force) {
            _ = try token(named: name)
            let users = try dependents(ofToken: name)
            if !force, !users.labels.isEmpty || !users.tokens.isEmpty {
                throw CatalogError.tokenInUse(token: name, labels: users.labels, tokens: users.tokens)
            }
            try database.statement("DELETE FROM tokens WHERE name = ?").run(.text(name))
        }
    }

    /// Groups' own properties ($type, $description, $extensions), by path.
    public func tokenGroups() throws -> [(path: String, properties: JSONObject)] {
        let statement = try database.statement("SELECT path, properties FROM token_groups ORDER BY path")
        var groups: [(String, JSONObject)] = []
        while try statement.step() {
            groups.append((statement.text(0) ?? "", try JSONValue.parse(statement.text(1) ?? "{}").object ?? JSONObject()))
        }
        return groups
    }
}
