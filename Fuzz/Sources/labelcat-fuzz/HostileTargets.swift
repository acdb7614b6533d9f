import Foundation
import LabelCatalog
import LabelImport
import LabelJSON
import LabelLayout
import LabelModel
import LabelReport
import LabelSync
#if canImport(FoundationXML)
import FoundationXML
#endif

// The targets of issue 20 ("Hostile files and catalogs", docs/security.md): XML whose entities
// are declared in the document, and hostile strings through every output.

extension FuzzTarget {
    /// A file outside the import that an external entity may name (the seeds do): whatever an
    /// input does, its text must never be read into the catalog.
    static let canaryPath = "/tmp/labelcat-fuzz-canary.txt"
    static let canaryText = "LABELCAT-FUZZ-CANARY-7F3A"

    /// `labelcat import` of XML that declares entities and uses them in attributes and in text:
    /// a storyboard (labels' `text` attributes) when the input holds `<document`, else XLIFF
    /// (`<target>` texts). Besides the importers' checks (a refused input changes nothing, an
    /// accepted one leaves the catalog sound), the canary file an external entity names must
    /// never be read.
    static let entities = FuzzTarget(name: "entities", maxLength: 16384, dictionaries: ["xml", "entities"]) { scratch in
        try canaryText.write(toFile: canaryPath, atomically: true, encoding: .utf8)
        let harness = try CatalogHarness(scratch: scratch)
        return { input in
            harness.run(input) { input, catalog, scratch in
                let name = input.contains(subsequence: Array("<document".utf8)) ? "Base.lproj/Main.storyboard" : "de.xliff"
                let path = try scratch.write(input, to: name)
                _ = try catalog.importTexts(from: [path], options: TextImportOptions(files: ImportOptions(locale: "de")))
                _ = try catalog.layOutQueued()
                return canaryUnread
            }
        }
    }

    /// Nothing in the catalog holds the canary's text (no external entity's file was read).
    static func canaryUnread(_ catalog: Catalog) throws -> [String] {
        // The canary's text has no quote: it can stand in the SQL as it is.
        let rows = try SQLiteConnection(path: catalog.path).rows("""
            SELECT (SELECT count(*) FROM labels WHERE instr(text, '\(canaryText)') OR instr(name, '\(canaryText)'))
                 + (SELECT count(*) FROM label_texts WHERE instr(text, '\(canaryText)'))
            """)
        return rows == [[.integer(0)]] ? [] : ["an external entity's file was read into the catalog (\(canaryPath))"]
    }

    /// Hostile strings (control characters, `::` and `##[`, bidirectional controls, long runs)
    /// through every output: the input is split at U+001E into a label name, its text, its
    /// German text, the file and the key that text came from, a font family (whose error
    /// message repeats it) and a baseline entry's name. They are stored in a catalog, checked,
    /// and written as GitHub annotations, JUnit, SARIF, JSON and (every 16th input) the HTML
    /// report, and (every 4th input) one of labelcat's commands, in turn, is run on the
    /// catalog by the real binary. No output line may start a workflow command but labelcat's
    /// own annotations; no human-readable output may hold a raw control or bidirectional
    /// character; the machine formats must read back, their values exact.
    static let outputs = FuzzTarget(name: "outputs", maxLength: 16384, dictionaries: ["hostile"]) { scratch in
        let harness = try OutputHarness(scratch: scratch)
        return { input in harness.run(input) }
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence: [UInt8]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains { self[$0..<$0 + subsequence.count].elementsEqual(subsequence) }
    }
}

/// The catalog and binary of the `outputs` target.
final class OutputHarness {
    let scratch: ScratchDirectory
    let catalog: Catalog
    let path: String
    /// The labelcat binary (`$LABELCAT_BINARY`, set by `make fuzz`); nil: only the library's
    /// outputs are checked.
    let binary: String?
    private var count = 0

