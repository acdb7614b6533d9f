import Foundation
import LabelJSON
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The catalog commands (`init`, `token …`, `label …`, `layout …`), run as the real built
/// `labelcat` binary on SQLite files in temporary directories (docs/catalog.md, docs/cli.md). The binary is
/// found and run by `MeasureCommandTests.run`.
@Suite("labelcat catalog commands")
struct CatalogCommandTests {
    typealias Run = MeasureCommandTests.Run

    // MARK: Fixture

    /// A temporary directory holding one catalog file, removed when the fixture goes away.
    final class Fixture {
        let directory: TemporaryDirectory
        let db: String

        /// A copy of the template catalog (tokens imported, the issue's label set), or no
        /// catalog file at all with `empty`.
        init(empty: Bool = false) throws {
            directory = try TemporaryDirectory(prefix: "labelcat-catalog-cli")
            db = directory.path("catalog.sqlite")
            if !empty {
                let template = try CatalogCommandTests.template.get()
                try FileManager.default.copyItem(atPath: template, toPath: db)
            }
        }

        func path(_ name: String) -> String { directory.path(name) }

        @discardableResult
        func write(_ name: String, _ bytes: [UInt8]) throws -> String { try directory.write(name, bytes) }

        @discardableResult
        func write(_ name: String, _ text: String) throws -> String { try directory.write(name, text) }

        /// `labelcat --db CATALOG arguments…`
        func labelcat(_ arguments: [String], stdin: String = "") throws -> Run {
            try MeasureCommandTests.run(["--db", db] + arguments, stdin: stdin)
        }

        func labelcat(_ arguments: String...) throws -> Run {
            try labelcat(arguments)
        }

        /// Runs a command that must succeed; records its stderr otherwise.
        @discardableResult
        func succeed(_ arguments: String..., stdin: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
            let run = try labelcat(arguments, stdin: stdin)
            #expect(run.status == 0, "labelcat \(arguments.joined(separator: " ")) failed (\(run.status)): \(run.stderr)",
                    sourceLocation: sourceLocation)
            return run
        }

        @discardableResult
        func sqlite(_ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            let result = try CLI.program("/usr/bin/sqlite3", ["-bail", db, sql])
            #expect(result.status == 0, "sqlite3 failed: \(result.stderr)", sourceLocation: sourceLocation)
            return result.stdout.trimmingCharacters(in: .newlines)
        }

        func dump() throws -> String {
            try CLI.program("/usr/bin/sqlite3", [db, ".dump"]).stdout
        }

