import LabelImport
import Testing
import TestSupport

@Suite struct XcodeProjectTests {
    /// `Fixtures/Shop`: a project as Xcode 16 writes it, with variant groups, a group outside
    /// its parent's folder, a SOURCE_ROOT group, a synchronized folder, an `.xcconfig` with
    /// includes and conditions, and Info.plist files in XML and old-style form.
    @Test func readsTheShopProject() throws {
        let folder = Fixtures.path("Shop")
        let project = try XcodeProject(contentsOf: folder + "/Shop.xcodeproj")
        #expect(project.path == folder + "/Shop.xcodeproj")
        #expect(project.folder == folder)
        #expect(project.developmentRegion == "en")
        #expect(project.knownRegions == ["en", "Base", "de", "pt-BR", "German", "zh-Hans"])
        #expect(project.localizedFolders == ["Shared", "Shop", "ShopKit/Resources", "Widget"].map { folder + "/" + $0 })
        #expect(project.infoPlists == ["Shop/Info.plist", "ShopKit/Info.plist", "Widget/Info.plist"].map { folder + "/" + $0 })
        #expect(project.appFonts == [
            AppFont(name: "Inter-Regular.otf", path: folder + "/Shop/Fonts/Inter-Regular.otf", infoPlist: folder + "/Shop/Info.plist"),
            AppFont(name: "Fonts/Missing.ttf", path: nil, infoPlist: folder + "/Shop/Info.plist"),
            AppFont(name: "Brand Bold.ttf", path: folder + "/ShopKit/Brand Bold.ttf", infoPlist: folder + "/ShopKit/Info.plist"),
        ])
        #expect(project.skipped == [.skippedFile(path: "$(BUILT_PRODUCTS_DIR)/Tests-Info.plist",
                                                 reason: "INFOPLIST_FILE of target ShopTests uses a build setting labelcat does not know")])
    }

    @Test func aTrailingSlashAndARelativePathWork() throws {
        let project = try XcodeProject(contentsOf: Fixtures.path("Shop") + "/Shop.xcodeproj/")
        #expect(project.developmentRegion == "en")
        #expect(project.localizedFolders.count == 4)
    }

    @Test("Unreadable Info.plist and .xcconfig files are notes, not errors")
    func missingSettingsFiles() throws {
        let directory = try TemporaryDirectory()
        try directory.write("App.xcodeproj/project.pbxproj", Self.minimalProject(settings: """
            INFOPLIST_FILE = App/Info.plist;
            """, configurationExtras: "baseConfigurationReference = F1 /* missing.xcconfig */;",
            files: "F1 = {isa = PBXFileReference; path = missing.xcconfig; sourceTree = \"<group>\"; };"))
        let project = try XcodeProject(contentsOf: directory.path("App.xcodeproj"))
        #expect(project.infoPlists == [directory.path("App/Info.plist")])
        #expect(project.appFonts.isEmpty)
        #expect(project.skipped.count == 1)
        #expect(project.skipped.first?.description.hasPrefix(directory.path("App/Info.plist") + ": skipped: ") == true)
    }

    @Test("An empty INFOPLIST_FILE is no Info.plist; a note is given once")
    func emptySettings() throws {
        let directory = try TemporaryDirectory()
        try directory.write("App.xcodeproj/project.pbxproj", Self.minimalProject(settings: #"INFOPLIST_FILE = "";"#))
        let project = try XcodeProject(contentsOf: directory.path("App.xcodeproj"))
        #expect(project.infoPlists.isEmpty)
        #expect(project.skipped.isEmpty)
        #expect(project.developmentRegion == "en")
        #expect(project.knownRegions == ["en", "Base"])
        #expect(project.localizedFolders.isEmpty)
    }

    @Test("Malformed project files name the line")
    func malformed() throws {
        let directory = try TemporaryDirectory()
        func error(_ text: String) throws -> ImportError? {
            try directory.write("Bad.xcodeproj/project.pbxproj", text)
            do {
                _ = try XcodeProject(contentsOf: directory.path("Bad.xcodeproj"))
                return nil
            } catch {
                return error
            }
        }
        let path = directory.path("Bad.xcodeproj/project.pbxproj")
        #expect(try error("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = PBXGroup}\n\t};\n}\n")
            == .malformed(FileLocation(file: path, line: 4), key: "isa", problem: .syntax("expected ';' after the value")))
        #expect(try error("{ a = (1, 2 3); }")
            == .malformed(FileLocation(file: path, line: 1), key: nil, problem: .syntax("expected ',' or ')' in the array, found '3'")))
        #expect(try error("{\n a = <0fbd 77>;\n b = <0f1>;\n}")
            == .malformed(FileLocation(file: path, line: 3), key: nil, problem: .syntax("data of an odd number of hex digits")))
        #expect(try error("{ a = b; } c")
            == .malformed(FileLocation(file: path, line: 1), key: nil, problem: .syntax("unexpected 'c' after the property list")))
        #expect(try error("{\n objects = {};\n}")
            == .malformed(FileLocation(file: path, line: 1), key: nil, problem: .syntax("rootObject names no PBXProject")))
        #expect(try error(String(repeating: "(", count: 100))
            == .malformed(FileLocation(file: path, line: 1), key: nil, problem: .syntax("dictionaries and arrays nested more than 64 deep")))
        #expect(try error("{ a = \"unterminated; }")
            == .malformed(FileLocation(file: path, line: 1), key: nil, problem: .unterminatedString))
        #expect(throws: ImportError.self) { try XcodeProject(contentsOf: directory.path("Missing.xcodeproj")) }
    }

    /// A project with one target and one configuration.
    static func minimalProject(settings: String, configurationExtras: String = "", files: String = "") -> String {
        """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {
        \t\t\(files)
        \t\tG1 = {isa = PBXGroup; children = (F1); sourceTree = "<group>"; };
        \t\tP1 = {isa = PBXProject; developmentRegion = en; knownRegions = (en, Base); mainGroup = G1; targets = (T1); };
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = App; };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
        \t\tC1 = {isa = XCBuildConfiguration; \(configurationExtras) buildSettings = { \(settings) }; name = Debug; };
        \t};
        \trootObject = P1 /* Project object */;
        }
        """
    }
}
