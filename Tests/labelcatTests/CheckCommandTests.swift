import Foundation
import LabelJSON
import Testing
import TestSupport

/// `labelcat check` as a CI gate (docs/ci.md), through the real binary: what matches nothing
/// (exit 2), locales as BCP 47 tags, findings (exit 1) of every kind, baselines, and every
/// output format read back by a real parser (`CheckFormatParser`).
@Suite("labelcat check")
struct CheckCommandTests {
    typealias Workspace = CLITests.Workspace

    /// `cart.title`: one line, its German text too wide; `body.text`: unlimited lines in a box
    /// too short for its French text; `ok.title`: fits in every locale.
    static func workspace() throws -> Workspace {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "cart.title", "--frame", "0,0,160,30", "--lines", "1", "--text", "Pay now")
        try workspace.succeed("label", "set", "cart.title", "--locale", "de", "--text", "Jetzt sofort bezahlen und bestellen")
        try workspace.succeed("label", "set", "body.text", "--frame", "0,0,200,40", "--lines", "0", "--text", "Short")
        try workspace.succeed("label", "set", "body.text", "--locale", "fr", "--text",
                              "Un texte beaucoup trop long pour cette petite boîte, sur plusieurs lignes")
        try workspace.succeed("label", "set", "ok.title", "--frame", "0,0,300,40", "--text", "OK")
        try workspace.succeed("label", "set", "ok.title", "--locale", "de", "--text", "Gut")
        return workspace
    }

    /// The findings of `check --json` as `label/locale/kind/status`.
    static func findings(_ run: CLI.Run) throws -> [String] {
        try run.lines.map { line in
            let object = try CLITests.json(line)
            return ["label", "locale", "kind", "status"].map { object[$0]?.string ?? "?" }.joined(separator: "/")
        }
    }

    static func parse(_ format: String, _ run: CLI.Run, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        let parsed = try CheckFormatParser.parse(format, run.stdout)
        #expect(parsed.status == 0, "\(format) does not read back: \(parsed.stderr)\n\(run.stdout)", sourceLocation: sourceLocation)
        return try JSONValue.parse(parsed.stdout)
    }

    // MARK: Matching nothing

    struct NothingCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        var testDescription: String { "check " + arguments.joined(separator: " ") }
    }

    static let nothingCases: [NothingCase] = [
        NothingCase(arguments: ["chekout.*"], message: "no label matches 'chekout.*' (the catalog has 3 labels)"),
        NothingCase(arguments: ["--locale", "xx"], message: "no label has a text for locale 'xx' (locales: base, de, fr)"),
        NothingCase(arguments: ["cart.*", "--locale", "fr"], message: "no label matching 'cart.*' has a text for locale 'fr'"),
        NothingCase(arguments: ["--locale", "de", "--locale", "it"], message: "locale 'it'"),
        NothingCase(arguments: ["--category", "EXTRALARGE"], message: "content size category 'extraLarge' (categories: large)"),
        NothingCase(arguments: ["--format", "github", "nothing"], message: "no label matches 'nothing'"),
    ]

    @Test("What matches nothing is an error: exit 2, nothing on stdout, the message names it", arguments: nothingCases)
    func nothingMatched(_ test: NothingCase) throws {
        let workspace = try Self.workspace()
        let run = try workspace.labelcat(["check"] + test.arguments)
        #expect(run.status == 2, "exit \(run.status): \(run.stderr)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(run.stderr.hasPrefix("Error: nothing to check: "), "\(run.stderr)")
        #expect(run.stderr.contains(test.message), "\(run.stderr)")
        let report = try workspace.labelcat(["report", "--out", workspace.directory.path("report")] + test.arguments.filter { $0 != "--format" && $0 != "github" })
        #expect(report.status == 2, "report exits 2 too: \(report.stderr)")
        #expect(!workspace.directory.exists("report"), "no report is written")
    }

    @Test("An empty catalog has nothing to check: exit 2")
    func emptyCatalog() throws {
        let workspace = try Workspace()
        let run = try workspace.labelcat("check")
        #expect(run.status == 2)
        #expect(run.stderr.contains("nothing to check: the catalog"), "\(run.stderr)")
        #expect(run.stderr.contains("has no labels"), "\(run.stderr)")
    }

    @Test("Locales: DE is de, de-DE falls back to de (noted on stderr), pt_BR is pt-BR, '' and base are the base text")
    func locales() throws {
        let workspace = try Self.workspace()
        try workspace.succeed("label", "set", "ok.title", "--locale", "pt-BR", "--text", "Tudo certo")
        let upper = try workspace.labelcat("check", "--locale", "DE", "--json")
        #expect(upper.status == 1)
        #expect(try Self.findings(upper) == ["cart.title/de/truncated/new"])
        let fallback = try workspace.labelcat("check", "--locale", "de-DE", "--json")
        #expect(fallback.status == 1)
        #expect(try Self.findings(fallback) == ["cart.title/de/truncated/new"])
        #expect(fallback.stderr.contains("Note: no texts for locale 'de-DE'; checking its fallback 'de'."), "\(fallback.stderr)")
        let brazil = try workspace.succeed("check", "--locale", "pt_br")
        #expect(brazil.stdout.contains("All 1 layout of 1 label fit."), "\(brazil.stdout)")
        for base in ["", "base", "Base"] {
            let run = try workspace.succeed("check", "--locale", base)
            #expect(run.stdout.contains("All 3 layouts of 3 labels fit."), "--locale '\(base)': \(run.stdout)")
        }
        let two = try workspace.labelcat("check", "--locale", "fr", "--locale", "de", "--json")
        #expect(try Self.findings(two) == ["body.text/fr/lines/new", "cart.title/de/truncated/new"])
    }

    @Test("Findings: exit 1 with every kind; a label that cannot be laid out is a finding of kind error")
    func findingsOfEveryKind() throws {
        let workspace = try Self.workspace()
        let run = try workspace.labelcat("check", "--json")
        #expect(run.status == 1)
        #expect(try Self.findings(run) == ["body.text/fr/lines/new", "cart.title/de/truncated/new"])
        let objects = try run.lines.map(CLITests.json)
        #expect((objects[0]["heightOver"]?.number ?? 0) > 0 && objects[0]["widthOver"] == .number(0))
        #expect((objects[1]["widthOver"]?.number ?? 0) > 0 && objects[1]["heightOver"] == .number(0))
        #expect(objects[1]["lines"]?.array?.count == 1)

        _ = try CLI.program("/usr/bin/env", ["sqlite3", workspace.db, "UPDATE labels SET font = '{\"family\": \"No Such Family\"}' WHERE name = 'ok.title'"])
        let broken = try workspace.labelcat("check")
        #expect(broken.status == 1)
        let rows = CLITests.table(broken.stdout).dropFirst().map { Array($0.prefix(3)) }
        #expect(rows == [["body.text", "fr", "lines"], ["cart.title", "de", "truncated"], ["ok.title", "base", "error"], ["ok.title", "de", "error"]],
                "\(broken.stdout)")
        #expect(broken.stdout.contains("No Such Family"), "the error is shown: \(broken.stdout)")
        #expect(broken.stderr.contains("4 of 6 layouts do not fit."), "\(broken.stderr)")
    }

    // MARK: Baseline

    @Test("Baseline round trip: write it, pass; a new finding fails naming only it; a fixed one is 'now fits' and passes")
    func baselineRoundTrip() throws {
        let workspace = try Self.workspace()
        let baseline = workspace.directory.path("ci/labelcat-baseline.json")
        try FileManager.default.createDirectory(atPath: workspace.directory.path("ci"), withIntermediateDirectories: true)
        let write = try workspace.succeed("check", "--update-baseline", baseline)
        #expect(write.stdout.contains("2 findings (2 added, 0 removed)"), "\(write.stdout)")
        let file = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(file == """
            {
              "format": "labelcat-baseline",
              "version": 1,
              "findings": [
                {"label": "body.text", "locale": "fr", "variant": "", "category": "large", "kind": "lines"},
                {"label": "cart.title", "locale": "de", "variant": "", "category": "large", "kind": "truncated"}
              ]
            }

            """)

        let known = try workspace.succeed("check", "--baseline", baseline)
        #expect(known.stdout.contains("2 known findings (in the baseline) not listed."), "\(known.stdout)")
        #expect(known.stdout.contains("No new findings in 6 layouts of 3 labels."), "\(known.stdout)")

        // A text 1 pt longer is the same finding.
        try workspace.succeed("label", "set", "cart.title", "--locale", "de", "--text", "Jetzt sofort bezahlen und bestellen!")
        try workspace.succeed("check", "--baseline", baseline)

        // A new finding: exit 1, only it listed.
        try workspace.succeed("label", "set", "ok.title", "--locale", "de", "--text", "Alles ist gut und wunderbar, wirklich alles, sehr lang")
        let added = try workspace.labelcat("check", "--baseline", baseline)
        #expect(added.status == 1)
        #expect(CLITests.table(added.stdout).dropFirst().map { Array($0.prefix(3)) } == [["ok.title", "de", "truncated"]], "\(added.stdout)")
        #expect(added.stderr.contains("1 of 6 layouts does not fit and is not in the baseline."), "\(added.stderr)")
        let addedJSON = try workspace.labelcat("check", "--baseline", baseline, "--json")
        #expect(try Self.findings(addedJSON) == ["body.text/fr/lines/known", "cart.title/de/truncated/known", "ok.title/de/truncated/new"])
        try workspace.succeed("label", "set", "ok.title", "--locale", "de", "--text", "Gut")

        // A fixed finding: "now fits", exit 0; the check leaves the file alone.
        try workspace.succeed("label", "set", "cart.title", "--locale", "de", "--text", "Zahlen")
        let fixed = try workspace.succeed("check", "--baseline", baseline)
        #expect(fixed.stdout.contains("Now fits (in the baseline; update it with --update-baseline):\n  cart.title [de] (truncated)\n"),
                "\(fixed.stdout)")
        let fixedJSON = try workspace.succeed("check", "--baseline", baseline, "--json")
        #expect(try Self.findings(fixedJSON) == ["body.text/fr/lines/known", "cart.title/de/truncated/fixed"])
        #expect(try String(contentsOfFile: baseline, encoding: .utf8) == file)

        // A removed label's entries are gone (reported, exit 0).
        try workspace.succeed("label", "rm", "body.text")
        let gone = try workspace.succeed("check", "--baseline", baseline)
        #expect(gone.stdout.contains("Gone (in the baseline, but the text no longer exists):\n  body.text [fr] (lines)\n"), "\(gone.stdout)")

        // Updating drops them.
        let update = try workspace.succeed("check", "--update-baseline", baseline)
        #expect(update.stdout.contains("0 findings (0 added, 2 removed)"), "\(update.stdout)")
    }

    @Test("--update-baseline of part of the catalog keeps the other entries; --baseline of part ignores them")
    func partialBaseline() throws {
        let workspace = try Self.workspace()
        let baseline = workspace.directory.path("baseline.json")
        try workspace.succeed("check", "--update-baseline", baseline)
        try workspace.succeed("label", "set", "cart.title", "--locale", "de", "--text", "Zahlen")
        let german = try workspace.succeed("check", "--locale", "de", "--update-baseline", baseline)
        #expect(german.stdout.contains("1 finding (0 added, 1 removed)"), "\(german.stdout)")
        let file = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(file.contains("body.text") && !file.contains("cart.title"), "\(file)")
        let french = try workspace.succeed("check", "body.*", "--baseline", baseline, "--json")
        #expect(try Self.findings(french) == ["body.text/fr/lines/known"])
        let cart = try workspace.succeed("check", "cart.*", "--baseline", baseline)
        #expect(!cart.stdout.contains("Now fits") && !cart.stdout.contains("Gone"), "entries of other labels are not in scope: \(cart.stdout)")
    }

    @Test("Baseline errors: a missing or malformed file is an error naming it (exit 1); --baseline with --update-baseline is a usage error")
    func baselineErrors() throws {
        let workspace = try Self.workspace()
        let missing = try workspace.labelcat("check", "--baseline", "nope.json")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nope.json"), "\(missing.stderr)")
        let path = try workspace.directory.write("bad.json", #"{"findings": [{"label": "a", "locale": "", "kind": "cut"}]}"#)
        let bad = try workspace.labelcat("check", "--baseline", path)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("baseline '\(path)': findings[0].kind: unknown kind \"cut\""), "\(bad.stderr)")
        let both = try workspace.labelcat("check", "--baseline", "a.json", "--update-baseline", "b.json")
        CLITests.expectUsageError(both, naming: ["'--baseline'", "'--update-baseline'"], usage: "labelcat check")
    }

    @Test("--format: an unknown format and --json with another format are usage errors (exit 64)")
    func formatUsage() throws {
        let workspace = try Self.workspace()
        CLITests.expectUsageError(try workspace.labelcat("check", "--format", "xml"), naming: ["'xml'", "text, json, github, junit, sarif"],
                                  usage: "labelcat check")
        CLITests.expectUsageError(try workspace.labelcat("check", "--format", "junit", "--json"), naming: ["'--json'", "junit"],
                                  usage: "labelcat check")
        let same = try workspace.labelcat("check", "--format", "json", "--json")
        #expect(same.status == 1 && same.lines.count == 2, "\(same.stderr)")
    }

    // MARK: Formats

    @Test("--format github: an ::error per new finding with the sentence and the visible text; a summary line; exit 1")
    func github() throws {
        let workspace = try Self.workspace()
        let run = try workspace.labelcat("check", "--format", "github")
        #expect(run.status == 1)
        let read = try Self.parse("github", run)
        let commands = read["commands"]?.array ?? []
        #expect(commands.map { $0["command"]?.string } == ["error", "error"])
        #expect(commands[0]["properties"] == .object(JSONObject([("title", .string("Label loses lines to its height"))])),
                "no file: these texts were not imported")
        #expect(commands[1]["message"]?.string?.hasPrefix("cart.title [de] is truncated: it shows 1 of the ") == true, "\(run.stdout)")
        #expect(commands[1]["message"]?.string?.contains("\nShown: Jetzt") == true, "\(run.stdout)")
        #expect(read["plain"] == .array([.string("labelcat: 2 findings in 6 texts of 3 labels.")]))
    }

    @Test("--format junit: a suite per locale, a case per text, failures for findings; GitLab/Jenkins-readable")
    func junit() throws {
        let workspace = try Self.workspace()
        let run = try workspace.labelcat("check", "--format", "junit")
        #expect(run.status == 1)
        let read = try Self.parse("junit", run)
        #expect(read["tests"] == .number(6))
        #expect(read["failures"] == .number(2))
        #expect(read["suites"]?.array?.map { $0["name"]?.string ?? "" } == ["labelcat check [base]", "labelcat check [de]", "labelcat check [fr]"])
        let failed = (read["suites"]?.array ?? []).flatMap { $0["cases"]?.array ?? [] }.filter { $0["status"] == .string("failure") }
        #expect(failed.map { $0["name"]?.string ?? "" } == ["cart.title [de]", "body.text [fr]"])
        #expect(failed.map { $0["type"]?.string ?? "" } == ["truncated", "lines"])
    }

    @Test("--format sarif: SARIF 2.1.0 with a result per finding at its label; with a baseline, baseline states")
    func sarif() throws {
        let workspace = try Self.workspace()
        let run = try workspace.labelcat("check", "--format", "sarif")
        #expect(run.status == 1)
        let read = try Self.parse("sarif", run)
        let results = read["results"]?.array ?? []
        #expect(results.map { $0["ruleId"]?.string ?? "" } == ["labelcat/lines", "labelcat/truncated"])
        #expect(results.map { $0["logical"] } == [.array([.string("body.text [fr]")]), .array([.string("cart.title [de]")])])
        #expect(read["version"]?.string?.isEmpty == false)

        let baseline = workspace.directory.path("baseline.json")
        try workspace.directory.write("baseline.json", """
            {"findings": [{"label": "cart.title", "locale": "de", "kind": "truncated"}]}
            """)
        let againstBaseline = try workspace.labelcat("check", "--format", "sarif", "--baseline", baseline)
        #expect(againstBaseline.status == 1, "body.text [fr] is new")
        let states = try Self.parse("sarif", againstBaseline)["results"]?.array?.map { $0["baselineState"]?.string ?? "" }
        #expect(states == ["new", "unchanged"])
    }

    @Test("Every format exits 0 when nothing is new")
    func passingFormats() throws {
        let workspace = try Self.workspace()
        let baseline = workspace.directory.path("baseline.json")
        try workspace.succeed("check", "--update-baseline", baseline)
        for format in ["text", "json", "github", "junit", "sarif"] {
            let run = try workspace.labelcat("check", "--format", format, "--baseline", baseline)
            #expect(run.status == 0, "\(format): \(run.stderr)")
            if format != "text" { _ = try Self.parse(format, run) }
        }
    }
}
