#if canImport(Glibc)
import Glibc
#endif
import LabelCatalog
import LabelJSON
import LabelModel
import LabelReport

/// The output formats of `check`.
enum CheckFormat: String, CaseIterable {
    case text, json, github, junit, sarif
}

/// `labelcat check`: the CI gate for "does every translation fit" (docs/ci.md).
let checkCommand = Command(
    name: "check",
    abstract: "List every text that is truncated, loses lines to its label's height, or cannot be laid out; exit 1 when there is one.",
    discussion: """
        Layouts are brought up to date first. Each finding names the label, locale, variant, \
        content size category and kind (truncated: more lines than numberOfLines allows; \
        lines: the height holds fewer lines than needed; error: cannot be laid out; with \
        --shrunk also shrunk: fits only because autoshrink made the font smaller), the \
        lines shown/needed, how many points too wide or too tall, and the lines shown. With \
        --baseline FILE only findings not in the file fail the check; entries that now fit \
        are reported as such. --update-baseline FILE writes the findings to FILE instead \
        (entries for labels, locales or categories not checked are kept). Locales are BCP 47 \
        tags compared case-insensitively ('DE' is 'de', 'pt_BR' is 'pt-BR'); a tag the \
        catalog lacks falls back to its parent ('de-DE' to 'de'); '' or 'base' is the base \
        text. Exit status: 0 when every text fits (with --baseline: no new finding), 1 when \
        there are findings (or an error; a text with little headroom or an ambiguous frame only \
        warns), 2 when the glob, a --locale or a --category \
        matches nothing, 64 for a usage error. In a folder with labelcat.yml (here or above, \
        or --config) the project's catalog is brought up to date first (only files whose \
        content changed are imported), and the project gives the locales, categories, \
        baseline and ignored findings (docs/project-file.md).
        """,
    arguments: [checkGlobArgument],
    options: CheckScopeOptions.all + [CheckOptions.format, CheckOptions.json, CheckOptions.baseline, CheckOptions.updateBaseline,
                                      CheckOptions.verbose, CheckOptions.shard, CommonOptions.config],
    run: runCheck)

/// The labels to check, shared by `check` and `report`.
let checkGlobArgument = ArgumentSpec(name: "glob", help: "Only labels matching this glob (default: all).", optional: true)

/// `check`'s own options (`CheckScopeOptions` are shared with `report`).
enum CheckOptions {
    static let format = Option("format", "FORMAT", help: "Output: \(CheckFormat.allCases.map(\.rawValue).joined(separator: ", ")) (default text).") { name, commandPath in
        guard let format = CheckFormat(rawValue: name) else {
            throw UsageError(message: "The value '\(name)' of '--format' must be one of \(CheckFormat.allCases.map(\.rawValue).joined(separator: ", ")).",
                             commandPath: commandPath)
        }
        return format
    }
    static let json = Flag("json", help: "The same as --format json: one JSON object per finding per line.")
    static let baseline = Option<String>("baseline", "FILE", help: "Fail only on findings not in this baseline file.")
    static let updateBaseline = Option<String>("update-baseline", "FILE", help: "Write the findings to this baseline file (and exit 0).")
    static let verbose = Flag("verbose", help: "List the keys whose texts no label shows, and the labels of scenes that keep their saved frames, with counts per reason (the text format counts them).")
    /// `--shard I/N`.
    static let shard = Option("shard", "I/N", help: "Check only shard I of N: the labels whose name hashes to it (for N parallel CI jobs).") { text, commandPath in
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), let shard = CheckShard(index: index, count: count) else {
            throw UsageError(message: "The value '\(text)' of '--shard' must be I/N with 1 ≤ I ≤ N (2/4: the second of four shards).",
                             commandPath: commandPath)
        }
        return shard
    }
}

