import Foundation
import LabelJSON
import Testing
import TestSupport

/// What the catalog takes in, at the edges: U+0000 in texts (kept) and in names and locales
/// (refused), numbers in token strings (decimal only), duplicate `.strings` keys, and alias
/// chains longer than the catalog follows.
@Suite("Catalog input at the edges")
struct CatalogInputCommandTests {
    typealias Fixture = CatalogCommandTests.Fixture

    static let frame = #""frame": {"x": 0, "y": 0, "width": 240, "height": 60}, "font": {"family": "DejaVu Sans", "size": 17}, "numberOfLines": 0"#

    // MARK: U+0000

    @Test("A text holding U+0000 is stored whole, and the catalog's layout is measure's")
    func nulInText() throws {
        let fixture = try Fixture()
        let definition = #"{"name": "nul.text", "text": "ab\u0000cd efgh", "texts": {"de": "Hallo\u0000Welt"}, \#(Self.frame)}"#
        let file = try fixture.write("nul.ndjson", definition + "\n")
        try fixture.succeed("label", "import", file)
        let stored = try JSONValue.parse(try fixture.succeed("label", "get", "nul.text", "--json").stdout
            .trimmingCharacters(in: .newlines))
        #expect(stored["text"] == .string("ab\u{0}cd efgh"))
        #expect(stored["texts"]?["de"] == .string("Hallo\u{0}Welt"))
        #expect(try fixture.sqlite("SELECT length(CAST(text AS BLOB)) FROM labels WHERE name = 'nul.text';") == "10")
        for locale in ["", "de"] {
            let fromCatalog = try fixture.succeed("layout", "nul.text", "--json", "--locale", locale).stdout
            let measure = try MeasureCommandTests.run(["measure", "--locale", locale, "-"], stdin: definition + "\n")
            #expect(measure.status == 0, "measure failed: \(measure.stderr)")
            let fromMeasure = measure.stdout
            #expect(fromCatalog == fromMeasure, "locale '\(locale)': catalog and measure disagree")
            #expect(fromCatalog.contains(#"\u0000"#), "the layout's lines keep the U+0000: \(fromCatalog)")
        }
    }

