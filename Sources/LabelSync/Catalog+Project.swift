#if canImport(Glibc)
import Glibc
#endif
import AutoLayout
import LabelCatalog
import LabelImport
import LabelJSON
import LabelLayout
import LabelModel
import LabelProject
import LabelYAML

/// What bringing a project's catalog up to date did (`Catalog.update(for:)`).
public struct ProjectUpdate: Sendable {
    /// The files the project's sources hold (after `exclude`).
    public var sourceFiles = 0
    /// Of those, the files imported because their content changed (or they are new), in order.
    public var importedFiles: [String] = []
    /// Files imported before that are gone: their texts and labels were removed.
    public var removedFiles: [String] = []
    /// True when the project file or a token file changed: settings, tokens, labels built in
    /// code and overrides were applied again, and every source file read again.
    public var projectChanged = false
    /// The import of the changed files; nil when none changed.
    public var importSummary: ImportSummary?
    /// Files of the sources that could not be read, on every update (not only when they
    /// changed): those an import skipped, and those a folder search passed over.
    public var skippedFiles: [SkippedFile] = []
    public var searchWarnings: [ImportWarning] = []
    /// Labels built in code (`labels` entries): written (new or changed), and removed.
    public var codeLabelsWritten = 0
    public var codeLabelsRemoved = 0
    /// Imported labels an override changed.
    public var overridesApplied = 0
    /// The layouts computed afterwards.
    public var layouts: RecomputeSummary?

    /// True when nothing was imported, written or laid out.
    public var changedNothing: Bool {
        importedFiles.isEmpty && removedFiles.isEmpty && !projectChanged && (layouts?.written ?? 0) == 0
    }
}

extension Catalog {
    /// Brings the catalog up to date with a project (docs/project-file.md): the project's
    /// settings, tokens, labels built in code and overrides when the project file or a token
    /// file changed since the last update, the source files whose content changed (or that
    /// are new) imported, those gone removed, then the layouts of what changed computed. The
    /// content hash of every file is kept in `source_files`, written last: an update that fails
    /// half way is done again by the next one. A file that cannot be read or imported is kept
    /// there as not imported (`notImported`), so every update reads it again and says why.
    ///
    /// A key two `labels` entries match, and a token file that cannot be read, are
    /// `ProjectError`s naming the project file's lines.
    public func update(for project: ProjectConfiguration) throws -> ProjectUpdate {
        var update = ProjectUpdate()
        let stored = try storedSourceHashes()

        // The project's own inputs: the project file and its token files, in one hash.
        var projectBytes: [UInt8] = []
        for path in [project.file] + project.tokens.map(\.path) {
            projectBytes += Array(path.utf8) + [0] + Array((ContentHash.of(file: path) ?? "unreadable").utf8) + [0]
        }
        let projectHash = ContentHash.of(bytes: projectBytes)
        update.projectChanged = stored[project.file] != projectHash

        let sources = project.sources.map(\.path)
        let importer = try XcodeImporter(paths: sources, options: ImportOptions(developmentLanguage: project.developmentLanguage,
                                                                                skipsUnreadableFiles: true))
        update.searchWarnings = importer.skipped.filter { warning in
            guard case .skippedFile(let path, _) = warning else { return true }
            return project.includes(path)
        }
        var hashes: [String: String] = [project.file: projectHash]
        var changed: [String] = []
        for file in importer.files where project.includes(file.path) {
            guard hashes[file.path] == nil else { continue }
            let hash = ContentHash.of(file: file.path) ?? Self.notImported
            hashes[file.path] = hash
            if update.projectChanged || stored[file.path] != hash || hash == Self.notImported { changed.append(file.path) }
        }
        update.sourceFiles = hashes.count - 1
        update.removedFiles = stored.keys.filter { hashes[$0] == nil }.sorted()
        update.importedFiles = changed

        if update.projectChanged {
            try apply(settingsOf: project)
            for tokenFile in project.tokens { _ = try importDesignTokens(try Self.readTokens(tokenFile, project: project)) }
        }
        if !update.removedFiles.isEmpty { try removeImportedContents(of: update.removedFiles) }
        if !changed.isEmpty {
            let options = TextImportOptions(files: ImportOptions(developmentLanguage: project.developmentLanguage),
                                            matching: .keys, strict: false, replacesFileContents: true)
            let summary = try importTexts(from: sources, options: options, reading: Set(changed))
            update.importSummary = summary
            update.skippedFiles = summary.skippedFiles
            for skipped in summary.skippedFiles { hashes[skipped.path] = Self.notImported }
        }
        if update.projectChanged || !changed.isEmpty || !update.removedFiles.isEmpty {
            try applyLabels(of: project, keysOf: update.projectChanged ? nil : changed, update: &update)
        }
        update.layouts = try layOutQueued()
        try recordSourceHashes(hashes)
        return update
    }