/// The options saying what to check, shared by `check` and `report`.
enum CheckScopeOptions {
    static let locale = RepeatableOption<String>("locale", "LOCALE", help: "Only this locale ('' or 'base' = base texts); repeat for several.")
    static let category = RepeatableOption.categories(help: "Only this content size category (default: every one the catalog keeps); repeatable.")
    static let shrunk = Flag("shrunk", help: "Also list texts that fit only because their font shrank (autoshrink).")
    /// `--headroom PT`: a decimal number of points, not negative (docs/fixes.md, "Headroom").
    static let headroom = Option("headroom", "PT", help: "Warn about texts that fit with less than PT points to spare (kind tight; does not fail).") { text, commandPath in
        guard let points = parseDecimal(text), points >= 0 else {
            throw UsageError(message: "The value '\(text)' of '--headroom' must be a decimal number of points, 0 or more.",
                             commandPath: commandPath)
        }
        return points
    }
    /// `--min-category CATEGORY`, read by the one parser of category names.
    static let minimumCategory = Option("min-category", "CATEGORY",
                                        help: "Fail texts that do not fit at every content size category up to CATEGORY (a name, or AX1-AX5; kind category).") { name, commandPath in
        try contentSizeCategory(named: name, option: "min-category", commandPath: commandPath)
    }

    static let all: [any CommandOption] = [locale, category, shrunk, CommonOptions.device, headroom, minimumCategory]
}

/// The check scope from a command's glob and scope options; a `--category` that names no
/// category is a usage error, as in every command (one that the catalog does not keep is
/// "nothing to check").
func checkScope(_ arguments: ParsedArguments) throws -> CheckScope {
    let project = try projectConfiguration(arguments)
    let given = try arguments[CheckScopeOptions.category].map(\.rawValue)
    let categories = given.isEmpty ? project.map { $0.categories.map(\.rawValue) } : given
    let locales = try arguments[CheckScopeOptions.locale]
    return CheckScope(glob: arguments.positionals.first ?? "*", locales: locales.isEmpty ? project?.locales : locales,
                      categories: categories, includesShrunk: arguments[CheckScopeOptions.shrunk], shard: try arguments[CheckOptions.shard],
                      device: try arguments[CommonOptions.device], headroomBelow: try arguments[CheckScopeOptions.headroom],
                      minimumCategory: try arguments[CheckScopeOptions.minimumCategory])
}

/// Reads every option that says what to check, so that a bad value (`--shard 3/2`) is a usage
/// error before a project's catalog is brought up to date: it leaves the catalog as it was.
func readScopeOptions(_ arguments: ParsedArguments) throws {
    _ = try arguments[CheckOptions.shard]
    _ = try arguments[CheckScopeOptions.locale]
    _ = try arguments[CheckScopeOptions.category]
    _ = try arguments[CheckScopeOptions.headroom]
    _ = try arguments[CheckScopeOptions.minimumCategory]
}

/// The exit status of a check that had nothing to check.
let nothingMatchedStatus: Int32 = 2

/// Opens the catalog and checks the command's scope, noting locale fallbacks on standard
/// error; nil when nothing matched (said on standard error: exit `nothingMatchedStatus`).
func runCheckScope(_ arguments: ParsedArguments) throws -> (catalog: Catalog, result: CheckResult)? {
    let catalog = try openCatalog(arguments)
    do {
        let result = try catalog.check(try checkScope(arguments))
        for match in result.localeMatches where match.isFallback {
            OutputStream.standardError.write("Note: no texts for locale '\(printable(match.requested))'; checking its fallback '\(printable(match.matched))'.\n")
        }
        OutputStream.standardError.flush()
        return (catalog, result)
    } catch let error as CheckError {
        OutputStream.standardError.write("Error: \(printable("\(error)"))\n")
        OutputStream.standardError.flush()
        return nil
    }
}

/// A baseline file, read.
func readBaseline(_ path: String) throws -> Baseline {
    try Baseline(json: try readInput(path), file: path)
}

