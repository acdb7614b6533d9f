import AutoLayout
import LabelCatalog
import LabelImport
import LabelJSON
import LabelModel

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
    /// How files are found (exclusions, the locale of strings tables outside any `*.lproj`
    /// folder, the development language).
    public var files: ImportOptions
    public var matching: TextMatching
    /// Refuse the whole import at the first file that cannot be read and at any key (or name)
    /// no label has. Otherwise such a file is skipped with a warning (each file is imported
    /// whole or not at all) and keys no label shows are counted.
    public var strict: Bool
    /// Each file read replaces what earlier imports read from it (a project's catalog,
    /// docs/project-file.md): texts of keys it no longer holds are removed, and so are the
    /// Interface Builder labels it no longer has.
    public var replacesFileContents: Bool

    public init(files: ImportOptions = ImportOptions(), matching: TextMatching = .keys, strict: Bool = false,
                replacesFileContents: Bool = false) {
        self.files = files
        self.matching = matching
        self.strict = strict
        self.replacesFileContents = replacesFileContents
    }
}

/// A file an import did not take, and why (its error names the file and line).
public struct SkippedFile: Sendable {
    public var path: String
    public var error: ImportedFileError
}

/// Why a file of an import cannot be imported: it cannot be read (malformed, not text,
/// unreadable: the `ImportError` names its file, line or XML element, and key), or a label or
/// text it holds cannot be stored (the catalog's error, with where it was read).
public enum ImportedFileError: Error, Sendable, CustomStringConvertible {
    case unreadable(ImportError)
    case unstorable(CatalogError)

    public var description: String {
        switch self {
        case .unreadable(let error): error.description
        case .unstorable(let error): error.description
        }
    }
}

/// Where the development language an import used came from.
public enum DevelopmentLanguageOrigin: Sendable, Hashable {
    /// Given to the import (`ImportOptions.developmentLanguage`).
    case option
    /// The catalog's `development_language` setting.
    case setting
    /// The `sourceLanguage` of a String Catalog the import read (its path).
    case stringCatalog(String)
    /// The `developmentRegion` of an Xcode project the import found.
    case project
    /// None of those: English.
    case fallback
}

/// What an import did.
public struct ImportSummary: Sendable {
    /// The files read, in order.
    public var files: [ImportedFile] = []
    public var warnings: [ImportWarning] = []
    /// Files that could not be read, skipped whole (not with `strict`).
    public var skippedFiles: [SkippedFile] = []
    /// Interface Builder labels: new definitions, changed ones, and ones stored already as read.
    public var labelsCreated = 0
    public var labelsUpdated = 0
    public var labelsUnchanged = 0
    /// Texts read and stored (by key: once per text, whether or not a label shows it yet; by
    /// name: once per label).
    public var textsStored = 0
    /// Of those, the ones that changed the catalog (new or different text or source).
    public var textsWritten = 0
    /// Texts not translated yet (state `new` outside the development language): not stored;
    /// a text stored for the same key (or label), locale and variant before is removed.
    public var textsNotLaidOut = 0
    public var textsRemoved = 0
    /// Labels removed because the file that defined them no longer does (`replacesFileContents`).
    public var labelsRemoved = 0
    /// Keys (or names) no label has, in the order first read.
    public var unmatched: [UnmatchedKey] = []
    /// The locales of the texts read ("" = the base text), sorted.
    public var locales: [String] { tablesByLocale.keys.sorted() }
    /// The tables of the texts read, by locale.
    public var tablesByLocale: [String: Set<String>] = [:]
    /// Locales read in which no label shows any of the texts read (by key), sorted.
    public var localesWithoutLabels: [String] = []
    /// Labels whose layouts the import left queued (`layOutQueued` computes them).
    public var labelsQueued = 0
    /// The development language the import used, and where it came from.
    public var developmentLanguage = CatalogSetting.developmentLanguage.defaultValue
    public var developmentLanguageOrigin = DevelopmentLanguageOrigin.fallback
    /// Tables named alike in several folders, told apart by their folders (`App/Localizable`).
    public var qualifiedTables: [String] = []
    /// The font families the Interface Builder labels read name, with how many labels name each.
    public var fontFamilies: [String: Int] = [:]
    /// Interface Builder scenes read, and of those the ones new or changed since the last import.
    public var scenesRead = 0
    public var scenesWritten = 0
}

