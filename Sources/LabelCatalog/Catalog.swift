#if canImport(Glibc)
import Glibc
#endif
import LabelJSON
import LabelLayout

/// A labelcat catalog: one SQLite file of design tokens, labels and their computed layouts
/// (SPEC §4). Every edit made through it recomputes the layouts it affects in the same
/// transaction, so the catalog is fresh without a running service.
///
/// ```swift
/// let catalog = try Catalog.create(path: "t.sqlite")
/// try catalog.setLabel(LabelRecord(name: "demo.top", text: "看我居上对齐了啊", frame: Rect(x: 20, y: 50, width: 350, height: 200)))
/// let layout = try catalog.layout(label: "demo.top")
/// ```
public final class Catalog {
    public let database: Database
    /// Lays out with the catalog's `default_family`; replaced when that setting changes.
    public private(set) var engine: LayoutEngine
    public let path: String
    public let isReadOnly: Bool
    /// Per-worker label resolvers of the last recompute, valid while the change counter is.
    var resolverCache: (counter: Int, resolvers: ResultSlots<LabelResolver>)?
    /// Font paths this process knows are in `layout_font_files`.
    var knownFontPaths: Set<String> = []

    private init(database: Database, path: String, readOnly: Bool) throws {
        self.database = database
        self.path = path
        isReadOnly = readOnly
        let family = try database.scalarText("SELECT value FROM settings WHERE key = 'default_family'") ?? "Noto Sans CJK SC"
        engine = LayoutEngine(defaultFamily: family)
    }

