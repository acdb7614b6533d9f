import Foundation
@testable import LabelCatalog
import LabelJSON
import LabelLayout
import LabelModel
import Testing
import TestSupport

/// docs/catalog.md: numbered migrations applied in order, each in its own transaction, recorded in a
/// table; WAL mode; triggers; a catalog newer than the binary is refused.
@Suite("Catalog migrations")
struct MigrationTests {
    static let tables = ["settings", "tokens", "token_groups", "labels", "label_texts", "key_texts", "label_dependencies",
                         "layouts", "recompute_queue", "recompute_claims", "schema_migrations", "layout_state", "layout_font_files",
                         "scenes", "scene_labels", "finding_advice"]

    /// The triggers that feed `recompute_queue` (docs/catalog.md), by name.
    static let triggers = ["labels_inserted", "labels_updated", "labels_deleted", "label_texts_inserted", "label_texts_updated",
                           "label_texts_deleted", "tokens_inserted", "tokens_updated", "tokens_deleted",
                           "layouts_inserted", "layouts_updated", "layouts_deleted", "recompute_queue_deleted",
                           "settings_inserted", "settings_updated", "settings_deleted",
                           "key_texts_inserted", "key_texts_updated", "key_texts_deleted",
                           "scenes_updated", "scenes_deleted", "scene_labels_inserted", "scene_labels_updated", "scene_labels_deleted"]

    static func names(_ database: Database, type: String) throws -> Set<String> {
        Set(try column(database, "SELECT name FROM sqlite_master WHERE type = ?", [.text(type)]))
    }

