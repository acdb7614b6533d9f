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
