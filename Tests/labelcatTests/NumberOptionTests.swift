import Foundation
import LabelJSON
import Testing
import TestSupport

/// Options that take numbers take decimal numbers only: `0x10`, `inf`, `nan`, `1_000` and
/// numbers too large to be finite are usage errors naming the value and the option.
@Suite("Number options")
struct NumberOptionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let value: String
        let option: String
        var testDescription: String { "labelcat " + arguments.joined(separator: " ") }
    }

    static let frame = ["--frame", "0,0,100,40"]

    static let cases: [Case] = [
        Case(arguments: ["label", "set", "a", "--frame", "0x10,0,1,1"], value: "0x10,0,1,1", option: "--frame"),
        Case(arguments: ["label", "set", "a", "--frame", "1,2,3,inf"], value: "1,2,3,inf", option: "--frame"),
        Case(arguments: ["label", "set", "a", "--frame", "1,2,,3"], value: "1,2,,3", option: "--frame"),
        Case(arguments: ["label", "set", "a"] + frame + ["--insets", "0x4,0,0,0"], value: "0x4,0,0,0", option: "--insets"),
        Case(arguments: ["label", "set", "a"] + frame + ["--lines", "0x2"], value: "0x2", option: "--lines"),
        Case(arguments: ["label", "set", "a"] + frame + ["--line-height", "0x1p4"], value: "0x1p4", option: "--line-height"),
        Case(arguments: ["label", "set", "a"] + frame + ["--letter-spacing", "nan"], value: "nan", option: "--letter-spacing"),
        Case(arguments: ["label", "set", "a"] + frame + ["--line-spacing", "1e400"], value: "1e400", option: "--line-spacing"),
        Case(arguments: ["label", "set", "a"] + frame + ["--line-height-multiple", "1_5"], value: "1_5", option: "--line-height-multiple"),
        Case(arguments: ["label", "set", "a"] + frame + ["--scale", "0x2"], value: "0x2", option: "--scale"),
        Case(arguments: ["render", "a", "--out", "a.png", "--scale", "0x2"], value: "0x2", option: "--scale"),
        Case(arguments: ["render", "a", "--out", "a.png", "--sheet", "--columns", "0x3"], value: "0x3", option: "--columns"),
        Case(arguments: ["demo", "--scale", "0x1"], value: "0x1", option: "--scale"),
        Case(arguments: ["serve", "--poll-ms", "0x10"], value: "0x10", option: "--poll-ms"),
    ]

    @Test("Hexadecimal, infinite and malformed numbers are usage errors", arguments: cases)
    func refused(_ test: Case) throws {
        let workspace = try CLITests.Workspace()
        let before = try CLI.dump(workspace.db)
        let run = try workspace.labelcat(test.arguments)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("'\(test.value)'") && run.stderr.contains("'\(test.option)'"), "\(run.stderr)")
        #expect(try CLI.dump(workspace.db) == before)
    }

    @Test("Decimal numbers in every form are accepted: signs, fractions, exponents, spaces around commas")
    func accepted() throws {
        let workspace = try CLITests.Workspace()
        try workspace.succeed(["label", "set", "a", "--frame", "+0, .5, 1e2,4.0E1", "--insets", "1,2.,-0,3",
                               "--lines", "2", "--letter-spacing", "-0.25", "--line-height", "2e1"])
        let label = try CLITests.json(try workspace.succeed(["label", "get", "a", "--json"]).stdout)
        #expect(label["frame"] == (try JSONValue.parse(#"{"x": 0, "y": 0.5, "width": 100, "height": 40}"#)))
        #expect(label["contentInsets"] == (try JSONValue.parse(#"{"top": 1, "left": 2, "bottom": 0, "right": 3}"#)))
        #expect(label["letterSpacing"] == .number(-0.25))
        #expect(label["lineHeight"] == .number(20))
    }
}
