#if canImport(Glibc)
import Glibc
#endif
import LabelJSON
import LabelLayout

/// A labelcat catalog: one SQLite file of design tokens, labels and their computed layouts
/// (docs/catalog.md). Every edit made through it recomputes the layouts it affects in the same
/// transaction, so the catalog is fresh without a running service.
///
/// ```swift
/// let catalog = try Catalog.create(path: "t.sqlite")
/// try catalog.setLabel(LabelRecord(name: "demo.top", text: "看我居上对齐了啊", frame: Rect(x: 20, y: 50, width: 350, height: 200)))
/// let layout = try catalog.layout(label: "demo.top")
/// ```
public final class Catalog {
    package let database: Database
    /// Lays out with the catalog's `default_family`; replaced when that setting changes.
    public private(set) var engine: LayoutEngine
    /// The settings layouts are computed under (`refreshSettings` follows changes).
    public private(set) var settings: CatalogSettings
    public let path: String
    public let isReadOnly: Bool
    /// Per-worker label resolvers of the last recompute, valid while the change counter is.
    var resolverCache: (counter: Int, resolvers: ResultSlots<LabelResolver>)?
    /// Font paths this process knows are in `layout_font_files`.
    var knownFontPaths: Set<String> = []
    /// `dataVersion` and `totalChanges` when `refreshSettings` last read the settings: while
    /// neither changes, no one has written them since.
    private var settingsReadAt: [Int]?
    /// The file opened (device and inode), to notice another file put at `path` since.
    let fileIdentity: FileIdentity?

    private init(database: Database, path: String, readOnly: Bool) throws {
        self.database = database
        self.path = path
        isReadOnly = readOnly
        fileIdentity = FileIdentity(path: path)
        // Settings edited in by hand that are not valid are reported when layouts are next
        // computed (refreshSettings); until then, and for `settings set` to mend them, the defaults.
        settings = CatalogSettings()
        engine = settings.makeEngine()
        if let stored = try? readSettings() {
            settings = stored
            engine = settings.makeEngine()
        }
    }

    /// Creates the catalog file, or upgrades an existing one to this binary's schema.
    /// Returns the catalog and the migrations applied.
    public static func create(path: String) throws -> (catalog: Catalog, applied: [String]) {
        let database = try openDatabase(path: path, mode: .readWrite(create: true))
        try checkSchema(database, path: path, allowOlder: true)
        let mode = try database.scalarText("PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
            throw CatalogError.notACatalog(path: path, reason: "cannot switch it to WAL mode")
        }
        let applied = try database.migrate()
        let catalog = try Catalog(database: database, path: path, readOnly: false)
        // A catalog without labels has every layout fresh: start the freshness record.
        if try catalog.freshnessRecord().environment == nil, try database.scalarInt("SELECT count(*) FROM labels") == 0 {
            try catalog.recordFreshness(try catalog.currentEnvironment(), generation: try catalog.freshnessRecord().generation)
        }
        return (catalog, applied)
    }

    /// Opens an existing catalog. A missing file, a file that is not SQLite, and a schema
    /// older or newer than this binary's are refused with a message that says so.
    ///
    /// A catalog this process cannot write (a read-only file, an unwritable directory, a
    /// read-only mount) is opened read-only: it answers every query, and edits are refused
    /// with `CatalogError.readOnly`. See `ReadOnlyAccess` for how it is read.
    public static func open(path: String, readOnly: Bool = false) throws -> Catalog {
        guard access(path, F_OK) == 0 else { throw CatalogError.missingCatalog(path: path) }
        let writable = !readOnly && ReadOnlyAccess.canWrite(path)
        let database = writable ? try openDatabase(path: path, mode: .readWrite(create: false))
            : try openDatabase(path: path, mode: ReadOnlyAccess.mode(for: path))
        try checkSchema(database, path: path, allowOlder: false)
        return try Catalog(database: database, path: path, readOnly: !writable)
    }

    /// Opens the file and reads its schema, so a file that is not SQLite fails here. A
    /// read-only open that SQLite refuses because it cannot create the WAL's `-shm` file is
    /// retried as immutable when that is safe (`ReadOnlyAccess.fallback`).
    private static func openDatabase(path: String, mode: Database.OpenMode) throws -> Database {
        try CatalogFile.check(path)
        // SQLite takes a file shorter than a page for an empty database, and it reports any
        // longer file without its header as SQLITE_NOTADB. The size comes from stat: opening
        // and closing the file would drop the POSIX locks of this process's other connections.
        var info = stat()
        if stat(path, &info) == 0, info.st_size > 0, info.st_size < 512 {
            throw CatalogError.notACatalog(path: path, reason: "not a SQLite database")
        }
        do {
            let database = try Database(path: path, mode: mode)
            _ = try database.scalarInt("SELECT count(*) FROM sqlite_master")
            return database
        } catch {
            if error.extendedResultCode == .SQLITE_NOTADB {
                throw CatalogError.notACatalog(path: path, reason: "not a SQLite database")
            }
            if mode == .readOnly, ReadOnlyAccess.cannotMakeSharedMemory(error) {
                return try openDatabase(path: path, mode: try ReadOnlyAccess.fallback(for: path))
            }
            throw CatalogError.database(error)
        }
    }

