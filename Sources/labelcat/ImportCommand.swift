import LabelCatalog
import LabelImport
import LabelJSON
import LabelSync

/// `labelcat import`: a project's strings tables, String Catalogs, XLIFF and storyboards
/// (docs/xcode-files.md).
let importCommand = Command(
    name: "import",
    abstract: "Import Xcode's files: storyboards and xibs become labels, strings tables, stringsdicts, String Catalogs and XLIFF fill their texts.",
    discussion: """
        PATH may be a file or a folder (searched for *.lproj files, String Catalogs, .xcloc \
        exports and Interface Builder files; --exclude leaves files and folders out). Each \
        UILabel of a .storyboard or .xib becomes a label named FILE/ID and keyed TABLE:ID.text \
        (created or updated; its texts are kept). Every text is stored by its key TABLE:KEY, \
        with its plural or device variant and the file and line it came from, and every label \
        keyed TABLE:KEY shows it, also one keyed later. Tables named alike in several folders \
        are told apart by their folders (App/Localizable). The development language's texts \
        (--development-language, else the catalog's setting, a String Catalog's \
        sourceLanguage, the Xcode project's developmentRegion, else en) are the base text of \
        keyed labels without one of their own. Texts not translated yet (state new) are not \
        stored, and replace what was stored for them. Keys no label has are counted (listed \
        with --verbose). A file that cannot be read is skipped with a warning naming its line, \
        and the rest is imported (each file whole or not at all); with --strict it refuses the \
        import, as does a key no label has, and the catalog is left as it was. The layouts of \
        the labels written are computed afterwards, a chunk of labels per transaction.
        """,
    arguments: [ArgumentSpec(name: "path", help: "Files and folders to import.", variadic: true)],
    options: [ImportCommandOptions.strict, ImportCommandOptions.verbose, ImportCommandOptions.exclude, ImportCommandOptions.locale,
              ImportCommandOptions.developmentLanguage],
    run: runImport)

/// The options of `import` (`ImportOptions` are the importer's).
enum ImportCommandOptions {
    static let strict = Flag("strict", help: "Refuse the whole import when a file cannot be read or a text's key belongs to no label.")
    static let verbose = Flag("verbose", help: "List every key no label has, and every label without a translation.")
    static let exclude = RepeatableOption<String>("exclude", "GLOB", help: "Leave out files and folders: a name ('Debug.storyboard', '*Tests'), or with a / a path below PATH ('App/Debug.storyboard'); repeatable.")
    static let locale = Option.locale(help: "The locale of strings tables and stringsdicts named outside any xx.lproj folder.")
    static let developmentLanguage = Option<String>("development-language", "LOCALE", help: "The development language (stored as the catalog's setting): its texts are the base text of keyed labels without one, and its copy of a storyboard localized by copies defines the labels.")
}

