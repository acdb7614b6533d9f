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
            try checkLocales()
        }
        let known = Set(Self.styleFields.map(\.key) + ["name", "text", "texts", "frame"])
        for (key, value) in object {
            guard known.contains(key) else { throw invalid(key, "is not a label definition field") }
            if Self.styleFields.contains(where: { $0.key == key }), value != .null { style[key] = value }
        }
        // Check literal fields now (with references set aside) so a bad value is refused at once.
        _ = try resolve(tokens: nil)
    }

    /// What a locale (a key of `texts`) must be, for messages.
    static let localeRule = "a locale must be non-empty and hold no U+0000"

    /// True for a locale labelcat stores: non-empty, and without U+0000 (which SQLite's and C's
    /// text functions take for the end of the text, so "de" and "de\u{0}x" would merge).
    public static func isValidLocale(_ locale: String) -> Bool {
        !locale.isEmpty && !locale.utf8.contains(0)
    }

    /// Throws for the first locale of `texts` that `isValidLocale` refuses.
    func checkLocales() throws(CatalogError) {
        for locale in texts.keys where !Self.isValidLocale(locale) {
            throw .invalidLabel(label: name, reason: "texts: \(Self.localeRule), got \(JSONValue.string(locale).jsonString())")
        }
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
