import LabelImport
import LabelJSON
import Testing

@Suite struct InterfaceBuilderTests {
    static let storyboard = Fixtures.path("Project/App/Base.lproj/Main.storyboard")

    @Test func labelsBecomeDefinitions() throws {
        let result = try importAll([Self.storyboard])
        #expect(result.files == [ImportedFile(path: Self.storyboard, format: .interfaceBuilder, locale: "", table: "Main")])
        #expect(result.strings.isEmpty && result.warnings.isEmpty)
        let expected = [
            // A fixed frame (its own height constraint), a bold system font, a color by components.
            """
            {"name": "Main.storyboard/tTl-1a-WlC", "key": "Main:tTl-1a-WlC.text", "text": "Welcome back",
             "frame": {"x": 20, "y": 120, "width": 353, "height": 24}, "font": {"size": 20, "weight": 700},
             "numberOfLines": 1, "lineBreakMode": "truncateTail", "textAlignment": "center", "textColor": "#1A334D"}
            """,
            // Auto Layout, any number of lines, no height constraint: self-sizing (height null); a
            // text style; a text with a line break in a <string> element; a system color (left out).
            """
            {"name": "Main.storyboard/bDy-2b-Txt", "key": "Main:bDy-2b-Txt.text",
             "text": "Sign in to sync your notes.\\nYour data stays on your devices.",
             "frame": {"x": 20, "y": 160, "width": 353, "height": null}, "font": {"textStyle": "body"},
             "numberOfLines": 0, "lineBreakMode": "wordWrap", "textAlignment": "natural"}
            """,
            // An attributed text (its plain text), a custom font, autoshrink and tightening.
            """
            {"name": "Main.storyboard/fTr-3c-Ftr", "key": "Main:fTr-3c-Ftr.text", "text": "Terms & Privacy",
             "frame": {"x": 20, "y": 780, "width": 353, "height": 40},
             "font": {"family": "Avenir Next", "size": 15, "weight": 600},
             "numberOfLines": 2, "lineBreakMode": "truncateMiddle", "textAlignment": "natural",
             "adjustsFontSizeToFitWidth": true, "minimumScaleFactor": 0.5,
             "allowsDefaultTighteningForTruncation": true, "textColor": "#00000080"}
            """,
        ]
        #expect(result.labels.map(\.definition) == (try expected.map { try JSONValue.parse($0) }))
        #expect(result.labels.map(\.objectID) == ["tTl-1a-WlC", "bDy-2b-Txt", "fTr-3c-Ftr"])
        #expect(result.labels.map { $0.source.line ?? 0 } == [17, 26, 34])
        #expect(result.labels[0].source.element == "<label id=\"tTl-1a-WlC\">")
        #expect(result.labels.allSatisfy { $0.table == "Main" && $0.locale == "" })
    }

