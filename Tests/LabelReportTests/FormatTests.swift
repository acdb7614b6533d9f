import LabelCatalog
import LabelJSON
import LabelModel
@testable import LabelReport
import Testing
import TestSupport

/// A check's outcome as every format writes it (docs/ci.md), read back by real parsers
/// (`CheckFormatParser`: Python's `xml.etree` and `json`) on a fixture with every kind of
/// finding, imported sources with awkward paths, text that needs escaping, a variant and a
/// second content size category, and a baseline with known, fixed and gone entries.
@Suite("Check output formats")
struct FormatTests {
    /// A strings file whose path has a space, a comma, a colon and a percent sign.
    static let awkwardFile = "App/de.lproj/Local izable,1:100%.strings"

    static let truncated = Finding(
        label: "cart.title", locale: "de", kind: .truncated, linesShown: 1, linesNeeded: 2, widthOver: 12.3456,
        lines: ["Zur Kasse, bitte: 100%…"],
        source: FindingSource(file: awkwardFile, line: 12, key: "Localizable:checkout.title"))
    static let lines = Finding(
        label: "body.text", locale: "fr", kind: .lines, linesShown: 2, linesNeeded: 4, heightOver: 24.6,
        lines: ["a <b> & \"c\" 'd'", "e\tf"])
    static let error = Finding(label: "odd.label", locale: "ja", kind: .error,
                               error: "font.family: no font \u{1}'x' < y & z\nsecond line")
    static let shrunk = Finding(
        label: "count.label", locale: "de", variant: "plural.other", category: "accessibilityLarge", kind: .shrunk,
        linesShown: 1, linesNeeded: 1, lines: ["88 Einträge"],
        source: FindingSource(file: "/abs/path/Localizable.xcstrings", line: nil, key: "Localizable:%lld items"))

    static let result = CheckResult(
        scope: CheckScope(),
        checked: [CheckedText(label: "body.text", locale: "fr"), CheckedText(label: "cart.title", locale: ""), truncated.text,
                  shrunk.text, CheckedText(label: "fixed.label", locale: "fr"), error.text],
        findings: [lines, truncated, shrunk, error],
        categories: [Finding.defaultCategory, "accessibilityLarge"])

    /// Known: the `lines` finding; fixed: `fixed.label [fr]`; gone: a label no longer there.
    static let baseline = Baseline(entries: [
        lines.identity,
        FindingIdentity(label: "fixed.label", locale: "fr", kind: .truncated),
        FindingIdentity(label: "gone.label", locale: "", kind: .lines),
    ])

    static func parse(_ format: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        let run = try CheckFormatParser.parse(format, text)
        #expect(run.status == 0, "\(format) does not read back: \(run.stderr)\n\(text)", sourceLocation: sourceLocation)
        return try JSONValue.parse(run.stdout)
    }

    // MARK: JUnit

