import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

// Support for ServiceCommandTests: `labelcat serve` run in the background (signalled, killed,
// restarted), labelcat and the sqlite3 shell run to completion with a time limit, the catalog
// generator, and polling for "eventually" conditions. The binary, the environment and the
// package root come from CLITestSupport.swift (`CLI`). Processes are started here rather than
// with `CLI.program` because `serve` must get SIGTERM/SIGINT: a child inherits the signal mask
// of the thread that spawns it, and the test runner's threads block those signals (so
// `Process.terminate()` cannot stop a hung labelcat started from them either).

/// A finished process.
struct ServiceRun: Sendable, CustomStringConvertible {
    var status: Int32
    /// Ended by a signal (`status` is then the signal number).
    var signaled: Bool
    var stdout: String
    var stderr: String

    /// Standard output split into lines (the last newline does not make an empty line).
    var lines: [String] { Self.lines(stdout) }

    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    var description: String {
        "\(signaled ? "signal" : "exit") \(status); stdout: \(stdout.prefix(2000)); stderr: \(stderr.prefix(2000))"
    }
}

struct ServiceTestError: Error, CustomStringConvertible {
    var description: String
}

enum ServiceProcess {
    static var packageRoot: String { CLI.packageRoot.path }

    static func labelcat(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try CLI.binary(sourceLocation: sourceLocation).path
    }

    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs a program to completion; output goes through files (a large output cannot block
    /// on a full pipe). A program still running after `timeout` seconds is killed and the run
    /// throws, with what it printed.
    static func run(_ executable: String, _ arguments: [String], directory: String? = nil,
                    timeout: Double = 120) throws -> ServiceRun {
        let process = try BackgroundProcess(executable, arguments, directory: directory)
        guard let run = process.waitForExit(timeout: timeout) else {
            process.signal(SIGKILL)
            let killed = process.waitForExit(timeout: 30)
            throw ServiceTestError(description: "\(executable) \(arguments.joined(separator: " ")) still ran after \(Int(timeout)) s; killed. \(killed.map { "\($0)" } ?? "")")
        }
        return run
    }
}

/// A process whose standard output and error go to files, with its own empty standard input.
final class BackgroundProcess {
    let process = Process()
    let command: String
    private let directory: TemporaryDirectory
    private let stdoutURL: URL
    private let stderrURL: URL
    private var handles: [FileHandle] = []
    private(set) var result: ServiceRun?

    /// Starts the process. Its signal mask is `blockedSignals` (none by default): a child
    /// inherits the mask of the thread that spawns it, and the test runner's threads block
    /// SIGTERM and SIGINT, which `serve` must receive.
    init(_ executable: String, _ arguments: [String], directory: String? = nil, blockedSignals: [Int32] = []) throws {
        command = ([executable] + arguments).joined(separator: " ")
        self.directory = try TemporaryDirectory(prefix: "labelcat-service-process")
        stdoutURL = self.directory.url("stdout")
        stderrURL = self.directory.url("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: stdoutURL)
        let errors = try FileHandle(forWritingTo: stderrURL)
        handles = [output, errors]
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = CLI.baseEnvironment
        process.currentDirectoryURL = directory.map { URL(fileURLWithPath: $0) } ?? self.directory.root
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in blockedSignals { sigaddset(&mask, number) }
        var saved = sigset_t()
        pthread_sigmask(SIG_SETMASK, &mask, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        try process.run()
    }

    /// The signals blocked in the process (from /proc; Linux only).
    var blockedSignals: Set<Int32> {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
              let bits = UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return [] }
        return Set((1...64).filter { bits & (1 << UInt64($0 - 1)) != 0 }.map { Int32($0) })
    }

    deinit {
        if result == nil, process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        for handle in handles { try? handle.close() }
    }

    var pid: pid_t { process.processIdentifier }
    var isRunning: Bool { result == nil && process.isRunning }

    /// Sends a signal, unless the process has already ended (its pid may be someone else's).
    func signal(_ number: Int32) {
        guard isRunning else { return }
        kill(process.processIdentifier, number)
    }

    /// What the process has written to standard error so far.
    var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }
    var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }

