import Foundation
import LabelJSON
import Testing
import TestSupport

/// A real app's folder as it is, through the real binary (docs/xcode-files.md): two targets with
/// a `Localizable` table each, English as the development language, a storyboard Xcode wrote
/// with a built-in cell style (`pointSize="0.0"`), a file that cannot be read, labels defined in
/// code keyed before and after the import.
@Suite("An app's folder as it is")
struct AppFolderCommandTests {
    typealias Workspace = CLITests.Workspace

    static func storyboard(_ scenes: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
                <capability name="Safe area layout guides" minToolsVersion="9.0"/>
                <capability name="documents saved in the Xcode 8 format" minToolsVersion="8.0"/>
            </dependencies>
            <scenes>
        \(scenes)
            </scenes>
        </document>

        """
    }

    static let main = storyboard("""
                <scene sceneID="scn-00-001">
                    <objects>
                        <viewController id="vc0-00-001" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="vw0-00-001">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Welcome" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="ttl-01-aaa">
                                        <rect key="frame" x="20" y="100" width="300" height="21"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                        <nil key="textColor"/>
                                        <nil key="highlightedColor"/>
                                    </label>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Sign in" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="btn-02-bbb">
                                        <rect key="frame" x="20" y="150" width="80" height="21"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                        <nil key="textColor"/>
                                        <nil key="highlightedColor"/>
                                    </label>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Continue" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" minimumScaleFactor="0.5" translatesAutoresizingMaskIntoConstraints="NO" id="shr-03-ccc">
                                        <rect key="frame" x="20" y="200" width="80" height="21"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                        <nil key="textColor"/>
                                        <nil key="highlightedColor"/>
                                    </label>
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="sfa-00-001"/>
                                <constraints>
                                    <constraint firstItem="ttl-01-aaa" firstAttribute="leading" secondItem="vw0-00-001" secondAttribute="leading" constant="20" id="c01-tt-ld"/>
                                    <constraint firstItem="ttl-01-aaa" firstAttribute="top" secondItem="vw0-00-001" secondAttribute="top" constant="100" id="c02-tt-tp"/>
                                    <constraint firstItem="ttl-01-aaa" firstAttribute="width" constant="300" id="c03-tt-wd"/>
                                    <constraint firstItem="btn-02-bbb" firstAttribute="leading" secondItem="vw0-00-001" secondAttribute="leading" constant="20" id="c04-bt-ld"/>
                                    <constraint firstItem="btn-02-bbb" firstAttribute="top" secondItem="vw0-00-001" secondAttribute="top" constant="150" id="c05-bt-tp"/>
                                    <constraint firstItem="btn-02-bbb" firstAttribute="width" constant="80" id="c06-bt-wd"/>
                                    <constraint firstItem="shr-03-ccc" firstAttribute="leading" secondItem="vw0-00-001" secondAttribute="leading" constant="20" id="c07-sh-ld"/>
                                    <constraint firstItem="shr-03-ccc" firstAttribute="top" secondItem="vw0-00-001" secondAttribute="top" constant="200" id="c08-sh-tp"/>
                                    <constraint firstItem="shr-03-ccc" firstAttribute="width" constant="80" id="c09-sh-wd"/>
                                </constraints>
                            </view>
                        </viewController>
                    </objects>
                </scene>
        """)

    static let debug = storyboard("""
                <scene sceneID="scn-00-002">
                    <objects>
                        <tableViewController id="tvc-00-002" sceneMemberID="viewController">
                            <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="28" sectionFooterHeight="28" id="tbl-00-002">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <prototypes>
                                    <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" reuseIdentifier="Info" textLabel="7IK-He-gTN" style="IBUITableViewCellStyleDefault" id="8PX-Ou-xNc">
                                        <rect key="frame" x="0.0" y="50" width="393" height="43.666667938232422"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="8PX-Ou-xNc" id="5Ol-oV-xbu">
                                            <rect key="frame" x="0.0" y="0.0" width="393" height="43.666667938232422"/>
                                            <autoresizingMask key="autoresizingMask"/>
                                            <subviews>
                                                <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="Loading" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="7IK-He-gTN">
                                                    <rect key="frame" x="20" y="0.0" width="353" height="43.666667938232422"/>
                                                    <autoresizingMask key="autoresizingMask"/>
                                                    <fontDescription key="fontDescription" type="system" pointSize="0.0"/>
                                                    <nil key="textColor"/>
                                                    <nil key="highlightedColor"/>
                                                </label>
                                            </subviews>
                                        </tableViewCellContentView>
                                    </tableViewCell>
                                </prototypes>
                            </tableView>
                        </tableViewController>
                    </objects>
                </scene>
        """)

    static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \t\t1D0A0A0A2B00000000000001 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tcompatibilityVersion = "Xcode 14.0";
        \t\t\tdevelopmentRegion = en;
        \t\t\thasScannedForEncodings = 0;
        \t\t\tknownRegions = (
        \t\t\t\ten,
        \t\t\t\tBase,
        \t\t\t\tde,
        \t\t\t\tfr,
        \t\t\t);
        \t\t};
        \t};
        \trootObject = 1D0A0A0A2B00000000000001 /* Project object */;
        }

        """

    /// The app's folder, as its repository has it.
    static func writeApp(in workspace: Workspace) throws {
        let files: [String: String] = [
            "MyApp/MyApp.xcodeproj/project.pbxproj": project,
            "MyApp/App/Base.lproj/Main.storyboard": main,
            "MyApp/App/Base.lproj/Debug.storyboard": debug,
            "MyApp/App/de.lproj/Main.strings": """
                /* Class = "UILabel"; text = "Welcome"; ObjectID = "ttl-01-aaa"; */
                "ttl-01-aaa.text" = "Willkommen";

                /* Class = "UILabel"; text = "Sign in"; ObjectID = "btn-02-bbb"; */
                "btn-02-bbb.text" = "Jetzt anmelden und loslegen";

                /* Class = "UILabel"; text = "Continue"; ObjectID = "shr-03-ccc"; */
                "shr-03-ccc.text" = "Weiter zur Kasse";

                """,
            "MyApp/App/en.lproj/Localizable.strings": """
                /* The home screen's greeting */
                "greeting" = "Hello there";
                "farewell" = "Goodbye";
                "unused" = "Not shown anywhere";

                """,
            "MyApp/App/de.lproj/Localizable.strings": """
                "greeting" = "Hallo zusammen, schön dass du da bist";
                "farewell" = "Tschüss";
                "unused" = "Nirgends gezeigt";

                """,
            "MyApp/App/fr.lproj/Localizable.strings": "\"greeting\" = \"Salut\";\n\"farewell\" = \"Au revoir\"\n",
            "MyApp/Widget/en.lproj/Localizable.strings": "\"greeting\" = \"Hi\";\n\"widget.title\" = \"Today\";\n",
            "MyApp/Widget/de.lproj/Localizable.strings": "\"greeting\" = \"Hallo\";\n\"widget.title\" = \"Heute im Überblick mit allen Terminen\";\n",
        ]
        for (path, text) in files { try workspace.directory.write(path, text) }
    }

    /// Labels defined in code, keyed to the app's tables (told apart by folder: both targets
    /// have a `Localizable`).
    static let codeLabels = """
        {"name": "code.greeting", "key": "App/Localizable:greeting", "frame": {"x": 0, "y": 0, "width": 120, "height": 21}}
        {"name": "code.farewell", "key": "App/Localizable:farewell", "text": "Bye", "frame": {"x": 0, "y": 30, "width": 120, "height": 21}}
        {"name": "widget.greeting", "key": "Widget/Localizable:greeting", "frame": {"x": 0, "y": 60, "width": 120, "height": 21}}

        """

    /// The lines of a label's text in a locale.
    static func lines(_ workspace: Workspace, _ label: String, locale: String? = nil) throws -> [String] {
        try workspace.layout(label, locale: locale)["lines"]?.array?.compactMap { $0["text"]?.string } ?? []
    }

    @Test("End to end: label import, import of the app's folder (exit 0 with a warning), a label keyed afterwards, label import again: every text where it belongs, check lists exactly the planned findings")
    func appFolderEndToEnd() throws {
        let workspace = try Workspace()
        try Self.writeApp(in: workspace)
        let definitions = try workspace.directory.write("code-labels.ndjson", Self.codeLabels)
        try workspace.succeed("label", "import", definitions)

        let imported = try workspace.succeed("import", "MyApp")
        #expect(imported.stderr.hasPrefix("Warning: MyApp/App/fr.lproj/Localizable.strings:")
                && imported.stderr.contains("; the file was skipped"), "\(imported.stderr)")
        #expect(imported.stdout.contains("Read 7 files (1 skipped: cannot be read): labels 4 created"), "\(imported.stdout)")
        #expect(imported.stdout.contains("Development language: en (the Xcode project's developmentRegion)."), "\(imported.stdout)")
        #expect(imported.stdout.contains("told apart by folder: App/Localizable, Widget/Localizable."), "\(imported.stdout)")
        #expect(imported.stdout.contains("2 keys no label has yet"), "\(imported.stdout)")
        #expect(!imported.stdout.contains("No label shows a text read in"), "\(imported.stdout)")

        // Keyed after the import: its texts are there at once.
        try workspace.succeed("label", "set", "widget.title", "--key", "Widget/Localizable:widget.title", "--frame", "0,90,100,21")
        #expect(try Self.lines(workspace, "widget.title") == ["Today"])
        // The definitions imported again: their texts stay.
        let again = try workspace.succeed("label", "import", definitions)
        #expect(again.stdout == "Imported 3 labels.\n")

        // Every text where it belongs: the development language as base text, each target's own table.
        #expect(try Self.lines(workspace, "code.greeting") == ["Hello there"])
        #expect(try Self.lines(workspace, "code.greeting", locale: "en") == ["Hello there"])
        #expect(try Self.lines(workspace, "code.farewell") == ["Bye"], "a label's own base text wins")
        #expect(try Self.lines(workspace, "code.farewell", locale: "de") == ["Tschüss"])
        #expect(try Self.lines(workspace, "widget.greeting", locale: "de") == ["Hallo"], "the widget's table, not the app's")
        #expect(try Self.lines(workspace, "Main.storyboard/shr-03-ccc", locale: "de") == ["Weiter zur Kasse"], "autoshrink: omitted means on")
        #expect(try workspace.layout("Debug.storyboard/7IK-He-gTN")["fontSize"] == .number(17), "pointSize 0.0: the Basic cell's 17 pt")
        #expect(try workspace.labelcat("layout", "code.greeting", "--locale", "fr").status == 1, "the unreadable French file gave nothing")

        let check = try workspace.labelcat("check", "--json")
        #expect(check.status == 1, "\(check.stderr)")
        #expect(try ImportCommandTests.findings(check) == [
            "Main.storyboard/btn-02-bbb/de//large/truncated",
            "code.greeting/de//large/truncated",
            "widget.title/de//large/truncated",
        ], "\(check.stdout)")
        let text = try workspace.labelcat("check", "--verbose")
        #expect(text.stdout.contains("1 key holds texts no label shows:\n  App/Localizable:unused  MyApp/App/en.lproj/Localizable.strings:4"),
                "\(text.stdout)")

        // A label's own text wins over its key's; removed, its key's shows again.
        try workspace.succeed("label", "set", "code.greeting", "--locale", "de", "--text", "Hallo")
        #expect(try Self.lines(workspace, "code.greeting", locale: "de") == ["Hallo"])
        #expect(try workspace.succeed("label", "set", "code.greeting", "--locale", "de", "--remove-text").stdout
                == "Removed the de text of label code.greeting.\n")
        #expect(try workspace.layout("code.greeting", locale: "de")["truncated"] == .bool(true), "the key's long German text again")

        // Importing the same folder again writes nothing.
        let before = try workspace.dump()
        let unchanged = try workspace.succeed("import", "MyApp")
        #expect(unchanged.stdout.contains("(0 written, "), "\(unchanged.stdout)")
        #expect(try workspace.dump() == before)
        // --strict refuses the unreadable file, and --exclude leaves it out.
        #expect(try workspace.labelcat("import", "MyApp", "--strict").status == 1)
        #expect(try workspace.dump() == before)
        let excluded = try workspace.succeed("import", "MyApp", "--exclude", "fr.lproj", "--exclude", "Debug.storyboard")
        #expect(excluded.stderr.isEmpty && excluded.stdout.contains("Read 6 files:"), "\(excluded.stdout)\(excluded.stderr)")
    }

    @Test("Fonts: .AppleSystemUIFont is the system font; a family not installed is stored by label set and reported at layout; an import names the families it lacks")
    func fonts() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "apple.system", "--frame", "0,0,200,30", "--text", "Hello", "--font", #"{"family": ".AppleSystemUIFont", "size": 17}"#)
        try workspace.succeed("label", "set", "system.ui", "--frame", "0,0,200,30", "--text", "Hello", "--font", #"{"family": "system-ui", "size": 17}"#)
        #expect(try workspace.layout("apple.system")["font"]?["family"] == .string("Inter"))
        #expect(try workspace.layout("apple.system")["textRect"] == workspace.layout("system.ui")["textRect"])
        // A substitute naming system-ui is the system font too, as in measure.
        try workspace.succeed("settings", "set", "font-substitutes", "Proxima Nova=system-ui")
        try workspace.succeed("label", "set", "proxima", "--frame", "0,0,200,30", "--text", "Hello", "--font", #"{"family": "Proxima Nova", "size": 17}"#)
        #expect(try workspace.layout("proxima")["font"]?["family"] == .string("Inter"))
        let measured = try CLI.labelcat(["measure", "--font-substitutes", "Proxima Nova=system-ui", "-"], in: workspace.root,
                                        stdin: #"{"name": "m", "text": "Hello", "frame": {"x": 0, "y": 0, "width": 200, "height": 30}, "font": {"family": "Proxima Nova", "size": 17}}"#)
        #expect(try CLITests.json(measured.stdout)["font"]?["family"] == .string("Inter"), "\(measured.stdout)\(measured.stderr)")
        try workspace.succeed("settings", "set", "font-substitutes", "")

        // Not installed: stored, and the layout reports it.
        let set = try workspace.succeed("label", "set", "proxima.missing", "--frame", "0,0,200,30", "--text", "Hello",
                                        "--font", #"{"family": "Proxima Nova", "size": 17}"#)
        #expect(set.stderr.contains("no installed font of family \"Proxima Nova\"") && set.stderr.contains("font-substitutes"), "\(set.stderr)")
        let layout = try workspace.labelcat("layout", "proxima.missing")
        #expect(layout.status == 1 && layout.stderr.contains("Proxima Nova"), "\(layout.stderr)")

        // An import leaving labels in missing fonts says which, and what to do.
        try workspace.directory.write("Fonts/Base.lproj/Main.storyboard", Self.storyboard("""
                    <scene sceneID="s"><objects><viewController id="v" sceneMemberID="viewController"><view key="view" contentMode="scaleToFill" id="w"><subviews>
                    <label opaque="NO" text="Avenir" adjustsFontSizeToFit="NO" id="avn-00-001"><rect key="frame" x="0" y="0" width="200" height="21"/>
                        <fontDescription key="fontDescription" name="AvenirNext-DemiBold" family="Avenir Next" pointSize="17"/></label>
                    <label opaque="NO" text="Avenir" adjustsFontSizeToFit="NO" id="avn-00-002"><rect key="frame" x="0" y="30" width="200" height="21"/>
                        <fontDescription key="fontDescription" name="AvenirNext-Regular" family="Avenir Next" pointSize="15"/></label>
                    <label opaque="NO" text="System" adjustsFontSizeToFit="NO" id="sys-00-003"><rect key="frame" x="0" y="60" width="200" height="21"/>
                        <fontDescription key="fontDescription" name=".AppleSystemUIFont" family=".AppleSystemUIFont" pointSize="14"/></label>
                    </subviews></view></viewController></objects></scene>
            """))
        let imported = try workspace.succeed("import", "Fonts")
        #expect(imported.stdout.contains("2 labels cannot be laid out here: no installed font of family \"Avenir Next\""), "\(imported.stdout)")
        #expect(imported.stdout.contains("font-substitutes \"Avenir Next=Inter\""), "\(imported.stdout)")
        #expect(try workspace.layout("Main.storyboard/sys-00-003")["fontSize"] == .number(14))
    }

    @Test("Content size categories are read the one way everywhere: any case in layout, check, render, measure and settings; a name that is none is a usage error")
    func categoryNames() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "styled", "--frame", "0,0,200,auto", "--text", "Hello", "--text-style", "body")
        try workspace.succeed("settings", "set", "categories", "LARGE,ExtraLarge")
        #expect(try workspace.succeed("settings", "get", "categories").stdout == "large,extraLarge\n")
        try workspace.succeed("layout", "styled", "--category", "EXTRALARGE")
        try workspace.succeed("check", "--category", "extralarge")
        try workspace.succeed("render", "styled", "--category", "ExtraLarge", "--out", "styled.png")
        let measured = try CLI.labelcat(["measure", "--category", "ACCESSIBILITYLARGE", "-"], in: workspace.root,
                                        stdin: #"{"name": "m", "text": "Hi", "frame": {"x": 0, "y": 0, "width": 200, "height": 30}, "font": {"textStyle": "body"}}"#)
        #expect(measured.status == 0, "\(measured.stderr)")
        #expect(try CLITests.json(measured.stdout)["contentSizeCategory"] == .string("accessibilityLarge"), "\(measured.stdout)")
        for command in [["layout", "styled"], ["check"], ["render", "styled", "--out", "x.png"]] {
            let run = try workspace.labelcat(command + ["--category", "huge"])
            #expect(run.status == 64 && run.stderr.contains("'huge' of '--category' is not a content size category"), "\(command): \(run.stderr)")
        }
        // The same parser and message for --min-category, which takes AX1-AX5 too.
        try workspace.succeed("check", "--min-category", "ax2")
        let minimum = try workspace.labelcat(["check", "--min-category", "huge"])
        #expect(minimum.status == 64 && minimum.stderr.contains("'huge' of '--min-category' is not a content size category"), "\(minimum.stderr)")
        #expect(minimum.stderr.contains("or AX1-AX5"), "\(minimum.stderr)")
    }

    @Test("The base text's locale is written base and read as base (or '') by every command")
    func baseLocaleSpelling() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "title", "--frame", "0,0,60,21", "--text", "A title far too long for it")
        try workspace.succeed("label", "set", "title", "--locale", "de", "--text", "Titel")
        let list = try workspace.succeed("layout", "list")
        #expect(CLITests.table(list.stdout).dropFirst().map { $0[1] } == ["base", "de"], "\(list.stdout)")
        let check = try workspace.labelcat("check")
        #expect(CLITests.table(check.stdout).dropFirst().map { $0[1] } == ["base"], "\(check.stdout)")
        for spelling in ["base", "Base", ""] {
            #expect(try workspace.succeed("layout", "title", "--locale", spelling, "--json").stdout == workspace.succeed("layout", "title", "--json").stdout)
            #expect(CLITests.table(try workspace.succeed("layout", "list", "--locale", spelling).stdout).count == 2)
            #expect(try workspace.labelcat("check", "--locale", spelling).status == 1)
            try workspace.succeed("render", "*", "--locale", spelling, "--out", "base.png")
            try workspace.succeed("label", "set", "title", "--locale", spelling, "--text", "A title far too long for it")
        }
        let measured = try CLI.labelcat(["measure", "--locale", "base", "-"], in: workspace.root,
                                        stdin: #"{"name": "m", "text": "Base", "texts": {"de": "Deutsch"}, "frame": {"x": 0, "y": 0, "width": 200, "height": 30}}"#)
        #expect(try CLITests.json(measured.stdout)["locale"] == .string(""), "\(measured.stdout)\(measured.stderr)")
    }

    @Test("A self-sizing one-line label with autoshrink and insets 3/5: measure and layout --json give the same bounds (the engine's)")
    func boundsAsTheEngineReturnsThem() throws {
        let workspace = try Workspace()
        let definition = #"{"name": "shrinking", "text": "A headline that is far too long for its label", "frame": {"x": 0, "y": 0, "width": 120, "height": null}, "numberOfLines": 1, "adjustsFontSizeToFitWidth": true, "minimumScaleFactor": 0.5, "contentInsets": {"top": 3, "left": 0, "bottom": 5, "right": 0}, "font": {"size": 17}}"#
        try workspace.succeed(["label", "import", "-"], stdin: definition)
        let measured = try CLITests.json(try CLI.labelcat(["measure", "-"], in: workspace.root, stdin: definition).stdout)
        let stored = try workspace.layout("shrinking")
        #expect(measured["shrunk"] == .bool(true))
        #expect(stored["bounds"] == measured["bounds"], "\(stored["bounds"] ?? .null) vs \(measured["bounds"] ?? .null)")
        #expect(stored["textRect"] == measured["textRect"] && stored["intrinsicSize"] == measured["intrinsicSize"])
    }
}
