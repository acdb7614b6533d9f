import LabelJSON
import LabelLayout
import LabelModel

/// Where an import found a text or a label: a file and the line (1-based) when known.
public struct TextSource: Sendable, Hashable {
    /// The file's path as it was given to the import (relative paths stay relative).
    public var file: String
    public var line: Int?

    public init(file: String, line: Int? = nil) {
        self.file = file
        self.line = line
    }
}

/// How a `labels` column holds a field's values, by the field's kind.
enum ColumnStorage: Sendable, Hashable {
    /// A number or a string (a literal, or a token reference `{a.b}`).
    case scalar
    /// A JSON object as JSON text, or a token reference (`font`, `contentInsets`).
    case object
    /// JSON text, literal only (`arguments`).
    case json
    /// `true`/`false` as 1/0.
    case bool
}

extension LabelField {
    /// How the field's column holds its values.
    var storage: ColumnStorage {
        switch kind {
        case .integer, .number, .enumeration, .color, .text, .device: .scalar
        case .font, .insets, .priorities: .object
        case .arguments: .json
        case .bool: .bool
        }
    }
}

/// A label as the catalog stores it: name, key, texts and frame, and style fields that are
/// literals or token references (docs/layout-rules.md). `resolve` turns it into the `LabelDefinition`
/// the engine sees.
public struct LabelRecord: Sendable, Hashable, LabelTexts {
    public var name: String
    /// The key of the label's text in a strings table, `TABLE:KEY` (`Localizable:checkout.title`,
    /// `Main:abc-12-xyz.text`): what a translation import fills the label's texts from.
    public var key: String?
    /// The base text; `texts` holds per-locale texts. Read from the catalog, these are the
    /// texts the label shows: its own, and its key's where it has none of its own
    /// (`textsFromKey` says which).
    public var text: String
    public var texts: [String: String]
    /// Plural forms and device variations, of the base text (locale "") and of locales.
    public var variantTexts: [TextKey: String]
    /// The texts above that the label shows from its key (`key_texts`), not its own: a
    /// definition written out (`json`, `label export`) and written back leaves them to the key.
    public var textsFromKey: Set<TextKey> = []
    public var frame: Rect
    /// An Auto Layout label with no fixed height: `frame.height` is not used (JSON `null`).
    public var isSelfSizing: Bool
    /// The fields of `LabelField.all` by their JSON name (`font`, `numberOfLines`, …), as given.
    public var style: JSONObject
    /// Where an import read the label (its Interface Builder file): not part of the definition.
    public var source: TextSource?

    public init(name: String, key: String? = nil, text: String = "", texts: [String: String] = [:],
                variantTexts: [TextKey: String] = [:], frame: Rect, isSelfSizing: Bool = false,
                style: JSONObject = JSONObject(), source: TextSource? = nil) {
        self.name = name
        self.key = key
        self.text = text
        self.texts = texts
        self.variantTexts = variantTexts
        self.frame = frame
        self.isSelfSizing = isSelfSizing
        self.style = style
        self.source = source
    }

    /// Every definition field with a column of its own, in column order: the style fields
    /// (`LabelField.all`). Besides these a label has `name`, `key`, `text`, `texts` and `frame`
    /// (`frame_x` … `frame_height`, NULL height for a self-sizing label), and the `file` and
    /// `line` an import read it from.
    public static var fields: [LabelField] { LabelField.all }

    /// The members of a definition that are not in `fields`.
    static let structuralMembers = ["name", "key", "text", "texts", "frame"]

