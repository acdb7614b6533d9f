import LabelJSON

extension LabelDefinition {
    /// The longest text accepted, in UTF-8 bytes (1 MiB).
    public static let maximumTextBytes = 1 << 20

    /// Reads a definition from its canonical JSON (docs/layout-rules.md), checking every field.
    /// Unknown members are refused too, so a misspelt field is never silently ignored.
    ///
    /// ```swift
    /// let label = try LabelDefinition(json: .parse(#"{"name": "a", "frame": {"x": 0, "y": 0, "width": 100, "height": 40}}"#))
    /// ```
    public init(json: JSONValue) throws(LayoutError) {
        guard let object = json.object else {
            throw .invalidField(field: "definition", message: "must be a JSON object, got \(json.kindDescription)")
        }
        var reader = FieldReader(object: object)
        let name = try reader.required("name") { value, field throws(LayoutError) in try Self.decodeName(value, field: field) }
        let (frame, selfSizing) = try reader.required("frame") { value, field throws(LayoutError) in try Self.decodeFrame(value, field: field) }
        self.init(name: name, frame: frame)
        isSelfSizing = selfSizing
        try reader.optional("text") { value, field throws(LayoutError) in
            if let plain = try decodeTexts(value, locale: "", field: field) { text = plain }
        }
        try reader.optional("texts") { value, field throws(LayoutError) in
            guard let locales = value.object else { throw FieldReader.typeError(field, "an object of locale: text", value) }
            for (locale, localized) in locales {
                guard !locale.isEmpty, !locale.unicodeScalars.contains("\u{0}") else {
                    throw .invalidField(field: field, message: "a locale must be non-empty and hold no U+0000")
                }
                if let plain = try decodeTexts(localized, locale: locale, field: "\(field).\(locale)") { texts[locale] = plain }
            }
        }
        for field in LabelField.all {
            try reader.optional(field.key) { value, path throws(LayoutError) in try field.read(value, into: &self, path: path) }
        }
        try reader.refuseUnknownMembers()
        try validateNumbers()
    }

    static func decodeName(_ value: JSONValue, field: String) throws(LayoutError) -> String {
        guard let name = value.string else { throw .invalidField(field: field, message: "must be a string, got \(value.kindDescription)") }
        guard isValidName(name) else {
            throw .invalidField(field: field, message: "\(nameRule), got \(JSONValue.string(name).jsonString())")
        }
        return name
    }

    /// True for a token reference `{group.token}`: braces around a name that holds no brace,
    /// quote or colon (so a JSON object is never mistaken for one).
    public static func isTokenReference(_ text: String) -> Bool {
        text.count > 2 && text.hasPrefix("{") && text.hasSuffix("}")
            && !text.dropFirst().dropLast().contains { $0 == "{" || $0 == "}" || $0 == "\"" || $0 == ":" }
    }

    /// What a label name must be, for messages.
    public static let nameRule = "a label name must be non-empty, hold no control character (U+0000–U+001F, U+007F–U+009F), line or paragraph separator, nor a glob character (* ? [ ]), and neither start nor end with white space"

