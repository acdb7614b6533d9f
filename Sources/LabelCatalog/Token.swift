import LabelJSON
import LabelModel

/// A design token (W3C Design Tokens format): a named value of a type, which may be an alias
/// `"{group.token}"` of another token.
public struct Token: Sendable, Hashable {
    public var name: String
    public var type: TokenType
    /// The `$value`: a literal, an alias string, or (typography, insets) an object whose
    /// members may be aliases.
    public var value: JSONValue
    public var description: String?
    /// `$extensions`, kept verbatim.
    public var extensions: JSONValue?

    public init(name: String, type: TokenType, value: JSONValue, description: String? = nil, extensions: JSONValue? = nil) {
        self.name = name
        self.type = type
        self.value = value
        self.description = description
        self.extensions = extensions
    }
}

/// A token's value with every alias followed: literal JSON, and the tokens read on the way.
public struct ResolvedToken: Sendable {
    public var type: TokenType
    public var value: JSONValue
    /// Every token whose value this one depends on, itself included.
    public var dependencies: Set<String>
}

/// `"{group.token}"` → `group.token`; nil for anything else.
func aliasTarget(_ value: JSONValue) -> String? {
    guard let text = value.string, LabelDefinition.isTokenReference(text) else { return nil }
    return String(text.dropFirst().dropLast())
}

/// True for a token or group path: dot-separated parts, none empty, none starting with `$`,
/// none holding `{`, `}` or U+0000 (SQLite and C APIs end text there).
func isValidTokenName(_ name: String) -> Bool {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return !name.isEmpty && !name.utf8.contains(0) && parts.allSatisfy { part in
        !part.isEmpty && !part.hasPrefix("$") && !part.contains("{") && !part.contains("}")
    }
}

/// What `isValidTokenName` requires, for messages.
let tokenNameRule = "names are dot-separated parts, none empty, none starting with '$' or holding '{', '}' or U+0000"

/// All tokens of a catalog, resolving aliases with cycle detection; resolutions are cached.
///
/// Chains of aliases are followed iteratively (never by recursion, so no chain can exhaust
/// the stack), at most `maximumAliasDepth` aliases deep. Resolving a token costs the part of
/// its chain not resolved before, so resolving every token of the set is linear in its size.
public struct TokenSet: Sendable {
    /// The longest chain of aliases followed from one token (`a → b → c` is 2 aliases deep);
    /// a longer one is refused with `CatalogError.aliasChainTooLong`.
    public static let maximumAliasDepth = 1_000

    public private(set) var tokens: [String: Token]
    /// Each resolved token's type and literal value, and how many aliases deep its chain is.
    private var resolved: [String: Resolution] = [:]
    /// The tokens being resolved, in the order they were reached (for cycles).
    private var resolving: [String] = []
    private var resolvingSet: Set<String> = []

    private struct Resolution: Sendable {
        var type: TokenType
        var value: JSONValue
        var depth: Int
    }

