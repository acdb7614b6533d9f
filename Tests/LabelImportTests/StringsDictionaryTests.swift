import LabelImport
import Testing

@Suite struct StringsDictionaryTests {
    @Test func eachPluralFormIsAVariant() throws {
        let path = Fixtures.path("Project/App/en.lproj/Localizable.stringsdict")
        let result = try importAll([path])
        #expect(result.files == [ImportedFile(path: path, format: .stringsDictionary, locale: "en", table: "Localizable")])
        #expect(result.texts(table: "Localizable", locale: "en") == [
            "%d items [plural.one]": "%d item",
            "%d items [plural.other]": "%d items",
            // Two variables: each form named after its variable; a form's conversions numbered
            // after its variable's argument, so "one file" does not shift the folders' number.
            "files_in_folders [plural.files.one.plural.folders.one]": "one file in %2$d folder",
            "files_in_folders [plural.files.one.plural.folders.other]": "one file in %2$d folders",
            "files_in_folders [plural.files.other.plural.folders.one]": "%1$d files in %2$d folder",
            "files_in_folders [plural.files.other.plural.folders.other]": "%1$d files in %2$d folders",
        ])
        // Each text points at the line of its plural form.
        #expect(result.strings.prefix(2).map { $0.source.line } == [16, 18])
        #expect(result.strings.allSatisfy { $0.state == nil && !$0.isSourceLanguage })
    }

    @Test func deviceAndWidthRules() throws {
        let file = try ScratchFile("ja.lproj/Device.stringsdict", plist("""
            <key>hint</key>
            <dict>
                <key>NSStringDeviceSpecificRuleType</key>
                <dict>
                    <key>iphone</key>
                    <string>タップ</string>
                    <key>mac</key>
                    <string>クリック</string>
                </dict>
            </dict>
            <key>title</key>
            <dict>
                <key>NSStringVariableWidthRuleType</key>
                <dict>
                    <key>20</key>
                    <string>短い</string>
                    <key>50</key>
                    <string>とても長いタイトル</string>
                </dict>
            </dict>
            """))
        #expect(try importAll([file.path]).texts(table: "Device", locale: "ja") == [
            "hint [device.iphone]": "タップ", "hint [device.mac]": "クリック",
            "title [width.20]": "短い", "title [width.50]": "とても長いタイトル",
        ])
    }

    @Test func aKeyGivenTwiceKeepsTheLast() throws {
        let entry = { (text: String) in
            "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>\(text)</string></dict>\n"
        }
        let file = try ScratchFile("de.lproj/T.stringsdict", plist(entry("first") + entry("second")))
        let result = try importAll([file.path])
        #expect(result.texts(table: "T", locale: "de") == ["k": "second"])
        #expect(result.warnings == [.duplicateKey(FileLocation(file: file.path, line: 5), key: "k", firstLine: 4)])
    }

    /// Every malformed variant names the file, the line and the key.
    @Test(arguments: [
        ("<key>k</key><string>x</string>", 4, "k", ImportProblem.shape(path: "value", expected: "a dictionary", found: "a string")),
        ("<key>k</key><dict/>", 4, "k", .missing("NSStringLocalizedFormatKey")),
        ("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><integer>1</integer></dict>", 4, "k",
         .shape(path: "NSStringLocalizedFormatKey", expected: "a string", found: "an integer")),
        ("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>one</key><string>x</string></dict></dict>",
         4, "k", .missing("n.NSStringFormatSpecTypeKey")),
        ("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringGenderRuleType</string></dict></dict>",
         4, "k", .unknownVariation("NSStringGenderRuleType")),
        ("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>several</key><string>x</string></dict></dict>",
         4, "k", .unknownPluralCategory("several")),
        ("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>one</key><integer>1</integer></dict></dict>",
         4, "k", .shape(path: "n.one", expected: "a string", found: "an integer")),
        ("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%d of %#@count@</string></dict>", 4, "k",
         .undefinedSubstitution("count")),
        ("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>x</string><key>v</key><string>y</string></dict>", 4, "k",
         .shape(path: "v", expected: "a dictionary (a variable's plural rule)", found: "a string")),
    ] as [(String, Int, String?, ImportProblem)])
    func wrongShapesAreRefused(entries: String, line: Int, key: String?, problem: ImportProblem) throws {
        let file = try ScratchFile("de.lproj/Broken.stringsdict", plist(entries))
        #expect(importError([file.path])?.located == Located(file: file.path, line: line, key: key, problem: problem))
    }

    @Test func badXMLIsRefusedWithItsLine() throws {
        let unclosed = try ScratchFile("de.lproj/T.stringsdict", plist("<key>k</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key><string>x</dict>"))
        let error = importError([unclosed.path])?.located
        #expect(error?.line == 6)
        #expect(error?.problem == .xml("Opening and ending tag mismatch: string line 6 and dict"))

        let text = try Fixtures.text("Project/App/en.lproj/Localizable.stringsdict")
        let truncated = try ScratchFile("en.lproj/Localizable.stringsdict", String(text.prefix(text.count / 2)))
        let truncatedError = importError([truncated.path])?.located
        #expect(truncatedError?.file == truncated.path)
        if case .xml? = truncatedError?.problem {} else { Issue.record("expected an XML error, got \(String(describing: truncatedError))") }

        let notPlist = try ScratchFile("de.lproj/T.stringsdict", "<?xml version=\"1.0\"?>\n<dict/>\n")
        #expect(importError([notPlist.path])?.located == Located(file: notPlist.path, line: 2, key: nil,
                                                                problem: .unsupportedDocument("<dict> where a property list <plist> was expected")))
        let notDictionary = try ScratchFile("de.lproj/T.stringsdict", "<plist version=\"1.0\">\n<array/>\n</plist>\n")
        #expect(importError([notDictionary.path])?.located == Located(file: notDictionary.path, line: 2, key: nil,
                                                                     problem: .shape(path: "plist", expected: "a dictionary of keys", found: "an array")))
    }

    private func plist(_ entries: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \(entries)
        </dict>
        </plist>

        """
    }
}
