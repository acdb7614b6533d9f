import Foundation
@testable import LabelCatalog
import LabelJSON
import LabelModel
import Testing
import TestSupport

/// docs/layout-rules.md: bad values are rejected with a message that names the field, and nothing is
/// written (the file's `.dump` is the same before and after). docs/catalog.md, docs/cli.md: files that are not
/// catalogs, read-only catalogs and missing catalogs are refused clearly.
@Suite("Bad input")
struct BadInputTests {
    static let frame = #""frame": {"x": 0, "y": 0, "width": 200, "height": 60}"#

    /// Definitions that must be refused, and what the message must mention.
    static let badDefinitions: [(json: String, fragments: [String])] = [
        (#"{"name": "bad.label", \#(frame), "font": "{no.such.token}"}"#, ["bad.label", "font", "no.such.token"]),
        (#"{"name": "bad.label", \#(frame), "contentInsets": "{no.such.token}"}"#, ["bad.label", "contentInsets", "no.such.token"]),
        (#"{"name": "bad.label", \#(frame), "font": "{color.brand}"}"#, ["bad.label", "font", "color.brand", "color"]),
        (#"{"name": "bad.label", \#(frame), "contentInsets": "{font.size.base}"}"#, ["bad.label", "contentInsets", "font.size.base"]),
        (#"{"name": "bad.label", \#(frame), "textColor": "{spacing.m}"}"#, ["bad.label", "textColor", "spacing.m"]),
        (#"{"name": "bad.label", \#(frame), "numberOfLines": "{color.brand}"}"#, ["bad.label", "numberOfLines", "color.brand"]),
        (#"{"name": "bad.label", \#(frame), "font": {"size": "{color.brand}"}}"#, ["bad.label", "font.size", "color.brand"]),
        (#"{"name": "bad.label", \#(frame), "lineBreakMode": "{lines.max}"}"#, ["bad.label", "lineBreakMode"]),
        (#"{"name": "bad.label", "frame": {"x": 0, "y": 0, "width": -200, "height": 60}}"#, ["bad.label", "frame.width"]),
        (#"{"name": "bad.label", "frame": {"x": 0, "y": 0, "width": 200, "height": -1}}"#, ["bad.label", "frame.height"]),
        (#"{"name": "bad.label", \#(frame), "font": {"size": -3}}"#, ["bad.label", "font.size"]),
        (#"{"name": "bad.label", \#(frame), "font": {"size": 0}}"#, ["bad.label", "font.size"]),
        (#"{"name": "bad.label", \#(frame), "lineHeight": -1}"#, ["bad.label", "lineHeight"]),
        (#"{"name": "bad.label", \#(frame), "lineSpacing": -1}"#, ["bad.label", "lineSpacing"]),
        (#"{"name": "bad.label", \#(frame), "contentInsets": {"top": -4}}"#, ["bad.label", "contentInsets.top"]),
        (#"{"name": "bad.label", \#(frame), "numberOfLines": -1}"#, ["bad.label", "numberOfLines"]),
        (#"{"name": "bad.label", \#(frame), "numberOfLines": 1.5}"#, ["bad.label", "numberOfLines"]),
        (#"{"name": "bad.label", \#(frame), "lineBreakMode": "wrapWord"}"#, ["bad.label", "lineBreakMode", "wrapWord"]),
        (#"{"name": "bad.label", \#(frame), "textAlignment": "middle"}"#, ["bad.label", "textAlignment", "middle"]),
        (#"{"name": "bad.label", \#(frame), "verticalAlignment": "center"}"#, ["bad.label", "verticalAlignment", "center"]),
        (#"{"name": "bad.label", \#(frame), "scale": 4}"#, ["bad.label", "scale"]),
        (#"{"name": "bad.label", \#(frame), "textColor": "red"}"#, ["bad.label", "textColor"]),
        (#"{"name": "bad.label", \#(frame), "truncationToken": "{lines.max}"}"#, ["bad.label", "truncationToken"]),
        (#"{"name": "bad.label", \#(frame), "fontSize": 12}"#, ["bad.label", "fontSize"]),
        (#"{"name": "bad.label", \#(frame), "text": 12}"#, ["bad.label", "text"]),
        (#"{"name": "bad.label", \#(frame), "texts": {"de": 12}}"#, ["bad.label", "texts.de"]),
        (#"{"name": "bad label*", \#(frame)}"#, ["name", "glob"]),
        (#"{"name": "bad\tlabel", \#(frame)}"#, ["name", "control character"]),
        (#"{"name": " padded", \#(frame)}"#, ["name", "white space"]),
        (#"{"name": "bad.label"}"#, ["bad.label", "frame"]),
        (#"{\#(frame)}"#, ["name"]),
    ]

    @Test("Bad definitions are refused naming the field; nothing is written", arguments: badDefinitions)
    func badDefinition(_ json: String, _ fragments: [String]) throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([demoTopLabel()])
        let before = try SQLiteShell.dump(catalog.path)
        expectCatalogError(fragments) {
            // With another, valid label in the same batch: all or nothing.
            try catalog.setLabels([demoTopLabel(text: "changed"), try LabelRecord(json: try JSONValue.parse(json))])
        }
        #expect(try SQLiteShell.dump(catalog.path) == before)
    }

    @Test("NaN and infinite numbers are refused naming the field",
          arguments: ["lineHeight", "lineSpacing", "letterSpacing", "lineHeightMultiple", "frame.width", "font.size"])
    func notANumber(_ field: String) throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let before = try SQLiteShell.dump(catalog.path)
        for value in [Double.nan, .infinity, -.infinity] {
            var object = JSONObject([("name", .string("bad.number")),
                                     ("frame", .object(JSONObject([("x", .number(0)), ("y", .number(0)), ("width", .number(100)), ("height", .number(30))])))])
            switch field {
            case "frame.width":
                object["frame"] = .object(JSONObject([("x", .number(0)), ("y", .number(0)), ("width", .number(value)), ("height", .number(30))]))
            case "font.size":
                object["font"] = .object(JSONObject([("size", .number(value))]))
            default:
                object[field] = .number(value)
            }
            expectCatalogError(["bad.number", field]) { try catalog.setLabels([try LabelRecord(json: .object(object))]) }
        }
        #expect(try SQLiteShell.dump(catalog.path) == before)
    }

    @Test("A text over 1 MiB is refused, in the base text and in a locale's")
    func hugeText() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([demoTopLabel()])
        let before = try SQLiteShell.dump(catalog.path)
        let huge = String(repeating: "a", count: 2 << 20)
        expectCatalogError(["huge.text", "text", "1 MiB"]) {
            try catalog.setLabels([LabelRecord(name: "huge.text", text: huge, frame: Rect(x: 0, y: 0, width: 100, height: 30))])
        }
        expectCatalogError(["huge.text", "texts.de", "1 MiB"]) {
            try catalog.setLabels([LabelRecord(name: "huge.text", text: "ok", texts: ["de": huge], frame: Rect(x: 0, y: 0, width: 100, height: 30))])
        }
        let json = try JSONValue.parse(#"{"name": "huge.text", "frame": {"x": 0, "y": 0, "width": 100, "height": 30}}"#)
        var object = try #require(json.object)
        object["text"] = .string(huge)
        expectCatalogError(["huge.text", "text", "1 MiB"]) { try LabelRecord(json: .object(object)) }
        // Exactly 1 MiB is allowed (the limit is inclusive); the check is on UTF-8 bytes.
        let limit = LabelDefinition.maximumTextBytes
        #expect(throws: Never.self) {
            _ = try LabelRecord(json: .object(JSONObject([("name", .string("edge.text")), ("text", .string(String(repeating: "b", count: limit))),
                                                          ("frame", object["frame"]!)])))
        }
        expectCatalogError(["edge.text"]) {
            try LabelRecord(json: .object(JSONObject([("name", .string("edge.text")),
                                                      ("text", .string(String(repeating: "é", count: limit / 2 + 1))),
                                                      ("frame", object["frame"]!)])))
        }
        #expect(try SQLiteShell.dump(catalog.path) == before)
    }

    @Test("Duplicate names in one batch: nothing is written")
    func duplicateNames() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([demoTopLabel()])
        let before = try SQLiteShell.dump(catalog.path)
        let frame = Rect(x: 0, y: 0, width: 100, height: 30)
        expectCatalogError(["dup.label", "more than once"]) {
            try catalog.setLabels([LabelRecord(name: "first.new", text: "a", frame: frame),
                                   LabelRecord(name: "dup.label", text: "a", frame: frame),
                                   LabelRecord(name: "dup.label", text: "b", frame: frame)])
        }
        #expect(try catalog.labels().map(\.name) == ["demo.top"])
        #expect(try SQLiteShell.dump(catalog.path) == before)
    }

    @Test("A label whose font is not installed is stored; its layouts record the error naming the family, until a substitute is named")
    func uninstalledFont() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setTokens([Token(name: "font.family.missing", type: .fontFamily, value: .string("No Such Family Sans"))])
        try catalog.setLabels([LabelRecord(name: "bad.font", text: "x", frame: Rect(x: 0, y: 0, width: 100, height: 30),
                                           style: JSONObject([("font", .string("{font.family.missing}"))]))])
        #expect(try catalog.label(named: "bad.font").style["font"] == .string("{font.family.missing}"))
        expectCatalogError(["bad.font", "No Such Family Sans"]) { _ = try catalog.layout(label: "bad.font") }
        let finding = try #require(try catalog.check(CheckScope(glob: "bad.font")).findings.first)
        #expect(finding.kind == .error && finding.error?.contains("No Such Family Sans") == true)
        try catalog.setSetting(.fontSubstitutes, to: "No Such Family Sans=DejaVu Sans")
        _ = try catalog.layOutQueued()
        #expect(try catalog.layout(label: "bad.font").error == nil)
        // A definition that is wrong in itself is still refused.
        let before = try SQLiteShell.dump(catalog.path)
        expectCatalogError(["bad.size", "font.size"]) {
            try catalog.setLabels([LabelRecord(name: "bad.size", text: "x", frame: Rect(x: 0, y: 0, width: 100, height: 30),
                                               style: JSONObject([("font", .object(JSONObject([("size", .number(-3))])))]))])
        }
        #expect(try SQLiteShell.dump(catalog.path) == before)
    }

    // MARK: Files

    static let notSQLite: [(name: String, bytes: [UInt8])] = [
        ("text.txt", Array("This is a plain text file, not a SQLite database.\nSecond line of text here to make it longer than a header.\n".utf8)),
        ("short.txt", Array("hello\n".utf8)),
        ("one-byte.txt", [0x78]),
        ("binary.bin", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }),
        ("tokens.json", Array(demoTokensJSON.utf8)),
    ]

    @Test("A path that is not a SQLite file is refused for open and for init, and left unchanged", arguments: notSQLite)
    func notACatalog(_ name: String, _ bytes: [UInt8]) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(name, bytes)
        for readOnly in [false, true] {
            expectCatalogError([name]) { try Catalog.open(path: path, readOnly: readOnly) }
        }
        expectCatalogError([name]) { try Catalog.create(path: path) }
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == bytes, "the file was changed")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("A SQLite file without the labelcat schema is refused by open")
    func foreignDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("other.sqlite")
        try SQLiteShell.run(path, "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me');")
        let before = try SQLiteShell.dump(path)
        expectCatalogError(["other.sqlite", "not a labelcat catalog"]) { try Catalog.open(path: path) }
        #expect(try SQLiteShell.dump(path) == before)
    }

    @Test("A missing catalog is reported naming the file (the CLI adds how to create one), and not created")
    func missingCatalog() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("missing.sqlite")
        for readOnly in [false, true] {
            let error = expectCatalogError(["no catalog", "missing.sqlite"]) { try Catalog.open(path: path, readOnly: readOnly) }
            if case .missingCatalog? = error {} else { Issue.record("expected missingCatalog, got \(String(describing: error))") }
            // The library states the problem; commands and flags are the CLI's to suggest.
            #expect(error.map { !"\($0)".contains("labelcat init") && !"\($0)".contains("--db") } == true, "\(String(describing: error))")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.root.path).isEmpty, "files were created")
    }

    @Test("A catalog opened read-only refuses edits with a read-only error")
    func readOnlyCatalog() throws {
        let directory = try TemporaryDirectory()
        let path: String
        do {
            let catalog = try makeCatalog(in: directory)
            try catalog.setLabels([demoTopLabel()])
            path = catalog.path
        }
        let before = try SQLiteShell.dump(path)
        let catalog = try Catalog.open(path: path, readOnly: true)
        let error = expectCatalogError(["read-only", path]) { try catalog.setLabels([demoTopLabel(text: "new")]) }
        if case .readOnly? = error {} else { Issue.record("expected readOnly, got \(String(describing: error))") }
        expectCatalogError(["read-only"]) { try catalog.removeToken("spacing.card", force: true) }
        #expect(try SQLiteShell.dump(path) == before)
    }
}
