import LabelImport
import Testing

@Suite struct StringCatalogTests {
    static let path = Fixtures.path("Project/App/Catalog.xcstrings")

    @Test func pluralDeviceAndSubstitutionVariants() throws {
        let result = try importAll([Self.path])
        #expect(result.files == [ImportedFile(path: Self.path, format: .stringCatalog, locale: nil, table: "Catalog")])
        let rows = result.strings.map { "\($0.key) | \($0.locale) | \($0.variant) | \($0.value) | \($0.source.line ?? 0)" }
        #expect(rows == [
            "%lld messages | de | plural.one | %lld Nachricht | 8",
            "%lld messages | de | plural.other | %lld Nachrichten | 8",
            "%lld messages | en | plural.one | %lld message | 26",
            "%lld messages | en | plural.other | %lld messages | 26",
            // No English localization: the key is the English text.
            "%lld photos selected | en |  | %lld photos selected | 46",
            // Device, then plural, as nested in the file.
            "%lld photos selected | de | device.iphone.plural.one | %lld Foto | 48",
            "%lld photos selected | de | device.iphone.plural.other | %lld Fotos | 48",
            "%lld photos selected | de | device.other.plural.one | %lld Foto ausgewählt | 48",
            "%lld photos selected | de | device.other.plural.other | %lld Fotos ausgewählt | 48",
            "Auto-extracted | en |  | Auto-extracted | 92",
            "greeting | de |  | Hallo | 98",
            "greeting | en |  | Hello | 104",
            "greeting | fr |  | Bonjour | 110",
            "greeting | ja |  |  | 116",
            "LabelCat | en |  | LabelCat | 124",
            // Two substitutions: `%arg` becomes `%1$lld`/`%2$lld` after each one's argNum.
            "storage | de | plural.files.one.plural.folders.one | eine Datei in %2$lld Ordner | 129",
            "storage | de | plural.files.one.plural.folders.other | eine Datei in %2$lld Ordnern | 129",
            "storage | de | plural.files.other.plural.folders.one | %1$lld Dateien in %2$lld Ordner | 129",
            "storage | de | plural.files.other.plural.folders.other | %1$lld Dateien in %2$lld Ordnern | 129",
            // One substitution, one argument: `%arg` is the substitution's own `%lld`.
            "storage | en | plural.one | %lld file stored | 177",
            "storage | en | plural.other | %lld files stored | 177",
        ])
        #expect(result.strings.allSatisfy { $0.table == "Catalog" && $0.isSourceLanguage == ($0.locale == "en") })
    }

    @Test func statesCommentsAndExtraction() throws {
        let strings = try importAll([Self.path]).strings
        func find(_ key: String, _ locale: String, _ variant: String = "") -> LocalizedString? {
            strings.first { $0.key == key && $0.locale == locale && $0.variant == variant }
        }
        #expect(find("greeting", "de")?.state == .translated)
        #expect(find("greeting", "fr")?.state == .needsReview)
        #expect(find("greeting", "ja")?.state == .new)
        #expect(find("%lld messages", "de", "plural.other")?.state == .needsReview)
        // Laid out: everything but a `new` translation (the source language's own texts always).
        #expect(find("greeting", "ja")?.isLaidOut == false)
        #expect(find("greeting", "fr")?.isLaidOut == true)
        #expect(find("Auto-extracted", "en")?.isLaidOut == true)
        #expect(find("%lld messages", "de", "plural.one")?.comment == "Inbox header")
        #expect(find("%lld messages", "en", "plural.one")?.extractionState == "manual")
        #expect(find("LabelCat", "en")?.shouldTranslate == false)
        #expect(find("greeting", "de")?.shouldTranslate == true)
    }

    @Test func sourceLanguageMayComeAfterStrings() throws {
        let file = try ScratchFile("Late.xcstrings", """
            {"strings": {"a": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "A"}}}}},
             "version": "1.0", "sourceLanguage": "fr"}
            """)
        let result = try importAll([file.path])
        #expect(result.texts(table: "Late", locale: "fr") == ["a": "a"])
        #expect(result.texts(table: "Late", locale: "de") == ["a": "A"])
    }

    /// Every malformed variant names the file, the line and (when known) the key.
    @Test(arguments: [
        ("{\"sourceLanguage\": \"en\", \"strings\": {\n\"a\": {,}}}", 2, "a", ImportProblem.json("expected a string key")),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {}, \"a\": {}}}", 1, nil, .json("duplicate key \"a\"")),
        ("{\"sourceLanguage\": \"en\", \"strings\": {}} trailing", 1, nil, .json("unexpected text after the document")),
        ("[1]", 1, nil, .json("a String Catalog must be a JSON object")),
        ("{\"strings\": {}}", 1, nil, .missing("sourceLanguage")),
        ("{\"sourceLanguage\": \"en\"}", 1, nil, .missing("strings")),
        ("{\"sourceLanguage\": 1, \"strings\": {}}", 1, nil, .shape(path: "sourceLanguage", expected: "a string", found: "a number")),
        ("{\"sourceLanguage\": \"en\", \"strings\": []}", 1, nil, .shape(path: "strings", expected: "an object", found: "an array")),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": 3}}", 1, "a", .shape(path: "the value", expected: "an object", found: "a number")),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {\"shouldTranslate\": \"no\"}}}", 1, "a",
         .shape(path: "shouldTranslate", expected: "true or false", found: "a string")),
        (catalog("\"de\": {\"stringUnit\": {\"state\": \"done\", \"value\": \"x\"}}"), 4, "k", .unknownState("done")),
        (catalog("\"de\": {\"stringUnit\": {\"state\": \"translated\"}}"), 4, "k", .missing("localizations.de.stringUnit.value")),
        (catalog("\"de\": {\"stringUnit\": {\"value\": 5}}"), 4, "k",
         .shape(path: "localizations.de.stringUnit.value", expected: "a string", found: "a number")),
        (catalog("\"de\": {\"comment\": \"x\"}"), 4, "k", .missing("localizations.de.stringUnit")),
        (catalog("\"de\": {\"variations\": {\"gender\": {}}}"), 4, "k", .unknownVariation("gender")),
        (catalog("\"de\": {\"variations\": {\"plural\": {\"several\": {\"stringUnit\": {\"value\": \"x\"}}}}}"), 4, "k",
         .unknownPluralCategory("several")),
        (catalog("\"de\": {\"variations\": {\"plural\": {}, \"device\": {}}}"), 4, "k",
         .shape(path: "localizations.de.variations", expected: "an object of one kind of variation (plural or device)", found: "an object")),
        (catalog("\"de\": {\"stringUnit\": {\"value\": \"%lld of %#@n@\"}}"), 4, "k", .undefinedSubstitution("n")),
        (catalog("\"de\": {\"stringUnit\": {\"value\": \"%#@n@\"}, \"substitutions\": {\"n\": {\"argNum\": 0}}}"), 4, "k",
         .shape(path: "localizations.de.substitutions.n.argNum", expected: "a whole number from 1", found: "a number")),
        (catalog("\"de\": \"x\""), 4, "k", .shape(path: "localizations.de", expected: "an object", found: "a string")),
    ] as [(String, Int, String?, ImportProblem)])
    func malformedCatalogsAreRefused(text: String, line: Int, key: String?, problem: ImportProblem) throws {
        let file = try ScratchFile("Broken.xcstrings", text)
        #expect(importError([file.path])?.located == Located(file: file.path, line: line, key: key, problem: problem))
    }

    @Test func truncatedCatalogIsRefused() throws {
        let text = try Fixtures.text("Project/App/Catalog.xcstrings")
        let cut = text.firstRange(of: "\"Hello\"")!.lowerBound
        let file = try ScratchFile("Catalog.xcstrings", String(text[..<cut]))
        #expect(importError([file.path])?.located == Located(file: file.path, line: 107, key: "greeting",
                                                            problem: .json("unexpected end of input (in localizations.en.stringUnit.value)")))
    }

    private static func catalog(_ localizations: String) -> String {
        """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "k" : { "localizations" : { \(localizations) } }
          }
        }
        """
    }
}