    /// Reads a definition as JSON (the definition JSON plus `key`, references allowed): checks the shape of
    /// every field; values behind references are checked when the label is resolved.
    public init(json: JSONValue) throws(CatalogError) {
        guard let object = json.object else { throw .invalidInput("a label definition must be a JSON object, got \(json.kindDescription)") }
        let labelName = object["name"]?.string ?? "?"
        func invalid(_ field: String, _ message: String) -> CatalogError {
            .invalidLabel(label: labelName, reason: "\(field): \(message)")
        }
        guard let name = object["name"]?.string else { throw .invalidInput("a label definition needs \"name\" (a string)") }
        guard LabelDefinition.isValidName(name) else { throw invalid("name", "\(LabelDefinition.nameRule), got \(JSONValue.string(name).jsonString())") }
        guard let frameValue = object["frame"] else { throw invalid("frame", "is required") }
        // Name, texts and frame are read as the engine reads them (variants, limits, self-sizing).
        var probe = JSONObject([("name", .string(name)), ("frame", frameValue)])
        if let text = object["text"] { probe["text"] = text }
        if let texts = object["texts"] { probe["texts"] = texts }
        let parsed: LabelDefinition
        do { parsed = try LabelDefinition(json: .object(probe)) } catch { throw .invalidLabel(label: name, reason: error.description) }
        self.init(name: name, text: parsed.text, texts: parsed.texts, variantTexts: parsed.variantTexts, frame: parsed.frame,
                  isSelfSizing: parsed.isSelfSizing)
        if let key = object["key"], key != .null {
            guard let string = key.string else { throw invalid("key", "must be a string TABLE:KEY, got \(key.kindDescription)") }
            guard Self.isValidKey(string) else { throw invalid("key", "\(Self.keyRule), got \(JSONValue.string(string).jsonString())") }
            self.key = string
        }
        for (member, value) in object {
            guard Self.structuralMembers.contains(member) || Self.fields.contains(where: { $0.key == member }) else {
                throw invalid(member, "is not a label definition field")
            }
            if !Self.structuralMembers.contains(member), value != .null { style[member] = value }
        }
        // Check literal fields now (with references set aside) so a bad value is refused at once.
        _ = try resolve(tokens: nil)
    }

    /// What a key must be, for messages.
    public static let keyRule = "a key is TABLE:KEY (a table name, a colon, the key) and holds no U+0000"

    /// True for a key labelcat stores: a non-empty table name, `:`, the key; no U+0000.
    public static func isValidKey(_ key: String) -> Bool {
        guard let colon = key.utf8.firstIndex(of: UInt8(ascii: ":")) else { return false }
        return colon != key.utf8.startIndex && !key.utf8.contains(0)
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
        let locales = Array(texts.keys) + variantTexts.keys.map(\.locale).filter { !$0.isEmpty }
        for locale in locales where !Self.isValidLocale(locale) {
            throw .invalidLabel(label: name, reason: "texts: \(Self.localeRule), got \(JSONValue.string(locale).jsonString())")
        }
    }

    /// `{"x", "y", "width", "height"}`, height `null` for a self-sizing label.
    var frameJSON: JSONValue {
        .object(JSONObject([("x", .number(frame.x)), ("y", .number(frame.y)), ("width", .number(frame.width)),
                            ("height", isSelfSizing ? .null : .number(frame.height))]))
    }

    /// The texts of one locale as a definition writes them: a string, or with variants an
    /// object of variant: text ("" = the plain text, when there is one). With `ownOnly`, the
    /// texts shown from the key are left out (nil when none is left).
    func textsJSON(locale: String, ownOnly: Bool = false) -> JSONValue? {
        func shown(_ key: TextKey) -> Bool { !ownOnly || !textsFromKey.contains(key) }
        let plain = shown(TextKey(locale: locale)) ? (locale.isEmpty ? text : texts[locale]) : nil
        let variants = variantTexts.keys.filter { $0.locale == locale && shown($0) }.sorted()
        guard !variants.isEmpty else { return plain.map(JSONValue.string) }
        var object = JSONObject()
        if let plain { object[""] = .string(plain) }
        for key in variants { object[key.variant] = .string(variantTexts[key]!) }
        return .object(object)
    }

    /// Every locale with a text, sorted (not the base text).
    public var locales: [String] {
        Set(texts.keys).union(variantTexts.keys.lazy.map(\.locale).filter { !$0.isEmpty }).sorted()
    }

    /// The texts as the definition's `text` and `texts` members: every text shown, or with
    /// `ownOnly` the label's own.
    func textMembers(into object: inout JSONObject, ownOnly: Bool = false) {
        object["text"] = textsJSON(locale: "", ownOnly: ownOnly)
        let members = locales.compactMap { locale in textsJSON(locale: locale, ownOnly: ownOnly).map { (locale, $0) } }
        if !members.isEmpty { object["texts"] = .object(JSONObject(members)) }
    }

