import LabelJSON
import LabelLayout

/// A label as the catalog stores it: name, texts and frame, and style fields that are
/// literals or token references (SPEC §1). `resolve` turns it into the `LabelDefinition`
/// the engine sees.
public struct LabelRecord: Sendable, Hashable {
    public var name: String
    public var text: String
    public var texts: [String: String]
    public var frame: Rect
    /// Style fields by their SPEC §1 name (`font`, `numberOfLines`, …), as given.
    public var style: JSONObject

    public init(name: String, text: String = "", texts: [String: String] = [:], frame: Rect, style: JSONObject = JSONObject()) {
        self.name = name
        self.text = text
        self.texts = texts
        self.frame = frame
        self.style = style
    }

    /// The style fields, their `labels` columns, and what a token reference there must be.
    static let styleFields: [(key: String, column: String)] = [
        ("font", "font"), ("numberOfLines", "number_of_lines"), ("lineBreakMode", "line_break_mode"),
        ("textAlignment", "text_alignment"), ("verticalAlignment", "vertical_alignment"),
        ("contentInsets", "content_insets"), ("lineHeight", "line_height"),
        ("lineHeightMultiple", "line_height_multiple"), ("lineSpacing", "line_spacing"),
        ("letterSpacing", "letter_spacing"), ("truncationToken", "truncation_token"),
        ("textColor", "text_color"), ("backgroundColor", "background_color"), ("scale", "scale"),
    ]

    /// Reads a definition as JSON (SPEC §1, references allowed): checks the shape of every
    /// field; values behind references are checked when the label is resolved.
    public init(json: JSONValue) throws(CatalogError) {
        guard let object = json.object else { throw .invalidInput("a label definition must be a JSON object, got \(json.kindDescription)") }
        let labelName = object["name"]?.string ?? "?"
        func invalid(_ field: String, _ message: String) -> CatalogError {
            .invalidLabel(label: labelName, reason: "\(field): \(message)")
        }
        guard let name = object["name"]?.string else { throw .invalidInput("a label definition needs \"name\" (a string)") }
        guard LabelDefinition.isValidName(name) else {
            throw invalid("name", "must be dot-separated parts of letters, digits, '_' or '-', got \"\(name)\"")
        }
        guard let frameValue = object["frame"] else { throw invalid("frame", "is required") }
        let frame: Rect
        do {
            frame = try LabelDefinition(json: .object(JSONObject([("name", .string(name)), ("frame", frameValue)]))).frame
        } catch {
            throw .invalidLabel(label: name, reason: error.description)
        }
        self.init(name: name, frame: frame)
        if let text = object["text"] {
            guard let string = text.string else { throw invalid("text", "must be a string, got \(text.kindDescription)") }
            self.text = string
        }
        if let variants = object["texts"] {
            guard let variants = variants.object else { throw invalid("texts", "must be an object of locale: text") }
            for (locale, variant) in variants {
                guard !locale.isEmpty, let string = variant.string else { throw invalid("texts.\(locale)", "must be a string for a non-empty locale") }
                texts[locale] = string
            }
        }
        let known = Set(Self.styleFields.map(\.key) + ["name", "text", "texts", "frame"])
        for (key, value) in object {
            guard known.contains(key) else { throw invalid(key, "is not a label definition field") }
            if Self.styleFields.contains(where: { $0.key == key }), value != .null { style[key] = value }
        }
        // Check literal fields now (with references set aside) so a bad value is refused at once.
        _ = try resolve(tokens: nil)
    }

    /// `{"x", "y", "width", "height"}`.
    var frameJSON: JSONValue {
        .object(JSONObject([("x", .number(frame.x)), ("y", .number(frame.y)),
                            ("width", .number(frame.width)), ("height", .number(frame.height))]))
    }

    /// The definition as JSON (SPEC §1 with references as given): what `label export` writes.
    public var json: JSONValue {
        var object = JSONObject([("name", .string(name)), ("text", .string(text))])
        if !texts.isEmpty {
            object["texts"] = .object(JSONObject(texts.keys.sorted().map { ($0, .string(texts[$0]!)) }))
        }
        object["frame"] = frameJSON
        for (key, _) in Self.styleFields { if let value = style[key] { object[key] = value } }
        return .object(object)
    }