extension Catalog {
    /// Imports Xcode's files (strings tables, stringsdict files, String Catalogs, XLIFF,
    /// Interface Builder documents; files and folders) into the catalog in one transaction:
    /// Interface Builder labels become label definitions, and every text is stored by its key
    /// (`key_texts`), which every label keyed to it shows (`options.matching` `.labelNames`:
    /// texts of labels named by their keys), with its variant and the file and line it came
    /// from. A file that cannot be read (malformed, not text) is skipped whole with its error in
    /// the summary; with `strict` it refuses the import (its `ImportError`), as does a key no
    /// label has (a `CatalogError`, as is everything the catalog refuses), leaving the catalog
    /// as it was.
    ///
    /// Layouts are not computed here: the labels written are queued (`layOutQueued`, `serve`
    /// or any command that reads layouts brings them up to date), so the write lock is held
    /// for the writing alone. Interface Builder files are read first, so a translation finds
    /// its label wherever the files lie.
    ///
    /// `reading`, when given, names the files of those the paths find that are read (by
    /// `ImportedFile.path`); the others are planned alike (tables named alike in several
    /// folders are told apart the same way) but not read.
    public func importTexts(from paths: [String], options: TextImportOptions = TextImportOptions(),
                            reading: Set<String>? = nil) throws -> ImportSummary {
        var fileOptions = options.files
        fileOptions.skipsUnreadableFiles = !options.strict
        let setting = CatalogSetting.developmentLanguage
        let explicit = try fileOptions.developmentLanguage.map { language throws(CatalogError) in try setting.normalized(language) }
        let stored = try storedSettings()[setting.key].map { language throws(CatalogError) in try setting.normalized(language) }
        fileOptions.developmentLanguage = explicit ?? stored
        let importer = try XcodeImporter(paths: paths, options: fileOptions)
        var summary = ImportSummary()
        var stateRemovedLabels: Set<String> = []
        summary.qualifiedTables = importer.qualifiedTables
        summary.warnings = importer.skipped
        try write {
            try database.withoutTriggers {
                var state = try ImportState(database: database, matching: options.matching, notesReads: options.replacesFileContents)
                var skipped = Set(importer.files.indices.filter { index in reading.map { !$0.contains(importer.files[index].path) } ?? false })
                /// Reads one file in a savepoint: a file that cannot be read is undone and skipped
                /// (unless strict), with what the summary and the state had counted of it.
                func importFile(_ index: Int, labels: Bool = false, _ handle: (ImportedItem, inout ImportState, inout ImportSummary) throws(CatalogError) -> Void) throws {
                    let (stateBefore, summaryBefore) = (state, summary)
                    let reason: ImportedFileError
                    do {
                        try database.savepoint("import_file") {
                            state.beginFile()
                            try Self.reading(importer, file: index) { item throws(CatalogError) in try handle(item, &state, &summary) }
                            if options.replacesFileContents {
                                try state.removeUnread(file: importer.files[index].path, labels: labels, summary: &summary)
                            }
                        }
                        return
                    } catch let error as ImportError where !options.strict {
                        reason = .unreadable(error)
                    } catch let error as CatalogError where !options.strict && error.isImportedFileContent {
                        reason = .unstorable(error)
                    }
                    (state, summary) = (stateBefore, summaryBefore)
                    summary.skippedFiles.append(SkippedFile(path: importer.files[index].path, error: reason))
                    skipped.insert(index)
                }
                if options.matching == .keys {
                    for index in importer.files.indices where importer.files[index].format == .interfaceBuilder && !skipped.contains(index) {
                        try importFile(index, labels: true) { item, state, summary throws(CatalogError) in
                            guard case .label(let label) = item else { return }
                            try state.store(label, summary: &summary)
                        }
                        // The file's view trees, with its labels tied to them (docs/autolayout.md).
                        if !skipped.contains(index), let prefix = importer.labelNamePrefix(ofFile: index) {
                            do {
                                try database.savepoint("import_scenes") {
                                    try state.storeScenes(of: importer.files[index].path, prefix: prefix, summary: &summary)
                                }
                            } catch let error as ImportError where !options.strict {
                                summary.skippedFiles.append(SkippedFile(path: importer.files[index].path, error: .unreadable(error)))
                            }
                        }
                    }
                }
                var format: FileFormat?
                var sourceLanguage: (locale: String, file: String)?
                for index in importer.files.indices where !skipped.contains(index) {
                    try importFile(index) { item, state, summary throws(CatalogError) in
                        switch item {
                        case .file(let file):
                            summary.files.append(file)
                            format = file.format
                        case .warning(let warning): summary.warnings.append(warning)
                        case .label: break
                        case .string(let text):
                            if sourceLanguage == nil, format == .stringCatalog, text.isSourceLanguage {
                                sourceLanguage = (text.locale, text.source.file)
                            }
                            summary.tablesByLocale[text.locale, default: []].insert(text.table)
                            try state.store(text, summary: &summary)
                        }
                    }
                }
                summary.unmatched = state.unmatched
                if options.strict, !summary.unmatched.isEmpty {
                    if options.matching == .labelNames { throw CatalogError.unknownLabels(summary.unmatched.map(\.key).sorted()) }
                    throw CatalogError.unknownKeys(summary.unmatched)
                }
                if options.matching == .keys {
                    summary.localesWithoutLabels = summary.locales.filter { !state.localesShown.contains($0) }
                    try chooseDevelopmentLanguage(explicit: explicit, stored: stored,
                                                  sourceLanguage: try sourceLanguage.map { found throws(CatalogError) in
                                                      (try setting.normalized(found.locale), found.file) },
                                                  region: importer.developmentRegion, summary: &summary)
                }
                summary.fontFamilies = state.fontFamilies
                stateRemovedLabels = state.removedLabels
                let queue = try database.statement("INSERT INTO recompute_queue (kind, name) VALUES ('label', ?)")
                for label in state.touched.sorted() { try queue.run(.text(label)) }
                summary.labelsQueued = state.touched.count
            }
            // Removed with triggers on: a label's layouts and dependencies go with it.
            let remove = try database.statement("DELETE FROM labels WHERE name = ?")
            for label in stateRemovedLabels.sorted() { try remove.run(.text(label)) }
            summary.labelsRemoved = stateRemovedLabels.count
        }
        return summary
    }

