#if canImport(Glibc)
import Glibc
#endif
import CSQLite
import LabelJSON

/// A SQLite result code, primary (`SQLITE_READONLY`) or extended (`SQLITE_READONLY_DIRECTORY`),
/// named as SQLite names them. A primary code matches its extended codes in a `switch` or with
/// `~=`: `case .SQLITE_READONLY` is true for `SQLITE_READONLY_DIRECTORY` too.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code of an extended one (its low 8 bits).
    public var primaryResultCode: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// SQLite's English description of the code.
    public var description: String { String(cString: sqlite3_errstr(rawValue)) }

    /// True when `code` is `pattern`, or an extended code of the primary code `pattern`.
    public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        pattern == code || (pattern.rawValue <= 0xFF && pattern == code.primaryResultCode)
    }

    // Primary codes (https://sqlite.org/rescode.html).
    public static let SQLITE_OK = ResultCode(rawValue: 0)
    public static let SQLITE_ERROR = ResultCode(rawValue: 1)
    public static let SQLITE_PERM = ResultCode(rawValue: 3)
    public static let SQLITE_BUSY = ResultCode(rawValue: 5)
    public static let SQLITE_LOCKED = ResultCode(rawValue: 6)
    public static let SQLITE_NOMEM = ResultCode(rawValue: 7)
    public static let SQLITE_READONLY = ResultCode(rawValue: 8)
    public static let SQLITE_IOERR = ResultCode(rawValue: 10)
    public static let SQLITE_CORRUPT = ResultCode(rawValue: 11)
    public static let SQLITE_FULL = ResultCode(rawValue: 13)
    public static let SQLITE_CANTOPEN = ResultCode(rawValue: 14)
    public static let SQLITE_CONSTRAINT = ResultCode(rawValue: 19)
    public static let SQLITE_TOOBIG = ResultCode(rawValue: 18)
    public static let SQLITE_MISUSE = ResultCode(rawValue: 21)
    public static let SQLITE_NOTADB = ResultCode(rawValue: 26)
    public static let SQLITE_ROW = ResultCode(rawValue: 100)
    public static let SQLITE_DONE = ResultCode(rawValue: 101)

    // Extended codes labelcat tells apart.
    /// A read-only connection cannot create the WAL's shared-memory file (`-shm`).
    public static let SQLITE_READONLY_CANTINIT = ResultCode(rawValue: 8 | 5 << 8)
    /// The database's directory is not writable, so its `-wal` or `-shm` cannot be created.
    public static let SQLITE_READONLY_DIRECTORY = ResultCode(rawValue: 8 | 6 << 8)
    public static let SQLITE_CONSTRAINT_FOREIGNKEY = ResultCode(rawValue: 19 | 3 << 8)
}