    /// One command of the CLI per input, in turn.
    static let commands: [(arguments: @Sendable (_ name: String, _ strings: String) -> [String], format: OutputFormat)] = [
        ({ _, _ in ["label", "list"] }, .text),
        ({ _, _ in ["layout", "list"] }, .text),
        ({ name, _ in ["layout", name, "--locale", "de"] }, .text),
        ({ _, _ in ["check"] }, .text),
        ({ _, _ in ["check", "--format", "github"] }, .github),
        ({ _, _ in ["check", "--format", "junit"] }, .junit),
        ({ _, _ in ["check", "--format", "sarif"] }, .json),
        ({ _, _ in ["check", "--format", "json"] }, .json),
        ({ _, strings in ["import", "--verbose", strings] }, .text),
        ({ name, _ in ["label", "set", name, "--locale", "fr", "--text", "x"] }, .text),
        ({ _, _ in ["token", "list"] }, .text),
    ]

    init(scratch: ScratchDirectory) throws {
        self.scratch = scratch
        path = scratch.path("outputs.sqlite")
        catalog = try Catalog.create(path: path).catalog
        let environment = ProcessInfo.processInfo.environment["LABELCAT_BINARY"]
        binary = environment.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
    }

    /// The strings of an input: its bytes as UTF-8 (malformed bytes replaced) split at U+001E.
    struct Strings {
        var name = "fuzz.label"
        var text = ""
        var german = ""
        var file = "App/de.lproj/Localizable.strings"
        var key = "greeting"
        var family = "Nope Sans"
        var gone = "gone.label"

        init(_ input: [UInt8]) {
            let parts = String(decoding: input, as: UTF8.self).split(separator: "\u{1E}", omittingEmptySubsequences: false).map(String.init)
            func part(_ index: Int) -> String? { index < parts.count ? parts[index].replacingOccurrences(of: "\u{0}", with: "") : nil }
            // A label name holds no control character, glob character or white space at either
            // end: what the catalog refuses is replaced, the rest (`::`, bidi) kept.
            if let raw = part(0) {
                var name = String(String.UnicodeScalarView(raw.unicodeScalars.map { scalar in
                    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || [0x2028, 0x2029].contains(scalar.value)
                        || "*?[]".unicodeScalars.contains(scalar) ? "_" : scalar
                }))
                while name.first?.isWhitespace == true { name.removeFirst() }
                while name.last?.isWhitespace == true { name.removeLast() }
                if LabelDefinition.isValidName(name) { self.name = String(name.prefix(2000)) }
            }
            text = part(1) ?? text
            german = part(2) ?? german
            file = part(3).map { $0.isEmpty ? file : $0 } ?? file
            key = part(4).map { $0.isEmpty ? key : $0 } ?? key
            family = part(5).map { $0.isEmpty ? family : $0 } ?? family
            gone = part(6).map { $0.isEmpty ? gone : $0 } ?? gone
        }
    }

    func run(_ input: [UInt8]) {
        count += 1
        let strings = Strings(input)
        do {
            try store(strings)
        } catch {
            Counters.add("inputs refused by the catalog")
            return
        }
        do {
            try checkLibraryOutputs(strings, input: input)
            // A process costs what a hundred of the checks above do: every fourth input.
            if let binary, count % 4 == 0 { try checkCommand(binary, strings, input: input) }
        } catch {
            Finding.report(.output, "producing the outputs failed: \(error)", input: input)
        }
    }

    /// The catalog holds one label of the input's name and texts, too narrow for them (a
    /// finding), with the German text's source and key, and one whose font family is the
    /// input's (an error finding that names it).
    func store(_ strings: Strings) throws {
        for label in try catalog.labels() { try catalog.removeLabel(label.name) }
        let key = "Localizable:" + strings.key
        var label = LabelRecord(name: strings.name, key: LabelRecord.isValidKey(key) ? key : nil, text: strings.text,
                                frame: Rect(x: 0, y: 0, width: 30, height: 20))
        label.style["numberOfLines"] = .number(1)
        var broken = LabelRecord(name: strings.name + ".font", text: "x", frame: Rect(x: 0, y: 0, width: 100, height: 20))
        broken.style["font"] = .object(JSONObject([("family", .string(strings.family))]))
        try catalog.setLabels([label])
        try? catalog.setLabels([broken])
        try catalog.setTexts([LabelText(label: strings.name, locale: "de", text: strings.german,
                                        source: TextSource(file: strings.file, line: 7))])
    }

