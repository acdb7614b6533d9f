import LabelJSON
import LabelLayout
import LabelModel
import Testing

/// Dynamic Type (text styles, `UIFontMetrics` scaling), the texts a layout reads (variants,
/// sample arguments, pseudo-locales) and self-sizing labels.
@Suite("Dynamic Type, variants and self-sizing")
struct DynamicTypeTests {
    /// iOS's sizes at `large` and at `accessibilityExtraExtraExtraLarge`, by style.
    static let largeAndAX5: [TextStyle: (Double, Double)] = [
        .largeTitle: (34, 60), .title1: (28, 58), .title2: (22, 56), .title3: (20, 55), .headline: (17, 53),
        .body: (17, 53), .callout: (16, 51), .subheadline: (15, 49), .footnote: (13, 44), .caption1: (12, 43),
        .caption2: (11, 41),
    ]

    static func styled(_ style: TextStyle) throws -> LabelDefinition {
        try LabelDefinition(json: .parse(#"""
            {"name": "dt.label", "text": "Hello", "font": {"family": "DejaVu Sans", "textStyle": "\#(style.rawValue)"},
             "frame": {"x": 0, "y": 0, "width": 300, "height": 200}, "numberOfLines": 0}
            """#))
    }

    @Test("Every text style lays out at its size at large and at accessibilityExtraExtraExtraLarge")
    func styleSizes() throws {
        #expect(Self.largeAndAX5.count == TextStyle.allCases.count)
        for style in TextStyle.allCases {
            let (large, ax5) = try #require(Self.largeAndAX5[style])
            let definition = try Self.styled(style)
            #expect(try engine.layout(definition).font.size == large, "\(style) at large")
            #expect(try engine.layout(definition, category: .accessibilityExtraExtraExtraLarge).font.size == ax5, "\(style) at AX5")
            #expect(try engine.layout(definition, category: .accessibilityExtraExtraExtraLarge).contentSizeCategory
                    == .accessibilityExtraExtraExtraLarge)
        }
    }

    @Test("A headline is semibold unless it names a weight; other styles are regular")
    func headlineWeight() throws {
        #expect(try Self.styled(.headline).font.weight == 600)
        #expect(try Self.styled(.body).font.weight == 400)
        let bold = try LabelDefinition(json: .parse(#"""
            {"name": "dt.bold", "font": {"textStyle": "headline", "weight": 700}, "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}
            """#))
        #expect(bold.font.weight == 700)
    }

    @Test("A text style takes no size; a fixed size scales with a style by UIFontMetrics' ratio")
    func scalesWithCategory() throws {
        #expect(throws: LayoutError.self) {
            try LabelDefinition(json: .parse(#"""
                {"name": "dt.both", "font": {"textStyle": "body", "size": 12}, "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}
                """#))
        }
        var font = FontSpec(families: ["DejaVu Sans"], size: 20)
        font.scalesWithCategory = .body
        #expect(font.pointSize(in: .large) == 20)
        #expect(abs(font.pointSize(in: .accessibilityExtraExtraExtraLarge) - 20 * 53 / 17) < 1e-9)
        #expect(abs(font.pointSize(in: .extraSmall) - 20 * 14 / 17) < 1e-9)
        font.scalesWithCategory = .caption2
        #expect(abs(font.pointSize(in: .extraLarge) - 20 * 13 / 11) < 1e-9)
        #expect(FontSpec(size: 20).pointSize(in: .accessibilityLarge) == 20, "a fixed size does not scale")
    }

    @Test("A variant's text, its format specifiers filled by the plural form or the label's arguments")
    func variantsAndArguments() throws {
        var definition = try LabelDefinition(json: .parse(#"""
            {"name": "dt.items", "text": {"": "Items", "plural.one": "%d item", "plural.other": "%d items"},
             "texts": {"de": {"plural.one": "%d Ding", "plural.other": "%d Dinge"}, "fr": "Articles"},
             "frame": {"x": 0, "y": 0, "width": 300, "height": 40}}
            """#))
        #expect(definition.displayedText(locale: "") == "Items")
        #expect(definition.displayedText(locale: "", variant: "plural.one") == "1 item")
        #expect(definition.displayedText(locale: "", variant: "plural.other") == "88 items")
        #expect(definition.displayedText(locale: "de", variant: "plural.other") == "88 Dinge")
        #expect(definition.displayedText(locale: "fr", variant: "plural.one") == "Articles", "a locale's plain text before the base variant")
        #expect(definition.displayedText(locale: "ja", variant: "plural.one") == "1 item", "the base variant for a locale without texts")
        definition.arguments = [.number(5)]
        #expect(definition.displayedText(locale: "de", variant: "plural.other") == "5 Dinge")
        let layout = try engine.layout(definition, locale: "de", variant: "plural.one")
        #expect(layout.variant == "plural.one")
        #expect(layout.lines.first?.text == "5 Ding", "the label's own argument wins over the plural form's sample")
        // The canonical JSON reads back the same definition.
        #expect(try LabelDefinition(json: .parse(definition.canonicalJSON)) == definition)
    }

    @Test("A pseudo-locale shows its pseudolanguage's text of the base text")
    func pseudoLocales() throws {
        var definition = LabelDefinition(name: "dt.pseudo", frame: Rect(x: 0, y: 0, width: 400, height: 40))
        definition.text = "Save"
        #expect(definition.text(locale: PseudoLanguage.bounded.locale) == "[# Save #]")
        #expect(PseudoLanguage(locale: "X-Pseudo-Accented") == .accented)
        #expect(PseudoLanguage(locale: "x-pseudo-") == nil)
        definition.texts["x-pseudo-bounded"] = "own"
        #expect(definition.text(locale: "x-pseudo-bounded") == "own", "a text of its own wins")
    }

    @Test("A self-sizing label is as tall as its lines: 3 lines of DejaVu Sans at 20.48 pt")
    func selfSizing() throws {
        var definition = latinLabel("one two three", width: 60, height: 0)
        definition.isSelfSizing = true
        definition.contentInsets = EdgeInsets(top: 4, left: 2, bottom: 6, right: 2)
        let layout = try engine.layout(definition)
        #expect(layout.lineCount == 3)
        #expect(!layout.truncated)
        let height = (3 * 23.84 * 3).rounded(.up) / 3
        expectClose(layout.textRect.height, height, "text height")
        expectClose(layout.bounds.height, height + 10, "bounds: text plus insets")
        expectClose(layout.textRect.y, 4, "the text starts at the top inset")
        definition.numberOfLines = 2
        let limited = try engine.layout(definition)
        #expect(limited.lineCount == 2)
        #expect(limited.truncated, "numberOfLines still limits a self-sizing label")
    }

    @Test("measure's request members: locale, variant and contentSizeCategory")
    func request() throws {
        let request = try LayoutRequest(json: .parse(#"""
            {"name": "dt.req", "text": {"": "x", "plural.one": "%d"}, "variant": "plural.one", "contentSizeCategory": "extraLarge",
             "font": {"family": "DejaVu Sans", "textStyle": "body"}, "frame": {"x": 0, "y": 0, "width": 100, "height": 40}}
            """#))
        #expect(request.variant == "plural.one")
        #expect(request.category == .extraLarge)
        let layout = try engine.layout(request)
        #expect(layout.font.size == 19)
        #expect(layout.lines.first?.text == "1")
        #expect(throws: LayoutError.self) {
            try LayoutRequest(json: .parse(#"{"name": "a", "contentSizeCategory": "huge", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}"#))
        }
    }
}
