#if canImport(Glibc)
import Glibc
#endif
import LabelCatalog
import LabelImport
import LabelJSON
import LabelLayout
import LabelModel
import LabelProject
import LabelSync

/// The project file a command works with (docs/project-file.md), read once per run: set by
/// `projectConfiguration`, or by `updateProjectCatalog` after it moved into the project folder.
nonisolated(unsafe) private var loadedProject: ProjectConfiguration??

/// The project a command works with: `--config`, else the nearest `labelcat.yml` at or above
/// the working folder, unless the catalog is named (`--db`, `$LABELCAT_DB`); nil when none.
/// Its app fonts are registered for the run when it is first read.
func projectConfiguration(_ arguments: ParsedArguments) throws -> ProjectConfiguration? {
    if let loaded = loadedProject { return loaded }
    var file = try arguments[CommonOptions.config]
    if file == nil, !arguments.isGiven(CommonOptions.db), (environment("LABELCAT_DB") ?? "").isEmpty {
        file = ProjectFile.find(from: ".")
    }
    guard let file else {
        loadedProject = .some(nil)
        return nil
    }
    let project = try ProjectConfiguration(contentsOf: file)
    for font in project.appFontFiles() where !FontLibrary.addApplicationFont(path: font) {
        OutputStream.standardError.write("Warning: \(printable(font)) is not a font file fontconfig can read; it is not used.\n")
    }
    loadedProject = project
    return project
}

/// A path made absolute against the working folder (before a command moves into the project folder).
func absolutePath(_ path: String) -> String {
    guard !path.hasPrefix("/"), path != "-" else { return path }
    guard let folder = getcwd(nil, 0) else { return path }
    defer { free(folder) }
    return String(cString: folder) + "/" + path
}

/// `check` in a project: moves into the project folder (so the files a catalog records are
/// named relative to it), reads the project file there, creates its catalog when missing
/// (`.labelcat/catalog.sqlite` unless `catalog` says otherwise, or `--db`) and brings it up to
/// date, saying what it did on standard error. Nil when the command has no project.
func updateProjectCatalog(_ arguments: ParsedArguments) throws -> ProjectConfiguration? {
    guard let found = try projectConfiguration(arguments) else { return nil }
    let database = try arguments[CommonOptions.db].map(absolutePath)
    guard chdir(found.folder) == 0 else {
        throw CommandError("cannot enter the project folder '\(found.folder)': \(String(cString: strerror(errno)))")
    }
    let name = found.file.split(separator: "/").last.map(String.init) ?? found.file
    var project: ProjectConfiguration
    do { project = try ProjectConfiguration(contentsOf: name) } catch {
        var located = error
        located.file = found.file
        throw located
    }
    if let database { project.catalog = database }
    loadedProject = project
    // The folder the catalog is in, when missing (one level: `.labelcat`).
    if let slash = project.catalog.lastIndex(of: "/"), slash != project.catalog.startIndex {
        try makeFolder(String(project.catalog[..<slash]), mode: 0o755, because: "labelcat keeps the project's catalog in a folder of its own")
    }
    let started = monotonicSeconds()
    let (catalog, _) = try Catalog.create(path: project.catalog)
    let update = try catalog.update(for: project)
    reportUpdate(update, seconds: monotonicSeconds() - started, catalog: project.catalog)
    return project
}


/// One line on standard error: what bringing the catalog up to date did.
private func reportUpdate(_ update: ProjectUpdate, seconds: Double, catalog: String) {
    var parts: [String] = []
    if update.projectChanged { parts.append("project settings applied") }
    parts.append("\(update.importedFiles.count) of \(counted(update.sourceFiles, "file")) imported")
    if !update.removedFiles.isEmpty { parts.append("\(update.removedFiles.count) removed") }
    if update.codeLabelsWritten + update.codeLabelsRemoved > 0 {
        parts.append("code labels \(update.codeLabelsWritten) written, \(update.codeLabelsRemoved) removed")
    }
    if update.overridesApplied > 0 { parts.append("\(counted(update.overridesApplied, "override")) applied") }
    if let layouts = update.layouts { parts.append("\(counted(layouts.written, "layout")) computed") }
    var line = "Catalog \(printable(catalog)) up to date: \(parts.joined(separator: ", ")) in \(formatted(seconds)) s.\n"
    for warning in update.searchWarnings { line += "Warning: \(printable(warning.description))\n" }
    for skipped in update.skippedFiles {
        line += "Warning: \(printable(skipped.error.description)); the file was skipped\n"
    }
    OutputStream.standardError.write(line)
    OutputStream.standardError.flush()
}

/// The reason an `ignore` entry of the project gives for leaving a finding out, nil to keep it.
func ignoreReason(_ project: ProjectConfiguration?) -> (Finding) -> String? {
    guard let project, !project.ignore.isEmpty else { return { _ in nil } }
    return { finding in
        guard let category = ContentSizeCategory(rawValue: finding.category) else { return nil }
        return project.ignoreRule(label: finding.label, locale: finding.locale, category: category)?.reason
    }
}

/// `init --xcode PROJECT.xcodeproj`: writes a starting labelcat.yml in the working folder,
/// never over a file (or a symbolic link) that is there.
func writeProjectTemplate(xcode path: String) throws -> Int32 {
    let project: XcodeProject
    do { project = try XcodeProject(contentsOf: absolutePath(path)) } catch { throw CommandError("\(error)") }
    let file = ProjectConfiguration.fileName
    let text = Array(ProjectTemplate.text(for: project, in: absolutePath(".")).utf8)
    let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
        if errno == EEXIST { throw CommandError("'\(file)' exists already; labelcat does not overwrite it (edit it, or remove it first)") }
        throw CommandError("cannot write '\(file)': \(String(cString: strerror(errno)))")
    }
    try writeAll(text, to: descriptor, file: file, naming: file)
    close(descriptor)
    writeOutput("Wrote \(file) from \(printable(path)): finish it (its comments say how), then run 'labelcat check'.")
    return 0
}
