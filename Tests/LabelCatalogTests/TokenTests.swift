import Foundation
@testable import LabelCatalog
import LabelJSON
import LabelLayout
import LabelModel
import Testing
import TestSupport

/// docs/catalog.md: design tokens in the W3C DTCG format — nested groups, inherited `$type`,
/// `$description`, `$extensions` verbatim, aliases followed to a literal, cycles refused with
/// the whole chain, a lossless export → import → export round trip.
@Suite("Design tokens")
struct TokenTests {
    static let document = try! JSONValue.parse(demoTokensJSON)

    static func px(_ value: Double) -> JSONValue {
        .object(JSONObject([("value", .number(value)), ("unit", .string("px"))]))
    }

    // MARK: Import

    @Test("DTCG import: nested groups, inherited and own $type, $description, $extensions verbatim")
    func importNestedGroups() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        #expect(try catalog.importDesignTokens(Self.document) == demoTokenNames.count)

        let tokens = try catalog.allTokens()
        #expect(tokens.map(\.name) == demoTokenNames)
        let byName = Dictionary(uniqueKeysWithValues: tokens.map { ($0.name, $0) })
        let types: [String: TokenType] = [
            "font.family.cjk": .fontFamily, "font.family.latin": .fontFamily,
            "font.size.base": .dimension, "font.size.default": .dimension, "font.size.body": .dimension,
            "font.weight.regular": .fontWeight, "typography.body": .typography, "typography.tall": .typography,
            "spacing.m": .dimension, "spacing.card": .insets, "spacing.loose": .insets,
            "color.brand": .color, "color.accent": .color, "lines.max": .number, "scale.retina": .number,
        ]
        for (name, type) in types {
            #expect(byName[name]?.type == type, "\(name) has type \(String(describing: byName[name]?.type)), expected \(type)")
        }
        // Values are stored as given: aliases stay aliases.
        #expect(byName["font.size.default"]?.value == .string("{font.size.base}"))
        #expect(byName["font.size.body"]?.value == .string("{font.size.default}"))
        #expect(byName["font.size.base"]?.value == Self.px(17))
        #expect(byName["spacing.loose"]?.value == .string("4 12"))

        #expect(byName["font.family.cjk"]?.description == "CJK text")
        #expect(byName["font.size.body"]?.description == "Body text size")
        #expect(byName["font.size.base"]?.description == nil, "a group's $description is not a token's")

