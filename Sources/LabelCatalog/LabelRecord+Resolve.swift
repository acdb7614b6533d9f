import LabelJSON
import LabelModel

extension LabelRecord {
    /// The resolved definition and every token read to get it. With `tokens` nil, references
    /// are left out (to check the literal fields alone).
    public func resolve(tokens: TokenSet?) throws(CatalogError) -> (definition: LabelDefinition, dependencies: Set<String>) {
        var known = FieldResolutions()
        return try resolve(tokens: tokens, known: &known)
    }

    /// The same, taking the field values that read tokens from `known` (resolved against the
    /// same `tokens`) and adding those it resolves.
    func resolve(tokens: TokenSet?, known: inout FieldResolutions) throws(CatalogError)
        -> (definition: LabelDefinition, dependencies: Set<String>) {
        var object = JSONObject([("name", .string(name))])
        textMembers(into: &object)
        object["frame"] = frameJSON
        var resolver = StyleResolver(label: name, tokens: tokens)
        for field in LabelField.all {
            guard let value = style[field.key], let resolved = try resolver.field(field, value, known: &known) else { continue }
            object[field.key] = resolved
        }
        // A typography token's lineHeight and letterSpacing apply unless the label sets its own.
        for (key, value) in resolver.typographyExtras where object[key] == nil { object[key] = value }
        do {
            return (try LabelDefinition(json: .object(object)), resolver.dependencies)
        } catch {
            throw .invalidLabel(label: name, reason: error.description)
        }
    }

    /// The `$extensions` member naming a typography token's Dynamic Type text style.
    public static let textStyleExtension = "com.apple.textStyle"