    /// True for a label name: `demo.topLabel`, and what imports make of Xcode's files
    /// (`Main.storyboard/abc-12-xyz`, `App/Sign-In (old).xib/12`). Any printable characters
    /// but the glob characters `*`, `?`, `[` and `]` (so a name used as a glob matches exactly
    /// that label), without white space at either end; never a control character, U+2028 or
    /// U+2029 (U+0000 included: C and SQLite functions end a string there).
    public static func isValidName(_ name: String) -> Bool {
        // The usual name is ASCII: checked byte by byte (the same rules as below).
        if let valid = name.utf8.withContiguousStorageIfAvailable(isValidASCIIName), let valid { return valid }
        guard let first = name.unicodeScalars.first, let last = name.unicodeScalars.last,
              !first.properties.isWhitespace, !last.properties.isWhitespace else { return false }
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029: return false
            case 0x2A, 0x3F, 0x5B, 0x5D: return false
            default: continue
            }
        }
        return true
    }

    /// For an ASCII name, whether it is valid; nil for any other name.
    private static func isValidASCIIName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let first = bytes.first, let last = bytes.last else { return false }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var valid = !isSpace(first) && !isSpace(last)
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            switch byte {
            case 0..<0x20, 0x7F, 0x2A, 0x3F, 0x5B, 0x5D: valid = false
            default: continue
            }
        }
        return valid
    }

    static func decodeText(_ value: JSONValue, field: String) throws(LayoutError) -> String {
        guard let text = value.string else { throw .invalidField(field: field, message: "must be a string, got \(value.kindDescription)") }
        guard text.utf8.count <= maximumTextBytes else {
            throw .invalidField(field: field, message: "is \(text.utf8.count) bytes, over the limit of 1 MiB (\(maximumTextBytes) bytes)")
        }
        return text
    }

    /// A frame, and whether it is self-sizing (`height` null: Auto Layout sizes it to its text).
    /// Its numbers are at most `maximumLength` either way (sizes not negative).
    static func decodeFrame(_ value: JSONValue, field: String) throws(LayoutError) -> (Rect, selfSizing: Bool) {
        var reader = try FieldReader(value, field: field, expected: "an object {x, y, width, height}")
        func bounded(_ value: JSONValue, _ field: String, minimum: Double) throws(LayoutError) -> Double {
            let number = try FieldReader.number(value, field, minimum: minimum)
            guard number <= maximumLength, number >= -maximumLength else {
                throw .invalidField(field: field, message: "must be a finite number from \(formatNumber(max(minimum, -maximumLength))) to \(formatNumber(maximumLength)), got \(formatNumber(number))")
            }
            return number
        }
        let x = try reader.required("x") { value, field throws(LayoutError) in try bounded(value, field, minimum: -.greatestFiniteMagnitude) }
        let y = try reader.required("y") { value, field throws(LayoutError) in try bounded(value, field, minimum: -.greatestFiniteMagnitude) }
        let width = try reader.required("width") { value, field throws(LayoutError) in try bounded(value, field, minimum: 0) }
        let selfSizing = value.object?["height"] == .null
        let height = selfSizing ? 0
            : try reader.required("height") { value, field throws(LayoutError) in try bounded(value, field, minimum: 0) }
        if selfSizing { try reader.optional("height") { _, _ throws(LayoutError) in } }
        try reader.refuseUnknownMembers()
        return (Rect(x: x, y: y, width: width, height: height), selfSizing)
    }

    /// A locale's texts: a string (the plain text, returned), or an object of variant: text
    /// ("" = the plain text) whose variants go to `variantTexts`.
    private mutating func decodeTexts(_ value: JSONValue, locale: String, field: String) throws(LayoutError) -> String? {
        guard let variants = value.object else { return try Self.decodeText(value, field: field) }
        var plain: String?
        for (variant, variantText) in variants {
            let decoded = try Self.decodeText(variantText, field: "\(field).\(variant)")
            if variant.isEmpty {
                plain = decoded
            } else {
                guard !variant.unicodeScalars.contains("\u{0}") else {
                    throw .invalidField(field: field, message: "a variant name must hold no U+0000")
                }
                variantTexts[TextKey(locale: locale, variant: variant)] = decoded
            }
        }
        return plain
    }

    static func decodeInsets(_ value: JSONValue, field: String) throws(LayoutError) -> EdgeInsets {
        var reader = try FieldReader(value, field: field, expected: "an object {top, left, bottom, right}")
        var insets = EdgeInsets.zero
        try reader.optional("top") { value, field throws(LayoutError) in insets.top = try FieldReader.number(value, field, minimum: 0) }
        try reader.optional("left") { value, field throws(LayoutError) in insets.left = try FieldReader.number(value, field, minimum: 0) }
        try reader.optional("bottom") { value, field throws(LayoutError) in insets.bottom = try FieldReader.number(value, field, minimum: 0) }
        try reader.optional("right") { value, field throws(LayoutError) in insets.right = try FieldReader.number(value, field, minimum: 0) }
        try reader.refuseUnknownMembers()
        return insets
    }

    static func decodeFont(_ value: JSONValue, field: String) throws(LayoutError) -> FontSpec {
        var reader = try FieldReader(value, field: field, expected: "an object {family, size, weight, textStyle, scalesWithCategory}")
        let members = reader.object
        var font = FontSpec()
        try reader.optional("family") { value, field throws(LayoutError) in
            switch value {
            case .string(let family) where !FieldReader.isReference(value):
                font.families = [family]
            case .array(let families) where !families.isEmpty:
                font.families = try families.enumerated().map { index, family throws(LayoutError) in
                    guard let name = family.string, !name.isEmpty else {
                        throw .invalidField(field: "\(field)[\(index)]", message: "must be a non-empty string, got \(family.kindDescription)")
                    }
                    return name
                }
            default:
                throw FieldReader.typeError(field, "a family name or a non-empty list of them", value)
            }
            if font.families.contains(where: \.isEmpty) { throw .invalidField(field: field, message: "must not be empty") }
        }
        try reader.optional("size") { value, field throws(LayoutError) in
            font.size = try FieldReader.number(value, field, minimum: 0)
            guard font.size >= 0.01, font.size <= 10_000 else {
                throw .invalidField(field: field, message: "must be 0.01–10000, got \(formatNumber(font.size))")
            }
        }
        try reader.optional("weight") { value, field throws(LayoutError) in
            if let name = value.string, !FieldReader.isReference(value) {
                guard let weight = FontSpec.weight(named: name) else {
                    throw .invalidField(field: field, message: "unknown weight \"\(name)\" (use 1–1000 or one of \(FontSpec.weightNames.map(\.name).joined(separator: ", ")))")
                }
                font.weight = weight
            } else {
                font.weight = try FieldReader.integer(value, field, minimum: 1)
                guard font.weight <= 1000 else { throw .invalidField(field: field, message: "must be 1–1000, got \(font.weight)") }
            }
        }
        try reader.optional("textStyle") { value, field throws(LayoutError) in
            let style: TextStyle = try FieldReader.enumeration(value, field)
            guard members["size"] == nil || members["size"] == .null else {
                throw .invalidField(field: field, message: "sets the size by the content size category; a font with a text style takes no size")
            }
            font.textStyle = style
            font.size = style.pointSize(in: .large)
            if members["weight"] == nil || members["weight"] == .null { font.weight = style.defaultWeight }
        }
        try reader.optional("scalesWithCategory") { value, field throws(LayoutError) in
            guard font.textStyle == nil else {
                throw .invalidField(field: field, message: "scales a fixed size; a font with a text style already follows the category")
            }
            font.scalesWithCategory = try FieldReader.enumeration(value, field)
        }
        try reader.refuseUnknownMembers()
        return font
    }
}