/// A failed SQLite call: the result code, SQLite's message and the SQL that failed.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_READONLY_DIRECTORY`).
    public let extendedResultCode: ResultCode
    public let message: String
    public let sql: String?

    public init(extendedResultCode: ResultCode, message: String, sql: String? = nil) {
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
    }

    /// The primary result code (`SQLITE_READONLY`).
    public var resultCode: ResultCode { extendedResultCode.primaryResultCode }

    public var description: String {
        var text = "SQLite error \(extendedResultCode.rawValue): \(message)"
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
package final class Database {
    let handle: OpaquePointer
    package let path: String
    package let mode: OpenMode
    private var statements: [String: Statement] = [:]
    /// Whether `withoutTriggers` has this connection's triggers off.
    private var triggersOff = false

    /// How a connection opens its file.
    package enum OpenMode: Sendable, Equatable {
        /// Reads and writes; with `create`, a missing file is created.
        case readWrite(create: Bool)
        /// Reads, taking SQLite's locks (a WAL database needs its `-shm` file, or to create it).
        case readOnly
        /// Reads a file nothing can change while it is open (on a read-only mount): no locks,
        /// no `-shm`, and a write-ahead log, if any, is not read. SQLite's `immutable=1`.
        case immutable
    }

    /// Opens (and with `.readWrite(create: true)`, creates) a database file with foreign keys on
    /// and a busy timeout, so a writer waits for another instead of failing at once. The
    /// connection is defensive (`SQLITE_DBCONFIG_DEFENSIVE`) and does not trust the file's schema
    /// (`trusted_schema = OFF`): a file may come from anyone.
    package init(path: String, mode: OpenMode = .readWrite(create: false), busyTimeoutMilliseconds: Int32 = 10_000) throws(DatabaseError) {
        _ = Self.configureSQLite
        var handle: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX
        var filename = path
        switch mode {
        case .readWrite(let create): flags |= SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            filename = Self.uri(path, query: "immutable=1")
        }
        let result = sqlite3_open_v2(filename, &handle, flags, nil)
        guard result == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(handle)
            throw DatabaseError(extendedResultCode: ResultCode(rawValue: result), message: message)
        }
        self.handle = handle
        self.path = path
        self.mode = mode
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(handle, 1)
        // Defensive, and trusting nothing the file's schema says (docs/security.md).
        let hardened = labelcat_sqlite_harden(handle)
        guard hardened == SQLITE_OK else { throw error(hardened, sql: nil) }
        try defineInnocuousJSONValid()
        try execute("PRAGMA foreign_keys = ON")
        if case .readWrite = mode {
            // In WAL mode NORMAL keeps the file consistent on a crash and skips an fsync per commit.
            try execute("PRAGMA synchronous = NORMAL")
        }
        // A 16 MiB page cache (SQLite's default is 2 MiB) holds a chunk's pages while they are
        // rewritten: bulk writes go through the tables in key order, so a larger one only fills
        // with pages never read again (64 MiB added 50 MB to a recompute's and 77 MB to an
        // import's peak memory, for no speed: docs/benchmarks.md).
        try execute("PRAGMA cache_size = -16384")
    }

    /// SQLite's process-wide configuration, set once before the first connection opens: no
    /// memory statistics (they take a global mutex on every allocation, which the recompute's
    /// writer and reader threads then contend for; labelcat never reads them).
    private static let configureSQLite: Void = {
        _ = labelcat_sqlite_disable_memory_statistics()
    }()

    /// The schema checks values with `json_valid`, which SQLite 3.40 does not mark innocuous, so
    /// with `trusted_schema` off no statement on those tables could even be prepared. The
    /// connection gets a `json_valid(X)` of its own, marked innocuous (it reads nothing but its
    /// argument): 1 when the text is JSON as LabelJSON reads it, 0 when not, NULL for NULL.
    private func defineInnocuousJSONValid() throws(DatabaseError) {
        let result = sqlite3_create_function_v2(
            handle, "json_valid", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nil,
            { context, _, arguments in
                guard let argument = arguments?[0], sqlite3_value_type(argument) != SQLITE_NULL else {
                    sqlite3_result_null(context)
                    return
                }
                let bytes = sqlite3_value_text(argument)
                let count = Int(sqlite3_value_bytes(argument))
                let valid = (try? JSONValue.parse(UnsafeBufferPointer(start: bytes, count: count))) != nil
                sqlite3_result_int(context, valid ? 1 : 0)
            }, nil, nil, nil)
        guard result == SQLITE_OK else { throw error(result, sql: nil) }
    }

    /// A `file:` URI of a path, with the characters URIs reserve escaped.
    static func uri(_ path: String, query: String) -> String {
        var escaped = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        // "file:" + an absolute path needs an empty authority ("file:///…"); a relative one none.
        return (path.hasPrefix("/") ? "file://" : "file:") + escaped + "?" + query
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    func error(_ code: Int32, sql: String?) -> DatabaseError {
        DatabaseError(extendedResultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// Runs one or more statements that return no rows.
    package func execute(_ sql: String) throws(DatabaseError) {
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        guard result == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw DatabaseError(extendedResultCode: ResultCode(rawValue: result), message: text, sql: sql)
        }
    }

    /// A prepared statement for `sql`, cached: preparing happens once per connection.
    package func statement(_ sql: String) throws(DatabaseError) -> Statement {
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
    package func transaction<T>(write: Bool = true, _ body: () throws -> T) throws -> T {
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

    /// Runs `body` inside a savepoint of the current transaction: what it wrote is undone
    /// when it throws (the transaction goes on), kept when it returns.
    public func savepoint<T>(_ name: String, _ body: () throws -> T) throws -> T {
        try execute("SAVEPOINT \(name)")
        do {
            let result = try body()
            try execute("RELEASE \(name)")
            return result
        } catch {
            try? execute("ROLLBACK TO \(name)")
            try? execute("RELEASE \(name)")
            throw error
        }
    }

    /// Runs `body` with this connection's triggers off: for labelcat's own writes to
    /// `layouts` and `recompute_queue`, whose triggers record edits made by others. Inside
    /// another such call it only runs `body` (the outer call turns them back on). Each switch
    /// expires the connection's prepared statements (SQLite prepares them again on next use).
    package func withoutTriggers<T>(_ body: () throws -> T) throws -> T {
        guard !triggersOff else { return try body() }
        let result = labelcat_sqlite_enable_triggers(handle, 0)
        guard result == SQLITE_OK else { throw error(result, sql: nil) }
        triggersOff = true
        defer {
            labelcat_sqlite_enable_triggers(handle, 1)
            triggersOff = false
        }
        return try body()
    }

    /// The first column of the first row, as text.
    package func scalarText(_ sql: String, _ bindings: SQLValue...) throws(DatabaseError) -> String? {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        guard try statement.step() else { return nil }
        return statement.text(0)
    }

    /// The first column of the first row, as an integer.
    package func scalarInt(_ sql: String, _ bindings: SQLValue...) throws(DatabaseError) -> Int? {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        guard try statement.step() else { return nil }
        return statement.optionalInt(0)
    }

    /// Rows changed by the last statement.
    package var changes: Int { Int(sqlite3_changes(handle)) }

    /// Rows this connection has inserted, updated or deleted since it opened (triggers' too).
    package var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }

    /// `PRAGMA data_version`: changes when another connection commits.
    package func dataVersion() throws(DatabaseError) -> Int {
        try scalarInt("PRAGMA data_version") ?? 0
    }
}

/// A value to bind to a statement parameter.
package enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int)
    case real(Double)
    case text(String)
}

/// A prepared statement; finalized in `deinit`.
package final class Statement {
    let handle: OpaquePointer
    unowned let database: Database
    package let sql: String

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
    package func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    package func bind(_ values: [SQLValue]) throws(DatabaseError) {
        for (index, value) in values.enumerated() { try bind(value, at: Int32(index + 1)) }
    }

    package func bind(_ value: SQLValue, at index: Int32) throws(DatabaseError) {
        let result: Int32
        switch value {
        case .null: result = sqlite3_bind_null(handle, index)
        case .integer(let number): result = sqlite3_bind_int64(handle, index, Int64(number))
        case .real(let number): result = sqlite3_bind_double(handle, index, number)
        case .text(let text):
            // With its byte length, so a U+0000 inside the text is stored, not an end.
            result = text.withCString { bytes in
                sqlite3_bind_text64(handle, index, bytes, sqlite3_uint64(text.utf8.count), labelcat_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
        guard result == SQLITE_OK else { throw database.error(result, sql: sql) }
    }

    /// Advances to the next row; false when there are no more.
    @discardableResult
    package func step() throws(DatabaseError) -> Bool {
        let result = sqlite3_step(handle)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(result, sql: sql)
        }
    }

    /// Binds and runs a statement that returns no rows.
    package func run(_ values: SQLValue...) throws(DatabaseError) {
        reset()
        defer { reset() }
        try bind(values)
        try step()
    }

    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    /// The column's storage class (`SQLITE_INTEGER`, `SQLITE_FLOAT`, `SQLITE_TEXT`, `SQLITE_BLOB`, `SQLITE_NULL`).
    package func columnType(_ column: Int32) -> Int32 { sqlite3_column_type(handle, column) }
    package func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    /// The column as an integer, nil for NULL.
    package func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }
    package func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    package func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0 else { return "" } // most locales, variants and devices
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column's UTF-8 bytes, without making a `String` of them (nil for NULL): valid until
    /// the next `step` or `reset`.
    package func utf8(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column)))
    }

    /// Whether the column holds exactly `text` (compared by bytes, no `String` made).
    package func textEquals(_ column: Int32, _ text: String) -> Bool {
        guard let bytes = utf8(column) else { return false }
        var text = text
        return text.withUTF8 { own in
            own.count == bytes.count && (own.isEmpty || memcmp(own.baseAddress!, bytes.baseAddress!, own.count) == 0)
        }
    }

    /// The column as a `SQLValue`, keeping SQLite's storage class.
    package func value(_ column: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(int(column))
        case SQLITE_FLOAT: return .real(double(column))
        case SQLITE_NULL: return .null
        default: return .text(text(column) ?? "")
        }
    }
}

/// SQLite's GLOB match (`*`, `?`, `[…]`, case-sensitive), as `WHERE name GLOB ?` applies it.
package func sqliteGlob(_ pattern: String, _ text: String) -> Bool {
    sqlite3_strglob(pattern, text) == 0
}
