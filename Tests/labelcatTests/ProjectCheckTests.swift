import Foundation
import LabelJSON
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `labelcat check` with a project file, through the real binary: a repository-shaped folder
/// (a storyboard as Xcode writes it, strings tables in three locales, a String Catalog) with a
/// labelcat.yml that builds labels in code, overrides one, ignores a finding.
@Suite("labelcat.yml: check keeps a project's catalog")
struct ProjectCheckTests {
    /// The project file of the fixture: code labels for every String Catalog key, an override
    /// of the title's lines, the French button ignored.
    static let projectFile = """
        sources: [App/]
        locales: [base, de, fr]
        labels:
          - keys: "Localizable:*"
            frame: {width: device - 250, height: auto}
            font: {textStyle: body}
            numberOfLines: 1
        overrides:
          Main.storyboard/ttl-01-abc: {numberOfLines: 2}
        ignore:
          - label: Main.storyboard/btn-04-jkl
            locale: fr
            reason: the button's French text is set in code

        """

    /// The fixture written into a new folder, with `project` as its labelcat.yml and an empty
    /// subfolder `App/Views` to run commands from.
    static func repository(project: String = projectFile) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory(prefix: "labelcat-project")
        try ShopProject.write(in: directory, root: "App")
        try directory.write("labelcat.yml", project)
        try directory.write("App/Views/.keep", "")
        return directory
    }

    static func run(_ arguments: [String], in directory: TemporaryDirectory, from folder: String = "App/Views",
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> CLI.Run {
        try CLI.labelcat(arguments, in: directory.root.appendingPathComponent(folder), sourceLocation: sourceLocation)
    }

    /// `label/locale/variant/category/kind` of each finding of `check --json`.
    static func findings(_ run: CLI.Run) throws -> [String] {
        try run.stdout.split(separator: "\n").map { line in
            let finding = try JSONValue.parse(String(line))
            return ["label", "locale", "variant", "category", "kind"].map { finding[$0]?.string ?? "?" }.joined(separator: "/")
        }
    }

    /// The German strings of the fixture with the title's text replaced, in UTF-8.
    static func german(title: String) -> String {
        ShopProject.german.replacingOccurrences(of: "Zur Kasse gehen und sofort bezahlen und noch viel mehr", with: title)
    }

    @Test("check from a subfolder gives exactly the planned findings; a second run imports nothing and lays out nothing")
    func checkFromSubfolder() throws {
        let directory = try Self.repository()
        let first = try Self.run(["check", "--json"], in: directory)
        #expect(first.status == 1, "\(first.stderr)")
        // The title, 2 lines by the override, loses lines to its height (not truncated as imported);
        // the French button is ignored; code labels are 375 - 250 = 125 pt wide.
        #expect(try Self.findings(first) == [
            "Localizable:cart.count/de/plural.other/large/truncated",
            "Localizable:cart.count/de/plural.other.worst/large/truncated",
            "Localizable:welcome//device.ipad/large/truncated",
            "Main.storyboard/ttl-01-abc/de//large/lines",
        ], "\(first.stdout)")
        #expect(first.stderr.contains("5 of 5 files imported"), "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.path(".labelcat/catalog.sqlite")))
        let source = try JSONValue.parse(String(first.stdout.split(separator: "\n")[3]))["source"]
        #expect(source?["file"]?.string == "App/de.lproj/Main.strings", "paths are relative to the project folder")

        let second = try Self.run(["check"], in: directory)
        #expect(second.status == 1)
        #expect(second.stderr.contains("0 of 5 files imported, 0 layouts computed"), "\(second.stderr)")
        #expect(second.stdout.contains("1 finding ignored by labelcat.yml:\n  1 × the button's French text is set in code"),
                "\(second.stdout)")

        // Every other command uses the project's catalog.
        let label = try Self.run(["label", "get", "Localizable:welcome", "--json"], in: directory)
        #expect(label.status == 0, "\(label.stderr)")
        let definition = try JSONValue.parse(label.stdout)
        #expect(definition["frame"]?["width"]?.number == 125)
        #expect(definition["font"]?["textStyle"]?.string == "body")

        let report = try Self.run(["report", "--out", "report"], in: directory)
        #expect(report.status == 0, "\(report.stderr)")
        let page = try String(contentsOfFile: directory.path("App/Views/report/index.html"), encoding: .utf8)
        #expect(page.contains("1 finding ignored by labelcat.yml: the button&#39;s French text is set in code (1)")
                || page.contains("1 finding ignored by labelcat.yml: the button's French text is set in code (1)"), "\(page.prefix(2000))")

        // The catalog is a cache: deleted, the next run builds the same.
        try FileManager.default.removeItem(atPath: directory.path(".labelcat"))
        let rebuilt = try Self.run(["check", "--json"], in: directory)
        #expect(rebuilt.stdout == first.stdout)
    }

    @Test("An edited strings file is imported alone; a key removed from it goes; the override survives a new import of the storyboard")
    func editsArePickedUp() throws {
        let directory = try Self.repository()
        _ = try Self.run(["check"], in: directory)
        try directory.write("App/de.lproj/Main.strings", Self.german(title: "Kasse"))
        let edited = try Self.run(["check", "--json"], in: directory)
        #expect(edited.stderr.contains("1 of 5 files imported"), "\(edited.stderr)")
        #expect(try Self.findings(edited) == [
            "Localizable:cart.count/de/plural.other/large/truncated",
            "Localizable:cart.count/de/plural.other.worst/large/truncated",
            "Localizable:welcome//device.ipad/large/truncated",
        ], "\(edited.stdout)")

        // The French button's key removed: its text goes, and nothing is left to ignore.
        let french = ShopProject.french.split(separator: "\n").filter { !$0.contains("btn-04-jkl") }.joined(separator: "\n")
        try directory.write("App/fr.lproj/Main.strings", french)
        let removed = try Self.run(["check"], in: directory)
        #expect(!removed.stdout.contains("ignored"), "\(removed.stdout)")

        // The storyboard imported again (a comment added): the override is applied over it again.
        try directory.write("App/Base.lproj/Main.storyboard", ShopProject.storyboard + "<!-- edited -->\n")
        let again = try Self.run(["check"], in: directory)
        #expect(again.stderr.contains("1 of 5 files imported"), "\(again.stderr)")
        let title = try JSONValue.parse(try Self.run(["label", "get", "Main.storyboard/ttl-01-abc", "--json"], in: directory).stdout)
        #expect(title["numberOfLines"]?.number == 2)
    }

    @Test("A bad key or value names the file, line and key and exits 64; so does a key two labels entries match")
    func badProjectFiles() throws {
        let unknown = try Self.repository(project: "sources: [App/]\nsourcez: [App/]\n")
        let run = try Self.run(["check"], in: unknown)
        #expect(run.status == 64)
        #expect(run.stderr.contains("labelcat.yml:2:1: sourcez: unknown key (did you mean \"sources\"?)"), "\(run.stderr)")
        // Any command run in the folder reads it.
        #expect(try Self.run(["label", "list"], in: unknown).status == 64)

        let value = try Self.repository(project: "categories: [large, huge]\n")
        let bad = try Self.run(["check"], in: value)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("labelcat.yml:1:21: categories: unknown content size category \"huge\""), "\(bad.stderr)")

        let twice = try Self.repository(project: """
            labels:
              - keys: "Localizable:*"
                frame: {width: 200}
              - keys: "Localizable:wel*"
                frame: {width: 100}

            """)
        let matched = try Self.run(["check"], in: twice)
        #expect(matched.status == 64)
        #expect(matched.stderr.contains("matches the entries at lines 2 and 4"), "\(matched.stderr)")
    }

    @Test("Shards 1/2 and 2/2 together give what one check gives, each label in one of them")
    func shards() throws {
        let directory = try Self.repository()
        let whole = try Self.findings(try Self.run(["check", "--json"], in: directory))
        let one = try Self.findings(try Self.run(["check", "--json", "--shard", "1/2"], in: directory))
        let two = try Self.findings(try Self.run(["check", "--json", "--shard", "2/2"], in: directory))
        #expect((one + two).sorted() == whole.sorted())
        #expect(Set(one.map { $0.split(separator: "/")[0] }).isDisjoint(with: two.map { $0.split(separator: "/")[0] }))
        #expect(try Self.run(["check", "--shard", "3/2"], in: directory).status == 64)
    }

    @Test("A bad --shard (syntax, I > N, N = 0) exits 64 before the catalog is brought up to date: it is left byte for byte")
    func badShardLeavesTheCatalog() throws {
        let directory = try Self.repository()
        _ = try Self.run(["check"], in: directory)
        // An edit the next update would import.
        try directory.write("App/de.lproj/Main.strings", Self.german(title: "Kasse"))
        func catalogFiles() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try directory.contents(".labelcat") { files[name] = try Data(contentsOf: URL(fileURLWithPath: directory.path(".labelcat/\(name)"))) }
            return files
        }
        let before = try catalogFiles()
        for shard in ["3/2", "0/2", "1/0", "1", "a/b", "1/2/3", ""] {
            let run = try Self.run(["check", "--shard", shard], in: directory)
            #expect(run.status == 64, "\(shard): \(run.stderr)")
            #expect(run.stderr.contains("'--shard' must be I/N"), "\(shard): \(run.stderr)")
            #expect(!run.stderr.contains("up to date"), "\(shard): \(run.stderr)")
            #expect(try catalogFiles() == before, "\(shard)")
        }
        // A good shard then imports the edit.
        let good = try Self.run(["check", "--shard", "1/1"], in: directory)
        #expect(good.stderr.contains("1 of 5 files imported"), "\(good.stderr)")
    }

    @Test("SARIF: an ignored finding is a result with an external suppression giving the reason; the exit status is as before")
    func ignoredFindingsAreSuppressedInSARIF() throws {
        let directory = try Self.repository()
        let json = try Self.run(["check", "--json"], in: directory)
        let sarif = try Self.run(["check", "--format", "sarif"], in: directory)
        #expect(json.status == 1)
        #expect(sarif.status == 1, "\(sarif.stderr)")
        let results = try JSONValue.parse(sarif.stdout)["runs"]?.array?.first?["results"]?.array ?? []
        #expect(results.count == (try Self.findings(json).count) + 1, "\(sarif.stdout)")
        let suppressed = results.filter { $0["suppressions"] != nil }
        #expect(suppressed.count == 1)
        #expect(suppressed.first?["properties"]?["label"]?.string == "Main.storyboard/btn-04-jkl")
        #expect(suppressed.first?["properties"]?["locale"]?.string == "fr")
        #expect(suppressed.first?["suppressions"] == .array([.object(JSONObject([
            ("kind", .string("external")), ("justification", .string("the button's French text is set in code")),
        ]))]))
        // The other formats count it as ignored, as before.
        let text = try Self.run(["check"], in: directory)
        #expect(text.stdout.contains("1 finding ignored by labelcat.yml:"), "\(text.stdout)")
        #expect(!json.stdout.contains("btn-04-jkl"))

        // Every finding ignored: the check passes, and SARIF still shows each, suppressed.
        let everything = try Self.repository(project: Self.projectFile + "  - label: \"*\"\n    reason: all known\n")
        let passing = try Self.run(["check", "--format", "sarif"], in: everything)
        #expect(passing.status == 0, "\(passing.stderr)")
        let all = try JSONValue.parse(passing.stdout)["runs"]?.array?.first?["results"]?.array ?? []
        #expect(all.count == results.count)
        #expect(all.allSatisfy { $0["suppressions"]?.array?.count == 1 })
    }

    @Test("A baseline entry whose finding is now ignored is reported as ignored, not as fixed, in text and JSON")
    func ignoredBaselineEntryIsNotFixed() throws {
        // No ignore entry yet: the French button's finding goes into the baseline.
        let directory = try Self.repository(project: Self.projectFile.components(separatedBy: "ignore:\n")[0])
        let update = try Self.run(["check", "--update-baseline", "../../baseline.json"], in: directory)
        #expect(update.status == 0, "\(update.stderr)")
        let baseline = try String(contentsOfFile: directory.path("baseline.json"), encoding: .utf8)
        #expect(baseline.contains("btn-04-jkl\", \"locale\": \"fr\""), "\(baseline)")

        // Now the project ignores it.
        try directory.write("labelcat.yml", Self.projectFile)
        let text = try Self.run(["check", "--baseline", "../../baseline.json"], in: directory)
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(!text.stdout.contains("Now fits"), "\(text.stdout)")
        #expect(text.stdout.contains("1 finding ignored by labelcat.yml:"), "\(text.stdout)")
        #expect(text.stdout.contains("Ignored by labelcat.yml (in the baseline; --update-baseline removes them):\n  Main.storyboard/btn-04-jkl [fr"),
                "\(text.stdout)")
        let json = try Self.run(["check", "--json", "--baseline", "../../baseline.json"], in: directory)
        let statuses = try json.stdout.split(separator: "\n").map { line in
            let object = try JSONValue.parse(String(line))
            return "\(object["label"]?.string ?? "")/\(object["locale"]?.string ?? "")/\(object["status"]?.string ?? "")"
        }
        #expect(statuses.contains("Main.storyboard/btn-04-jkl/fr/ignored"), "\(json.stdout)")
        #expect(!statuses.contains { $0.hasSuffix("/fixed") }, "\(json.stdout)")
    }

    @Test("A source file that cannot be imported (not UTF-8, broken JSON) is warned about on every run, not only the first")
    func unreadableFilesWarnEveryRun() throws {
        let directory = try Self.repository()
        // Invalid UTF-8 (C3 28) in a strings table, and a String Catalog cut short.
        try directory.write("App/de.lproj/Broken.strings", Array("\"a\" = \"".utf8) + [0xC3, 0x28] + Array("\";\n".utf8))
        try directory.write("App/Cut.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n")
        for run in 1...3 {
            let check = try Self.run(["check"], in: directory)
            #expect(check.status == 1, "run \(run): \(check.stderr)")
            #expect(check.stderr.contains("Broken.strings") && check.stderr.contains("Cut.xcstrings"), "run \(run): \(check.stderr)")
            #expect(check.stderr.components(separatedBy: "; the file was skipped").count - 1 == 2, "run \(run): \(check.stderr)")
            if run > 1 {
                // Only the two files are read again; nothing else is imported or laid out.
                #expect(check.stderr.contains("2 of 7 files imported"), "run \(run): \(check.stderr)")
                #expect(check.stderr.contains(" 0 layouts computed"), "run \(run): \(check.stderr)")
            }
        }
        // Mended, the file is imported and the warning goes.
        try directory.write("App/Cut.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n  }\n}\n")
        let mended = try Self.run(["check"], in: directory)
        #expect(!mended.stderr.contains("Cut.xcstrings"), "\(mended.stderr)")
        let again = try Self.run(["check"], in: directory)
        #expect(again.stderr.contains("1 of 7 files imported"), "\(again.stderr)")
    }

    @Test("A width device - 32 is worked out on the first configured device, 375 pt without one")
    func deviceWidth() throws {
        let project = """
            sources: [App/]
            devices: [iPhone 16 Pro Max]
            labels:
              - keys: "Localizable:*"
                frame: {width: device - 32}

            """
        let directory = try Self.repository(project: project)
        _ = try Self.run(["check"], in: directory)
        let label = try JSONValue.parse(try Self.run(["label", "get", "Localizable:welcome", "--json"], in: directory).stdout)
        #expect(label["frame"]?["width"]?.number == 408)
    }

    @Test("The baseline key: findings in the project's baseline file do not fail the check")
    func baseline() throws {
        let directory = try Self.repository(project: Self.projectFile + "baseline: labelcat-baseline.json\n")
        let update = try Self.run(["check", "--update-baseline", "../../labelcat-baseline.json"], in: directory)
        #expect(update.status == 0, "\(update.stderr)")
        let check = try Self.run(["check"], in: directory)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("4 known findings (in the baseline) not listed."), "\(check.stdout)")
    }

    @Test("App fonts: a family only the project's fonts folder has lays out; without it, its labels cannot be laid out")
    func appFonts() throws {
        let font = CLI.packageRoot.appendingPathComponent("Tests/LabelLayoutTests/Fixtures/Tracked.ttf").path
        let rule = """
            sources: [App/]
            labels:
              - keys: "Localizable:*"
                frame: {width: 300}
                font: {family: Labelcat Tracked, size: 17}

            """
        let without = try Self.repository(project: rule)
        let failing = try Self.findings(try Self.run(["check", "--json"], in: without))
        #expect(failing.contains { $0.hasPrefix("Localizable:welcome/") && $0.hasSuffix("/error") }, "\(failing)")

        let with = try Self.repository(project: rule + "fonts: [App/Fonts/]\n")
        try with.write("App/Fonts/Tracked.ttf", Array(try Data(contentsOf: URL(fileURLWithPath: font))))
        let fitting = try Self.findings(try Self.run(["check", "--json"], in: with))
        #expect(!fitting.contains { $0.hasSuffix("/error") }, "\(fitting)")
    }

    @Test("init --xcode writes a starting labelcat.yml, never over a file or through a symbolic link")
    func initFromXcode() throws {
        let directory = try TemporaryDirectory(prefix: "labelcat-init")
        let fixture = CLI.packageRoot.appendingPathComponent("Tests/LabelImportTests/Fixtures/Shop").path
        let copy = try CLI.program("/bin/cp", ["-R", fixture, directory.path("Shop")])
        #expect(copy.status == 0)
        let folder = directory.root.appendingPathComponent("Shop")
        let written = try CLI.labelcat(["init", "--xcode", "Shop.xcodeproj"], in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        let text = try String(contentsOfFile: directory.path("Shop/labelcat.yml"), encoding: .utf8)
        #expect(text.contains("developmentLanguage: en"), "\(text)")
        #expect(text.contains("sources:"), "\(text)")
        let again = try CLI.labelcat(["init", "--xcode", "Shop.xcodeproj"], in: folder)
        #expect(again.status == 1)
        #expect(again.stderr.contains("exists already"), "\(again.stderr)")

        try FileManager.default.removeItem(atPath: directory.path("Shop/labelcat.yml"))
        #expect(symlink(directory.path("elsewhere.yml"), directory.path("Shop/labelcat.yml")) == 0)
        let link = try CLI.labelcat(["init", "--xcode", "Shop.xcodeproj"], in: folder)
        #expect(link.status == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.path("elsewhere.yml")))
    }
}
