import LabelJSON
import LabelModel
import Testing

/// docs/layout-rules.md: bad definitions are rejected with a message that names the field.
@Suite("Definition validation")
struct DefinitionValidationTests {
    static let frame = #""frame": {"x": 0, "y": 0, "width": 100, "height": 40}"#

    /// Parses a definition whose JSON is valid; the definition itself may be bad.
    static func decode(_ json: String) throws -> LabelDefinition {
        try LabelDefinition(json: JSONValue.parse(json))
    }

    /// Expects `LabelDefinition(json:)` to refuse the document with `invalidField` for `field`,
    /// and the message (and the error's description) to contain each of `words`.
    static func expectInvalid(_ json: String, field: String, _ words: String...,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let value = try JSONValue.parse(json)
        let error = #expect(throws: LayoutError.self, sourceLocation: sourceLocation) {
            try LabelDefinition(json: value)
        }
        guard case .invalidField(let actualField, let message)? = error else {
            Issue.record("expected invalidField(\(field)), got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(actualField == field, "message: \(message)", sourceLocation: sourceLocation)
        let description = error!.description
        #expect(description.hasPrefix(field + ":"), "description: \(description)", sourceLocation: sourceLocation)
        for word in words {
            #expect(message.contains(word), "\"\(message)\" should mention \(word)", sourceLocation: sourceLocation)
        }
    }

    @Test("A minimal definition gets the documented defaults")
    func defaults() throws {
        let label = try Self.decode(#"{"name": "demo.topLabel", \#(Self.frame)}"#)
        #expect(label.name == "demo.topLabel")
        #expect(label.text == "")
        #expect(label.frame == Rect(x: 0, y: 0, width: 100, height: 40))
        #expect(label.font == FontSpec(families: [], size: 17, weight: 400))
        #expect(label.numberOfLines == 1)
        #expect(label.lineBreakMode == .truncateTail)
        #expect(label.lineBreakStrategy == .standard)
        #expect(label.textAlignment == .natural)
        #expect(label.verticalAlignment == .middle)
        #expect(label.contentInsets == .zero)
        #expect(label.lineHeight == 0 && label.lineHeightMultiple == 0)
        #expect(label.lineSpacing == 0 && label.letterSpacing == 0)
        #expect(label.truncationToken == "…")
        #expect(label.textColor == .black)
        #expect(label.backgroundColor == .clear)
        #expect(label.scale == 3)
    }

    @Test("Every field is read")
    func everyField() throws {
        let label = try Self.decode("""
            {"name": "a.b", "text": "x", "texts": {"de": "y"}, \(Self.frame),
             "font": {"family": ["DejaVu Sans", "Noto Sans CJK SC"], "size": 15, "weight": "bold"},
             "numberOfLines": 3, "lineBreakMode": "truncateMiddle", "lineBreakStrategy": "hangulWordPriority",
             "textAlignment": "justified",
             "verticalAlignment": "bottom", "contentInsets": {"top": 1, "left": 2, "bottom": 3, "right": 4},
             "lineHeight": 20, "lineHeightMultiple": 1.5, "lineSpacing": 2, "letterSpacing": -0.5,
             "truncationToken": "...", "textColor": "#0000FF", "backgroundColor": "#00FFFF80", "scale": 2}
            """)
        #expect(label.texts == ["de": "y"])
        #expect(label.font == FontSpec(families: ["DejaVu Sans", "Noto Sans CJK SC"], size: 15, weight: 700))
        #expect(label.numberOfLines == 3)
        #expect(label.lineBreakMode == .truncateMiddle)
        #expect(label.lineBreakStrategy == .hangulWordPriority)
        #expect(label.textAlignment == .justified)
        #expect(label.verticalAlignment == .bottom)
        #expect(label.contentInsets == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(label.lineHeight == 20 && label.lineHeightMultiple == 1.5)
        #expect(label.lineSpacing == 2 && label.letterSpacing == -0.5)
        #expect(label.truncationToken == "...")
        #expect(label.textColor == Color(red: 0, green: 0, blue: 255))
        #expect(label.backgroundColor == Color(red: 0, green: 255, blue: 255, alpha: 128))
        #expect(label.scale == 2)
    }

    @Test("Missing name or frame")
    func missingRequired() throws {
        try Self.expectInvalid(#"{\#(Self.frame)}"#, field: "name", "required")
        try Self.expectInvalid(#"{"name": "a"}"#, field: "frame", "required")
        try Self.expectInvalid(#"{"name": null, \#(Self.frame)}"#, field: "name", "required")
        try Self.expectInvalid(#"{"name": "a", "frame": {"x": 0, "y": 0, "width": 10}}"#, field: "frame.height", "required")
    }

    @Test("Not an object, bad name")
    func badShapes() throws {
        try Self.expectInvalid(#"[1, 2]"#, field: "definition", "object")
        try Self.expectInvalid(#"{"name": 5, \#(Self.frame)}"#, field: "name", "string")
        try Self.expectInvalid(#"{"name": "a*b", \#(Self.frame)}"#, field: "name", "a*b")
        try Self.expectInvalid(#"{"name": "line\nbreak", \#(Self.frame)}"#, field: "name", "control character")
        try Self.expectInvalid(#"{"name": "trailing space ", \#(Self.frame)}"#, field: "name", "trailing space")
    }

    @Test("Negative sizes")
    func negativeSizes() throws {
        try Self.expectInvalid(#"{"name": "a", "frame": {"x": 0, "y": 0, "width": -1, "height": 40}}"#,
                               field: "frame.width", "-1")
        try Self.expectInvalid(#"{"name": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": -0.5}}"#,
                               field: "frame.height", "-0.5")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "contentInsets": {"top": -2}}"#,
                               field: "contentInsets.top", "-2")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "lineSpacing": -1}"#, field: "lineSpacing")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "lineHeight": -1}"#, field: "lineHeight")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "font": {"size": 0}}"#, field: "font.size")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "font": {"size": -3}}"#, field: "font.size")
    }

    /// JSON has no NaN: a number too large for a Double (1e999) is a parse error naming the
    /// member it was in; NaN and infinity built as JSON values are refused by the definition.
    @Test("NaN and infinity")
    func notFinite() throws {
        let error = #expect(throws: JSONParseError.self) {
            try JSONValue.parse(#"{"name": "a", "frame": {"x": 0, "y": 0, "width": 1e999, "height": 40}}"#)
        }
        #expect(error?.path == ["frame", "width"])
        #expect(error?.description.contains("frame.width") == true)
        #expect(error?.description.contains("out of range") == true)

        for bad in [Double.nan, .infinity, -.infinity] {
            var frame = JSONObject()
            frame["x"] = .number(0)
            frame["y"] = .number(0)
            frame["width"] = .number(bad)
            frame["height"] = .number(40)
            var object = JSONObject()
            object["name"] = .string("a")
            object["frame"] = .object(frame)
            let error = #expect(throws: LayoutError.self) { try LabelDefinition(json: .object(object)) }
            guard case .invalidField(let field, let message)? = error else {
                Issue.record("expected invalidField, got \(String(describing: error))")
                continue
            }
            #expect(field == "frame.width")
            #expect(message.contains("finite"))
        }
        var object = JSONObject()
        object["name"] = .string("a")
        object["frame"] = try JSONValue.parse(#"{"x": 0, "y": 0, "width": 10, "height": 40}"#)
        object["lineSpacing"] = .number(.nan)
        #expect(throws: LayoutError.self) { try LabelDefinition(json: .object(object)) }
    }

    @Test("Unknown enum values name the field and list the allowed values")
    func unknownEnums() throws {
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "lineBreakMode": "wrap"}"#,
                               field: "lineBreakMode", "wrap", "wordWrap", "truncateMiddle")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "lineBreakStrategy": "pushIn"}"#,
                               field: "lineBreakStrategy", "pushIn", "standard", "pushOut", "hangulWordPriority", "none")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "textAlignment": "centre"}"#,
                               field: "textAlignment", "centre", "center")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "verticalAlignment": "center"}"#,
                               field: "verticalAlignment", "center", "middle")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "verticalAlignment": 1}"#,
                               field: "verticalAlignment", "string")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "font": {"weight": "heavyish"}}"#,
                               field: "font.weight", "heavyish")
    }

    @Test("numberOfLines must be an integer ≥ 0")
    func numberOfLines() throws {
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "numberOfLines": -1}"#, field: "numberOfLines", "-1")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "numberOfLines": 1.5}"#, field: "numberOfLines", "integer", "1.5")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "numberOfLines": "2"}"#, field: "numberOfLines", "integer")
        #expect(try Self.decode(#"{"name": "a", \#(Self.frame), "numberOfLines": 0}"#).numberOfLines == 0)
        #expect(try Self.decode(#"{"name": "a", \#(Self.frame), "numberOfLines": 2.0}"#).numberOfLines == 2)
    }

    /// A definition laid out on its own takes literal values: a token reference needs a catalog.
    @Test("A token reference without a catalog")
    func tokenReference() throws {
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "font": "{font.body}"}"#,
                               field: "font", "{font.body}", "catalog")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "contentInsets": "{insets.card}"}"#,
                               field: "contentInsets", "{insets.card}", "catalog")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "textColor": "{color.primary}"}"#,
                               field: "textColor", "{color.primary}", "catalog")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "font": {"family": "{font.family.body}"}}"#,
                               field: "font.family", "{font.family.body}", "catalog")
    }

    /// 1 MiB = 1 048 576 bytes of UTF-8 is the limit: one byte more is refused, in `text` and
    /// in a locale's variant.
    @Test("Text over 1 MiB")
    func textTooLong() throws {
        let limit = 1 << 20
        let atLimit = String(repeating: "a", count: limit)
        #expect(try Self.decode(#"{"name": "a", \#(Self.frame), "text": "\#(atLimit)"}"#).text.utf8.count == limit)
        let over = atLimit + "a"
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "text": "\#(over)"}"#, field: "text", "1 MiB")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "texts": {"de": "\#(over)"}}"#, field: "texts.de", "1 MiB")
        // Counted in UTF-8 bytes, not characters: 349 526 three-byte ideographs = 1 048 578 bytes.
        let cjk = String(repeating: "一", count: limit / 3 + 1)
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "text": "\#(cjk)"}"#, field: "text", "1 MiB")
    }

    /// Invalid UTF-8 inside a string is a parse error that says so and names the member.
    @Test("Invalid UTF-8 in a string")
    func invalidUTF8() throws {
        for (bytes, path) in [([0xFF], ["text"]), ([0xC3], ["text"]), ([0xED, 0xA0, 0x80], ["text"]),
                              ([0xC0, 0x80], ["text"])] as [([UInt8], [String])] {
            let json = Array(#"{"name": "a", "text": ""#.utf8) + bytes + Array(#"", \#(Self.frame)}"#.utf8)
            let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(json) }
            #expect(error?.message.contains("UTF-8") == true, "bytes \(bytes)")
            #expect(error?.path == path)
            #expect(error?.description.contains("(in text)") == true)
        }
        // Nested: the path leads to the locale's variant.
        let nested = Array(#"{"name": "a", "texts": {"de": "ok"#.utf8) + [0xFE] + Array(#""}}"#.utf8)
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(nested) }
        #expect(error?.path == ["texts", "de"])
        #expect(error?.description.contains("texts.de") == true)
        #expect(error?.description.contains("UTF-8") == true)
        // After an escape (the slow path) too.
        let escaped = Array(#"{"text": "\n"#.utf8) + [0xFF] + Array(#""}"#.utf8)
        let escapedError = #expect(throws: JSONParseError.self) { try JSONValue.parse(escaped) }
        #expect(escapedError?.message.contains("UTF-8") == true)
        #expect(escapedError?.path == ["text"])
    }

    /// A misspelt member is refused, never silently ignored.
    @Test("Unknown members")
    func unknownMembers() throws {
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "numberOfLine": 2}"#, field: "numberOfLine", "not a label definition field")
        try Self.expectInvalid(#"{"name": "a", "frame": {"x": 0, "y": 0, "width": 1, "height": 1, "w": 2}}"#, field: "frame.w")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "font": {"size": 12, "famly": "X"}}"#, field: "font.famly")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "contentInsets": {"top": 1, "leading": 2}}"#, field: "contentInsets.leading")
    }

    @Test("Bad colors", arguments: ["#12345", "#1234567", "red", "#GG0000", "", "0000FF", "#12345678FF"])
    func badColors(_ color: String) throws {
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "textColor": "\#(color)"}"#, field: "textColor", "#RRGGBB")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "backgroundColor": "\#(color)"}"#, field: "backgroundColor", "#RRGGBB")
    }

    @Test("Colors: lower and upper case, with alpha")
    func goodColors() throws {
        let label = try Self.decode(##"{"name": "a", \##(Self.frame), "textColor": "#a0B1c2", "backgroundColor": "#00000000"}"##)
        #expect(label.textColor == Color(red: 0xA0, green: 0xB1, blue: 0xC2))
        #expect(label.textColor.description == "#A0B1C2")
        #expect(label.backgroundColor == .clear)
    }

    @Test("scale must be 1, 2 or 3", arguments: [4.0, 0.0, -1.0, 2.5])
    func badScale(_ scale: Double) throws {
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "scale": \#(scale)}"#, field: "scale")
    }

    @Test("Font family: empty, empty list, non-string")
    func badFamilies() throws {
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "font": {"family": []}}"#, field: "font.family")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "font": {"family": ""}}"#, field: "font.family")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "font": {"family": ["DejaVu Sans", 3]}}"#, field: "font.family[1]")
        try Self.expectInvalid(#"{"name": "a", \#(Self.frame), "font": {"weight": 1001}}"#, field: "font.weight")
    }

    /// The canonical JSON of a definition reads back as the same definition.
    @Test("Canonical JSON round trip")
    func canonicalRoundTrip() throws {
        var label = LabelDefinition(name: "seed004.insets", frame: Rect(x: 20, y: 720, width: 350, height: 100.5))
        label.text = "a \"quoted\"\ntext 😀"
        label.texts = ["ja": "日本語", "de": "Text"]
        label.font = FontSpec(families: ["DejaVu Sans", "Noto Sans CJK SC"], size: 16.5, weight: 600)
        label.numberOfLines = 0
        label.lineBreakMode = .wordWrap
        label.lineBreakStrategy = .pushOut
        label.contentInsets = EdgeInsets(top: 10, left: 16, bottom: 10, right: 16)
        label.letterSpacing = 0.1
        label.backgroundColor = Color(red: 255, green: 236, blue: 179, alpha: 10)
        label.scale = 2
        let decoded = try LabelDefinition(json: JSONValue.parse(label.canonicalJSON))
        #expect(decoded == label)
        #expect(decoded.canonicalJSON == label.canonicalJSON)
    }
}