    /// `Base.lproj/Main.storyboard` + `de.lproj/Main.strings`: every label's key is a key of the table.
    @Test func translationsOfTheStoryboardMatchItsLabelsKeys() throws {
        let result = try importAll([Self.storyboard, Fixtures.path("Project/App/de.lproj/Main.strings")])
        let keys = result.labels.compactMap { $0.definition["key"]?.string }
        let translated = result.strings.filter { $0.locale == "de" }.map { "\($0.table):\($0.key)" }
        #expect(keys == translated)
        #expect(result.texts(table: "Main", locale: "de")["bDy-2b-Txt.text"]
            == "Melde dich an, um deine Notizen zu synchronisieren.\nDeine Daten bleiben auf deinen Geräten.")
    }

    /// Two storyboards of one name in different folders: their labels are told apart by folder.
    @Test func labelsOfSameNamedFilesGetTheirFolders() throws {
        let folder = try ScratchFile("App/Base.lproj/Main.storyboard", Self.document(Self.label(id: "aaa-11-aaa")))
        try folder.directory.write("Widget/Base.lproj/Main.storyboard", Self.document(Self.label(id: "aaa-11-aaa")))
        try folder.directory.write("Other/Settings.xib", Self.document(Self.label(id: "bbb-22-bbb")))
        let names = try importAll([folder.directory.root.path]).labels.compactMap { $0.definition["name"]?.string }
        #expect(names == ["App/Main.storyboard/aaa-11-aaa", "Settings.xib/bbb-22-bbb", "Widget/Main.storyboard/aaa-11-aaa"])
    }

    /// A storyboard localized by copies (no Base.lproj): the English copy defines the labels, the
    /// others give their texts.
    @Test func copiesOfAStoryboardAreTranslations() throws {
        let folder = try ScratchFile("en.lproj/Main.storyboard", Self.document(Self.label(id: "aaa-11-aaa", text: "Hello")))
        try folder.directory.write("de.lproj/Main.storyboard", Self.document(Self.label(id: "aaa-11-aaa", text: "Hallo")))
        let result = try importAll([folder.directory.root.path])
        #expect(result.labels.map { $0.definition["text"]?.string } == ["Hello"])
        #expect(result.labels.first?.locale == "en")
        #expect(result.texts(table: "Main", locale: "de") == ["aaa-11-aaa.text": "Hallo"])
    }

    @Test func minimumFontSizeOfOldFilesBecomesAFactor() throws {
        let file = try ScratchFile("View.xib", Self.document("""
            <label text="Old" minimumFontSize="9" adjustsFontSizeToFit="YES" id="old-00-lbl">
                <rect key="frame" x="0" y="0" width="100" height="20"/>
                <fontDescription key="fontDescription" type="system" weight="medium" pointSize="18"/>
            </label>
            """))
        let definition = try #require(try importAll([file.path]).labels.first?.definition)
        #expect(definition["minimumScaleFactor"] == .number(0.5))
        #expect(definition["font"] == (try JSONValue.parse("{\"size\": 18, \"weight\": 500}")))
    }

    /// Files of Xcode 8 give frames as insets: `minX`, `minY`, `width`, `height`.
    @Test func xcode8FrameInsets() throws {
        let file = try ScratchFile("Cell.xib", Self.document("""
            <label text="Username" id="Up3-rC-vaX">
                <frame key="frameInset" minX="8" minY="12" width="75" height="20"/>
            </label>
            <label text="Stretched" id="Str-00-chd">
                <frame key="frameInset" minX="8" maxX="8" minY="12" height="20"/>
            </label>
            """))
        let result = try importAll([file.path])
        #expect(result.labels.map { $0.definition["frame"] } == [try JSONValue.parse("{\"x\": 8, \"y\": 12, \"width\": 75, \"height\": 20}")])
        #expect(result.warnings.count == 1)
    }

    /// libxml2 keeps lines past 65,535 differently; they are still exact.
    @Test func linesPast65535() throws {
        let padding = String(repeating: "<view id=\"pad\"/>\n", count: 70_000)
        let file = try ScratchFile("Long.xib", Self.document(padding + Self.label(id: "far-00-awy") + "\n" + Self.label(id: "far-00-aw2")))
        // The document puts 4 lines before its content; each padding line is one.
        #expect(try importAll([file.path]).labels.map { $0.source.line } == [70_005, 70_008])
    }

    @Test func aLabelWithoutFrameIsSkippedWithAWarning() throws {
        let file = try ScratchFile("View.xib", Self.document("<label text=\"x\" id=\"nof-00-rme\"/>"))
        let result = try importAll([file.path])
        #expect(result.labels.isEmpty)
        #expect(result.warnings == [.labelWithoutFrame(FileLocation(file: file.path, line: 5, element: "<label id=\"nof-00-rme\">"),
                                                       objectID: "nof-00-rme")])
    }

    /// Every malformed variant names the file, the line and the element.
    @Test(arguments: [
        (document("<label text=\"x\">\n<rect key=\"frame\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"/></label>"), 5, "<label>",
         ImportProblem.missing("the id of <label>")),
        (document(label(id: "bad-00-num", frame: "x=\"0\" y=\"0\" width=\"wide\" height=\"1\"")), 6, "<label id=\"bad-00-num\">",
         .shape(path: "<rect> width", expected: "a number", found: "\"wide\"")),
        (document(label(id: "bad-00-lbm", attributes: "lineBreakMode=\"wrapEverything\"")), 5, "<label id=\"bad-00-lbm\">",
         .shape(path: "lineBreakMode", expected: "one of characterWrap, clip, headTruncation, middleTruncation, tailTruncation, wordWrap",
                found: "\"wrapEverything\"")),
        ("<?xml version=\"1.0\"?>\n<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"8.00\"/>\n", 2, "<archive>",
         .unsupportedDocument("<archive> where an Interface Builder <document> was expected (files of Xcode 4 and older: open and save them in a current Xcode)")),
    ] as [(String, Int, String, ImportProblem)])
    func malformedDocumentsAreRefused(text: String, line: Int, element: String, problem: ImportProblem) throws {
        let file = try ScratchFile("Broken.xib", text)
        guard case .malformed(let location, _, let errorProblem)? = importError([file.path]) else { return }
        #expect(location == FileLocation(file: file.path, line: line, element: element))
        #expect(errorProblem == problem)
    }

    @Test func badXMLIsRefusedWithItsLine() throws {
        let text = try Fixtures.text("Project/App/Base.lproj/Main.storyboard")
        let broken = try ScratchFile("Base.lproj/Main.storyboard", text.replacingOccurrences(of: "<nil key=\"highlightedColor\"/>\n                                <constraints>",
                                                                                             with: "<nil key=\"highlightedColor\">\n                                <constraints>"))
        #expect(importError([broken.path])?.located == Located(file: broken.path, line: 25, key: nil,
                                                              problem: .xml("Opening and ending tag mismatch: nil line 21 and label")))
    }

    static func label(id: String, text: String = "Text", frame: String = "x=\"0\" y=\"0\" width=\"100\" height=\"20\"",
                      attributes: String = "") -> String {
        """
        <label text="\(text)" \(attributes) id="\(id)">
            <rect key="frame" \(frame)/>
        </label>
        """
    }

    static func document(_ content: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505">
            <objects>
                <view id="root-00-vw">
        \(content)
                </view>
            </objects>
        </document>

        """
    }
}
