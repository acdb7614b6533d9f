import LabelCatalog
import LabelImport
import LabelJSON

/// How the texts of an import find their labels.
public enum TextMatching: Sendable, Hashable {
    /// By key: a text of table `T` and key `K` fills every label keyed `T:K`; Interface
    /// Builder labels are created or updated (named and keyed as docs/xcode-files.md says).
    case keys
    /// By name: a text's key is a label's name (strings files written for labelcat, keyed by
    /// label names); Interface Builder labels are not read.
    case labelNames
}

/// What an import of Xcode's files does with what it reads.
public struct TextImportOptions: Sendable, Hashable {
    /// How files are found and what locale a strings table outside any `*.lproj` folder has.
    public var files: ImportOptions
    public var matching: TextMatching
    /// Refuse the whole import when a text's key (or name) matches no label.
    public var strict: Bool

    public init(files: ImportOptions = ImportOptions(), matching: TextMatching = .keys, strict: Bool = false) {
        self.files = files
        self.matching = matching
        self.strict = strict
    }
}

/// What an import did.
public struct ImportSummary: Sendable {
    /// The files read, in order.
    public var files: [ImportedFile] = []
    public var warnings: [ImportWarning] = []
    /// Interface Builder labels: new definitions, changed ones, and ones stored already as read.
    public var labelsCreated = 0
    public var labelsUpdated = 0
    public var labelsUnchanged = 0
    /// Texts read that matched a label (counted once per label they fill).
    public var textsMatched = 0
    /// Of those, the ones that changed the catalog (new or different text or source).
    public var textsWritten = 0
    /// Texts not translated yet (state `new` outside the development language): not stored;
    /// a text stored for the same label, locale and variant before is removed.
    public var textsNotLaidOut = 0
    public var textsRemoved = 0
    /// Keys (or names) no label has, in the order first read.
    public var unmatched: [UnmatchedKey] = []
    /// The locales of the texts read ("" = the base text), sorted.
    public var locales: [String] { tablesByLocale.keys.sorted() }
    /// The tables of the texts read, by locale.
    public var tablesByLocale: [String: Set<String>] = [:]
    /// Labels whose layouts the import left queued (`layOutQueued` computes them).
    public var labelsQueued = 0
}

extension Catalog {
    /// Imports Xcode's files (strings tables, stringsdict files, String Catalogs, XLIFF,
    /// Interface Builder documents; files and folders) into the catalog in one transaction:
    /// Interface Builder labels become label definitions, and every text fills the labels its
    /// key names (`options.matching`), with its variant and the file and line it came from.
    /// A file that cannot be read (malformed, not text) is an `ImportError` naming its file,
    /// line and key, and leaves the catalog as it was; so does a key no label has with
    /// `strict` (a `CatalogError`, as is everything the catalog refuses).
    ///
    /// Layouts are not computed here: the labels written are queued (`layOutQueued`, `serve`
    /// or any command that reads layouts brings them up to date), so the write lock is held
    /// for the writing alone. Interface Builder files are read first, so a translation finds
    /// its label wherever the files lie.
    public func importTexts(from paths: [String], options: TextImportOptions = TextImportOptions()) throws -> ImportSummary {
        let importer = try XcodeImporter(paths: paths, options: options.files)
        var summary = ImportSummary()
        try write {
            try database.withoutTriggers {
                var state = try ImportState(database: database, matching: options.matching)
                if options.matching == .keys {
                    try Self.reading(importer, including: { $0.format == .interfaceBuilder }) { item throws(CatalogError) in
                        guard case .label(let label) = item else { return }
                        try state.store(label, summary: &summary)
                    }
                }
                try Self.reading(importer, including: { _ in true }) { item throws(CatalogError) in
                    switch item {
                    case .file(let file): summary.files.append(file)
                    case .warning(let warning): summary.warnings.append(warning)
                    case .label: break
                    case .string(let text):
                        summary.tablesByLocale[text.locale, default: []].insert(text.table)
                        try state.store(text, summary: &summary)
                    }
                }
                summary.unmatched = state.unmatched
                if options.strict, !summary.unmatched.isEmpty {
                    if options.matching == .labelNames { throw CatalogError.unknownLabels(summary.unmatched.map(\.key).sorted()) }
                    throw CatalogError.unknownKeys(summary.unmatched)
                }
                let queue = try database.statement("INSERT INTO recompute_queue (kind, name) VALUES ('label', ?)")
                for label in state.touched.sorted() { try queue.run(.text(label)) }
                summary.labelsQueued = state.touched.count
            }
        }
        return summary
    }

    /// Reads an importer's files: a file's error is thrown as the `ImportError` it is, the
    /// handler's as the `CatalogError` it is.
    private static func reading(_ importer: XcodeImporter, including: (ImportedFile) -> Bool,
                                _ handle: (ImportedItem) throws(CatalogError) -> Void) throws {
        do throws(ImportFailure<CatalogError>) {
            try importer.read(including: including, handle)
        } catch {
            switch error {
            case .file(let failure): throw failure
            case .handler(let failure): throw failure
            }
        }
    }