    public init(_ tokens: [Token]) {
        self.tokens = Dictionary(tokens.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The token's value with all aliases followed, checked against its type, and every token
    /// read on the way.
    public mutating func resolve(_ name: String) throws(CatalogError) -> ResolvedToken {
        let resolution = try resolution(of: name, referrer: nil)
        return ResolvedToken(type: resolution.type, value: resolution.value, dependencies: dependencies(of: [name]))
    }

    /// The token's type and literal value, with all aliases followed and checked.
    public mutating func resolvedValue(_ name: String) throws(CatalogError) -> (type: TokenType, value: JSONValue) {
        let resolution = try resolution(of: name, referrer: nil)
        return (resolution.type, resolution.value)
    }

    /// Follows `name`'s chain of whole-value aliases to a literal or to a token resolved
    /// before, checking cycles, types and depth, then records the value for every token on the
    /// chain. `referrer` is the token one of whose members names `name` (for messages).
    private mutating func resolution(of name: String, referrer: String?) throws(CatalogError) -> Resolution {
        if let known = resolved[name] { return known }
        let outer = resolving.count
        defer {
            for token in resolving[outer...] { resolvingSet.remove(token) }
            resolving.removeSubrange(outer...)
        }
        var current = name
        var end: Resolution
        while true {
            if let known = resolved[current] {
                // Reached by following every token on the chain, one alias each.
                guard resolving.count - outer + known.depth <= Self.maximumAliasDepth else {
                    throw .aliasChainTooLong(token: name, maximum: Self.maximumAliasDepth)
                }
                end = Resolution(type: known.type, value: known.value, depth: known.depth + 1)
                break
            }
            guard let token = tokens[current] else {
                if let owner = resolving.count > outer ? resolving.last : referrer {
                    throw .invalidToken(token: owner, reason: "refers to unknown token '{\(current)}'")
                }
                throw .unknownToken(current)
            }
            try checkNotResolving(current)
            resolving.append(current)
            resolvingSet.insert(current)
            guard let target = aliasTarget(token.value) else {
                end = Resolution(type: token.type, value: try literal(token.value, type: token.type, owner: current), depth: 0)
                break
            }
            guard resolving.count - outer <= Self.maximumAliasDepth else {
                throw .aliasChainTooLong(token: name, maximum: Self.maximumAliasDepth)
            }
            try checkNotResolving(target)
            if let targetType = tokens[target]?.type, targetType != token.type {
                throw .invalidToken(token: current, reason: "is a \(token.type.rawValue) but its alias {\(target)} is a \(targetType.rawValue)")
            }
            current = target
        }
        // `end.depth` is the depth of the chain's last token; each one before is one alias deeper.
        let chain = resolving[outer...]
        for (offset, member) in chain.enumerated() {
            resolved[member] = Resolution(type: end.type, value: end.value, depth: end.depth + (chain.count - 1 - offset))
        }
        return resolved[name]!
    }

    /// Throws the cycle when `name` is being resolved already (on this chain or on the chain
    /// of the composite whose member led here).
    private func checkNotResolving(_ name: String) throws(CatalogError) {
        guard resolvingSet.contains(name), let start = resolving.firstIndex(of: name) else { return }
        throw .aliasCycle(chain: Array(resolving[start...]) + [name])
    }

    /// Checks an alias-free value, or (typography, insets) an object whose members may be
    /// aliases: those are resolved. Members are of simple types, so this goes one level deep.
    private mutating func literal(_ value: JSONValue, type: TokenType, owner: String) throws(CatalogError) -> JSONValue {
        switch type {
        case .typography:
            guard let object = value.object else {
                throw .invalidToken(token: owner, reason: "a typography value must be an object {fontFamily, fontSize, fontWeight, lineHeight, letterSpacing}, got \(value.kindDescription)")
            }
            var members = JSONObject()
            for (key, member) in object {
                guard let memberType = TokenType.typographyMembers[key] else {
                    throw .invalidToken(token: owner, reason: "unknown typography member '\(key)' (expected \(TokenType.typographyMembers.keys.sorted().joined(separator: ", ")))")
                }
                members[key] = try memberValue(member, type: memberType, owner: owner)
            }
            return .object(members)
        case .insets:
            if let object = value.object {
                var members = JSONObject()
                for (key, member) in object {
                    guard ["top", "left", "bottom", "right"].contains(key) else {
                        throw .invalidToken(token: owner, reason: "unknown insets member '\(key)' (expected top, left, bottom, right)")
                    }
                    members[key] = try memberValue(member, type: .dimension, owner: owner)
                }
                return .object(members)
            }
            _ = try TokenType.insets.points(value, token: owner)
            return value
        default:
            try type.validate(value, token: owner)
            return value
        }
    }

    /// A member of a composite value: a literal of `type`, or an alias of a token of `type`
    /// (checked before it is followed, so a member never leads to another composite).
    private mutating func memberValue(_ value: JSONValue, type: TokenType, owner: String) throws(CatalogError) -> JSONValue {
        guard let target = aliasTarget(value) else {
            try type.validate(value, token: owner)
            return value
        }
        try checkNotResolving(target)
        if let targetType = tokens[target]?.type, targetType != type {
            throw .invalidToken(token: owner, reason: "is a \(type.rawValue) but its alias {\(target)} is a \(targetType.rawValue)")
        }
        return try resolution(of: target, referrer: owner).value
    }

    /// The tokens `names` name and every token their aliases lead to (whole values and members
    /// of composites; known or not): what resolving them reads. Linear in the tokens reached.
    public func dependencies(of names: some Sequence<String>) -> Set<String> {
        var reached: Set<String> = []
        var pending = Array(names)
        while let name = pending.popLast() {
            guard reached.insert(name).inserted, let token = tokens[name] else { continue }
            pending.append(contentsOf: Self.references(in: token.value))
        }
        return reached
    }

    /// The tokens that depend on `name` through aliases (not `name` itself), sorted: a walk of
    /// the reversed alias graph, linear in the set's size.
    public func dependents(of name: String) -> [String] {
        var referrers: [String: [String]] = [:]
        for token in tokens.values {
            for target in Self.references(in: token.value) { referrers[target, default: []].append(token.name) }
        }
        var reached: Set<String> = [name]
        var pending = [name]
        while let current = pending.popLast() {
            for referrer in referrers[current] ?? [] where reached.insert(referrer).inserted { pending.append(referrer) }
        }
        reached.remove(name)
        return reached.sorted()
    }

    /// The alias targets a value names: the whole value, or members of a composite.
    static func references(in value: JSONValue) -> [String] {
        if let target = aliasTarget(value) { return [target] }
        guard let object = value.object else { return [] }
        return object.compactMap { aliasTarget($0.value) }
    }
}

extension TokenType {
    /// The members of a DTCG typography value and their types.
    static let typographyMembers: [String: TokenType] = [
        "fontFamily": .fontFamily, "fontSize": .dimension, "fontWeight": .fontWeight,
        "lineHeight": .number, "letterSpacing": .dimension,
    ]

    /// Checks a literal (alias-free) value of this type.
    func validate(_ value: JSONValue, token: String) throws(CatalogError) {
        switch self {
        case .dimension: _ = try Self.points(value, token: token)
        case .number:
            guard let number = value.number, number.isFinite else {
                throw .invalidToken(token: token, reason: "a number value must be a finite number, got \(value.kindDescription)")
            }
        case .fontFamily: _ = try Self.families(value, token: token)
        case .fontWeight: _ = try Self.weight(value, token: token)
        case .color: _ = try Self.color(value, token: token)
        case .insets: _ = try points(value, token: token)
        case .typography:
            guard value.object != nil else { throw .invalidToken(token: token, reason: "a typography value must be an object") }
        }
    }

    /// A dimension in points: `{"value": 16, "unit": "px"}` (px = pt), `"16px"`, `"16pt"`; the
    /// number in a string is decimal (`parseDecimal`: `"0x10px"` is refused).
    static func points(_ value: JSONValue, token: String) throws(CatalogError) -> Double {
        if let object = value.object, let number = object["value"]?.number, let unit = object["unit"]?.string {
            guard ["px", "pt"].contains(unit) else {
                throw .invalidToken(token: token, reason: "dimension unit '\(unit)' is not supported (use px or pt; 1 px = 1 pt)")
            }
            guard number.isFinite else { throw .invalidToken(token: token, reason: "dimension value must be finite") }
            return number
        }
        if let text = value.string {
            var digits = text.trimmingSpaces
            if digits.hasSuffix("px") || digits.hasSuffix("pt") { digits.removeLast(2) }
            if let number = parseDecimal(digits) { return number }
        }
        throw .invalidToken(token: token, reason: "a dimension must be {\"value\": N, \"unit\": \"px\"} or \"Npx\", got \(value.jsonString())")
    }

    static func families(_ value: JSONValue, token: String) throws(CatalogError) -> [String] {
        if let family = value.string, !family.isEmpty { return [family] }
        if let list = value.array, !list.isEmpty {
            var families: [String] = []
            for item in list {
                guard let family = item.string, !family.isEmpty else {
                    throw .invalidToken(token: token, reason: "a fontFamily list must hold non-empty strings")
                }
                families.append(family)
            }
            return families
        }
        throw .invalidToken(token: token, reason: "a fontFamily must be a name or a list of names, got \(value.jsonString())")
    }

    static func weight(_ value: JSONValue, token: String) throws(CatalogError) -> Int {
        if let number = value.number, number == number.rounded(), (1...1000).contains(number) { return Int(number) }
        if let name = value.string, let weight = FontSpec.weight(named: name) { return weight }
        throw .invalidToken(token: token, reason: "a fontWeight must be 1–1000 or a DTCG weight name, got \(value.jsonString())")
    }

    /// `#RRGGBB[AA]`, or a DTCG color object `{"colorSpace": "srgb", "components": [r, g, b], "alpha": a}`.
    static func color(_ value: JSONValue, token: String) throws(CatalogError) -> Color {
        if let text = value.string, let color = Color(hex: text) { return color }
        if let object = value.object, object["colorSpace"]?.string == "srgb",
           let components = object["components"]?.array?.compactMap(\.number), components.count == 3,
           components.allSatisfy({ (0...1).contains($0) }) {
            let alpha = object["alpha"]?.number ?? 1
            func byte(_ component: Double) -> UInt8 { UInt8((component * 255).rounded()) }
            return Color(red: byte(components[0]), green: byte(components[1]), blue: byte(components[2]),
                         alpha: byte(min(1, max(0, alpha))))
        }
        throw .invalidToken(token: token, reason: "a color must be \"#RRGGBB\", \"#RRGGBBAA\" or an sRGB color object, got \(value.jsonString())")
    }

    /// Insets from an object of four dimensions or a CSS shorthand string (`"8 16"`).
    func points(_ value: JSONValue, token: String) throws(CatalogError) -> EdgeInsets {
        if let object = value.object {
            func side(_ key: String) throws(CatalogError) -> Double {
                guard let member = object[key] else { return 0 }
                return try Self.points(member, token: token)
            }
            return EdgeInsets(top: try side("top"), left: try side("left"), bottom: try side("bottom"), right: try side("right"))
        }
        if let text = value.string {
            let parts = text.split(separator: " ").map(String.init)
            var numbers: [Double] = []
            for part in parts { numbers.append(try Self.points(.string(part), token: token)) }
            switch numbers.count {
            case 1: return EdgeInsets(top: numbers[0], left: numbers[0], bottom: numbers[0], right: numbers[0])
            case 2: return EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[0], right: numbers[1])
            case 3: return EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[1])
            case 4: return EdgeInsets(top: numbers[0], left: numbers[3], bottom: numbers[2], right: numbers[1])
            default: break
            }
        }
        throw .invalidToken(token: token, reason: "insets must be {top, left, bottom, right} dimensions or a CSS shorthand like \"8 16\", got \(value.jsonString())")
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