    /// Waits for the process to end (polling, so a hung process cannot hang the test); nil
    /// when it is still running after `timeout` seconds.
    func waitForExit(timeout: Double) -> ServiceRun? {
        if let result { return result }
        let deadline = ServiceProcess.seconds() + timeout
        while process.isRunning {
            if ServiceProcess.seconds() > deadline { return nil }
            usleep(5_000)
        }
        process.waitUntilExit()
        let run = ServiceRun(status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
                             stdout: stdout, stderr: stderr)
        result = run
        return run
    }
}

/// Polls `condition` until it holds or `timeout` seconds pass; returns whether it held. For
/// "eventually" checks on a machine that may be busy with other work.
func eventually(timeout: Double, poll: Double = 0.05, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ServiceProcess.seconds() + timeout
    while true {
        if try condition() { return true }
        if ServiceProcess.seconds() > deadline { return false }
        usleep(UInt32(poll * 1_000_000))
    }
}

/// A temporary directory with one catalog file; `serve` processes started through it are
/// killed (by their pid) and the directory removed when it goes away.
final class ServiceFixture {
    let directory: TemporaryDirectory
    let db: String
    private var services: [BackgroundProcess] = []

    /// An initialised, empty catalog.
    init() throws {
        directory = try TemporaryDirectory(prefix: "labelcat-service")
        db = directory.path("catalog.sqlite")
        let run = try labelcat(["init"])
        guard run.status == 0 else { throw ServiceTestError(description: "labelcat init: \(run)") }
    }

    deinit {
        for service in services where service.isRunning {
            service.signal(SIGKILL)
            _ = service.waitForExit(timeout: 30)
        }
        services.removeAll()
    }

    func path(_ name: String) -> String { directory.path(name) }

    /// `labelcat --db CATALOG arguments…`
    func labelcat(_ arguments: [String], timeout: Double = 180) throws -> ServiceRun {
        try ServiceProcess.run(try ServiceProcess.labelcat(), ["--db", db] + arguments, directory: directory.root.path, timeout: timeout)
    }

    /// Runs a labelcat command that must exit 0; records its output otherwise.
    @discardableResult
    func succeed(_ arguments: String..., timeout: Double = 180, sourceLocation: SourceLocation = #_sourceLocation) throws -> ServiceRun {
        let run = try labelcat(arguments, timeout: timeout)
        #expect(run.status == 0 && !run.signaled, "labelcat \(arguments.joined(separator: " ")): \(run)", sourceLocation: sourceLocation)
        return run
    }

    /// Runs SQL with the sqlite3 shell (waiting up to 30 s for a lock, as a careful user
    /// would); returns its output without the last newline. A failure is recorded and thrown.
    @discardableResult
    func sqlite(_ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let run = try Self.sqlite(db: db, sql)
        guard run.status == 0, !run.signaled else {
            Issue.record("sqlite3 failed on \(sql): \(run)", sourceLocation: sourceLocation)
            throw ServiceTestError(description: "sqlite3 failed: \(run.stderr)")
        }
        return run.stdout.trimmingCharacters(in: .newlines)
    }

    static func sqlite(db: String, _ sql: String) throws -> ServiceRun {
        try ServiceProcess.run("/usr/bin/sqlite3", ["-bail", "-cmd", ".timeout 30000", db, sql], timeout: 120)
    }

    /// The rows of a query, one string a row (columns separated by |).
    func rows(_ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        ServiceRun.lines(try sqlite(sql, sourceLocation: sourceLocation))
    }

    func int(_ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let text = try sqlite(sql, sourceLocation: sourceLocation)
        guard let value = Int(text) else { throw ServiceTestError(description: "\(sql): not a number: \(text)") }
        return value
    }

    /// Starts `labelcat serve` with arguments in the background.
    func serve(_ arguments: [String] = [], blockedSignals: [Int32] = []) throws -> BackgroundProcess {
        let service = try BackgroundProcess(try ServiceProcess.labelcat(), ["--db", db, "serve"] + arguments, directory: directory.root.path,
                                            blockedSignals: blockedSignals)
        services.append(service)
        return service
    }

    /// Fills the catalog with `Benchmarks/make_catalog.py` (run from the package root).
    func generate(labels: Int, seed: Int = 1) throws {
        let script = ServiceProcess.packageRoot + "/Benchmarks/make_catalog.py"
        let run = try ServiceProcess.run("/usr/bin/env", ["python3", script, "--db", db, "--labels", "\(labels)", "--seed", "\(seed)"],
                                         directory: ServiceProcess.packageRoot, timeout: 300)
        guard run.status == 0, !run.signaled else { throw ServiceTestError(description: "make_catalog.py: \(run)") }
    }

