import Foundation
import LabelJSON
import Testing
import TestSupport

/// `labelcat measure`, run as the real built binary (docs/layout-rules.md, docs/cli.md).
///
/// The binary is looked up next to the test bundle: `swift test --scratch-path P` builds both
/// into `P/debug`, so the tests always run the `labelcat` built with them. `LABELCAT_BINARY`
/// overrides the lookup.
@Suite("labelcat measure")
struct MeasureCommandTests {
    // MARK: Running the binary

    typealias Run = ProgramRun

    /// Where the test bundle is: the xctest executable on Linux (`…/debug/labelcatPackageTests.xctest`),
    /// a bundle directory on Darwin (`…/debug/labelcatPackageTests.xctest/Contents/MacOS/…`).
    static let binary: Result<URL, BinaryNotFound> = {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["LABELCAT_BINARY"], !override.isEmpty {
            return fileManager.isExecutableFile(atPath: override)
                ? .success(URL(fileURLWithPath: override))
                : .failure(BinaryNotFound(searched: [override]))
        }
        var starts: [URL] = []
        if let executable = Bundle.main.executableURL { starts.append(executable) }
        starts.append(Bundle.main.bundleURL)
        starts.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath())
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") { starts.append(bundle.bundleURL) }
        var searched: [String] = []
        for start in starts {
            var directory = start.resolvingSymlinksInPath()
            for _ in 0..<5 {
                let candidate = directory.appendingPathComponent("labelcat")
                if !searched.contains(candidate.path) { searched.append(candidate.path) }
                var isDirectory: ObjCBool = false
                if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                   fileManager.isExecutableFile(atPath: candidate.path) {
                    return .success(candidate)
                }
                directory = directory.deletingLastPathComponent()
            }
        }
        return .failure(BinaryNotFound(searched: searched))
    }()

    struct BinaryNotFound: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "the labelcat executable was not found next to the test bundle; build it with the tests " +
                "(swift build --build-tests, or swift test) or set LABELCAT_BINARY. Looked for: " +
                searched.joined(separator: ", ")
        }
    }

    /// Runs `labelcat` with arguments and standard input (`CLI.labelcat`).
    static func run(_ arguments: [String], stdin: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
        try CLI.labelcat(arguments, stdin: stdin, sourceLocation: sourceLocation)
    }

    // MARK: Inputs

    /// The layout example: seed 000's 剧终了 label, top alignment, default font (17 pt) — the
    /// seeds' default family, Noto Sans CJK SC (`--default-family`), or the system font.
    static let specExample = #"{"name": "demo.topLabel", "text": "剧终了、剧终了、剧终了、剧终了、剧终了、剧终了、剧终了、", "frame": {"x": 20, "y": 275, "width": 350, "height": 200}, "numberOfLines": 0, "lineBreakMode": "charWrap", "textAlignment": "left", "verticalAlignment": "top"}"#

    static func definition(_ name: String, text: String = "文字中间显示") -> String {
        #"{"name": "\#(name)", "text": "\#(text)", "frame": {"x": 0, "y": 0, "width": 200, "height": 80}, "font": {"family": "Noto Sans CJK SC", "size": 15}, "textAlignment": "center"}"#
    }

    static func parse(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        try JSONValue.parse(line)
    }

    static func number(_ value: JSONValue?, _ path: String...) -> Double? {
        var current = value
        for key in path { current = current?[key] }
        return current?.number
    }

    // MARK: Tests

    @Test("One definition in a file: one layout JSON with the documented keys and numbers")
    func singleDefinition() throws {
        let directory = try TemporaryDirectory(prefix: "labelcat-input")
        let run = try Self.run(["measure", "--default-family", "Noto Sans CJK SC", try directory.write("labels.json", Self.specExample + "\n")])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.isEmpty)
        try #require(run.lines.count == 1, "stdout: \(run.stdout)")
        let layout = try Self.parse(run.lines[0])
        #expect(layout.object?.keys == ["name", "locale", "variant", "contentSizeCategory", "bounds", "textRect", "lines",
                                       "lineCount", "neededLineCount", "truncated", "shrunk", "fontSize", "intrinsicSize",
                                       "font", "inputHash", "engineVersion"])
        #expect(layout["name"] == .string("demo.topLabel"))
        #expect(layout["locale"] == .string(""))
        #expect(layout["variant"] == .string(""))
        #expect(layout["contentSizeCategory"] == .string("large"))
        #expect(layout["shrunk"] == .bool(false))
        #expect(layout["fontSize"] == .number(17))
        #expect(layout["bounds"] == (try JSONValue.parse(#"{"x":0,"y":0,"width":350,"height":200}"#)))
        #expect(layout["textRect"] == (try JSONValue.parse(#"{"x":0,"y":0,"width":340,"height":49.333}"#)))
        let lines = try #require(layout["lines"]?.array)
        #expect(lines.count == 2)
        #expect(lines[0].object?.keys == ["range", "text", "rect", "baseline"])
        #expect(lines[0] == (try JSONValue.parse("""
            {"range": {"location": 0, "length": 20}, "text": "剧终了、剧终了、剧终了、剧终了、剧终了、",
             "rect": {"x": 0, "y": 0, "width": 340, "height": 24.616}, "baseline": 19.72}
            """)))
        // line 2: y = 24.616, 8 × 17 = 136 wide, baseline 24.616 + 19.72 = 44.336
        #expect(lines[1] == (try JSONValue.parse("""
            {"range": {"location": 20, "length": 8}, "text": "剧终了、剧终了、",
             "rect": {"x": 0, "y": 24.616, "width": 136, "height": 24.616}, "baseline": 44.336}
            """)))
        #expect(layout["lineCount"] == .number(2))
        #expect(layout["neededLineCount"] == .number(2))
        #expect(layout["truncated"] == .bool(false))
        #expect(layout["intrinsicSize"] == (try JSONValue.parse(#"{"width":340,"height":49.333}"#)))
        let font = try #require(layout["font"])
        #expect(font.object?.keys == ["family", "file", "size", "lineHeight", "ascender", "descender"])
        #expect(font["family"] == .string("Noto Sans CJK SC"))
        #expect(font["file"]?.string?.hasSuffix("/NotoSansCJK-Regular.ttc") == true)
        #expect(font["size"] == .number(17))
        #expect(font["lineHeight"] == .number(24.616))
        #expect(font["ascender"] == .number(19.72))
        #expect(font["descender"] == .number(-4.896))
        let hash = try #require(layout["inputHash"]?.string)
        #expect(hash.count == 32 && hash.allSatisfy { $0.isHexDigit }, "\(hash)")
        #expect(layout["engineVersion"]?.string?.isEmpty == false)
    }

    /// Without --default-family, a label that names no family is in the system font: Inter's
    /// lines (hhea 2728 / −680 of 2816: 20.574 pt at 17 pt), the ideographs from Noto Sans CJK SC.
    @Test("The README's example in the system font: Inter's line height, Noto Sans CJK SC's ideographs")
    func systemFontExample() throws {
        let run = try Self.run(["measure", "-"], stdin: Self.specExample + "\n")
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let layout = try Self.parse(try #require(run.lines.first))
        #expect(layout["textRect"] == (try JSONValue.parse(#"{"x":0,"y":0,"width":340,"height":41.333}"#)))
        let lines = try #require(layout["lines"]?.array)
        #expect(lines.map { $0["rect"] } == [
            try JSONValue.parse(#"{"x": 0, "y": 0, "width": 340, "height": 20.574}"#),
            try JSONValue.parse(#"{"x": 0, "y": 20.574, "width": 136, "height": 20.574}"#),
        ])
        #expect(lines.map { $0["baseline"] } == [.number(16.469), .number(37.043)])
        #expect(layout["font"] == (try JSONValue.parse(#"""
            {"family": "Inter", "file": "/usr/share/fonts/opentype/inter/Inter-Regular.otf", "size": 17,
             "lineHeight": 20.574, "ascender": 16.469, "descender": -4.105}
            """#)))
    }

    @Test("The same definition always gets the same input hash; a change gets another")
    func inputHashStable() throws {
        let changed = Self.specExample.replacingOccurrences(of: #""top""#, with: #""bottom""#)
        let run = try Self.run(["measure", "-"], stdin: [Self.specExample, Self.specExample, changed].joined(separator: "\n"))
        #expect(run.status == 0)
        let hashes = try run.lines.map { try Self.parse($0)["inputHash"]?.string }
        #expect(hashes.count == 3)
        #expect(hashes[0] == hashes[1])
        #expect(hashes[0] != hashes[2])
    }

    @Test("NDJSON in, NDJSON out, in order")
    func ndjson() throws {
        let names = (1...40).map { "batch.label\($0)" }
        let input = names.enumerated().map { index, name in
            Self.definition(name, text: String(repeating: "字", count: index % 7 + 1))
        }.joined(separator: "\n") + "\n"
        let run = try Self.run(["measure", "-"], stdin: input)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let layouts = try run.lines.map { try Self.parse($0) }
        #expect(layouts.map { $0["name"]?.string } == names)
        // Label k has (k − 1) % 7 + 1 characters of 15 pt: text rect width 15 × count.
        for (index, layout) in layouts.enumerated() {
            #expect(Self.number(layout, "textRect", "width") == Double(15 * (index % 7 + 1)))
        }
    }

    @Test("Standard input is the default; - names it explicitly", arguments: [["measure"], ["measure", "-"]])
    func standardInput(_ arguments: [String]) throws {
        let run = try Self.run(arguments, stdin: Self.definition("stdin.label"))
        #expect(run.status == 0, "stderr: \(run.stderr)")
        try #require(run.lines.count == 1)
        // 文字中间显示 at 15 pt, centered in 200 × 80: (55, 29, 90, 22) — see SeedLabelTests.
        #expect(try Self.parse(run.lines[0])["textRect"] == (try JSONValue.parse(#"{"x":55,"y":29,"width":90,"height":22}"#)))
    }

    /// A bad line yields {"line": N, "error": …} in its place (N counts physical lines, blank
    /// ones too); the rest still come out and the exit code is 1.
    @Test("Bad lines: an error object in place, the others still laid out, exit 1")
    func badLines() throws {
        let input = [
            Self.definition("good.one"),                                          // line 1
            "",                                                                     // line 2 (blank)
            #"{"name": "broken", "frame": "#,                                     // line 3: not JSON
            Self.definition("good.two"),                                          // line 4
            #"{"name": "bad.lines", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "numberOfLines": -1}"#, // line 5
            Self.definition("good.three"),                                        // line 6
        ].joined(separator: "\n")
        let run = try Self.run(["measure", "-"], stdin: input)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("Error:"), "\(run.stderr)")
        let outputs = try run.lines.map { try Self.parse($0) }
        try #require(outputs.count == 5, "stdout: \(run.stdout)")
        #expect(outputs[0]["name"] == .string("good.one"))
        #expect(outputs[1].object?.keys == ["line", "error"])
        #expect(outputs[1]["line"] == .number(3))
        #expect(outputs[1]["error"]?.string?.contains("JSON") == true)
        #expect(outputs[2]["name"] == .string("good.two"))
        #expect(outputs[3]["line"] == .number(5))
        #expect(outputs[3]["error"]?.string?.contains("numberOfLines") == true)
        #expect(outputs[4]["name"] == .string("good.three"))
    }

    @Test("A bad first line is reported like any other")
    func badFirstLine() throws {
        let input = ["{oops", Self.definition("after.bad")].joined(separator: "\n")
        let run = try Self.run(["measure", "-"], stdin: input)
        #expect(run.status == 1)
        let outputs = try run.lines.map { try Self.parse($0) }
        try #require(outputs.count == 2, "stdout: \(run.stdout)")
        #expect(outputs[0]["line"] == .number(1))
        #expect(outputs[1]["name"] == .string("after.bad"))
    }

    @Test("An unknown font is an error line naming the family")
    func unknownFont() throws {
        let input = #"{"name": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "font": {"family": "Nope Sans 123"}}"#
        let run = try Self.run(["measure", "-"], stdin: input + "\n" + Self.definition("ok"))
        #expect(run.status == 1)
        let outputs = try run.lines.map { try Self.parse($0) }
        #expect(outputs.first?["error"]?.string?.contains("Nope Sans 123") == true)
        #expect(outputs.last?["name"] == .string("ok"))
    }

    /// iOS code asks `sizeThatFits` with `CGFloat.greatestFiniteMagnitude` as the height. A
    /// frame is bounded like every length (1,000,000 pt: a frame of 1e19 trapped the renderer),
    /// so such a height is an error line naming the field, and never takes the other lines of
    /// the stream down with it; unlimited room is a self-sizing label (`"height": null`), which
    /// lays out every line. Run through the binary: a trap here would otherwise kill the test
    /// process.
    @Test("A frame beyond 1,000,000 pt is an error line naming the field; a self-sizing label lays out every line",
          arguments: ["1.7976931348623157e308", "1e300", "1e21", "null"])
    func unlimitedHeight(_ height: String) throws {
        let tall = #"{"name": "tall", "text": "hello\nworld", "frame": {"x": 0, "y": 0, "width": 300, "height": \#(height)}, "font": {"family": "DejaVu Sans", "size": 20.48}, "numberOfLines": 0, "verticalAlignment": "top"}"#
        let input = [Self.definition("before"), tall, Self.definition("after")].joined(separator: "\n")
        let run = try Self.run(["measure", "-"], stdin: input)
        let outputs = try run.lines.map { try Self.parse($0) }
        try #require(outputs.count == 3, "stdout: \(run.stdout)")
        #expect(outputs[0]["name"]?.string == "before")
        #expect(outputs[2]["name"]?.string == "after")
        guard height == "null" else {
            #expect(run.status == 1, "stderr: \(run.stderr.prefix(300))")
            #expect(outputs[1]["error"]?.string?.contains("frame.height") == true, "\(outputs[1])")
            return
        }
        #expect(run.status == 0, "stderr: \(run.stderr.prefix(300))")
        // 2 lines of 23.84 (DejaVu Sans at 20.48 pt) → 47.68 → 144/3 = 48
        #expect(outputs[1]["lineCount"] == .number(2))
        #expect(Self.number(outputs[1], "textRect", "height") == 48)
    }

    @Test("A pretty-printed single document")
    func prettyPrinted() throws {
        let input = """
            {
              "name": "pretty.label",
              "text": "文字底部显示",
              "frame": {"x": 0, "y": 0, "width": 200, "height": 80},
              "font": {"family": "Noto Sans CJK SC", "size": 15},
              "textAlignment": "center",
              "verticalAlignment": "bottom"
            }
            """
        let run = try Self.run(["measure", "-"], stdin: input)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        try #require(run.lines.count == 1, "stdout: \(run.stdout)")
        let layout = try Self.parse(run.lines[0])
        #expect(layout["name"] == .string("pretty.label"))
        // bottom: y = 80 − 22 = 58
        #expect(layout["textRect"] == (try JSONValue.parse(#"{"x":55,"y":58,"width":90,"height":22}"#)))
    }

    @Test("A pretty-printed document that is a bad definition: Error on stderr, exit 1")
    func prettyPrintedBad() throws {
        let run = try Self.run(["measure", "-"], stdin: "{\n  \"name\": \"a\",\n  \"frame\": {\"x\": 0, \"y\": 0, \"width\": -5, \"height\": 1}\n}\n")
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error:"))
        #expect(run.stderr.contains("frame.width"))
    }

    @Test("A JSON array of definitions: one layout each, in order")
    func array() throws {
        let input = "[\n" + [Self.definition("array.one"), Self.definition("array.two")].joined(separator: ",\n") + "\n]\n"
        let run = try Self.run(["measure", "-"], stdin: input)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(try run.lines.map { try Self.parse($0)["name"]?.string } == ["array.one", "array.two"])
    }

    @Test("Locales: --locale and a definition's own locale")
    func locales() throws {
        let definition = #"{"name": "loc", "text": "hello", "texts": {"de": "hallo", "fr": "salut"}, "frame": {"x": 0, "y": 0, "width": 300, "height": 40}, "font": {"family": "DejaVu Sans"}"#
        let input = definition + "}\n" + definition + #", "locale": "fr"}"#
        let run = try Self.run(["measure", "--locale", "de", "-"], stdin: input)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let outputs = try run.lines.map { try Self.parse($0) }
        #expect(outputs.map { $0["locale"]?.string } == ["de", "fr"])
        #expect(outputs.map { $0["lines"]?.array?.first?["text"]?.string } == ["hallo", "salut"])
    }

    @Test("--pseudo lays out the base text in an Xcode pseudolanguage; a bad one, or one with --locale, is a usage error")
    func pseudo() throws {
        let input = #"{"name": "p", "text": "Save", "texts": {"de": "Sichern"}, "frame": {"x": 0, "y": 0, "width": 300, "height": 40}, "font": {"family": "DejaVu Sans"}}"#
        let run = try Self.run(["measure", "--pseudo", "double", "-"], stdin: input)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let layout = try Self.parse(try #require(run.lines.first))
        #expect(layout["locale"] == .string("x-pseudo-double"))
        #expect(layout["lines"]?.array?.first?["text"] == .string("Save Save"))
        for arguments in [["--pseudo", "klingon"], ["--pseudo", "accented", "--locale", "de"]] {
            let refused = try Self.run(["measure"] + arguments + ["-"], stdin: input)
            #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains("--pseudo") && refused.stdout.isEmpty)
        }
    }

    @Test("--font-substitutes sets a family in another; a malformed value is a usage error")
    func fontSubstitutes() throws {
        let input = #"{"name": "s", "text": "hello", "frame": {"x": 0, "y": 0, "width": 300, "height": 40}, "font": {"family": "Avenir Next", "size": 17}}"#
        let missing = try Self.run(["measure", "-"], stdin: input)
        #expect(missing.status == 1 && missing.stdout.contains("Avenir Next"), "\(missing.stdout)")
        let run = try Self.run(["measure", "--font-substitutes", "Avenir Next=DejaVu Sans", "-"], stdin: input)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let layout = try Self.parse(try #require(run.lines.first))
        #expect(layout["font"]?["family"] == .string("DejaVu Sans"))
        // "hello" = 4949 units of 2048 at 17 pt, as DejaVu Sans itself.
        #expect(layout["lines"]?.array?.first?["rect"]?["width"] == .number(41.081))
        let bad = try Self.run(["measure", "--font-substitutes", "Avenir Next", "-"], stdin: input)
        #expect(bad.status == 64 && bad.stderr.contains("--font-substitutes"), "\(bad.stderr)")
    }

    @Test("--default-family sets the family of labels that name none")
    func defaultFamily() throws {
        let input = #"{"name": "d", "text": "hello", "frame": {"x": 0, "y": 0, "width": 300, "height": 40}}"#
        let run = try Self.run(["measure", "--default-family", "DejaVu Sans", "-"], stdin: input)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let layout = try Self.parse(try #require(run.lines.first))
        #expect(layout["font"]?["family"] == .string("DejaVu Sans"))
        // "hello" = 4949 units of 2048 at 17 pt = 41.0805… → 41.081
        #expect(layout["lines"]?.array?.first?["rect"]?["width"] == .number(41.081))
    }

    @Test("$LABELCAT_DEFAULT_FAMILY may be a comma-separated list of families")
    func defaultFamilyList() throws {
        let input = #"{"name": "d", "text": "hello 中", "frame": {"x": 0, "y": 0, "width": 300, "height": 40}}"#
        let run = try CLI.labelcat(["measure", "-"], environment: ["LABELCAT_DEFAULT_FAMILY": "DejaVu Sans, Noto Sans CJK SC"],
                                   stdin: input)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let layout = try Self.parse(try #require(run.lines.first))
        #expect(layout["font"]?["family"] == .string("DejaVu Sans"))
        // "hello " = 4949 + 651 units of 2048 at 17 pt = 46.484…, 中 17 pt from Noto Sans CJK SC.
        #expect(layout["lines"]?.array?.first?["rect"]?["width"] == .number(63.484))
    }

    @Test("Unknown option: exit 64 with Error: and usage on stderr")
    func unknownOption() throws {
        let run = try Self.run(["measure", "--bogus"], stdin: Self.definition("x"))
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error:"), "\(run.stderr)")
        #expect(run.stderr.contains("--bogus"))
        #expect(run.stderr.contains("Usage:"))
    }

    @Test("Unknown command: exit 64")
    func unknownCommand() throws {
        let run = try Self.run(["measur"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error:"))
    }

    @Test("measure --help: exit 0 with OVERVIEW, USAGE and OPTIONS", arguments: [["measure", "--help"], ["measure", "-h"], ["help", "measure"]])
    func help(_ arguments: [String]) throws {
        let run = try Self.run(arguments)
        #expect(run.status == 0)
        #expect(run.stdout.contains("OVERVIEW:"))
        #expect(run.stdout.contains("USAGE: labelcat measure"))
        #expect(run.stdout.contains("OPTIONS:"))
        #expect(run.stdout.contains("--locale"))
        #expect(run.stderr.isEmpty)
    }

    @Test("A missing file: exit 1 with Error: naming it")
    func missingFile() throws {
        let run = try Self.run(["measure", "/nonexistent/labels.json"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("Error:"))
        #expect(run.stderr.contains("/nonexistent/labels.json"))
    }

    @Test("Empty input: exit 1 with Error:")
    func emptyInput() throws {
        let run = try Self.run(["measure", "-"], stdin: "\n  \n")
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error:"))
    }
}