    /// Creates the catalog file, or upgrades an existing one to this binary's schema.
    /// Returns the catalog and the migrations applied.
    public static func create(path: String) throws -> (catalog: Catalog, applied: [String]) {
        let database = try openDatabase(path: path, readOnly: false, create: true)
        try checkSchema(database, path: path, allowOlder: true)
        let tables = try database.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name <> 'schema_migrations'") ?? 0
        if try database.schemaVersion() == 0, tables > 0 {
            throw CatalogError.notACatalog(path: path, reason: "it is another program's SQLite database (it has tables but no labelcat schema)")
        }
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
    public static func open(path: String, readOnly: Bool = false) throws -> Catalog {
        guard access(path, F_OK) == 0 else { throw CatalogError.missingCatalog(path: path) }
        let writable = !readOnly && access(path, W_OK) == 0
        let database = try openDatabase(path: path, readOnly: !writable, create: false)
        try checkSchema(database, path: path, allowOlder: false)
        return try Catalog(database: database, path: path, readOnly: !writable)
    }

    private static func openDatabase(path: String, readOnly: Bool, create: Bool) throws -> Database {
        // SQLite takes a file shorter than a page for an empty database, and it reports any
        // longer file without its header as SQLITE_NOTADB. The size comes from stat: opening
        // and closing the file would drop the POSIX locks of this process's other connections.
        var info = stat()
        if stat(path, &info) == 0, info.st_size > 0, info.st_size < 512 {
            throw CatalogError.notACatalog(path: path, reason: "not a SQLite database")
        }
        do {
            let database = try Database(path: path, readOnly: readOnly, create: create)
            _ = try database.scalarInt("SELECT count(*) FROM sqlite_master")
            return database
        } catch {
            if error.resultCode == 26 /* SQLITE_NOTADB */ {
                throw CatalogError.notACatalog(path: path, reason: "not a SQLite database")
            }
            throw CatalogError.database(error)
        }
    }

    private static func checkSchema(_ database: Database, path: String, allowOlder: Bool) throws {
        let version = try database.schemaVersion()
        if version > Migration.latestVersion {
            throw CatalogError.schemaTooNew(path: path, found: version, supported: Migration.latestVersion)
        }
        if !allowOlder {
            let tables = try database.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'table'") ?? 0
            if version == 0 {
                throw tables == 0 ? CatalogError.notACatalog(path: path, reason: "it is an empty SQLite file; run 'labelcat init'")
                    : CatalogError.notACatalog(path: path, reason: "it has no labelcat schema")
            }
            if version < Migration.latestVersion {
                throw CatalogError.schemaOutdated(path: path, found: version, supported: Migration.latestVersion)
            }
        }
    }

    /// Follows a change of the `default_family` setting (made by anyone): a new engine.
    func refreshSettings() throws {
        let family = try database.scalarText("SELECT value FROM settings WHERE key = 'default_family'") ?? engine.fonts.defaultFamily
        guard family != engine.fonts.defaultFamily else { return }
        engine = LayoutEngine(defaultFamily: family)
        resolverCache = nil
    }

    /// Runs an edit in one write transaction and brings every affected layout up to date
    /// before committing. Any error rolls the whole edit back.
    public func edit<T>(allowLayoutErrors: Bool = false, _ body: () throws -> T) throws -> T {
        guard !isReadOnly else { throw CatalogError.readOnly(path: path) }
        do {
            return try database.transaction {
                let result = try body()
                try refreshSettings()
                try recomputeQueued(allowLayoutErrors: allowLayoutErrors)
                return result
            }
        } catch let error as DatabaseError {
            if error.resultCode & 0xFF == 8 /* SQLITE_READONLY */ { throw CatalogError.readOnly(path: path) }
            throw CatalogError.database(error)
        }
    }

    // MARK: - Tokens

    /// Every token in the catalog.
    public func allTokens() throws -> [Token] {
        let statement = try database.statement("SELECT name, type, value, description, extensions FROM tokens ORDER BY name")
        var tokens: [Token] = []
        while try statement.step() {
            tokens.append(try token(from: statement))
        }
        return tokens
    }

    private func token(from statement: Statement) throws -> Token {
        let name = statement.text(0) ?? ""
        guard let type = TokenType(rawValue: statement.text(1) ?? "") else {
            throw CatalogError.invalidToken(token: name, reason: "unknown type '\(statement.text(1) ?? "")' in the tokens table")
        }
        let value: JSONValue
        do { value = try JSONValue.parse(statement.text(2) ?? "null") } catch {
            throw CatalogError.invalidToken(token: name, reason: "value is not JSON: \(error)")
        }
        let extensions = try statement.text(4).map { try JSONValue.parse($0) }
        return Token(name: name, type: type, value: value, description: statement.text(3), extensions: extensions)
    }

    public func token(named name: String) throws -> Token {
        let statement = try database.statement("SELECT name, type, value, description, extensions FROM tokens WHERE name = ?")
        defer { statement.reset() }
        try statement.bind([.text(name)])
        guard try statement.step() else { throw CatalogError.unknownToken(name) }
        return try token(from: statement)
    }

    public func tokenSet() throws -> TokenSet { TokenSet(try allTokens()) }

    /// Adds or replaces tokens after checking their values, types and aliases (no unknown
    /// targets, no cycles); the labels using them are recomputed.
    public func setTokens(_ tokens: [Token], groups: [(path: String, properties: JSONObject)] = []) throws {
        var seen: Set<String> = []
        for token in tokens {
            guard isValidTokenName(token.name) else {
                throw CatalogError.invalidToken(token: token.name, reason: "names are dot-separated parts, none empty, none starting with '$' or holding '{' or '}'")
            }
            guard seen.insert(token.name).inserted else {
                throw CatalogError.invalidToken(token: token.name, reason: "appears more than once; nothing was imported")
            }
        }
        do {
            try edit {
                var merged = try tokenSet().tokens
                for token in tokens { merged[token.name] = token }
                // DTCG nests tokens in groups: a token cannot also be a group of other tokens.
                for token in tokens {
                    if let child = merged.keys.first(where: { $0.hasPrefix(token.name + ".") }) {
                        throw CatalogError.invalidToken(token: token.name, reason: "'\(child)' is inside it; a token cannot also be a group")
                    }
                    var prefix = token.name
                    while let dot = prefix.lastIndex(of: ".") {
                        prefix = String(prefix[..<dot])
                        if merged[prefix] != nil {
                            throw CatalogError.invalidToken(token: token.name, reason: "'\(prefix)' is a token, so it cannot be a group holding this one")
                        }
                    }
                }
                // The new values and aliases must resolve (no unknown targets, no cycles).
                var set = TokenSet(Array(merged.values))
                for token in tokens { _ = try set.resolve(token.name) }
                let upsert = try database.statement("""
                    INSERT INTO tokens (name, type, value, description, extensions) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (name) DO UPDATE SET type = excluded.type, value = excluded.value,
                        description = excluded.description, extensions = excluded.extensions
                    WHERE (type, value, description, extensions) IS NOT (excluded.type, excluded.value, excluded.description, excluded.extensions)
                    """)
                for token in tokens {
                    try upsert.run(.text(token.name), .text(token.type.rawValue), .text(token.value.jsonString()),
                                   token.description.map(SQLValue.text) ?? .null,
                                   token.extensions.map { .text($0.jsonString()) } ?? .null)
                }
                let group = try database.statement("INSERT OR REPLACE INTO token_groups (path, properties) VALUES (?, ?)")
                for (path, properties) in groups { try group.run(.text(path), .text(JSONValue.object(properties).jsonString())) }
            }
        } catch let error as CatalogError {
            // A label the new values break: say which token edit broke it.
            if case .invalidInput(let reason) = error, reason.hasPrefix("label '") {
                let names = tokens.map(\.name).prefix(3).joined(separator: ", ")
                throw CatalogError.invalidToken(token: names, reason: "this value breaks a label that uses it: \(reason)")
            }
            throw error
        }
    }

    /// The labels and tokens that use a token, directly or through aliases.
    public func dependents(ofToken name: String) throws -> (labels: [String], tokens: [String]) {
        let statement = try database.statement("SELECT label FROM label_dependencies WHERE token = ? ORDER BY label")
        try statement.bind([.text(name)])
        var labels: [String] = []
        while try statement.step() { labels.append(statement.text(0) ?? "") }
        var set = try tokenSet()
        var tokens: [String] = []
        for other in set.tokens.keys.sorted() where other != name {
            if let resolved = try? set.resolve(other), resolved.dependencies.contains(name) { tokens.append(other) }
        }
        return (labels, tokens)
    }

    /// Removes a token. A token in use is refused, naming its users; with `force` it is removed
    /// and the labels using it keep a layout marked stale with the error recorded.
    public func removeToken(_ name: String, force: Bool) throws {
        try edit(allowLayoutErrors: force) {
            _ = try token(named: name)
            let users = try dependents(ofToken: name)
            if !force, !users.labels.isEmpty || !users.tokens.isEmpty {
                throw CatalogError.tokenInUse(token: name, labels: users.labels, tokens: users.tokens)
            }
            try database.statement("DELETE FROM tokens WHERE name = ?").run(.text(name))
        }
    }

    /// Groups' own properties ($type, $description, $extensions), by path.
    public func tokenGroups() throws -> [(path: String, properties: JSONObject)] {
        let statement = try database.statement("SELECT path, properties FROM token_groups ORDER BY path")
        var groups: [(String, JSONObject)] = []
        while try statement.step() {
            groups.append((statement.text(0) ?? "", try JSONValue.parse(statement.text(1) ?? "{}").object ?? JSONObject()))
        }
        return groups
    }

    // MARK: - Labels

    static let labelColumns = "name, text, frame_x, frame_y, frame_width, frame_height, "
        + LabelRecord.styleFields.map(\.column).joined(separator: ", ")

    /// The stored label, references as given.
    public func label(named name: String) throws -> LabelRecord {
        let statement = try database.statement("SELECT \(Self.labelColumns) FROM labels WHERE name = ?")
        defer { statement.reset() }
        try statement.bind([.text(name)])
        guard try statement.step() else { throw CatalogError.unknownLabel(name) }
        var record = labelRecord(from: statement)
        record.texts = try texts(ofLabel: name)
        return record
    }

    func labelRecord(from statement: Statement) -> LabelRecord {
        var record = LabelRecord(name: statement.text(0) ?? "", text: statement.text(1) ?? "",
                                 frame: Rect(x: statement.double(2), y: statement.double(3),
                                             width: statement.double(4), height: statement.double(5)))
        for (index, field) in LabelRecord.styleFields.enumerated() {
            let column = Int32(6 + index)
            switch statement.value(column) {
            case .null: continue
            case .integer(let number): record.style[field.key] = .number(Double(number))
            case .real(let number): record.style[field.key] = .number(number)
            case .text(let text):
                if field.key == "font" || field.key == "contentInsets", let object = try? JSONValue.parse(text), object.object != nil {
                    record.style[field.key] = object
                } else {
                    record.style[field.key] = .string(text)
                }
            }
        }
        return record
    }

    func texts(ofLabel name: String) throws -> [String: String] {
        let statement = try database.statement("SELECT locale, text FROM label_texts WHERE label = ?")
        try statement.bind([.text(name)])
        var texts: [String: String] = [:]
        while try statement.step() { texts[statement.text(0) ?? ""] = statement.text(1) ?? "" }
        return texts
    }

    /// Stored labels whose names match a glob (`*` for all), in name order.
    public func labels(matching glob: String = "*") throws -> [LabelRecord] {
        let statement = try database.statement("SELECT \(Self.labelColumns) FROM labels WHERE name GLOB ? ORDER BY name")
        try statement.bind([.text(glob)])
        var records: [LabelRecord] = []
        while try statement.step() { records.append(labelRecord(from: statement)) }
        let texts = try database.statement("SELECT label, locale, text FROM label_texts WHERE label GLOB ? ORDER BY label")
        try texts.bind([.text(glob)])
        var byLabel: [String: [String: String]] = [:]
        while try texts.step() { byLabel[texts.text(0) ?? "", default: [:]][texts.text(1) ?? ""] = texts.text(2) ?? "" }
        for index in records.indices { records[index].texts = byLabel[records[index].name] ?? [:] }
        return records
    }

    /// Adds or replaces labels (their per-locale texts too), refusing the whole batch when any
    /// label is invalid or a name repeats. Their layouts are computed before this returns.
    public func setLabels(_ records: [LabelRecord]) throws {
        var seen: Set<String> = []
        for record in records where !seen.insert(record.name).inserted {
            throw CatalogError.invalidInput("label '\(record.name)' appears more than once; nothing was imported")
        }
        try edit {
            let tokens = try tokenSet()
            for record in records { _ = try record.resolve(tokens: tokens) }
            let columns = Self.labelColumns
            let placeholders = Array(repeating: "?", count: 6 + LabelRecord.styleFields.count).joined(separator: ", ")
            let assignments = columns.split(separator: ",").dropFirst()
                .map { String($0).trimmingSpaces }.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
            let upsert = try database.statement("""
                INSERT INTO labels (\(columns)) VALUES (\(placeholders))
                ON CONFLICT (name) DO UPDATE SET \(assignments)
                """)
            let clearTexts = try database.statement("DELETE FROM label_texts WHERE label = ? AND locale NOT IN (SELECT value FROM json_each(?))")
            let upsertText = try database.statement("""
                INSERT INTO label_texts (label, locale, text) VALUES (?, ?, ?)
                ON CONFLICT (label, locale) DO UPDATE SET text = excluded.text WHERE text IS NOT excluded.text
                """)
            for record in records {
                var values: [SQLValue] = [.text(record.name), .text(record.text), .real(record.frame.x), .real(record.frame.y),
                                          .real(record.frame.width), .real(record.frame.height)]
                for field in LabelRecord.styleFields { values.append(Self.sqlValue(record.style[field.key])) }
                upsert.reset()
                try upsert.bind(values)
                try upsert.step()
                upsert.reset()
                let locales = JSONValue.array(record.texts.keys.sorted().map(JSONValue.string)).jsonString()
                try clearTexts.run(.text(record.name), .text(locales))
                for (locale, text) in record.texts.sorted(by: { $0.key < $1.key }) {
                    try upsertText.run(.text(record.name), .text(locale), .text(text))
                }
            }
        }
    }

    static func sqlValue(_ value: JSONValue?) -> SQLValue {
        switch value {
        case nil, .null?: return .null
        case .number(let number)?: return number == number.rounded() && abs(number) < 1e15 ? .integer(Int(number)) : .real(number)
        case .string(let text)?: return .text(text)
        case .bool(let flag)?: return .integer(flag ? 1 : 0)
        case let other?: return .text(other.jsonString())
        }
    }

    public func removeLabel(_ name: String) throws {
        try edit {
            try database.statement("DELETE FROM labels WHERE name = ?").run(.text(name))
            guard database.changes > 0 else { throw CatalogError.unknownLabel(name) }
        }
    }

    // MARK: - Recompute

    /// Brings up to date every layout the queue names (SPEC §4 triggers fill it), then empties
    /// it. Called inside the edit's transaction. A label that cannot be laid out fails the
    /// edit unless `allowLayoutErrors`, in which case its error is recorded in `layouts`.
    func recomputeQueued(allowLayoutErrors: Bool) throws {
        let entries = try queueEntries()
        guard let lastID = entries.last?.id else { return }
        try recomputeInTransaction(try expand(entries), allowErrors: allowLayoutErrors)
        try database.withoutTriggers {
            try database.statement("DELETE FROM recompute_queue WHERE id <= ?").run(.integer(lastID))
        }
    }

    /// Lays out items and writes them inside the caller's transaction.
    func recomputeInTransaction(_ items: [RecomputeItem], allowErrors: Bool) throws {
        guard !items.isEmpty else { return }
        let names = items.map(\.label)
        let computed = Self.compute(items, records: try records(for: names), resolvers: try resolvers(),
                                    stored: try storedStates(for: names), force: true, engine: engine)
        if !allowErrors, let failure = computed.first(where: { $0.failure != nil })?.failure {
            throw CatalogError.invalidInput(failure)
        }
        _ = try writeComputed(computed, check: nil)
    }

    /// Every queue entry, oldest first.
    func queueEntries() throws -> [QueueEntry] {
        let statement = try database.statement("SELECT id, kind, name, locale FROM recompute_queue ORDER BY id")
        var entries: [QueueEntry] = []
        while try statement.step() {
            entries.append(QueueEntry(id: statement.int(0), kind: statement.text(1) ?? "", name: statement.text(2) ?? "",
                                      locale: statement.text(3)))
        }
        return entries
    }

    /// The tokens a label names, and every token their aliases lead to (known or not): what
    /// a label whose resolution failed depends on, so that fixing any of them recomputes it.
    static func referencedTokens(_ record: LabelRecord, tokens: TokenSet) -> Set<String> {
        var names: Set<String> = []
        func collect(_ value: JSONValue) {
            if let target = aliasTarget(value), names.insert(target).inserted, let token = tokens.tokens[target] {
                collect(token.value)
            }
            if let object = value.object { for (_, member) in object { collect(member) } }
        }
        for (_, value) in record.style { collect(value) }
        return names
    }

    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var time = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &time)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = Int(now.tv_nsec / 1_000_000)
        let millisText = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(time.tm_year + 1900)-\(two(time.tm_mon + 1))-\(two(time.tm_mday))T\(two(time.tm_hour)):\(two(time.tm_min)):\(two(time.tm_sec)).\(millisText)Z"
    }
}

/// One row of the `layouts` table.
struct LayoutRow {
    var values: [SQLValue]

    init(layout: ComputedLayout, computedAt: String) {
        var writer = JSONWriter(numberStyle: .millis, capacity: 512)
        layout.writeLinesJSON(into: &writer)
        let rect = layout.textRect
        values = [.text(layout.name), .text(layout.locale), .real(rect.x), .real(rect.y), .real(rect.width), .real(rect.height),
                  .integer(layout.lineCount), .integer(layout.neededLineCount), .integer(layout.truncated ? 1 : 0),
                  .text(writer.string), .null, .text(layout.inputHash), .text(computedAt),
                  .real(layout.intrinsicSize.width), .real(layout.intrinsicSize.height)]
    }

    /// A label that could not be laid out: no geometry, the error, and an empty input hash
    /// (never equal to a real one, so the row is stale).
    init(label: String, locale: String, error: String, computedAt: String) {
        values = [.text(label), .text(locale), .null, .null, .null, .null, .null, .null, .null, .null,
                  .text(error), .text(""), .text(computedAt), .null, .null]
    }
}
