import Foundation
import CSQLite
@testable import LabelCatalog
import LabelJSON
import Testing
import TestSupport

/// A catalog may come from anyone (issue 20): connections are defensive and do not trust the
/// file's schema, and a schema other than the one labelcat's migrations make is refused.
@Suite("Untrusted catalogs")
struct UntrustedCatalogTests {
    @Test("Connections are defensive and trust no schema: writable_schema cannot rewrite sqlite_schema; trusted_schema is off")
    func hardenedConnection() throws {
        let directory = try TemporaryDirectory()
        let catalog = try Catalog.create(path: directory.path("catalog.sqlite")).catalog
        #expect(try catalog.database.scalarInt("PRAGMA trusted_schema") == 0)
        try? catalog.database.execute("PRAGMA writable_schema = ON")
        #expect(throws: DatabaseError.self) {
            try catalog.database.execute("UPDATE sqlite_schema SET sql = 'CREATE TABLE x (y)' WHERE name = 'labels'")
        }
        // The schema's json_valid checks still run (labelcat's own, marked innocuous).
        #expect(throws: DatabaseError.self) {
            try catalog.database.execute("INSERT INTO tokens (name, type, value) VALUES ('a', 'number', 'not json')")
        }
        try catalog.database.execute("INSERT INTO tokens (name, type, value) VALUES ('a', 'number', '17')")
        #expect(try catalog.database.scalarInt("SELECT json_valid('{\"a\": [1, 2]}')") == 1)
        #expect(try catalog.database.scalarInt("SELECT json_valid('{')") == 0)
        #expect(try catalog.database.scalarText("SELECT json_valid(NULL)") == nil)
    }

    /// The expected schema is made by applying the migrations to an in-memory database, so a
    /// migration added later is expected as soon as it is in `migrations/`.
    @Test("The expected schema is the migrations' own: a new catalog has exactly it, an older version the older one")
    func schemaFromMigrations() throws {
        let directory = try TemporaryDirectory()
        let catalog = try Catalog.create(path: directory.path("catalog.sqlite")).catalog
        #expect(try catalog.database.schemaObjects() == Migration.schema(atVersion: Migration.latestVersion))
        let older = try Database(path: directory.path("older.sqlite"), mode: .readWrite(create: true))
        _ = try older.migrate(Array(Migration.all.prefix(2)))
        #expect(try older.schemaObjects() == Migration.schema(atVersion: Migration.all[1].version))
        #expect(try Migration.schema(atVersion: Migration.all[1].version) != Migration.schema(atVersion: Migration.latestVersion))
    }

    /// The latest schema is made at build time (embed-migrations applies the migrations as
    /// `Database.migrate` does) so that opening a catalog does not apply them all again.
    @Test("The schema made at build time is the one the migrations make at run time, and the one used")
    func schemaMadeAtBuildTime() throws {
        #expect(embeddedSchema.sqliteVersion == sqlite3_libversion_number())
        #expect(Migration.latestSchema == (try Migration.migratedSchema(atVersion: Migration.latestVersion)))
        #expect(try Migration.schema(atVersion: Migration.latestVersion) == Migration.latestSchema)
        #expect(Migration.latestSchema.contains { $0.name == "schema_migrations" })
    }

    @Test("A trigger, a view, a table or an index the migrations did not make is refused by open and by create, naming it",
          arguments: [("CREATE TRIGGER grow AFTER UPDATE ON labels BEGIN SELECT 1; END;", "trigger grow (on labels)"),
                      ("CREATE VIEW everything AS SELECT * FROM labels;", "view everything"),
                      ("CREATE TABLE notes (body TEXT);", "table notes"),
                      ("CREATE INDEX by_text ON labels (text);", "index by_text (on labels)"),
                      ("DROP INDEX layouts_truncated;", "lacks index layouts_truncated (on layouts)")])
    func unexpectedObjects(_ sql: String, _ named: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        _ = try Catalog.create(path: path)
        try SQLiteShell.run(path, sql)
        for open in [{ _ = try Catalog.open(path: path) }, { _ = try Catalog.open(path: path, readOnly: true) }, { _ = try Catalog.create(path: path) }] {
            let error = #expect(throws: CatalogError.self) { try open() }
            #expect(error.map { "\($0)".contains(named) } == true, "\(String(describing: error))")
        }
    }

    @Test("A folder or a device is not a catalog, and nothing is made beside it")
    func notRegularFiles() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url("folder", directory: true).path
        let error = #expect(throws: CatalogError.self) { try Catalog.open(path: folder + "/") }
        #expect(error.map { "\($0)".contains("it is a folder") } == true, "\(String(describing: error))")
        let device = #expect(throws: CatalogError.self) { try Catalog.create(path: "/dev/zero") }
        #expect(device.map { "\($0)".contains("device") } == true, "\(String(describing: device))")
        #expect(!FileManager.default.fileExists(atPath: "/dev/zero-journal"))
    }
}
