import LabelJSON
import LabelModel

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
                guard !key.isEmpty, !key.contains("."), !key.contains("{"), !key.contains("}"), !key.utf8.contains(0) else {
                    throw .invalidToken(token: (path + [key]).joined(separator: "."), reason: "names may not be empty or contain '.', '{', '}' or U+0000")
                }
                guard let child = member.object else {
                    throw .invalidToken(token: (path + [key]).joined(separator: "."), reason: "must be a group or a token object with $value, got \(member.kindDescription)")
                }
                try walk(child, path: path + [key], inheritedType: properties["$type"]?.string ?? inheritedType)
            }
        }
        try walk(root, path: [], inheritedType: nil)

        try inferAliasTypes(&tokens, untyped: untyped)
        return (tokens, groups)
    }

    /// Gives each alias without a `$type` its target's type, following chains of such
    /// aliases to a typed token. Each token is visited once, so this is linear; a chain is
    /// followed at most `TokenSet.maximumAliasDepth` aliases deep.
    static func inferAliasTypes(_ tokens: inout [Token], untyped: [Int]) throws(CatalogError) {
        let index = Dictionary(tokens.indices.map { (tokens[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
        var pending = Set(untyped)
        for start in untyped where pending.contains(start) {
            // The chain of untyped aliases from `start` to a typed token.
            var chain: [Int] = []
            var onChain: Set<Int> = []
            var position = start
            while pending.contains(position) {
                guard onChain.insert(position).inserted else {
                    throw .aliasCycle(chain: (chain + [position]).map { tokens[$0].name })
                }
                chain.append(position)
                guard chain.count <= TokenSet.maximumAliasDepth else {
                    throw .aliasChainTooLong(token: tokens[start].name, maximum: TokenSet.maximumAliasDepth)
                }
                let target = aliasTarget(tokens[position].value) ?? ""
                guard let next = index[target] else {
                    throw .invalidToken(token: tokens[position].name, reason: "refers to unknown token '{\(target)}'")
                }
                position = next
            }
            for member in chain {
                tokens[member].type = tokens[position].type
                pending.remove(member)
            }
        }
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
        let root = DocumentGroup()
        for (path, properties) in try tokenGroups() {
            root.group(at: path.isEmpty ? [] : path.split(separator: ".").map(String.init)).merge(properties)
        }
        for token in try allTokens() {
            var object = JSONObject([("$value", resolved ? try set.resolvedValue(token.name).value : token.value),
                                     ("$type", .string(token.type.rawValue))])
            if let description = token.description { object["$description"] = .string(description) }
            if let extensions = token.extensions { object["$extensions"] = extensions }
            root.group(at: token.name.split(separator: ".").map(String.init)).merge(object)
        }
        return root.json
    }
}

/// A group of a DTCG document being built: members in the order first set, each found by
/// name in constant time (a `JSONObject` searches its members, which is quadratic for a
/// group of many tokens).
private final class DocumentGroup {
    private var keys: [String] = []
    private var values: [String: JSONValue] = [:]
    private var groups: [String: DocumentGroup] = [:]

    /// The group at `path` below this one, made when missing.
    func group(at path: [String]) -> DocumentGroup {
        var group = self
        for name in path {
            if let child = group.groups[name] {
                group = child
                continue
            }
            let child = DocumentGroup()
            if group.values.removeValue(forKey: name) == nil { group.keys.append(name) }
            group.groups[name] = child
            group = child
        }
        return group
    }

    /// Sets members (a token's or a group's own properties).
    func merge(_ object: JSONObject) {
        for (key, value) in object {
            if values[key] == nil, groups[key] == nil { keys.append(key) }
            groups[key] = nil
            values[key] = value
        }
    }

    var json: JSONValue {
        .object(JSONObject(keys.map { key in (key, groups[key]?.json ?? values[key]!) }))
    }
}