    /// A DTCG typography value as a font object, plus the label fields it also sets: its
    /// `lineHeight` (a multiple of fontSize) as a fixed line height, and its letter spacing.
    /// With a Dynamic Type `textStyle` (from the token's `$extensions`), the style sets the
    /// size at each content size category and the font's own line height is used: the
    /// value's `fontSize` and `lineHeight` are left to other tools.
    static func font(fromTypography value: JSONValue, textStyle: String?, token: String) throws(CatalogError) -> (JSONValue, JSONObject) {
        guard let typography = value.object else { throw .invalidToken(token: token, reason: "a typography value must be an object") }
        var font = JSONObject()
        var extras = JSONObject()
        if let family = typography["fontFamily"] { font["family"] = .array(try TokenType.families(family, token: token).map(JSONValue.string)) }
        var size: Double?
        if let textStyle {
            guard TextStyle(rawValue: textStyle) != nil else {
                throw .invalidToken(token: token, reason: "$extensions.\(textStyleExtension): unknown text style \"\(textStyle)\" (expected one of \(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            font["textStyle"] = .string(textStyle)
        } else if let fontSize = typography["fontSize"] {
            size = try TokenType.points(fontSize, token: token)
            font["size"] = .number(size!)
        }
        if let weight = typography["fontWeight"] { font["weight"] = .number(Double(try TokenType.weight(weight, token: token))) }
        if textStyle == nil, let lineHeight = typography["lineHeight"]?.number {
            extras["lineHeight"] = .number(lineHeight * (size ?? FontSpec().size))
        }
        if let letterSpacing = typography["letterSpacing"] {
            extras["letterSpacing"] = .number(try TokenType.points(letterSpacing, token: token))
        }
        return (.object(font), extras)
    }
}

/// Style field values that read tokens, resolved against one set of tokens, by field and value:
/// many styles share them (a typography token, a color), so each is resolved once.
struct FieldResolutions: Sendable {
    struct Key: Hashable, Sendable {
        var field: String
        var value: JSONValue
    }

    struct Resolution: Sendable {
        var value: JSONValue?
        var dependencies: Set<String>
        /// What a typography token sets besides the font (empty for other fields).
        var typographyExtras: JSONObject
    }

    var resolutions: [Key: Resolution] = [:]
}

/// Resolves one label's style fields to literals, field by field, recording every token read.
/// With `tokens` nil, a reference resolves to nothing (the field is left out).
struct StyleResolver {
    let label: String
    var tokens: TokenSet?
    /// Every token read, directly or through aliases.
    private(set) var dependencies: Set<String> = []
    /// The fields a typography token sets besides the font (`lineHeight`, `letterSpacing`).
    private(set) var typographyExtras = JSONObject()

    init(label: String, tokens: TokenSet?) {
        self.label = label
        self.tokens = tokens
    }

    /// A style field's literal value; nil to leave it out. A reference is followed when the
    /// field takes tokens (`field.tokenTypes`); font, insets and colors take their tokens'
    /// shapes apart.
    mutating func field(_ field: LabelField, _ value: JSONValue) throws(CatalogError) -> JSONValue? {
        switch field.kind {
        case .font: return try font(value, accepted: field.tokenTypes)
        case .insets: return try insets(value, accepted: field.tokenTypes)
        case .color: return try color(value, field: field.key, accepted: field.tokenTypes)
        case .integer, .number, .enumeration, .bool, .text, .arguments, .priorities, .device:
            if field.tokenTypes.isEmpty, aliasTarget(value) != nil {
                throw .invalidLabel(label: label, reason: "\(field.key): takes a literal value, not a token reference")
            }
            return try number(value, field: field.key, accepted: field.tokenTypes)
        }
    }

    /// The same, with the values that read tokens taken from (and added to) `known`. A value
    /// that fails is not kept: its error names this label.
    mutating func field(_ field: LabelField, _ value: JSONValue, known: inout FieldResolutions) throws(CatalogError) -> JSONValue? {
        let key = FieldResolutions.Key(field: field.key, value: value)
        let resolution: FieldResolutions.Resolution
        if let found = known.resolutions[key] {
            resolution = found
        } else {
            var alone = StyleResolver(label: label, tokens: tokens)
            let resolved = try alone.field(field, value)
            resolution = FieldResolutions.Resolution(value: resolved, dependencies: alone.dependencies,
                                                     typographyExtras: alone.typographyExtras)
            // Literals are quicker read again than looked up.
            if !alone.dependencies.isEmpty { known.resolutions[key] = resolution }
        }
        dependencies.formUnion(resolution.dependencies)
        if field.kind == .font { typographyExtras = resolution.typographyExtras }
        return resolution.value
    }

    /// Follows a reference of `field`: the token's type (one of `accepted`) and literal value.
    private mutating func reference(_ target: String, field: String, accepted: [TokenType]) throws(CatalogError) -> (TokenType, JSONValue)? {
        dependencies.insert(target)
        guard tokens != nil else { return nil }
        let resolved: ResolvedToken
        do {
            resolved = try tokens!.resolve(target)
        } catch let error {
            if case .unknownToken = error {
                throw .invalidLabel(label: label, reason: "\(field): unknown token reference {\(target)}")
            }
            throw .invalidLabel(label: label, reason: "\(field): {\(target)}: \(error)")
        }
        dependencies.formUnion(resolved.dependencies)
        guard accepted.contains(resolved.type) else {
            throw .invalidLabel(label: label, reason: "\(field): token {\(target)} is a \(resolved.type.rawValue), but \(field) needs \(accepted.map(\.rawValue).joined(separator: " or "))")
        }
        return (resolved.type, resolved.value)
    }

    /// The text style a typography token names in `$extensions` (`com.apple.textStyle`): the
    /// token's own, else that of the first token along its chain of aliases that has one.
    private func textStyle(of token: String) throws(CatalogError) -> String? {
        var current = token
        for _ in 0...TokenSet.maximumAliasDepth {
            guard let found = tokens?.tokens[current] else { return nil }
            if let style = found.extensions?[LabelRecord.textStyleExtension] {
                guard let name = style.string else {
                    throw .invalidToken(token: current, reason: "$extensions.\(LabelRecord.textStyleExtension) must be a text style name, got \(style.kindDescription)")
                }
                return name
            }
            guard let next = aliasTarget(found.value) else { return nil }
            current = next
        }
        return nil
    }

    /// A field's value, literal or referenced: a dimension token's as a plain JSON number
    /// of points, a number token's as it is.
    private mutating func number(_ value: JSONValue, field: String, accepted: [TokenType] = [.dimension, .number]) throws(CatalogError) -> JSONValue? {
        guard let target = aliasTarget(value) else { return value }
        guard let (type, literal) = try reference(target, field: field, accepted: accepted) else { return nil }
        return type == .dimension ? .number(try TokenType.points(literal, token: target)) : literal
    }

    /// `font`: a typography or fontFamily reference, or an object whose members may be references.
    private mutating func font(_ value: JSONValue, accepted: [TokenType]) throws(CatalogError) -> JSONValue? {
        if let target = aliasTarget(value) {
            guard let (type, literal) = try reference(target, field: "font", accepted: accepted) else { return nil }
            if type == .fontFamily { return .object(JSONObject([("family", literal)])) }
            let (font, extras) = try LabelRecord.font(fromTypography: literal, textStyle: textStyle(of: target), token: target)
            typographyExtras = extras
            return font
        }
        guard let font = value.object else { return value }
        var resolved = JSONObject()
        for (member, memberValue) in font {
            switch member {
            case "family":
                guard let target = aliasTarget(memberValue) else { resolved[member] = memberValue; continue }
                if let (_, literal) = try reference(target, field: "font.family", accepted: [.fontFamily]) { resolved[member] = literal }
            case "size":
                if let number = try number(memberValue, field: "font.size") { resolved[member] = number }
            case "weight":
                guard let target = aliasTarget(memberValue) else { resolved[member] = memberValue; continue }
                if let (type, literal) = try reference(target, field: "font.weight", accepted: [.fontWeight, .number]) {
                    resolved[member] = type == .fontWeight ? .number(Double(try TokenType.weight(literal, token: target))) : literal
                }
            default:
                resolved[member] = memberValue
            }
        }
        return .object(resolved)
    }

    /// `contentInsets`: an insets reference, or an object whose sides may be references.
    private mutating func insets(_ value: JSONValue, accepted: [TokenType]) throws(CatalogError) -> JSONValue? {
        if let target = aliasTarget(value) {
            guard let (_, literal) = try reference(target, field: "contentInsets", accepted: accepted) else { return nil }
            let insets = try TokenType.insets.points(literal, token: target)
            return .object(JSONObject([("top", .number(insets.top)), ("left", .number(insets.left)),
                                       ("bottom", .number(insets.bottom)), ("right", .number(insets.right))]))
        }
        guard let sides = value.object else { return value }
        var resolved = JSONObject()
        for (side, sideValue) in sides {
            if let number = try number(sideValue, field: "contentInsets.\(side)") { resolved[side] = number }
        }
        return .object(resolved)
    }

    /// `textColor`, `backgroundColor`: a color reference or a literal.
    private mutating func color(_ value: JSONValue, field: String, accepted: [TokenType]) throws(CatalogError) -> JSONValue? {
        guard let target = aliasTarget(value) else { return value }
        guard let (_, literal) = try reference(target, field: field, accepted: accepted) else { return nil }
        return .string(try TokenType.color(literal, token: target).description)
    }
}
