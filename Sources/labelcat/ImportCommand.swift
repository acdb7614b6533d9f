import LabelCatalog
import LabelImport
import LabelJSON

/// `labelcat import`: a project's strings tables, String Catalogs, XLIFF and storyboards
/// (docs/xcode-files.md).
let importCommand = Command(
    name: "import",
    abstract: "Import Xcode's files: storyboards and xibs become labels, strings tables, stringsdicts, String Catalogs and XLIFF fill their texts.",
    discussion: """
        PATH may be a file or a folder (searched for *.lproj files, String Catalogs, .xcloc \
        exports and Interface Builder files). Each UILabel of a .storyboard or .xib becomes a \
        label named FILE/ID and keyed TABLE:ID.text (created or updated; its texts are kept); \
        each text of a strings file fills every label keyed TABLE:KEY, with its plural or \
        device variant and the file and line it came from. Texts of Base.lproj are base \
        texts; the development language is a locale like any other. Texts not translated yet \
        (state new) are not stored, and replace what was stored for them. Keys no label has \
        are counted (listed with --verbose); with --strict they refuse the import. Everything \
        is written in one transaction: a malformed file (named with its line and key) leaves \
        the catalog as it was. The layouts of the labels written are computed afterwards, a \
        chunk of labels per transaction.
        """,
    arguments: [ArgumentSpec(name: "path", help: "Files and folders to import.", variadic: true)],
    options: [
        .flag("strict", help: "Refuse the import when a text's key belongs to no label."),
        .flag("verbose", help: "List every key no label has, and every label without a translation."),
        .option("locale", "LOCALE", help: "The locale of strings tables and stringsdicts named outside any xx.lproj folder."),
        .option("development-language", "LOCALE", help: "Which copy of a storyboard localized by copies defines the labels (default en, else the first)."),
    ],
    run: runImport)

func runImport(_ arguments: ParsedArguments) throws -> Int32 {
    let catalog = try openCatalog(arguments)
    let options = TextImportOptions(files: ImportOptions(locale: arguments.value("locale"),
                                                         developmentLanguage: arguments.value("development-language")),
                                    matching: .keys, strict: arguments.flag("strict"))
    let verbose = arguments.flag("verbose")
    let started = monotonicSeconds()
    let summary = try catalog.importTexts(from: arguments.positionals, options: options)
    let written = monotonicSeconds() - started
    for warning in summary.warnings {
        OutputStream.standardError.write("Warning: \(printable("\(warning)"))\n")
    }
    OutputStream.standardError.flush()

    var lines: [String] = []
    var labels: [String] = []
    if summary.labelsCreated > 0 { labels.append("\(summary.labelsCreated) created") }
    if summary.labelsUpdated > 0 { labels.append("\(summary.labelsUpdated) updated") }
    if summary.labelsUnchanged > 0 { labels.append("\(summary.labelsUnchanged) unchanged") }
    let localeNames = summary.locales.map { $0.isEmpty ? "base" : printable($0) }
    var what = "Read \(counted(summary.files.count, "file"))"
    if !labels.isEmpty { what += ": labels \(labels.joined(separator: ", "))" }
    what += "\(labels.isEmpty ? ":" : ";") \(counted(summary.textsMatched, "text")) for labels"
    if !localeNames.isEmpty { what += " in \(localeNames.count == 1 ? "locale" : "locales") \(localeNames.joined(separator: ", "))" }
    what += " (\(summary.textsWritten) written, \(summary.textsMatched - summary.textsWritten) unchanged) in \(formatted(written)) s."
    lines.append(what)
    if summary.textsNotLaidOut > 0 {
        lines.append("\(counted(summary.textsNotLaidOut, "text")) not translated yet (state new): not stored"
                     + (summary.textsRemoved > 0 ? ", \(summary.textsRemoved) stored before removed." : "."))
    }
    if !summary.unmatched.isEmpty {
        lines.append("Skipped \(counted(summary.unmatched.count, "key")) no label has\(verbose ? ":" : " (--verbose lists them).")")
        if verbose {
            for key in summary.unmatched {
                lines.append("  \(printable(key.key))  \(printable(key.source.file))\(key.source.line.map { ":\($0)" } ?? "")")
            }
        }
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
    return 0
}
