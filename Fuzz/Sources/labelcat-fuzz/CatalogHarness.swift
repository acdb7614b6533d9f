import Foundation
import LabelCatalog
import LabelJSON
import LabelLayout
import LabelModel

/// Imports one input into `catalog`, throwing when the importer refuses it, and returns how to
/// check what an accepted input stored.
typealias CatalogImporter = @Sendable (_ input: [UInt8], _ catalog: Catalog, _ scratch: ScratchDirectory) throws -> StoredCheck

/// Reads back what an accepted input should have stored; returns what differs (empty: all as
/// the input said).
typealias StoredCheck = (_ catalog: Catalog) throws -> [String]

/// One catalog file per process, which every input finds in the same state (the pristine
/// catalog: PristineCatalog's tokens and labels), so an input does the same wherever it runs.
///
/// After a refused input the catalog must be as it was: a second connection's
/// `PRAGMA data_version` shows any commit and its `BEGIN IMMEDIATE` a write transaction left
/// open, and then (and for every `fingerprintEvery`-th refused input anyway) a hash of every
/// row of every table is compared with the pristine one; an empty edit of the catalog shows a
/// transaction left open on the catalog's own connection. An accepted input must have stored what it said;
/// when it committed, the catalog must hold a fresh layout for every label and locale and pass
/// `integrity_check` and `foreign_key_check` (every `integrityEvery`-th), and then the pristine
/// file is put back (the connections are reopened, so no cache of the catalog's outlives it).
final class CatalogHarness {
    static let fileName = "catalog.sqlite"
    /// How often a refused input that showed no sign of a change is fingerprinted anyway.
    static let fingerprintEvery = 256
    /// How often an accepted input that committed gets `integrity_check` and
    /// `foreign_key_check` (the first one always, so a saved input run alone gets them).
    static let integrityEvery = 8

    let scratch: ScratchDirectory
    let path: String
    /// The catalog file every input starts from.
    let pristine: [UInt8]
    private let pristineFingerprint: CatalogFingerprint
    private var catalog: Catalog?
    /// Another connection to the file: its `data_version` moves when the catalog commits; it
    /// hashes the tables and checks their integrity. It never waits for a lock.
    private var observer: SQLiteConnection?
    private var refusedCount = 0
    private var committedCount = 0

    init(scratch: ScratchDirectory) throws {
        self.scratch = scratch
        path = scratch.path(Self.fileName)
        try Self.createPristine(at: path)
        pristine = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        catalog = try Catalog.open(path: path)
        let observer = try Self.openObserver(path)
        self.observer = observer
        pristineFingerprint = try CatalogFingerprint(observer)
    }

