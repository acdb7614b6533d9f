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

/// What a real app's folder holds besides its texts: targets with tables of the same name, an
/// Xcode project, files to leave out (docs/xcode-files.md, *Finding files* and *Tables*).
@Suite struct AppFolderTests {
    /// `Localizable` in two targets, each with its English texts: told apart by their folders,
    /// storyboards of a qualified table keyed with it; a table in one bundle keeps its name.
    @Test func sameNamedTablesOfSeveralTargetsAreToldApart() throws {
        let folder = try ScratchFile("App/en.lproj/Localizable.strings", "\"title\" = \"Home\";\n")
        try folder.directory.write("App/de.lproj/Localizable.strings", "\"title\" = \"Start\";\n")
        try folder.directory.write("Widget/en.lproj/Localizable.strings", "\"title\" = \"Widget\";\n")
        try folder.directory.write("App/Base.lproj/MainInterface.storyboard",
                                   InterfaceBuilderTests.document(InterfaceBuilderTests.label(id: "aaa-11-aaa")))
        try folder.directory.write("App/de.lproj/MainInterface.strings", "\"aaa-11-aaa.text\" = \"Text\";\n")
        try folder.directory.write("Share/Base.lproj/MainInterface.storyboard",
                                   InterfaceBuilderTests.document(InterfaceBuilderTests.label(id: "bbb-22-bbb")))
        try folder.directory.write("Share/de.lproj/MainInterface.strings", "\"bbb-22-bbb.text\" = \"Teilen\";\n")
        try folder.directory.write("Share/de.lproj/Share.strings", "\"only\" = \"Einmal\";\n")
        let importer = try XcodeImporter(paths: [folder.directory.root.path])
        #expect(importer.qualifiedTables == ["App/Localizable", "App/MainInterface", "Share/MainInterface", "Widget/Localizable"])
        let result = try importer.readAll()
        #expect(Set(result.strings.map { "\($0.table):\($0.key)@\($0.locale)" }) == [
            "App/Localizable:title@en", "App/Localizable:title@de", "Widget/Localizable:title@en",
            "App/MainInterface:aaa-11-aaa.text@de", "Share/MainInterface:bbb-22-bbb.text@de", "Share:only@de",
        ])
        #expect(result.labels.compactMap { $0.definition["key"]?.string }.sorted()
                == ["App/MainInterface:aaa-11-aaa.text", "Share/MainInterface:bbb-22-bbb.text"])
    }

    /// Tables of one name whose files give texts in different locales do not collide (a String
    /// Catalog of a storyboard's table beside it, translations in another folder).
    @Test func tablesThatDoNotCollideKeepTheirNames() throws {
        let folder = try ScratchFile("App/A/Main.xcstrings", #"{"sourceLanguage": "en", "strings": {}}"#)
        try folder.directory.write("App/Z/Base.lproj/Main.storyboard", InterfaceBuilderTests.document(InterfaceBuilderTests.label(id: "aaa-11-aaa")))
        try folder.directory.write("Kit/de.lproj/Kit.strings", "\"a\" = \"b\";")
        try folder.directory.write("Other/fr.lproj/Kit.strings", "\"a\" = \"c\";")
        let importer = try XcodeImporter(paths: [folder.directory.root.path])
        #expect(importer.qualifiedTables.isEmpty)
        #expect(importer.files.map(\.table) == ["Main", "Main", "Kit", "Kit"])
    }

    /// `--exclude`: a glob without `/` matches names of files and folders, one with `/` the path
    /// below the folder named.
    @Test func excludedFilesAndFolders() throws {
        let folder = try ScratchFile("App/Base.lproj/Main.storyboard", InterfaceBuilderTests.document(""))
        try folder.directory.write("App/Base.lproj/Debug.storyboard", InterfaceBuilderTests.document(""))
        try folder.directory.write("App/de.lproj/Localizable.strings", "\"a\" = \"b\";")
        try folder.directory.write("AppTests/de.lproj/Localizable.strings", "\"a\" = \"b\";")
        try folder.directory.write("LocalPackages/Kit/de.lproj/Kit.strings", "\"a\" = \"b\";")
        let root = folder.directory.root.path
        func found(_ excluded: [String]) throws -> [String] {
            try XcodeImporter(paths: [root], options: ImportOptions(excluded: excluded)).files.map {
                String($0.path.dropFirst(root.count + 1))
            }
        }
        #expect(try found(["Debug.storyboard", "*Tests", "LocalPackages/*"]) == ["App/Base.lproj/Main.storyboard", "App/de.lproj/Localizable.strings"])
        #expect(try found(["App/Base.lproj/*.storyboard"]).count == 3)
        #expect(try found(["*.strings"]) == ["App/Base.lproj/Debug.storyboard", "App/Base.lproj/Main.storyboard"])
    }

    /// An `.xcodeproj` in the tree (searched or named) gives the development region and is not
    /// read as texts; its `project.pbxproj` named alone neither.
    @Test func anXcodeProjectGivesTheDevelopmentRegion() throws {
        let pbxproj = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\t83CBB9F71A601CBA00E9B192 /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tdevelopmentRegion = "pt_BR";
            \t\t\tknownRegions = (en, Base, pt-BR);
            \t\t};
            \t};
            }
            """
        let folder = try ScratchFile("App.xcodeproj/project.pbxproj", pbxproj)
        try folder.directory.write("App/en.lproj/Localizable.strings", "\"a\" = \"b\";")
        let searched = try XcodeImporter(paths: [folder.directory.root.path])
        #expect(searched.developmentRegion == "pt-BR")
        #expect(searched.files.map(\.table) == ["Localizable"])
        #expect(try XcodeImporter(paths: [folder.directory.path("App.xcodeproj")]).developmentRegion == "pt-BR")
        let named = try XcodeImporter(paths: [folder.path])
        #expect(named.developmentRegion == "pt-BR" && named.files.isEmpty)
        #expect(try XcodeImporter(paths: [folder.directory.path("App")]).developmentRegion == nil)
        let old = try ScratchFile("Old.xcodeproj/project.pbxproj", pbxproj.replacingOccurrences(of: "\"pt_BR\"", with: "English"))
        #expect(try XcodeImporter(paths: [old.path]).developmentRegion == "en", "an old project's language name")
    }

    /// A file named on its own that is none of Xcode's, or a strings table whose locale is
    /// unknown: an error, or (`skipsUnreadableFiles`) a warning.
    @Test func unreadableNamedFiles() throws {
        let folder = try ScratchFile("notes.txt", "just some notes\n")
        try folder.directory.write("Loose.strings", "\"a\" = \"b\";")
        #expect(throws: ImportError.unsupportedFile(path: folder.path)) { try XcodeImporter(paths: [folder.path]) }
        let lenient = try XcodeImporter(paths: [folder.path, folder.directory.path("Loose.strings")],
                                        options: ImportOptions(skipsUnreadableFiles: true))
        #expect(lenient.files.isEmpty && lenient.skipped.count == 2)
    }
}
