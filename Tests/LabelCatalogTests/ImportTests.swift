import Foundation
@testable import LabelCatalog
import LabelImport
import LabelJSON
import LabelModel
import LabelSync
import Testing
import TestSupport

/// `Catalog.importTexts`: Xcode's files into the catalog — Interface Builder labels become
/// definitions, texts fill the labels their keys name, with variants and sources; one
/// transaction; layouts afterwards.
@Suite("Importing Xcode's files")
struct ImportTests {
    /// A catalog in `directory` with the project written beside it and its keyed labels made.
    static func shop(_ directory: TemporaryDirectory) throws -> (catalog: Catalog, paths: [String: String]) {
        let catalog = try makeCatalog(in: directory, tokens: false)
        let paths = try ShopProject.write(in: directory)
        var records: [LabelRecord] = []
        for arguments in ShopProject.keyedLabels {
            let frame = arguments[arguments.firstIndex(of: "--frame")! + 1].split(separator: ",").map { Double($0)! }
            records.append(LabelRecord(name: arguments[0], key: arguments[arguments.firstIndex(of: "--key")! + 1],
                                       text: arguments[arguments.firstIndex(of: "--text")! + 1],
                                       frame: Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3])))
        }
        try catalog.setLabels(records)
        return (catalog, paths)
    }

    @Test("A project folder: storyboard labels created (named FILE/ID, keyed TABLE:ID.text), texts with variants and sources, skipped keys counted")
    func importProject() throws {
        let directory = try TemporaryDirectory()
        let (catalog, _) = try Self.shop(directory)
        let summary = try catalog.importTexts(from: [directory.path("Shop")])
        #expect(summary.labelsCreated == 4 && summary.labelsUpdated == 0)
        #expect(summary.files.count == 5)
        #expect(summary.unmatched.map(\.key) == ["Main:zzz-99-zzz.text"])
        #expect(summary.unmatched.first?.source.line == 5)
        #expect(summary.locales == ["de", "en", "fr", "ja"])
        #expect(try catalog.untranslatedLabels(after: summary).map { "\($0.locale): \($0.labels.joined(separator: ", "))" }
                == ["fr: Main.storyboard/bdy-03-ghi"],
                "per locale, only the tables read in it: French Main.strings lacks the body")
        // 4 German + 3 French + 5 Japanese storyboard texts (one of a key no label has, stored
        // for a label keyed later); cart.count 2 × 2, welcome: de + 3 en devices, once for both
        // labels that share the key.
        #expect(summary.textsStored == 4 + 3 + 5 + 4 + 4)
        #expect(summary.textsWritten == summary.textsStored)
        #expect(summary.labelsQueued == 7)

        let title = try catalog.label(named: ShopProject.labelName(ShopProject.title))
        #expect(title.key == "Main:ttl-01-abc.text")
        #expect(title.text == "Checkout")
        #expect(title.source?.file.hasSuffix("Shop/Base.lproj/Main.storyboard") == true && title.source?.line != nil)
        #expect(title.texts["de"] == "Zur Kasse gehen und sofort bezahlen und noch viel mehr")
        let body = try catalog.label(named: ShopProject.labelName(ShopProject.body))
        #expect(body.isSelfSizing, "numberOfLines 0 under Auto Layout without a height constraint")
        let badge = try catalog.label(named: "cart.badge")
        #expect(badge.text == "Cart", "the development language is a locale: the base text stays the label's own")
        #expect(badge.variantTexts == [TextKey(locale: "de", variant: "plural.one"): "%lld Artikel",
                                       TextKey(locale: "de", variant: "plural.other"): "%lld Artikel im Warenkorb gespeichert und reserviert",
                                       TextKey(locale: "en", variant: "plural.one"): "%lld item",
                                       TextKey(locale: "en", variant: "plural.other"): "%lld items"])
        #expect(try catalog.label(named: "tab.welcome").variantTexts[TextKey(locale: "en", variant: "device.ipad")] == "Welcome to the shop on your iPad",
                "a key serves every label that has it")
        let germanTitle = try #require(try catalog.textSource(label: title.name, key: TextKey(locale: "de")))
        #expect(germanTitle.file == directory.path("Shop/de.lproj/Main.strings") && germanTitle.line == 2, "UTF-16 read, line of the key")
        let catalogText = try #require(try catalog.textSource(label: "cart.badge", key: TextKey(locale: "de", variant: "plural.other")))
        #expect(catalogText.line == ShopProject.line(of: #""de" : {"#, in: ShopProject.stringCatalog, after: #""cart.count""#))

        // Layouts come afterwards, from the queue.
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM recompute_queue") == 7)
        let layouts = try catalog.layOutQueued()
        #expect(layouts.labels == 7)
        #expect(try catalog.allLayoutsFresh())
        #expect(try catalog.layout(label: "home.welcome", locale: "en", variant: "device.ipad").truncated)
        #expect(try !catalog.layout(label: "tab.welcome", locale: "en", variant: "device.ipad").truncated)

        // Again, unchanged: nothing written, nothing queued.
        let before = try SQLiteShell.dump(catalog.path)
        let again = try catalog.importTexts(from: [directory.path("Shop")])
        #expect(again.labelsUnchanged == 4 && again.textsWritten == 0 && again.labelsQueued == 0)
        #expect(try SQLiteShell.dump(catalog.path) == before)
    }

    @Test("A storyboard imported again updates its labels and keeps their translations")
    func storyboardUpdateKeepsTexts() throws {
        let directory = try TemporaryDirectory()
        let (catalog, paths) = try Self.shop(directory)
        _ = try catalog.importTexts(from: [directory.path("Shop")])
        try directory.write(paths["storyboard"]!, ShopProject.storyboard.replacingOccurrences(of: #"width="200" height="26""#,
                                                                                              with: #"width="260" height="26""#))
        let summary = try catalog.importTexts(from: [directory.path(paths["storyboard"]!)])
        #expect(summary.labelsUpdated == 1 && summary.labelsUnchanged == 3)
        let title = try catalog.label(named: ShopProject.labelName(ShopProject.title))
        #expect(title.frame.width == 260)
        #expect(title.texts["de"] != nil && title.texts["fr"] == "Paiement")
    }

    @Test("Translations find their labels wherever the files lie: Interface Builder files are read first")
    func interfaceBuilderFirst() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        try directory.write("App/A/Main.xcstrings", #"""
            {"sourceLanguage": "en", "strings": {"ttl-01-abc.text": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Kasse"}}}}}}
            """#)
        try directory.write("App/Z/Base.lproj/Main.storyboard", ShopProject.storyboard)
        let summary = try catalog.importTexts(from: [directory.path("App")])
        #expect(summary.unmatched.isEmpty)
        #expect(try catalog.label(named: ShopProject.labelName(ShopProject.title)).texts["de"] == "Kasse")
    }

    @Test("strict: a malformed file among good ones refuses the import; the error names the file, line and key; the catalog is byte-identical",
          arguments: [
            ("de.lproj/Main.strings", "\"ttl-01-abc.text\" = \"Kasse\"\n\"sub-02-def.text\" = \"Prüfen\";\n", ["de.lproj/Main.strings:2", "ttl-01-abc.text", "';'"]),
            ("Broken.xcstrings", #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"stringUnit": {"state": "done", "value": "x"}}}}}}"#,
             ["Broken.xcstrings:1", "\"k\"", "done"]),
            ("Base.lproj/Broken.storyboard", "<document type=\"x\"><scenes><label id=\"a\"></scenes></document>", ["Broken.storyboard"]),
          ])
    func malformedFile(_ file: String, _ content: String, _ fragments: [String]) throws {
        let directory = try TemporaryDirectory()
        let (catalog, _) = try Self.shop(directory)
        _ = try catalog.importTexts(from: [directory.path("Shop/ja.lproj")])
        try directory.write("Shop/\(file)", content)
        let before = try SQLiteShell.dump(catalog.path)
        let error = #expect(throws: ImportError.self) {
            try catalog.importTexts(from: [directory.path("Shop")], options: TextImportOptions(strict: true))
        }
        for fragment in fragments {
            #expect(error?.description.contains(fragment) == true, "\(String(describing: error)) should mention \(fragment)")
        }
        #expect(try SQLiteShell.dump(catalog.path) == before)
    }

    @Test("strict: a key no label has refuses the import, naming the key, file and line; nothing changes")
    func strict() throws {
        let directory = try TemporaryDirectory()
        let (catalog, _) = try Self.shop(directory)
        let before = try SQLiteShell.dump(catalog.path)
        let error = expectCatalogError(["Main:zzz-99-zzz.text", "ja.lproj/Main.strings:5", "nothing was imported"]) {
            _ = try catalog.importTexts(from: [directory.path("Shop")], options: TextImportOptions(strict: true))
        }
        if case .unknownKeys(let keys)? = error { #expect(keys.count == 1) } else { Issue.record("\(String(describing: error))") }
        #expect(try SQLiteShell.dump(catalog.path) == before)
    }

    @Test("A text not translated yet (state new) is not stored, and removes what was stored for it")
    func newStateNotStored() throws {
        let directory = try TemporaryDirectory()
        let (catalog, paths) = try Self.shop(directory)
        _ = try catalog.importTexts(from: [directory.path(paths["catalog"]!)])
        #expect(try catalog.label(named: "tab.welcome").texts["de"] == "Willkommen")
        // The German welcome, not translated yet.
        var edited = ShopProject.stringCatalog
        let value = try #require(edited.range(of: #""value" : "Willkommen""#))
        let state = try #require(edited.range(of: #""translated""#, options: .backwards, range: edited.startIndex..<value.lowerBound))
        edited.replaceSubrange(state, with: #""new""#)
        try directory.write(paths["catalog"]!, edited)
        let summary = try catalog.importTexts(from: [directory.path(paths["catalog"]!)])
        #expect(summary.textsNotLaidOut == 1 && summary.textsRemoved == 1, "one text of a key two labels share")
        #expect(try catalog.label(named: "tab.welcome").texts["de"] == nil)
        #expect(try catalog.label(named: "home.welcome").texts["de"] == nil)
    }

    @Test("A String Catalog read again as a project's (replacing what it gave) loses the texts it no longer gives, each by key, locale and variant")
    func textsGoneFromFile() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        let frame = Rect(x: 0, y: 0, width: 200, height: 40)
        try catalog.setLabels([LabelRecord(name: "welcome", key: "Localizable:welcome", text: "Welcome", frame: frame),
                               LabelRecord(name: "bye", key: "Localizable:bye", text: "Bye", frame: frame)])
        func unit(_ value: String) -> String { #"{"stringUnit": {"state": "translated", "value": "\#(value)"}}"# }
        func stringCatalog(_ strings: [(key: String, locales: [(String, String)])]) -> String {
            let entries = strings.map { string in
                #""\#(string.key)": {"localizations": {"# + string.locales.map { #""\#($0.0)": "# + unit($0.1) }.joined(separator: ", ") + "}}"
            }
            return #"{"sourceLanguage": "en", "version": "1.0", "strings": {"# + entries.joined(separator: ", ") + "}}"
        }
        let path = try directory.write("Localizable.xcstrings", stringCatalog([
            ("welcome", [("de", "Willkommen"), ("fr", "Bienvenue")]), ("bye", [("de", "Tschüss"), ("fr", "Au revoir")])]))
        #expect(try catalog.importTexts(from: [path]).textsWritten == 6, "each key's German, French and English (the key itself)")
        try directory.write("Localizable.xcstrings", stringCatalog([("welcome", [("de", "Willkommen")]), ("bye", [("fr", "Au revoir")])]))
        #expect(try catalog.importTexts(from: [path]).textsRemoved == 0, "a plain import only adds")
        let summary = try catalog.importTexts(from: [path], options: TextImportOptions(replacesFileContents: true))
        #expect(summary.textsRemoved == 2 && summary.textsWritten == 0)
        let welcome = try catalog.label(named: "welcome"), bye = try catalog.label(named: "bye")
        #expect(welcome.texts["de"] == "Willkommen" && welcome.texts["fr"] == nil)
        #expect(bye.texts["de"] == nil && bye.texts["fr"] == "Au revoir")
    }

    @Test("By label name (label import): keys are names, an unknown name refuses the file")
    func byLabelName() throws {
        let directory = try TemporaryDirectory()
        let (catalog, _) = try Self.shop(directory)
        let path = try directory.write("de.lproj/Texts.strings", "\"cart.badge\" = \"Warenkorb\";\n")
        let options = TextImportOptions(matching: .labelNames, strict: true)
        let summary = try catalog.importTexts(from: [path], options: options)
        #expect(summary.textsStored == 1)
        #expect(try catalog.label(named: "cart.badge").texts["de"] == "Warenkorb")
        let unknown = try directory.write("fr.lproj/Texts.strings", "\"no.such\" = \"x\";\n")
        expectCatalogError(["no.such", "nothing was imported"]) { _ = try catalog.importTexts(from: [unknown], options: options) }
    }
}
