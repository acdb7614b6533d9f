import CFuzzSQLite

/// The harness's own connection to a catalog file, apart from the catalog's (labelcat's SQLite
/// layer is internal to its package): it sees what the catalog committed, hashes its tables,
/// checks its integrity, and in the self-test breaks it on purpose. Owns its `sqlite3` handle.
final class SQLiteConnection {
    /// A column's value, in SQLite's storage class.
    enum Value: Hashable {
        case null
        case integer(Int)
        case real(Double)
        case text(String)
        case blob([UInt8])
    }

    /// A SQLite error: its result code, SQLite's message and the SQL that failed.
    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        let message: String
        let sql: String

        var description: String { "SQLite error \(code): \(message) (in: \(sql))" }
    }

    private let handle: OpaquePointer

    /// Opens an existing file for reading and writing; a writer that finds the file locked waits
    /// up to `busyTimeoutMilliseconds` (0: fails at once with `SQLITE_BUSY`).
    init(path: String, busyTimeoutMilliseconds: Int32 = 10_000) throws {
        var handle: OpaquePointer?
        let result = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil)
        guard result == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(handle)
            throw Failure(code: result, message: message, sql: "open \(path)")
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        guard result == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw Failure(code: result, message: text, sql: sql)
        }
    }

    /// Every row of one statement, each column as stored.
    func rows(_ sql: String) throws -> [[Value]] {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw failure(prepared, sql) }
        defer { sqlite3_finalize(statement) }
        let columns = sqlite3_column_count(statement)
        var rows: [[Value]] = []
        while true {
            let stepped = sqlite3_step(statement)
            if stepped == SQLITE_DONE { return rows }
            guard stepped == SQLITE_ROW else { throw failure(stepped, sql) }
            rows.append((0..<columns).map { Self.value(statement, $0) })
        }
    }

    /// `PRAGMA data_version`: changes when another connection commits.
    func dataVersion() throws -> Int {
        guard case .integer(let version)? = try rows("PRAGMA data_version").first?.first else {
            throw Failure(code: SQLITE_ERROR, message: "no data_version", sql: "PRAGMA data_version")
        }
        return version
    }

    /// True when another connection holds the file's write lock (a write transaction it left
    /// open): this connection's `BEGIN IMMEDIATE` is refused as busy.
    func writeLockIsHeldElsewhere() -> Bool {
        do {
            try execute("BEGIN IMMEDIATE")
            try execute("ROLLBACK")
            return false
        } catch let failure as Failure {
            return failure.code & 0xFF == SQLITE_BUSY
        } catch {
            return false
        }
    }

    /// Runs `body` with this connection's triggers off: a change the catalog's triggers
    /// would queue for recomputing is made without them.
    func withoutTriggers<T>(_ body: () throws -> T) throws -> T {
        let result = fuzz_sqlite_enable_triggers(handle, 0)
        guard result == SQLITE_OK else { throw failure(result, "disable triggers") }
        defer { fuzz_sqlite_enable_triggers(handle, 1) }
        return try body()
    }

    private func failure(_ code: Int32, _ sql: String) -> Failure {
        Failure(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    private static func value(_ statement: OpaquePointer, _ column: Int32) -> Value {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return .integer(Int(sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            guard let bytes = sqlite3_column_text(statement, column) else { return .text("") }
            let count = Int(sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        }
    }
}