    // MARK: Catalog state

    var queueCount: Int { get throws { try int("SELECT count(*) FROM recompute_queue;") } }

    /// Labels and label texts that have no layout row.
    func missingLayouts() throws -> [String] {
        try rows("""
            SELECT name || '/' FROM labels l WHERE NOT EXISTS (SELECT 1 FROM layouts WHERE label = l.name AND locale = '')
            UNION ALL SELECT label || '/' || locale FROM label_texts t
                WHERE NOT EXISTS (SELECT 1 FROM layouts WHERE label = t.label AND locale = t.locale)
            LIMIT 20;
            """)
    }

    /// Layout rows whose label or locale no longer exists.
    func orphanLayouts() throws -> [String] {
        try rows("""
            SELECT label || '/' || locale FROM layouts y WHERE NOT EXISTS (SELECT 1 FROM labels WHERE name = y.label)
                OR (locale <> '' AND NOT EXISTS (SELECT 1 FROM label_texts WHERE label = y.label AND locale = y.locale))
            LIMIT 20;
            """)
    }

    /// `labelcat layout list --stale --json`: the stale layouts, one JSON object a line.
    func staleLayouts(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let run = try labelcat(["layout", "list", "--stale", "--json"], timeout: 300)
        #expect(run.status == 0 && !run.signaled, "layout list --stale: \(run)", sourceLocation: sourceLocation)
        return run.lines
    }

    /// The text of a layout's lines (from the stored `lines` column), joined.
    func layoutText(_ label: String, locale: String = "") throws -> String {
        try sqlite("""
            SELECT coalesce((SELECT group_concat(json_extract(l.value, '$.text'), '') FROM layouts, json_each(layouts.lines) l
                WHERE label = '\(label)' AND locale = '\(locale)'), '<none>');
            """)
    }

    /// The font size a stored layout was computed at, read from the row itself: its first
    /// line's height is Noto Sans CJK SC's line height, 1.448 × the size (hhea).
    func storedFontSize(_ label: String, locale: String = "") throws -> String {
        try sqlite("SELECT CAST(round(json_extract(lines, '$[0].rect.height') / 1.448) AS INTEGER) FROM layouts WHERE label = '\(label)' AND locale = '\(locale)';")
    }

    /// computed_at by "label/locale".
    func computedAt(_ glob: String = "*") throws -> [String: String] {
        var result: [String: String] = [:]
        for row in try rows("SELECT label || '/' || locale || '|' || computed_at FROM layouts WHERE label GLOB '\(glob)';") {
            let parts = row.split(separator: "|", maxSplits: 1).map(String.init)
            if parts.count == 2 { result[parts[0]] = parts[1] }
        }
        return result
    }
}

/// One batch line of `labelcat serve` on standard error:
/// "serve: 3 queue entries → 2 labels, 2 layouts written, 1 unchanged, 1 edited meanwhile (queued again) in 5 ms".
struct ServeBatchLine {
    var entries: Int
    var labels: Int
    var written: Int
    var unchanged: Int
    var failed: Int
    var requeued: Int

    init?(_ line: String) {
        let pattern = #/serve: (\d+) queue entries → (\d+) labels, (\d+) layouts written(?:, (\d+) unchanged)?(?:, (\d+) failed)?(?:, (\d+) edited meanwhile \(queued again\))? in \d+ ms/#
        guard let match = line.wholeMatch(of: pattern) else { return nil }
        entries = Int(match.1) ?? -1
        labels = Int(match.2) ?? -1
        written = Int(match.3) ?? -1
        unchanged = match.4.flatMap { Int($0) } ?? 0
        failed = match.5.flatMap { Int($0) } ?? 0
        requeued = match.6.flatMap { Int($0) } ?? 0
    }

    static func all(_ stderr: String) -> [ServeBatchLine] {
        ServiceRun.lines(stderr).compactMap(ServeBatchLine.init)
    }
}

/// A value for a failure message, or the error that prevented reading it.
func show(_ body: () throws -> Any) -> String {
    do { return "\(try body())" } catch { return "<\(error)>" }
}