    func checkLibraryOutputs(_ strings: Strings, input: [UInt8]) throws {
        for value in [strings.name, strings.text, strings.german, strings.file, strings.key, strings.family, strings.gone] {
            let shown = printable(value)
            if let problem = OutputRules.humanProblems(shown, annotations: false).first ?? (shown.contains("\n") ? "a line break" : nil) {
                Finding.report(.output, "printable(\(JSONValue.string(value).jsonString())) = \(JSONValue.string(shown).jsonString()): \(problem)", input: input)
            }
            for problem in OutputRules.workflowProblems(defusingWorkflowCommands(value), annotations: false).prefix(1) {
                Finding.report(.output, "defusingWorkflowCommands: \(problem)", input: input)
            }
        }
        let result = try catalog.check()
        Counters.add(result.findings.isEmpty ? "checks without findings" : "checks with findings")
        let baseline = Baseline(entries: [FindingIdentity(label: strings.gone, locale: "", kind: .lines),
                                          FindingIdentity(label: strings.name, locale: "de", kind: .truncated)])
        let outcome = CheckOutcome(result: result, baseline: baseline)
        func report(_ format: String, _ problems: [String]) {
            if let first = problems.first { Finding.report(.output, "\(format): \(first)", input: input) }
        }
        report("github", OutputRules.humanProblems(GitHubAnnotations.render(outcome), annotations: true))
        let junit = JUnitReport.render(outcome)
        report("junit", OutputRules.workflowProblems(junit, annotations: false) + OutputRules.xmlProblems(junit)
               + OutputRules.humanProblems(OutputRules.markupText(junit), annotations: false))
        let sarif = SARIFReport.render(outcome, toolVersion: "fuzz")
        report("sarif", OutputRules.workflowProblems(sarif, annotations: false) + OutputRules.sarifProblems(sarif, outcome: outcome))
        var jsonProblems: [String] = []
        for (line, finding) in zip(FindingsJSON.lines(outcome), outcome.result.findings) {
            jsonProblems += OutputRules.workflowProblems(line, annotations: false)
            guard let object = try? JSONValue.parse(line) else { jsonProblems.append("a line is not JSON: \(line.prefix(200))"); continue }
            if object["label"]?.string != finding.label || object["locale"]?.string != finding.locale {
                jsonProblems.append("the label or locale does not read back exact: \(line.prefix(200))")
            }
        }
        report("json", jsonProblems)
        if count % 16 == 1 {
            Counters.add("HTML reports written")
            let folder = scratch.path("report")
            try? FileManager.default.removeItem(atPath: folder)
            _ = try HTMLReport(outcome: outcome, toolVersion: "fuzz").write(to: folder, catalog: catalog)
            let page = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
            report("html", OutputRules.workflowProblems(page, annotations: false) + OutputRules.humanProblems(OutputRules.markupText(page), annotations: false))
        }
    }

    /// Runs one command of the CLI (by the input's length) and checks what it printed.
    func checkCommand(_ binary: String, _ strings: Strings, input: [UInt8]) throws {
        let command = Self.commands[(input.count + count / 4) % Self.commands.count]
        // A strings file in a folder named by the input, with a key given twice.
        try? FileManager.default.removeItem(atPath: scratch.path("import"))
        // A folder name holds at most 255 bytes.
        var folder = ""
        for character in strings.file.replacingOccurrences(of: "/", with: "_") {
            guard folder.utf8.count + String(character).utf8.count <= 200 else { break }
            folder.append(character)
        }
        if folder == "." || folder == ".." { folder = "x" }
        _ = try scratch.write(Array("\"\(escaped(strings.key))\" = \"\(escaped(strings.german))\";\n\"\(escaped(strings.key))\" = \"b\";\n".utf8),
                                            to: "import/\(folder.isEmpty ? "x" : folder)/de.lproj/Localizable.strings")
        let arguments = ["--db", path] + command.arguments(strings.name, scratch.path("import"))
        let run = try run(binary, arguments)
        Counters.add("commands run")
        var problems = OutputRules.workflowProblems(run.stdout, annotations: command.format == .github)
            + OutputRules.workflowProblems(run.stderr, annotations: false)
            + OutputRules.humanProblems(run.stderr, annotations: false)
        switch command.format {
        case .text, .github: problems += OutputRules.humanProblems(run.stdout, annotations: command.format == .github)
        case .junit: problems += OutputRules.xmlProblems(run.stdout)
        case .json: break
        }
        if run.status != 0, run.status != 1 { problems.append("exit status \(run.status)") }
        if let first = problems.first {
            Finding.report(.output, "labelcat \(arguments.dropFirst(2).joined(separator: " ")): \(first)", input: input)
        }
    }

