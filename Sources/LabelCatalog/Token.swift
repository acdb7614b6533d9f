import LabelJSON
import LabelLayout

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

/// The token types labelcat understands: DTCG's `dimension`, `number`, `fontFamily`,
/// `fontWeight`, `typography`, `color`, and labelcat's own `insets`.
public enum TokenType: String, Sendable, CaseIterable {
    case dimension, number, fontFamily, fontWeight, typography, color, insets
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
/// none holding `{`, `}` or `.`.
func isValidTokenName(_ name: String) -> Bool {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return !name.isEmpty && parts.allSatisfy { part in
        !part.isEmpty && !part.hasPrefix("$") && !part.contains("{") && !part.contains("}")
    }
}

/// All tokens of a catalog, resolving aliases with cycle detection; resolutions are cached.
public struct TokenSet: Sendable {
    public private(set) var tokens: [String: Token]
    private var resolved: [String: ResolvedToken] = [:]

    public init(_ tokens: [Token]) {
        self.tokens = Dictionary(tokens.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The token's value with all aliases followed, checked against its type.
    public mutating func resolve(_ name: String) throws(CatalogError) -> ResolvedToken {
        try resolve(name, chain: [])
    }

    private mutating func resolve(_ name: String, chain: [String]) throws(CatalogError) -> ResolvedToken {
        if let cached = resolved[name] { return cached }
        if chain.contains(name) { throw .aliasCycle(chain: chain + [name]) }
        guard let token = tokens[name] else {
            if let referrer = chain.last { throw .invalidToken(token: referrer, reason: "refers to unknown token '{\(name)}'") }
            throw .unknownToken(name)
        }
        let path = chain + [name]
        var dependencies: Set<String> = [name]
        let value = try resolveValue(token.value, type: token.type, owner: name, chain: path, dependencies: &dependencies)
        let result = ResolvedToken(type: token.type, value: value, dependencies: dependencies)
        resolved[name] = result
        return result
    }

    /// Follows aliases in a value (whole, or members of a composite) and checks the literal.
    private mutating func resolveValue(_ value: JSONValue, type: TokenType, owner: String, chain: [String],
                                       dependencies: inout Set<String>) throws(CatalogError) -> JSONValue {
        if let target = aliasTarget(value) {
            let resolvedTarget = try resolve(target, chain: chain)
            guard resolvedTarget.type == type else {
                throw .invalidToken(token: owner, reason: "is a \(type.rawValue) but its alias {\(target)} is a \(resolvedTarget.type.rawValue)")
            }
            dependencies.formUnion(resolvedTarget.dependencies)
            return resolvedTarget.value
        }
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
                members[key] = try resolveValue(member, type: memberType, owner: owner, chain: chain, dependencies: &dependencies)
            }
            return .object(members)
        case .insets:
            if let object = value.object {
                var members = JSONObject()
                for (key, member) in object {
                    guard ["top", "left", "bottom", "right"].contains(key) else {
                        throw .invalidToken(token: owner, reason: "unknown insets member '\(key)' (expected top, left, bottom, right)")
                    }
                    members[key] = try resolveValue(member, type: .dimension, owner: owner, chain: chain, dependencies: &dependencies)
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

    /// A dimension in points: `{"value": 16, "unit": "px"}` (px = pt), `"16px"`, `"16pt"`.
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
            if let number = Double(digits), number.isFinite { return number }
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
