import Foundation
@testable import LabelCatalog
import LabelJSON
import LabelLayout
import LabelModel
import Testing
import TestSupport

/// docs/catalog.md: "Triggers record every change to labels, label texts and tokens in a queue table,
/// so an edit made with the sqlite3 shell is recomputed like one made with labelcat."
@Suite("Triggers and hand edits")
struct TriggerTests {
    static func queue(_ catalog: Catalog) throws -> [String] {
        try rows(catalog.database, "SELECT kind, name, locale FROM recompute_queue ORDER BY id", columns: 3)
            .map { "\($0[0] ?? "")|\($0[1] ?? "")|\($0[2] ?? "")" }
    }

    /// A catalog with the demo tokens and the issue's label (with a German text), queue empty.
    static func demoCatalog(_ directory: TemporaryDirectory) throws -> Catalog {
        let catalog = try makeCatalog(in: directory)
        var record = demoTopLabel()
        record.texts = ["de": "Oben"]
        try catalog.setLabels([record])
        #expect(try queue(catalog).isEmpty, "labelcat's own edits leave the queue empty")
        return catalog
    }

    static let edits: [(sql: String, queued: [String])] = [
        ("UPDATE labels SET text = 'hand edit' WHERE name = 'demo.top';", ["label|demo.top|"]),
        ("INSERT INTO labels (name, text, frame_x, frame_y, frame_width, frame_height) VALUES ('hand.new', 'new', 0, 0, 100, 30);",
         ["label|hand.new|"]),
        ("INSERT INTO label_texts (label, locale, text) VALUES ('demo.top', 'fr', 'En haut');", ["text|demo.top|fr"]),
        ("UPDATE label_texts SET text = 'Ganz oben' WHERE label = 'demo.top' AND locale = 'de';", ["text|demo.top|de"]),
        ("DELETE FROM label_texts WHERE label = 'demo.top' AND locale = 'de';", ["text|demo.top|de"]),
        (#"UPDATE tokens SET value = '{"value": 24, "unit": "px"}' WHERE name = 'font.size.base';"#, ["token|font.size.base|"]),
        (#"INSERT INTO tokens (name, type, value) VALUES ('hand.token', 'number', '5');"#, ["token|hand.token|"]),
        ("DELETE FROM tokens WHERE name = 'lines.max';", ["token|lines.max|"]),
        ("UPDATE settings SET value = 'DejaVu Sans' WHERE key = 'default_family';", ["all||"]),
        ("INSERT INTO settings (key, value) VALUES ('a_later_setting', 'x');", ["all||"]),
        ("DELETE FROM labels WHERE name = 'demo.top';", ["label|demo.top|"]),
        ("UPDATE labels SET name = 'demo.renamed' WHERE name = 'demo.top';", ["label|demo.top|", "label|demo.renamed|"]),
    ]

    @Test("Opening the catalog a second time in this process keeps the first connection's locks: another process's commit is seen, and its exit leaves the WAL in place")
    func secondConnectionKeepsLocks() throws {
        let directory = try TemporaryDirectory()
        let catalog = try Self.demoCatalog(directory)
        let version = try catalog.database.dataVersion()
        // A second connection, opened and closed (as a recompute's reader is). Closing any
        // descriptor of the file drops this process's POSIX locks on it, so opening must not
        // read the file itself.
        _ = try Catalog.open(path: catalog.path, readOnly: true)
        try SQLiteShell.run(catalog.path, "UPDATE labels SET text = 'hand edit' WHERE name = 'demo.top';")
        #expect(FileManager.default.fileExists(atPath: catalog.path + "-wal"),
                "the sqlite3 shell took itself for the last connection and removed the WAL: this process had lost its locks")
        #expect(try catalog.database.dataVersion() != version, "the first connection does not see the other process's commit")
        #expect(try Self.queue(catalog) == ["label|demo.top|"])
    }

    @Test("An edit made with the sqlite3 shell adds rows to recompute_queue", arguments: edits)
    func shellEditQueued(_ sql: String, _ queued: [String]) throws {
        let directory = try TemporaryDirectory()
        let catalog = try Self.demoCatalog(directory)
        try SQLiteShell.run(catalog.path, sql)
        let queue = try Self.queue(catalog)
        for entry in queued {
            #expect(queue.contains(entry), "queue after \(sql): \(queue)")
        }
    }

    @Test("After a hand edit of a label's text, layout NAME serves a fresh layout and drains the queue")
    func labelEditRecomputedOnRead() throws {
        let directory = try TemporaryDirectory()
        let catalog = try Self.demoCatalog(directory)
        let before = try #require(try rawLayout(catalog, "demo.top"))
        try SQLiteShell.run(catalog.path, "UPDATE labels SET text = '手工修改的文字', number_of_lines = 1 WHERE name = 'demo.top';")
        #expect(try rawLayout(catalog, "demo.top")?.inputHash == before.inputHash, "nothing recomputes until asked")

        let layout = try catalog.layout(label: "demo.top")
        let json = try JSONValue.parse(try #require(layout.json))
        #expect(json["lines"]?.array?.first?["text"] == .string("手工修改的文字"))
        #expect(layout.inputHash == (try expectedInputHash(catalog, "demo.top")))
        #expect(layout.inputHash != before.inputHash)
        #expect(try Self.queue(catalog).isEmpty)
        #expect(try catalog.layouts(staleOnly: true).isEmpty)
    }

    @Test("After a hand edit of a token at the end of an alias chain, the label's layout is fresh on read")
    func tokenEditRecomputedOnRead() throws {
        let directory = try TemporaryDirectory()
        let catalog = try Self.demoCatalog(directory)
        try SQLiteShell.run(catalog.path, #"UPDATE tokens SET value = '{"value": 24, "unit": "px"}' WHERE name = 'font.size.base';"#)
        #expect(try catalog.layouts(staleOnly: true).map { "\($0.label)/\($0.locale)" } == ["demo.top/", "demo.top/de"])

        let layout = try catalog.layout(label: "demo.top")
        #expect(number(try JSONValue.parse(layout.json ?? "{}"), "font", "size") == 24)
        let german = try catalog.layout(label: "demo.top", locale: "de")
        #expect(number(try JSONValue.parse(german.json ?? "{}"), "font", "size") == 24)
        #expect(try catalog.layouts(staleOnly: true).isEmpty)
        #expect(try Self.queue(catalog).isEmpty)
    }

    @Test("A locale added by hand is laid out on read")
    func textAddedByHand() throws {
        let directory = try TemporaryDirectory()
        let catalog = try Self.demoCatalog(directory)
        try SQLiteShell.run(catalog.path, "INSERT INTO label_texts (label, locale, text) VALUES ('demo.top', 'fr', 'En haut');")
        let layout = try catalog.layout(label: "demo.top", locale: "fr")
        #expect(layout.locale == "fr")
        #expect(layout.json?.contains("En haut") == true)
        #expect(layout.inputHash == (try expectedInputHash(catalog, "demo.top", locale: "fr")))
    }

    @Test("A hand edit that makes a label invalid is reported on read, naming the field")
    func invalidHandEdit() throws {
        let directory = try TemporaryDirectory()
        let catalog = try Self.demoCatalog(directory)
        try SQLiteShell.run(catalog.path, "UPDATE labels SET line_break_mode = 'sideways' WHERE name = 'demo.top';")
        expectCatalogError(["demo.top", "lineBreakMode", "sideways"]) { try catalog.layout(label: "demo.top") }
        // The stored row says why (with the hash of what failed), never served as a layout.
        let row = try #require(try rawLayout(catalog, "demo.top"))
        #expect(row.error?.contains("lineBreakMode") == true)
        #expect(row.json == nil)
        #expect(row.inputHash.count == 32)
    }

    @Test("A cycle made by hand is reported with the whole chain")
    func cycleByHand() throws {
        let directory = try TemporaryDirectory()
        let catalog = try Self.demoCatalog(directory)
        try SQLiteShell.run(catalog.path, #"UPDATE tokens SET value = '"{font.size.body}"' WHERE name = 'font.size.base';"#)
        expectCatalogError(["demo.top", "cycle", "font.size.base", "font.size.default", "font.size.body"]) {
            try catalog.layout(label: "demo.top")
        }
    }

    @Test("A label deleted by hand leaves no layouts behind once the queue is drained")
    func labelDeletedByHand() throws {
        let directory = try TemporaryDirectory()
        let catalog = try Self.demoCatalog(directory)
        try catalog.setLabels([LabelRecord(name: "other.label", text: "x", frame: Rect(x: 0, y: 0, width: 50, height: 20))])
        // The sqlite3 shell runs with foreign keys off: the cascade does not happen there.
        try SQLiteShell.run(catalog.path, "DELETE FROM labels WHERE name = 'demo.top';")
        let queue = try Self.queue(catalog)
        #expect(queue.contains("label|demo.top|"), "the delete was not queued: \(queue)")
        // Any edit drains the queue; the deleted label's layouts must not outlive it.
        try catalog.setLabels([LabelRecord(name: "other.label", text: "y", frame: Rect(x: 0, y: 0, width: 50, height: 20))])
        #expect(try catalog.layouts().map(\.label) == ["other.label"])
    }
}