func runImport(_ arguments: ParsedArguments) throws -> Int32 {
    let catalog = try openCatalog(arguments)
    let options = TextImportOptions(files: ImportOptions(locale: try arguments[ImportCommandOptions.locale],
                                                         developmentLanguage: try arguments[ImportCommandOptions.developmentLanguage],
                                                         excluded: try arguments[ImportCommandOptions.exclude]),
                                    matching: .keys, strict: arguments[ImportCommandOptions.strict])
    let verbose = arguments[ImportCommandOptions.verbose]
    let started = monotonicSeconds()
    let summary = try catalog.importTexts(from: arguments.positionals, options: options)
    let written = monotonicSeconds() - started
    for warning in summary.warnings {
        OutputStream.standardError.write("Warning: \(printable(warning.description))\n")
    }
    for skipped in summary.skippedFiles {
        OutputStream.standardError.write("Warning: \(printable(skipped.error.description)); the file was skipped\n")
    }
    OutputStream.standardError.flush()

    var lines: [String] = []
    var labels: [String] = []
    if summary.labelsCreated > 0 { labels.append("\(summary.labelsCreated) created") }
    if summary.labelsUpdated > 0 { labels.append("\(summary.labelsUpdated) updated") }
    if summary.labelsUnchanged > 0 { labels.append("\(summary.labelsUnchanged) unchanged") }
    let localeNames = summary.locales.map { printable(LocaleTag.name($0)) }
    var what = "Read \(counted(summary.files.count, "file"))"
    if !summary.skippedFiles.isEmpty { what += " (\(summary.skippedFiles.count) skipped: cannot be read)" }
    if !labels.isEmpty { what += ": labels \(labels.joined(separator: ", "))" }
    what += "\(labels.isEmpty ? ":" : ";") \(counted(summary.textsStored, "text"))"
    if !localeNames.isEmpty { what += " in \(localeNames.count == 1 ? "locale" : "locales") \(localeNames.joined(separator: ", "))" }
    what += " (\(summary.textsWritten) written, \(summary.textsStored - summary.textsWritten) unchanged) in \(formatted(written)) s."
    lines.append(what)
    if summary.developmentLanguageOrigin != .fallback || !summary.locales.isEmpty {
        lines.append("Development language: \(printable(summary.developmentLanguage)) (\(printable(describe(summary.developmentLanguageOrigin)))).")
    }
    if !summary.qualifiedTables.isEmpty {
        let tables = verbose ? summary.qualifiedTables : Array(summary.qualifiedTables.prefix(5))
        let more = summary.qualifiedTables.count > tables.count ? ", … (--verbose lists all)" : ""
        lines.append("Tables named alike in several folders, told apart by folder: \(tables.map(printable).joined(separator: ", "))\(more).")
    }
    if summary.textsNotLaidOut > 0 {
        lines.append("\(counted(summary.textsNotLaidOut, "text")) not translated yet (state new): not stored"
                     + (summary.textsRemoved > 0 ? ", \(summary.textsRemoved) stored before removed." : "."))
    }
    if !summary.unmatched.isEmpty {
        lines.append("\(counted(summary.unmatched.count, "key")) no label has yet (their texts are stored; a label keyed to one shows them)\(verbose ? ":" : "; --verbose lists them.")")
        if verbose {
            for key in summary.unmatched {
                lines.append("  \(printable(key.key))  \(printable(key.source.file))\(key.source.line.map { ":\($0)" } ?? "")")
            }
        }
    }
    if !summary.localesWithoutLabels.isEmpty {
        lines.append("No label shows a text read in \(summary.localesWithoutLabels.count == 1 ? "locale" : "locales") \(summary.localesWithoutLabels.map { printable(LocaleTag.name($0)) }.joined(separator: ", ")).")
    }
    for (locale, names) in try catalog.untranslatedLabels(after: summary) {
        let shown = verbose ? names : Array(names.prefix(5))
        let more = names.count > shown.count ? ", … (--verbose lists all)" : ""
        lines.append("No \(printable(locale)) text for \(counted(names.count, "label")): \(shown.map(printable).joined(separator: ", "))\(more)")
    }
    for line in lines { writeOutput(line) }
    OutputStream.standardOutput.flush()

    let layoutStarted = monotonicSeconds()
    let layouts = try catalog.layOutQueued()
    let seconds = monotonicSeconds() - layoutStarted
    var laidOut = "Laid out \(counted(layouts.written, "layout")) of \(counted(layouts.labels, "label")) in \(formatted(seconds)) s"
    if layouts.failed > 0 { laidOut += "; \(layouts.failed) cannot be laid out (see 'labelcat check')" }
    writeOutput(laidOut + ".")
    let missing = catalog.missingFontFamilies(summary.fontFamilies)
    if !missing.isEmpty {
        let labels = missing.map(\.labels).reduce(0, +)
        writeOutput("\(counted(labels, "label")) cannot be laid out here: " + printable(missingFontsAdvice(missing.map(\.family))) + ".")
    }
    return 0
}

/// How the import summary names where its development language came from.
func describe(_ origin: DevelopmentLanguageOrigin) -> String {
    switch origin {
    case .option: "--development-language"
    case .setting: "the catalog's development-language setting"
    case .stringCatalog(let file): "the sourceLanguage of \(file)"
    case .project: "the Xcode project's developmentRegion"
    case .fallback: "none found: English"
    }
}
