import Foundation
import LabelJSON
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// How `labelcat measure` reads its input: documents on one line or over several, arrays,
/// blank lines, a byte order mark, read errors, and streaming. Run through the real binary.
@Suite("labelcat measure: reading the input")
struct MeasureInputTests {
    static func run(_ arguments: [String], stdin: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws -> ProgramRun {
        try CLI.labelcat(arguments, stdin: stdin, sourceLocation: sourceLocation)
    }

    static func definition(_ name: String) -> String { MeasureCommandTests.definition(name) }

    static func outputs(_ run: ProgramRun) throws -> [JSONValue] {
        try run.lines.map { try JSONValue.parse($0) }
    }

    @Test("A JSON array on one line: one layout per element, like the same array over several lines")
    func arrayOnOneLine() throws {
        let elements = [Self.definition("one"), Self.definition("two"), Self.definition("three")]
        let oneLine = try Self.run(["measure"], stdin: "[" + elements.joined(separator: ", ") + "]\n")
        let lines = try Self.run(["measure"], stdin: "[\n" + elements.joined(separator: ",\n") + "\n]\n")
        #expect(oneLine.status == 0, "stderr: \(oneLine.stderr)")
        #expect(try Self.outputs(oneLine).map { $0["name"]?.string } == ["one", "two", "three"])
        #expect(oneLine.stdout == lines.stdout)
    }

    @Test("Arrays and objects mix in a stream; a bad element names its line and its index")
    func arraysInAStream() throws {
        let input = [
            Self.definition("first"),                                   // line 1
            "[" + Self.definition("second") + ", 42, " + Self.definition("third") + "]", // line 2
            "[]",                                                        // line 3: no definitions
            Self.definition("fourth"),                                   // line 4
        ].joined(separator: "\n")
        let run = try Self.run(["measure"], stdin: input)
        #expect(run.status == 1)
        let outputs = try Self.outputs(run)
        try #require(outputs.count == 5, "stdout: \(run.stdout)")
        #expect(outputs.map { $0["name"]?.string } == ["first", "second", nil, "third", "fourth"])
        #expect(outputs[2].object?.keys == ["line", "index", "error"])
        #expect(outputs[2]["line"] == .number(2))
        #expect(outputs[2]["index"] == .number(1))
        #expect(outputs[2]["error"]?.string?.contains("must be a JSON object, got a number") == true)
        #expect(run.stderr.contains("1 of 5 definitions failed"), "\(run.stderr)")
    }

    @Test("A pretty-printed array: a bad element is an error line with the array's first line and the index")
    func prettyArrayElement() throws {
        let bad = #"{"name": "bad", "frame": {"x": 0, "y": 0, "width": -1, "height": 1}}"#
        let input = "\n[\n  " + [Self.definition("a"), bad, Self.definition("c")].joined(separator: ",\n  ") + "\n]\n"
        let run = try Self.run(["measure"], stdin: input)
        #expect(run.status == 1)
        let outputs = try Self.outputs(run)
        try #require(outputs.count == 3, "stdout: \(run.stdout)")
        #expect(outputs[1]["line"] == .number(2))
        #expect(outputs[1]["index"] == .number(1))
        #expect(outputs[1]["error"]?.string?.contains("frame.width") == true)
        #expect(outputs[2]["name"] == .string("c"))
    }

    @Test("Pretty-printed documents and NDJSON lines follow each other")
    func documentsThenLines() throws {
        let pretty = "{\n  \"name\": \"pretty\",\n  \"frame\": {\"x\": 0, \"y\": 0, \"width\": 100, \"height\": 30}\n}"
        let run = try Self.run(["measure"], stdin: [pretty, Self.definition("line"), pretty].joined(separator: "\n"))
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(try Self.outputs(run).map { $0["name"]?.string } == ["pretty", "line", "pretty"])
    }

    @Test("A UTF-8 byte order mark at the start is skipped", arguments: [false, true])
    func byteOrderMark(fromFile: Bool) throws {
        let directory = try TemporaryDirectory(prefix: "labelcat-bom")
        let bytes = [0xEF, 0xBB, 0xBF] + Array((Self.definition("bom") + "\n").utf8)
        let path = try directory.write("labels.json", bytes)
        let run = fromFile
            ? try Self.run(["measure", path])
            : try CLI.program("/bin/sh", ["-c", "exec \"$0\" measure < \"$1\"", try CLI.binary().path, path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(try Self.outputs(run).map { $0["name"]?.string } == ["bom"])
    }

    /// One output line per definition: blank lines (spaces, tabs, CR) are not definitions;
    /// error lines still count them.
    @Test("Blank lines give no output line")
    func blankLines() throws {
        let input = "\n" + Self.definition("a") + "\n  \n\t\r\n" + Self.definition("b") + "\n\n{oops\n\n"
        let run = try Self.run(["measure"], stdin: input)
        let outputs = try Self.outputs(run)
        try #require(outputs.count == 3, "stdout: \(run.stdout)")
        #expect(outputs.map { $0["name"]?.string } == ["a", "b", nil])
        #expect(outputs[2]["line"] == .number(7))
    }

    @Test("An input that cannot be read is an error, never an early end", arguments: ["directory", "/proc/self/mem"])
    func readError(_ input: String) throws {
        let directory = try TemporaryDirectory(prefix: "labelcat-read-error")
        let path = input == "directory" ? directory.url("labels.json", directory: true).path : input
        let run = try Self.run(["measure", path])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: cannot read '\(path)': "), "\(run.stderr)")
    }

    /// `token import` and `label import` read through the same reader: a file that cannot be
    /// read stops them before the catalog is touched.
    @Test("Imports of an input that cannot be read fail and leave the catalog as it was",
          arguments: [["token", "import"], ["label", "import"]])
    func importReadError(_ command: [String]) throws {
        let fixture = try CatalogCommandTests.Fixture()
        let before = try fixture.dump()
        for path in [fixture.directory.url("folder.json", directory: true).path, "/proc/self/mem"] {
            let run = try fixture.labelcat(command + [path])
            #expect(run.status == 1)
            #expect(run.stderr.hasPrefix("Error: cannot read '\(path)': "), "\(run.stderr)")
        }
        #expect(try fixture.dump() == before)
    }

    @Test("A read error on standard input names it")
    func readErrorOnStandardInput() throws {
        let directory = try TemporaryDirectory(prefix: "labelcat-read-error")
        let run = try CLI.program("/bin/sh", ["-c", "exec \"$0\" measure < \"$1\"", try CLI.binary().path, directory.root.path])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("Error: cannot read standard input: Is a directory"), "\(run.stderr)")
    }

    /// A bad first line is reported at once: the lines after it stream out while the input is
    /// still open.
    @Test("A bad first line does not hold the output back")
    func badFirstLineStreams() throws {
        let directory = try TemporaryDirectory(prefix: "labelcat-stream")
        let outputPath = directory.path("stdout")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        defer { try? output.close() }
        let input = Pipe()
        let process = Process()
        process.executableURL = try CLI.binary()
        process.arguments = ["measure"]
        process.environment = CLI.baseEnvironment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        // Enough lines for more than one 64 KiB block of output; the input stays open.
        let lines = ["{oops"] + (1...300).map { Self.definition("streamed.\($0)") }
        input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        let streamed = eventually(timeout: 60) {
            ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "").contains(#""name":"streamed.1""#)
        }
        let firstLine = (try? String(contentsOfFile: outputPath, encoding: .utf8))?.split(separator: "\n").first.map(String.init)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(streamed, "no output while the input was open")
        #expect(firstLine?.hasPrefix(#"{"line":1,"error":"#) == true, "\(firstLine ?? "")")
        #expect(process.terminationStatus == 1)
    }

    /// Memory does not grow with the input after a bad first line: the peak resident size of a
    /// 24 MB input is within a few MB of a tiny one's (the whole input was held before).
    @Test("A bad first line and a large input: memory stays flat",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs /usr/bin/python3"))
    func badFirstLineMemory() throws {
        let directory = try TemporaryDirectory(prefix: "labelcat-memory")
        let blank = String(repeating: " ", count: 999) + "\n"
        let small = try directory.write("small.json", "{oops\n" + Self.definition("a") + "\n")
        let large = try directory.write("large.json", "{oops\n" + String(repeating: blank, count: 24_000) + Self.definition("a") + "\n")
        // The peak resident set size (KiB) of one run, as its parent sees it.
        let script = try directory.write("peak.py", """
            import resource, subprocess, sys
            run = subprocess.run([sys.argv[1], "measure", sys.argv[2]], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """)
        func peak(_ input: String) throws -> Int {
            let run = try CLI.program("/usr/bin/python3", [script, try CLI.binary().path, input])
            let fields = run.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            #expect(fields.first == 1, "exit status and peak: \(run.stdout) \(run.stderr)")
            return fields.last ?? 0
        }
        let smallPeak = try peak(small), largePeak = try peak(large)
        #expect(largePeak < smallPeak + 8 * 1024, "peak \(largePeak) KiB for 24 MB against \(smallPeak) KiB for a few lines")
    }

    @Test("A document that turns out malformed: its first line is a bad line, the lines after it are read on their own")
    func malformedDocument() throws {
        let input = [
            #"{"name": "cut", "frame": "#,          // line 1 opens a document
            Self.definition("second"),              // line 2: the document goes on (a valid value)…
            Self.definition("third"),               // line 3: …and cannot go on here
        ].joined(separator: "\n")
        let run = try Self.run(["measure"], stdin: input)
        let outputs = try Self.outputs(run)
        try #require(outputs.count == 3, "stdout: \(run.stdout)")
        #expect(outputs[0]["line"] == .number(1))
        #expect(outputs.dropFirst().map { $0["name"]?.string } == ["second", "third"])
    }
}