    /// Picks the development language of an import (docs/xcode-files.md): the one given, else
    /// the catalog's setting, else the first String Catalog's `sourceLanguage`, else the Xcode
    /// project's `developmentRegion`, else English; and records it as the setting when it was
    /// given or the setting is not set yet. A change queues every label (their base texts may
    /// change). Called inside the import's transaction, with triggers off.
    private func chooseDevelopmentLanguage(explicit: String?, stored: String?, sourceLanguage: (locale: String, file: String)?,
                                           region: String?, summary: inout ImportSummary) throws {
        let setting = CatalogSetting.developmentLanguage
        if let explicit {
            (summary.developmentLanguage, summary.developmentLanguageOrigin) = (explicit, .option)
        } else if let stored {
            (summary.developmentLanguage, summary.developmentLanguageOrigin) = (stored, .setting)
        } else if let sourceLanguage {
            (summary.developmentLanguage, summary.developmentLanguageOrigin) = (sourceLanguage.locale, .stringCatalog(sourceLanguage.file))
        } else if let region {
            (summary.developmentLanguage, summary.developmentLanguageOrigin) = (try setting.normalized(region), .project)
        } else {
            return
        }
        guard summary.developmentLanguage != stored else { return }
        try database.statement("""
            INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = ?2
            """).run(.text(setting.key), .text(summary.developmentLanguage))
        if summary.developmentLanguage != stored ?? setting.defaultValue {
            try database.statement("INSERT INTO recompute_queue (kind) VALUES ('all')").run()
        }
    }