extension LabelDefinition {
    /// The largest length (content insets, `lineHeight`, `lineSpacing`, `letterSpacing` either
    /// way, and a definition's frame, position either way and size) and the largest
    /// `lineHeightMultiple`: beyond any screen, and small enough that every number a layout
    /// computes from them, over the million lines a 1 MiB text can make, is finite, and that a
    /// picture of a frame is a size a program can hold (a frame of 1e19 once trapped the
    /// renderer converting it to pixels). A frame is bounded where a definition is read (its
    /// JSON: the command line, imports and the catalog's rows all go through it); the engine
    /// itself lays out any finite frame (`check` measures a text's width in one no text
    /// reaches). A label that needs unlimited height is self-sizing (`frame.height` null).
    public static let maximumLength = 1_000_000.0

    /// Checks the numbers of a definition, whether read from JSON or built in code: finite,
    /// sizes not negative, lengths other than the frame's at most `maximumLength`, a font size and line height the
    /// engine can divide by, and letter spacing that takes away at most one em per grapheme
    /// (`letterSpacing ≥ −font.size`).
    public func validateNumbers() throws(LayoutError) {
        func check(_ value: Double, _ field: String, minimum: Double = 0, maximum: Double = Self.maximumLength) throws(LayoutError) {
            guard value.isFinite, value >= minimum, value <= maximum else {
                let range = switch (minimum.isFinite, maximum.isFinite) {
                case (true, true): " from \(formatNumber(minimum)) to \(formatNumber(maximum))"
                case (true, false): " ≥ \(formatNumber(minimum))"
                default: ""
                }
                throw .invalidField(field: field, message: "must be a finite number\(range), got \(formatNumber(value))")
            }
        }
        try check(frame.x, "frame.x", minimum: -.infinity, maximum: .infinity)
        try check(frame.y, "frame.y", minimum: -.infinity, maximum: .infinity)
        try check(frame.width, "frame.width", maximum: .infinity)
        try check(frame.height, "frame.height", maximum: .infinity)
        guard font.size.isFinite, font.size >= 0.01, font.size <= 10_000 else {
            throw .invalidField(field: "font.size", message: "must be 0.01–10000, got \(formatNumber(font.size))")
        }
        for field in LabelField.bounded { try field.checkBounds(of: self) }
        guard letterSpacing >= -font.size else {
            throw .invalidField(field: "letterSpacing", message: "must be at least −font.size (\(formatNumber(-font.size))): letter spacing takes away at most one em per grapheme, got \(formatNumber(letterSpacing))")
        }
        guard lineHeight == 0 || lineHeight >= 0.01, lineHeightMultiple == 0 || lineHeightMultiple >= 0.01 else {
            throw .invalidField(field: lineHeight != 0 && lineHeight < 0.01 ? "lineHeight" : "lineHeightMultiple",
                                message: "must be 0 (the font's own) or at least 0.01")
        }
    }
}

