import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs the real built `labelcat` (found by `MeasureCommandTests.binary`: next to the test
/// bundle, or `$LABELCAT_BINARY`) with a chosen working directory, environment and standard
/// input, for the command-line tests in `CLITests`.
enum CLI {
    typealias Run = MeasureCommandTests.Run

    /// The binary, or an issue recorded at the caller and a thrown error.
    static func binary(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        switch MeasureCommandTests.binary {
        case .success(let url): return url
        case .failure(let error):
            Issue.record(error, sourceLocation: sourceLocation)
            throw error
        }
    }

    /// The environment the tests start from: the test process's own, without the variables that
    /// would change labelcat's behaviour behind a test's back (`LABELCAT_DB`, the default family,
    /// `NO_COLOR`: output must be plain because stdout is a file, not because of `NO_COLOR`).
    static var baseEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["LABELCAT_DB", "LABELCAT_DEFAULT_FAMILY", "NO_COLOR"] { environment[name] = nil }
        return environment
    }

    /// `labelcat arguments…` in `directory` (a fresh empty one when nil), with `environment`
    /// changes applied to `baseEnvironment` (nil removes a variable).
    static func labelcat(_ arguments: [String], in directory: URL? = nil, environment: [String: String?] = [:],
                         stdin: String = "", timeout: Double = 120,
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
        let executable = try binary(sourceLocation: sourceLocation)
        return try program(executable.path, arguments, in: directory, environment: environment, stdin: stdin,
                           timeout: timeout, sourceLocation: sourceLocation)
    }

    /// Runs any program to completion (or kills it after `timeout` seconds, recording an issue).
    /// Output goes through files, so a large output cannot block on a full pipe.
    static func program(_ executable: String, _ arguments: [String], in directory: URL? = nil,
                        environment: [String: String?] = [:], stdin: String = "", timeout: Double = 120,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
        let scratch = try TemporaryDirectory(prefix: "labelcat-cli-run")
        let inputURL = scratch.url("stdin")
        let outputURL = scratch.url("stdout")
        let errorURL = scratch.url("stderr")
        try Data(stdin.utf8).write(to: inputURL)
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let input = try FileHandle(forReadingFrom: inputURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let errors = try FileHandle(forWritingTo: errorURL)
        defer {
            try? input.close()
            try? output.close()
            try? errors.close()
        }
        var variables = baseEnvironment
        for (name, value) in environment { variables[name] = value }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = variables
        process.currentDirectoryURL = directory ?? scratch.url("cwd", directory: true)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            // SIGKILL: children of the test runner may have SIGTERM blocked.
            kill(process.processIdentifier, SIGKILL)
            Issue.record("\(executable) \(arguments.joined(separator: " ")) did not finish in \(timeout) s; killed",
                         sourceLocation: sourceLocation)
            finished.wait()
        }
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }

    /// `sqlite3 FILE .dump`: the whole content of a catalog, to compare before and after.
    static func dump(_ database: String) throws -> String {
        let run = try program("/usr/bin/env", ["sqlite3", database, ".dump"])
        #expect(run.status == 0, "sqlite3 .dump failed: \(run.stderr)")
        return run.stdout
    }

    /// The package's root directory (holding Package.swift and README.md), from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // labelcatTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()
}

/// A fresh directory under the system's temporary directory, removed when this goes away.
final class TemporaryDirectory: @unchecked Sendable {
    let root: URL

    init(prefix: String = "labelcat-cli") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// `root/relative`; with `directory`, created (with its parents).
    func url(_ relative: String, directory: Bool = false) -> URL {
        let url = root.appendingPathComponent(relative)
        if directory { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        return url
    }

    func path(_ relative: String) -> String { url(relative).path }

    /// Writes a file (making its folders) and returns its path.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        let url = url(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: path(relative))
    }

    /// The names in the directory (hidden ones too), sorted.
    func contents(_ relative: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? root.path : path(relative)).sorted()
    }
}
