import Foundation
@testable import LabelCatalog
import LabelJSON
import LabelLayout
import LabelModel
import Testing
import TestSupport

/// docs/catalog.md: layouts stored per (label, locale), fresh after every edit made through labelcat,
/// served by index; the list queries.
@Suite("Layouts and queries")
struct LayoutQueryTests {
    @Test("The issue's session: a layout is fresh right after label set and after token set")
    func issueSession() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([demoTopLabel()])

        // Stored fresh by the edit itself, before anyone reads it.
        let row = try #require(try rawLayout(catalog, "demo.top"))
        #expect(row.error == nil)
        #expect(row.inputHash == (try expectedInputHash(catalog, "demo.top")))
        #expect(number(row.json, "font", "size") == 17)
        #expect(row.json?["lines"]?.array?.first?["text"] == .string("看我居上对齐了啊"))

        // Served as stored (not recomputed on read).
        let layout = try catalog.layout(label: "demo.top")
        #expect(layout.computedAt == row.computedAt)
        #expect(layout.inputHash == row.inputHash)
        #expect(layout.lineCount == 1)
        #expect(layout.truncated == false)
        // Top alignment in the inner box of the card insets (top 8, left 16).
        #expect(layout.textRect?.x == 16)
        #expect(layout.textRect?.y == 8)
        let json = try JSONValue.parse(try #require(layout.json))
        #expect(json["name"] == .string("demo.top"))
        #expect(json["locale"] == .string(""))
        #expect(number(json, "bounds", "width") == 350)
        #expect(number(json, "bounds", "height") == 200)
        #expect(json["font"]?["family"] == .string("Noto Sans CJK SC"))

        // token set font.size.body '{"value": 20, "unit": "px"}' (replacing the alias).
        try catalog.setTokens([Token(name: "font.size.body", type: .dimension,
                                     value: .object(JSONObject([("value", .number(20)), ("unit", .string("px"))])))])
        let after = try #require(try rawLayout(catalog, "demo.top"))
        #expect(number(after.json, "font", "size") == 20)
        #expect(after.inputHash == (try expectedInputHash(catalog, "demo.top")))
        #expect(after.inputHash != row.inputHash)
        let served = try catalog.layout(label: "demo.top")
        #expect(served.computedAt == after.computedAt)
        #expect(number(try JSONValue.parse(served.json ?? "{}"), "font", "size") == 20)
    }