    /// A strings-file string literal's content.
    func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// Runs the binary to its end, its output going to files (a full pipe cannot block it).
    func run(_ binary: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let outputPath = try scratch.write([], to: "stdout"), errorPath = try scratch.write([], to: "stderr")
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        defer {
            try? output.close()
            try? errors.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let stdout = String(decoding: try Data(contentsOf: URL(fileURLWithPath: outputPath)), as: UTF8.self)
        let stderr = String(decoding: try Data(contentsOf: URL(fileURLWithPath: errorPath)), as: UTF8.self)
        return (process.terminationStatus, stdout, stderr)
    }
}

/// What an output is read as.
enum OutputFormat: Sendable { case text, github, junit, json }

/// The rules every output keeps (docs/security.md, "Outputs").
enum OutputRules {
    /// Lines that would start a workflow command (after white space, as the runner reads them;
    /// lines end at LF or CR). With `annotations`, labelcat's own `::error`, `::warning` and
    /// `::notice` lines are allowed.
    static func workflowProblems(_ output: String, annotations: Bool) -> [String] {
        var problems: [String] = []
        for line in output.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            let start = line.unicodeScalars.drop { $0.properties.isWhitespace }
            let text = String(String.UnicodeScalarView(start))
            guard text.hasPrefix("::") || text.hasPrefix("##[") else { continue }
            if annotations, line.unicodeScalars.first == ":", ["::error ", "::error::", "::warning ", "::notice "].contains(where: { text.hasPrefix($0) }) {
                continue
            }
            problems.append("a line starts a workflow command: \(JSONValue.string(String(line.prefix(200))).jsonString())")
        }
        return problems
    }

    /// Raw control characters (but line feeds) and bidirectional controls, and workflow lines.
    static func humanProblems(_ output: String, annotations: Bool) -> [String] {
        var problems = workflowProblems(output, annotations: annotations)
        for scalar in output.unicodeScalars {
            switch scalar.value {
            case 0x0A: continue
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                problems.append("a raw U+\(String(scalar.value, radix: 16, uppercase: true))")
                return problems
            default: continue
            }
        }
        return problems
    }

    /// The text of markup outside its tags (attribute values are the markup's, escaped).
    static func markupText(_ markup: String) -> String {
        var text = String.UnicodeScalarView()
        var inTag = false
        for scalar in markup.unicodeScalars {
            if scalar == "<" { inTag = true } else if scalar == ">" { inTag = false } else if !inTag { text.append(scalar) }
        }
        return String(text)
    }

    /// Well-formed XML (read by Foundation's parser, libxml2's SAX): no error, and every element
    /// closed (Foundation's parser reports an unclosed root as success).
    static func xmlProblems(_ xml: String) -> [String] {
        let parser = XMLParser(data: Data(xml.utf8))
        let balance = ElementBalance()
        parser.delegate = balance
        let parsed = parser.parse()
        guard parsed, parser.parserError == nil, balance.depth == 0, balance.elements > 0 else {
            return ["not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "\(balance.depth) elements not closed")"]
        }
        return []
    }

    /// Counts elements opened and not yet closed.
    final class ElementBalance: NSObject, XMLParserDelegate {
        var depth = 0
        var elements = 0

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            depth += 1
            elements += 1
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
        }
    }

    /// SARIF reads back as JSON, one result per new finding, each message printable.
    static func sarifProblems(_ sarif: String, outcome: CheckOutcome) -> [String] {
        guard let document = try? JSONValue.parse(sarif) else { return ["not JSON"] }
        let results = document["runs"]?.array?.first?["results"]?.array ?? []
        var problems: [String] = []
        for result in results {
            let message = result["message"]?["text"]?.string ?? ""
            problems += humanProblems(message.replacingOccurrences(of: "\n", with: " "), annotations: false)
        }
        return problems
    }
}

