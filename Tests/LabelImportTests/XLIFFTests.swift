import LabelImport
import Testing

@Suite struct XLIFFTests {
    static let catalog = Fixtures.path("Export/de.xcloc")
    static let xliff = Fixtures.path("Export/de.xcloc/Localized Contents/de.xliff")

    @Test func anXcodeExportImportsItsTargets() throws {
        let result = try importAll([Self.catalog])
        // `Source Contents` holds copies of the project's files: not read.
        #expect(result.files == [ImportedFile(path: Self.xliff, format: .xliff, locale: nil, table: nil)])
        #expect(result.texts(table: "Main", locale: "de") == ["tTl-1a-WlC.text": "Willkommen zurück"])
        #expect(result.texts(table: "Localizable", locale: "de") == [
            "login.title": "Anmelden",
            "login.with": "Mit %@ anmelden",
            "passcode.failures": "%i Failed Passcode Attempts",
            "multi.line": "Erste Zeile\nZweite Zeile",
            "%d items [plural.one]": "%d Element",
            "%d items [plural.other]": "%d Elemente",
        ])
        #expect(result.texts(table: "Catalog", locale: "de") == [
            "%lld messages [plural.one]": "%lld Nachricht",
            "%lld messages [plural.other]": "%lld Nachrichten",
            "%lld photos selected [device.iphone.plural.one]": "%lld Foto",
            "%lld photos selected [device.iphone.plural.other]": "%lld Fotos",
            "greeting": "Hallo",
            "storage [plural.files.one.plural.folders.one]": "eine Datei in %2$lld Ordner",
            "storage [plural.files.one.plural.folders.other]": "eine Datei in %2$lld Ordnern",
            "storage [plural.files.other.plural.folders.one]": "%1$lld Dateien in %2$lld Ordner",
            "storage [plural.files.other.plural.folders.other]": "%1$lld Dateien in %2$lld Ordnern",
        ])
        #expect(Set(result.strings.map(\.locale)) == ["de"])
    }

    @Test func statesNotesAndLines() throws {
        let strings = try importAll([Self.xliff]).strings
        func find(_ key: String, _ variant: String = "") -> LocalizedString? {
            strings.first { $0.key == key && $0.variant == variant }
        }
        #expect(find("login.title")?.state == .translated)
        #expect(find("login.with")?.state == .needsReview)
        #expect(find("passcode.failures")?.state == .new)
        #expect(find("passcode.failures")?.isLaidOut == false)
        #expect(find("multi.line")?.state == nil)
        #expect(find("%lld messages", "plural.other")?.state == .needsReview)
        #expect(find("login.title")?.comment == "Title of the login screen")
        #expect(find("passcode.failures")?.comment == nil)
        #expect(find("login.title")?.source == FileLocation(file: Self.xliff, line: 24, element: "<trans-unit id=\"login.title\">"))
        #expect(find("%d items", "plural.other")?.source.line == 60)
    }

    @Test func theTargetLocaleOfContentsJSONStandsInForAMissingTargetLanguage() throws {
        let folder = try ScratchFile("fr.xcloc/contents.json", "{\"targetLocale\": \"fr\", \"developmentRegion\": \"en\"}")
        try folder.directory.write("fr.xcloc/Localized Contents/fr.xliff", Self.xliff("""
            <trans-unit id="a"><source>A</source><target>Ah</target></trans-unit>
            """, targetLanguage: nil))
        let result = try importAll([folder.directory.path("fr.xcloc")])
        #expect(result.texts(table: "Localizable", locale: "fr") == ["a": "Ah"])
    }

    /// Xcode leaves out the format of a stringsdict key that is nothing but its one variable.
    @Test func aStringsdictKeyWithoutItsFormatUnit() throws {
        let file = try ScratchFile("it.xliff", Self.xliff("""
            <trans-unit id="/[Count/Selected]:dict/CountSelected:dict/one:dict/:string">
              <source>%d entry selected</source><target state="translated">%d voce selezionata</target>
            </trans-unit>
            <trans-unit id="/[Count/Selected]:dict/CountSelected:dict/other:dict/:string">
              <source>%d entries selected</source><target state="translated">%d voci selezionate</target>
            </trans-unit>
            """, original: "App/en.lproj/Localizable.stringsdict", targetLanguage: "it"))
        #expect(try importAll([file.path]).texts(table: "Localizable", locale: "it") == [
            "[Count/Selected] [plural.one]": "%d voce selezionata",
            "[Count/Selected] [plural.other]": "%d voci selezionate",
        ])
    }

    /// Every malformed variant names the file, the line or element, and the key.
    @Test(arguments: [
        (xliff("<trans-unit id=\"a\">\n<source>A</source><target state=\"done\">B</target></trans-unit>"), 7, "a",
         "<trans-unit id=\"a\">", ImportProblem.unknownState("done")),
        (xliff("<trans-unit><source>A</source><target>B</target></trans-unit>"), 7, nil, "<trans-unit>", .missing("the id of <trans-unit>")),
        (xliff("<trans-unit id=\"items\"><source>A</source><target>B</target></trans-unit>", original: "App/en.lproj/Localizable.stringsdict"),
         7, "items", "<trans-unit id=\"items\">", .syntax("a trans-unit id of the form /KEY:dict/…:dict/:string")),
        (xliff("<trans-unit id=\"k|==|gender.male\"><source>A</source><target>B</target></trans-unit>", original: "App/Localizable.xcstrings"),
         7, "k", nil, .unknownVariation("gender")),
        (xliff("<trans-unit id=\"/k:dict/n:dict/several:dict/:string\"><source>A</source><target>B</target></trans-unit>",
               original: "App/en.lproj/Localizable.stringsdict"), 7, "k", nil, .unknownPluralCategory("several")),
        ("<?xml version=\"1.0\"?>\n<xliff version=\"2.0\" srcLang=\"en\">\n</xliff>\n", 2, nil, "<xliff>",
         .unsupportedDocument("XLIFF 2.0 (labelcat reads XLIFF 1.2)")),
        ("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"/>\n", 2, nil, "<plist>", .unsupportedDocument("<plist> where <xliff> was expected")),
        ("<xliff version=\"1.2\">\n<trans-unit id=\"a\"><target>B</target></trans-unit>\n</xliff>", 2, "a", "<trans-unit id=\"a\">",
         .syntax("<trans-unit> outside a <file>")),
    ] as [(String, Int, String?, String?, ImportProblem)])
    func malformedFilesAreRefused(text: String, line: Int, key: String?, element: String?, problem: ImportProblem) throws {
        let file = try ScratchFile("de.xliff", text)
        guard case .malformed(let location, let errorKey, let errorProblem)? = importError([file.path]) else { return }
        #expect(location == FileLocation(file: file.path, line: line, element: element ?? location.element))
        #expect(errorKey == key)
        #expect(errorProblem == problem)
    }

    @Test func badXMLIsRefusedWithItsLine() throws {
        let unclosed = try ScratchFile("de.xliff", Self.xliff("<trans-unit id=\"a\">\n<source>A</source>\n<target>B</trans-unit>"))
        #expect(importError([unclosed.path])?.located == Located(file: unclosed.path, line: 9, key: nil,
                                                                problem: .xml("Opening and ending tag mismatch: target line 9 and trans-unit")))
        let text = try Fixtures.text("Export/de.xcloc/Localized Contents/de.xliff")
        let truncated = try ScratchFile("de.xliff", String(text.prefix(text.count / 2)))
        guard case .malformed(let location, _, .xml)? = importError([truncated.path]) else {
            Issue.record("expected an XML error")
            return
        }
        #expect(location.file == truncated.path)
    }

    private static func xliff(_ units: String, original: String = "App/en.lproj/Localizable.strings",
                              targetLanguage: String? = "de") -> String {
        let target = targetLanguage.map { " target-language=\"\($0)\"" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="\(original)" source-language="en"\(target) datatype="plaintext">
                <header>
                </header>
                <body>
            \(units)
                </body>
              </file>
            </xliff>

            """
    }
}
