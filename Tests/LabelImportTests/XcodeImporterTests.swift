import LabelImport
import Testing

@Suite struct XcodeImporterTests {
    /// A project folder: every file found, its locale from its `*.lproj` folder, its table from its name.
    @Test func aProjectFolderIsSearched() throws {
        let project = Fixtures.path("Project")
        let importer = try XcodeImporter(paths: [project])
        let app = project + "/App/"
        #expect(importer.files == [
            ImportedFile(path: app + "Base.lproj/Main.storyboard", format: .interfaceBuilder, locale: "", table: "Main"),
            ImportedFile(path: app + "Catalog.xcstrings", format: .stringCatalog, locale: nil, table: "Catalog"),
            ImportedFile(path: app + "de.lproj/Localizable.strings", format: .stringsTable, locale: "de", table: "Localizable"),
            ImportedFile(path: app + "de.lproj/Localizable.stringsdict", format: .stringsDictionary, locale: "de", table: "Localizable"),
            ImportedFile(path: app + "de.lproj/Main.strings", format: .stringsTable, locale: "de", table: "Main"),
            ImportedFile(path: app + "en.lproj/Localizable.strings", format: .stringsTable, locale: "en", table: "Localizable"),
            ImportedFile(path: app + "en.lproj/Localizable.stringsdict", format: .stringsDictionary, locale: "en", table: "Localizable"),
        ])
        let result = try importer.readAll()
        #expect(result.labels.count == 3)
        #expect(result.strings.count == 21 + 4 + 2 + 3 + 8 + 6)
        #expect(result.files == importer.files)
    }

    @Test func aSearchSkipsBuildProductsOtherPeoplesCodeAndHiddenFolders() throws {
        let folder = try ScratchFile("App/en.lproj/Found.strings", "\"a\" = \"b\";")
        for skipped in ["Pods/Lib/en.lproj/A.strings", ".git/en.lproj/B.strings", "App.xcodeproj/en.lproj/C.strings",
                        "Carthage/Checkouts/en.lproj/D.strings", "DerivedData/en.lproj/E.strings", "Kit.framework/en.lproj/F.strings",
                        "App/en.lproj/notes.txt"] {
            try folder.directory.write(skipped, "\"a\" = \"b\";")
        }
        #expect(try XcodeImporter(paths: [folder.directory.root.path]).files.map(\.path) == [folder.path])
    }

    @Test func stringsOutsideAnyLprojFolder() throws {
        let folder = try ScratchFile("Strings/Loose.strings", "\"a\" = \"b\";")
        // Found by a search: skipped, with a warning.
        let searched = try importAll([folder.directory.root.path])
        #expect(searched.strings.isEmpty)
        #expect(searched.warnings == [.skippedFile(path: folder.path, reason: "not inside a *.lproj folder, so its locale is unknown")])
        // Named: an error, unless the locale is given.
        #expect(importError([folder.path]) == .unknownLocale(path: folder.path))
        #expect(try importAll([folder.path], options: ImportOptions(locale: "fr")).texts(table: "Loose", locale: "fr") == ["a": "b"])
    }

    @Test func lprojNamesBecomeLocales() throws {
        let folder = try ScratchFile("English.lproj/T.strings", "\"a\" = \"en\";")
        try folder.directory.write("pt_BR.lproj/T.strings", "\"a\" = \"pt\";")
        try folder.directory.write("zh-Hans.lproj/T.strings", "\"a\" = \"zh\";")
        try folder.directory.write("Base.lproj/T.strings", "\"a\" = \"base\";")
        let locales = try XcodeImporter(paths: [folder.directory.root.path]).files.map(\.locale)
        #expect(locales == ["", "en", "pt-BR", "zh-Hans"])
    }

    @Test func filesOfOtherExtensionsAreRecognizedByContent() throws {
        let xliff = try ScratchFile("export.xml", "<?xml version=\"1.0\"?>\n<xliff version=\"1.2\"></xliff>\n")
        #expect(try XcodeImporter(paths: [xliff.path]).files.map(\.format) == [.xliff])
        let catalog = try ScratchFile("strings.json", "{\"sourceLanguage\": \"en\", \"strings\": {}}")
        #expect(try XcodeImporter(paths: [catalog.path]).files.map(\.format) == [.stringCatalog])
        let table = try ScratchFile("de.lproj/table.txt", "/* x */ \"a\" = \"b\";")
        #expect(try XcodeImporter(paths: [table.path]).files.map(\.format) == [.stringsTable])
        let other = try ScratchFile("notes.txt", "Shopping list: milk")
        #expect(importError([other.path]) == .unsupportedFile(path: other.path))
    }

    /// An empty strings table is an empty table; an empty file of another format is refused.
    @Test func emptyFiles() throws {
        let folder = try ScratchFile("de.lproj/Empty.strings", "")
        #expect(try importAll([folder.path]).strings.isEmpty)
        for name in ["de.lproj/Empty.stringsdict", "Empty.xliff", "Empty.storyboard"] {
            let path = try folder.directory.write(name, "")
            #expect(importError([path])?.located == Located(file: path, line: nil, key: nil, problem: .xml("the file is empty")))
        }
        let catalog = try folder.directory.write("Empty.xcstrings", "")
        #expect(importError([catalog])?.located == Located(file: catalog, line: 1, key: nil,
                                                          problem: .json("a String Catalog must be a JSON object")))
    }

    @Test func aMissingPathIsUnreadable() {
        #expect(importError(["/nonexistent/Localizable.strings"])
            == .unreadable(path: "/nonexistent/Localizable.strings", reason: "No such file or directory"))
    }

    struct Stop: Error, Equatable {}

    /// The handler's own error stops the import and comes back as it was thrown.
    @Test func aHandlersErrorStopsTheImport() throws {
        let importer = try XcodeImporter(paths: [Fixtures.path("Project")])
        var strings = 0
        do {
            try importer.read { (item: ImportedItem) throws(Stop) in
                guard case .string = item else { return }
                strings += 1
                if strings == 2 { throw Stop() }
            }
            Issue.record("the import did not stop")
        } catch {
            guard case .handler(let stop) = error else {
                Issue.record("expected the handler's error, got \(error)")
                return
            }
            #expect(stop == Stop())
        }
        #expect(strings == 2)
    }
}
