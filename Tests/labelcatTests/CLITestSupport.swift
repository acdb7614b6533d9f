import Foundation
import Testing
import TestSupport

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
    static func program(_ executable: String, _ arguments: [String], in directory: URL? = nil,
                        environment: [String: String?] = [:], stdin: String = "", timeout: Double = 120,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
        var variables = baseEnvironment
        for (name, value) in environment { variables[name] = value }
        let run = try runProgram(executable, arguments, in: directory, environment: variables, stdin: stdin, timeout: timeout)
        if run.timedOut {
            Issue.record("\(executable) \(arguments.joined(separator: " ")) did not finish in \(timeout) s; killed",
                         sourceLocation: sourceLocation)
        }
        return run
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