    /// What `source_files` keeps for a file that could not be read or imported, in place of
    /// its content hash (which is hexadecimal digits): never equal to a file's hash.
    static let notImported = "not imported"

    /// The stored content hashes, by path.
    private func storedSourceHashes() throws -> [String: String] {
        let statement = try database.statement("SELECT path, content_hash FROM source_files")
        defer { statement.reset() }
        var hashes: [String: String] = [:]
        while try statement.step() { hashes[statement.text(0) ?? ""] = statement.text(1) ?? "" }
        return hashes
    }

    /// Replaces the stored hashes with `hashes`, writing only rows that differ.
    private func recordSourceHashes(_ hashes: [String: String]) throws {
        let stored = try storedSourceHashes()
        guard stored != hashes else { return }
        try write {
            let remove = try database.statement("DELETE FROM source_files WHERE path = ?")
            for path in stored.keys where hashes[path] == nil { try remove.run(.text(path)) }
            let upsert = try database.statement("""
                INSERT INTO source_files (path, content_hash) VALUES (?1, ?2)
                ON CONFLICT (path) DO UPDATE SET content_hash = ?2
                """)
            for (path, hash) in hashes where stored[path] != hash { try upsert.run(.text(path), .text(hash)) }
        }
    }

    /// The project's settings, each written only when it differs (a change queues every label).
    private func apply(settingsOf project: ProjectConfiguration) throws {
        try setSetting(.categories, to: project.categories.map(\.rawValue).joined(separator: ","))
        try setSetting(.pseudoLocales, to: project.pseudoLanguages.map(\.rawValue).joined(separator: ","))
        try setSetting(.fontSubstitutes, to: project.fontSubstitutes.spelling)
        try setSetting(.defaultFamily, to: project.defaultFamily ?? CatalogSetting.defaultFamily.defaultValue)
        try setSetting(.devices, to: project.devices.map(\.name).joined(separator: ","))
        if let language = project.developmentLanguage { try setSetting(.developmentLanguage, to: language) }
    }

    /// The largest token file read (16 MiB).
    static let maximumTokenFileBytes = 16 << 20

    /// A token file's JSON; an error names the `tokens` entry's line.
    private static func readTokens(_ file: ProjectPath, project: ProjectConfiguration) throws(ProjectError) -> JSONValue {
        func failure(_ reason: String) -> ProjectError {
            ProjectError(file: project.file, mark: file.mark, key: ProjectKey.tokens.rawValue,
                         problem: .invalidValue("\(PrintableText.quoted(file.spelling)): \(reason)"))
        }
        let descriptor = Glibc.open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw failure("cannot be read: \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            bytes += buffer[..<count]
            guard bytes.count <= maximumTokenFileBytes else { throw failure("is larger than \(maximumTokenFileBytes >> 20) MiB") }
        }
        do { return try JSONValue.parse(bytes) } catch { throw failure("is not JSON: \(error)") }
    }

    /// Removes what imports read from files that are gone: their texts and labels.
    private func removeImportedContents(of files: [String]) throws {
        try write {
            let texts = try database.statement("DELETE FROM key_texts WHERE file = ?")
            let labels = try database.statement("DELETE FROM labels WHERE file = ?")
            for file in files {
                try texts.run(.text(file))
                try labels.run(.text(file))
            }
        }
    }

