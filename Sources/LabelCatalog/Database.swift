import CSQLite

/// A failed SQLite call: the result code, SQLite's message and the SQL that failed.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    public let resultCode: Int32
    public let message: String
    public let sql: String?

    public var description: String {
        var text = "SQLite error \(resultCode): \(message)"
        if let sql { text += " (in: \(sql.count > 200 ? String(sql.prefix(200)) + "…" : sql))" }
        return text
    }
}

/// One connection to a SQLite file. It owns the `sqlite3` handle and closes it in `deinit`.
/// A connection is used by one thread at a time.
///
/// ```swift
/// let database = try Database(path: "labelcat.sqlite")
/// try database.execute("PRAGMA journal_mode = WAL")
/// ```
public final class Database {
    let handle: OpaquePointer
    public let path: String
    private var statements: [String: Statement] = [:]

    /// Opens (and with `create`, creates) a database file with foreign keys on and a busy
    /// timeout, so a writer waits for another instead of failing at once.
    public init(path: String, readOnly: Bool = false, create: Bool = false, busyTimeoutMilliseconds: Int32 = 10_000) throws(DatabaseError) {
        var handle: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0))
            | SQLITE_OPEN_NOMUTEX
        let result = sqlite3_open_v2(path, &handle, flags, nil)
        guard result == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(handle)
            throw DatabaseError(resultCode: result, message: message, sql: nil)
        }
        self.handle = handle
        self.path = path
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(handle, 1)
        try execute("PRAGMA foreign_keys = ON")
        // In WAL mode NORMAL keeps the file consistent on a crash and skips an fsync per commit.
        try execute("PRAGMA synchronous = NORMAL")
        // A 64 MiB page cache (SQLite's default is 2 MiB): bulk recomputes of large catalogs
        // read and rewrite B-tree pages that a small cache keeps evicting.
        try execute("PRAGMA cache_size = -65536")
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    func error(_ code: Int32, sql: String?) -> DatabaseError {
        DatabaseError(resultCode: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws(DatabaseError) {
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        guard result == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw DatabaseError(resultCode: result, message: text, sql: sql)
        }
    }

    /// A prepared statement for `sql`, cached: preparing happens once per connection.
    public func statement(_ sql: String) throws(DatabaseError) -> Statement {
        if let statement = statements[sql] {
            statement.reset()
            return statement
        }
        let statement = try Statement(database: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` in a transaction: `BEGIN IMMEDIATE` for writes (so it never fails halfway
    /// with "database is locked" on upgrading), `BEGIN DEFERRED` for reads. Commits when
    /// `body` returns, rolls back when it throws.
    public func transaction<T>(write: Bool = true, _ body: () throws -> T) throws -> T {
        try execute(write ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` with this connection's triggers off: for labelcat's own writes to
    /// `layouts` and `recompute_queue`, whose triggers record edits made by others.
    public func withoutTriggers<T>(_ body: () throws -> T) throws -> T {
        let result = labelcat_sqlite_enable_triggers(handle, 0)
        guard result == SQLITE_OK else { throw error(result, sql: nil) }
        defer { labelcat_sqlite_enable_triggers(handle, 1) }
        return try body()
    }

    /// The first column of the first row, as text.
    public func scalarText(_ sql: String, _ bindings: SQLValue...) throws(DatabaseError) -> String? {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        guard try statement.step() else { return nil }
        return statement.text(0)
    }

    /// The first column of the first row, as an integer.
    public func scalarInt(_ sql: String, _ bindings: SQLValue...) throws(DatabaseError) -> Int? {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        guard try statement.step() else { return nil }
        return statement.isNull(0) ? nil : statement.int(0)
    }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// `PRAGMA data_version`: changes when another connection commits.
    public func dataVersion() throws(DatabaseError) -> Int {
        try scalarInt("PRAGMA data_version") ?? 0
    }
}

/// A value to bind to a statement parameter.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int)
    case real(Double)
    case text(String)
}

/// A prepared statement; finalized in `deinit`.
public final class Statement {
    let handle: OpaquePointer
    unowned let database: Database
    public let sql: String

    init(database: Database, sql: String) throws(DatabaseError) {
        var handle: OpaquePointer?
        let result = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard result == SQLITE_OK, let handle else { throw database.error(result, sql: sql) }
        self.handle = handle
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Ends the statement's current run (releasing its read snapshot) and clears bindings.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    public func bind(_ values: [SQLValue]) throws(DatabaseError) {
        for (index, value) in values.enumerated() { try bind(value, at: Int32(index + 1)) }
    }

    public func bind(_ value: SQLValue, at index: Int32) throws(DatabaseError) {
        let result: Int32
        switch value {
        case .null: result = sqlite3_bind_null(handle, index)
        case .integer(let number): result = sqlite3_bind_int64(handle, index, Int64(number))
        case .real(let number): result = sqlite3_bind_double(handle, index, number)
        case .text(let text): result = sqlite3_bind_text(handle, index, text, -1, labelcat_sqlite_transient())
        }
        guard result == SQLITE_OK else { throw database.error(result, sql: sql) }
    }

    /// Advances to the next row; false when there are no more.
    @discardableResult
    public func step() throws(DatabaseError) -> Bool {
        let result = sqlite3_step(handle)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(result, sql: sql)
        }
    }

    /// Binds and runs a statement that returns no rows.
    public func run(_ values: SQLValue...) throws(DatabaseError) {
        reset()
        defer { reset() }
        try bind(values)
        try step()
    }

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    public func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    public func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column as a `SQLValue`, keeping SQLite's storage class.
    public func value(_ column: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(int(column))
        case SQLITE_FLOAT: return .real(double(column))
        case SQLITE_NULL: return .null
        default: return .text(text(column) ?? "")
        }
    }
}

/// SQLite's GLOB match (`*`, `?`, `[…]`, case-sensitive), as `WHERE name GLOB ?` applies it.
public func sqliteGlob(_ pattern: String, _ text: String) -> Bool {
    sqlite3_strglob(pattern, text) == 0
}
