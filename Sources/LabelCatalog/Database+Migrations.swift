/// A numbered schema change from `migrations/` (embedded in the binary at build time).
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    public let sql: String

    /// Every migration the binary carries, in order.
    public static let all: [Migration] = embeddedMigrations.map { file in
        Migration(version: Int(file.name.prefix { $0.isNumber }) ?? 0, name: file.name, sql: file.sql)
    }.sorted { $0.version < $1.version }

    /// The schema version this binary writes.
    public static var latestVersion: Int { all.last?.version ?? 0 }
}

extension Database {
    /// The highest migration recorded in the file (0 for a file without the table).
    public func schemaVersion() throws(DatabaseError) -> Int {
        let exists = try scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'") ?? 0
        guard exists > 0 else { return 0 }
        return try scalarInt("SELECT coalesce(max(version), 0) FROM schema_migrations") ?? 0
    }

    /// Applies the migrations the file lacks, each in its own transaction, recording each in
    /// `schema_migrations`. Returns the names applied.
    func migrate(_ migrations: [Migration] = Migration.all) throws -> [String] {
        try execute("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version    INTEGER PRIMARY KEY,
                name       TEXT NOT NULL,
                applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            )
            """)
        var applied: [String] = []
        for migration in migrations {
            try transaction {
                // Checked inside the transaction: another process may have applied it meanwhile.
                let done = try scalarInt("SELECT count(*) FROM schema_migrations WHERE version = ?", .integer(migration.version)) ?? 0
                guard done == 0 else { return }
                try execute(migration.sql)
                try statement("INSERT INTO schema_migrations (version, name) VALUES (?, ?)")
                    .run(.integer(migration.version), .text(migration.name))
                applied.append(migration.name)
            }
        }
        return applied
    }
}
