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
/// `PRAGMA data_version` shows any commit, a `BEGIN` shows a transaction left open, and then
/// (and for every `fingerprintEvery`-th refused input anyway) a hash of every row of every
/// table is compared with the pristine one. An accepted input must have stored what it said;
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
    /// Another connection to the file: its `data_version` moves when the catalog commits.
    private var observer: Database?
    private var refusedCount = 0
    private var committedCount = 0

    init(scratch: ScratchDirectory) throws {
        self.scratch = scratch
        path = scratch.path(Self.fileName)
        try Self.createPristine(at: path)
        pristine = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let catalog = try Catalog.open(path: path)
        self.catalog = catalog
        observer = try Database(path: path)
        pristineFingerprint = try CatalogFingerprint(catalog.database)
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
        // Closing checkpoints the WAL into a file about to be replaced: no need to sync it.
        try? catalog?.database.execute("PRAGMA synchronous = OFF")
        try? observer?.execute("PRAGMA synchronous = OFF")
        catalog = nil
        observer = nil
        for suffix in ["-wal", "-shm"] { scratch.remove(Self.fileName + suffix) }
        try scratch.write(pristine, to: Self.fileName)
        catalog = try Catalog.open(path: path)
        observer = try Database(path: path)
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
            return try checkRefused(input, catalog, committed: committed, error: error)
        case .success(let check):
            Counters.add(committed ? "inputs accepted, catalog changed" : "inputs accepted, nothing to change")
            try checkAccepted(input, catalog, committed: committed, check: check)
            return committed
        }
    }

    private func checkRefused(_ input: [UInt8], _ catalog: Catalog, committed: Bool, error: Error) throws -> Bool {
        refusedCount += 1
        let leftOpen = Self.transactionIsOpen(catalog.database)
        guard committed || leftOpen || refusedCount % Self.fingerprintEvery == 0 else { return false }
        Counters.add("catalog fingerprints compared")
        let changed = try CatalogFingerprint(catalog.database).tablesDiffering(from: pristineFingerprint)
        if leftOpen {
            Finding.report(.changedCatalog, "refused (\(error)) and left a transaction open", input: input)
        }
        if !changed.isEmpty {
            Finding.report(.changedCatalog, "refused (\(error)) but changed the tables \(changed.joined(separator: ", "))", input: input)
        }
        return leftOpen || !changed.isEmpty
    }

    private func checkAccepted(_ input: [UInt8], _ catalog: Catalog, committed: Bool, check: StoredCheck) throws {
        if committed {
            committedCount += 1
            var problems = try Self.layoutProblems(catalog)
            if (committedCount - 1) % Self.integrityEvery == 0 {
                Counters.add("catalogs checked for integrity")
                problems += try Self.integrityProblems(catalog)
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
    static func integrityProblems(_ catalog: Catalog) throws -> [String] {
        var problems: [String] = []
        let integrity = try rows(catalog.database, "PRAGMA integrity_check", columns: 1)
        if integrity != [[.text("ok")]] { problems.append("integrity_check: \(describe(integrity))") }
        let foreignKeys = try rows(catalog.database, "PRAGMA foreign_key_check", columns: 4)
        if !foreignKeys.isEmpty { problems.append("foreign_key_check (table, rowid, parent, key): \(describe(foreignKeys))") }
        return problems
    }

    /// After an edit commits, every label has a layout per text — its base text, each locale's
    /// text and each plural or device variant — each with the input hash of the label as it now
    /// is (computed here from the stored label and tokens, not taken from the catalog's
    /// freshness record); a label that cannot be laid out has an error on each of them. The
    /// pristine catalog keeps one content size category.
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

    /// True when the connection is inside a transaction (a `BEGIN` fails).
    static func transactionIsOpen(_ database: Database) -> Bool {
        do {
            try database.execute("BEGIN")
            try database.execute("ROLLBACK")
            return false
        } catch {
            try? database.execute("ROLLBACK")
            return true
        }
    }

    /// Rows as SQL literals: `('label_texts', NULL, 'labels', 0)`.
    static func describe(_ rows: [[SQLValue]]) -> String {
        rows.prefix(5).map { row in
            "(" + row.map { value in
                switch value {
                case .null: return "NULL"
                case .integer(let number): return "\(number)"
                case .real(let number): return "\(number)"
                case .text(let text): return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
                }
            }.joined(separator: ", ") + ")"
        }.joined(separator: ", ") + (rows.count > 5 ? " and \(rows.count - 5) more" : "")
    }

    static func rows(_ database: Database, _ sql: String, columns: Int32) throws -> [[SQLValue]] {
        let statement = try database.statement(sql)
        defer { statement.reset() }
        var rows: [[SQLValue]] = []
        while try statement.step() { rows.append((0..<columns).map(statement.value)) }
        return rows
    }
}

/// A hash of every row of every table (and of the schema), per table: equal fingerprints mean
/// equal contents.
struct CatalogFingerprint: Equatable {
    var tables: [String: Int]

    init(_ database: Database) throws {
        tables = ["sqlite_schema": try Self.hash(database, "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name", columns: 4)]
        let names = try CatalogHarness.rows(database, "SELECT s.name, (SELECT count(*) FROM pragma_table_xinfo(s.name)) FROM sqlite_schema s WHERE s.type = 'table'", columns: 2)
        for row in names {
            guard case .text(let name) = row[0], case .integer(let columns) = row[1] else { continue }
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            tables[name] = try Self.hash(database, "SELECT * FROM \(quoted)", columns: Int32(columns))
        }
    }

    private static func hash(_ database: Database, _ sql: String, columns: Int32) throws -> Int {
        let statement = try database.statement(sql)
        defer { statement.reset() }
        var hasher = Hasher()
        while try statement.step() {
            for column in 0..<columns { hasher.combine(statement.value(column)) }
        }
        return hasher.finalize()
    }

    /// The tables whose rows differ (or that only one of the two has), sorted.
    func tablesDiffering(from other: CatalogFingerprint) -> [String] {
        Set(tables.keys).union(other.tables.keys).filter { tables[$0] != other.tables[$0] }.sorted()
    }
}