    /// Reads one file of an importer: a file's error is thrown as the `ImportError` it is, the
    /// handler's as the `CatalogError` it is.
    private static func reading(_ importer: XcodeImporter, file index: Int,
                                _ handle: (ImportedItem) throws(CatalogError) -> Void) throws {
        do throws(ImportFailure<CatalogError>) {
            try importer.readFile(at: index, handle)
        } catch {
            switch error {
            case .file(let failure): throw failure
            case .handler(let failure): throw failure
            }
        }
    }

    /// The font families of `families` (as an import's summary counts them) that no
    /// installed font has and no substitute stands for, with their label counts, sorted.
    public func missingFontFamilies(_ families: [String: Int]) -> [(family: String, labels: Int)] {
        families.keys.sorted().filter { !engine.fonts.isAvailable(family: $0) }.map { ($0, families[$0]!) }
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
                    AND NOT EXISTS (SELECT 1 FROM key_texts WHERE key = labels.key AND locale = ?2)
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
/// up, the labels it wrote, the keys no label has, the locales some label shows, the font
/// families of its labels.
struct ImportState {
    let database: Database
    let matching: TextMatching
    let writer: LabelWriter
    let sceneWriter: SceneWriter
    private let byKey: Statement
    private let exists: Statement
    /// The last key looked up and its labels (a String Catalog gives a key's locales in a row).
    private var lastKey: String?
    private var lastLabels: [String] = []
    private(set) var touched: Set<String> = []
    private(set) var unmatched: [UnmatchedKey] = []
    private var unmatchedKeys: Set<String> = []
    /// Locales of texts whose key some label has.
    private(set) var localesShown: Set<String> = []
    /// Font families Interface Builder labels name, with their label counts.
    private(set) var fontFamilies: [String: Int] = [:]
    /// Whether what each file gives is noted (for `removeUnread`).
    let notesReads: Bool
    /// What the file being read gave: its labels, and the texts of each key, each a number
    /// standing for its locale and variant (`textKeyNumbers`). A few numbers per key rather
    /// than strings per text: a String Catalog of a million texts is noted in megabytes.
    private var fileLabels: Set<String> = []
    private var fileTexts: [String: [UInt32]] = [:]
    private var textKeyNumbers: [TextKey: UInt32] = [:]
    /// Labels whose file no longer has them (`replacesFileContents`), to be removed.
    private(set) var removedLabels: Set<String> = []

    init(database: Database, matching: TextMatching, notesReads: Bool) throws {
        self.database = database
        self.matching = matching
        self.notesReads = notesReads
        writer = try LabelWriter(database: database)
        sceneWriter = try SceneWriter(database: database)
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
            if notesReads { fileLabels.insert(record.name) }
            if try writer.write(record, withTexts: false) {
                if existed { summary.labelsUpdated += 1 } else { summary.labelsCreated += 1 }
                touched.insert(record.name)
            } else {
                summary.labelsUnchanged += 1
            }
            for family in label.definition["font"]?["family"]?.string.map({ [$0] }) ?? [] { fontFamilies[family, default: 0] += 1 }
        } catch let error as CatalogError {
            throw .importedLabel(source: source, error: error)
        } catch let error as DatabaseError {
            throw .database(error)
        } catch {
            throw .invalidInput("\(error)")
        }
    }

    /// The scenes of an Interface Builder file whose labels are named `prefix/ID`: each stored
    /// when it changed, its labels tied to it; scenes gone from the file removed. The labels
    /// whose layouts that changes are queued with the import's.
    mutating func storeScenes(of path: String, prefix: String, summary: inout ImportSummary) throws {
        var kept: Set<String> = []
        var document = SceneDocument(path: path)
        var scenes: [Scene] = []
        do throws(ImportFailure<Never>) {
            // Image sizes come last in a file: the scenes are written once they are known.
            document = try InterfaceBuilderScenes.read(path: path) { (scene: Scene) throws(Never) in scenes.append(scene) }
        } catch {
            switch error {
            case .file(let failure): throw failure
            }
        }
        for scene in scenes {
            kept.insert(scene.id)
            summary.scenesRead += 1
            let changed = try sceneWriter.write(scene, file: prefix, imageSizes: document.imageSizes)
            if !changed.isEmpty { summary.scenesWritten += 1 }
            touched.formUnion(changed)
        }
        touched.formUnion(try sceneWriter.removeScenes(of: prefix, keeping: kept))
    }

    /// A text: stored by its key, queuing every label that shows it (or, by name, written to
    /// its label); when not translated yet, removed instead.
    mutating func store(_ text: LocalizedString, summary: inout ImportSummary) throws(CatalogError) {
        let key = matching == .keys ? text.table + ":" + text.key : text.key
        let source = TextSource(file: text.source.file, line: text.source.line)
        do {
            let labels = try labels(for: key)
            if labels.isEmpty {
                if unmatchedKeys.insert(key).inserted { unmatched.append(UnmatchedKey(key: key, source: source)) }
            } else {
                localesShown.insert(text.locale)
            }
            guard matching == .keys else { return try storeByName(text, labels: labels, source: source, summary: &summary) }
            guard LabelRecord.isValidKey(key) else { throw CatalogError.invalidInput(LabelRecord.keyRule) }
            let textKey = TextKey(locale: text.locale, variant: text.variant)
            if notesReads { noteRead(key: key, textKey) }
            if !text.isLaidOut {
                summary.textsNotLaidOut += 1
                if try writer.removeKeyText(key: key, textKey) {
                    summary.textsRemoved += 1
                    touched.formUnion(labels)
                }
                return
            }
            try Catalog.checkText(locale: text.locale, variant: text.variant, text: text.value)
            summary.textsStored += 1
            if try writer.writeKeyText(key: key, textKey, value: text.value, source: source) {
                summary.textsWritten += 1
                touched.formUnion(labels)
            }
        } catch let error as CatalogError {
            throw .importedText(source: source, key: key, error: error)
        } catch let error as DatabaseError {
            throw .database(error)
        } catch {
            throw .invalidInput("\(error)")
        }
    }

    /// A text keyed by label name: written to that label as its own (or removed there, when
    /// not translated yet; the base text is never removed).
    private mutating func storeByName(_ text: LocalizedString, labels: [String], source: TextSource,
                                      summary: inout ImportSummary) throws {
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
            summary.textsStored += 1
            if try writer.writeText(entry) {
                summary.textsWritten += 1
                touched.insert(label)
            }
        }
    }

