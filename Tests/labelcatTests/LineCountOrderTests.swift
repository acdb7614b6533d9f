import Foundation
import Testing
import TestSupport

/// Line counts read shown/needed wherever a table or message prints them.
@Suite("Line counts: shown/needed")
struct LineCountOrderTests {
    @Test("label set, layout list and demo print lines as shown/needed")
    func shownThenNeeded() throws {
        let workspace = try CLITests.Workspace()
        // Three lines of text in a one-line label: 1 shown of 3 needed.
        let set = try workspace.succeed(["label", "set", "short", "--frame", "0,0,60,30", "--lines", "1",
                                         "--text", "one two three", "--font", #"{"family": "DejaVu Sans", "size": 17}"#,
                                         "--break", "wordWrap"])
        #expect(set.stdout.contains(": 1/3 lines"), "\(set.stdout)")
        let rows = CLITests.table(try workspace.succeed(["layout", "list"]).stdout)
        let column = try #require(rows.first?.firstIndex(of: "lines shown/needed"), "\(rows)")
        #expect(rows.dropFirst().first?[column] == "1/3", "\(rows)")

        let demo = try CLI.labelcat(["demo"], in: workspace.root)
        let demoRows = CLITests.table(demo.stdout)
        let demoColumn = try #require(demoRows.first?.firstIndex(of: "lines shown/needed"), "\(demo.stdout)")
        for row in demoRows.dropFirst() {
            let counts = row[demoColumn].split(separator: "/").compactMap { Int($0) }
            #expect(counts.count == 2 && counts[0] <= counts[1], "\(row)")
        }
    }
}