    /// Whether the label has a base text of its own (its plain text not empty, or a variant
    /// of it); one that has none shows its key's (docs/catalog.md).
    var hasOwnBaseText: Bool {
        !textsFromKey.contains(TextKey(locale: "")) && !text.isEmpty
            || variantTexts.keys.contains { $0.locale.isEmpty && !textsFromKey.contains($0) }
    }

    /// Adds the texts of the label's key where the label has none of its own (read from
    /// `key_texts`, locale "" = Base): for each locale and variant the label's own text wins;
    /// a label without a base text of its own shows its key's Base texts, else its key's texts
    /// in the development language.
    mutating func adoptKeyTexts(_ keyTexts: [TextKey: String], developmentLanguage: String) {
        guard !keyTexts.isEmpty else { return }
        func adopt(_ key: TextKey, _ value: String) {
            textsFromKey.insert(key)
            if key.variant.isEmpty {
                if key.locale.isEmpty { text = value } else { texts[key.locale] = value }
            } else {
                variantTexts[key] = value
            }
        }
        for (key, value) in keyTexts where !key.locale.isEmpty {
            let own = key.variant.isEmpty ? texts[key.locale] != nil : variantTexts[key] != nil
            if !own { adopt(key, value) }
        }
        guard !hasOwnBaseText else { return }
        var base = keyTexts.filter { $0.key.locale.isEmpty }
        if base.isEmpty {
            base = Dictionary(uniqueKeysWithValues: keyTexts.filter { $0.key.locale == developmentLanguage }
                .map { (TextKey(locale: "", variant: $0.key.variant), $0.value) })
        }
        for (key, value) in base { adopt(key, value) }
    }

    /// The definition as JSON (the definition JSON with `key` and references as given), with
    /// the label's own texts: what `label get` and `label export` write.
    public var json: JSONValue {
        var object = JSONObject([("name", .string(name))])
        if let key { object["key"] = .string(key) }
        textMembers(into: &object, ownOnly: true)
        object["frame"] = frameJSON
        for field in Self.fields { if let value = style[field.key] { object[field.key] = value } }
        return .object(object)
    }
}

/// A label resolved for laying out: its definition, and what follows from its style alone
/// (the same for every label of that style, so worked out once per style).
struct ResolvedLabel {
    var definition: LabelDefinition
    var style: ResolvedStyle
}

/// What a style (a label's style fields against the tokens) resolves to: the definition every
/// label of the style starts from, and what follows from the style alone. Shared, not copied:
/// each label of the style and each worker's resolver hold the one instance (a copy of its
/// members would retain each of them).
final class ResolvedStyle: Sendable {
    /// The resolved definition of the style alone (a label puts its name, texts and frame in).
    let template: LabelDefinition
    /// Every token read to resolve it.
    let dependencies: Set<String>
    /// The same, sorted (as `label_dependencies` is compared and written).
    let sortedDependencies: [String]
    /// The font files it names by path (their identity is part of the environment).
    let fontPaths: [String]
    /// Its fields as the input hash takes them: each label's hash then walks only its name,
    /// text and frame.
    let hashWords: StyleHashWords

    init(dependencies: Set<String>, definition: LabelDefinition) {
        template = definition
        self.dependencies = dependencies
        sortedDependencies = dependencies.sorted()
        fontPaths = definition.font.families.filter(FontLibrary.isFontPath)
        hashWords = StyleHashWords(of: definition)
    }
}

/// Resolves many labels against one set of tokens, fast: labels with the same style fields
/// (the usual case: a few typography tokens shared by thousands of labels) resolve their
/// style once; each label then only adds its name, texts and frame.
public struct LabelResolver: Sendable {
    public private(set) var tokens: TokenSet
    private var styles: [JSONObject: ResolvedStyle] = [:]
    /// The same, by the style's columns (a key that costs less to look up than the style).
    private var stylesByColumns: [StyleColumns: ResolvedStyle] = [:]
    /// The field values read from tokens, shared by styles (a new style resolves only the rest).
    private var fields = FieldResolutions()
    /// The styles resolved since the resolver was last shared (`share`).
    private var added: [JSONObject] = []
    /// The same, by their columns.
    private var addedColumns: [StyleColumns] = []