    static func columns(_ database: Database, table: String) throws -> [String] {
        try column(database, "SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)])
    }

    /// A new catalog file in WAL mode at schema `version`: the first migrations alone, as an
    /// older labelcat made it.
    static func database(at path: String, schema version: Int) throws -> Database {
        let database = try Database(path: path, mode: .readWrite(create: true))
        _ = try database.scalarText("PRAGMA journal_mode = WAL")
        _ = try database.migrate(Array(Migration.all.prefix(version)))
        return database
    }

    /// The schema as SQLite stores it, for comparing two files.
    static func schema(_ database: Database) throws -> [[String?]] {
        try rows(database, "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name", columns: 4)
    }

    @Test("The embedded migrations are numbered, start at 001_initial.sql and carry SQL")
    func embeddedMigrations() {
        #expect(Migration.all.first?.name == "001_initial.sql")
        #expect(Migration.all.first?.version == 1)
        let versions = Migration.all.map(\.version)
        #expect(versions == versions.sorted())
        #expect(Set(versions).count == versions.count, "migration versions repeat: \(versions)")
        #expect(Migration.latestVersion == versions.last)
        for migration in Migration.all {
            #expect(!migration.sql.isEmpty, "\(migration.name) is empty")
            #expect(migration.name.hasSuffix(".sql"))
        }
        #expect(Migration.all[0].sql.contains("CREATE TABLE layouts"))
    }

    @Test("All migrations on an empty file give every table, WAL mode and the triggers")
    func freshCatalog() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("fresh.sqlite")
        let (catalog, applied) = try Catalog.create(path: path)
        #expect(applied == Migration.all.map(\.name))
        let database = catalog.database

        let tables = try Self.names(database, type: "table")
        for table in Self.tables {
            #expect(tables.contains(table), "missing table \(table); have \(tables.sorted())")
        }
        #expect(try database.scalarText("PRAGMA journal_mode")?.lowercased() == "wal")
        #expect(try database.scalarInt("PRAGMA foreign_keys") == 1)
        #expect(try database.scalarText("PRAGMA integrity_check") == "ok")

        // The columns docs/catalog.md promises to people who edit the file by hand.
        let tokenColumns = try Self.columns(database, table: "tokens")
        for name in ["name", "type", "value", "description"] { #expect(tokenColumns.contains(name), "tokens lacks \(name)") }
        let labelColumns = try Self.columns(database, table: "labels")
        for name in ["name", "text"] { #expect(labelColumns.contains(name), "labels lacks \(name)") }
        let layoutColumns = try Self.columns(database, table: "layouts")
        for name in ["label", "locale", "x", "y", "width", "height", "line_count", "truncated", "lines", "input_hash", "computed_at"] {
            #expect(layoutColumns.contains(name), "layouts lacks \(name)")
        }

        let triggers = try Self.names(database, type: "trigger")
        for trigger in Self.triggers {
            #expect(triggers.contains(trigger), "missing trigger \(trigger); have \(triggers.sorted())")
        }
        // Every trigger writes to the queue, and each hand-editable table has insert, update
        // and delete covered for texts and tokens.
        for row in try rows(database, "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger'", columns: 3) {
            #expect(row[2]?.contains("recompute_queue") == true, "trigger \(row[0] ?? "") does not write the queue")
        }
        for table in ["label_texts", "key_texts", "tokens"] {
            for event in ["INSERT", "UPDATE", "DELETE"] {
                let count = try database.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? AND sql LIKE ?",
                                                   .text(table), .text("%AFTER \(event) ON \(table)%")) ?? 0
                #expect(count > 0, "no trigger for \(event) on \(table)")
            }
        }

        // Every migration is recorded, in order.
        let recorded = try rows(database, "SELECT version, name FROM schema_migrations ORDER BY version", columns: 2)
        #expect(recorded.map { $0[1] ?? "" } == Migration.all.map(\.name))
        #expect(recorded.map { Int($0[0] ?? "") } == Migration.all.map(\.version))
        #expect(try database.schemaVersion() == Migration.latestVersion)

        // The default family setting the engine reads.
        #expect(try database.scalarText("SELECT value FROM settings WHERE key = 'default_family'") == SystemFont.families)

        // WAL is a property of the file: another client sees it, and the file is plain SQLite.
        #expect(try SQLiteShell.run(path, "PRAGMA journal_mode;").trimmingCharacters(in: .whitespacesAndNewlines) == "wal")
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(16)
        #expect(Array(header) == Array("SQLite format 3\0".utf8))
    }

    @Test("A schema-2 catalog (layouts with their JSON) is upgraded: intrinsic sizes kept, JSON built on read, freshness unknown until a full check")
    func upgradeFromSchemaTwo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("two.sqlite")
        do {
            let database = try Self.database(at: path, schema: 2)
            try database.execute("""
                INSERT INTO labels (name, text, frame_x, frame_y, frame_width, frame_height, vertical_alignment)
                    VALUES ('old.label', '旧的标签', 0, 0, 200, 60, 'top');
                INSERT INTO layouts (label, locale, x, y, width, height, line_count, needed_line_count, truncated, lines, json, input_hash, computed_at)
                    VALUES ('old.label', '', 0, 0, 68, 24.616, 1, 1, 0, '[]', '{"intrinsicSize": {"width": 68, "height": 24.616}}', 'old', '2026-01-01T00:00:00.000Z');
                DELETE FROM recompute_queue;
                """)
        }
        let (catalog, applied) = try Catalog.create(path: path)
        #expect(applied == Migration.all.dropFirst(2).map(\.name))
        #expect(!(try Self.columns(catalog.database, table: "layouts")).contains("json"))
        #expect(try rows(catalog.database, "SELECT intrinsic_width, intrinsic_height FROM layouts", columns: 2) == [["68.0", "24.616"]])
        // A catalog with labels starts without a freshness record: the first recompute --all checks every label.
        #expect(try catalog.freshnessRecord().environment == nil)
        let summary = try catalog.recomputeAll(matching: [], force: false)
        #expect(!summary.fromFreshnessRecord && summary.labels == 1 && summary.written == 1)
        #expect(try catalog.freshnessRecord().environment == catalog.currentEnvironment())
        let layout = try catalog.layout(label: "old.label")
        let json = try JSONValue.parse(try #require(layout.json))
        #expect(json["bounds"]?["width"] == .number(200))
        // The label names no family: the system font, whose first family is Inter.
        #expect(json["font"]?["family"] == .string("Inter"))
        #expect(json["lines"]?.array?.first?["text"] == .string("旧的标签"))
        #expect(try catalog.recomputeAll(matching: [], force: false).fromFreshnessRecord)
    }

    @Test("A schema-3 catalog (as labelcat wrote it before variants and categories) upgrades with its labels, texts, layouts and dependencies intact")
    func upgradeFromSchemaThree() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("three.sqlite")
        do {
            let database = try Self.database(at: path, schema: 3)
            // Rows as the schema-3 writer left them: a label with literal and referenced fields,
            // texts in two locales, one layout per locale, the label's token dependencies.
            try database.execute(#"""
                INSERT INTO tokens (name, type, value) VALUES ('spacing.card', 'insets', '"8 16"');
                INSERT INTO labels (name, text, frame_x, frame_y, frame_width, frame_height, font, number_of_lines,
                                    line_break_mode, vertical_alignment, content_insets, letter_spacing, text_color)
                    VALUES ('old.label', '旧的标签', 20, 50, 200, 60, '{"family": "Noto Sans CJK SC", "size": 15}', 0,
                            'charWrap', 'top', '{spacing.card}', 0.5, '#112233');
                INSERT INTO labels (name, text, frame_x, frame_y, frame_width, frame_height) VALUES ('plain', 'x', 0, 0, 10, 10);
                INSERT INTO label_texts (label, locale, text) VALUES ('old.label', 'de', 'Altes Etikett'), ('old.label', 'fr', 'Ancienne');
                INSERT INTO label_dependencies (label, token) VALUES ('old.label', 'spacing.card');
                INSERT INTO layouts (label, locale, x, y, width, height, line_count, needed_line_count, truncated, lines, error,
                                     input_hash, computed_at, intrinsic_width, intrinsic_height)
                    VALUES ('old.label', '', 16, 8, 60, 21.72, 1, 1, 0, '[{"text": "旧的标签"}]', NULL, 'h0', '2026-01-01T00:00:00.000Z', 92, 37.72),
                           ('old.label', 'de', 16, 8, 99, 21.72, 1, 1, 0, '[{"text": "Altes Etikett"}]', NULL, 'h1', '2026-01-01T00:00:00.000Z', 131, 37.72),
                           ('old.label', 'fr', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'some error', 'h2', '2026-01-01T00:00:00.000Z', NULL, NULL),
                           ('plain', '', 0, 0, 7, 10, 1, 1, 0, '[]', NULL, 'h3', '2026-01-01T00:00:00.000Z', 7, 10);
                DELETE FROM recompute_queue;
                """#)
        }
        let before = try Database(path: path)
        let oldLabel = try rows(before, "SELECT name, text, frame_x, frame_y, frame_width, frame_height, font, number_of_lines, line_break_mode, vertical_alignment, content_insets, letter_spacing, text_color FROM labels ORDER BY name", columns: 13)
        let oldTexts = try rows(before, "SELECT label, locale, text FROM label_texts ORDER BY label, locale", columns: 3)
        let oldLayouts = try rows(before, "SELECT label, locale, x, y, width, height, line_count, needed_line_count, truncated, lines, error, input_hash, computed_at, intrinsic_width, intrinsic_height FROM layouts ORDER BY label, locale", columns: 15)

        let (catalog, applied) = try Catalog.create(path: path)
        #expect(applied == Migration.all.dropFirst(3).map(\.name))
        let database = catalog.database
        #expect(try column(database, "PRAGMA foreign_key_check") == [])
        #expect(try database.scalarText("PRAGMA integrity_check") == "ok")
        #expect(try rows(database, "SELECT name, text, frame_x, frame_y, frame_width, frame_height, font, number_of_lines, line_break_mode, vertical_alignment, content_insets, letter_spacing, text_color FROM labels ORDER BY name", columns: 13) == oldLabel)
        #expect(try rows(database, "SELECT label, locale, text FROM label_texts ORDER BY label, locale", columns: 3) == oldTexts)
        #expect(try column(database, "SELECT DISTINCT variant FROM label_texts") == [""])
        #expect(try rows(database, "SELECT label, locale, x, y, width, height, line_count, needed_line_count, truncated, lines, error, input_hash, computed_at, intrinsic_width, intrinsic_height FROM layouts ORDER BY label, locale", columns: 15) == oldLayouts)
        #expect(try rows(database, "SELECT DISTINCT variant, category FROM layouts", columns: 2) == [["", "large"]])
        #expect(try rows(database, "SELECT label, token FROM label_dependencies", columns: 2) == [["old.label", "spacing.card"]])
        #expect(try rows(database, "SELECT key, value FROM settings ORDER BY key", columns: 2)
                == [["categories", "large"], ["default_family", SystemFont.families], ["pseudo_locales", ""]])
        let triggers = try Self.names(database, type: "trigger")
        for trigger in Self.triggers { #expect(triggers.contains(trigger), "missing trigger \(trigger)") }
        #expect(try database.scalarInt("SELECT count(*) FROM recompute_queue") == 0, "the migration queues nothing")

        // The label reads back as it was, and lays out under the new schema.
        let record = try catalog.label(named: "old.label")
        #expect(record.texts == ["de": "Altes Etikett", "fr": "Ancienne"])
        #expect(record.key == nil && !record.isSelfSizing)
        #expect(record.style["contentInsets"] == .string("{spacing.card}"))
        _ = try catalog.recomputeAll(matching: [], force: false)
        #expect(try catalog.layout(label: "old.label", locale: "de").textRect?.x == 16)
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM layouts") == 4)
        // The upgraded schema is a fresh catalog's.
        let fresh = try Catalog.create(path: directory.path("fresh.sqlite")).catalog
        #expect(try Self.schema(catalog.database) == Self.schema(fresh.database))
    }

    @Test("A schema-5 catalog's imported texts move to their keys without loss: shared once, a differing copy kept as the label's own, hand-set texts kept; bounds filled in")
    func upgradeFromSchemaFive() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("five.sqlite")
        do {
            let database = try Self.database(at: path, schema: 5)
            // As labelcat 5 left them: two labels sharing a key filled by an import (the second
            // holding an older French text), a third keyed after the import (no texts), a
            // hand-set Spanish text, an unkeyed label with a text imported by name, and
            // layouts of a fixed and a self-sizing label.
            try database.execute(#"""
                INSERT INTO labels (name, key, text, frame_x, frame_y, frame_width, frame_height)
                    VALUES ('a.first', 'Localizable:greeting', 'Hi', 0, 0, 200, 30),
                           ('a.second', 'Localizable:greeting', 'Hi', 0, 0, 200, 30),
                           ('a.third', 'Localizable:greeting', '', 0, 0, 200, 30),
                           ('c.plain', NULL, 'x', 0, 0, 100, 20),
                           ('s.auto', NULL, 'Grows', 0, 0, 100, NULL);
                INSERT INTO label_texts (label, locale, variant, text, file, line)
                    VALUES ('a.first', 'de', '', 'Hallo', 'App/de.lproj/Localizable.strings', 3),
                           ('a.first', 'fr', '', 'Salut', 'App/fr.lproj/Localizable.strings', 3),
                           ('a.first', 'en', '', 'Hello', 'App/en.lproj/Localizable.strings', 3),
                           ('a.first', 'es', '', 'Hola', NULL, NULL),
                           ('a.second', 'de', '', 'Hallo', 'App/de.lproj/Localizable.strings', 3),
                           ('a.second', 'fr', '', 'Bonjour', 'App/fr.lproj/Localizable.strings', 2),
                           ('c.plain', 'de', '', 'X', 'de.lproj/Names.strings', 1);
                INSERT INTO layouts (label, locale, x, y, width, height, line_count, needed_line_count, truncated, lines,
                                     input_hash, computed_at, intrinsic_width, intrinsic_height)
                    VALUES ('c.plain', '', 0, 0, 9, 20, 1, 1, 0, '[]', 'h0', '2026-01-01T00:00:00.000Z', 9, 20),
                           ('s.auto', '', 3, 3, 45, 21, 1, 1, 0, '[]', 'h1', '2026-01-01T00:00:00.000Z', 51, 28);
                INSERT INTO layouts (label, locale, error, input_hash, computed_at) VALUES ('a.first', '', 'an error', 'h2', '2026-01-01T00:00:00.000Z');
                DELETE FROM recompute_queue;
                """#)
        }
        let (catalog, applied) = try Catalog.create(path: path)
        #expect(applied == Migration.all.dropFirst(5).map(\.name))
        let database = catalog.database
        #expect(try database.scalarText("PRAGMA integrity_check") == "ok")
        #expect(try rows(database, "SELECT key, locale, text, file, line FROM key_texts ORDER BY locale", columns: 5) == [
            ["Localizable:greeting", "de", "Hallo", "App/de.lproj/Localizable.strings", "3"],
            ["Localizable:greeting", "en", "Hello", "App/en.lproj/Localizable.strings", "3"],
            ["Localizable:greeting", "fr", "Salut", "App/fr.lproj/Localizable.strings", "3"],
        ], "one copy per key: the first label's where they disagree")
        #expect(try rows(database, "SELECT label, locale, text FROM label_texts ORDER BY label, locale", columns: 3) == [
            ["a.first", "es", "Hola"], ["a.second", "fr", "Bonjour"], ["c.plain", "de", "X"],
        ], "hand-set texts, a copy that differs from its key's, and texts of unkeyed labels stay the labels' own")
        // Every label shows what it showed; the label keyed after the import now shows its key's.
        #expect(try catalog.label(named: "a.first").texts == ["de": "Hallo", "fr": "Salut", "en": "Hello", "es": "Hola"])
        #expect(try catalog.label(named: "a.second").texts == ["de": "Hallo", "fr": "Bonjour", "en": "Hello"])
        let third = try catalog.label(named: "a.third")
        #expect(third.texts == ["de": "Hallo", "fr": "Salut", "en": "Hello"])
        #expect(third.text == "Hello", "no base text of its own: the development language's")
        #expect(try catalog.label(named: "c.plain").texts == ["de": "X"])
        // Bounds as the engine returned them: the frame, a self-sizing label's intrinsic height.
        #expect(try rows(database, "SELECT label, bounds_width, bounds_height FROM layouts ORDER BY label", columns: 3)
                == [["a.first", nil, nil], ["c.plain", "100.0", "20.0"], ["s.auto", "100.0", "28.0"]])
        #expect(try column(database, "SELECT name FROM recompute_queue WHERE kind = 'label' ORDER BY name") == ["a.first", "a.second", "a.third"],
                "keyed labels are laid out again; nothing else is queued")
        _ = try catalog.recomputeAll(matching: [], force: false)
        #expect(try catalog.layout(label: "a.third", locale: "de").lines.map(\.text) == ["Hallo"])
        #expect(try Self.schema(catalog.database) == Self.schema(try Catalog.create(path: directory.path("fresh.sqlite")).catalog.database))
    }

    @Test("A key's text edited with the sqlite3 shell queues every label showing the key (and their base text for the development language)")
    func keyTextTriggers() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        let frame = Rect(x: 0, y: 0, width: 200, height: 30)
        try catalog.setLabels([LabelRecord(name: "k.one", key: "Localizable:title", text: "Own", frame: frame),
                               LabelRecord(name: "k.two", key: "Localizable:title", frame: frame),
                               LabelRecord(name: "other", key: "Localizable:else", frame: frame)])
        try SQLiteShell.run(catalog.path, """
            DELETE FROM recompute_queue;
            INSERT INTO key_texts (key, locale, text) VALUES ('Localizable:title', 'de', 'Titel');
            """)
        #expect(try rows(catalog.database, "SELECT kind, name, locale FROM recompute_queue ORDER BY id", columns: 3)
                == [["text", "k.one", "de"], ["text", "k.two", "de"]])
        #expect(try catalog.layout(label: "k.two", locale: "de").lines.map(\.text) == ["Titel"])
        try SQLiteShell.run(catalog.path, """
            DELETE FROM recompute_queue;
            INSERT INTO key_texts (key, locale, text) VALUES ('Localizable:title', 'en', 'Title');
            UPDATE key_texts SET text = 'Überschrift' WHERE key = 'Localizable:title' AND locale = 'de';
            """)
        #expect(try rows(catalog.database, "SELECT DISTINCT kind, name, locale FROM recompute_queue ORDER BY name, locale", columns: 3) == [
            ["text", "k.one", ""], ["text", "k.one", "de"], ["text", "k.one", "en"],
            ["text", "k.two", ""], ["text", "k.two", "de"], ["text", "k.two", "en"],
        ])
        _ = try catalog.layOutQueued()
        #expect(try catalog.layout(label: "k.two").lines.map(\.text) == ["Title"], "the development language's text is its base text")
        #expect(try catalog.layout(label: "k.one").lines.map(\.text) == ["Own"], "a label's own base text wins")
        #expect(try catalog.layout(label: "k.two", locale: "de").lines.map(\.text) == ["Überschrift"])
        try SQLiteShell.run(catalog.path, "DELETE FROM key_texts WHERE locale = 'de';")
        _ = try catalog.layOutQueued()
        expectCatalogError(["k.two", "de"]) { _ = try catalog.layout(label: "k.two", locale: "de") }
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM layouts WHERE label = 'k.two' AND locale = 'de'") == 0)
    }

    @Test("A schema-6 catalog upgrades to settings triggers that fire for any key: a setting no migration names queues every label")
    func upgradeFromSchemaSix() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("six.sqlite")
        do {
            let database = try Self.database(at: path, schema: 6)
            try database.execute("DELETE FROM recompute_queue")
        }
        _ = try Catalog.create(path: path)
        #expect(try SQLiteShell.run(path, "SELECT count(*) FROM recompute_queue;") == "0\n", "the migration queues nothing")
        for (sql, event) in [("INSERT INTO settings (key, value) VALUES ('a_later_setting', 'x');", "insert"),
                             ("UPDATE settings SET value = 'y' WHERE key = 'a_later_setting';", "update"),
                             ("DELETE FROM settings WHERE key = 'a_later_setting';", "delete")] {
            try SQLiteShell.run(path, "DELETE FROM recompute_queue; " + sql)
            #expect(try SQLiteShell.run(path, "SELECT kind FROM recompute_queue;") == "all\n", "\(event) of a new key")
        }
    }

    @Test("The labels table has a column for every definition field, and only those besides name, key, text, frame and source")
    func labelColumnsFollowTheFieldList() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        let columns = try Self.columns(catalog.database, table: "labels")
        let structural = ["name", "key", "text", "frame_x", "frame_y", "frame_width", "frame_height", "file", "line"]
        #expect(Set(columns) == Set(structural + LabelRecord.fields.map(\.column)))
        #expect(Set(LabelRecord.fields.map(\.key)).count == LabelRecord.fields.count)
        // Every field of the engine's canonical JSON is a field here (or structural).
        let definition = try JSONValue.parse(LabelDefinition(name: "a", frame: .zero).canonicalJSON).object!
        let known = Set(LabelRecord.fields.map(\.key) + ["name", "text", "texts", "frame"])
        for key in definition.keys { #expect(known.contains(key), "the definition's field \(key) has no column") }
    }

    @Test("A new catalog starts with its freshness record (no labels: every layout is fresh)")
    func newCatalogIsFresh() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        #expect(try catalog.freshnessRecord().environment == catalog.currentEnvironment())
        try catalog.setLabels([demoTopLabel()])
        #expect(try catalog.allLayoutsFresh(), "an edit through labelcat recomputes in its own transaction")
        try SQLiteShell.run(catalog.path, "UPDATE labels SET text = 'by hand' WHERE name = 'demo.top';")
        #expect(try !catalog.allLayoutsFresh(), "a queued edit")
        #expect(try catalog.layouts(staleOnly: true).map(\.label) == ["demo.top"])
    }

    @Test("init on an up-to-date catalog applies nothing and keeps the data")
    func createIsIdempotent() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([demoTopLabel()])
        let before = try SQLiteShell.dump(catalog.path)
        let (again, applied) = try Catalog.create(path: catalog.path)
        #expect(applied.isEmpty)
        #expect(try again.label(named: "demo.top") == catalog.label(named: "demo.top"))
        #expect(try SQLiteShell.dump(catalog.path) == before)
    }

    @Test("A schema-12 catalog's layouts move into a rowid table found by a unique key: every row kept as it was, still fresh")
    func upgradeFromSchemaTwelve() throws {
        let directory = try TemporaryDirectory()
        let source = try makeCatalog(in: directory, name: "source.sqlite")
        var bottom = demoTopLabel(text: "下")
        bottom.name = "demo.bottom"
        try source.setLabels([demoTopLabel(), bottom])
        try source.setTexts([(label: "demo.top", locale: "de", text: "Oben")])
        let everyLayout = "SELECT * FROM layouts ORDER BY label, locale, variant, category, device"
        let layoutColumns = try Self.columns(source.database, table: "layouts").count
        let before = try rows(source.database, everyLayout, columns: layoutColumns)
        #expect(before.count == 3)

        // The same catalog at schema 12: every table's rows copied from the source.
        let path = directory.path("twelve.sqlite")
        do {
            let database = try Self.database(at: path, schema: 12)
            try database.execute("ATTACH DATABASE '\(source.path)' AS source")
            for table in Self.tables where !["schema_migrations", "recompute_queue", "recompute_claims"].contains(table) {
                try database.execute("DELETE FROM main.\(table); INSERT INTO main.\(table) SELECT * FROM source.\(table)")
            }
            try database.execute("DELETE FROM recompute_queue; DETACH DATABASE source")
            #expect(try database.scalarText("SELECT sql FROM sqlite_master WHERE name = 'layouts'")?.contains("WITHOUT ROWID") == true)
        }

        let (catalog, applied) = try Catalog.create(path: path)
        #expect(applied == ["013_layouts_rowid.sql", "014_queue_claims.sql"])
        let table = try #require(try catalog.database.scalarText("SELECT sql FROM sqlite_master WHERE name = 'layouts'"))
        #expect(!table.contains("WITHOUT ROWID"))
        #expect(table.contains("UNIQUE (label, locale, variant, category, device)"))
        #expect(try rows(catalog.database, everyLayout, columns: layoutColumns) == before)
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM recompute_queue") == 0, "the migration queues nothing")
        let summary = try catalog.recomputeAll(matching: ["*"], force: false)
        #expect(summary.written == 0, "every layout is still fresh")
        // Written again in place: a forced recompute updates the rows it has.
        #expect(try catalog.recomputeAll(matching: ["*"], force: true).written == 3)
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM layouts") == 3)
    }

    @Test("A schema-13 catalog's queue keeps its entries; the claims its services had marked on them are given back")
    func upgradeFromSchemaThirteen() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("thirteen.sqlite")
        do {
            let database = try Self.database(at: path, schema: 13)
            try database.execute("""
                INSERT INTO labels (name, text, frame_x, frame_y, frame_width, frame_height) VALUES ('a', 'A', 0, 0, 100, 20), ('b', 'B', 0, 0, 100, 20);
                DELETE FROM recompute_queue;
                INSERT INTO recompute_queue (kind, name, claimed_by, claimed_at) VALUES ('label', 'a', 4242, 1), ('label', 'b', NULL, NULL);
                """)
        }
        let (catalog, applied) = try Catalog.create(path: path)
        #expect(applied == ["014_queue_claims.sql"])
        #expect(try column(catalog.database, "SELECT kind || ':' || name FROM recompute_queue ORDER BY id") == ["label:a", "label:b"])
        #expect(try !Self.columns(catalog.database, table: "recompute_queue").contains("claimed_by"))
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM recompute_claims") == 0)
        #expect(try catalog.claim(limit: 10).map(\.name) == ["a", "b"])
    }

    @Test("A catalog made by the first migration alone is upgraded by Catalog.create, keeping its data")
    func upgradeFromFirstMigration() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("old.sqlite")
        do {
            let database = try Database(path: path, mode: .readWrite(create: true))
            #expect(try database.scalarText("PRAGMA journal_mode = WAL")?.lowercased() == "wal")
            let applied = try database.migrate([Migration.all[0]])
            #expect(applied == [Migration.all[0].name])
            #expect(try database.schemaVersion() == Migration.all[0].version)
            // Data written by an older labelcat (or by hand) at schema 1.
            try database.execute("""
                INSERT INTO tokens (name, type, value, description) VALUES ('spacing.card', 'insets', '"8 16"', 'card padding');
                INSERT INTO labels (name, text, frame_x, frame_y, frame_width, frame_height, number_of_lines, vertical_alignment, content_insets)
                    VALUES ('old.label', '旧的标签', 0, 0, 200, 60, 0, 'top', '{spacing.card}');
                INSERT INTO label_texts (label, locale, text) VALUES ('old.label', 'de', 'Altes Etikett');
                """)
        }
        if Migration.all.count > 1 {
            // An older schema is refused for use, saying it must be upgraded (Catalog.create does).
            let error = expectCatalogError(["schema version 1", "upgraded"]) { try Catalog.open(path: path) }
            if case .schemaOutdated? = error {} else { Issue.record("expected schemaOutdated, got \(String(describing: error))") }
        }

        let (catalog, applied) = try Catalog.create(path: path)
        #expect(applied == Migration.all.dropFirst().map(\.name))
        #expect(try catalog.database.schemaVersion() == Migration.latestVersion)
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM schema_migrations") == Migration.all.count)

        // The data survived and is usable: the label lays out with its token.
        let token = try catalog.token(named: "spacing.card")
        #expect(token.description == "card padding")
        let label = try catalog.label(named: "old.label")
        #expect(label.text == "旧的标签")
        #expect(label.texts == ["de": "Altes Etikett"])
        let layout = try catalog.layout(label: "old.label")
        #expect(layout.textRect?.y == 8)
        #expect(layout.textRect?.x == 16)
        #expect(try catalog.layout(label: "old.label", locale: "de").error == nil)

        // The upgraded schema is the same as a fresh catalog's.
        let fresh = try Catalog.create(path: directory.path("fresh.sqlite")).catalog
        #expect(try Self.schema(catalog.database) == Self.schema(fresh.database))
        #expect(try Catalog.open(path: path).database.schemaVersion() == Migration.latestVersion)
    }

    @Test("A later migration is applied once, in its own transaction; a failing one changes nothing")
    func laterMigrations() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        _ = try Catalog.create(path: path)
        let database = try Database(path: path)
        let next = Migration(version: Migration.latestVersion + 1, name: "\(Migration.latestVersion + 1)_extra.sql",
                             sql: "CREATE TABLE extra (x INTEGER); INSERT INTO extra VALUES (1);")
        #expect(try database.migrate(Migration.all + [next]) == [next.name])
        #expect(try database.migrate(Migration.all + [next]) == [], "a recorded migration must not run again")
        #expect(try database.scalarInt("SELECT count(*) FROM extra") == 1)
        #expect(try database.schemaVersion() == next.version)

        let broken = Migration(version: next.version + 1, name: "\(next.version + 1)_broken.sql",
                               sql: "CREATE TABLE half_done (x INTEGER); INSERT INTO no_such_table VALUES (1);")
        #expect(throws: (any Error).self) { try database.migrate(Migration.all + [next, broken]) }
        #expect(try database.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'half_done'") == 0,
                "a failed migration must roll back its own statements")
        #expect(try database.schemaVersion() == next.version)
    }

    @Test("A migration that rebuilds labels (new table, copy, drop, rename) keeps its texts, layouts and dependencies")
    func tableRebuild() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([demoTopLabel()])
        try catalog.setTexts([(label: "demo.top", locale: "de", text: "Oben")])
        let counts = "SELECT (SELECT count(*) FROM label_texts), (SELECT count(*) FROM layouts), (SELECT count(*) FROM label_dependencies)"
        let before = try rows(catalog.database, counts, columns: 3)
        #expect(before == [["1", "2", "8"]])
        // SQLite's procedure for a change ALTER TABLE cannot make: dropping the old table would
        // delete (ON DELETE CASCADE) every row referencing it were foreign keys on.
        let create = try #require(try catalog.database.scalarText("SELECT sql FROM sqlite_master WHERE name = 'labels'"))
        let rebuild = Migration(version: Migration.latestVersion + 1, name: "\(Migration.latestVersion + 1)_rebuild_labels.sql", sql: """
            \(create.replacingOccurrences(of: "CREATE TABLE \"labels\"", with: "CREATE TABLE labels_new")
                .replacingOccurrences(of: "CREATE TABLE labels ", with: "CREATE TABLE labels_new "));
            INSERT INTO labels_new SELECT * FROM labels;
            DROP TABLE labels;
            ALTER TABLE labels_new RENAME TO labels;
            """)
        let database = try Database(path: catalog.path)
        #expect(try database.migrate(Migration.all + [rebuild]) == [rebuild.name])
        #expect(try rows(database, counts, columns: 3) == before)
        #expect(try database.scalarInt("PRAGMA foreign_keys") == 1, "foreign keys are on again after migrating")
        #expect(try column(database, "PRAGMA foreign_key_check") == [])
    }

    @Test("A migration that leaves a row referencing nothing is rolled back, naming the table")
    func foreignKeyCheck() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([demoTopLabel()])
        let database = try Database(path: catalog.path)
        let orphan = Migration(version: Migration.latestVersion + 1, name: "\(Migration.latestVersion + 1)_orphan.sql",
                               sql: "INSERT INTO label_texts (label, locale, text) VALUES ('no.such', 'de', 'Waise');")
        do {
            _ = try database.migrate(Migration.all + [orphan])
            Issue.record("a migration leaving an orphan row was applied")
        } catch let error as MigrationError {
            #expect(error.description.contains("label_texts") && error.description.contains(orphan.name), "\(error)")
        }
        #expect(try database.scalarInt("SELECT count(*) FROM label_texts WHERE label = 'no.such'") == 0)
        #expect(try database.schemaVersion() == Migration.latestVersion)
        #expect(try database.scalarInt("PRAGMA foreign_keys") == 1)
    }

    @Test("A catalog whose schema is newer than the binary is refused, and left unchanged")
    func newerCatalogRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("future.sqlite")
        do {
            let catalog = try makeCatalog(in: directory, name: "future.sqlite")
            try catalog.setLabels([demoTopLabel()])
        }
        // What a newer labelcat would leave behind: a schema_migrations row this binary lacks.
        try SQLiteShell.run(path, "INSERT INTO schema_migrations (version, name) VALUES (999, '999_future.sql');")
        let before = try SQLiteShell.dump(path)

        for readOnly in [false, true] {
            let error = expectCatalogError(["newer", "999", "upgrade labelcat"]) { try Catalog.open(path: path, readOnly: readOnly) }
            if case .schemaTooNew(_, let found, let supported)? = error {
                #expect(found == 999)
                #expect(supported == Migration.latestVersion)
            } else {
                Issue.record("expected schemaTooNew, got \(String(describing: error))")
            }
        }
        // init (Catalog.create) must not touch it either.
        expectCatalogError(["newer"]) { try Catalog.create(path: path) }
        #expect(try SQLiteShell.dump(path) == before)
    }
}