extension FontSpec {
    /// The DTCG font weight names and their numeric weights.
    public static let weightNames: [(name: String, weight: Int)] = [
        ("thin", 100), ("hairline", 100), ("extra-light", 200), ("ultra-light", 200), ("light", 300),
        ("normal", 400), ("regular", 400), ("book", 400), ("medium", 500), ("semi-bold", 600),
        ("demi-bold", 600), ("bold", 700), ("extra-bold", 800), ("ultra-bold", 800), ("black", 900),
        ("heavy", 900), ("extra-black", 950), ("ultra-black", 950),
    ]

    /// The numeric weight of a DTCG weight name (`"bold"` → 700), case-insensitively.
    public static func weight(named name: String) -> Int? {
        let lowered = name.lowercased()
        return weightNames.first { $0.name == lowered }?.weight
    }
}

/// Reads the members of one JSON object, remembering which were read so unknown ones can be
/// refused, and builds error messages with the dotted field path.
struct FieldReader {
    let object: JSONObject
    let prefix: String
    /// Members read so far (a few at most: a list beats a set here).
    private var consumed: [String] = []
    /// How many of the object's members were found by a read.
    private var found = 0

    init(object: JSONObject, prefix: String = "") {
        self.object = object
        self.prefix = prefix
        consumed.reserveCapacity(24)
    }

    /// The member named `key` (its first, as `JSONObject`'s subscript), compared by UTF-8
    /// length first: most names differ in length.
    private mutating func member(_ key: String) -> JSONValue? {
        consumed.append(key)
        let length = key.utf8.count
        let members = object.members
        for index in members.indices where members[index].key.utf8.count == length && members[index].key == key {
            found += 1
            return members[index].value
        }
        return nil
    }

    init(_ value: JSONValue, field: String, expected: String) throws(LayoutError) {
        guard let object = value.object else { throw Self.typeError(field, expected, value) }
        self.init(object: object, prefix: field + ".")
    }

    /// A string of the form `{group.token}`.
    static func isReference(_ value: JSONValue) -> Bool {
        value.string.map(LabelDefinition.isTokenReference) ?? false
    }

    mutating func required<T>(_ key: String, _ decode: (JSONValue, String) throws(LayoutError) -> T) throws(LayoutError) -> T {
        guard let value = member(key), value != .null else {
            throw .invalidField(field: prefix + key, message: "is required")
        }
        return try decode(value, prefix + key)
    }

    mutating func optional(_ key: String, _ decode: (JSONValue, String) throws(LayoutError) -> Void) throws(LayoutError) {
        guard let value = member(key), value != .null else { return }
        try decode(value, prefix + key)
    }

    func refuseUnknownMembers() throws(LayoutError) {
        // Every member found by a read of its own (each field is read once): none is unknown.
        guard found != object.count else { return }
        for key in object.keys where !consumed.contains(key) {
            throw .invalidField(field: prefix + key, message: "is not a label definition field")
        }
    }

    static func typeError(_ field: String, _ expected: String, _ value: JSONValue) -> LayoutError {
        if Self.isReference(value) {
            return .invalidField(field: field, message: "token reference \(value.string!) needs a catalog to resolve it; a definition laid out on its own takes literal values")
        }
        return .invalidField(field: field, message: "must be \(expected), got \(value.kindDescription)")
    }

    static func bool(_ value: JSONValue, _ field: String) throws(LayoutError) -> Bool {
        guard case .bool(let flag) = value else { throw Self.typeError(field, "true or false", value) }
        return flag
    }

    static func number(_ value: JSONValue, _ field: String, minimum: Double = -.greatestFiniteMagnitude) throws(LayoutError) -> Double {
        guard let number = value.number else { throw Self.typeError(field, "a number", value) }
        guard number.isFinite, number >= minimum else {
            let bound = minimum == 0 ? "≥ 0" : minimum > -.greatestFiniteMagnitude ? "≥ \(minimum)" : "finite"
            throw .invalidField(field: field, message: "must be a finite number \(bound), got \(formatNumber(number))")
        }
        return number
    }

    static func integer(_ value: JSONValue, _ field: String, minimum: Int) throws(LayoutError) -> Int {
        guard let number = value.number else { throw Self.typeError(field, "an integer", value) }
        guard number.isFinite, number == number.rounded(), abs(number) < 1e9 else {
            throw .invalidField(field: field, message: "must be an integer, got \(formatNumber(number))")
        }
        guard Int(number) >= minimum else {
            throw .invalidField(field: field, message: "must be an integer ≥ \(minimum), got \(Int(number))")
        }
        return Int(number)
    }

