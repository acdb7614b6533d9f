@testable import LabelCatalog
import LabelImport
import LabelJSON
import LabelModel
import LabelSync
import Testing
import TestSupport

/// Texts belong to keys (docs/catalog.md, *Labels, keys and texts*): every imported text is
/// stored by its key, a label shows its key's texts, its own texts win; the development
/// language supplies the base text (docs/xcode-files.md); an import takes what it can read.
@Suite("Texts by key and the development language")
struct KeyTextsTests {
    static let frame = Rect(x: 0, y: 0, width: 240, height: 30)

    /// An app's `Localizable` in English and German, nothing keyed to it yet.
    static func app(_ directory: TemporaryDirectory) throws {
        try directory.write("App/en.lproj/Localizable.strings", """
            /* The greeting */
            "greeting" = "Hello";
            "farewell" = "Goodbye";
            "unused" = "Never shown";

            """)
        try directory.write("App/de.lproj/Localizable.strings", """
            "greeting" = "Hallo";
            "farewell" = "Auf Wiedersehen";

            """)
    }

    @Test("Every imported text is stored by its key; a label keyed afterwards has its texts at once; labels sharing a key share one copy")
    func textsBelongToKeys() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        try Self.app(directory)
        let summary = try catalog.importTexts(from: [directory.path("App")])
        #expect(summary.textsStored == 5 && summary.unmatched.count == 3)
        #expect(summary.localesWithoutLabels == ["de", "en"], "no label shows any of them yet")
        #expect(try catalog.keysWithoutLabels().map(\.key) == ["Localizable:farewell", "Localizable:greeting", "Localizable:unused"])
        #expect(try catalog.keysWithoutLabels().first?.source.line == 3)

        try catalog.setLabels([LabelRecord(name: "home.greeting", key: "Localizable:greeting", frame: Self.frame),
                               LabelRecord(name: "tab.greeting", key: "Localizable:greeting", frame: Self.frame)])
        let home = try catalog.label(named: "home.greeting")
        #expect(home.texts == ["de": "Hallo", "en": "Hello"])
        #expect(home.text == "Hello", "no base text of its own: the development language's (en)")
        #expect(home.textsFromKey == [TextKey(locale: ""), TextKey(locale: "de"), TextKey(locale: "en")])
        #expect(try catalog.layout(label: "tab.greeting", locale: "de").lines.map(\.text) == ["Hallo"])
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM key_texts WHERE key = 'Localizable:greeting'") == 2)
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM label_texts") == 0, "labels hold no copies")
        #expect(try catalog.keysWithoutLabels().map(\.key) == ["Localizable:farewell", "Localizable:unused"])
        #expect(try catalog.check().keysWithoutLabels.map(\.key) == ["Localizable:farewell", "Localizable:unused"])
        // The definition as written out names only the label's own texts, so it goes back in unchanged.
        #expect(home.json["texts"] == nil && home.json["text"] == nil)
        let export = try LabelRecord(json: home.json)
        try catalog.setLabels([export])
        #expect(try catalog.label(named: "home.greeting") == home)

