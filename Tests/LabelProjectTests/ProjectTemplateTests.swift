import Foundation
import LabelImport
@testable import LabelProject
import LabelYAML
import Testing
import TestSupport

@Suite struct ProjectTemplateTests {
    /// LabelImportTests' `Fixtures/Shop` project.
    static let shop = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LabelImportTests/Fixtures/Shop").path

    @Test("The starting file of the Shop project: its folders, regions and fonts, and a file that reads back")
    func shop() throws {
        let project = try XcodeProject(contentsOf: Self.shop + "/Shop.xcodeproj")
        let text = ProjectTemplate.text(for: project, in: Self.shop)
        #expect(text.hasPrefix("# labelcat.yml: labelcat's set-up for Shop.xcodeproj, written from the project to start from.\n"))
        #expect(text.contains("""
            sources:
              - Shared/
              - Shop/
              - ShopKit/Resources/
              - Widget/
            """))
        #expect(text.contains("\ndevelopmentLanguage: en\n"))
        // Base is the development texts; German is the old name of de.
        #expect(text.contains("\nlocales: [en, de, pt-BR, zh-Hans]\n"))
        #expect(text.contains("""
            fonts:
              - Shop/Fonts/Inter-Regular.otf
              - ShopKit/Brand Bold.ttf
            # Shop/Info.plist names Fonts/Missing.ttf under UIAppFonts; no such file was found in the project.
            """))
        #expect(text.contains("# Note: $(BUILT_PRODUCTS_DIR)/Tests-Info.plist: skipped: INFOPLIST_FILE of target ShopTests uses a build setting labelcat does not know\n"))

        let configuration = try ProjectConfiguration(document: YAMLDocument(parsing: text, file: Self.shop + "/labelcat.yml"))
        #expect(configuration.sources.map(\.path) == project.localizedFolders)
        #expect(configuration.developmentLanguage == "en")
        #expect(configuration.locales == ["en", "de", "pt-BR", "zh-Hans"])
        #expect(configuration.fonts?.map(\.path) == [Self.shop + "/Shop/Fonts/Inter-Regular.otf", Self.shop + "/ShopKit/Brand Bold.ttf"])
        #expect(configuration.categories == [.large])
    }

    @Test("Every commented-out example, uncommented, is a valid project file")
    func examplesRead() throws {
        let directory = try TemporaryDirectory()
        try directory.write("App.xcodeproj/project.pbxproj", """
            { objects = { P = {isa = PBXProject; mainGroup = G; }; G = {isa = PBXGroup; children = (); }; }; rootObject = P; }
            """)
        _ = directory.url("App/Fonts", directory: true)
        try directory.write("Design/tokens.json", "{}")
        let project = try XcodeProject(contentsOf: directory.path("App.xcodeproj"))
        let text = ProjectTemplate.text(for: project, in: directory.root.path)
        #expect(!text.contains("\nsources:"))
        var uncommented: [String] = []
        var examples = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // An example is a commented key (`# sources:`) or a commented continuation (`#   …`).
            let body = line.dropFirst(2)
            if line.hasPrefix("# "), ProjectKey.allCases.contains(where: { body.hasPrefix($0.rawValue + ":") }) {
                uncommented.append(String(body))
                examples += 1
            } else if line.hasPrefix("#   ") {
                uncommented.append(String(body))
            } else {
                uncommented.append(String(line))
            }
        }
        #expect(examples == ProjectKey.allCases.count)
        let configuration = try ProjectConfiguration(document: YAMLDocument(parsing: uncommented.joined(separator: "\n"),
                                                                           file: directory.path("labelcat.yml")))
        #expect(configuration.sources.map(\.path) == [directory.root.path])
        #expect(configuration.labels.count == 1)
        #expect(configuration.overrides.count == 1)
        #expect(configuration.ignore.count == 1)
        #expect(configuration.devices.count == 2)
        #expect(configuration.baseline == directory.path("labelcat-baseline.json"))
    }

    @Test("Values are written plain when that reads back as the same string, else quoted")
    func scalars() throws {
        let texts = ["App/", "My App (iOS)/", "a: b", "#x", "x #y", "yes", "No", "01", "true", "null", "~", "-x", ".", "..",
                     "../Shared/", "tab\there", "quote\"d", "back\\slash", "\u{202E}evil", "日本語", " lead", "trail ",
                     "[x]", "{a}", "a,b", "@x", "`x", "%x", "!x", "&x", "*x", "|x", ">x", "'x", "?x", ": x", "line\nbreak",
                     "1e3", ".inf", "0x1F", "e", "iPhone SE (3rd generation)"]
        for text in texts {
            let written = ProjectTemplate.scalar(text)
            let document = try YAMLDocument(parsing: "key: \(written)\nlist: [\(written)]\n", file: "t.yml")
            #expect(document.root?["key"]?.scalar?.value == .string(text), "\(text) written as \(written)")
            #expect(document.root?["list"]?.sequence?.first?.scalar?.value == .string(text), "\(text) written as \(written)")
            #expect(!written.contains("\n"))
        }
        #expect(ProjectTemplate.scalar("App/") == "App/")
        #expect(ProjectTemplate.scalar("iPhone SE (3rd generation)") == "iPhone SE (3rd generation)")
        #expect(ProjectTemplate.scalar("yes") == "\"yes\"")
        #expect(ProjectTemplate.scalar("\u{202E}evil") == "\"\\u202Eevil\"")
    }
}
