import Foundation
import LabelJSON
import Testing
import TestSupport

/// Worst-case arguments through the real binary: declared with `label set --arguments`, laid
/// out as the `worst` variant, and reported by `check`.
@Suite("labelcat and worst-case arguments")
struct WorstCaseCommandTests {
    typealias Workspace = CLITests.Workspace

    @Test("A %d items label that fits its sample but not 7 digits: check reports its worst variant, in the locale's grouping")
    func checkReportsWorstCase() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "cart.count", "--frame", "0,0,100,30", "--lines", "1", "--text", "%d items",
                              "--arguments", #"[{"type": "number", "digits": 7}]"#)
        try workspace.succeed("label", "set", "cart.count", "--locale", "de", "--text", "%d Artikel")
        let definition = try CLITests.json(try workspace.succeed("label", "get", "cart.count", "--json").stdout)
        #expect(definition["arguments"] == (try JSONValue.parse(#"[{"type": "number", "digits": 7}]"#)))

        let check = try workspace.labelcat("check", "--json")
        #expect(check.status == 1, "\(check.stderr)")
        let findings = try check.lines.map { try CLITests.json($0) }
        #expect(findings.map { "\($0["locale"]?.string ?? "?")/\($0["variant"]?.string ?? "?")/\($0["kind"]?.string ?? "?")" }
                == ["/worst/truncated", "de/worst/truncated"], "\(check.stdout)")
        #expect(findings.last?["lines"]?.array?.first?.string?.hasPrefix("8.888.") == true, "\(check.stdout)")
    }

    @Test("fit answers a text's worst case too: a %d text that fits its sample but not 7 digits does not fit")
    func fitAnswersWorstCase() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "cart.count", "--frame", "0,0,100,30", "--lines", "1", "--text", "%d items",
                              "--key", "Localizable:count", "--arguments", #"[{"type": "number", "digits": 7}]"#)
        let text = try workspace.labelcat("fit", "Localizable:count", "--locale", "de", "--text", "%d Artikel")
        #expect(text.status == 1, "\(text.stdout)\(text.stderr)")
        #expect(text.lines.count == 3 && text.lines[0].contains("large  fits"), "\(text.stdout)")
        #expect(text.lines[1].contains("large  worst  does not fit"), "\(text.stdout)")
        #expect(text.lines[2] == "Does not fit: 1 of 2 layouts.", "\(text.stdout)")
        let questions = [#"{"key": "Localizable:count", "locale": "de", "text": "%d Artikel"}"#,
                         #"{"key": "Localizable:count", "locale": "de", "text": "Artikel"}"#]
        let answers = try workspace.labelcat(["fit", "-"], stdin: questions.joined(separator: "\n") + "\n")
        // Every question answered: the status is 0 whether the texts fit or not.
        #expect(answers.status == 0 && answers.lines.count == 2, "\(answers.stdout)\(answers.stderr)")
        let withNumber = try CLITests.json(answers.lines[0])
        #expect(withNumber["fits"] == .bool(false))
        let verdicts = try #require(withNumber["labels"]?.array).compactMap(\.object)
        #expect(verdicts.map { "\($0["variant"]?.string ?? "?")/\($0["fits"] == .bool(true))" } == ["/true", "worst/false"])
        #expect(verdicts[1]["fix"]?.object?["width"]?.number != nil)
        // Without a format specifier there is no worst case: one verdict, and it fits.
        let plain = try CLITests.json(answers.lines[1])
        #expect(plain["fits"] == .bool(true))
        #expect(plain["labels"]?.array?.compactMap { $0.object?["variant"]?.string } == [""])
    }

    @Test("A bad declaration is refused, naming the element's member; the catalog is unchanged")
    func badDeclaration() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "cart.count", "--frame", "0,0,100,30", "--text", "%d items")
        let before = try workspace.dump()
        let run = try workspace.labelcat("label", "set", "cart.count", "--arguments", #"[{"type": "weight"}]"#)
        #expect(run.status != 0)
        #expect(run.stderr.contains("arguments[0].type"), "\(run.stderr)")
        #expect(try workspace.dump() == before)
    }
}
