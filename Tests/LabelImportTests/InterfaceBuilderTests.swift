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

    /// Table view cells of the built-in styles as Xcode writes them: the labels UIKit styles
    /// itself carry `pointSize="0.0"`; each becomes its style's size (docs/xcode-files.md).
    @Test func cellStyleLabelsWithPointSizeZero() throws {
        func cell(_ id: String, style: String, textLabel: String, detail: String?) -> String {
            let detailAttribute = detail.map { " detailTextLabel=\"\($0)\"" } ?? ""
            let detailLabel = detail.map { """
                <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="Detail" textAlignment="right" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="\($0)">
                    <rect key="frame" x="331" y="15" width="44" height="14.333333333333334"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <fontDescription key="fontDescription" type="system" pointSize="0.0"/>
                    <nil key="textColor"/>
                    <nil key="highlightedColor"/>
                </label>
                """ } ?? ""
            return """
                <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" reuseIdentifier="\(id)" textLabel="\(textLabel)"\(detailAttribute) style="\(style)" id="\(id)">
                    <rect key="frame" x="0.0" y="50" width="393" height="43.666667938232422"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="\(id)" id="\(id)-cv">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="43.666667938232422"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <subviews>
                            <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="Title" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="\(textLabel)">
                                <rect key="frame" x="20" y="0.0" width="353" height="43.666667938232422"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <fontDescription key="fontDescription" type="system" pointSize="0.0"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                            \(detailLabel)
                        </subviews>
                    </tableViewCellContentView>
                </tableViewCell>
                """
        }
        let file = try ScratchFile("Base.lproj/Debug.storyboard", Self.document("""
            \(cell("basic", style: "IBUITableViewCellStyleDefault", textLabel: "txt-01-bsc", detail: nil))
            \(cell("subtitle", style: "IBUITableViewCellStyleSubtitle", textLabel: "txt-02-sub", detail: "dtl-02-sub"))
            \(cell("right", style: "IBUITableViewCellStyleValue1", textLabel: "txt-03-val", detail: "dtl-03-val"))
            <label opaque="NO" text="Loose" adjustsFontSizeToFit="NO" id="lse-04-000">
                <rect key="frame" x="0.0" y="0.0" width="100" height="20"/>
                <fontDescription key="fontDescription" type="boldSystem" pointSize="0.0"/>
            </label>
            """))
        let result = try importAll([file.path])
        #expect(result.labels.map { $0.objectID } == ["txt-01-bsc", "txt-02-sub", "dtl-02-sub", "txt-03-val", "dtl-03-val", "lse-04-000"])
        #expect(result.labels.map { $0.definition["font"]?["size"]?.number } == [17, 17, 12, 17, 17, 17])
        #expect(result.labels.last?.definition["font"]?["weight"] == .number(700))
        // A negative size is still no size.
        let negative = try ScratchFile("Bad.xib", Self.document(Self.label(id: "neg-00-000", attributes: "").replacingOccurrences(
            of: "</label>", with: "<fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"-3\"/></label>")))
        guard case .malformed(_, _, .shape(let path, _, _))? = importError([negative.path]) else { return }
        #expect(path == "<fontDescription> pointSize")
    }

    /// Each attribute the reader takes, as Xcode writes it at IB's default and otherwise: an
    /// omitted `adjustsFontSizeToFit` is on (Xcode writes NO when it is off) when the label
    /// gives its minimum; `numberOfLines`, `textAlignment` omitted are 1 and natural; a height
    /// constraint of at least a height lets a label of any number of lines grow.
    @Test func omittedAttributesAreInterfaceBuildersDefaults() throws {
        let file = try ScratchFile("Main.storyboard", Self.document("""
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Shrinks" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" minimumScaleFactor="0.5" translatesAutoresizingMaskIntoConstraints="NO" id="shr-01-scl">
                <rect key="frame" x="20" y="10" width="120" height="20.333333333333332"/>
                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                <nil key="textColor"/>
                <nil key="highlightedColor"/>
            </label>
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Shrinks by size" textAlignment="center" lineBreakMode="tailTruncation" numberOfLines="2" baselineAdjustment="alignBaselines" minimumFontSize="12" translatesAutoresizingMaskIntoConstraints="NO" id="shr-02-fnt">
                <rect key="frame" x="0.0" y="72" width="68" height="24"/>
                <fontDescription key="fontDescription" type="system" pointSize="16"/>
                <nil key="textColor"/>
                <nil key="highlightedColor"/>
            </label>
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Fixed" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" minimumScaleFactor="0.5" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="fix-03-off">
                <rect key="frame" x="20" y="40" width="120" height="20.333333333333332"/>
                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                <nil key="textColor"/>
                <nil key="highlightedColor"/>
            </label>
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Let DuckDuckGo manage cookie consent pop-ups" lineBreakMode="tailTruncation" numberOfLines="0" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="grw-04-min">
                <rect key="frame" x="20" y="10" width="265" height="38.666666666666664"/>
                <constraints>
                    <constraint firstAttribute="height" relation="greaterThanOrEqual" constant="24" id="ZyV-ja-ame"/>
                </constraints>
                <fontDescription key="fontDescription" type="system" pointSize="16"/>
                <color key="textColor" white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                <color key="backgroundColor" red="0.0" green="0.47843137254901963" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                <nil key="highlightedColor"/>
            </label>
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Capped" lineBreakMode="tailTruncation" numberOfLines="0" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="cap-05-max">
                <rect key="frame" x="20" y="10" width="265" height="40"/>
                <constraints>
                    <constraint firstAttribute="height" relation="lessThanOrEqual" constant="40" id="cap-05-cns"/>
                </constraints>
                <fontDescription key="fontDescription" name=".AppleSystemUIFont" family=".AppleSystemUIFont" pointSize="14"/>
                <color key="textColor" systemColor="labelColor"/>
                <nil key="highlightedColor"/>
            </label>
            """))
        let labels = try importAll([file.path]).labels.map(\.definition)
        #expect(labels.map { $0["adjustsFontSizeToFitWidth"] } == [.bool(true), .bool(true), nil, nil, nil])
        #expect(labels.map { $0["minimumScaleFactor"] } == [.number(0.5), .number(0.75), .number(0.5), nil, nil])
        #expect(labels.map { $0["numberOfLines"] } == [.number(1), .number(2), .number(1), .number(0), .number(0)])
        #expect(labels.map { $0["textAlignment"] } == [.string("natural"), .string("center"), .string("natural"), .string("natural"), .string("natural")])
        #expect(labels.map { $0["frame"]?["height"] == .null } == [false, false, false, true, false])
        #expect(labels[3]["textColor"] == .string("#FFFFFF") && labels[3]["backgroundColor"] == .string("#007AFF"))
        #expect(labels[4]["font"] == (try JSONValue.parse(#"{"size": 14, "weight": 400}"#)), "the system font by its own name")
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