    /// The observer: no busy wait, and no sync when it checkpoints the file as it closes last.
    private static func openObserver(_ path: String) throws -> SQLiteConnection {
        let observer = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 0)
        try observer.execute("PRAGMA synchronous = OFF")
        return observer
    }

    /// Writes the pristine catalog afresh and closes it: the WAL is checkpointed into the file.
    private static func createPristine(at path: String) throws {
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        let catalog = try Catalog.create(path: path).catalog
        _ = try catalog.importDesignTokens(try JSONValue.parse(PristineCatalog.designTokens))
        try catalog.setLabels(try PristineCatalog.labels.map { try LabelRecord(json: try JSONValue.parse($0)) })
    }

    /// Puts the pristine file back and reopens both connections.
    private func restore() throws {
        // The observer closes last, so it checkpoints the WAL into the file about to be
        // replaced, without syncing it.
        catalog = nil
        observer = nil
        for suffix in ["-wal", "-shm"] { scratch.remove(Self.fileName + suffix) }
        try scratch.write(pristine, to: Self.fileName)
        catalog = try Catalog.open(path: path)
        observer = try Self.openObserver(path)
        InputHistory.reset()
        Counters.add("catalogs restored")
    }

    func run(_ input: [UInt8], _ importer: CatalogImporter) {
        let changed: Bool
        do {
            changed = try runAndCheck(input, importer)
        } catch {
            Finding.report(.unsoundCatalog, "reading the catalog back after this input failed: \(error)", input: input)
            changed = true
        }
        // Here no reference to the connections is left but the harness's own.
        if changed {
            do { try restore() } catch { fatalError("labelcat-fuzz: cannot restore the pristine catalog: \(error)") }
        }
    }

    /// Runs one input and checks the catalog after it; true when the catalog must be restored.
    private func runAndCheck(_ input: [UInt8], _ importer: CatalogImporter) throws -> Bool {
        guard let catalog, let observer else { return false }
        let version = try observer.dataVersion()
        let outcome = Result { try importer(input, catalog, scratch) }
        let committed = try observer.dataVersion() != version
        switch outcome {
        case .failure(let error):
            Counters.add("inputs refused")
            return try checkRefused(input, catalog, observer, committed: committed, error: error)
        case .success(let check):
            Counters.add(committed ? "inputs accepted, catalog changed" : "inputs accepted, nothing to change")
            try checkAccepted(input, catalog, observer, committed: committed, check: check)
            return committed
        }
    }

    private func checkRefused(_ input: [UInt8], _ catalog: Catalog, _ observer: SQLiteConnection, committed: Bool,
                              error: Error) throws -> Bool {
        refusedCount += 1
        let writeLocked = observer.writeLockIsHeldElsewhere()
        var changed: [String] = []
        if committed || writeLocked || refusedCount % Self.fingerprintEvery == 0 {
            Counters.add("catalog fingerprints compared")
            changed = try CatalogFingerprint(observer).tablesDiffering(from: pristineFingerprint)
        }
        // After the fingerprint: the empty edit would lay out whatever a commit left queued.
        let leftOpen = writeLocked || !Self.answersAnEmptyEdit(catalog)
        if leftOpen {
            Finding.report(.changedCatalog, "refused (\(error)) and left a transaction open", input: input)
        }
        if !changed.isEmpty {
            Finding.report(.changedCatalog, "refused (\(error)) but changed the tables \(changed.joined(separator: ", "))", input: input)
        }
        return leftOpen || !changed.isEmpty
    }

    private func checkAccepted(_ input: [UInt8], _ catalog: Catalog, _ observer: SQLiteConnection, committed: Bool,
                               check: StoredCheck) throws {
        if committed {
            committedCount += 1
            var problems = try Self.layoutProblems(catalog)
            if (committedCount - 1) % Self.integrityEvery == 0 {
                Counters.add("catalogs checked for integrity")
                problems += try Self.integrityProblems(observer)
            }
            if !problems.isEmpty {
                Finding.report(.unsoundCatalog, problems.joined(separator: "; "), input: input)
            }
        }
        let differences: [String]
        do { differences = try check(catalog) } catch { differences = ["reading it back failed: \(error)"] }
        if !differences.isEmpty {
            Finding.report(.roundTrip, differences.prefix(3).joined(separator: "; "), input: input)
        }
    }

    /// `integrity_check` and `foreign_key_check`.
    static func integrityProblems(_ observer: SQLiteConnection) throws -> [String] {
        var problems: [String] = []
        let integrity = try observer.rows("PRAGMA integrity_check")
        if integrity != [[.text("ok")]] { problems.append("integrity_check: \(describe(integrity))") }
        let foreignKeys = try observer.rows("PRAGMA foreign_key_check")
        if !foreignKeys.isEmpty { problems.append("foreign_key_check (table, rowid, parent, key): \(describe(foreignKeys))") }
        return problems
    }

    /// After an edit commits, every label has a layout per text — its base text, each locale's
    /// text and each plural or device variant, and the worst case of each that has one — each
    /// with the input hash of the label as it now is (computed here from the stored label and
    /// tokens, not taken from the catalog's freshness record); a label that cannot be laid out
    /// has an error on each of them. The pristine catalog keeps one content size category.
    static func layoutProblems(_ catalog: Catalog) throws -> [String] {
        func name(_ label: String, _ locale: String, _ variant: String) -> String {
            variant.isEmpty ? "\(label) [\(locale)]" : "\(label) [\(locale)] \(variant)"
        }
        var stored: [String: String] = [:]
        var storedErrors: [String: [String?]] = [:]
        for layout in try catalog.layouts(withLayouts: false) {
            stored[name(layout.label, layout.locale, layout.variant)] = layout.inputHash
            storedErrors[layout.label, default: []].append(layout.error)
        }
        let tokens = try catalog.tokenSet()
        var expected: [String: String] = [:]
        var problems: [String] = []
        for record in try catalog.labels() {
            let texts = [TextKey(locale: "")] + record.texts.keys.map { TextKey(locale: $0) } + Array(record.variantTexts.keys)
            do {
                let definition = try record.resolve(tokens: tokens).definition
                for text in texts {
                    expected[name(record.name, text.locale, text.variant)] =
                        try catalog.engine.inputHash(definition, locale: text.locale, variant: text.variant)
                    // A text with a format specifier that has a worst case is laid out at it too.
                    if let worst = WorstCase.variant(of: text.variant),
                       WorstCase.applies(to: definition.text(locale: text.locale, variant: text.variant), arguments: definition.arguments) {
                        expected[name(record.name, text.locale, worst)] =
                            try catalog.engine.inputHash(definition, locale: text.locale, variant: worst)
                    }
                }
            } catch {
                // A label that cannot be laid out (a font an imported storyboard names that is
                // not installed) is stored with its error on every layout, its hash the
                // catalog's own failure hash: the harness checks the error, not the hash.
                let errors = storedErrors[record.name] ?? []
                if errors.count != texts.count || errors.contains(where: { $0 == nil }) {
                    problems.append("label '\(record.name)' cannot be laid out (\(error)), but its layouts do not all record an error")
                }
                for text in texts { stored[name(record.name, text.locale, text.variant)] = nil }
            }
        }
        let stale = Set(stored.keys).union(expected.keys).filter { stored[$0] != expected[$0] }.sorted()
        if !stale.isEmpty { problems.append("layouts missing, extra or stale after the edit: \(stale.prefix(5).joined(separator: ", "))") }
        return problems
    }

    /// False when the catalog's connection was left inside a transaction: an empty edit, which
    /// begins a write transaction and commits nothing, fails.
    static func answersAnEmptyEdit(_ catalog: Catalog) -> Bool {
        do {
            try catalog.edit {}
            return true
        } catch {
            return false
        }
    }

    /// Rows as SQL literals: `('label_texts', NULL, 'labels', 0)`.
    static func describe(_ rows: [[SQLiteConnection.Value]]) -> String {
        rows.prefix(5).map { row in
            "(" + row.map { value in
                switch value {
                case .null: return "NULL"
                case .integer(let number): return "\(number)"
                case .real(let number): return "\(number)"
                case .text(let text): return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
                case .blob(let bytes): return "X'" + bytes.map { String($0, radix: 16).uppercased() }
                    .map { $0.count == 1 ? "0" + $0 : $0 }.joined() + "'"
                }
            }.joined(separator: ", ") + ")"
        }.joined(separator: ", ") + (rows.count > 5 ? " and \(rows.count - 5) more" : "")
    }
}

/// A hash of every row of every table (and of the schema), per table: equal fingerprints mean
/// equal contents.
struct CatalogFingerprint: Equatable {
    var tables: [String: Int]

    init(_ connection: SQLiteConnection) throws {
        tables = ["sqlite_schema": try Self.hash(connection, "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name")]
        for row in try connection.rows("SELECT name FROM sqlite_schema WHERE type = 'table'") {
            guard case .text(let name) = row[0] else { continue }
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            tables[name] = try Self.hash(connection, "SELECT * FROM \(quoted)")
        }
    }

    private static func hash(_ connection: SQLiteConnection, _ sql: String) throws -> Int {
        var hasher = Hasher()
        for row in try connection.rows(sql) { hasher.combine(row) }
        return hasher.finalize()
    }

    /// The tables whose rows differ (or that only one of the two has), sorted.
    func tablesDiffering(from other: CatalogFingerprint) -> [String] {
        Set(tables.keys).union(other.tables.keys).filter { tables[$0] != other.tables[$0] }.sorted()
    }
}
