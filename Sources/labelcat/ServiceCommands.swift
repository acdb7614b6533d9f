#if canImport(Glibc)
import Glibc
#endif
import LabelCatalog
import LabelJSON
import Synchronization

/// Set by SIGINT/SIGTERM: the service finishes the batch in flight and exits 0.
let stopRequested = Atomic<Bool>(false)

let recomputeCommand = Command(
    name: "recompute",
    abstract: "Recompute layouts in bulk, on all cores.",
    discussion: """
        Layouts whose inputs are unchanged are skipped unless --force. Shows a progress bar on a \
        terminal. For every label, the catalog's freshness record answers first: when nothing but \
        queued edits changed since the last full check (same engine, same fonts), only the queued \
        labels are recomputed; otherwise every label's input hash is checked.
        """,
    arguments: [ArgumentSpec(name: "glob", help: "Labels matching these globs (default, or with --all: every label).", optional: true, variadic: true)],
    options: [RecomputeOptions.all, RecomputeOptions.force, RecomputeOptions.verify],
    run: runRecompute)

/// The options of `recompute`.
enum RecomputeOptions {
    static let all = Flag("all", help: "Every label.")
    static let force = Flag("force", help: "Recompute even layouts whose inputs are unchanged.")
    static let verify = Flag("verify", help: "Check every label's input hash even when the freshness record holds.")
}

func runRecompute(_ arguments: ParsedArguments) throws -> Int32 {
    if arguments[RecomputeOptions.all], !arguments.positionals.isEmpty {
        throw UsageError(message: "Give globs or --all, not both.", commandPath: arguments.path)
    }
    let catalog = try openCatalog(arguments)
    let terminal = isatty(2) == 1
    let started = monotonicSeconds()
    let progress: (Int, Int) -> Void = { done, total in
        let elapsed = max(monotonicSeconds() - started, 1e-3)
        let rate = Double(done) / elapsed
        let remaining = rate > 0 ? Double(total - done) / rate : 0
        let width = 30
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        OutputStream.standardError.write("\r\(bar) \(done)/\(total) labels  \(Int(rate))/s  ETA \(Int(remaining.rounded(.up)))s ")
        OutputStream.standardError.flush()
    }
    let summary = try catalog.recomputeAll(matching: arguments.positionals, force: arguments[RecomputeOptions.force],
                                           verify: arguments[RecomputeOptions.verify], progress: terminal ? progress : nil)
    if terminal { OutputStream.standardError.write("\n") }
    let seconds = monotonicSeconds() - started
    var line = "Recomputed \(summary.labels) labels: \(summary.written) layouts written, \(summary.unchanged) unchanged"
    if summary.fromFreshnessRecord { line += " (only queued edits; every other layout is fresh by the freshness record)" }
    if summary.failed > 0 { line += ", \(summary.failed) failed" }
    if summary.requeued > 0 { line += ", \(summary.requeued) edited meanwhile (queued)" }
    line += " in \(formatted(seconds)) s (\(Int(Double(summary.labels) / max(seconds, 1e-6))) labels/s)."
    OutputStream.standardError.flush()
    writeOutput(line)
    return summary.failed > 0 ? 1 : 0
}

let serveCommand = Command(
    name: "serve",
    abstract: "Watch the catalog and recompute what changed, whoever changed it.",
    discussion: """
        Notices commits of other processes (labelcat, other programs, the sqlite3 shell) through \
        PRAGMA data_version, drains the recompute queue in batches and writes each batch's layouts \
        and removes its queue entries in one transaction. SIGINT/SIGTERM finish the batch in \
        flight and exit 0. Several services may run on one catalog. When the catalog's path \
        comes to name another file (deleted and created again, or renamed over) the service \
        opens that one; when no catalog can be opened there for 10 seconds (removed, say) it \
        exits 1 saying why.
        """,
    options: [ServeOptions.pollMilliseconds, ServeOptions.once],
    run: runServe)

/// The options of `serve`.
enum ServeOptions {
    /// `--poll-ms N`: a positive whole number.
    static let pollMilliseconds = Option("poll-ms", "N", help: "How often to look for commits, in milliseconds (default 100).") { text, commandPath in
        guard let value = Int(text), value > 0 else {
            throw UsageError(message: "The value '\(text)' of '--poll-ms' is not a positive whole number.", commandPath: commandPath)
        }
        return value
    }
    static let once = Flag("once", help: "Drain the queue and exit.")
}

func runServe(_ arguments: ParsedArguments) throws -> Int32 {
    let poll = try arguments[ServeOptions.pollMilliseconds] ?? 100
    let once = arguments[ServeOptions.once]
    var catalog = try openCatalog(arguments)
    signal(SIGINT) { _ in stopRequested.store(true, ordering: .relaxed) }
    signal(SIGTERM) { _ in stopRequested.store(true, ordering: .relaxed) }
    // A parent may have started us with these blocked (children of Dispatch threads are).
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGINT)
    sigaddset(&stopSignals, SIGTERM)
    sigprocmask(SIG_UNBLOCK, &stopSignals, nil)
    if !once {
        OutputStream.standardError.write("serve: watching \(printable(catalog.path)) (poll \(poll) ms)\n")
        OutputStream.standardError.flush()
    }
    func log(_ line: String) {
        OutputStream.standardError.write(line + "\n")
        OutputStream.standardError.flush()
    }
    while true {
        do {
            try catalog.serve(pollMilliseconds: poll, once: once, log: log,
                              shouldStop: { stopRequested.load(ordering: .relaxed) })
            return 0
        } catch CatalogError.replaced(let path, let removed) {
            // The old file's queue is nobody's now: serve the catalog at the path.
            log("serve: \(printable(path)) \(removed ? "was removed" : "is another file now"); opening the catalog at its path")
            guard let reopened = try reopenCatalog(arguments, pollMilliseconds: poll) else { return 0 }
            catalog = reopened
        }
    }
}

/// How long `serve` waits for a catalog it can open at its path after the file it served was
/// replaced or removed (one being made there may not be complete yet).
let reopenSeconds = 10.0

/// Opens the catalog at the path again, retrying every poll for `reopenSeconds` (a file being
/// created there is not a catalog until its schema is written); nil when asked to stop. Throws
/// the last error (the removal, when nothing is there) once the time is up.
func reopenCatalog(_ arguments: ParsedArguments, pollMilliseconds: Int) throws -> Catalog? {
    let deadline = monotonicSeconds() + reopenSeconds
    while true {
        if stopRequested.load(ordering: .relaxed) { return nil }
        do {
            return try openCatalog(arguments)
        } catch {
            guard monotonicSeconds() < deadline else {
                if case CatalogError.missingCatalog(let path) = error { throw CatalogError.replaced(path: path, removed: true) }
                throw error
            }
        }
        usleep(UInt32(max(1, pollMilliseconds)) * 1000)
    }
}

func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
