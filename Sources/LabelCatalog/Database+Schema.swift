import CSQLite
import Synchronization

/// One object of a database's schema: a row of `sqlite_schema`.
struct SchemaObject: Sendable, Hashable, Comparable {
    /// `table`, `index`, `trigger` or `view`.
    var type: String
    var name: String
    /// The table an index or a trigger belongs to (a table's or view's own name).
    var table: String
    /// The SQL that created it (nil for an index SQLite makes for a constraint).
    var sql: String?

    static func < (lhs: SchemaObject, rhs: SchemaObject) -> Bool {
        (lhs.type, lhs.name) < (rhs.type, rhs.name)
    }

    /// `trigger labels_grow (on labels)`, `table notes`.
    var described: String {
        table == name ? "\(type) \(name)" : "\(type) \(name) (on \(table))"
    }
}

extension Database {
    /// The file's schema objects, without SQLite's own (`sqlite_sequence`, `sqlite_stat1`,
    /// `sqlite_autoindex_…`), sorted.
    func schemaObjects() throws(DatabaseError) -> [SchemaObject] {
        let statement = try statement("""
            SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name
            """)
        defer { statement.reset() }
        var objects: [SchemaObject] = []
        while try statement.step() {
            objects.append(SchemaObject(type: statement.text(0) ?? "", name: statement.text(1) ?? "",
                                        table: statement.text(2) ?? "", sql: statement.text(3)))
        }
        return objects
    }
}

extension Migration {
    /// The schema the migrations up to `version` make, so the expectation follows
    /// `migrations/` as it grows and no list is kept by hand. The latest version's was made at
    /// build time (`embeddedSchema`) and is used when this process's SQLite is the one that
    /// made it; any other is `migratedSchema(atVersion:)`.
    static func schema(atVersion version: Int) throws -> [SchemaObject] {
        if version == latestVersion, embeddedSchema.sqliteVersion == sqlite3_libversion_number() { return latestSchema }
        return try migratedSchema(atVersion: version)
    }

    /// The latest schema as the build made it.
    static let latestSchema = embeddedSchema.objects.map { SchemaObject(type: $0.type, name: $0.name, table: $0.table, sql: $0.sql) }

    /// The schema the migrations up to `version` make, applied to an in-memory database
    /// (every statement of every migration: most of a small command's time). Made once per
    /// version and process.
    static func migratedSchema(atVersion version: Int) throws -> [SchemaObject] {
        if let known = schemas.withLock({ $0[version] }) { return known }
        let database = try Database(path: ":memory:", mode: .readWrite(create: true))
        _ = try database.migrate(all.filter { $0.version <= version })
        let objects = try database.schemaObjects()
        schemas.withLock { $0[version] = objects }
        return objects
    }

    private static let schemas = Mutex<[Int: [SchemaObject]]>([:])
}

/// What a catalog's schema has that labelcat's migrations did not make, or lacks of theirs.
struct SchemaDifference: Sendable {
    /// Objects the migrations did not create (a trigger, view, table or index added by hand).
    var unexpected: [SchemaObject] = []
    /// Objects of the migrations' names whose SQL (or table) is another.
    var altered: [SchemaObject] = []
    /// Objects of the migrations the file does not have.
    var missing: [SchemaObject] = []

    var isEmpty: Bool { unexpected.isEmpty && altered.isEmpty && missing.isEmpty }

    /// Compares a file's schema with the one its schema version should have.
    init(found: [SchemaObject], expected: [SchemaObject]) {
        func identity(_ object: SchemaObject) -> [String] { [object.type, object.name] }
        let expectedByName = Dictionary(expected.map { (identity($0), $0) }, uniquingKeysWith: { first, _ in first })
        let foundNames = Set(found.map(identity))
        for object in found {
            guard let wanted = expectedByName[identity(object)] else {
                unexpected.append(object)
                continue
            }
            if wanted != object { altered.append(object) }
        }
        missing = expected.filter { !foundNames.contains(identity($0)) }
    }
}