    /// Writes the labels built in code (one per key a `labels` entry matches, named after the
    /// key, with the project file as its source) and applies the overrides to imported labels.
    /// `keysOf` limits the keys looked at to those with texts from these files (nil: every
    /// key); code labels whose key has no text left, or that no entry matches any more, go.
    private func applyLabels(of project: ProjectConfiguration, keysOf files: [String]?, update: inout ProjectUpdate) throws {
        let deviceWidth = project.designWidth
        try write {
            let writer = try LabelWriter(database: database)
            var keys: [String] = []
            let select = try files == nil ? database.statement("SELECT DISTINCT key FROM key_texts ORDER BY key")
                : database.statement("SELECT DISTINCT key FROM key_texts WHERE file IN (SELECT value FROM json_each(?)) ORDER BY key")
            if let files { try select.bind([.text(JSONValue.array(files.map(JSONValue.string)).jsonString())]) }
            while try select.step() { keys.append(select.text(0) ?? "") }
            select.reset()
            var made: Set<String> = []
            for key in keys {
                guard let rule = try project.labelRule(forKey: key) else { continue }
                var object = rule.fields.json(deviceWidth: deviceWidth)
                if let override = project.overrideFields(forLabel: key) { Self.apply(override, to: &object, deviceWidth: deviceWidth) }
                object["name"] = .string(key)
                object["key"] = .string(key)
                var record: LabelRecord
                do { record = try LabelRecord(json: .object(object)) } catch {
                    throw ProjectError(file: project.file, mark: rule.mark, key: ProjectKey.labels.rawValue,
                                       problem: .invalidValue("the label of \(PrintableText.quoted(key)): \(error)"))
                }
                record.source = TextSource(file: project.file, line: rule.mark.line)
                record.textsFromKey = [TextKey(locale: "")]
                made.insert(key)
                if try writer.write(record, withTexts: false) { update.codeLabelsWritten += 1 }
            }
            // Code labels whose key lost its texts, or (all keys looked at) that no entry makes.
            var stale: [String] = []
            let code = try database.statement("""
                SELECT name, EXISTS (SELECT 1 FROM key_texts WHERE key = labels.key) FROM labels WHERE file = ?
                """)
            try code.bind([.text(project.file)])
            while try code.step() {
                let name = code.text(0) ?? ""
                if code.int(1) == 0 || (files == nil && !made.contains(name)) { stale.append(name) }
            }
            code.reset()
            let remove = try database.statement("DELETE FROM labels WHERE name = ?")
            for name in stale { try remove.run(.text(name)) }
            update.codeLabelsRemoved = stale.count

            guard !project.overrides.isEmpty else { return }
            var names: [String] = []
            let imported = try database.statement("SELECT name FROM labels WHERE file IS NOT ?")
            try imported.bind([.text(project.file)])
            while try imported.step() { names.append(imported.text(0) ?? "") }
            imported.reset()
            for name in names {
                guard let override = project.overrideFields(forLabel: name) else { continue }
                let stored = try label(named: name)
                guard var object = stored.json.object else { continue }
                Self.apply(override, to: &object, deviceWidth: deviceWidth)
                var record: LabelRecord
                do { record = try LabelRecord(json: .object(object)) } catch {
                    let mark = project.overrides.last { $0.label.matches(name) }?.mark
                    throw ProjectError(file: project.file, mark: mark, key: "\(ProjectKey.overrides.rawValue).\(name)",
                                       problem: .invalidValue("\(error)"))
                }
                record.source = stored.source
                record.textsFromKey = stored.textsFromKey
                if try writer.write(record, withTexts: false) { update.overridesApplied += 1 }
            }
        }
    }

    /// Sets a label definition's fields from a project file's over it (frame members one by one).
    private static func apply(_ fields: LabelFields, to object: inout JSONObject, deviceWidth: Double) {
        for (field, value) in fields.fields { object[field] = value }
        guard let frame = fields.frame else { return }
        var members = object["frame"]?.object ?? JSONObject()
        for (member, value) in frame.json(deviceWidth: deviceWidth) { members[member] = value }
        object["frame"] = .object(members)
    }
}

extension ProjectConfiguration {
    /// The width `device` stands for in a width expression: the first device of `devices`,
    /// else 375 points (the 4.7" and 5.4" iPhones' portrait width; docs/project-file.md).
    public var designWidth: Double {
        devices.first?.size.width ?? 375
    }

    /// Whether an import of the project reads a file its sources found: one a source glob
    /// matches (or found under a plain source), and no `exclude` glob leaves out.
    public func includes(_ path: String) -> Bool {
        guard !isExcluded(path) else { return false }
        let relative = ProjectPath.relativeToProject(path, in: folder)
        return sources.contains { source in source.glob.map { $0.matches(relative) } ?? true }
    }
}
