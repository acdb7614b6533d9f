import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under the system's temporary directory, removed when this goes away.
/// Every test makes its own, so tests run in parallel on real files.
public final class TemporaryDirectory: @unchecked Sendable {
    public let root: URL

    public init(prefix: String = "labelcat-tests") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// `root/relative`; with `directory`, created (with its parents).
    public func url(_ relative: String, directory: Bool = false) -> URL {
        let url = root.appendingPathComponent(relative)
        if directory { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        return url
    }

    /// A path inside the directory (the file need not exist).
    public func path(_ relative: String) -> String { url(relative).path }

    /// Writes a file (making its folders) and returns its path.
    @discardableResult
    public func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
        let url = url(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, Array(text.utf8))
    }

    public func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: path(relative))
    }

    /// The names in the directory (hidden ones too), sorted.
    public func contents(_ relative: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? root.path : path(relative)).sorted()
    }
}

/// How a program run to completion ended, and what it printed.
public struct ProgramRun: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// True when it ran past its timeout and was killed.
    public var timedOut = false

    /// Standard output split into lines (the last newline does not make an empty line).
    public var lines: [String] {
        var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// Runs a program to completion, in `directory` (a fresh empty one when nil), with
/// `environment` (the test process's own when nil) and `stdin`; after `timeout` seconds it is
/// killed with SIGKILL (children of the test runner may have SIGTERM blocked). Output goes
/// through files, so a large output cannot block on a full pipe.
public func runProgram(_ executable: String, _ arguments: [String], in directory: URL? = nil,
                       environment: [String: String]? = nil, stdin: String = "",
                       timeout: Double = 120) throws -> ProgramRun {
    let scratch = try TemporaryDirectory(prefix: "labelcat-run")
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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.currentDirectoryURL = directory ?? scratch.url("cwd", directory: true)
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    var timedOut = false
    if finished.wait(timeout: .now() + timeout) == .timedOut {
        timedOut = true
        kill(process.processIdentifier, SIGKILL)
        finished.wait()
    }
    return ProgramRun(status: process.terminationStatus,
                      stdout: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self),
                      timedOut: timedOut)
}