    /// What an import left untranslated: per locale it read (not the base text), the labels
    /// keyed to a table it read texts of in that locale that have no text in it (their key is
    /// missing there), sorted by name. A query of the catalog after the import, apart from it.
    public func untranslatedLabels(after summary: ImportSummary) throws -> [(locale: String, labels: [String])] {
        var tablesByLocale = summary.tablesByLocale
        tablesByLocale[""] = nil
        return try database.transaction(write: false) {
            // The keys of table T run from "T:" up to "T;" (';' follows ':'): an index range.
            let statement = try database.statement("""
                SELECT name FROM labels WHERE key >= ?1 || ':' AND key < ?1 || ';'
                    AND NOT EXISTS (SELECT 1 FROM label_texts WHERE label = labels.name AND locale = ?2)
                """)
            var result: [(locale: String, labels: [String])] = []
            for locale in tablesByLocale.keys.sorted() {
                var names: [String] = []
                for table in tablesByLocale[locale]!.sorted() {
                    try statement.bind([.text(table), .text(locale)])
                    while try statement.step() { names.append(statement.text(0) ?? "") }
                    statement.reset()
                }
                if !names.isEmpty { result.append((locale, names.sorted())) }
            }
            return result
        }
    }
}

/// What an import keeps while it writes: its statements, the labels of the last key looked
/// up, the labels it wrote, the keys no label has.
struct ImportState {
    let database: Database
    let matching: TextMatching
    let writer: LabelWriter
    private let byKey: Statement
    private let exists: Statement
    /// The last key looked up and its labels (a String Catalog gives a key's locales in a row).
    private var lastKey: String?
    private var lastLabels: [String] = []
    private(set) var touched: Set<String> = []
    private(set) var unmatched: [UnmatchedKey] = []
    private var unmatchedKeys: Set<String> = []

    init(database: Database, matching: TextMatching) throws {
        self.database = database
        self.matching = matching
        writer = try LabelWriter(database: database)
        byKey = try database.statement(matching == .keys ? "SELECT name FROM labels WHERE key = ? ORDER BY name"
                                                         : "SELECT name FROM labels WHERE name = ?")
        exists = try database.statement("SELECT 1 FROM labels WHERE name = ?")
    }

    /// An Interface Builder label: its definition created or updated (its texts are kept).
    mutating func store(_ label: InterfaceLabel, summary: inout ImportSummary) throws(CatalogError) {
        let source = TextSource(file: label.source.file, line: label.source.line)
        do {
            var record = try LabelRecord(json: label.definition)
            record.source = source
            try exists.bind([.text(record.name)])
            let existed = try exists.step()
            exists.reset()
            if try writer.write(record, replacingTexts: false) {
                if existed { summary.labelsUpdated += 1 } else { summary.labelsCreated += 1 }
                touched.insert(record.name)
            } else {
                summary.labelsUnchanged += 1
            }
        } catch let error as CatalogError {
            throw .importedLabel(source: source, error: error)
        } catch let error as DatabaseError {
            throw .database(error)
        } catch {
            throw .invalidInput("\(error)")
        }
    }

    /// A text: written to every label its key names (or removed there, when not translated yet).
    mutating func store(_ text: LocalizedString, summary: inout ImportSummary) throws(CatalogError) {
        let key = matching == .keys ? text.table + ":" + text.key : text.key
        let source = TextSource(file: text.source.file, line: text.source.line)
        do {
            let labels = try labels(for: key)
            guard !labels.isEmpty else {
                if unmatchedKeys.insert(key).inserted { unmatched.append(UnmatchedKey(key: key, source: source)) }
                return
            }
            for label in labels {
                let entry = LabelText(label: label, locale: text.locale, variant: text.variant, text: text.value, source: source)
                if !text.isLaidOut {
                    summary.textsNotLaidOut += 1
                    guard !(entry.locale.isEmpty && entry.variant.isEmpty) else { continue }
                    if try writer.removeText(label: label, key: entry.key) {
                        summary.textsRemoved += 1
                        touched.insert(label)
                    }
                    continue
                }
                try Catalog.checkText(entry)
                summary.textsMatched += 1
                if try writer.writeText(entry) {
                    summary.textsWritten += 1
                    touched.insert(label)
                }
            }
        } catch let error as CatalogError {
            throw .importedText(source: source, key: key, error: error)
        } catch let error as DatabaseError {
            throw .database(error)
        } catch {
            throw .invalidInput("\(error)")
        }
    }

    /// The labels a key (or name) names.
    private mutating func labels(for key: String) throws -> [String] {
        if key == lastKey { return lastLabels }
        try byKey.bind([.text(key)])
        defer { byKey.reset() }
        var names: [String] = []
        while try byKey.step() { names.append(byKey.text(0) ?? "") }
        lastKey = key
        lastLabels = names
        return names
    }
}
