import Foundation
import LabelJSON
import Testing
import TestSupport

/// `labelcat import`, `labelcat settings` and `label set`'s new options, through the real binary:
/// an Xcode-like project imported and checked end to end, categories kept fresh by `serve`.
@Suite("import, settings and the iOS label's options")
struct ImportCommandTests {
    typealias Workspace = CLITests.Workspace

    /// The project written into a workspace, its keyed labels made.
    static func shop() throws -> (workspace: Workspace, paths: [String: String]) {
        let workspace = try Workspace()
        let paths = try ShopProject.write(in: workspace.directory)
        for arguments in ShopProject.keyedLabels { try workspace.succeed(["label", "set"] + arguments) }
        return (workspace, paths)
    }

    /// `label/locale/variant/category/kind` of each finding of `check --json`.
    static func findings(_ run: CLI.Run) throws -> [String] {
        try run.stdout.split(separator: "\n").map { line in
            let finding = try JSONValue.parse(String(line))
            return ["label", "locale", "variant", "category", "kind"].map { finding[$0]?.string ?? "?" }.joined(separator: "/")
        }
    }

    @Test("An Xcode project end to end: import DIR, then check lists exactly the planned overflows, pointing at their files and lines")
    func projectEndToEnd() throws {
        let (workspace, paths) = try Self.shop()
        let imported = try workspace.succeed("import", "Shop")
        #expect(imported.stdout.contains("labels 4 created"), "\(imported.stdout)")
        #expect(imported.stdout.contains("1 key no label has yet (their texts are stored"), "\(imported.stdout)")
        #expect(imported.stdout.contains("Development language: en (the sourceLanguage of Shop/"), "\(imported.stdout)")
        #expect(imported.stdout.contains("No fr text for 1 label: Main.storyboard/bdy-03-ghi"), "\(imported.stdout)")
        #expect(imported.stdout.contains("Laid out "), "\(imported.stdout)")

        let check = try workspace.labelcat("check", "--json")
        #expect(check.status == 1, "\(check.stderr)")
        #expect(try Self.findings(check) == [
            "Main.storyboard/btn-04-jkl/fr//large/truncated",
            "Main.storyboard/ttl-01-abc/de//large/truncated",
            "cart.badge/de/plural.other/large/truncated",
            "cart.badge/de/plural.other.worst/large/truncated",
            "home.welcome/en/device.ipad/large/truncated",
        ], "\(check.stdout)")
        let sources = try check.stdout.split(separator: "\n").map { try JSONValue.parse(String($0))["source"] ?? .null }
        #expect(sources.map { $0["key"]?.string ?? "" } == ["Main:btn-04-jkl.text", "Main:ttl-01-abc.text", "Localizable:cart.count",
                                                             "Localizable:cart.count", "Localizable:welcome"])

        let github = try workspace.labelcat("check", "--format", "github")
        #expect(github.status == 1)
        let errors = github.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }.map(String.init)
        let catalogText = ShopProject.stringCatalog
        let expected = [
            "file=\(paths["fr"]!),line=\(ShopProject.line(of: "btn-04-jkl.text", in: ShopProject.french)!)",
            "file=\(paths["de"]!),line=\(ShopProject.line(of: "ttl-01-abc.text", in: ShopProject.german)!)",
            "file=\(paths["catalog"]!),line=\(ShopProject.line(of: #""de" : {"#, in: catalogText, after: #""cart.count""#)!)",
            // Its worst case (`%lld` at 8.888): the same text.
            "file=\(paths["catalog"]!),line=\(ShopProject.line(of: #""de" : {"#, in: catalogText, after: #""cart.count""#)!)",
            "file=\(paths["catalog"]!),line=\(ShopProject.line(of: #""en" : {"#, in: catalogText, after: #""welcome""#)!)",
        ]
        #expect(errors.count == expected.count, "\(github.stdout)")
        for (error, location) in zip(errors, expected) {
            #expect(error.hasPrefix("::error \(location),title="), "\(error) should point at \(location)")
        }

        // Importing the same files again writes nothing.
        let before = try workspace.dump()
        let again = try workspace.succeed("import", "Shop")
        #expect(again.stdout.contains("labels 4 unchanged"), "\(again.stdout)")
        #expect(try workspace.dump() == before)
    }

    @Test("report: each finding's picture is laid out at its variant and content size category")
    func reportPicturesPerVariantAndCategory() throws {
        let (workspace, _) = try Self.shop()
        try workspace.succeed("import", "Shop")
        try workspace.succeed("label", "set", "styled", "--frame", "0,0,150,auto", "--text-style", "body", "--lines", "2",
                              "--text", "Mitteilungen verwalten")
        try workspace.succeed("settings", "set", "categories", "large,accessibilityExtraExtraExtraLarge")
        try workspace.succeed("report", "--out", "report")
        let images = try workspace.directory.contents("report/images")
        // A picture's name: what it shows, then 16 hex digits of its layout's hash.
        func picture(_ stem: String) -> String? {
            images.first { $0.hasPrefix(stem + ".") && $0.hasSuffix(".png") && $0.dropFirst(stem.count + 1).count == 16 + 4 }
        }
        #expect(picture("cart.badge@de@plural.other") != nil, "\(images)")
        #expect(picture("cart.badge@base@plural.other") != nil, "the base text's picture of the same variant: \(images)")
        #expect(picture("home.welcome@en@device.ipad") != nil, "\(images)")
        let styled = try #require(picture("styled@base@accessibilityExtraExtraExtraLarge"), "\(images)")
        #expect(picture("styled@base") == nil, "at large it fits: \(images)")
        // Two lines of 53 pt text (the body style's largest size) at 2 pixels per point.
        let png = try [UInt8](Data(contentsOf: workspace.directory.url("report/images/" + styled)))
        let height = png[20...23].reduce(0) { $0 << 8 | Int($1) }
        #expect(height > 2 * 2 * 60, "the picture is \(height) px tall")
    }

    @Test("import: --verbose lists the keys no label has; --strict refuses them; a malformed file changes nothing and names its file, line and key")
    func importErrors() throws {
        let (workspace, paths) = try Self.shop()
        let before = try workspace.dump()
        let strict = try workspace.labelcat("import", "Shop", "--strict")
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("Main:zzz-99-zzz.text") && strict.stderr.contains("\(paths["ja"]!):5"), "\(strict.stderr)")
        #expect(try workspace.dump() == before)

        try workspace.directory.write("Shop/es.lproj/Main.strings", "\"ttl-01-abc.text\" = \"Pagar\";\n\"sub-02-def.text\" = \"Revisar\"\n")
        let broken = try workspace.labelcat("import", "Shop", "--strict")
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("Error: Shop/es.lproj/Main.strings:"), "\(broken.stderr)")
        #expect(broken.stderr.contains("sub-02-def.text"), "the key: \(broken.stderr)")
        #expect(try workspace.dump() == before, "with --strict a bad file leaves the catalog byte-identical")
        // Without --strict the file is skipped whole (its good first line too) and the rest imported.
        let lenient = try workspace.succeed("import", "Shop")
        #expect(lenient.stderr.hasPrefix("Warning: Shop/es.lproj/Main.strings:") && lenient.stderr.contains("sub-02-def.text")
                && lenient.stderr.contains("; the file was skipped"), "\(lenient.stderr)")
        #expect(lenient.stdout.contains("Read 5 files (1 skipped: cannot be read)"), "\(lenient.stdout)")
        #expect(try workspace.labelcat("layout", ShopProject.labelName(ShopProject.title), "--locale", "es").status == 1,
                "nothing of the skipped file is stored")
        try FileManager.default.removeItem(atPath: workspace.directory.path("Shop/es.lproj"))

        let verbose = try workspace.succeed("import", "Shop", "--verbose", "--development-language", "en")
        #expect(verbose.stdout.contains("  Main:zzz-99-zzz.text  \(paths["ja"]!):5"), "\(verbose.stdout)")
    }

    @Test("label set: key, arguments, line-break strategy, a self-sizing frame, a text style, autoshrink, tightening and variants")
    func labelSetOptions() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "Main.storyboard/abc-12-xyz", "--frame", "0,0,200,auto", "--text", "%d items",
                              "--key", "Main:abc-12-xyz.text", "--arguments", #"[3]"#, "--line-break-strategy", "pushOut",
                              "--text-style", "headline", "--lines", "0", "--autoshrink", "0.5", "--tightening", "on")
        try workspace.succeed("label", "set", "Main.storyboard/abc-12-xyz", "--variant", "plural.one", "--text", "%d item")
        try workspace.succeed("label", "set", "Main.storyboard/abc-12-xyz", "--locale", "de", "--variant", "plural.other", "--text", "%d Artikel")
        let json = try CLITests.json(try workspace.succeed("label", "get", "Main.storyboard/abc-12-xyz", "--json").stdout)
        #expect(json["key"] == .string("Main:abc-12-xyz.text"))
        #expect(json["arguments"] == .array([.number(3)]))
        #expect(json["lineBreakStrategy"] == .string("pushOut"))
        #expect(json["frame"]?["height"] == .null)
        #expect(json["font"] == .object(JSONObject([("textStyle", .string("headline"))])))
        #expect(json["adjustsFontSizeToFitWidth"] == .bool(true) && json["minimumScaleFactor"] == .number(0.5))
        #expect(json["allowsDefaultTighteningForTruncation"] == .bool(true))
        #expect(json["text"] == .object(JSONObject([("", .string("%d items")), ("plural.one", .string("%d item"))])))
        #expect(json["texts"]?["de"] == .object(JSONObject([("plural.other", .string("%d Artikel"))])))
        let layout = try CLITests.json(try workspace.succeed("layout", "Main.storyboard/abc-12-xyz", "--locale", "de",
                                                             "--variant", "plural.other", "--json").stdout)
        #expect(layout["lines"]?.array?.first?["text"] == .string("3 Artikel"), "the label's own argument")
        #expect(layout["variant"] == .string("plural.other"))
        try workspace.succeed("label", "set", "Main.storyboard/abc-12-xyz", "--autoshrink", "off", "--tightening", "off")
        let off = try CLITests.json(try workspace.succeed("label", "get", "Main.storyboard/abc-12-xyz", "--json").stdout)
        #expect(off["adjustsFontSizeToFitWidth"] == nil && off["minimumScaleFactor"] == nil)
        #expect(off["allowsDefaultTighteningForTruncation"] == .bool(false))

        let before = try workspace.dump()
        for (arguments, names) in [(["--frame", "0,0,10,tall"], ["--frame"]), (["--autoshrink", "2"], ["--autoshrink"]),
                                   (["--tightening", "yes"], ["--tightening"]), (["--text-style", "huge"], ["--text-style"]),
                                   (["--arguments", "3"], ["--arguments"]), (["--key", "nocolon"], ["--key"]),
                                   (["--variant", "plural.one"], ["--variant", "--text"])] {
            let run = try workspace.labelcat(["label", "set", "Main.storyboard/abc-12-xyz"] + arguments)
            CLITests.expectUsageError(run, naming: names, usage: "labelcat label set")
        }
        let badStrategy = try workspace.labelcat("label", "set", "Main.storyboard/abc-12-xyz", "--line-break-strategy", "greedy")
        #expect(badStrategy.status == 1 && badStrategy.stderr.contains("lineBreakStrategy"), "\(badStrategy.stderr)")
        let badName = try workspace.labelcat("label", "set", "bad*name", "--frame", "0,0,10,10")
        #expect(badName.status == 1 && badName.stderr.contains("glob"), "\(badName.stderr)")
        #expect(try workspace.dump() == before)
    }

    @Test("settings: list, get, set (names with dashes); a bad value or name changes nothing")
    func settings() throws {
        let workspace = try Workspace()
        let list = try workspace.succeed("settings", "list")
        #expect(CLITests.table(list.stdout).map { $0.first ?? "" } == ["name", "default-family", "categories", "pseudo-locales", "font-substitutes",
                                                                     "development-language", "devices"])
        #expect(try workspace.succeed("settings", "get", "categories").stdout == "large\n")
        let set = try workspace.succeed("settings", "set", "categories", "Large, accessibilityExtraExtraExtraLarge")
        #expect(set.stdout.hasPrefix("Set categories = large,accessibilityExtraExtraExtraLarge;"), "\(set.stdout)")
        try workspace.succeed("settings", "set", "pseudo-locales", "accented,rtl")
        #expect(try workspace.succeed("settings", "get", "pseudo-locales").stdout == "accented,rtl\n")
        let before = try workspace.dump()
        let bad = try workspace.labelcat("settings", "set", "categories", "large,huge")
        #expect(bad.status == 1 && bad.stderr.contains("huge") && bad.stderr.contains("categories"), "\(bad.stderr)")
        let empty = try workspace.labelcat("settings", "set", "categories", "")
        #expect(empty.status == 1, "\(empty.stderr)")
        CLITests.expectUsageError(try workspace.labelcat("settings", "get", "default_famly"), naming: ["default_famly"],
                                  usage: "labelcat settings get")
        #expect(try workspace.dump() == before)
    }

    /// FoodPin, a public app, sets every label of its storyboard in Avenir Next, which Linux
    /// lacks: each was an error until the fonts were installed or substituted.
    @Test("font-substitutes: a storyboard's font that is not installed is an error until it has a substitute; a bad value changes nothing")
    func fontSubstitutes() throws {
        let workspace = try Workspace()
        let storyboard = ShopProject.storyboard.replacingOccurrences(
            of: #"<fontDescription key="fontDescription" type="system" pointSize="17"/>"#,
            with: #"<fontDescription key="fontDescription" name="AvenirNext-DemiBold" family="Avenir Next" pointSize="17"/>"#)
        try workspace.directory.write("App/Base.lproj/Main.storyboard", storyboard)
        try workspace.succeed("import", workspace.directory.path("App"))
        let button = ShopProject.labelName(ShopProject.button)
        let missing = try workspace.labelcat("check", button, "--json")
        #expect(missing.status == 1 && missing.stdout.contains("Avenir Next"), "\(missing.stdout)\(missing.stderr)")

        let set = try workspace.succeed("settings", "set", "font-substitutes", " avenir next = DejaVu Sans ,Helvetica Neue=Liberation Sans")
        #expect(set.stdout.hasPrefix("Set font-substitutes = avenir next=DejaVu Sans, Helvetica Neue=Liberation Sans;"), "\(set.stdout)")
        #expect(try workspace.labelcat("check", button).status == 0)
        #expect(try workspace.layout(button)["font"]?["family"] == .string("DejaVu Sans"))

        let before = try workspace.dump()
        for bad in ["Avenir Next", "Avenir Next=", "A=B, a=C", "A=B, B=C"] {
            let refused = try workspace.labelcat("settings", "set", "font-substitutes", bad)
            #expect(refused.status == 1 && refused.stderr.contains("font_substitutes"), "\(bad): \(refused.stderr)")
        }
        #expect(try workspace.dump() == before)

        try workspace.succeed("settings", "set", "font-substitutes", "")
        #expect(try workspace.labelcat("check", button).status == 1)
    }

    @Test("Three categories: three layouts per label and text, kept fresh by serve after a sqlite3 edit; check checks each")
    func categoriesKeptFreshByServe() throws {
        let fixture = try ServiceFixture()
        try fixture.succeed("label", "set", "body", "--frame", "0,0,200,30", "--text", "Notifications", "--text-style", "body")
        try fixture.succeed("label", "set", "body", "--locale", "de", "--text", "Mitteilungen")
        try fixture.succeed("label", "set", "fixed", "--frame", "0,40,200,30", "--text", "Fixed")
        try fixture.succeed("settings", "set", "categories", "large,extraExtraExtraLarge,accessibilityExtraExtraExtraLarge")
        #expect(try fixture.rows("SELECT label || '/' || locale || ':' || count(*) FROM layouts GROUP BY label, locale ORDER BY 1;")
                == ["body/:3", "body/de:3", "fixed/:3"])
        try fixture.sqlite("UPDATE label_texts SET text = 'Hinweise' WHERE label = 'body' AND locale = 'de';")
        try fixture.succeed("serve", "--once")
        #expect(try fixture.int("SELECT count(*) FROM recompute_queue;") == 0)
        #expect(try fixture.staleLayouts().isEmpty)
        #expect(try fixture.rows("SELECT category || ':' || font_size FROM layouts WHERE label = 'body' AND locale = 'de' ORDER BY font_size;")
                == ["large:17.0", "extraExtraExtraLarge:23.0", "accessibilityExtraExtraExtraLarge:53.0"])
        #expect(try fixture.rows("SELECT DISTINCT json_extract(lines, '$[0].text') FROM layouts WHERE label = 'body' AND locale = 'de';")
                .allSatisfy { $0.hasPrefix("Hin") })
        let check = try fixture.labelcat(["check", "--json"])
        let categories = Set(check.lines.compactMap { (try? JSONValue.parse($0))?["category"]?.string })
        #expect(categories == ["accessibilityExtraExtraExtraLarge"], "only the largest text does not fit: \(check.stdout)")
        let narrowed = try fixture.labelcat(["check", "--category", "large"])
        #expect(narrowed.status == 0, "\(narrowed.stdout)")
        #expect(narrowed.stdout.contains("All 3 layouts of 2 labels fit."), "\(narrowed.stdout)")
        // Fewer categories: their layouts are removed.
        try fixture.succeed("settings", "set", "categories", "large")
        #expect(try fixture.int("SELECT count(*) FROM layouts;") == 3)
    }
}