    @Test("A .strings value with \\0 and a token description with U+0000 are kept whole")
    func nulInStringsAndDescriptions() throws {
        let fixture = try Fixture()
        let strings = try fixture.write("de.lproj/Localizable.strings", #""demo.top" = "Hallo\0Welt";"# + "\n")
        #expect(try fixture.succeed("label", "import", strings).stdout.contains("Imported 1 de texts"))
        let label = try JSONValue.parse(try fixture.succeed("label", "get", "demo.top", "--json").stdout.trimmingCharacters(in: .newlines))
        #expect(label["texts"]?["de"] == .string("Hallo\u{0}Welt"))

        let tokens = try fixture.write("tokens.json", #"{"size": {"$type": "dimension", "x": {"$value": "12px", "$description": "d\u0000esc"}}}"#)
        try fixture.succeed("token", "import", tokens)
        let token = try JSONValue.parse(try fixture.succeed("token", "get", "size.x", "--json").stdout.trimmingCharacters(in: .newlines))
        #expect(token["description"] == .string("d\u{0}esc"))
    }

    @Test("U+0000 in a token name, a group name, a label name or a locale is refused; nothing changes",
          arguments: [
            ("tokens.json", #"{"a": {"$type": "number", "x": {"$value": 1}, "x\u0000y": {"$value": 2}}}"#, ["token", "import"], "U+0000"),
            ("tokens.json", #"{"a\u0000b": {"$type": "number", "x": {"$value": 1}}}"#, ["token", "import"], "U+0000"),
            ("labels.ndjson", #"{"name": "nul\u0000label", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}"#, ["label", "import"], "name"),
            ("texts.json", #"{"de\u0000zz": {"demo.top": "Hallo"}}"#, ["label", "import"], "U+0000"),
            ("labels.ndjson", #"{"name": "nul.locale", "texts": {"de\u0000zz": "x"}, "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}"#, ["label", "import"], "U+0000"),
          ])
    func nulInNamesRefused(_ file: String, _ content: String, _ command: [String], _ fragment: String) throws {
        let fixture = try Fixture()
        let before = try fixture.dump()
        let run = try fixture.labelcat(command + [try fixture.write(file, content + "\n")])
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stderr.contains(fragment), "\(run.stderr)")
        #expect(try fixture.dump() == before)
    }

    // MARK: Numbers

    @Test("A dimension's number is decimal: 0x10px, inf, 1_0px and ' 16px' forms are refused",
          arguments: ["0x10px", "0x10", "infpx", "nanpx", "1_0px", "16 px", "+-1px", "1e", ".px", "0X1P4px"])
    func nonDecimalDimensionRefused(_ value: String) throws {
        let fixture = try Fixture()
        let before = try fixture.dump()
        let run = try fixture.labelcat("token", "set", "size.x", JSONValue.string(value).jsonString(), "--type", "dimension")
        #expect(run.status == 1, "\(value) was accepted: \(run.stdout)")
        #expect(run.stderr.contains("dimension"), "\(run.stderr)")
        let insets = try fixture.labelcat("token", "set", "spacing.card", JSONValue.string("\(value) 4").jsonString())
        #expect(insets.status == 1, "insets \(value) 4 was accepted: \(insets.stdout)")
        #expect(try fixture.dump() == before)
    }

    @Test("Decimal dimensions are read as before", arguments: [("16px", 16.0), ("16", 16), ("1.5pt", 1.5), (".5px", 0.5), ("1e1px", 10), ("-2px", -2), ("+3px", 3)])
    func decimalDimensions(_ value: String, _ points: Double) throws {
        let fixture = try Fixture()
        try fixture.succeed("token", "set", "size.x", JSONValue.string(value).jsonString(), "--type", "dimension")
        try fixture.succeed("label", "set", "demo.top", "--letter-spacing", "{size.x}")
        let definition = try JSONValue.parse(try fixture.succeed("label", "get", "demo.top", "--resolved", "--json").stdout
            .trimmingCharacters(in: .newlines))
        #expect(definition["letterSpacing"]?.number == points)
    }

    // MARK: .strings

    @Test(".strings: a key given twice is one text, the last value, counted once")
    func duplicateStringsKey() throws {
        let fixture = try Fixture()
        let strings = try fixture.write("de.lproj/Localizable.strings", """
            "demo.top" = "Erst";
            "demo.top" = "Zuletzt";
            """)
        let run = try fixture.succeed("label", "import", strings)
        #expect(run.stdout.contains("Imported 1 de texts"), "\(run.stdout)")
        #expect(try fixture.sqlite("SELECT text FROM label_texts WHERE label = 'demo.top' AND locale = 'de';") == "Zuletzt")
    }

    // MARK: Alias chains

    /// The issue's reproducer: `{"c": {"$type": "number", "t0": "{c.t1}", …, "t12000": 5}}`.
    static func chainJSON(aliases: Int) -> String {
        var members = [#""$type": "number""#]
        for index in 0..<aliases { members.append(#""t\#(index)": {"$value": "{c.t\#(index + 1)}"}"#) }
        members.append(#""t\#(aliases)": {"$value": 5}"#)
        return #"{"c": {"# + members.joined(separator: ", ") + "}}"
    }

    @Test("token import of a chain of 12,000 or 100,000 aliases is refused naming the maximum depth, never a crash",
          arguments: [12_000, 100_000])
    func longChainImport(_ aliases: Int) throws {
        let fixture = try Fixture()
        let before = try fixture.dump()
        let run = try fixture.labelcat("token", "import", try fixture.write("chain.json", Self.chainJSON(aliases: aliases)))
        #expect(run.status == 1, "exit \(run.status): \(run.stderr.prefix(300))")
        #expect(run.stderr.contains("c.t0") && run.stderr.contains("longer than 1000"), "\(run.stderr.prefix(300))")
        #expect(try fixture.dump() == before)
    }

    @Test("A chain of 12,000 aliases put in with sqlite3: token get --resolved, layout, label set and serve --once answer, none crashes")
    func longChainByHand() throws {
        let fixture = try Fixture()
        try fixture.succeed("token", "set", "c.t0", "2", "--type", "number")
        try fixture.succeed("label", "set", "chain.label", "--text", "Chain", "--frame", "0,0,200,40", "--lines", "{c.t0}")
        try fixture.sqlite(aliasChainSQL(aliases: 12_000))
        let resolved = try fixture.labelcat("token", "get", "c.t0", "--resolved")
        #expect(resolved.status == 1 && resolved.stderr.contains("longer than 1000"), "\(resolved)")
        #expect(try fixture.labelcat("token", "get", "c.t11500", "--resolved").stdout.contains("5"))
        try fixture.succeed("label", "set", "demo.top", "--text", "别的标签")
        let layout = try fixture.labelcat("layout", "chain.label")
        #expect(layout.status == 1 && layout.stderr.contains("longer than 1000"), "\(layout)")
        try fixture.sqlite("UPDATE labels SET text = 'Chain 2' WHERE name = 'chain.label';")
        try fixture.succeed("serve", "--once")
        #expect(try fixture.sqlite("SELECT instr(error, 'longer than 1000') > 0 FROM layouts WHERE label = 'chain.label';") == "1")
    }
}
