// Writes a Swift file holding the given migration files as string literals, and the schema
// they make, as this build's SQLite stores it:
//   embed-migrations OUTPUT.swift migrations/001_initial.sql …
import CSQLite
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: embed-migrations OUTPUT.swift FILE.sql…\n".utf8))
    exit(64)
}

/// A Swift string literal of `text`, raw, its delimiter long enough for what it holds.
func literal(_ text: String) -> String {
    var delimiter = "#"
    while text.contains("\"\(delimiter)") { delimiter += "#" }
    return "\(delimiter)\"\"\"\n\(text)\n\"\"\"\(delimiter)"
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("embed-migrations: \(message)\n".utf8))
    exit(1)
}

/// Each file's version (the number its name starts with), name and SQL.
let migrations = arguments.dropFirst().map { path in
    let url = URL(fileURLWithPath: path)
    guard let sql = try? String(contentsOf: url, encoding: .utf8) else { fail("cannot read \(path)") }
    let name = url.lastPathComponent
    return (version: Int(name.prefix { $0.isNumber }) ?? 0, name: name, sql: sql)
}

/// The table `Database.migrate` records the migrations applied in. Its SQL is part of every
/// catalog's schema, so it is written here once and embedded for `migrate` to run.
let schemaMigrationsTableSQL = """
    CREATE TABLE IF NOT EXISTS schema_migrations (
        version    INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    )
    """

/// The schema objects (type, name, table, SQL) the migrations leave in an empty database, applied
/// as `Database.migrate` applies them: the same `schema_migrations` table, foreign keys off and
/// the legacy rename on, each migration recorded. A test compares the result with what
/// `migrate` makes at run time (`UntrustedCatalogTests`).
func schemaObjects() -> [(type: String, name: String, table: String, sql: String?)] {
    var connection: OpaquePointer?
    guard sqlite3_open(":memory:", &connection) == SQLITE_OK, let database = connection else { fail("cannot open SQLite") }
    defer { sqlite3_close(database) }
    func run(_ sql: String, _ what: String) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(database, sql, nil, nil, &message) != SQLITE_OK else { return }
        fail("\(what): \(message.map { String(cString: $0) } ?? "error \(sqlite3_errcode(database))")")
    }
    run(schemaMigrationsTableSQL, "schema_migrations")
    run("PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON", "pragmas")
    for migration in migrations {
        let name = migration.name.replacingOccurrences(of: "'", with: "''")
        run("BEGIN; \(migration.sql)\n;INSERT INTO schema_migrations (version, name) VALUES (\(migration.version), '\(name)'); COMMIT",
            migration.name)
    }
    var statement: OpaquePointer?
    let query = "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name"
    guard sqlite3_prepare_v2(database, query, -1, &statement, nil) == SQLITE_OK else { fail("cannot read the schema") }
    defer { sqlite3_finalize(statement) }
    var objects: [(type: String, name: String, table: String, sql: String?)] = []
    func text(_ column: Int32) -> String? { sqlite3_column_text(statement, column).map { String(cString: $0) } }
    while sqlite3_step(statement) == SQLITE_ROW {
        objects.append((text(0) ?? "", text(1) ?? "", text(2) ?? "", text(3)))
    }
    return objects
}

var source = "// Generated from migrations/*.sql by the EmbedMigrations plugin. Do not edit.\n\n"
source += "let embeddedMigrations: [(version: Int, name: String, sql: String)] = [\n"
for migration in migrations {
    source += "    (\(migration.version), \(String(reflecting: migration.name)), \(literal(migration.sql))),\n"
}
source += "]\n\n"
source += "let schemaMigrationsTableSQL = \(literal(schemaMigrationsTableSQL))\n\n"
source += "/// The schema every migration makes, read from SQLite \(String(cString: sqlite3_libversion())) at build time.\n"
source += "let embeddedSchema: (sqliteVersion: Int32, objects: [(type: String, name: String, table: String, sql: String?)]) = (\n"
source += "    \(sqlite3_libversion_number()), [\n"
for object in schemaObjects() {
    let strings = [object.type, object.name, object.table].map { String(reflecting: $0) }.joined(separator: ", ")
    source += "    (\(strings), \(object.sql.map(literal) ?? "nil")),\n"
}
source += "])\n"
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    fail("cannot write \(output): \(error)")
}
