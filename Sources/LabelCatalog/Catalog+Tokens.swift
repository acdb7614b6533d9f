import LabelJSON
import LabelModel

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

    /// Adds or replaces tokens after checking their names, values, types and aliases (no
    /// unknown targets, no cycles, no chain deeper than `TokenSet.maximumAliasDepth`); the
    /// labels using them are recomputed. Linear in the number of tokens.
    public func setTokens(_ tokens: [Token], groups: [(path: String, properties: JSONObject)] = []) throws {
        try Self.checkNames(of: tokens, groups: groups)
        try setTokens(groups: groups) { tokens }
    }

    /// Changes one token in one write transaction (`BEGIN IMMEDIATE`): `change` is given the
    /// token as stored (nil when there is none), read inside the transaction, and returns the
    /// token to store (checked as `setTokens` checks it). A concurrent edit commits wholly
    /// before or after, never between the read and the write. `change` may read the catalog
    /// (another token's type, say): it runs on this catalog's connection, in the transaction.
    public func updateToken(named name: String, _ change: (Token?) throws -> Token) throws {
        try setTokens(groups: []) {
            let stored: Token?
            do { stored = try token(named: name) } catch CatalogError.unknownToken { stored = nil }
            let token = try change(stored)
            try Self.checkNames(of: [token], groups: [])
            return [token]
        }
    }

    /// Refuses token names and group paths that are not valid, and a name given twice.
    static func checkNames(of tokens: [Token], groups: [(path: String, properties: JSONObject)]) throws(CatalogError) {
        var seen: Set<String> = []
        for token in tokens {
            guard isValidTokenName(token.name) else {
                throw CatalogError.invalidToken(token: token.name, reason: tokenNameRule)
            }
            guard seen.insert(token.name).inserted else {
                throw CatalogError.invalidToken(token: token.name, reason: "appears more than once; nothing was imported")
            }
        }
        for (path, _) in groups where !path.isEmpty && !isValidTokenName(path) {
            throw CatalogError.invalidToken(token: path, reason: tokenNameRule)
        }
    }

    /// Stores the tokens `make` returns, made inside the edit's transaction.
    private func setTokens(groups: [(path: String, properties: JSONObject)], _ make: () throws -> [Token]) throws {
        var names: [String] = []
        do {
            try edit {
                let tokens = try make()
                names = tokens.map(\.name)
                var merged = try tokenSet().tokens
                for token in tokens { merged[token.name] = token }
                try Self.checkNesting(of: tokens, among: merged)
                // The new values and aliases must resolve (no unknown targets, no cycles).
                var set = TokenSet(Array(merged.values))
                for token in tokens { _ = try set.resolvedValue(token.name) }
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
            switch error {
            case .invalidLabel, .cannotLayOut: throw CatalogError.breaksLabel(tokens: names, error: error)
            default: throw error
            }
        }
    }

    /// DTCG nests tokens in groups: a token cannot also be a group of other tokens. Checks
    /// `tokens` against every token in `all` (them included) through a table of group paths.
    static func checkNesting(of tokens: [Token], among all: [String: Token]) throws(CatalogError) {
        // Each group path (a proper prefix of a name at a dot) and the first token inside it.
        var firstInside: [Substring: String] = [:]
        for name in all.keys {
            var end = name.endIndex
            while let dot = name[..<end].lastIndex(of: ".") {
                let group = name[..<dot]
                if let first = firstInside[group], first <= name { break } // its own prefixes have one too
                firstInside[group] = name
                end = dot
            }
        }
        for token in tokens {
            if let child = firstInside[Substring(token.name)] {
                throw .invalidToken(token: token.name, reason: "'\(child)' is inside it; a token cannot also be a group")
            }
            var end = token.name.endIndex
            while let dot = token.name[..<end].lastIndex(of: ".") {
                let prefix = String(token.name[..<dot])
                if all[prefix] != nil {
                    throw .invalidToken(token: token.name, reason: "'\(prefix)' is a token, so it cannot be a group holding this one")
                }
                end = dot
            }
        }
    }

    /// The labels and tokens that use a token, directly or through aliases.
    public func dependents(ofToken name: String) throws -> (labels: [String], tokens: [String]) {
        let statement = try database.statement("SELECT label FROM label_dependencies WHERE token = ? ORDER BY label")
        try statement.bind([.text(name)])
        var labels: [String] = []
        while try statement.step() { labels.append(statement.text(0) ?? "") }
        return (labels, try tokenSet().dependents(of: name))
    }

    /// Removes a token. A token in use is refused, naming its users; with `force` it is removed
    /// and the labels using it get layout rows recording the error (see `LayoutHasher`).
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