    /// The resolved definition and every token read to get it. With `tokens` nil, references
    /// are left out (to check the literal fields alone).
    public func resolve(tokens: TokenSet?) throws(CatalogError) -> (definition: LabelDefinition, dependencies: Set<String>) {
        var tokens = tokens
        var dependencies: Set<String> = []
        var object = JSONObject([("name", .string(name)), ("text", .string(text))])
        if !texts.isEmpty { object["texts"] = .object(JSONObject(texts.map { ($0.key, .string($0.value)) })) }
        object["frame"] = frameJSON
        var typographyExtras = JSONObject()

        func reference(_ target: String, field: String, accepted: [TokenType]) throws(CatalogError) -> (TokenType, JSONValue)? {
            dependencies.insert(target)
            guard tokens != nil else { return nil }
            let resolved: ResolvedToken
            do {
                resolved = try tokens!.resolve(target)
            } catch let error {
                if case .unknownToken = error {
                    throw CatalogError.invalidLabel(label: name, reason: "\(field): unknown token reference {\(target)}")
                }
                throw CatalogError.invalidLabel(label: name, reason: "\(field): {\(target)}: \(error)")
            }
            dependencies.formUnion(resolved.dependencies)
            guard accepted.contains(resolved.type) else {
                throw CatalogError.invalidLabel(label: name, reason: "\(field): token {\(target)} is a \(resolved.type.rawValue), but \(field) needs \(accepted.map(\.rawValue).joined(separator: " or "))")
            }
            return (resolved.type, resolved.value)
        }

        /// A dimension or number field, literal or referenced, as a plain JSON number.
        func number(_ value: JSONValue, field: String, accepted: [TokenType] = [.dimension, .number]) throws(CatalogError) -> JSONValue? {
            guard let target = aliasTarget(value) else { return value }
            guard let (type, literal) = try reference(target, field: field, accepted: accepted) else { return nil }
            return type == .dimension ? .number(try TokenType.points(literal, token: target)) : literal
        }

        for (key, _) in Self.styleFields {
            guard let value = style[key] else { continue }
            switch key {
            case "font":
                if let target = aliasTarget(value) {
                    guard let (type, literal) = try reference(target, field: key, accepted: [.typography, .fontFamily]) else { continue }
                    if type == .fontFamily {
                        object[key] = .object(JSONObject([("family", literal)]))
                    } else {
                        let (font, extras) = try Self.font(fromTypography: literal, token: target)
                        object[key] = font
                        typographyExtras = extras
                    }
                } else if let font = value.object {
                    var resolved = JSONObject()
                    for (member, memberValue) in font {
                        switch member {
                        case "family":
                            if let target = aliasTarget(memberValue) {
                                if let (_, literal) = try reference(target, field: "font.family", accepted: [.fontFamily]) { resolved[member] = literal }
                            } else {
                                resolved[member] = memberValue
                            }
                        case "size":
                            if let number = try number(memberValue, field: "font.size") { resolved[member] = number }
                        case "weight":
                            if let target = aliasTarget(memberValue) {
                                if let (type, literal) = try reference(target, field: "font.weight", accepted: [.fontWeight, .number]) {
                                    resolved[member] = type == .fontWeight ? .number(Double(try TokenType.weight(literal, token: target))) : literal
                                }
                            } else {
                                resolved[member] = memberValue
                            }
                        default:
                            resolved[member] = memberValue
                        }
                    }
                    object[key] = .object(resolved)
                } else {
                    object[key] = value
                }
            case "contentInsets":
                if let target = aliasTarget(value) {
                    guard let (_, literal) = try reference(target, field: key, accepted: [.insets]) else { continue }
                    let insets = try TokenType.insets.points(literal, token: target)
                    object[key] = .object(JSONObject([("top", .number(insets.top)), ("left", .number(insets.left)),
                                                      ("bottom", .number(insets.bottom)), ("right", .number(insets.right))]))
                } else if let sides = value.object {
                    var resolved = JSONObject()
                    for (side, sideValue) in sides {
                        if let number = try number(sideValue, field: "contentInsets.\(side)") { resolved[side] = number }
                    }
                    object[key] = .object(resolved)
                } else {
                    object[key] = value
                }
            case "textColor", "backgroundColor":
                if let target = aliasTarget(value) {
                    guard let (_, literal) = try reference(target, field: key, accepted: [.color]) else { continue }
                    object[key] = .string(try TokenType.color(literal, token: target).description)
                } else {
                    object[key] = value
                }
            case "numberOfLines", "scale", "lineHeightMultiple":
                if let resolved = try number(value, field: key, accepted: [.number]) { object[key] = resolved }
            case "lineHeight", "lineSpacing", "letterSpacing":
                if let resolved = try number(value, field: key) { object[key] = resolved }
            default:
                if aliasTarget(value) != nil {
                    throw .invalidLabel(label: name, reason: "\(key): takes a literal value, not a token reference")
                }
                object[key] = value
            }
        }
        // A typography token's lineHeight and letterSpacing apply unless the label sets its own.
        for (key, value) in typographyExtras where object[key] == nil { object[key] = value }
        do {
            return (try LabelDefinition(json: .object(object)), dependencies)
        } catch {
            throw .invalidLabel(label: name, reason: error.description)
        }
    }