    /// Starts a file: what it gives is noted apart.
    mutating func beginFile() {
        fileLabels = []
        fileTexts = [:]
        textKeyNumbers = [:]
    }

    /// Notes that the file being read gave a text of `key`.
    private mutating func noteRead(key: String, _ textKey: TextKey) {
        let number: UInt32
        if let known = textKeyNumbers[textKey] {
            number = known
        } else {
            number = UInt32(textKeyNumbers.count)
            textKeyNumbers[textKey] = number
        }
        fileTexts[key, default: []].append(number)
    }

    /// Whether the file being read gave a text of `key`.
    private func wasRead(key: String, _ textKey: TextKey) -> Bool {
        guard let number = textKeyNumbers[textKey] else { return false }
        return fileTexts[key]?.contains(number) ?? false
    }

    /// Removes what earlier imports read from `file` that this reading did not give: its
    /// texts (by key) and, for an Interface Builder file, its labels.
    mutating func removeUnread(file: String, labels: Bool, summary: inout ImportSummary) throws {
        let stored = try database.statement("SELECT key, locale, variant FROM key_texts WHERE file = ?")
        try stored.bind([.text(file)])
        var stale: [(key: String, text: TextKey)] = []
        while try stored.step() {
            let key = stored.text(0) ?? "", textKey = TextKey(locale: stored.text(1) ?? "", variant: stored.text(2) ?? "")
            if !wasRead(key: key, textKey) { stale.append((key, textKey)) }
        }
        stored.reset()
        for row in stale where try writer.removeKeyText(key: row.key, row.text) {
            summary.textsRemoved += 1
            touched.formUnion(try self.labels(for: row.key))
        }
        guard labels else { return }
        let named = try database.statement("SELECT name FROM labels WHERE file = ?")
        try named.bind([.text(file)])
        while try named.step() {
            let name = named.text(0) ?? ""
            if !fileLabels.contains(name) { removedLabels.insert(name) }
        }
        named.reset()
        touched.subtract(removedLabels)
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