    /// Refuses a file whose schema version this binary cannot read, and one whose schema is not
    /// exactly what labelcat's migrations make for that version (docs/security.md): a trigger,
    /// view, table or index added to a catalog from elsewhere would run or answer in
    /// labelcat's place.
    private static func checkSchema(_ database: Database, path: String, allowOlder: Bool) throws {
        let version = try database.schemaVersion()
        if version > Migration.latestVersion {
            throw CatalogError.schemaTooNew(path: path, found: version, supported: Migration.latestVersion)
        }
        if !allowOlder {
            let tables = try database.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'table'") ?? 0
            if version == 0 {
                throw tables == 0 ? CatalogError.emptyDatabase(path: path)
                    : CatalogError.notACatalog(path: path, reason: "it has no labelcat schema")
            }
            if version < Migration.latestVersion {
                throw CatalogError.schemaOutdated(path: path, found: version, supported: Migration.latestVersion)
            }
        }
        var difference = SchemaDifference(found: try database.schemaObjects(), expected: try Migration.schema(atVersion: version))
        // A file without the schema yet (new, or empty) lacks everything; it may hold nothing else.
        if version == 0 { difference.missing = [] }
        guard !difference.isEmpty else { return }
        if version == 0, difference.unexpected.contains(where: { $0.type == "table" }) {
            throw CatalogError.notACatalog(path: path, reason: "it is another program's SQLite database (it has tables but no labelcat schema)")
        }
        throw CatalogError.unexpectedSchema(path: path, unexpected: difference.unexpected.map(\.described),
                                            altered: difference.altered.map(\.described), missing: difference.missing.map(\.described))
    }

    /// Throws `CatalogError.replaced` when `path` no longer names the file this catalog opened:
    /// it was removed, or another file was put there (deleted and created again, or renamed
    /// over it). Its connection still reads and writes the old file, which nobody else sees.
    public func checkStillAtPath() throws(CatalogError) {
        guard let fileIdentity else { return }
        let now = FileIdentity(path: path)
        guard now != fileIdentity else { return }
        throw .replaced(path: path, removed: now == nil)
    }

    /// Follows a change of the settings (made by anyone): a new engine for a new default
    /// family or new font substitutes. A value that is not valid (edited in by hand) is an error naming the setting.
    func refreshSettings() throws {
        let state = [try database.dataVersion(), database.totalChanges]
        guard state != settingsReadAt else { return }
        let stored = try readSettings()
        settingsReadAt = state
        guard stored != settings else { return }
        if stored.defaultFamily != settings.defaultFamily || stored.fontSubstitutes != settings.fontSubstitutes {
            engine = stored.makeEngine()
            resolverCache = nil
        }
        settings = stored
    }

    /// Runs an edit in one write transaction and brings every affected layout up to date
    /// before committing. Any error rolls the whole edit back: a label the edit leaves unable to
    /// be laid out too, unless `allowLayoutErrors` (or, with `allowMissingFonts`, when what it
    /// lacks is a font: a label naming a family not installed here is stored, and its layouts
    /// record the error until the font is installed or substituted). Labels queued before the
    /// edit (edited by another program) are recomputed with it, and their errors are recorded,
    /// not thrown.
    public func edit<T>(allowLayoutErrors: Bool = false, allowMissingFonts: Bool = false, _ body: () throws -> T) throws -> T {
        try write {
            let queuedBefore = try changeCounter()
            let result = try body()
            try refreshSettings()
            try recomputeQueued(allowLayoutErrors: allowLayoutErrors, allowMissingFonts: allowMissingFonts, queuedBefore: queuedBefore)
            return result
        }
    }

    /// Runs `body` in one write transaction (rolled back when it throws), refused on a
    /// read-only catalog; layouts are left to the queue.
    package func write<T>(_ body: () throws -> T) throws -> T {
        guard !isReadOnly else { throw CatalogError.readOnly(path: path) }
        do {
            return try writeTransaction(body)
        } catch let error as DatabaseError {
            if case .SQLITE_READONLY = error.resultCode { throw CatalogError.readOnly(path: path) }
            throw CatalogError.database(error)
        }
    }

    /// Runs `body` in a write transaction of `database`. When it is rolled back, what was
    /// cached from inside it goes too: the resolvers hold its tokens under a change counter
    /// that the rollback takes back (the next edit that queues as many changes reaches it
    /// again), and the font paths it recorded are no longer in `layout_font_files`.
    func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        do {
            return try database.transaction(body)
        } catch {
            resolverCache = nil
            knownFontPaths = []
            throw error
        }
    }
}
