import Foundation
@testable import LabelCatalog
import LabelModel
import LabelReport
import Testing

/// Baselines (docs/ci.md): the file's format, its errors, and a check's outcome against one.
@Suite("Baseline")
struct BaselineTests {
    static let entries: Set<FindingIdentity> = [
        FindingIdentity(label: "z.last", locale: "", kind: .lines),
        FindingIdentity(label: "a.first", locale: "de", kind: .truncated),
        FindingIdentity(label: "a.first", locale: "", variant: "plural.one", category: "accessibilityLarge", kind: .error),
        FindingIdentity(label: "q \"quoted\"", locale: "fr", kind: .shrunk),
    ]

    @Test("Baseline file: sorted, one finding per line, reads back to the same entries")
    func baselineFile() throws {
        let baseline = Baseline(entries: Self.entries)
        let text = baseline.json
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "{")
        #expect(lines[1] == "  \"format\": \"labelcat-baseline\",")
        let findingLines = lines.filter { $0.hasPrefix("    {") }
        #expect(findingLines.count == 4)
        #expect(findingLines[0] == #"    {"label": "a.first", "locale": "", "variant": "plural.one", "category": "accessibilityLarge", "kind": "error"},"#)
        #expect(findingLines.map { $0.contains("a.first") } == [true, true, false, false], "sorted by label, then locale")
        #expect(try Baseline(json: Array(text.utf8), file: "b.json") == baseline)
        #expect(text == (try Baseline(json: Array(text.utf8), file: "b.json")).json, "written the same way again")
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect((parsed?["findings"] as? [Any])?.count == 4, "a real JSON parser reads it")
        #expect(Baseline().json == "{\n  \"format\": \"labelcat-baseline\",\n  \"version\": 1,\n  \"findings\": []\n}\n")
        // variant and category may be left out (the defaults).
        let short = try Baseline(json: Array(#"{"findings": [{"label": "a", "locale": "", "kind": "lines"}]}"#.utf8), file: "b.json")
        #expect(short.entries == [FindingIdentity(label: "a", locale: "", kind: .lines)])
    }

    @Test("A malformed baseline names the file and what is wrong", arguments: [
        ("[1, 2]", "must be a JSON object"),
        ("{\"findings\": 3}", "findings: must be an array"),
        ("{\"format\": \"other\", \"findings\": []}", "format: must be \"labelcat-baseline\""),
        ("{\"version\": 2, \"findings\": []}", "version: 2 is not supported"),
        ("{\"findings\": [{\"label\": \"a\", \"locale\": \"\"}]}", "findings[0].kind: is missing"),
        ("{\"findings\": [{\"label\": \"a\", \"locale\": \"\", \"kind\": \"cut\"}]}", "findings[0].kind: unknown kind \"cut\""),
        ("{\"findings\": [{\"label\": 1, \"locale\": \"\", \"kind\": \"lines\"}]}", "findings[0].label: must be a string"),
        ("{\"findings\": [", "not JSON"),
    ])
    func malformedBaseline(_ text: String, _ fragment: String) {
        do {
            _ = try Baseline(json: Array(text.utf8), file: "ci/baseline.json")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.hasPrefix("baseline 'ci/baseline.json': "), "\(error)")
            #expect(error.description.contains(fragment), "\(error)")
        }
    }

    @Test("Outcome against a baseline: new, known, fixed, changed kind, gone; out-of-scope entries are left alone and kept on update")
    func outcome() throws {
        let checked = ["a.title", "b.title", "c.title", "d.title"].map { CheckedText(label: $0, locale: "de") }
        let findings = [Finding(label: "a.title", locale: "de", kind: .truncated), Finding(label: "b.title", locale: "de", kind: .lines),
                        Finding(label: "d.title", locale: "de", kind: .error)]
        let scope = CheckScope(glob: "[a-e].*", locales: ["de"])
        let result = CheckResult(scope: scope, checked: checked, findings: findings,
                                 localeMatches: [LocaleMatch(requested: "de", matched: "de", isFallback: false)])
        #expect(result.labelCount == 4)
        let known = FindingIdentity(label: "a.title", locale: "de", kind: .truncated)
        let fixed = FindingIdentity(label: "c.title", locale: "de", kind: .truncated)
        let changed = FindingIdentity(label: "d.title", locale: "de", kind: .lines)
        let gone = FindingIdentity(label: "e.title", locale: "de", kind: .lines)
        let otherLocale = FindingIdentity(label: "c.title", locale: "fr", kind: .truncated)
        let otherGlob = FindingIdentity(label: "z.title", locale: "de", kind: .truncated)
        let otherCategory = FindingIdentity(label: "c.title", locale: "de", category: "extraLarge", kind: .truncated)
        let baseline = Baseline(entries: [known, fixed, changed, gone, otherLocale, otherGlob, otherCategory])

        let outcome = CheckOutcome(result: result, baseline: baseline)
        #expect(outcome.new.map(\.label) == ["b.title", "d.title"])
        #expect(outcome.known.map(\.identity) == [known])
        #expect(outcome.fixed == [fixed])
        #expect(outcome.changed == [changed])
        #expect(outcome.gone == [gone])
        #expect(outcome.exitCode == 1)
        #expect(CheckOutcome(result: result).new.count == 3, "without a baseline every finding is new")

        let updated = baseline.updated(with: result)
        #expect(updated.entries == [known, otherLocale, otherGlob, otherCategory,
                                    FindingIdentity(label: "b.title", locale: "de", kind: .lines),
                                    FindingIdentity(label: "d.title", locale: "de", kind: .error)])
        let afterUpdate = CheckOutcome(result: result, baseline: updated)
        #expect(afterUpdate.new.isEmpty && afterUpdate.exitCode == 0)
        #expect(afterUpdate.fixed.isEmpty && afterUpdate.gone.isEmpty && afterUpdate.changed.isEmpty)
    }
}