func runCheck(_ arguments: ParsedArguments) throws -> Int32 {
    let usage = arguments.path
    var format = try arguments[CheckOptions.format] ?? .text
    if arguments[CheckOptions.json] {
        guard format == .text || format == .json else {
            throw UsageError(message: "'--json' and '--format \(format.rawValue)' ask for different outputs; give one.", commandPath: usage)
        }
        format = .json
    }
    if arguments.isGiven(CheckOptions.baseline), arguments.isGiven(CheckOptions.updateBaseline) {
        throw UsageError(message: "'--baseline' and '--update-baseline' cannot be used together: update the file, then check against it.",
                         commandPath: usage)
    }
    try readScopeOptions(arguments)
    // Named before a project's check moves into the project folder.
    let baselinePath = try arguments[CheckOptions.baseline].map(absolutePath)
    let updatePath = try arguments[CheckOptions.updateBaseline].map(absolutePath)
    let project = try updateProjectCatalog(arguments)
    let baseline = try (baselinePath ?? project?.baseline.flatMap { access($0, F_OK) == 0 ? $0 : nil }).map(readBaseline)
    guard let (_, result) = try runCheckScope(arguments) else { return nothingMatchedStatus }
    let outcome = CheckOutcome(result: result, baseline: baseline, ignoring: ignoreReason(project))
    if let path = updatePath {
        return try updateBaseline(path, with: outcome.result)
    }
    switch format {
    case .text: printText(outcome, verbose: arguments[CheckOptions.verbose])
    case .json: for line in FindingsJSON.lines(outcome) { writeOutput(line) }
    case .github: OutputStream.standardOutput.writeWorkflowCommands(GitHubAnnotations.render(outcome))
    case .junit: writeOutput(JUnitReport.render(outcome), terminator: "")
    case .sarif: writeOutput(SARIFReport.render(outcome, toolVersion: labelcatVersion), terminator: "")
    }
    return outcome.exitCode
}

/// The text format: a table of the failing findings, then what the baseline says, the keys
/// whose texts no label shows (counted; listed with `verbose`), then a one-line summary (on
/// standard error when the check fails).
func printText(_ outcome: CheckOutcome, verbose: Bool = false) {
    let result = outcome.result
    let findings = outcome.new
    if !findings.isEmpty {
        let variants = findings.contains { !$0.variant.isEmpty }
        let categories = result.categories.count > 1
        let devices = findings.contains { !$0.device.isEmpty }
        var headers = ["label", "locale"]
        if variants { headers.append("variant") }
        if categories { headers.append("category") }
        if devices { headers.append("device") }
        var table = Table(headers: headers + ["kind", "lines shown/needed", "over", "visible text", "fix"])
        for finding in findings {
            var cells = [finding.label, LocaleTag.name(finding.locale)]
            if variants { cells.append(finding.variant.isEmpty ? "-" : finding.variant) }
            if categories { cells.append(finding.category) }
            if devices { cells.append(finding.device.isEmpty ? "-" : finding.device) }
            if let detail = finding.detail {
                cells += [finding.kind.rawValue, "-", "-", detail, "-"]
            } else if !finding.kind.description.hasLayout {
                cells += [finding.kind.rawValue, "-", "-", "\(finding.kind.rawValue): \(finding.error ?? "")", "-"]
            } else {
                let fix = finding.fix?.suggestions ?? []
                cells += [finding.kind.rawValue, "\(finding.linesShown)/\(finding.linesNeeded)", finding.overText,
                          finding.lines.joined(separator: " ⏎ "), fix.isEmpty ? "-" : fix.joined(separator: "; ")]
            }
            table.rows.append(cells)
        }
        writeOutput(table.rendered, terminator: "")
    }
    if !findings.isEmpty, !(outcome.known.isEmpty && outcome.fixed.isEmpty && outcome.changed.isEmpty && outcome.gone.isEmpty
                            && outcome.ignoredInBaseline.isEmpty) {
        writeOutput("")
    }
    if !outcome.known.isEmpty {
        writeOutput("\(counted(outcome.known.count, "known finding")) (in the baseline) not listed.")
    }
    if !outcome.ignored.isEmpty {
        writeOutput("\(counted(outcome.ignored.count, "finding")) ignored by labelcat.yml:")
        for (reason, count) in outcome.ignoredReasons { writeOutput("  \(count) × \(printable(reason))") }
    }
    for (entries, heading) in [(outcome.fixed, "Now fits (in the baseline; update it with --update-baseline):"),
                               (outcome.changed, "Another kind now (in the baseline; the new finding is listed above):"),
                               (outcome.gone, "Gone (in the baseline, but the text no longer exists):"),
                               (outcome.ignoredInBaseline, "Ignored by labelcat.yml (in the baseline; --update-baseline removes them):")]
        where !entries.isEmpty {
        writeOutput(heading)
        for entry in entries { writeOutput("  \(entry.displayName)") }
    }
    if !result.keysWithoutLabels.isEmpty {
        let keys = result.keysWithoutLabels
        writeOutput("\(counted(keys.count, "key")) \(keys.count == 1 ? "holds" : "hold") texts no label shows\(verbose ? ":" : " (--verbose lists them).")")
        if verbose {
            for key in keys { writeOutput("  \(printable(key.key))  \(printable(key.source.file))\(key.source.line.map { ":\($0)" } ?? "")") }
        }
    }
    if result.sceneLabels > 0 {
        let saved = result.savedFrames
        writeOutput("\(result.solvedSceneLabels) of \(counted(result.sceneLabels, "scene label")) placed by Auto Layout\(saved.isEmpty ? "" : "; \(saved.count) keep their saved frames\(verbose ? ":" : " (--verbose lists them)")")\(saved.isEmpty ? "." : "")")
        if verbose, !saved.isEmpty {
            let counts = Dictionary(grouping: saved, by: \.code).mapValues(\.count)
            for code in counts.keys.sorted() { writeOutput("  \(counts[code]!)  \(printable(code))") }
            for label in saved {
                writeOutput("  \(printable(label.label))\(label.device.isEmpty ? "" : " [\(printable(label.device))]"): \(printable(label.reason))")
            }
        }
    }
    let layouts = counted(result.checked.count, "layout")
    let tight = findings.filter { $0.kind == .tight }.count
    if tight > 0 { writeOutput("\(counted(tight, "text")) \(tight == 1 ? "fits" : "fit") with less headroom than asked for (warnings).") }
    let ambiguous = findings.filter { $0.kind == .ambiguous }.count
    if ambiguous > 0 { writeOutput("\(counted(ambiguous, "text")) laid out in an ambiguous frame (warnings).") }
    let failing = findings.filter(\.kind.description.fails)
    if failing.isEmpty {
        if outcome.baseline == nil {
            writeOutput("All \(layouts) of \(counted(result.labelCount, "label")) fit.")
        } else {
            writeOutput("No new findings in \(layouts) of \(counted(result.labelCount, "label")).")
        }
    } else {
        let one = failing.count == 1
        let known = outcome.baseline == nil ? "" : " and \(one ? "is" : "are") not in the baseline"
        OutputStream.standardOutput.flush()
        OutputStream.standardError.write("\(failing.count) of \(layouts) \(one ? "does" : "do") not fit\(known).\n")
        OutputStream.standardError.flush()
    }
}

