import Foundation
@testable import LabelCatalog
import LabelJSON
import LabelLayout
import LabelModel
import LabelSync
import Testing
import TestSupport

/// docs/layout-rules.md and docs/catalog.md: labels stored with literal values or token references, per-locale texts,
/// resolution through the tokens, all-or-nothing batches, lossless export.
@Suite("Labels")
struct LabelTests {
    /// A definition with every definition field; style values mix literals and references.
    static let everyFieldJSON = #"""
        {"name": "checkout.title", "text": "Pay now — 立即付款", "texts": {"de": "Jetzt bezahlen", "ja": "今すぐ支払う"},
         "frame": {"x": 12.5, "y": 40.25, "width": 240, "height": 96},
         "font": {"family": "{font.family.cjk}", "size": "{font.size.body}", "weight": "{font.weight.regular}"},
         "numberOfLines": "{lines.max}", "lineBreakMode": "wordWrap", "textAlignment": "center",
         "verticalAlignment": "bottom", "contentInsets": "{spacing.card}", "lineHeight": 22,
         "lineHeightMultiple": 1.25, "lineSpacing": "{spacing.m}", "letterSpacing": 0.5, "truncationToken": "...",
         "textColor": "{color.accent}", "backgroundColor": "#FFFFFF80", "scale": "{scale.retina}"}
        """#

    @Test("A definition with every field, literal and referenced, resolves through the tokens")
    func everyField() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let record = try LabelRecord(json: try JSONValue.parse(Self.everyFieldJSON))
        try catalog.setLabels([record])

        let stored = try catalog.label(named: "checkout.title")
        #expect(stored == record)
        #expect(stored.json == (try JSONValue.parse(Self.everyFieldJSON)), "stored: \(stored.json.jsonString())")

        let (definition, dependencies) = try stored.resolve(tokens: try catalog.tokenSet())
        #expect(definition.font == FontSpec(families: ["Noto Sans CJK SC"], size: 17, weight: 400))
        #expect(definition.numberOfLines == 3)
        #expect(definition.lineBreakMode == .wordWrap)
        #expect(definition.textAlignment == .center)
        #expect(definition.verticalAlignment == .bottom)
        #expect(definition.contentInsets == EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        #expect(definition.lineHeight == 22)
        #expect(definition.lineHeightMultiple == 1.25)
        #expect(definition.lineSpacing == 8)
        #expect(definition.letterSpacing == 0.5)
        #expect(definition.truncationToken == "...")
        #expect(definition.textColor == Color(hex: "#1E88E5"))
        #expect(definition.backgroundColor == Color(hex: "#FFFFFF80"))
        #expect(definition.scale == 2)
        #expect(definition.texts == ["de": "Jetzt bezahlen", "ja": "今すぐ支払う"])
        #expect(dependencies.isSuperset(of: ["font.family.cjk", "font.size.body", "font.size.default", "font.size.base",
                                             "font.weight.regular", "lines.max", "spacing.card", "spacing.m",
                                             "color.accent", "color.brand", "scale.retina"]))

        // One layout per locale, each fresh.
        let locales = try column(catalog.database, "SELECT locale FROM layouts WHERE label = 'checkout.title' ORDER BY locale")
        #expect(locales == ["", "de", "ja"])
        for locale in locales {
            let row = try #require(try rawLayout(catalog, "checkout.title", locale: locale))
            #expect(row.error == nil)
            #expect(row.inputHash == (try expectedInputHash(catalog, "checkout.title", locale: locale)))
            #expect(row.json?["locale"] == .string(locale))
        }
        let german = try catalog.layout(label: "checkout.title", locale: "de")
        let germanLines = try JSONValue.parse(try #require(german.json))["lines"]?.array ?? []
        #expect(germanLines.compactMap { $0["text"]?.string }.joined() == "Jetzt bezahlen")
    }

    @Test("Literal font and insets objects are stored and read back as objects, not as token references")
    func literalObjects() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let json = #"""
            {"name": "plain.literal", "text": "Literal values", "frame": {"x": 0, "y": 0, "width": 200, "height": 60},
             "font": {"family": "DejaVu Sans", "size": 12, "weight": 700},
             "contentInsets": {"top": 4, "left": 8, "bottom": 4, "right": 8}, "verticalAlignment": "top"}
            """#
        let record = try LabelRecord(json: try JSONValue.parse(json))
        try catalog.setLabels([record])
        let stored = try catalog.label(named: "plain.literal")
        #expect(stored.style["font"]?.object != nil, "font read back as \(String(describing: stored.style["font"]))")
        #expect(stored.style["contentInsets"]?.object != nil)
        #expect(stored.json == record.json)
        let layout = try catalog.layout(label: "plain.literal")
        #expect(layout.textRect?.x == 8)
        #expect(layout.textRect?.y == 4)
        #expect(number(try JSONValue.parse(layout.json ?? "{}"), "font", "size") == 12)
    }

    @Test("Per-locale texts: a layout per locale; setting a definition keeps the texts it does not name; removing a locale drops its layout")
    func locales() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        var record = demoTopLabel()
        record.texts = ["de": "Schau, ich bin oben ausgerichtet", "fr": "Regarde, je suis aligné en haut"]
        try catalog.setLabels([record])
        #expect(try catalog.label(named: "demo.top").texts == record.texts)
        #expect(try column(catalog.database, "SELECT locale FROM layouts WHERE label = 'demo.top' ORDER BY locale") == ["", "de", "fr"])
        #expect(try column(catalog.database, "SELECT locale FROM label_texts WHERE label = 'demo.top' ORDER BY locale") == ["de", "fr"])

        record.texts = ["de": "Neu"]
        try catalog.setLabels([record])
        #expect(try catalog.label(named: "demo.top").texts == ["de": "Neu", "fr": "Regarde, je suis aligné en haut"],
                "a definition keeps every text it does not name")
        #expect(try catalog.removeTexts(label: "demo.top", [TextKey(locale: "fr"), TextKey(locale: "it")]) == 1)
        #expect(try column(catalog.database, "SELECT locale FROM layouts WHERE label = 'demo.top' ORDER BY locale") == ["", "de"])
        #expect(try catalog.label(named: "demo.top").texts == ["de": "Neu"])
        let german = try catalog.layout(label: "demo.top", locale: "de")
        #expect(german.json?.contains("\"Neu\"") == true)
        expectCatalogError(["demo.top", "fr"]) { try catalog.layout(label: "demo.top", locale: "fr") }
    }

    @Test("Labels export to JSON and import back exactly")
    func exportImportRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let first = try makeCatalog(in: directory, name: "a.sqlite")
        var top = demoTopLabel()
        top.texts = ["de": "Oben", "zh-Hant": "看我居上對齊了啊"]
        try first.setLabels([try LabelRecord(json: try JSONValue.parse(Self.everyFieldJSON)), top,
                             LabelRecord(name: "tiny.one", text: "line one\nline two\u{2028}three \"quoted\" \\ tab\t",
                                         frame: Rect(x: 0.1 + 0.2, y: -3, width: 99.99, height: 0.5))])
        let exported = try first.labels().map(\.json)
        #expect(exported.count == 3)

        let second = try makeCatalog(in: directory, name: "b.sqlite")
        let reread = try exported.map { try LabelRecord(json: try JSONValue.parse($0.jsonString())) }
        try second.setLabels(reread)
        #expect(try second.labels().map(\.json) == exported)
        #expect(try second.labels() == first.labels())
        #expect(try second.labels().map { $0.json.jsonString() } == exported.map { $0.jsonString() })
    }

    @Test("A JSON strings table is read by locale, then label; a definition or other JSON is not one")
    func jsonStringsTable() throws {
        let entries = JSONStringsTable.entries(try JSONValue.parse(#"{"de": {"a.b": "Zur Kasse", "c.d": "Neu"}, "": {"a.b": "Checkout"}}"#))
        #expect(entries?.map { "\($0.locale)|\($0.label)|\($0.text)" } == ["de|a.b|Zur Kasse", "de|c.d|Neu", "|a.b|Checkout"])
        for notATable in [#"{"name": "a.b", "frame": {}}"#, "{}", #"{"de": "Zur Kasse"}"#, #"{"de": {"a.b": 1}}"#, "[]"] {
            #expect(JSONStringsTable.entries(try JSONValue.parse(notATable)) == nil, "\(notATable)")
        }
    }

    @Test("Removing a label removes its layouts, texts and dependencies")
    func remove() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        var record = demoTopLabel()
        record.texts = ["de": "Oben"]
        try catalog.setLabels([record])
        try catalog.removeLabel("demo.top")
        for table in ["labels WHERE name", "layouts WHERE label", "label_texts WHERE label", "label_dependencies WHERE label"] {
            #expect(try catalog.database.scalarInt("SELECT count(*) FROM \(table) = 'demo.top'") == 0, "\(table)")
        }
        expectCatalogError(["demo.top"]) { try catalog.removeLabel("demo.top") }
        expectCatalogError(["demo.top"]) { try catalog.layout(label: "demo.top") }
        // Its tokens are free again.
        try catalog.removeToken("spacing.card", force: false)
    }

    @Test("Labels matching a glob, in name order")
    func glob() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let frame = Rect(x: 0, y: 0, width: 100, height: 30)
        try catalog.setLabels(["checkout.total", "checkout.title", "cart.empty", "checkoutX"].map {
            LabelRecord(name: $0, text: $0, frame: frame)
        })
        #expect(try catalog.labels(matching: "checkout.*").map(\.name) == ["checkout.title", "checkout.total"])
        #expect(try catalog.labels().map(\.name) == ["cart.empty", "checkout.title", "checkout.total", "checkoutX"])
        #expect(try catalog.labels(matching: "nothing.*").isEmpty)
    }

    @Test("Re-importing 2,000 unchanged labels writes no label, text or layout (nothing is queued or recomputed)")
    func reimportUnchanged() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        func record(_ index: Int) -> LabelRecord {
            let texts: [String: String] = index % 3 == 0 ? ["de": "Etikett \(index)"] : [:]
            let frame = Rect(x: 0, y: Double(index), width: 120 + Double(index % 7) * 10, height: 40)
            let style = JSONObject([("font", .string("{typography.body}")), ("numberOfLines", .number(Double(index % 3))),
                                    ("letterSpacing", .number(0.25)), ("contentInsets", .string("{spacing.card}"))])
            return LabelRecord(name: "bulk.label\(index)", text: "第\(index)个标签", texts: texts, frame: frame, style: style)
        }
        let records = (0..<2_000).map(record)
        try catalog.setLabels(records)
        let computedAt = try rows(catalog.database, "SELECT label, locale, computed_at FROM layouts ORDER BY label, locale", columns: 3)
        #expect(computedAt.count == 2_000 + 667)
        let counter = try catalog.changeCounter()
        try catalog.setLabels(try catalog.labels(matching: "bulk.*"))
        try catalog.setLabels(records)
        #expect(try catalog.changeCounter() == counter, "an unchanged label or text was written (a trigger queued it)")
        #expect(try rows(catalog.database, "SELECT label, locale, computed_at FROM layouts ORDER BY label, locale", columns: 3) == computedAt)
        // A changed one is written and recomputed, alone.
        var changed = records[7]
        changed.frame.width += 1
        try catalog.setLabels(records.map { $0.name == changed.name ? changed : $0 })
        #expect(try catalog.changeCounter() == counter + 1)
        let after = try rows(catalog.database, "SELECT label, locale, computed_at FROM layouts ORDER BY label, locale", columns: 3)
        let rewritten = zip(after, computedAt).filter { $0.0 != $0.1 }.map { $0.0[0] ?? "" }
        #expect(rewritten == ["bulk.label7"])
    }

    @Test("An edit refused after a chunk of its layouts was written leaves no font path recorded; the next edit records it")
    func fontPathAfterRefusedEdit() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        let frame = Rect(x: 0, y: 0, width: 100, height: 20)
        func label(_ name: String, family: String) -> LabelRecord {
            LabelRecord(name: name, text: "A", frame: frame, style: JSONObject([("font", .object(JSONObject([("family", .string(family))])))]))
        }
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        // The first chunk names the font file and is written; the second's label cannot be laid out.
        let chunk = (0..<Catalog.chunkSize).map { label("path.\($0)", family: font) }
        expectCatalogError(["z.broken"]) { try catalog.setLabels(chunk + [label("z.broken", family: "/no/such/folder/Font.ttf")]) }
        #expect(try column(catalog.database, "SELECT path FROM layout_font_files").isEmpty)

        try catalog.setLabels([label("path.again", family: font)])
        #expect(try column(catalog.database, "SELECT path FROM layout_font_files") == [font])
    }
}