        // A text set on a label is its own and wins over its key's; removed, the key's shows again.
        try catalog.setTexts([(label: "home.greeting", locale: "de", text: "Servus")])
        #expect(try catalog.label(named: "home.greeting").texts["de"] == "Servus")
        #expect(try catalog.label(named: "tab.greeting").texts["de"] == "Hallo")
        let again = try catalog.importTexts(from: [directory.path("App")])
        #expect(again.textsWritten == 0 && again.labelsQueued == 0, "an unchanged import writes nothing")
        #expect(try catalog.label(named: "home.greeting").texts["de"] == "Servus", "an import leaves a label's own text alone")
        #expect(try catalog.removeTexts(label: "home.greeting", [TextKey(locale: "de")]) == 1)
        #expect(try catalog.layout(label: "home.greeting", locale: "de").lines.map(\.text) == ["Hallo"])
    }

    @Test("Setting or importing a definition keeps every text it does not name (label import, import, label import again)")
    func definitionsKeepTexts() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        try Self.app(directory)
        let definitions = [LabelRecord(name: "code.greeting", key: "Localizable:greeting", text: "Hi", frame: Self.frame),
                           LabelRecord(name: "code.farewell", key: "Localizable:farewell", text: "Bye", texts: ["fr": "Au revoir"],
                                       frame: Self.frame)]
        try catalog.setLabels(definitions)
        _ = try catalog.importTexts(from: [directory.path("App")])
        let before = try catalog.labels()
        #expect(before.map { $0.locales } == [["de", "en", "fr"], ["de", "en"]])
        var changed = definitions
        changed[1].texts = [:]
        changed[1].frame.width = 300
        try catalog.setLabels(changed)
        let after = try catalog.labels()
        #expect(after.map { $0.locales } == [["de", "en", "fr"], ["de", "en"]], "texts it does not name are kept")
        #expect(after[0].frame.width == 300)
        #expect(try catalog.check().checked.count == 4 + 3)
    }

    @Test("The development language: a String Catalog's sourceLanguage, else the Xcode project's developmentRegion, else en; a setting or the option wins; Base texts win over it")
    func developmentLanguage() throws {
        func imported(_ files: [String: String], options: ImportOptions = ImportOptions(),
                      setting: String? = nil) throws -> (ImportSummary, LabelRecord, String?) {
            let directory = try TemporaryDirectory()
            let catalog = try makeCatalog(in: directory, tokens: false)
            if let setting { try catalog.setSetting(.developmentLanguage, to: setting) }
            for (path, content) in files { try directory.write(path, content) }
            try catalog.setLabels([LabelRecord(name: "title", key: "Localizable:title", frame: Self.frame)])
            let summary = try catalog.importTexts(from: [directory.path("App")], options: TextImportOptions(files: options))
            _ = try catalog.layOutQueued()
            let stored = try catalog.database.scalarText("SELECT value FROM settings WHERE key = 'development_language'")
            return (summary, try catalog.label(named: "title"), stored)
        }
        let strings = ["App/en.lproj/Localizable.strings": "\"title\" = \"Title\";", "App/fr.lproj/Localizable.strings": "\"title\" = \"Titre\";"]
        let stringCatalog = #"{"sourceLanguage": "fr", "strings": {"title": {"localizations": {"fr": {"stringUnit": {"state": "translated", "value": "Titre"}}, "en": {"stringUnit": {"state": "translated", "value": "Title"}}}}}}"#
        let project = "// !$*UTF8*$!\n{ objects = { A = { isa = PBXProject; developmentRegion = fr; }; }; }\n"

        var (summary, label, stored) = try imported(strings)
        #expect(summary.developmentLanguageOrigin == .fallback && label.text == "Title" && stored == nil)
        (summary, label, stored) = try imported(["App/Localizable.xcstrings": stringCatalog])
        #expect(summary.developmentLanguage == "fr" && label.text == "Titre" && stored == "fr")
        if case .stringCatalog(let file) = summary.developmentLanguageOrigin { #expect(file.hasSuffix("App/Localizable.xcstrings")) } else {
            Issue.record("\(summary.developmentLanguageOrigin)")
        }
        (summary, label, stored) = try imported(strings.merging(["App/App.xcodeproj/project.pbxproj": project]) { $1 })
        #expect(summary.developmentLanguageOrigin == .project && label.text == "Titre" && stored == "fr")
        (summary, label, stored) = try imported(strings.merging(["App/App.xcodeproj/project.pbxproj": project]) { $1 },
                                                options: ImportOptions(developmentLanguage: "en"))
        #expect(summary.developmentLanguageOrigin == .option && label.text == "Title" && stored == "en")
        (summary, label, stored) = try imported(["App/Localizable.xcstrings": stringCatalog], setting: "en")
        #expect(summary.developmentLanguageOrigin == .setting && label.text == "Title" && stored == "en")
        (summary, label, _) = try imported(strings.merging(["App/Base.lproj/Localizable.strings": "\"title\" = \"Base title\";"]) { $1 })
        #expect(label.text == "Base title", "a Base text wins over the development language's")
    }

    @Test("Keyed labels without a base text of their own get their development-language text: pseudolanguages and pictures have text")
    func pseudolanguagesOfKeyedLabels() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        try Self.app(directory)
        try catalog.setLabels([LabelRecord(name: "greeting", key: "Localizable:greeting", frame: Self.frame)])
        _ = try catalog.importTexts(from: [directory.path("App")])
        try catalog.setSetting(.pseudoLocales, to: "accented")
        _ = try catalog.layOutQueued()
        let base = try catalog.layout(label: "greeting")
        #expect(base.lines.map(\.text) == ["Hello"] && (base.textRect?.height ?? 0) > 0)
        #expect(try catalog.layout(label: "greeting", locale: "x-pseudo-accented").lines.first?.text.isEmpty == false)
        let finding = try #require(try catalog.check(CheckScope(locales: ["en"])).checked.first)
        #expect(finding.locale == "en")
        // The development language changed by hand: every label follows.
        try SQLiteShell.run(catalog.path, "INSERT INTO settings (key, value) VALUES ('development_language', 'de')")
        _ = try catalog.layOutQueued()
        #expect(try catalog.layout(label: "greeting").lines.map(\.text) == ["Hallo"])
    }

    @Test("A file that cannot be read is skipped whole with its file and line; the rest is imported; strict refuses it")
    func unreadableFilesAreSkipped() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        try Self.app(directory)
        try directory.write("App/fr.lproj/Localizable.strings", "\"greeting\" = \"Salut\";\n\"farewell\" = \"Adieu\"\n")
        try directory.write("App/Base.lproj/Broken.storyboard", """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                <scenes><scene sceneID="s"><objects><viewController id="v"><view key="view" id="w"><subviews>
                <label text="One" id="one-00-aaa"><rect key="frame" x="0" y="0" width="10" height="10"/></label>
                <label text="Two" lineBreakMode="wrapEverything" id="two-00-bbb"><rect key="frame" x="0" y="0" width="10" height="10"/></label>
                </subviews></view></viewController></objects></scene></scenes>
            </document>
            """)
        try directory.write("App/de.lproj/Broken.strings", "\"one-00-aaa.text\" = \"Eins\";\n")
        let before = try SQLiteShell.dump(catalog.path)
        let error = #expect(throws: ImportError.self) {
            try catalog.importTexts(from: [directory.path("App")], options: TextImportOptions(strict: true))
        }
        for fragment in ["Broken.storyboard:", "lineBreakMode"] {
            #expect(error?.description.contains(fragment) == true, "\(String(describing: error)) should mention \(fragment)")
        }
        #expect(try SQLiteShell.dump(catalog.path) == before)

        let summary = try catalog.importTexts(from: [directory.path("App")])
        #expect(summary.skippedFiles.map { $0.path.hasSuffix("Broken.storyboard") || $0.path.hasSuffix("fr.lproj/Localizable.strings") } == [true, true])
        #expect(summary.skippedFiles.map { "\($0.error)".contains(":") } == [true, true])
        #expect(summary.labelsCreated == 0, "the storyboard's good label went with its file")
        #expect(summary.files.count == 3, "English, German and the German translation of the skipped storyboard")
        #expect(try column(catalog.database, "SELECT DISTINCT locale FROM key_texts ORDER BY locale") == ["de", "en"],
                "the French file's good first line is not stored")
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM key_texts WHERE key = 'Broken:one-00-aaa.text'") == 1,
                "a translation of a skipped storyboard is a key's text like any other")
    }
}