/// `--update-baseline FILE`: the file's entries for what was checked replaced by the findings.
func updateBaseline(_ path: String, with result: CheckResult) throws -> Int32 {
    let old = access(path, F_OK) == 0 ? try readBaseline(path) : Baseline()
    let new = old.updated(with: result)
    try writeTextFile(path, new.json)
    let added = new.entries.subtracting(old.entries).count
    let removed = old.entries.subtracting(new.entries).count
    writeOutput("Wrote \(printable(path)): \(counted(new.entries.count, "finding")) (\(added) added, \(removed) removed).")
    return 0
}

/// Writes a file whole: into a new temporary file beside it, then renamed over it. A path that
/// is there and is not a regular file (a symbolic link, a FIFO, a device) is refused.
func writeTextFile(_ path: String, _ text: String) throws {
    var info = stat()
    if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
        throw CommandError("'\(path)' is not a regular file (a symbolic link, a folder, a FIFO or a device); labelcat writes only to a new file or over a regular file")
    }
    let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw CommandError("cannot write '\(path)': \(String(cString: strerror(errno)))") }
    try writeAll(Array(text.utf8), to: descriptor, file: temporary, naming: path)
    guard close(descriptor) == 0, rename(temporary, path) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        throw CommandError("cannot write '\(path)': \(reason)")
    }
}

/// Writes `bytes` whole to a descriptor of a file just created (`file`), retrying when a signal
/// interrupts; on failure closes it, removes the file and throws an error naming `path`.
func writeAll(_ bytes: [UInt8], to descriptor: Int32, file: String, naming path: String) throws {
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            unlink(file)
            throw CommandError("cannot write '\(path)': \(reason)")
        }
        offset += written
    }
}

/// "1 label", "2 labels".
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