    public init(tokens: TokenSet) {
        self.tokens = tokens
    }

    /// The same as `record.resolve(tokens:)`, with the style part cached.
    public mutating func resolve(_ record: LabelRecord) throws(CatalogError) -> (definition: LabelDefinition, dependencies: Set<String>) {
        let resolved = try resolveForLayout(record)
        return (resolved.definition, resolved.style.dependencies)
    }

    /// The same, with what follows from the label's style (worked out once per style).
    /// `style` is the key of the record's style columns, when the record was read with one.
    mutating func resolveForLayout(_ record: LabelRecord, style columns: StyleColumns? = nil) throws(CatalogError) -> ResolvedLabel {
        if styles.count > StyleTable.limit || stylesByColumns.count > StyleTable.limit {
            styles.removeAll()
            stylesByColumns.removeAll()
            added.removeAll()
            addedColumns.removeAll()
            fields = FieldResolutions()
        }
        // A style is known by its columns' bytes when it was read with them (hashing those costs
        // a fraction of hashing its JSON), else by its JSON.
        let cached: ResolvedStyle
        if let columns, let known = stylesByColumns[columns] {
            cached = known
        } else if columns == nil, let known = styles[record.style] {
            cached = known
        } else {
            let probe = LabelRecord(name: "style", frame: .zero, style: record.style)
            guard let resolved = try? probe.resolve(tokens: tokens, known: &fields) else { return try slowly(record) }
            cached = ResolvedStyle(dependencies: resolved.dependencies, definition: resolved.definition)
            if let columns {
                stylesByColumns[columns] = cached
                addedColumns.append(columns)
            } else {
                styles[record.style] = cached
                added.append(record.style)
            }
        }
        var definition = cached.template
        definition.name = record.name
        definition.text = record.text
        definition.texts = record.texts
        definition.variantTexts = record.variantTexts
        definition.frame = record.frame
        // A self-sizing label's height is `null` in its definition JSON, which reads as 0.
        if record.isSelfSizing { definition.frame.height = 0 }
        definition.isSelfSizing = record.isSelfSizing
        let frame = record.frame
        let limit = LabelDefinition.maximumTextBytes
        let valid = LabelDefinition.isValidName(record.name)
            && frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite
            && frame.width >= 0 && frame.height >= 0
            && record.text.utf8.count <= limit
            && record.texts.values.allSatisfy { $0.utf8.count <= limit }
            && record.variantTexts.allSatisfy { $0.value.utf8.count <= limit && !$0.key.variant.utf8.contains(0) }
        // Anything unusual goes the long way, for its precise error message.
        guard valid else { return try slowly(record) }
        return ResolvedLabel(definition: definition, style: cached)
    }

    /// Gives the first `count` resolvers of `resolvers` (against the same tokens) the styles
    /// each of the others resolved, so a style is resolved about once, not once per worker.
    static func share(_ resolvers: ResultSlots<LabelResolver>, count: Int) {
        guard count > 1 else { return }
        var merged = resolvers.take(0)
        for index in 1..<count {
            let other = resolvers.take(index)
            for style in other.added where merged.styles[style] == nil { merged.styles[style] = other.styles[style] }
            for columns in other.addedColumns where merged.stylesByColumns[columns] == nil {
                merged.stylesByColumns[columns] = other.stylesByColumns[columns]
            }
            for (key, resolution) in other.fields.resolutions where merged.fields.resolutions[key] == nil {
                merged.fields.resolutions[key] = resolution
            }
        }
        merged.added = []
        merged.addedColumns = []
        for index in 0..<count { resolvers.set(index, merged) }
    }

    /// Without the cache.
    private func slowly(_ record: LabelRecord) throws(CatalogError) -> ResolvedLabel {
        let resolved = try record.resolve(tokens: tokens)
        return ResolvedLabel(definition: resolved.definition,
                             style: ResolvedStyle(dependencies: resolved.dependencies, definition: resolved.definition))
    }
}
