import Foundation
import LabelImport
import Testing
import TestSupport

/// The fixtures: a small Xcode project (`Fixtures/Project`) and an Xcode export
/// (`Fixtures/Export/de.xcloc`), written for these tests.
enum Fixtures {
    static let root: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    static func path(_ relative: String) -> String { root + "/" + relative }

    static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(relative))))
    }

    static func text(_ relative: String) throws -> String {
        String(decoding: try bytes(relative), as: UTF8.self)
    }
}

/// Imports `paths` whole.
func importAll(_ paths: [String], options: ImportOptions = ImportOptions()) throws -> ImportResult {
    try XcodeImporter(paths: paths, options: options).readAll()
}

/// The error importing `paths` fails with; an issue when it does not fail.
func importError(_ paths: [String], options: ImportOptions = ImportOptions(),
                 sourceLocation: SourceLocation = #_sourceLocation) -> ImportError? {
    do {
        let result = try importAll(paths, options: options)
        Issue.record("expected an import error, got \(result.strings.count) strings and \(result.labels.count) labels",
                     sourceLocation: sourceLocation)
        return nil
    } catch let error as ImportError {
        return error
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The parts of a malformed-file error, to compare in one expectation.
struct Located: Equatable, CustomStringConvertible {
    var file: String
    var line: Int?
    var key: String?
    var problem: ImportProblem

    var description: String { "\(file):\(line.map(String.init) ?? "-") key \(key ?? "-"): \(problem)" }
}

extension ImportError {
    /// The location, key and problem of a `malformed` error; nil for other errors.
    var located: Located? {
        guard case .malformed(let location, let key, let problem) = self else { return nil }
        return Located(file: location.file, line: location.line, key: key, problem: problem)
    }
}

extension ImportResult {
    /// The texts of one table and locale, by key and variant (`key` or `key [variant]`).
    func texts(table: String, locale: String) -> [String: String] {
        var result: [String: String] = [:]
        for string in strings where string.table == table && string.locale == locale {
            result[string.variant.isEmpty ? string.key : "\(string.key) [\(string.variant)]"] = string.value
        }
        return result
    }
}

/// A file written in a fresh temporary directory, to import variants of a fixture.
final class ScratchFile {
    let directory: TemporaryDirectory
    let path: String

    init(_ relative: String, _ bytes: [UInt8]) throws {
        directory = try TemporaryDirectory(prefix: "labelcat-import")
        path = try directory.write(relative, bytes)
    }

    convenience init(_ relative: String, _ text: String) throws {
        try self.init(relative, Array(text.utf8))
    }
}
