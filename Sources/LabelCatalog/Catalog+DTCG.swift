import LabelJSON

/// Design tokens in and out in the W3C Design Tokens (DTCG) format: nested groups, inherited
/// `$type`, `$description`, `$extensions` kept verbatim, aliases `"{a.b}"`.
extension Catalog {
    /// Properties a DTCG group or token may carry besides `$value`.
    static let groupProperties: Set<String> = ["$type", "$description", "$extensions", "$deprecated", "$schema"]

    /// Reads a DTCG document: every token with its (own or inherited) type, and the groups
    /// that carry properties of their own.
    public static func parseDesignTokens(_ document: JSONValue) throws(CatalogError) -> (tokens: [Token], groups: [(path: String, properties: JSONObject)]) {
        guard let root = document.object else {
            throw .invalidInput("a design tokens file must be a JSON object of groups and tokens, got \(document.kindDescription)")
        }
        var tokens: [Token] = []
        var untyped: [Int] = []
        var groups: [(String, JSONObject)] = []

        func walk(_ object: JSONObject, path: [String], inheritedType: String?) throws(CatalogError) {
            let name = path.joined(separator: ".")
            if let value = object["$value"] {
                for (key, _) in object where key.hasPrefix("$") && key != "$value" && !groupProperties.contains(key) {
                    throw .invalidToken(token: name, reason: "unknown property '\(key)'")
                }
                if let child = object.keys.first(where: { !$0.hasPrefix("$") }) {
                    throw .invalidToken(token: name, reason: "a token cannot hold '\(child)' (only $-properties)")
                }
                let typeName = object["$type"]?.string ?? inheritedType
                var type: TokenType?
                if let typeName {
                    guard let known = TokenType(rawValue: typeName) else {
                        throw .invalidToken(token: name, reason: "unknown $type '\(typeName)' (supported: \(TokenType.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    type = known
                }
                if let description = object["$description"], description.string == nil {
                    throw .invalidToken(token: name, reason: "$description must be a string")
                }
                if type == nil {
                    guard aliasTarget(value) != nil else {
                        throw .invalidToken(token: name, reason: "has no $type (on the token or a group above it)")
                    }
                    untyped.append(tokens.count)
                }
                tokens.append(Token(name: name, type: type ?? .number, value: value,
                                    description: object["$description"]?.string, extensions: object["$extensions"]))
                return
            }
            var properties = JSONObject()
            for (key, member) in object where key.hasPrefix("$") {
                guard groupProperties.contains(key) else { throw .invalidToken(token: name.isEmpty ? "(root)" : name, reason: "unknown group property '\(key)'") }
                properties[key] = member
            }
            if let typeName = properties["$type"]?.string, TokenType(rawValue: typeName) == nil {
                throw .invalidToken(token: name.isEmpty ? "(root)" : name, reason: "unknown $type '\(typeName)' (supported: \(TokenType.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            if properties.count > 0 { groups.append((name, properties)) }
            for (key, member) in object where !key.hasPrefix("$") {
                guard !key.isEmpty, !key.contains("."), !key.contains("{"), !key.contains("}") else {
                    throw .invalidToken(token: (path + [key]).joined(separator: "."), reason: "names may not be empty or contain '.', '{' or '}'")
                }
                guard let child = member.object else {
                    throw .invalidToken(token: (path + [key]).joined(separator: "."), reason: "must be a group or a token object with $value, got \(member.kindDescription)")
                }
                try walk(child, path: path + [key], inheritedType: properties["$type"]?.string ?? inheritedType)
            }
        }
        try walk(root, path: [], inheritedType: nil)

        // An alias without a type takes its target's (repeatedly, for chains of aliases).
        let index = Dictionary(tokens.indices.map { (tokens[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
        var pending = Set(untyped)
        while !pending.isEmpty {
            let typed = pending.filter { position in
                guard let target = aliasTarget(tokens[position].value), let targetPosition = index[target] else { return false }
                return !pending.contains(targetPosition)
            }
            guard !typed.isEmpty else {
                let position = pending.min()!
                let target = aliasTarget(tokens[position].value) ?? ""
                guard index[target] != nil else {
                    throw .invalidToken(token: tokens[position].name, reason: "refers to unknown token '{\(target)}'")
                }
                var chain = [tokens[position].name]
                var current = target
                while !chain.contains(current), let next = index[current] {
                    chain.append(current)
                    current = aliasTarget(tokens[next].value) ?? ""
                }
                throw .aliasCycle(chain: chain + [current])
            }
            for position in typed {
                tokens[position].type = tokens[index[aliasTarget(tokens[position].value)!]!].type
                pending.remove(position)
            }
        }
        return (tokens, groups)
    }

    /// Imports a DTCG document: its tokens are added or replaced (after every value and alias
    /// is checked), group properties kept, and the labels using them recomputed.
    public func importDesignTokens(_ document: JSONValue) throws -> Int {
        let (tokens, groups) = try Self.parseDesignTokens(document)
        try setTokens(tokens, groups: groups)
        return tokens.count
    }

    /// The catalog's tokens as a DTCG document; with `resolved`, aliases are replaced by the
    /// values they lead to.
    public func exportDesignTokens(resolved: Bool = false) throws -> JSONValue {
        var set = try tokenSet()
        var root = JSONObject()
        func insert(_ value: JSONObject, at path: [String], into object: inout JSONObject) {
            guard let first = path.first else {
                for (key, member) in value { object[key] = member }
                return
            }
            var child = object[first]?.object ?? JSONObject()
            insert(value, at: Array(path.dropFirst()), into: &child)
            object[first] = .object(child)
        }
        for (path, properties) in try tokenGroups() {
            insert(properties, at: path.isEmpty ? [] : path.split(separator: ".").map(String.init), into: &root)
        }
        for token in try allTokens() {
            var object = JSONObject([("$value", resolved ? try set.resolve(token.name).value : token.value),
                                     ("$type", .string(token.type.rawValue))])
            if let description = token.description { object["$description"] = .string(description) }
            if let extensions = token.extensions { object["$extensions"] = extensions }
            insert(object, at: token.name.split(separator: ".").map(String.init), into: &root)
        }
        return .object(root)
    }
}