        let extensions = Self.document["typography"]?["body"]?["$extensions"]
        #expect(extensions != nil)
        #expect(byName["typography.body"]?.extensions == extensions)
        #expect(try catalog.database.scalarText("SELECT extensions FROM tokens WHERE name = 'typography.body'")
            == extensions?.jsonString(), "extensions are stored verbatim, members in document order")
        #expect(byName["typography.tall"]?.extensions == nil)

        // Groups' own properties are kept for the export.
        let groups = Dictionary(uniqueKeysWithValues: try catalog.tokenGroups().map { ($0.path, JSONValue.object($0.properties)) })
        #expect(groups[""]?["$description"] == .string("labelcat test tokens"))
        #expect(groups["font.family"]?["$type"] == .string("fontFamily"))
        #expect(groups["font.size"]?["$type"] == .string("dimension"))
        #expect(groups["font.size"]?["$description"] == .string("Font sizes"))
        #expect(groups["typography"]?["$extensions"] == Self.document["typography"]?["$extensions"])
        #expect(groups["font"] == nil, "a group without properties of its own is not stored")
    }

    @Test("An alias without a $type anywhere takes its target's type, through chains")
    func untypedAliases() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        let document = try JSONValue.parse(#"""
            {"a": {"first": {"$value": "{b.second}"}},
             "b": {"second": {"$value": "{c.third}"}},
             "c": {"third": {"$type": "color", "$value": "#FF000080"}}}
            """#)
        #expect(try catalog.importDesignTokens(document) == 3)
        #expect(try catalog.token(named: "a.first").type == .color)
        #expect(try catalog.token(named: "b.second").type == .color)
        var set = try catalog.tokenSet()
        #expect(try set.resolve("a.first").value == .string("#FF000080"))
    }

    @Test("Aliases are followed to a literal: a → b → c, and inside composite values")
    func aliasChain() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        var set = try catalog.tokenSet()

        let body = try set.resolve("font.size.body")
        #expect(body.type == .dimension)
        #expect(body.value == Self.px(17))
        #expect(body.dependencies == ["font.size.body", "font.size.default", "font.size.base"])

        let typography = try set.resolve("typography.body")
        #expect(typography.value["fontSize"] == Self.px(17))
        #expect(typography.value["fontFamily"] == .array([.string("Noto Sans CJK SC")]))
        #expect(typography.value["fontWeight"] == .string("regular"))
        #expect(typography.dependencies == ["typography.body", "font.family.cjk", "font.size.body", "font.size.default",
                                            "font.size.base", "font.weight.regular"])

        let card = try set.resolve("spacing.card")
        #expect(card.value["top"] == Self.px(8))
        #expect(card.value["bottom"] == Self.px(8))
        #expect(card.dependencies.contains("spacing.m"))
        #expect(try set.resolve("color.accent").value == .string("#1E88E5"))

        // Changing the end of the chain changes what the start resolves to.
        try catalog.setTokens([Token(name: "font.size.base", type: .dimension, value: Self.px(24))])
        var changed = try catalog.tokenSet()
        #expect(try changed.resolve("font.size.body").value == Self.px(24))
        #expect(try changed.resolve("typography.body").value["fontSize"] == Self.px(24))
    }

    // MARK: Refused imports

    static let cycles: [(document: String, chain: [String])] = [
        (#"{"cyc": {"$type": "number", "a": {"$value": "{cyc.b}"}, "b": {"$value": "{cyc.c}"}, "c": {"$value": "{cyc.a}"}}}"#,
         ["cyc.a", "cyc.b", "cyc.c"]),
        (#"{"cyc": {"a": {"$value": "{cyc.b}"}, "b": {"$value": "{cyc.c}"}, "c": {"$value": "{cyc.a}"}}}"#,
         ["cyc.a", "cyc.b", "cyc.c"]),
        (#"{"cyc": {"t": {"$type": "typography", "$value": {"fontSize": "{cyc.s}"}}, "s": {"$type": "dimension", "$value": "{cyc.t}"}}}"#,
         ["cyc.s", "cyc.t"]),
        (#"{"cyc": {"self": {"$type": "color", "$value": "{cyc.self}"}}}"#, ["cyc.self"]),
    ]

    @Test("Alias cycles are refused with the whole chain in the message; nothing is written",
          arguments: cycles)
    func cyclesRefused(_ document: String, _ chain: [String]) throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([demoTopLabel()])
        let before = try SQLiteShell.dump(catalog.path)
        let error = expectCatalogError(["cycle"] + chain) { try catalog.importDesignTokens(try JSONValue.parse(document)) }
        if let error {
            // The chain starts and ends with the same token: "a → b → c → a".
            let message = error.description
            let names = message.split(separator: ":").last.map { $0.components(separatedBy: "→").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
            #expect(names.count == chain.count + 1, "chain \(names) in \(message)")
            #expect(names.first == names.last, "chain \(names) in \(message)")
            #expect(Set(names) == Set(chain), "chain \(names) in \(message)")
        }
        #expect(try catalog.allTokens().map(\.name) == demoTokenNames)
        #expect(try SQLiteShell.dump(catalog.path) == before)
    }

    @Test("An edit that closes a cycle among stored tokens is refused with the chain")
    func cycleByEdit() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let before = try SQLiteShell.dump(catalog.path)
        expectCatalogError(["cycle", "font.size.base", "font.size.default", "font.size.body"]) {
            try catalog.setTokens([Token(name: "font.size.base", type: .dimension, value: .string("{font.size.body}"))])
        }
        #expect(try catalog.token(named: "font.size.base").value == Self.px(17))
        #expect(try SQLiteShell.dump(catalog.path) == before)
    }

    static let badDocuments: [(document: String, fragments: [String])] = [
        (#"{"bad": {"token": {"$type": "shadow", "$value": "0 1px 2px #000"}}}"#, ["bad.token", "shadow"]),
        (#"{"bad": {"$type": "gradient", "token": {"$value": 1}}}"#, ["gradient"]),
        (#"{"bad": {"token": {"$type": "dimension", "$value": {"value": "big", "unit": "px"}}}}"#, ["bad.token"]),
        (#"{"bad": {"token": {"$type": "dimension", "$value": {"value": 2, "unit": "em"}}}}"#, ["bad.token", "em"]),
        (#"{"bad": {"token": {"$type": "dimension", "$value": "sixteen"}}}"#, ["bad.token"]),
        (#"{"bad": {"token": {"$type": "color", "$value": "blue"}}}"#, ["bad.token", "blue"]),
        (##"{"bad": {"token": {"$type": "color", "$value": "#12345"}}}"##, ["bad.token"]),
        (#"{"bad": {"token": {"$type": "fontWeight", "$value": 1200}}}"#, ["bad.token", "1200"]),
        (#"{"bad": {"token": {"$type": "fontWeight", "$value": "heavyish"}}}"#, ["bad.token", "heavyish"]),
        (#"{"bad": {"token": {"$type": "number", "$value": "12"}}}"#, ["bad.token"]),
        (#"{"bad": {"token": {"$type": "fontFamily", "$value": []}}}"#, ["bad.token"]),
        (#"{"bad": {"token": {"$type": "typography", "$value": {"fontStretch": "condensed"}}}}"#, ["bad.token", "fontStretch"]),
        (#"{"bad": {"token": {"$type": "typography", "$value": {"fontSize": "{color.brand}"}}}}"#, ["bad.token", "color.brand"]),
        (#"{"bad": {"token": {"$type": "typography", "$value": "16px Noto"}}}"#, ["bad.token"]),
        (#"{"bad": {"token": {"$type": "insets", "$value": "1 2 3 4 5"}}}"#, ["bad.token"]),
        (#"{"bad": {"token": {"$type": "insets", "$value": {"top": "4px", "middle": "2px"}}}}"#, ["bad.token", "middle"]),
        (#"{"bad": {"token": {"$type": "dimension", "$value": "{nope.missing}"}}}"#, ["bad.token", "nope.missing"]),
        (#"{"bad": {"token": {"$value": "{nope.missing}"}}}"#, ["bad.token", "nope.missing"]),
        (#"{"bad": {"token": {"$type": "dimension", "$value": "{color.brand}"}}}"#, ["bad.token", "color.brand"]),
        (#"{"bad": {"token": {"$value": 12}}}"#, ["bad.token", "$type"]),
        (#"{"bad": {"token": {"$type": "number", "$value": 1, "$bogus": 2}}}"#, ["bad.token", "$bogus"]),
        (#"{"bad": {"token": {"$type": "number", "$value": 1, "child": {"$value": 2}}}}"#, ["bad.token", "child"]),
        (#"{"bad": {"token": 12}}"#, ["bad.token"]),
        (#"{"bad": {"tok.en": {"$type": "number", "$value": 1}}}"#, ["tok.en"]),
        (##"{"bad": {"token": {"$type": "color", "$value": "#FFFFFF", "$description": 7}}}"##, ["bad.token", "$description"]),
        (#"[{"$type": "number", "$value": 1}]"#, ["object"]),
    ]

    @Test("Unknown types and malformed values are refused naming the token; nothing is written",
          arguments: badDocuments)
    func badTokensRefused(_ document: String, _ fragments: [String]) throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([demoTopLabel()])
        let before = try SQLiteShell.dump(catalog.path)
        expectCatalogError(fragments) { try catalog.importDesignTokens(try JSONValue.parse(document)) }
        #expect(try catalog.allTokens().map(\.name) == demoTokenNames)
        #expect(try SQLiteShell.dump(catalog.path) == before)
    }

    @Test("One bad token refuses the whole import, even after good ones")
    func importIsAllOrNothing() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let before = try SQLiteShell.dump(catalog.path)
        let document = try JSONValue.parse(#"""
            {"font": {"size": {"base": {"$type": "dimension", "$value": {"value": 30, "unit": "px"}}}},
             "extra": {"good": {"$type": "number", "$value": 4}, "zbad": {"$type": "color", "$value": "nope"}}}
            """#)
        expectCatalogError(["extra.zbad"]) { try catalog.importDesignTokens(document) }
        #expect(try catalog.token(named: "font.size.base").value == Self.px(17))
        #expect(try SQLiteShell.dump(catalog.path) == before)
    }

    @Test("A token edit that gives a label a token of the wrong type is refused")
    func typeChangeBreakingALabel() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([demoTopLabel()])
        let before = try SQLiteShell.dump(catalog.path)
        expectCatalogError(["demo.top", "spacing.card"]) {
            try catalog.setTokens([Token(name: "spacing.card", type: .color, value: .string("#FF0000"))])
        }
        #expect(try SQLiteShell.dump(catalog.path) == before)
    }

    static let badNames: [(name: String, fragment: String)] = [
        ("", "''"), ("bad..name", "bad..name"), ("$x.y", "$x.y"), ("a{b}", "a{b}"), (".lead", ".lead"), ("trail.", "trail."),
        // DTCG cannot hold a token inside a token: these could not be exported and imported back.
        ("font.size", "font.size"), ("font.size.base.px", "font.size.base.px"),
    ]

    @Test("Token names DTCG cannot express are refused", arguments: badNames)
    func badTokenNames(_ name: String, _ fragment: String) throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let before = try SQLiteShell.dump(catalog.path)
        expectCatalogError([fragment]) { try catalog.setTokens([Token(name: name, type: .number, value: .number(1))]) }
        #expect(try SQLiteShell.dump(catalog.path) == before)
        // Whatever the catalog holds must survive an export → import round trip.
        let copy = try makeCatalog(in: directory, name: "copy.sqlite", tokens: false)
        #expect(throws: Never.self) { try copy.importDesignTokens(try catalog.exportDesignTokens()) }
    }

    // MARK: Export

    @Test("Export → import → export gives the same catalog")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let original = try makeCatalog(in: directory, name: "a.sqlite")
        let first = try original.exportDesignTokens()

        let copy = try makeCatalog(in: directory, name: "b.sqlite", tokens: false)
        #expect(try copy.importDesignTokens(first) == demoTokenNames.count)
        let second = try copy.exportDesignTokens()
        #expect(second == first)
        #expect(second.prettyString() == first.prettyString())
        #expect(try copy.allTokens() == original.allTokens())
        let originalGroups = try original.tokenGroups().map { [$0.path: JSONValue.object($0.properties)] }
        let copyGroups = try copy.tokenGroups().map { [$0.path: JSONValue.object($0.properties)] }
        #expect(copyGroups == originalGroups)

        // The export is a DTCG document that keeps what was imported.
        #expect(first["$description"] == .string("labelcat test tokens"))
        #expect(first["font"]?["size"]?["$description"] == .string("Font sizes"))
        #expect(first["font"]?["size"]?["body"]?["$value"] == .string("{font.size.default}"))
        #expect(first["font"]?["size"]?["body"]?["$description"] == .string("Body text size"))
        #expect(first["typography"]?["body"]?["$extensions"] == Self.document["typography"]?["body"]?["$extensions"])
        #expect(first["typography"]?["$extensions"] == Self.document["typography"]?["$extensions"])

        // Importing a catalog's own export changes nothing in it.
        let before = try SQLiteShell.dump(original.path)
        _ = try original.importDesignTokens(first)
        #expect(try SQLiteShell.dump(original.path) == before)
    }

    @Test("A resolved export replaces every alias with its literal")
    func resolvedExport() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let resolved = try catalog.exportDesignTokens(resolved: true)
        #expect(resolved["font"]?["size"]?["body"]?["$value"] == Self.px(17))
        #expect(resolved["color"]?["accent"]?["$value"] == .string("#1E88E5"))
        #expect(resolved["typography"]?["body"]?["$value"]?["fontSize"] == Self.px(17))
        #expect(resolved["spacing"]?["card"]?["$value"]?["top"] == Self.px(8))
        func aliases(_ value: JSONValue) -> [String] {
            switch value {
            case .string(let text) where text.hasPrefix("{") && text.hasSuffix("}"): return [text]
            case .array(let items): return items.flatMap(aliases)
            case .object(let object): return object.members.filter { $0.key != "$extensions" }.flatMap { aliases($0.value) }
            default: return []
            }
        }
        #expect(aliases(resolved).isEmpty)
    }

    // MARK: Removal

    @Test("Removing a token in use is refused, listing the labels and tokens that use it")
    func removeInUse() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([demoTopLabel()])
        let before = try SQLiteShell.dump(catalog.path)

        let error = expectCatalogError(["font.size.base", "demo.top", "font.size.default", "font.size.body", "typography.body"]) {
            try catalog.removeToken("font.size.base", force: false)
        }
        #expect(error.map { !"\($0)".contains("--force") } == true, "the library names no CLI flag: \(String(describing: error))")
        if case .tokenInUse(_, let labels, let tokens)? = error {
            #expect(labels == ["demo.top"])
            #expect(tokens == ["font.size.body", "font.size.default", "typography.body"])
        } else {
            Issue.record("expected tokenInUse, got \(String(describing: error))")
        }
        expectCatalogError(["spacing.card", "demo.top"]) { try catalog.removeToken("spacing.card", force: false) }
        expectCatalogError(["color.brand", "color.accent"]) { try catalog.removeToken("color.brand", force: false) }
        expectCatalogError(["no.such"]) { try catalog.removeToken("no.such", force: false) }
        #expect(try SQLiteShell.dump(catalog.path) == before)

        // An unused token goes.
        try catalog.removeToken("lines.max", force: false)
        expectCatalogError(["lines.max"]) { try catalog.token(named: "lines.max") }
    }

    @Test("--force removes a used token; the label's layout row gets the error and the hash of what failed, and is served as that error")
    func forceRemove() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([demoTopLabel()])
        try catalog.removeToken("spacing.card", force: true)
        expectCatalogError(["spacing.card"]) { try catalog.token(named: "spacing.card") }

        let row = try #require(try rawLayout(catalog, "demo.top"))
        #expect(row.error?.contains("spacing.card") == true, "error: \(String(describing: row.error))")
        #expect(row.inputHash.count == 32, "a failure records the hash of the inputs that failed: \(row.inputHash)")
        #expect(row.json == nil)
        // Fresh until an input changes: not stale, and served as its error without a recompute.
        #expect(try catalog.layouts(staleOnly: true).isEmpty)
        expectCatalogError(["demo.top", "spacing.card"]) { try catalog.layout(label: "demo.top") }
        #expect(try rawLayout(catalog, "demo.top")?.computedAt == row.computedAt, "layout recomputed a fresh error row")

        // Putting the token back brings the layout back, fresh.
        _ = try catalog.importDesignTokens(try JSONValue.parse(demoTokensJSON))
        let restored = try #require(try rawLayout(catalog, "demo.top"))
        #expect(restored.error == nil)
        #expect(restored.inputHash == (try expectedInputHash(catalog, "demo.top")))
        #expect(try catalog.layouts(staleOnly: true).isEmpty)
    }

    @Test("Putting back a force-removed token that a label used through aliases recomputes the label")
    func forceRemoveIndirectThenRestore() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([demoTopLabel()])
        try catalog.removeToken("font.size.base", force: true)
        let broken = try #require(try rawLayout(catalog, "demo.top"))
        #expect(broken.error?.contains("font.size.base") == true, "error: \(String(describing: broken.error))")
        #expect(broken.inputHash.count == 32)

        try catalog.setTokens([Token(name: "font.size.base", type: .dimension, value: Self.px(19))])
        let row = try #require(try rawLayout(catalog, "demo.top"))
        #expect(row.error == nil, "the layout still holds the old error: \(row.error ?? "")")
        #expect(number(row.json, "font", "size") == 19)
        #expect(try catalog.layouts(staleOnly: true).isEmpty, "stale after the token came back")
    }

    // MARK: Recompute on token edits

    @Test("Editing a token recomputes every label that uses it, directly or through aliases")
    func editRecomputesUsers() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let frame = Rect(x: 0, y: 0, width: 300, height: 100)
        try catalog.setLabels([
            LabelRecord(name: "use.typography", text: "经过别名", frame: frame, style: JSONObject([("font", .string("{typography.body}"))])),
            LabelRecord(name: "use.default", text: "中间的别名", frame: frame,
                        style: JSONObject([("font", .object(JSONObject([("family", .string("{font.family.cjk}")), ("size", .string("{font.size.default}"))])))])),
            LabelRecord(name: "use.base", text: "直接", frame: frame,
                        style: JSONObject([("font", .object(JSONObject([("size", .string("{font.size.base}"))])))])),
            LabelRecord(name: "use.nothing", text: "不用", frame: frame, style: JSONObject([("contentInsets", .string("{spacing.card}"))])),
        ])
        for name in ["use.typography", "use.default", "use.base"] {
            #expect(number(try rawLayout(catalog, name)?.json, "font", "size") == 17)
        }
        let untouched = try #require(try rawLayout(catalog, "use.nothing"))

        try catalog.setTokens([Token(name: "font.size.base", type: .dimension, value: Self.px(24))])
        for name in ["use.typography", "use.default", "use.base"] {
            let row = try #require(try rawLayout(catalog, name))
            #expect(number(row.json, "font", "size") == 24, "\(name) was not recomputed")
            #expect(row.inputHash == (try expectedInputHash(catalog, name)), "\(name) is stale")
        }
        #expect(try rawLayout(catalog, "use.nothing")?.computedAt == untouched.computedAt)
        #expect(try catalog.layouts(staleOnly: true).isEmpty)
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM recompute_queue") == 0)

        // Re-pointing the middle of the chain moves the labels above it only.
        try catalog.setTokens([Token(name: "font.size.big", type: .dimension, value: Self.px(30)),
                               Token(name: "font.size.default", type: .dimension, value: .string("{font.size.big}"))])
        #expect(number(try rawLayout(catalog, "use.typography")?.json, "font", "size") == 30)
        #expect(number(try rawLayout(catalog, "use.default")?.json, "font", "size") == 30)
        #expect(number(try rawLayout(catalog, "use.base")?.json, "font", "size") == 24)
        #expect(try catalog.layouts(staleOnly: true).isEmpty)
        let dependencies = try column(catalog.database, "SELECT token FROM label_dependencies WHERE label = 'use.typography' ORDER BY token")
        #expect(dependencies.contains("font.size.big"))
        #expect(!dependencies.contains("font.size.base"), "the old end of the chain is no longer a dependency: \(dependencies)")
    }

    @Test("After a refused token edit, an edit queuing as many changes lays out with its own tokens, not the refused edit's")
    func editAfterRefusedEditOfTheSameSize() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let lines = LabelRecord(name: "use.lines", text: "Eine Zeile, noch eine Zeile und noch eine Zeile", frame: Rect(x: 0, y: 0, width: 60, height: 200),
                                style: JSONObject([("numberOfLines", .string("{lines.max}"))]))
        try catalog.setLabels([lines, demoTopLabel()])

        // Laid out with lines.max = 5, then refused: spacing.card as a color breaks demo.top.
        // Its two updates queued four changes, rolled back with it.
        expectCatalogError(["demo.top", "spacing.card"]) {
            try catalog.setTokens([Token(name: "lines.max", type: .number, value: .number(5)),
                                   Token(name: "spacing.card", type: .color, value: .string("#FF0000"))])
        }
        // Two updates again: the queue's change counter reaches the value it had in the refused edit.
        try catalog.setTokens([Token(name: "lines.max", type: .number, value: .number(1)),
                               Token(name: "scale.retina", type: .number, value: .number(3))])
        let row = try #require(try rawLayout(catalog, "use.lines"))
        #expect(row.inputHash == (try expectedInputHash(catalog, "use.lines")), "laid out with the refused edit's tokens")
        #expect((row.json?.object?["lines"]?.array?.count) == 1)
    }
}