    /// A DTCG typography value as a font object, plus the label fields it also sets: its
    /// `lineHeight` (a multiple of fontSize) as a fixed line height, and its letter spacing.
    static func font(fromTypography value: JSONValue, token: String) throws(CatalogError) -> (JSONValue, JSONObject) {
        guard let typography = value.object else { throw .invalidToken(token: token, reason: "a typography value must be an object") }
        var font = JSONObject()
        var extras = JSONObject()
        if let family = typography["fontFamily"] { font["family"] = .array(try TokenType.families(family, token: token).map(JSONValue.string)) }
        var size: Double?
        if let fontSize = typography["fontSize"] {
            size = try TokenType.points(fontSize, token: token)
            font["size"] = .number(size!)
        }
        if let weight = typography["fontWeight"] { font["weight"] = .number(Double(try TokenType.weight(weight, token: token))) }
        if let lineHeight = typography["lineHeight"]?.number {
            extras["lineHeight"] = .number(lineHeight * (size ?? FontSpec().size))
        }
        if let letterSpacing = typography["letterSpacing"] {
            extras["letterSpacing"] = .number(try TokenType.points(letterSpacing, token: token))
        }
        return (.object(font), extras)
    }
}

/// Resolves many labels against one set of tokens, fast: labels with the same style fields
/// (the usual case: a few typography tokens shared by thousands of labels) resolve their
/// style once; each label then only adds its name, texts and frame.
public struct LabelResolver: Sendable {
    public private(set) var tokens: TokenSet
    private var styles: [JSONObject: (template: LabelDefinition, dependencies: Set<String>)] = [:]

    public init(tokens: TokenSet) {
        self.tokens = tokens
    }

    /// The same as `record.resolve(tokens:)`, with the style part cached.
    public mutating func resolve(_ record: LabelRecord) throws(CatalogError) -> (definition: LabelDefinition, dependencies: Set<String>) {
        if styles.count > 10_000 { styles.removeAll() }
        let style: (template: LabelDefinition, dependencies: Set<String>)
        if let cached = styles[record.style] {
            style = cached
        } else {
            let probe = LabelRecord(name: "style", frame: .zero, style: record.style)
            guard let resolved = try? probe.resolve(tokens: tokens) else { return try record.resolve(tokens: tokens) }
            style = (resolved.definition, resolved.dependencies)
            styles[record.style] = style
        }
        var definition = style.template
        definition.name = record.name
        definition.text = record.text
        definition.texts = record.texts
        definition.frame = record.frame
        let frame = record.frame
        let valid = LabelDefinition.isValidName(record.name)
            && [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite) && frame.width >= 0 && frame.height >= 0
            && record.text.utf8.count <= LabelDefinition.maximumTextBytes
            && record.texts.values.allSatisfy { $0.utf8.count <= LabelDefinition.maximumTextBytes }
        // Anything unusual goes the long way, for its precise error message.
        guard valid else { return try record.resolve(tokens: tokens) }
        return (definition, style.dependencies)
    }
}
