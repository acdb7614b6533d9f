/// A numbered schema change from `migrations/` (embedded in the binary at build time).
package struct Migration: Sendable {
    package let version: Int
    package let name: String
    package let sql: String

    /// Every migration the binary carries, in order.
    package static let all: [Migration] = embeddedMigrations.map { file in
        Migration(version: file.version, name: file.name, sql: file.sql)
    }.sorted { $0.version < $1.version }

    /// The schema version this binary writes.
    package static var latestVersion: Int { all.last?.version ?? 0 }
}

extension Database {
    /// The highest migration recorded in the file (0 for a file without the table).
    package func schemaVersion() throws(DatabaseError) -> Int {
        let exists = try scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'") ?? 0
        guard exists > 0 else { return 0 }
        return try scalarInt("SELECT coalesce(max(version), 0) FROM schema_migrations") ?? 0
    }

    /// Applies the migrations the file lacks, each in its own transaction, recording each in
    /// `schema_migrations`. Returns the names applied.
    ///
    /// Foreign keys are off while migrations run (SQLite ignores the pragma inside a
    /// transaction, so it is set around them): a migration that rebuilds a table (create the
    /// new one, copy, drop the old, rename) would otherwise delete every row that references
    /// the dropped table, through `ON DELETE CASCADE`. `legacy_alter_table` is on too, so that
    /// renaming the new table does not fail on triggers of other tables that name the old
    /// one. Each migration's transaction then runs
    /// `PRAGMA foreign_key_check` and commits only when it finds nothing.
    func migrate(_ migrations: [Migration] = Migration.all) throws -> [String] {
        try execute(schemaMigrationsTableSQL) // written in embed-migrations, which applies the migrations as this does
        try execute("PRAGMA foreign_keys = OFF")
        // A table rebuilt the SQLite way is renamed while triggers of other tables name it
        // (key_texts' triggers read labels): the legacy rename leaves their text alone rather
        // than failing on the table dropped a moment before (SQLite's advice for rebuilds).
        try execute("PRAGMA legacy_alter_table = ON")
        defer {
            try? execute("PRAGMA legacy_alter_table = OFF")
            try? execute("PRAGMA foreign_keys = ON")
        }
        var applied: [String] = []
        for migration in migrations {
            try transaction {
                // Checked inside the transaction: another process may have applied it meanwhile.
                let done = try scalarInt("SELECT count(*) FROM schema_migrations WHERE version = ?", .integer(migration.version)) ?? 0
                guard done == 0 else { return }
                try execute(migration.sql)
                try checkForeignKeys(after: migration)
                try statement("INSERT INTO schema_migrations (version, name) VALUES (?, ?)")
                    .run(.integer(migration.version), .text(migration.name))
                applied.append(migration.name)
            }
        }
        return applied
    }

    /// Throws when a row references one that does not exist (`PRAGMA foreign_key_check`).
    private func checkForeignKeys(after migration: Migration) throws {
        let statement = try statement("PRAGMA foreign_key_check")
        defer { statement.reset() }
        var violations: [String] = []
        while try statement.step(), violations.count < 5 {
            let row = statement.isNull(1) ? "a row" : "row \(statement.int(1))"
            violations.append("\(row) of \(statement.text(0) ?? "?") → \(statement.text(2) ?? "?")")
        }
        guard violations.isEmpty else { throw MigrationError.foreignKeyViolation(migration: migration.name, rows: violations) }
    }
}

/// A migration that would leave the file inconsistent (it is rolled back).
public enum MigrationError: Error, CustomStringConvertible {
    /// Rows whose foreign keys name rows that do not exist ("row 3 of label_texts → labels").
    case foreignKeyViolation(migration: String, rows: [String])

    public var description: String {
        switch self {
        case .foreignKeyViolation(let migration, let rows):
            return "migration \(migration) leaves rows referencing rows that do not exist (\(rows.joined(separator: "; "))); it was rolled back"
        }
    }
}