        func files() throws -> [String] { try directory.contents() }
    }

    /// The DTCG file of the issue's session: typography, an alias chain
    /// `font.size.body → font.size.default → font.size.base`, insets, colors.
    static let tokensJSON = #"""
        {
          "$description": "labelcat CLI test tokens",
          "font": {
            "family": {"$type": "fontFamily", "cjk": {"$value": ["Noto Sans CJK SC"], "$description": "CJK text"}},
            "size": {
              "$type": "dimension",
              "base": {"$value": {"value": 17, "unit": "px"}},
              "default": {"$value": "{font.size.base}"},
              "body": {"$value": "{font.size.default}", "$description": "Body text size"}
            },
            "weight": {"regular": {"$type": "fontWeight", "$value": "regular"}}
          },
          "typography": {
            "$type": "typography",
            "body": {
              "$value": {"fontFamily": "{font.family.cjk}", "fontSize": "{font.size.body}", "fontWeight": "{font.weight.regular}"},
              "$extensions": {"com.example.figma": {"styleId": "S:1a2b", "tags": ["body", 1, 2.5, true, null]}}
            }
          },
          "spacing": {
            "$type": "dimension",
            "m": {"$value": {"value": 8, "unit": "px"}},
            "card": {"$type": "insets", "$value": {"top": "{spacing.m}", "left": {"value": 16, "unit": "px"}, "bottom": "{spacing.m}", "right": "16px"}}
          },
          "color": {"brand": {"$type": "color", "$value": "#1E88E5"}, "accent": {"$value": "{color.brand}"}},
          "lines": {"max": {"$type": "number", "$value": 3}},
          "scale": {"retina": {"$type": "number", "$value": 2}}
        }
        """#

    static let tokenNames = ["color.accent", "color.brand", "font.family.cjk", "font.size.base", "font.size.body",
                             "font.size.default", "font.weight.regular", "lines.max", "scale.retina", "spacing.card", "spacing.m",
                             "typography.body"]

    /// The issue's `label set` command.
    static let demoTopArguments = ["label", "set", "demo.top", "--text", "看我居上对齐了啊", "--frame", "20,50,350,200",
                                   "--font", "{typography.body}", "--lines", "0", "--break", "charWrap", "--valign", "top",
                                   "--insets", "{spacing.card}"]

    /// A catalog made once by the binary (init, token import, the issue's label), copied by
    /// each test that starts from it.
    static let template: Result<String, TemplateError> = {
        do {
            let directory = URL(fileURLWithPath: templateDirectory)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            atexit { try? FileManager.default.removeItem(atPath: CatalogCommandTests.templateDirectory) }
            let db = directory.appendingPathComponent("template.sqlite").path
            let tokens = directory.appendingPathComponent("tokens.json").path
            try Data(tokensJSON.utf8).write(to: URL(fileURLWithPath: tokens))
            for arguments in [["init"], ["token", "import", tokens], demoTopArguments] {
                let run = try MeasureCommandTests.run(["--db", db] + arguments)
                guard run.status == 0 else {
                    return .failure(TemplateError(message: "labelcat \(arguments.joined(separator: " ")): \(run.stderr)"))
                }
            }
            return .success(db)
        } catch {
            return .failure(TemplateError(message: "\(error)"))
        }
    }()

    static let templateDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("labelcat-catalog-template-\(UUID().uuidString)").path

    struct TemplateError: Error, CustomStringConvertible {
        let message: String
        var description: String { "could not build the template catalog: \(message)" }
    }

    static func json(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        try JSONValue.parse(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    // MARK: The issue's session

    @Test("init; token import; label set; layout --json; token set; layout --json shows the new size")
    func issueSession() throws {
        let fixture = try Fixture(empty: true)
        let initRun = try fixture.succeed("init")
        #expect(initRun.stdout.contains("001_initial.sql"), "\(initRun.stdout)")
        #expect(try fixture.sqlite("PRAGMA journal_mode;") == "wal")
        let again = try fixture.succeed("init")
        #expect(again.stdout.contains("up to date"), "\(again.stdout)")

        let tokens = try fixture.write("tokens.json", Self.tokensJSON)
        let imported = try fixture.succeed("token", "import", tokens)
        #expect(imported.stdout.contains("\(Self.tokenNames.count)"), "\(imported.stdout)")

        let set = try fixture.labelcat(Self.demoTopArguments)
        #expect(set.status == 0, "\(set.stderr)")
        // Stored fresh by the edit itself, before any read: the row's line height is Noto Sans
        // CJK SC's at the token's size (1.448 × the size).
        let storedSize = "SELECT CAST(round(json_extract(lines, '$[0].rect.height') / 1.448) AS INTEGER) FROM layouts WHERE label = 'demo.top';"
        #expect(try fixture.sqlite("SELECT CAST(round(json_extract(lines, '$[0].rect.height') / 1.448) AS INTEGER), error IS NULL FROM layouts WHERE label = 'demo.top';") == "17|1")

        let first = try fixture.succeed("layout", "demo.top", "--json")
        let layout = try Self.json(first.stdout)
        #expect(layout["name"] == .string("demo.top"))
        #expect(layout["locale"] == .string(""))
        #expect(MeasureCommandTests.number(layout, "font", "size") == 17)
        #expect(layout["font"]?["family"] == .string("Noto Sans CJK SC"))
        #expect(MeasureCommandTests.number(layout, "bounds", "width") == 350)
        #expect(MeasureCommandTests.number(layout, "textRect", "x") == 16, "left inset of spacing.card")
        #expect(MeasureCommandTests.number(layout, "textRect", "y") == 8, "top alignment below the top inset")
        #expect(layout["lines"]?.array?.first?["text"] == .string("看我居上对齐了啊"))
        #expect(layout["truncated"] == .bool(false))

        let tokenSet = try fixture.succeed("token", "set", "font.size.body", #"{"value": 20, "unit": "px"}"#)
        #expect(tokenSet.stdout.contains("font.size.body"))
        #expect(try fixture.sqlite(storedSize) == "20",
                "token set must recompute the label in the same transaction")
        #expect(try fixture.sqlite("SELECT count(*) FROM recompute_queue;") == "0")

        let second = try Self.json(try fixture.succeed("layout", "demo.top", "--json").stdout)
        #expect(MeasureCommandTests.number(second, "font", "size") == 20)
        #expect(MeasureCommandTests.number(second, "textRect", "y") == 8)
        #expect(second["inputHash"] != layout["inputHash"])
        #expect(second["lines"]?.array?.first?["text"] == .string("看我居上对齐了啊"))

        // Editing the end of an alias chain recomputes too: body is a literal now, so make it an alias again.
        try fixture.succeed("token", "set", "font.size.body", "{font.size.default}")
        try fixture.succeed("token", "set", "font.size.base", #"{"value": 26, "unit": "px"}"#)
        #expect(try fixture.sqlite(storedSize) == "26")
        #expect(MeasureCommandTests.number(try Self.json(try fixture.succeed("layout", "demo.top", "--json").stdout), "font", "size") == 26)

        // The plain output names the label and its lines.
        let plain = try fixture.succeed("layout", "demo.top")
        #expect(plain.stdout.hasPrefix("demo.top"))
        #expect(plain.stdout.contains("看我居上对齐了啊"))
    }

    // MARK: Labels

    @Test("label set with every flag (token references and literals) stores the definition; get shows it")
    func labelSetEveryFlag() throws {
        let fixture = try Fixture()
        let set = try fixture.labelcat([
            "label", "set", "checkout.title", "--text", "Pay now — 立即付款", "--frame", "12.5,40.25,240,96",
            "--font", #"{"family": "{font.family.cjk}", "size": "{font.size.body}", "weight": "{font.weight.regular}"}"#,
            "--lines", "{lines.max}", "--break", "wordWrap", "--align", "center", "--valign", "bottom",
            "--insets", "{spacing.card}", "--line-height", "22", "--line-height-multiple", "1.25",
            "--line-spacing", "{spacing.m}", "--letter-spacing", "0.5", "--truncation-token", "...",
            "--text-color", "{color.accent}", "--background-color", "#FFFFFF80", "--scale", "{scale.retina}",
        ])
        #expect(set.status == 0, "\(set.stderr)")
        try fixture.succeed("label", "set", "checkout.title", "--locale", "de", "--text", "Jetzt bezahlen")
        try fixture.succeed("label", "set", "checkout.title", "--locale=ja", "--text=今すぐ支払う")

        let expected = try JSONValue.parse(#"""
            {"name": "checkout.title", "text": "Pay now — 立即付款", "texts": {"de": "Jetzt bezahlen", "ja": "今すぐ支払う"},
             "frame": {"x": 12.5, "y": 40.25, "width": 240, "height": 96},
             "font": {"family": "{font.family.cjk}", "size": "{font.size.body}", "weight": "{font.weight.regular}"},
             "numberOfLines": "{lines.max}", "lineBreakMode": "wordWrap", "textAlignment": "center",
             "verticalAlignment": "bottom", "contentInsets": "{spacing.card}", "lineHeight": 22,
             "lineHeightMultiple": 1.25, "lineSpacing": "{spacing.m}", "letterSpacing": 0.5, "truncationToken": "...",
             "textColor": "{color.accent}", "backgroundColor": "#FFFFFF80", "scale": "{scale.retina}"}
            """#)
        let get = try fixture.succeed("label", "get", "checkout.title", "--json")
        #expect(try Self.json(get.stdout) == expected, "\(get.stdout)")
        let pretty = try fixture.succeed("label", "get", "checkout.title")
        #expect(try Self.json(pretty.stdout) == expected)

        // --resolved: what the engine sees, every reference followed.
        let resolved = try Self.json(try fixture.succeed("label", "get", "checkout.title", "--resolved", "--json").stdout)
        #expect(resolved["font"]?["size"] == .number(17))
        #expect(resolved["font"]?["weight"] == .number(400))
        #expect(resolved["numberOfLines"] == .number(3))
        #expect(resolved["contentInsets"] == (try JSONValue.parse(#"{"top": 8, "left": 16, "bottom": 8, "right": 16}"#)))
        #expect(resolved["lineSpacing"] == .number(8))
        #expect(resolved["textColor"] == .string("#1E88E5"))
        #expect(resolved["scale"] == .number(2))
        #expect(resolved["lineBreakMode"] == .string("wordWrap"))
        // label export --resolved: the same, one line per label (what measure lays out).
        let exported = try fixture.succeed("label", "export", "checkout.*", "--resolved").stdout
        #expect(try Self.json(exported) == resolved, "\(exported)")

        // A layout per locale, each fresh.
        #expect(try fixture.sqlite("SELECT group_concat(locale, ',') FROM (SELECT locale FROM layouts WHERE label = 'checkout.title' ORDER BY locale);") == ",de,ja")
        let german = try Self.json(try fixture.succeed("layout", "checkout.title", "--locale", "de", "--json").stdout)
        #expect(german["locale"] == .string("de"))
        #expect(german["lines"]?.array?.compactMap { $0["text"]?.string }.joined() == "Jetzt bezahlen")
        #expect(MeasureCommandTests.number(german, "font", "size") == 17)

        // Changing one flag keeps the others.
        try fixture.succeed("label", "set", "checkout.title", "--valign", "top")
        var changed = try #require(expected.object)
        changed["verticalAlignment"] = .string("top")
        #expect(try Self.json(try fixture.succeed("label", "get", "checkout.title", "--json").stdout) == .object(changed))
    }

    @Test("label set with literal values: a font object, insets T,L,B,R, numbers and colors")
    func labelSetLiterals() throws {
        let fixture = try Fixture()
        let set = try fixture.labelcat([
            "label", "set", "plain.title", "--text", "Literal values", "--frame", "0,0,200,60",
            "--font", #"{"family": "DejaVu Sans", "size": 12, "weight": 700}"#, "--insets", "4,8,4,8",
            "--lines", "2", "--valign", "top", "--line-spacing", "3", "--text-color", "#112233", "--scale", "2",
        ])
        #expect(set.status == 0, "\(set.stderr)")
        let get = try Self.json(try fixture.succeed("label", "get", "plain.title", "--json").stdout)
        #expect(get["font"] == (try JSONValue.parse(#"{"family": "DejaVu Sans", "size": 12, "weight": 700}"#)))
        #expect(get["contentInsets"] == (try JSONValue.parse(#"{"top": 4, "left": 8, "bottom": 4, "right": 8}"#)))
        #expect(get["numberOfLines"] == .number(2))
        let layout = try Self.json(try fixture.succeed("layout", "plain.title", "--json").stdout)
        #expect(MeasureCommandTests.number(layout, "font", "size") == 12)
        #expect(layout["font"]?["family"] == .string("DejaVu Sans"))
        #expect(MeasureCommandTests.number(layout, "textRect", "x") == 8)
        #expect(MeasureCommandTests.number(layout, "textRect", "y") == 4)
    }

    @Test("Label export → import → export is exact, as NDJSON and as a JSON array, from a file or stdin")
    func labelRoundTrip() throws {
        let fixture = try Fixture()
        try fixture.succeed("label", "set", "demo.top", "--locale", "de", "--text", "Schau, oben")
        try fixture.succeed("label", "set", "demo.top", "--locale", "zh-Hant", "--text", "看我居上對齊了啊")
        try fixture.succeed("label", "set", "other.note", "--text", "line one\nline two \"quoted\" \\ tab\t", "--frame", "0.1,-3,99.99,40.5",
                            "--lines", "0", "--break", "truncateMiddle", "--align", "right", "--letter-spacing", "-0.25")
        let ndjson = try fixture.succeed("label", "export").stdout
        #expect(ndjson.split(separator: "\n").count == 2, "\(ndjson)")
        let array = try fixture.succeed("label", "export", "--array").stdout
        #expect(try Self.json(array).array?.count == 2)

        for (name, content, viaStdin) in [("labels.ndjson", ndjson, false), ("labels.json", array, false), ("-", ndjson, true)] {
            let copy = try Fixture(empty: true)
            try copy.succeed("init")
            try copy.succeed("token", "import", try copy.write("tokens.json", Self.tokensJSON))
            if viaStdin {
                try copy.succeed("label", "import", "-", stdin: content)
            } else {
                try copy.succeed("label", "import", try copy.write(name, content))
            }
            #expect(try copy.succeed("label", "export").stdout == ndjson, "round trip through \(name)")
            #expect(try copy.succeed("label", "export", "--array").stdout == array, "round trip through \(name)")
            #expect(try copy.succeed("layout", "list", "--json").stdout == fixture.succeed("layout", "list", "--json").stdout,
                    "the imported labels lay out as the originals")
            let layouts = try copy.succeed("layout", "list").stdout
            #expect(layouts.contains("other.note") && layouts.contains("zh-Hant"), "\(layouts)")
        }
        // Export of a glob.
        #expect(try fixture.succeed("label", "export", "other.*").stdout.split(separator: "\n").count == 1)
    }

    @Test("label get / list, plain and JSON")
    func labelQueries() throws {
        let fixture = try Fixture()
        try fixture.succeed("label", "set", "checkout.total", "--text", "Total", "--frame", "0,0,100,30")
        try fixture.succeed("label", "set", "checkout.title", "--text", "Title", "--frame", "0,0,100,30")
        try fixture.succeed("label", "set", "checkout.title", "--locale", "de", "--text", "Titel")
        let list = try fixture.succeed("label", "list")
        for name in ["demo.top", "checkout.total", "checkout.title"] { #expect(list.stdout.contains(name)) }
        let json = try fixture.succeed("label", "list", "--json").lines.map { try Self.json($0) }
        #expect(json.map { $0["name"]?.string ?? "" } == ["checkout.title", "checkout.total", "demo.top"])
        let glob = try fixture.succeed("label", "list", "checkout.*", "--json").lines.map { try Self.json($0) }
        #expect(glob.map { $0["name"]?.string ?? "" } == ["checkout.title", "checkout.total"])
        let get = try Self.json(try fixture.succeed("label", "get", "demo.top", "--json").stdout)
        #expect(get == (try JSONValue.parse(#"""
            {"name": "demo.top", "text": "看我居上对齐了啊", "frame": {"x": 20, "y": 50, "width": 350, "height": 200},
             "font": "{typography.body}", "numberOfLines": 0, "lineBreakMode": "charWrap", "verticalAlignment": "top",
             "contentInsets": "{spacing.card}"}
            """#)))
        let missing = try fixture.labelcat("label", "get", "no.such")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no.such"))
    }

    // MARK: Tokens

    @Test("Token export → import → export gives the same catalog")
    func tokenRoundTrip() throws {
        let fixture = try Fixture()
        let export = try fixture.succeed("token", "export").stdout
        let document = try Self.json(export)
        #expect(document["$description"] == .string("labelcat CLI test tokens"))
        #expect(document["typography"]?["body"]?["$extensions"] == (try Self.json(Self.tokensJSON))["typography"]?["body"]?["$extensions"])
        #expect(document["font"]?["size"]?["body"]?["$value"] == .string("{font.size.default}"))

        let copy = try Fixture(empty: true)
        try copy.succeed("init")
        try copy.succeed("token", "import", try copy.write("export.json", export))
        #expect(try copy.succeed("token", "export").stdout == export)
        #expect(try copy.succeed("token", "list").stdout == fixture.succeed("token", "list").stdout)
        #expect(try copy.succeed("token", "list", "--json").stdout == fixture.succeed("token", "list", "--json").stdout)
        #expect(try copy.succeed("token", "export", "--resolved").stdout == fixture.succeed("token", "export", "--resolved").stdout)

        // From standard input too.
        let stdinCopy = try Fixture(empty: true)
        try stdinCopy.succeed("init")
        try stdinCopy.succeed("token", "import", "-", stdin: export)
        #expect(try stdinCopy.succeed("token", "export").stdout == export)
    }

    @Test("token set of a name inside another token's path: refused, or the export still imports back")
    func nestedTokenNames() throws {
        let fixture = try Fixture()
        for (name, value) in [("font.size", #"{"value": 3, "unit": "px"}"#), ("spacing.m.half", #"{"value": 4, "unit": "px"}"#)] {
            let run = try fixture.labelcat("token", "set", name, value)
            guard run.status == 0 else {
                #expect(run.status == 1 || run.status == 64)
                #expect(run.stderr.contains(name), "\(run.stderr)")
                continue
            }
            let export = try fixture.succeed("token", "export").stdout
            let copy = try Fixture(empty: true)
            try copy.succeed("init")
            let imported = try copy.labelcat("token", "import", try copy.write("export.json", export))
            #expect(imported.status == 0, "labelcat accepted token \(name) but its own export does not import: \(imported.stderr)")
            #expect(try copy.labelcat("token", "export").stdout == export)
            try fixture.succeed("token", "rm", name, "--force")
        }
    }

    @Test("token get (--resolved, --json) and token list (glob, --json)")
    func tokenQueries() throws {
        let fixture = try Fixture()
        let plain = try fixture.succeed("token", "get", "font.size.body")
        #expect(plain.stdout.contains("font.size.body") && plain.stdout.contains("{font.size.default}") && plain.stdout.contains("Body text size"),
                "\(plain.stdout)")
        let json = try Self.json(try fixture.succeed("token", "get", "font.size.body", "--json").stdout)
        #expect(json["name"] == .string("font.size.body"))
        #expect(json["type"] == .string("dimension"))
        #expect(json["value"] == .string("{font.size.default}"))
        #expect(json["description"] == .string("Body text size"))
        let resolved = try Self.json(try fixture.succeed("token", "get", "font.size.body", "--resolved", "--json").stdout)
        #expect(resolved["value"] == (try JSONValue.parse(#"{"value": 17, "unit": "px"}"#)))
        let typography = try Self.json(try fixture.succeed("token", "get", "typography.body", "--resolved", "--json").stdout)
        #expect(typography["value"]?["fontSize"] == (try JSONValue.parse(#"{"value": 17, "unit": "px"}"#)))
        #expect(typography["extensions"] == (try Self.json(Self.tokensJSON))["typography"]?["body"]?["$extensions"])
        let accent = try fixture.succeed("token", "get", "color.accent", "--resolved")
        #expect(accent.stdout.contains("#1E88E5"))

        let list = try fixture.succeed("token", "list", "--json").lines.map { try Self.json($0) }
        #expect(list.map { $0["name"]?.string ?? "" } == Self.tokenNames)
        let fonts = try fixture.succeed("token", "list", "font.size.*", "--json").lines.map { try Self.json($0)["name"]?.string ?? "" }
        #expect(fonts == ["font.size.base", "font.size.body", "font.size.default"])
        let table = try fixture.succeed("token", "list", "spacing.*")
        #expect(table.stdout.contains("spacing.card") && table.stdout.contains("insets") && !table.stdout.contains("font.size"))
        let missing = try fixture.labelcat("token", "get", "no.such")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no.such"))
    }

    @Test("token rm of a used token is refused listing its users; --force removes it and marks the layout")
    func tokenRemove() throws {
        let fixture = try Fixture()
        let before = try fixture.dump()
        let refused = try fixture.labelcat("token", "rm", "spacing.card")
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("Error:"))
        #expect(refused.stderr.contains("demo.top"), "\(refused.stderr)")
        let chain = try fixture.labelcat("token", "rm", "font.size.base")
        #expect(chain.status == 1)
        for user in ["demo.top", "font.size.default", "font.size.body", "typography.body"] {
            #expect(chain.stderr.contains(user), "\(chain.stderr) should list \(user)")
        }
        #expect(try fixture.dump() == before)

        let forced = try fixture.succeed("token", "rm", "spacing.card", "--force")
        #expect(forced.stdout.contains("spacing.card"))
        #expect(try fixture.sqlite("SELECT count(*) FROM tokens WHERE name = 'spacing.card';") == "0")
        let row = try fixture.sqlite("SELECT error IS NOT NULL, instr(error, 'spacing.card') > 0, length(input_hash), lines IS NULL FROM layouts WHERE label = 'demo.top';")
        #expect(row == "1|1|32|1", "layout row: \(row)")
        // The error row carries the hash of what failed: fresh (not stale) until an input changes.
        let stale = try fixture.succeed("layout", "list", "--stale")
        #expect(!stale.stdout.contains("demo.top"), "\(stale.stdout)")
        let listed = try fixture.succeed("layout", "list")
        #expect(listed.stdout.contains("error: "), "\(listed.stdout)")
        let layout = try fixture.labelcat("layout", "demo.top", "--json")
        #expect(layout.status == 1)
        #expect(layout.stderr.contains("spacing.card"), "\(layout.stderr)")
        #expect(!layout.stdout.contains("\"textRect\""), "a broken label must not be served as a layout")

        // An unused token is removed without --force.
        try fixture.succeed("token", "rm", "lines.max")
        #expect(try fixture.labelcat("token", "get", "lines.max").status == 1)
    }

    // MARK: Hand edits

    @Test("Edits made with the sqlite3 shell are queued, and layout NAME serves them fresh")
    func shellEdits() throws {
        let fixture = try Fixture()
        try fixture.sqlite("UPDATE labels SET text = '手工修改' WHERE name = 'demo.top';")
        #expect(try fixture.sqlite("SELECT kind || ':' || name FROM recompute_queue;") == "label:demo.top")
        let edited = try Self.json(try fixture.succeed("layout", "demo.top", "--json").stdout)
        #expect(edited["lines"]?.array?.first?["text"] == .string("手工修改"))
        #expect(try fixture.sqlite("SELECT count(*) FROM recompute_queue;") == "0")

        try fixture.sqlite(#"UPDATE tokens SET value = '{"value": 24, "unit": "px"}' WHERE name = 'font.size.base';"#)
        #expect(try fixture.sqlite("SELECT DISTINCT kind || ':' || name FROM recompute_queue;") == "token:font.size.base")
        let resized = try Self.json(try fixture.succeed("layout", "demo.top", "--json").stdout)
        #expect(MeasureCommandTests.number(resized, "font", "size") == 24)

        try fixture.sqlite("INSERT INTO label_texts (label, locale, text) VALUES ('demo.top', 'fr', 'En haut');")
        #expect(try fixture.sqlite("SELECT kind || ':' || name || ':' || locale FROM recompute_queue;") == "text:demo.top:fr")
        let french = try Self.json(try fixture.succeed("layout", "demo.top", "--locale", "fr", "--json").stdout)
        #expect(french["locale"] == .string("fr"))
        #expect(french["lines"]?.array?.first?["text"] == .string("En haut"))
        #expect(MeasureCommandTests.number(french, "font", "size") == 24)
        #expect(try fixture.succeed("layout", "list", "--stale").lines.count <= 1, "only the header may remain")
    }

    @Test("layout list never serves a stale layout as fresh")
    func layoutListAfterHandEdit() throws {
        let fixture = try Fixture()
        try fixture.sqlite("UPDATE labels SET text = '新的文字' WHERE name = 'demo.top';")
        let lines = try fixture.succeed("layout", "list", "--json").lines
        #expect(lines.count == 1)
        for line in lines {
            let row = try Self.json(line)
            let text = row["lines"]?.array?.compactMap { $0["text"]?.string }.joined()
            let markedStale = row["stale"] == .bool(true) || row["error"] != nil
            #expect(text == "新的文字" || markedStale,
                    "layout list --json printed the old layout (text \(text ?? "nil")) with nothing saying it is stale: \(line)")
        }
    }

    // MARK: Queries

    @Test("layout list: glob, --truncated, --stale, --locale, --json (NDJSON)")
    func layoutList() throws {
        let fixture = try Fixture()
        try fixture.succeed("label", "set", "demo.cut", "--text", String(repeating: "很长的文字会被截断", count: 10),
                            "--frame", "0,0,120,40", "--lines", "1", "--break", "truncateTail")
        try fixture.succeed("label", "set", "other.short", "--text", "短", "--frame", "0,0,120,40")
        try fixture.succeed("label", "set", "other.short", "--locale", "de", "--text", "kurz")

        let all = try fixture.succeed("layout", "list", "--json").lines.map { try Self.json($0) }
        #expect(all.map { "\($0["name"]?.string ?? "")/\($0["locale"]?.string ?? "")" } == ["demo.cut/", "demo.top/", "other.short/", "other.short/de"])
        for layout in all { #expect(layout["textRect"] != nil && layout["inputHash"] != nil) }

        let truncated = try fixture.succeed("layout", "list", "--truncated", "--json").lines.map { try Self.json($0) }
        #expect(truncated.map { $0["name"]?.string ?? "" } == ["demo.cut"])
        #expect(truncated.first?["truncated"] == .bool(true))
        let truncatedTable = try fixture.succeed("layout", "list", "--truncated")
        #expect(truncatedTable.stdout.contains("demo.cut") && !truncatedTable.stdout.contains("demo.top"))

        #expect(try fixture.succeed("layout", "list", "demo.*", "--json").lines.count == 2)
        #expect(try fixture.succeed("layout", "list", "--locale", "de", "--json").lines.count == 1)
        #expect(try fixture.succeed("layout", "list", "--stale", "--json").lines.isEmpty)

        try fixture.sqlite("UPDATE labels SET frame_width = 60 WHERE name = 'other.short';")
        let stale = try fixture.succeed("layout", "list", "--stale", "--json").lines.map { try Self.json($0) }
        #expect(stale.map { "\($0["name"]?.string ?? "")/\($0["locale"]?.string ?? "")" } == ["other.short/", "other.short/de"])
        try fixture.succeed("layout", "other.short")
        #expect(try fixture.succeed("layout", "list", "--stale", "--json").lines.isEmpty)
    }

    // MARK: Bad input

    /// A command that must fail: its arguments (`FILE` stands for the written file), the file,
    /// the exit codes allowed and what standard error must mention.
    struct BadCase: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var file: [UInt8]? = nil
        var codes: Set<Int32> = [1]
        var mentions: [String] = []

        var testDescription: String { name }
    }

    static let twoMiB = String(repeating: "a", count: 2 << 20)

    static let badCases: [BadCase] = [
        BadCase(name: "malformed JSON: token import", arguments: ["token", "import", "FILE"],
                file: Array(#"{"a": {"$type": "number", "$value": 1,}"#.utf8), mentions: ["JSON"]),
        BadCase(name: "malformed JSON: label import array", arguments: ["label", "import", "FILE"],
                file: Array(#"[{"name": "x.y", "frame": {]"#.utf8), mentions: ["JSON"]),
        BadCase(name: "malformed JSON: label import NDJSON line 2", arguments: ["label", "import", "FILE"],
                file: Array("{\"name\": \"ok.one\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 10, \"height\": 10}}\n{\"name\": \n".utf8),
                mentions: ["line 2"]),
        BadCase(name: "malformed JSON: --font", arguments: ["label", "set", "demo.top", "--font", #"{"family": "Noto Sans CJK SC", "size": }"#],
                codes: [1, 64], mentions: ["font", "JSON"]),
        BadCase(name: "malformed JSON: token set value", arguments: ["token", "set", "spacing.m", #"{"value": 8, "unit": "#, "--type", "dimension"],
                mentions: ["spacing.m"]),
        BadCase(name: "unknown token reference: --font", arguments: ["label", "set", "demo.top", "--font", "{typography.nope}"],
                mentions: ["font", "typography.nope"]),
        BadCase(name: "unknown token reference: --line-spacing", arguments: ["label", "set", "demo.top", "--line-spacing", "{spacing.nope}"],
                mentions: ["lineSpacing", "spacing.nope"]),
        BadCase(name: "unknown token reference: token set alias", arguments: ["token", "set", "font.size.x", "{font.size.nope}", "--type", "dimension"],
                mentions: ["font.size.nope"]),
        BadCase(name: "unknown token reference: label import", arguments: ["label", "import", "FILE"],
                file: Array(#"{"name": "new.one", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "textColor": "{color.nope}"}"#.utf8),
                mentions: ["new.one", "color.nope"]),
        BadCase(name: "alias cycle: token set", arguments: ["token", "set", "font.size.base", "{font.size.body}"],
                mentions: ["cycle", "font.size.base", "font.size.default", "font.size.body"]),
        BadCase(name: "alias cycle: token import", arguments: ["token", "import", "FILE"],
                file: Array(#"{"cyc": {"$type": "number", "a": {"$value": "{cyc.b}"}, "b": {"$value": "{cyc.c}"}, "c": {"$value": "{cyc.a}"}}}"#.utf8),
                mentions: ["cycle", "cyc.a", "cyc.b", "cyc.c"]),
        BadCase(name: "wrong token type: color to --font", arguments: ["label", "set", "demo.top", "--font", "{color.brand}"],
                mentions: ["font", "color.brand", "color"]),
        BadCase(name: "wrong token type: dimension to --insets", arguments: ["label", "set", "demo.top", "--insets", "{font.size.base}"],
                mentions: ["contentInsets", "font.size.base"]),
        BadCase(name: "wrong token type: dimension to --text-color", arguments: ["label", "set", "demo.top", "--text-color", "{spacing.m}"],
                mentions: ["textColor", "spacing.m"]),
        BadCase(name: "wrong token type: token set changes a used token's type",
                arguments: ["token", "set", "spacing.card", "#FF0000", "--type", "color"], mentions: ["demo.top", "spacing.card"]),
        BadCase(name: "negative size: --frame width", arguments: ["label", "set", "demo.top", "--frame", "0,0,-10,40"],
                codes: [1, 64], mentions: ["width"]),
        BadCase(name: "negative size: font size", arguments: ["label", "set", "demo.top", "--font", #"{"size": -3}"#],
                codes: [1, 64], mentions: ["font.size"]),
        BadCase(name: "negative size: --line-height", arguments: ["label", "set", "demo.top", "--line-height", "-2"],
                codes: [1, 64], mentions: ["lineHeight"]),
        BadCase(name: "negative size: token", arguments: ["token", "set", "spacing.m", #"{"value": -8, "unit": "px"}"#],
                codes: [1, 64], mentions: ["demo.top"]),
        BadCase(name: "NaN: --frame", arguments: ["label", "set", "demo.top", "--frame", "0,0,nan,40"], codes: [1, 64], mentions: ["frame"]),
        BadCase(name: "NaN: --line-height", arguments: ["label", "set", "demo.top", "--line-height", "nan"], codes: [1, 64],
                mentions: ["line-height"]),
        BadCase(name: "infinity: --letter-spacing", arguments: ["label", "set", "demo.top", "--letter-spacing", "inf"], codes: [1, 64],
                mentions: ["letter-spacing"]),
        BadCase(name: "NaN: label import", arguments: ["label", "import", "FILE"],
                file: Array(#"{"name": "n.a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "lineHeight": NaN}"#.utf8)),
        BadCase(name: "unknown enum: --break", arguments: ["label", "set", "demo.top", "--break", "wrapWord"], codes: [1, 64],
                mentions: ["lineBreakMode", "wrapWord"]),
        BadCase(name: "unknown enum: --align", arguments: ["label", "set", "demo.top", "--align", "middle"], codes: [1, 64],
                mentions: ["textAlignment", "middle"]),
        BadCase(name: "unknown enum: --valign", arguments: ["label", "set", "demo.top", "--valign", "center"], codes: [1, 64],
                mentions: ["verticalAlignment", "center"]),
        BadCase(name: "--lines -1", arguments: ["label", "set", "demo.top", "--lines", "-1"], codes: [1, 64], mentions: ["numberOfLines"]),
        BadCase(name: "--lines 1.5", arguments: ["label", "set", "demo.top", "--lines", "1.5"], codes: [1, 64], mentions: ["numberOfLines"]),
        BadCase(name: "--scale 4", arguments: ["label", "set", "demo.top", "--scale", "4"], codes: [1, 64], mentions: ["scale"]),
        BadCase(name: "2 MiB text: label import", arguments: ["label", "import", "FILE"],
                file: Array(#"{"name": "huge.text", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "text": "\#(twoMiB)"}"#.utf8),
                mentions: ["huge.text", "1 MiB"]),
        BadCase(name: "2 MiB text: a locale's text", arguments: ["label", "import", "FILE"],
                file: Array(#"{"name": "huge.text", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "texts": {"de": "\#(twoMiB)"}}"#.utf8),
                mentions: ["huge.text", "texts.de"]),
        BadCase(name: "invalid UTF-8: label import array", arguments: ["label", "import", "FILE"],
                file: Array(#"[{"name": "bad.utf", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "text": "ab"#.utf8) + [0xFF, 0xFE]
                    + Array(#"cd"}]"#.utf8), mentions: ["UTF-8"]),
        BadCase(name: "invalid UTF-8: label import NDJSON", arguments: ["label", "import", "FILE"],
                file: Array("{\"name\": \"ok.one\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 10, \"height\": 10}}\n{\"name\": \"bad.utf\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 10, \"height\": 10}, \"text\": \"a".utf8)
                    + [0xC3, 0x28] + Array("\"}\n".utf8), mentions: ["UTF-8"]),
        BadCase(name: "invalid UTF-8: token import", arguments: ["token", "import", "FILE"],
                file: Array(##"{"t": {"c": {"$type": "color", "$value": "#FFFFFF", "$description": "a"##.utf8) + [0xED, 0xA0, 0x80]
                    + Array(#"b"}}}"#.utf8), mentions: ["UTF-8"]),
        BadCase(name: "duplicate names in one label import", arguments: ["label", "import", "FILE"],
                file: Array(#"""
                    [{"name": "fresh.one", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}},
                     {"name": "dup.label", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "text": "a"},
                     {"name": "dup.label", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "text": "b"}]
                    """#.utf8), mentions: ["dup.label"]),
        BadCase(name: "one bad definition in a label import", arguments: ["label", "import", "FILE"],
                file: Array(#"""
                    {"name": "fresh.one", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}
                    {"name": "fresh.two", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "numberOfLines": -1}
                    """#.utf8), mentions: ["fresh.two", "numberOfLines"]),
        BadCase(name: "unknown token type in a DTCG file", arguments: ["token", "import", "FILE"],
                file: Array(##"{"bad": {"token": {"$type": "shadow", "$value": "0 1px #000"}}}"##.utf8), mentions: ["bad.token", "shadow"]),
        BadCase(name: "malformed token value in a DTCG file", arguments: ["token", "import", "FILE"],
                file: Array(#"{"bad": {"token": {"$type": "color", "$value": "blue"}}}"#.utf8), mentions: ["bad.token"]),
        BadCase(name: "token set: malformed color", arguments: ["token", "set", "color.brand", "#12345"], mentions: ["color.brand"]),
        BadCase(name: "token set: unknown --type", arguments: ["token", "set", "x.y", "1", "--type", "shadow"], codes: [64],
                mentions: ["shadow", "Usage:"]),
        BadCase(name: "token set: untyped value", arguments: ["token", "set", "x.y", "hello"], mentions: ["x.y", "--type"]),
        BadCase(name: "new label without --frame", arguments: ["label", "set", "brand.new", "--text", "hi"], codes: [1, 64], mentions: ["--frame"]),
        BadCase(name: "--locale without --text", arguments: ["label", "set", "demo.top", "--locale", "de"], codes: [64], mentions: ["--text"]),
        BadCase(name: "layout of a locale the label lacks", arguments: ["layout", "demo.top", "--locale", "fr"], mentions: ["demo.top", "fr"]),
        BadCase(name: "layout of an unknown label", arguments: ["layout", "no.such"], mentions: ["no.such"]),
        BadCase(name: "token rm of an unknown token", arguments: ["token", "rm", "no.such"], mentions: ["no.such"]),
        BadCase(name: "label rm of an unknown label", arguments: ["label", "rm", "no.such"], mentions: ["no.such"]),
        BadCase(name: "token import of a missing file", arguments: ["token", "import", "/nonexistent/tokens.json"], codes: [1, 64],
                mentions: ["/nonexistent/tokens.json"]),
        BadCase(name: "unknown option", arguments: ["label", "set", "demo.top", "--colour", "#000000"], codes: [64], mentions: ["--colour", "Usage:"]),
        BadCase(name: "missing argument", arguments: ["token", "set", "only.name"], codes: [64], mentions: ["value", "Usage:"]),
        BadCase(name: "unknown subcommand", arguments: ["label", "frobnicate"], codes: [64], mentions: ["frobnicate", "Usage:"]),
    ]

    @Test("Bad input: a clear error, exit 1 (64 for usage), and the catalog unchanged", arguments: badCases)
    func badInput(_ bad: BadCase) throws {
        let fixture = try Fixture()
        let before = try fixture.dump()
        #expect(before.contains("CREATE TABLE"))
        var arguments = bad.arguments
        if let file = bad.file {
            let path = try fixture.write("input.json", file)
            arguments = arguments.map { $0 == "FILE" ? path : $0 }
        }
        let run = try fixture.labelcat(arguments)
        #expect(bad.codes.contains(run.status), "exit \(run.status), expected \(bad.codes.sorted()); stderr: \(run.stderr)")
        #expect(run.stderr.hasPrefix("Error: "), "stderr: \(run.stderr)")
        for mention in bad.mentions {
            #expect(run.stderr.contains(mention), "stderr should mention \(mention.debugDescription): \(run.stderr)")
        }
        #expect(!run.stderr.contains("Fatal error"), "crashed: \(run.stderr)")
        #expect(try fixture.dump() == before, "the catalog changed")
        let files = try fixture.files().filter { $0 != "input.json" }
        #expect(files == ["catalog.sqlite"], "files left: \(files)")
    }

    @Test("Invalid UTF-8 in a --text argument is refused")
    func invalidUTF8Argument() throws {
        let fixture = try Fixture()
        let before = try fixture.dump()
        let binary = try MeasureCommandTests.binary.get()
        // Process takes Swift strings, which cannot hold invalid UTF-8: let the shell build the argument.
        let run = try CLI.program("/bin/sh", ["-c", #""$0" --db "$1" label set demo.top --text "$(printf 'ab\377cd')""#, binary.path, fixture.db])
        #expect(run.status == 1 || run.status == 64, "exit \(run.status); stdout: \(run.stdout)")
        #expect(run.stderr.contains("UTF-8"), "stderr: \(run.stderr)")
        let stored = try fixture.sqlite("SELECT hex(text) FROM labels WHERE name = 'demo.top';")
        #expect(try fixture.dump() == before, "the text was stored, as hex \(stored)")
    }

    // MARK: Files that are not catalogs

    static let notCatalogCommands: [[String]] = [
        ["init"], ["token", "list"], ["layout", "demo.top"], ["layout", "list"], ["label", "set", "x.y", "--frame", "0,0,10,10"],
        ["token", "set", "x.y", "1"], ["label", "export"],
    ]

    @Test("A path that is not a SQLite file: a clear error and the file unchanged", arguments: notCatalogCommands)
    func notASQLiteFile(_ arguments: [String]) throws {
        let fixture = try Fixture(empty: true)
        let content = Array("These are my notes, not a database.\nDo not overwrite them, labelcat.\n".utf8)
        try fixture.write("catalog.sqlite", content)
        let run = try fixture.labelcat(arguments)
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(run.stderr.hasPrefix("Error: "))
        #expect(run.stderr.contains("not a SQLite database") || run.stderr.contains("not a labelcat catalog"), "\(run.stderr)")
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: fixture.db))) == content)
        #expect(try fixture.files() == ["catalog.sqlite"])
    }

    @Test("init on another program's SQLite database refuses instead of adding the schema")
    func initOnForeignDatabase() throws {
        let fixture = try Fixture(empty: true)
        try fixture.sqlite("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me');")
        let before = try fixture.dump()
        let run = try fixture.labelcat("init")
        #expect(run.status == 1, "init converted another program's database into a catalog: \(run.stdout)")
        #expect(try fixture.dump() == before)
        #expect(try fixture.sqlite("PRAGMA journal_mode;") == "delete")
    }

    static let queryCommands: [[String]] = [
        ["layout", "demo.top"], ["layout", "demo.top", "--json"], ["layout", "list"], ["layout", "list", "--truncated"],
        ["token", "list"], ["token", "get", "a.b"], ["token", "export"], ["label", "list"], ["label", "get", "a.b"],
        ["label", "export"], ["label", "set", "a.b", "--frame", "0,0,10,10"], ["token", "set", "a.b", "1"],
        ["token", "rm", "a.b"], ["label", "rm", "a.b"],
    ]

    @Test("A missing catalog: the error says run 'labelcat init', and no file is created", arguments: queryCommands)
    func missingCatalog(_ arguments: [String]) throws {
        let fixture = try Fixture(empty: true)
        let run = try fixture.labelcat(arguments)
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(run.stderr.hasPrefix("Error: "))
        #expect(run.stderr.contains("labelcat init"), "\(run.stderr)")
        let files = try fixture.files()
        #expect(files.isEmpty, "files were created: \(files)")
    }

    @Test("A missing catalog for an import: refused before reading further, no file created")
    func missingCatalogImport() throws {
        let fixture = try Fixture(empty: true)
        let tokens = try fixture.write("tokens.json", Self.tokensJSON)
        let labels = try fixture.write("labels.ndjson", #"{"name": "a.b", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}"#)
        for arguments in [["token", "import", tokens], ["label", "import", labels]] {
            let run = try fixture.labelcat(arguments)
            #expect(run.status == 1)
            #expect(run.stderr.contains("labelcat init"), "\(run.stderr)")
        }
        #expect(try fixture.files() == ["labels.ndjson", "tokens.json"])
    }

    @Test("A catalog whose schema is newer than the binary is refused by every command", arguments: [["init"], ["layout", "demo.top"], ["token", "list"]])
    func newerCatalog(_ arguments: [String]) throws {
        let fixture = try Fixture()
        try fixture.sqlite("INSERT INTO schema_migrations (version, name) VALUES (999, '999_future.sql');")
        let before = try fixture.dump()
        let run = try fixture.labelcat(arguments)
        #expect(run.status == 1)
        #expect(run.stderr.contains("newer"), "\(run.stderr)")
        #expect(try fixture.dump() == before)
    }

    @Test("A read-only catalog file refuses edits and still serves fresh layouts", .enabled(if: getuid() != 0, "root can write a 0444 file"))
    func readOnlyFile() throws {
        let fixture = try Fixture()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: fixture.db)
        let before = try fixture.dump()
        let run = try fixture.labelcat("label", "set", "demo.top", "--text", "new")
        #expect(run.status == 1)
        #expect(run.stderr.contains("read-only"), "\(run.stderr)")
        #expect(try fixture.succeed("layout", "demo.top", "--json").stdout.contains("看我居上对齐了啊"))
        #expect(try fixture.dump() == before)
    }
}