    @Test("JUnit: valid for the common schema; a suite per locale, a case per text; failure, error, skipped, system-out")
    func junit() throws {
        let outcome = CheckOutcome(result: Self.result, baseline: Self.baseline)
        let read = try Self.parse("junit", JUnitReport.render(outcome))
        #expect(read["tests"] == .number(6))
        #expect(read["failures"] == .number(2), "the truncated and the shrunk finding are new")
        #expect(read["errors"] == .number(1))
        let suites = read["suites"]?.array ?? []
        #expect(suites.map { $0["name"]?.string } == ["labelcat check [base]", "labelcat check [de]",
                                                       "labelcat check [fr]", "labelcat check [ja]"])
        var cases: [String: JSONValue] = [:]
        for suite in suites { for testCase in suite["cases"]?.array ?? [] { cases[testCase["name"]?.string ?? "?"] = testCase } }
        #expect(cases.keys.sorted() == ["body.text [fr]", "cart.title", "cart.title [de]",
                                        "count.label [de, plural.other, accessibilityLarge]", "fixed.label [fr]", "odd.label [ja]"])
        let failure = try #require(cases["cart.title [de]"])
        #expect(failure["status"] == .string("failure"))
        #expect(failure["classname"] == .string("cart.title"))
        #expect(failure["type"] == .string("truncated"))
        #expect(failure["message"] == .string(Self.truncated.summary))
        #expect(failure["text"]?.string?.contains("Source: \(Self.awkwardFile):12") == true, "\(failure)")
        #expect(failure["text"]?.string?.contains("Shown: Zur Kasse, bitte: 100%…") == true)
        #expect(cases["count.label [de, plural.other, accessibilityLarge]"]?["type"] == .string("shrunk"))
        let error = try #require(cases["odd.label [ja]"])
        #expect(error["status"] == .string("error"))
        // A message's values are shown printable: its line break and control character as escapes.
        #expect(error["message"]?.string?.contains(#"\u{1}'x' < y & z\nsecond line"#) == true, "values are printable: \(error)")
        #expect(error["message"]?.string?.contains("\n") == false, "no line break of a value survives: \(error)")
        #expect(cases["body.text [fr]"]?["status"] == .string("skipped"), "known (in the baseline)")
        #expect(cases["cart.title"]?["status"] == .string("passed"))
        #expect(cases["fixed.label [fr]"]?["status"] == .string("passed"))
        #expect(cases["fixed.label [fr]"]?["systemOut"]?.string?.hasPrefix("Now fits") == true)
    }

    @Test("JUnit without a baseline: every finding fails")
    func junitWithoutBaseline() throws {
        let read = try Self.parse("junit", JUnitReport.render(CheckOutcome(result: Self.result)))
        #expect(read["failures"] == .number(3))
        #expect(read["errors"] == .number(1))
        #expect(read["suites"]?.array?.allSatisfy { $0["skipped"] == .number(0) } == true)
    }

    // MARK: Kinds

    @Test("Every kind is described once, and each format follows its description: SARIF's level and rule, GitHub's command, JUnit's element",
          arguments: FindingKind.allCases)
    func kindDescriptions(kind: FindingKind) throws {
        let about = kind.description
        #expect(!about.title.isEmpty && !about.explanation.isEmpty && !about.advice.isEmpty && !about.sarifRuleName.isEmpty)
        var finding = Self.truncated
        finding.kind = kind
        if !about.hasLayout { finding.error = "constraints A and B" }
        let result = CheckResult(scope: CheckScope(includesShrunk: true), checked: [finding.text], findings: [finding])
        let outcome = CheckOutcome(result: result, baseline: nil)
        let sarif = try JSONValue.parse(SARIFReport.render(outcome, toolVersion: "1"))
        let run = sarif["runs"]?.array?.first
        let rule = run?["tool"]?["driver"]?["rules"]?.array?.first { $0["id"] == .string(SARIFReport.ruleID(kind)) }
        #expect(rule?["name"] == .string(about.sarifRuleName))
        #expect(rule?["defaultConfiguration"]?["level"] == .string(about.severity.rawValue))
        #expect(run?["results"]?.array?.first?["level"] == .string(about.severity.rawValue))
        #expect(GitHubAnnotations.render(outcome).hasPrefix("::\(about.gitHubLevel.rawValue) "))
        #expect(JUnitReport.render(outcome).contains("<\(about.junitStatus.rawValue) message="))
        #expect(!finding.summary.isEmpty)
    }

    @Test("Auto Layout's kinds: clipped and unsatisfiable are errors, ambiguous a warning")
    func autoLayoutKinds() {
        #expect(FindingKind.clipped.description.severity == .error)
        #expect(FindingKind.unsatisfiable.description.severity == .error)
        #expect(FindingKind.ambiguous.description.severity == .warning)
    }

    // MARK: SARIF

    @Test("SARIF 2.1.0: rules per kind, a result per finding, file and line or the label as a logical location, fingerprints, baseline states")
    func sarif() throws {
        let outcome = CheckOutcome(result: Self.result, baseline: Self.baseline)
        let read = try Self.parse("sarif", SARIFReport.render(outcome, toolVersion: "9.8.7"))
        #expect(read["tool"] == .string("labelcat"))
        #expect(read["version"] == .string("9.8.7"))
        #expect(read["rules"]?.array?.compactMap(\.string) == ["labelcat/truncated", "labelcat/lines", "labelcat/shrunk", "labelcat/error",
                                                             "labelcat/clipped", "labelcat/unsatisfiable", "labelcat/ambiguous",
                                                             "labelcat/tight", "labelcat/category"])
        let results = read["results"]?.array ?? []
        #expect(results.count == 4)
        var byRule: [String: JSONValue] = [:]
        for result in results { byRule[result["ruleId"]?.string ?? "?"] = result }

        let truncated = try #require(byRule["labelcat/truncated"])
        #expect(truncated["level"] == .string("error"))
        #expect(truncated["file"] == .string(Self.awkwardFile), "the URI decodes to the file's path")
        #expect(truncated["uriBaseId"] == .string("%SRCROOT%"))
        #expect(truncated["line"] == .number(12))
        #expect(truncated["baselineState"] == .string("new"))
        #expect(truncated["message"]?.string?.hasPrefix(Self.truncated.summary) == true)
        #expect(truncated["properties"]?["widthOver"] == .number(12.346))
        #expect(truncated["properties"]?["lines"] == .array([.string("Zur Kasse, bitte: 100%…")]))
        #expect(truncated["properties"]?["key"] == .string("Localizable:checkout.title"))

        let lines = try #require(byRule["labelcat/lines"])
        #expect(lines["uri"] == .null, "no file: the label is a logical location")
        #expect(lines["logical"] == .array([.string("body.text [fr]")]))
        #expect(lines["baselineState"] == .string("unchanged"))

        let shrunk = try #require(byRule["labelcat/shrunk"])
        #expect(shrunk["level"] == .string("note"))
        #expect(shrunk["file"] == .string("/abs/path/Localizable.xcstrings"))
        #expect(shrunk["uri"]?.string?.hasPrefix("file:///abs/path/") == true)
        #expect(shrunk["uriBaseId"] == .null)
        #expect(shrunk["line"] == .null)
        #expect(byRule["labelcat/error"]?["level"] == .string("error"))

        // The fingerprint is the identity: the same when only the numbers change.
        let fingerprints = Set(results.compactMap { $0["fingerprints"]?[SARIFReport.fingerprintKey]?.string })
        #expect(fingerprints.count == 4)
        var longer = Self.truncated
        longer.widthOver += 1
        longer.lines = ["Zur Kasse, bitte: 100 %…"]
        #expect(SARIFReport.fingerprint(longer.identity) == SARIFReport.fingerprint(Self.truncated.identity))
        #expect(SARIFReport.fingerprint(Self.truncated.identity) == "cart.title/de//large/truncated")
    }

    @Test("SARIF without a baseline: no baselineState")
    func sarifWithoutBaseline() throws {
        let read = try Self.parse("sarif", SARIFReport.render(CheckOutcome(result: Self.result), toolVersion: "1"))
        #expect(read["results"]?.array?.allSatisfy { $0["baselineState"] == .null } == true)
    }

    // MARK: GitHub

    @Test("GitHub Actions: an ::error per new finding at its file and line, escaped; notices for fixed and gone entries; a summary")
    func github() throws {
        let outcome = CheckOutcome(result: Self.result, baseline: Self.baseline)
        let text = GitHubAnnotations.render(outcome)
        let read = try Self.parse("github", text)
        let commands = read["commands"]?.array ?? []
        #expect(commands.map { $0["command"]?.string } == ["error", "warning", "error", "notice", "notice"], "\(text)")
        let truncated = commands[0]
        #expect(truncated["properties"]?["file"] == .string(Self.awkwardFile))
        #expect(truncated["properties"]?["line"] == .string("12"))
        #expect(truncated["properties"]?["title"] == .string("Label text truncated"))
        #expect(truncated["message"] == .string(([Self.truncated.summary] + Self.truncated.details).joined(separator: "\n")))
        #expect(commands[1]["properties"]?["file"] == .string("/abs/path/Localizable.xcstrings"))
        #expect(commands[1]["properties"]?["line"] == nil, "no line when the source has none")
        let error = commands[2]
        #expect(error["properties"]?["file"] == nil, "no file when the text was not imported")
        #expect(error["message"]?.string?.contains(#"\u{1}'x' < y & z\nsecond line"#) == true, "values are printable")
        #expect(commands[3]["message"]?.string?.hasPrefix("fixed.label [fr] (truncated) is in the baseline and now fits") == true)
        #expect(commands[4]["message"]?.string?.hasPrefix("gone.label (lines) is in the baseline") == true)
        #expect(!text.contains("body.text"), "known findings are not annotated")
        #expect(read["plain"] == .array([.string("labelcat: \(outcome.summary)")]))
        #expect(outcome.summary == "3 new findings, 1 known (in the baseline), 1 now fits, 1 gone in 6 texts of 5 labels.")
    }

    @Test("GitHub escaping: % \\r \\n in messages; also : and , in properties")
    func githubEscaping() {
        #expect(GitHubAnnotations.escapeData("100% a:b,c\r\nd") == "100%25 a:b,c%0D%0Ad")
        #expect(GitHubAnnotations.escapeProperty("100% a:b,c\r\nd") == "100%25 a%3Ab%2Cc%0D%0Ad")
        #expect(GitHubAnnotations.command("error", [("file", "a,b.strings"), ("line", "3")], "x") == "::error file=a%2Cb.strings,line=3::x\n")
        #expect(GitHubAnnotations.command("notice", [], "x") == "::notice::x\n")
    }

    // MARK: JSON

    @Test("JSON: one object per finding with its status and lines as an array, then fixed and gone entries")
    func json() throws {
        let outcome = CheckOutcome(result: Self.result, baseline: Self.baseline)
        let text = FindingsJSON.lines(outcome).joined(separator: "\n") + "\n"
        let objects = try Self.parse("json", text)["objects"]?.array ?? []
        #expect(objects.map { "\($0["label"]?.string ?? "?")/\($0["status"]?.string ?? "?")" }
                == ["body.text/known", "cart.title/new", "count.label/new", "odd.label/new", "fixed.label/fixed", "gone.label/gone"])
        let lines = objects[0]
        #expect(lines["lines"] == .array([.string("a <b> & \"c\" 'd'"), .string("e\tf")]))
        #expect(lines["linesShown"] == .number(2))
        #expect(lines["linesNeeded"] == .number(4))
        #expect(lines["heightOver"] == .number(24.6))
        #expect(lines["source"] == .null)
        let truncated = objects[1]
        #expect(truncated["widthOver"] == .number(12.346))
        #expect(truncated["source"]?["file"] == .string(Self.awkwardFile))
        #expect(truncated["source"]?["line"] == .number(12))
        #expect(truncated["source"]?["key"] == .string("Localizable:checkout.title"))
        #expect(objects[2]["variant"] == .string("plural.other"))
        #expect(objects[2]["category"] == .string("accessibilityLarge"))
        #expect(objects[3]["error"]?.string?.hasSuffix("second line") == true)
        #expect(objects[4]["kind"] == .string("truncated"))
        #expect(objects[4]["linesShown"] == nil, "fixed entries carry their identity only")
    }

    // MARK: Words

    @Test("Summaries name the text and say by how much; points round up to a tenth")
    func summaries() {
        #expect(Self.truncated.summary == "cart.title [de] is truncated: it shows 1 of the 2 lines its text needs, and its text is 12.4 pt too wide for one line.")
        #expect(Self.lines.summary == "body.text [fr] loses lines to its height: it shows 2 of the 4 lines its text needs, and its lines are 24.6 pt too tall for it.")
        #expect(Self.shrunk.summary == "count.label [de, plural.other, accessibilityLarge] fits only with its font shrunk.")
        #expect(points(0.01) == "0.1 pt")
        #expect(points(3) == "3 pt")
        #expect(points(24.6) == "24.6 pt")
        #expect(Self.truncated.overText == "width +12.4 pt")
        #expect(escapeMarkup("a<b>&\"'\u{0}\n", attribute: true) == "a&lt;b&gt;&amp;&quot;&#39;\u{FFFD}&#10;")
    }
}
