import Foundation
@testable import LabelCatalog
import LabelJSON
import LabelModel
import Testing
import TestSupport

/// Schema 4: keys, sample arguments, variants, self-sizing labels, the new definition fields,
/// and layouts per (label, locale, variant, content size category) under the catalog's settings.
@Suite("Variants, categories and keys")
struct VariantCategoryTests {
    static let frame = #""frame": {"x": 0, "y": 0, "width": 200, "height": 40}"#

    /// A definition using every field schema 4 adds.
    static let fullDefinition = #"""
        {"name": "Main.storyboard/abc-12-xyz", "key": "Main:abc-12-xyz.text",
         "text": {"": "%d items", "plural.one": "%d item"},
         "texts": {"de": {"": "%d Artikel", "plural.one": "%d Artikel", "device.ipad": "Artikel auf dem iPad"}, "fr": "articles"},
         "frame": {"x": 10, "y": 20, "width": 180, "height": null},
         "font": {"textStyle": "headline"}, "numberOfLines": 0, "lineBreakStrategy": "pushOut",
         "adjustsFontSizeToFitWidth": true, "minimumScaleFactor": 0.5, "allowsDefaultTighteningForTruncation": true,
         "arguments": ["Anna", 3]}
        """#

    @Test("Every new field, a key, variants and a self-sizing frame round-trip through the catalog")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        let record = try LabelRecord(json: try JSONValue.parse(Self.fullDefinition))
        #expect(record.key == "Main:abc-12-xyz.text")
        #expect(record.isSelfSizing)
        #expect(record.variantTexts[TextKey(locale: "de", variant: "device.ipad")] == "Artikel auf dem iPad")
        #expect(record.variantTexts[TextKey(locale: "", variant: "plural.one")] == "%d item")
        try catalog.setLabels([record])
        let stored = try catalog.label(named: record.name)
        #expect(stored == record)
        #expect(stored.json == record.json)
        #expect(try JSONValue.parse(Self.fullDefinition).object.map { Set($0.keys) } == stored.json.object.map { Set($0.keys) })
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM labels WHERE frame_height IS NULL") == 1)
        #expect(try rows(catalog.database, "SELECT locale, variant FROM label_texts ORDER BY locale, variant", columns: 2)
                == [["", "plural.one"], ["de", ""], ["de", "device.ipad"], ["de", "plural.one"], ["fr", ""]])
        // One layout per text: the base text and its variant, de's three, fr's; and the worst
        // case of each text with a number but a plural.one form.
        #expect(try catalog.layouts().map { "\($0.locale)|\($0.variant)" }
                == ["|", "|plural.one", "|worst", "de|", "de|device.ipad", "de|plural.one", "de|worst", "fr|"])
        let resolved = try record.resolve(tokens: nil).definition
        #expect(resolved.font.textStyle == .headline && resolved.arguments == [.string("Anna"), .number(3)])
        // Importing it again changes nothing.
        let before = try SQLiteShell.dump(catalog.path)
        try catalog.setLabels([try LabelRecord(json: try JSONValue.parse(Self.fullDefinition))])
        #expect(try SQLiteShell.dump(catalog.path) == before)
    }

    @Test("Label names: what imports make is valid; glob characters, control characters and white space at either end are not",
          arguments: [("Main.storyboard/abc-12-xyz", true), ("App/Sign-In (old).xib/12", true), ("My View.xib/a,b'c&d@e+f~g", true),
                      ("Ünïcødé/标签", true), ("demo.topLabel", true), ("-odd", true), ("a*", false), ("a?b", false), ("[a]", false),
                      ("a\u{0}b", false), ("a\nb", false), ("a\u{7F}", false), ("a\u{2028}b", false), (" a", false), ("a ", false), ("", false),
                      ("\ta", false), ("a\r", false), ("\u{A0}a", false), ("a\u{85}", false), ("é a", true), ("a\u{9F}", false)])
    func names(_ name: String, _ valid: Bool) {
        #expect(LabelDefinition.isValidName(name) == valid, "\(name.debugDescription)")
    }

    @Test("Keys are TABLE:KEY: a table name, a colon, any key (a key may hold colons and spaces)",
          arguments: [("Localizable:checkout.title", true), ("Main:abc-12-xyz.text", true), ("T:Log in with email", true),
                      ("T:a:b", true), (":key", false), ("nokey", false), ("T:a\u{0}", false)])
    func keys(_ key: String, _ valid: Bool) {
        #expect(LabelRecord.isValidKey(key) == valid, "\(key.debugDescription)")
    }

    @Test("A typography token with $extensions com.apple.textStyle sets a text style: the size follows the category")
    func textStyleToken() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        _ = try catalog.importDesignTokens(try JSONValue.parse(#"""
            {"typography": {"$type": "typography",
              "body": {"$value": {"fontFamily": "DejaVu Sans", "fontSize": "17px", "lineHeight": 1.5, "letterSpacing": "0.5px"},
                       "$extensions": {"com.apple.textStyle": "body"}},
              "alias": {"$value": "{typography.body}"},
              "bad": {"$value": {"fontFamily": "DejaVu Sans", "fontSize": "17px"}, "$extensions": {"com.apple.textStyle": "huge"}}}}
            """#))
        try catalog.setSetting(.categories, to: "large, accessibilityExtraExtraExtraLarge")
        let label = try LabelRecord(json: try JSONValue.parse(#"{"name": "styled", "text": "Body", "font": "{typography.alias}", "#
                                                              + Self.frame + "}"))
        try catalog.setLabels([label])
        let definition = try label.resolve(tokens: try catalog.tokenSet()).definition
        #expect(definition.font.textStyle == .body)
        #expect(definition.lineHeight == 0, "the style's own line height, which scales")
        #expect(definition.letterSpacing == 0.5)
        #expect(try catalog.layout(label: "styled").fontSize == 17)
        #expect(try catalog.layout(label: "styled", category: .accessibilityExtraExtraExtraLarge).fontSize == 53)
        expectCatalogError(["typography.bad", "com.apple.textStyle", "huge"]) {
            try catalog.setLabels([LabelRecord(name: "bad", text: "x", frame: Rect(x: 0, y: 0, width: 10, height: 10),
                                               style: JSONObject([("font", .string("{typography.bad}"))]))])
        }
    }

    @Test("Three categories: three layouts per label and text; fewer categories remove theirs; pseudo-locales add theirs")
    func categoriesAndPseudoLocales() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        try catalog.setLabels([
            try LabelRecord(json: try JSONValue.parse(#"""
                {"name": "a", "text": {"": "Hello", "plural.one": "One"}, "texts": {"de": "Hallo"}, "font": {"textStyle": "body"},
                 "frame": {"x": 0, "y": 0, "width": 2000, "height": 100}}
                """#)),
            LabelRecord(name: "b", text: "B", frame: Rect(x: 0, y: 0, width: 50, height: 20)),
        ])
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM layouts") == 4)
        try catalog.setSetting(.categories, to: "large,extraExtraExtraLarge,accessibilityExtraExtraExtraLarge")
        #expect(catalog.contentSizeCategories == [.large, .extraExtraExtraLarge, .accessibilityExtraExtraExtraLarge])
        let summary = try catalog.layOutQueued()
        #expect(summary.labels == 2)
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM layouts") == 12)
        #expect(try rows(catalog.database, "SELECT label, locale, variant, count(DISTINCT category) FROM layouts GROUP BY 1, 2, 3", columns: 4)
                == [["a", "", "", "3"], ["a", "", "plural.one", "3"], ["a", "de", "", "3"], ["b", "", "", "3"]])
        // Ordered by category from the smallest within a text.
        #expect(try catalog.layouts(matching: "b").map(\.category) == ["large", "extraExtraExtraLarge", "accessibilityExtraExtraExtraLarge"])
        #expect(try catalog.allLayoutsFresh())
        try catalog.setSetting(.categories, to: "accessibilityExtraExtraExtraLarge")
        _ = try catalog.layOutQueued()
        #expect(try column(catalog.database, "SELECT DISTINCT category FROM layouts") == ["accessibilityExtraExtraExtraLarge"])
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM layouts") == 4)

        try catalog.setSetting(.pseudoLocales, to: "accented, x-pseudo-double")
        _ = try catalog.layOutQueued()
        #expect(try rows(catalog.database, "SELECT locale, variant FROM layouts WHERE label = 'a' ORDER BY 1, 2", columns: 2)
                == [["", ""], ["", "plural.one"], ["de", ""], ["x-pseudo-accented", ""], ["x-pseudo-accented", "plural.one"],
                    ["x-pseudo-double", ""], ["x-pseudo-double", "plural.one"]])
        #expect(try catalog.layout(label: "a", locale: "x-pseudo-double").lines.map(\.text).joined(separator: " ") == "Hello Hello")
        // A base variant edited by hand reaches the pseudo-locales made from it.
        try SQLiteShell.run(catalog.path, "UPDATE label_texts SET text = 'Uno' WHERE label = 'a' AND variant = 'plural.one';")
        _ = try catalog.layOutQueued()
        #expect(try catalog.layout(label: "a", locale: "x-pseudo-double", variant: "plural.one").lines.first?.text.hasPrefix("Uno") == true)
        #expect(try catalog.layouts(staleOnly: true).isEmpty)
    }

    @Test("A setting edited in by hand that is not valid is an error naming it; settings set mends it")
    func invalidSettingByHand() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        try catalog.setLabels([LabelRecord(name: "b", text: "B", frame: Rect(x: 0, y: 0, width: 50, height: 20))])
        try SQLiteShell.run(catalog.path, "UPDATE settings SET value = 'large,huge' WHERE key = 'categories';")
        expectCatalogError(["categories", "huge", "content size category"]) { _ = try catalog.layout(label: "b") }
        expectCatalogError(["categories", "nope"]) { try catalog.setSetting(.categories, to: "nope") }
        try catalog.setSetting(.categories, to: "large")
        _ = try catalog.layOutQueued()
        #expect(try catalog.layout(label: "b").category == "large")
    }

    @Test("Findings name their variant, category and the file, line and key the text was imported from")
    func findingsCarryVariantCategoryAndSource() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        var record = try LabelRecord(json: try JSONValue.parse(#"""
            {"name": "cart.count", "key": "Localizable:cart.count", "text": "Cart", "font": {"family": "DejaVu Sans", "size": 17},
             "frame": {"x": 0, "y": 0, "width": 120, "height": 30}}
            """#))
        record.source = TextSource(file: "App/Base.lproj/Main.storyboard", line: 42)
        try catalog.setLabels([record])
        try catalog.setTexts([LabelText(label: "cart.count", locale: "de", variant: "plural.other",
                                        text: "%lld Artikel im Warenkorb gespeichert", source: TextSource(file: "App/Localizable.xcstrings", line: 7)),
                              LabelText(label: "cart.count", locale: "de", variant: "plural.one", text: "%lld Artikel"),
                              LabelText(label: "cart.count", locale: "", variant: "", text: "A cart with far too long a name",
                                        source: TextSource(file: "App/Base.lproj/Main.storyboard", line: 43))])
        try catalog.setSetting(.categories, to: "large,extraLarge")
        _ = try catalog.layOutQueued()
        let result = try catalog.check()
        // The plural.other text's worst case (`%lld` at 8.888) is one more text, with the same source.
        #expect(result.findings.map { "\($0.locale)|\($0.variant)|\($0.category)" }
                == ["||large", "||extraLarge", "de|plural.other|large", "de|plural.other|extraLarge",
                    "de|plural.other.worst|large", "de|plural.other.worst|extraLarge"])
        #expect(result.findings.last?.source == FindingSource(file: "App/Localizable.xcstrings", line: 7, key: "Localizable:cart.count"))
        #expect(result.findings.last?.lines.first?.hasPrefix("8.888 ") == true, "\(result.findings.last?.lines ?? [])")
        let german = try #require(result.findings.first { $0.locale == "de" })
        #expect(german.source == FindingSource(file: "App/Localizable.xcstrings", line: 7, key: "Localizable:cart.count"))
        #expect(german.lines.first?.hasPrefix("88 Artikel") == true, "the sample number of plural.other: \(german.lines)")
        #expect(result.findings.first?.source == FindingSource(file: "App/Base.lproj/Main.storyboard", line: 43, key: "Localizable:cart.count"))
        #expect(result.checked.count == 8)
        // Narrowed to one category.
        #expect(try catalog.check(CheckScope(categories: ["EXTRALARGE"])).findings.map(\.category) == ["extraLarge", "extraLarge", "extraLarge"])
        // A text set by hand has no source.
        try catalog.setTexts([LabelText(label: "cart.count", locale: "de", variant: "plural.other", text: "%lld Artikel im Warenkorb, viele")])
        #expect(try catalog.check().findings.first { $0.locale == "de" }?.source == nil)
    }

    @Test("check: a shrunk text is listed (kind shrunk) only when asked; a self-sizing label never has a height finding")
    func shrunkAndSelfSizing() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        try catalog.setLabels([
            LabelRecord(name: "shrinks", text: "Benachrichtigungen verwalten", frame: Rect(x: 0, y: 0, width: 120, height: 30),
                        style: JSONObject([("adjustsFontSizeToFitWidth", .bool(true)), ("minimumScaleFactor", .number(0.5))])),
            LabelRecord(name: "grows", text: String(repeating: "Ein langer Satz. ", count: 20), frame: Rect(x: 0, y: 0, width: 120, height: 0),
                        isSelfSizing: true, style: JSONObject([("numberOfLines", .number(0))])),
        ])
        let rows = try catalog.freshLayouts(withLayouts: false)
        let grows = try #require(rows.first { $0.label == "grows" })
        #expect(!grows.truncated && grows.lineCount == grows.neededLineCount && (grows.lineCount ?? 0) > 3)
        #expect(try catalog.layout(label: "grows").layout?.bounds.height ?? 0 > 30, "its height is its text's")
        let shrinks = try #require(rows.first { $0.label == "shrinks" })
        let plain = try catalog.check().findings
        let withShrunk = try catalog.check(CheckScope(includesShrunk: true)).findings
        #expect(!plain.contains { $0.label == "grows" } && !withShrunk.contains { $0.label == "grows" })
        if shrinks.truncated {
            #expect(plain.map(\.label) == ["shrinks"] && withShrunk.map(\.kind) == [.truncated])
        } else {
            #expect(plain.isEmpty)
            #expect(withShrunk.map { "\($0.label)/\($0.kind)" } == (shrinks.shrunk ? ["shrinks/shrunk"] : []))
        }

        // The measurer on rows as the engine writes them once it shrinks.
        var measurer = OverflowMeasurer(catalog: catalog, tokens: try catalog.tokenSet(), scope: CheckScope(includesShrunk: true))
        var shrunkRow = shrinks
        shrunkRow.truncated = false
        shrunkRow.shrunk = true
        shrunkRow.neededLineCount = shrunkRow.lineCount
        let text = CheckedText(label: "shrinks", locale: "")
        #expect(try measurer.finding(for: shrunkRow, text: text)?.finding.kind == .shrunk)
        var quiet = OverflowMeasurer(catalog: catalog, tokens: try catalog.tokenSet(), scope: CheckScope())
        #expect(try quiet.finding(for: shrunkRow, text: text) == nil)
        // A self-sizing row that needs more lines than it shows without truncating: no height finding.
        var tall = grows
        tall.neededLineCount = (tall.lineCount ?? 0) + 1
        #expect(try quiet.finding(for: tall, text: CheckedText(label: "grows", locale: "")) == nil)
    }
}