    static func enumeration<E: RawRepresentable & CaseIterable>(_ value: JSONValue, _ field: String) throws(LayoutError) -> E where E.RawValue == String {
        guard let raw = value.string, !Self.isReference(value) else { throw Self.typeError(field, "a string", value) }
        guard let result = E(rawValue: raw) else {
            let allowed = E.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidField(field: field, message: "unknown value \"\(raw)\" (expected one of \(allowed))")
        }
        return result
    }

    static func color(_ value: JSONValue, _ field: String) throws(LayoutError) -> Color {
        guard let text = value.string, !Self.isReference(value) else { throw Self.typeError(field, "a color #RRGGBB or #RRGGBBAA", value) }
        guard let color = Color(hex: text) else {
            throw .invalidField(field: field, message: "must be a color #RRGGBB or #RRGGBBAA, got \"\(text)\"")
        }
        return color
    }
}

extension LabelDefinition {
    /// Writes the definition as canonical JSON: every field, in the documented order, numbers exact,
    /// per-locale texts sorted by locale. Equal definitions give equal bytes.
    public func writeJSON(into writer: inout JSONWriter) {
        let style = writer.numberStyle
        writer.numberStyle = .exact
        defer { writer.numberStyle = style }
        writeFields(into: &writer, text: nil)
    }

    /// Every field of the definition, in order, to a JSON sink: the one list of a definition's
    /// fields, which the canonical JSON (`writeJSON`) and the input hash (`InputHash.of`) both
    /// walk. With a `text` key, the only text given is the one a layout of that locale and
    /// variant reads, as `text`. In parts: the name and texts, the style fields before the
    /// frame, the frame, the style fields after it (which the input hash of labels sharing a
    /// style walks once for all of them).
    package func writeFields<Sink: JSONSink>(into writer: inout Sink, text selected: TextKey?) {
        writeNameAndTexts(into: &writer, text: selected)
        writeStyleFields(LabelField.beforeFrame, into: &writer)
        writeFrame(into: &writer)
        writeStyleFields(LabelField.afterFrame, into: &writer)
        writer.endObject()
    }

    /// The start of `writeFields`: the object, its name and its texts (or the selected one).
    package func writeNameAndTexts<Sink: JSONSink>(into writer: inout Sink, text selected: TextKey?) {
        writer.beginObject()
        writer.key("name"); writer.string(name)
        writer.key("text")
        if let selected {
            writer.string(text(locale: selected.locale, variant: selected.variant))
        } else {
            writeTexts(locale: "", plain: text, into: &writer)
            let locales = Set(texts.keys).union(variantTexts.keys.lazy.filter { !$0.locale.isEmpty }.map(\.locale))
            if !locales.isEmpty {
                writer.key("texts")
                writer.beginObject()
                for locale in locales.sorted() {
                    writer.key(dynamic: locale)
                    writeTexts(locale: locale, plain: texts[locale], into: &writer)
                }
                writer.endObject()
            }
        }
    }

    /// The fields of `fields` (`LabelField.beforeFrame` or `afterFrame`) the definition writes.
    package func writeStyleFields<Sink: JSONSink>(_ fields: [LabelField], into writer: inout Sink) {
        for field in fields where field.isWritten(for: self) { field.write(self, into: &writer) }
    }

    /// The frame, as `writeFields` writes it (a self-sizing label's height is `null`).
    package func writeFrame<Sink: JSONSink>(into writer: inout Sink) {
        writer.key("frame")
        writer.beginObject()
        writer.key("x"); writer.number(frame.x)
        writer.key("y"); writer.number(frame.y)
        writer.key("width"); writer.number(frame.width)
        writer.key("height")
        if isSelfSizing { writer.null() } else { writer.number(frame.height) }
        writer.endObject()
    }

    /// A locale's texts: its plain text as a string, or with variants an object of variant:
    /// text ("" = the plain text), variants sorted.
    private func writeTexts<Sink: JSONSink>(locale: String, plain: String?, into writer: inout Sink) {
        let variants = variantTexts.keys.filter { $0.locale == locale }.sorted()
        guard !variants.isEmpty else {
            writer.string(plain ?? "")
            return
        }
        writer.beginObject()
        if let plain { writer.key(dynamic: ""); writer.string(plain) }
        for key in variants {
            writer.key(dynamic: key.variant); writer.string(variantTexts[key]!)
        }
        writer.endObject()
    }

    /// The canonical JSON text of `writeJSON(into:)`.
    public var canonicalJSON: String {
        var writer = JSONWriter(numberStyle: .exact, capacity: 512)
        writeJSON(into: &writer)
        return writer.string
    }
}

/// A number as a person writes it: `-1`, `2.5`, `nan`.
func formatNumber(_ value: Double) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
}