    @Test("Layouts are keyed by (label, locale, variant, category, device): one row each")
    func oneRowPerLabelAndLocale() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        var record = demoTopLabel()
        record.texts = ["de": "Oben", "ja": "上"]
        try catalog.setLabels([record])
        try catalog.setLabels([record])
        try catalog.setTokens([Token(name: "font.size.base", type: .dimension,
                                     value: .object(JSONObject([("value", .number(18)), ("unit", .string("px"))])))])
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM layouts") == 3)
        // A rowid table with a unique index on the key (its rows are rewritten in place).
        let uniqueKey = try column(catalog.database, """
            SELECT name FROM pragma_index_info((SELECT name FROM pragma_index_list('layouts') WHERE "unique" AND origin = 'u'))
            ORDER BY seqno
            """)
        #expect(uniqueKey == ["label", "locale", "variant", "category", "device"])
        #expect(try catalog.layouts().map { "\($0.label)/\($0.locale)" } == ["demo.top/", "demo.top/de", "demo.top/ja"])
        #expect(try catalog.layouts(locale: "de").map(\.locale) == ["de"])
    }

    @Test("layout NAME reads by the layouts' unique key: EXPLAIN QUERY PLAN says SEARCH … USING its INDEX")
    func layoutUsesPrimaryKey() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([demoTopLabel()])
        // The query layout(label:locale:) runs, and the plain one of the issue.
        for sql in ["SELECT \(LayoutColumn.selectList) FROM layouts WHERE label = ? AND locale = ?",
                    "SELECT lines FROM layouts WHERE label = ? AND locale = ?"] {
            let plan = try rows(catalog.database, "EXPLAIN QUERY PLAN " + sql, columns: 4, [.text("demo.top"), .text("")])
                .map { $0[3] ?? "" }
            #expect(plan.count == 1, "plan: \(plan)")
            #expect(plan.first?.hasPrefix("SEARCH layouts USING INDEX sqlite_autoindex_layouts_1") == true, "plan: \(plan)")
            #expect(plan.first?.contains("label=? AND locale=?") == true, "plan: \(plan)")
        }
        // The reverse lookup a token edit does uses the dependency index.
        let plan = try rows(catalog.database, "EXPLAIN QUERY PLAN SELECT label FROM label_dependencies WHERE token = ?", columns: 4,
                            [.text("spacing.m")]).map { $0[3] ?? "" }
        #expect(plan.contains { $0.hasPrefix("SEARCH") }, "plan: \(plan)")
    }

    @Test("A typography token's lineHeight (a multiple of fontSize) becomes a fixed line height")
    func typographyLineHeight() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([LabelRecord(name: "tall.one", text: "高的行", frame: Rect(x: 0, y: 0, width: 300, height: 100),
                                           style: JSONObject([("font", .string("{typography.tall}")), ("verticalAlignment", .string("top"))]))])
        let layout = try catalog.layout(label: "tall.one")
        let json = try JSONValue.parse(try #require(layout.json))
        #expect(number(json, "font", "size") == 20)
        // typography.tall: fontSize 20 px, lineHeight 1.5 → 30 pt lines.
        #expect(layout.textRect?.height == 30)
        #expect(number(json["lines"]?.array?.first, "rect", "height") == 30)
    }

    @Test("Lists: by glob, only truncated ones, only stale ones")
    func lists() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let long = String(repeating: "很长的文字会被截断", count: 10)
        try catalog.setLabels([
            demoTopLabel(),
            LabelRecord(name: "demo.cut", text: long, frame: Rect(x: 0, y: 0, width: 120, height: 40),
                        style: JSONObject([("numberOfLines", .number(1)), ("lineBreakMode", .string("truncateTail"))])),
            LabelRecord(name: "other.short", text: "短", frame: Rect(x: 0, y: 0, width: 120, height: 40)),
        ])
        #expect(try catalog.layouts().map(\.label) == ["demo.cut", "demo.top", "other.short"])
        #expect(try catalog.layouts(matching: "demo.*").map(\.label) == ["demo.cut", "demo.top"])
        let truncated = try catalog.layouts(truncatedOnly: true)
        #expect(truncated.map(\.label) == ["demo.cut"])
        #expect(truncated.first?.truncated == true)
        #expect(truncated.first?.lineCount == 1)
        #expect((truncated.first?.neededLineCount ?? 0) > 1)
        #expect(try catalog.layouts(staleOnly: true).isEmpty)

        // An edit made by another client leaves the layout stale until it is read.
        try SQLiteShell.run(catalog.path, "UPDATE labels SET text = '新的文字' WHERE name = 'other.short';")
        let stale = try catalog.layouts(staleOnly: true)
        #expect(stale.map(\.label) == ["other.short"])
        #expect(stale.first?.isStale == true)
        _ = try catalog.layout(label: "other.short")
        #expect(try catalog.layouts(staleOnly: true).isEmpty)
    }

    @Test("A read-only catalog serves fresh layouts and refuses stale ones and every edit")
    func readOnly() throws {
        let directory = try TemporaryDirectory()
        let path: String
        do {
            let catalog = try makeCatalog(in: directory)
            try catalog.setLabels([demoTopLabel(), LabelRecord(name: "b.label", text: "b", frame: Rect(x: 0, y: 0, width: 50, height: 20))])
            path = catalog.path
        }
        try SQLiteShell.run(path, "UPDATE labels SET text = 'changed' WHERE name = 'b.label';")
        let before = try SQLiteShell.dump(path)

        let catalog = try Catalog.open(path: path, readOnly: true)
        #expect(catalog.isReadOnly)
        #expect(try catalog.layout(label: "demo.top").error == nil)
        #expect(try catalog.label(named: "demo.top") == demoTopLabel())
        #expect(try catalog.layouts(staleOnly: true).map(\.label) == ["b.label"])
        expectCatalogError(["b.label", "read-only"]) { try catalog.layout(label: "b.label") }

        expectCatalogError(["read-only"]) { try catalog.setLabels([demoTopLabel(text: "new")]) }
        expectCatalogError(["read-only"]) { try catalog.removeLabel("demo.top") }
        expectCatalogError(["read-only"]) {
            try catalog.setTokens([Token(name: "x.y", type: .number, value: .number(1))])
        }
        expectCatalogError(["read-only"]) { try catalog.removeToken("lines.max", force: false) }
        expectCatalogError(["read-only"]) { try catalog.importDesignTokens(try JSONValue.parse(demoTokensJSON)) }
        #expect(try SQLiteShell.dump(path) == before)
    }
}
