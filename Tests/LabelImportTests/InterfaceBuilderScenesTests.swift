import AutoLayout
import LabelImport
import LabelJSON
import Testing

@Suite struct InterfaceBuilderScenesTests {
    static let main = Fixtures.path("Scenes/Base.lproj/Main.storyboard")
    static let about = Fixtures.path("Scenes/Base.lproj/About.storyboard")
    static let card = Fixtures.path("Scenes/ProfileCard.xib")

    static func scenes(_ path: String) throws -> [Scene] {
        try InterfaceBuilderScenes.readAll(path: path).scenes
    }

    static func scene(_ path: String, _ id: String) throws -> Scene {
        try #require(try scenes(path).first { $0.id == id })
    }

    static func view(_ scene: Scene, _ id: String) throws -> View {
        try #require(scene.views.first { $0.id == id })
    }

    static func constraint(_ scene: Scene, _ id: String) throws -> Constraint {
        try #require(scene.constraints.first { $0.id == id })
    }

    /// A storyboard of one scene around `subviews` and `constraints` of its root view.
    static func storyboard(_ subviews: String, constraints: String = "", extra: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="23504" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="scn-SC-001">
                    <objects>
                        <viewController id="vc0-VC-001" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="rt0-VW-001">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
        \(subviews)
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="sa0-SA-001"/>
                                <constraints>
        \(constraints)
                                </constraints>
        \(extra)
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    static func label(_ id: String, attributes: String = "", children: String = "") -> String {
        """
        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Hello" \(attributes) translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
            <rect key="frame" x="16" y="100" width="42" height="20.333333333333332"/>
            <fontDescription key="fontDescription" type="system" pointSize="17"/>
            \(children)
        </label>
        """
    }

    // MARK: The fixtures, as Xcode writes them

    @Test func aStoryboardsScenesInFileOrderCellsBeforeTheirTable() throws {
        let (document, scenes) = try InterfaceBuilderScenes.readAll(path: Self.main)
        #expect(scenes.map { "\($0.kind.rawValue) \($0.id) \($0.name)" } == [
            "viewController sgn-VC-001 Sign In",
            "viewController prf-VC-002 ProfileViewController",
            "topLevelView prf-DK-001 Empty State",
            "tableViewCell bsc-CL-001 Basic",
            "tableViewCell sub-CL-001 Subtitle",
            "tableViewCell cus-CL-001 Storage",
            "viewController set-TV-003 Settings",
        ])
        #expect(scenes.map { $0.sceneID ?? "-" } == ["sgn-SC-001", "prf-SC-002", "prf-SC-002", "set-SC-003", "set-SC-003", "set-SC-003", "set-SC-003"])
        #expect(scenes.allSatisfy { $0.file == Self.main && $0.canvas == Canvas(deviceID: "retina6_12") })
        #expect(scenes.first?.canvas.device == .iPhone16)
        #expect(document.isIOS && document.documentType == "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB")
        #expect(document.imageSizes == ["Logo": LayoutSize(width: 271, height: 152)])
        #expect(scenes.map(\.line) == [15, 129, 184, 214, 231, 255, 208])
    }

    @Test func aViewControllersRootViewAndItsSubviews() throws {
        let scene = try Self.scene(Self.main, "sgn-VC-001")
        let root = scene.root
        #expect(root.id == "sgn-VW-001" && root.kind == .view && root.element == "view" && root.key == "view")
        #expect(root.frame == LayoutRect(x: 0, y: 0, width: 393, height: 852))
        #expect(root.autoresizingMask == [.widthSizable, .heightSizable] && root.translatesAutoresizingMaskIntoConstraints)
        #expect(root.backgroundColor == .system("systemBackgroundColor"))
        #expect(root.guides == [LayoutGuide(id: "sgn-SA-001", kind: .safeArea, owner: "sgn-VW-001")])
        #expect(root.subviews.map { "\($0.id) \($0.kind.rawValue) \($0.element)" } == [
            "ttl-LB-001 label label", "bdy-LB-002 label label", "eml-LB-003 label label", "hnt-LB-004 label label",
            "eml-TF-005 other textField", "sgn-BT-006 button button", "err-VW-007 view view", "ver-LB-008 label label",
            "lgo-IV-009 imageView imageView",
        ])
        #expect(scene.labels.map(\.id) == ["ttl-LB-001", "bdy-LB-002", "eml-LB-003", "hnt-LB-004", "ver-LB-008"])

        let title = try Self.view(scene, "ttl-LB-001")
        #expect(!title.translatesAutoresizingMaskIntoConstraints && title.userLabel == "Title" && title.line == 20)
        #expect(title.frame == LayoutRect(x: 134.66666666666666, y: 99, width: 124, height: 24))
        #expect(title.contentHugging == AxisPriorities(horizontal: Priority(251), vertical: Priority(251)))
        #expect(title.compressionResistance == .defaultCompressionResistance)
        #expect(try Self.view(scene, "eml-LB-003").compressionResistance.horizontal == Priority(751))
        #expect(try Self.view(scene, "hnt-LB-004").compressionResistance == AxisPriorities(horizontal: Priority(749), vertical: Priority(750)))
        #expect(try Self.view(scene, "eml-TF-005").contentHugging == AxisPriorities(horizontal: Priority(248), vertical: Priority(250)))

        let banner = try Self.view(scene, "err-VW-007")
        #expect(banner.isHidden && banner.userLabel == "Error Banner")
        #expect(banner.backgroundColor == .rgb(red: 1, green: 0.23137254901960785, blue: 0.18823529411764706, alpha: 1, colorSpace: "sRGB"))
        let version = try Self.view(scene, "ver-LB-008")
        #expect(version.flags.hasFixedFrame && version.translatesAutoresizingMaskIntoConstraints)
        #expect(version.autoresizingMask == [.flexibleMinX, .flexibleMinY])
        #expect(try Self.view(scene, "lgo-IV-009").image == "Logo")
        // The only view whose size rules are not modelled is the text field.
        #expect(scene.notes == [SceneNote(object: "eml-TF-005", views: ["eml-TF-005"], line: 47, reason: .viewKindNotModelled(element: "textField"))])
    }

    @Test func constraintsAsWritten() throws {
        let scene = try Self.scene(Self.main, "sgn-VC-001")
        // 22 on the root view (the placeholder c20 is removed, as at build time), one on the hint,
        // one on the banner, two on the image view.
        #expect(scene.constraints.count == 26)
        #expect(!scene.constraints.contains { $0.id == "c20-tf-ph" })
        #expect(try Self.constraint(scene, "c02-tt-tp") == Constraint(
            id: "c02-tt-tp", firstItem: "ttl-LB-001", firstAttribute: .top, secondItem: "sgn-SA-001", secondAttribute: .top,
            constant: 40, holder: "sgn-VW-001", line: 82))
        // An omitted firstItem is the view holding the constraint.
        let trailing = try Self.constraint(scene, "c08-hn-tr")
        #expect(trailing.firstItem == "sgn-VW-001" && trailing.firstAttribute == .trailingMargin)
        #expect(trailing.secondItem == "hnt-LB-004" && trailing.secondAttribute == .trailing)
        #expect(try Self.constraint(scene, "c05-bd-tp").isSymbolic)
        #expect(try Self.constraint(scene, "c05-bd-tp").constant == 8)
        #expect(try Self.constraint(scene, "c06-em-ld").secondAttribute == .leadingMargin)
        #expect(try Self.constraint(scene, "c09-hn-bl").firstAttribute == .firstBaseline)
        #expect(try Self.constraint(scene, "c11-tf-tp").secondAttribute == .lastBaseline)
        #expect(try Self.constraint(scene, "c13-tf-wd").multiplier == 2.0 / 3)
        #expect(try Self.constraint(scene, "c15-bt-tp").relation == .greaterThanOrEqual)
        let bottom = try Self.constraint(scene, "c16-bt-bt")
        #expect(bottom.priority == Priority(750) && bottom.constant == 34)
        #expect(bottom.variations == [TraitVariation(key: "heightClass=compact", attributes: ["constant": "8"])])
        // A constant width on the label itself, at most 320.
        #expect(try Self.constraint(scene, "c23-hn-wd") == Constraint(
            id: "c23-hn-wd", firstItem: "hnt-LB-004", firstAttribute: .width, relation: .lessThanOrEqual, constant: 320,
            holder: "hnt-LB-004", line: 41))
        let aspect = try Self.constraint(scene, "c24-lg-ar")
        #expect(aspect.multiplier == 271.0 / 152 && aspect.firstItem == "lgo-IV-009" && aspect.secondItem == "lgo-IV-009")
        // The base size class leaves c22 out; the iPad variation puts it back.
        #expect(try !Self.constraint(scene, "c22-tt-lg").isInstalled)
        #expect(scene.constraints.filter { !$0.isInstalled }.map(\.id) == ["c22-tt-lg"])
        #expect(scene.root.variations == [TraitVariation(key: "heightClass=regular-widthClass=regular", includedConstraints: ["c22-tt-lg"])])
    }

    @Test func aScrollViewWithItsGuidesAndAStackView() throws {
        let scene = try Self.scene(Self.main, "prf-VC-002")
        let scroll = try Self.view(scene, "prf-SV-001")
        #expect(scroll.kind == .scrollView && scroll.scrollView == ScrollViewProperties(contentInsetAdjustmentBehavior: "never"))
        #expect(scroll.guides == [LayoutGuide(id: "prf-CL-001", kind: .content, owner: "prf-SV-001"),
                                  LayoutGuide(id: "prf-FL-001", kind: .frame, owner: "prf-SV-001")])
        #expect(scroll.constraints.map { "\($0.firstItem).\($0.firstAttribute.rawValue) \($0.secondItem ?? "-").\($0.secondAttribute?.rawValue ?? "-")" } == [
            "prf-ST-001.top prf-CL-001.top", "prf-ST-001.leading prf-CL-001.leading", "prf-CL-001.bottom prf-ST-001.bottom",
            "prf-CL-001.trailing prf-ST-001.trailing", "prf-ST-001.width prf-FL-001.width",
        ])
        let stack = try Self.view(scene, "prf-ST-001")
        #expect(stack.stackView == StackViewProperties(axis: .vertical, distribution: .fillEqually, alignment: .center, spacing: 8,
                                                       isLayoutMarginsRelativeArrangement: true))
        #expect(stack.layoutMargins == LayoutMargins(insets: LayoutInsets(top: 8, left: 12, bottom: 8, right: 12), isDirectional: true))
        #expect(stack.arrangedSubviews.map(\.id) == ["prf-LB-001", "prf-LB-002", "prf-LB-003"])
        #expect(stack.arrangedSubviews.map(\.isHidden) == [false, false, true])
        #expect(scene.notes.isEmpty)

        // A view of the scene's dock is a scene of its own.
        let dock = try Self.scene(Self.main, "prf-DK-001")
        #expect(dock.kind == .topLevelView && dock.root.guides.map(\.id) == ["prf-SA-003"] && dock.constraints.count == 2)
        #expect(dock.root.frame == LayoutRect(x: 0, y: 0, width: 240, height: 128))
    }

    @Test func tableViewCellsOfBuiltInStylesAndACustomOne() throws {
        let scenes = try Self.scenes(Self.main)
        let basic = try #require(scenes.first { $0.id == "bsc-CL-001" })
        #expect(basic.kind == .tableViewCell && basic.root.kind == .tableViewCell)
        #expect(basic.root.tableCell == TableCellProperties(
            style: .basic, textLabel: "bsc-LB-001", accessoryType: "disclosureIndicator", reuseIdentifier: "Basic",
            tableView: "set-TB-003", tableRowHeight: -1, tableStyle: "insetGrouped"))
        #expect(basic.root.frame == LayoutRect(x: 20, y: 55.333332061767578, width: 353, height: 43.666667938232422))
        let content = try #require(basic.root.subviews.first)
        #expect(content.kind == .tableViewCellContentView && content.key == "contentView" && content.id == "bsc-CV-001")
        #expect(content.insetsLayoutMarginsFromSafeArea == false && content.preservesSuperviewLayoutMargins == true)
        #expect(content.frame?.width == 322.66666666666669)
        // The textLabel as IB draws it: an autoresizing label, UIKit's default priorities.
        let text = try Self.view(basic, "bsc-LB-001")
        #expect(text.translatesAutoresizingMaskIntoConstraints && text.contentHugging == .defaultHugging && text.constraints.isEmpty)

        let subtitle = try #require(scenes.first { $0.id == "sub-CL-001" })
        #expect(subtitle.root.tableCell?.style == .subtitle)
        #expect(subtitle.root.tableCell?.textLabel == "sub-LB-001" && subtitle.root.tableCell?.detailTextLabel == "sub-LB-002")
        #expect(subtitle.root.tableCell?.accessoryType == nil)

        let custom = try #require(scenes.first { $0.id == "cus-CL-001" })
        #expect(custom.root.tableCell?.style == .custom && custom.root.tableCell?.rowHeight == 64)
        #expect(custom.root.customClass == "StorageCell")
        #expect(custom.constraints.map(\.holder) == Array(repeating: "cus-CV-001", count: 5))
        #expect(try Self.constraint(custom, "f01-cu-ld").secondAttribute == .leadingMargin)

        // The table itself: a scroll view whose cells are scenes of their own.
        let settings = try #require(scenes.first { $0.id == "set-TV-003" })
        #expect(settings.root.kind == .tableView && settings.root.key == "view" && settings.root.subviews.isEmpty)
        #expect(settings.root.scrollView == ScrollViewProperties())
        #expect(settings.root.backgroundColor == .system("systemGroupedBackgroundColor"))
    }

    @Test func legacyLayoutGuidesAFreeformSizeAndDesignTimeFlags() throws {
        let scenes = try Self.scenes(Self.about)
        // The navigation controller has no root view of its own: no scene.
        #expect(scenes.map(\.id) == ["abt-VC-001"])
        let scene = try #require(scenes.first)
        #expect(scene.canvas == Canvas(deviceID: "retina4_7", orientation: .portrait, freeformSize: LayoutSize(width: 375, height: 300)))
        #expect(scene.canvas.device == .iPhoneSE3)
        #expect(scene.root.guides == [LayoutGuide(id: "abt-TG-001", kind: .top, owner: "abt-VW-001"),
                                      LayoutGuide(id: "abt-BG-001", kind: .bottom, owner: "abt-VW-001")])
        #expect(try Self.constraint(scene, "e01-ab-tp").secondItem == "abt-TG-001")
        #expect(try Self.constraint(scene, "e04-ab-bt").firstItem == "abt-BG-001")
        #expect(scene.root.autoresizingMask == [.flexibleMaxX, .flexibleMaxY])
        #expect(scene.root.backgroundColor == .white(white: 1, alpha: 1, colorSpace: "genericGamma22GrayColorSpace"))
        let label = try Self.view(scene, "abt-LB-001")
        #expect(label.flags == InterfaceFlags(isMisplaced: true, preferredMaxLayoutWidth: 300))
        #expect(label.label == LabelProperties(numberOfLines: 0, textColor: .system("darkTextColor")) && label.label?.isMultiline == true)
        let badge = try Self.view(scene, "abt-VW-002")
        #expect(badge.flags == InterfaceFlags(isAmbiguous: true, placeholderIntrinsicWidth: PlaceholderIntrinsicSize.none,
                                              placeholderIntrinsicHeight: .length(44)))
        #expect(badge.customClass == "BadgeView")
        #expect(badge.backgroundColor == .rgb(red: 0, green: 0.47843137254901963, blue: 1, alpha: 1, colorSpace: "calibratedRGB"))
        #expect(scene.notes.isEmpty)
    }

    @Test func aXibsTopLevelViewAndCollectionViewCell() throws {
        let (document, scenes) = try InterfaceBuilderScenes.readAll(path: Self.card)
        #expect(document.documentType == "com.apple.InterfaceBuilder3.CocoaTouch.XIB")
        #expect(document.imageSizes == ["person.circle": LayoutSize(width: 128, height: 121)])
        #expect(scenes.map { "\($0.kind.rawValue) \($0.id) \($0.name)" } == ["topLevelView crd-VW-001 Card", "collectionViewCell tag-CC-001 Tag"])
        let card = try #require(scenes.first)
        #expect(card.sceneID == nil && card.canvas == Canvas(deviceID: "retina6_12", freeformSize: LayoutSize(width: 393, height: 88)))
        #expect(card.root.layoutMargins == LayoutMargins(insets: LayoutInsets(top: 12, left: 16, bottom: 12, right: 16), isDirectional: false))
        #expect(card.root.backgroundColor == .named("CardBackground"))
        #expect(card.root.key == nil && card.constraints.count == 7 && card.labels.map(\.id) == ["crd-LB-001"])
        // numberOfLines as written; omitted is 1.
        #expect(card.labels.first?.label == LabelProperties(numberOfLines: 2))

        let cell = try #require(scenes.last)
        #expect(cell.root.kind == .collectionViewCell && cell.root.tableCell == nil && cell.canvas.freeformSize == nil)
        // IB writes the content view of a collection view cell without an id.
        let content = try #require(cell.root.subviews.first)
        #expect(content.id == "tag-CC-001.contentView" && content.kind == .collectionViewCellContentView && content.element == "view")
        #expect(cell.labels.first?.label == LabelProperties(numberOfLines: 1))
        #expect(cell.constraints.map { "\($0.firstItem) \($0.holder)" } == ["tag-LB-001 tag-CC-001", "tag-LB-001 tag-CC-001", "tag-CC-001 tag-CC-001"])
        #expect(cell.notes.isEmpty)
    }

    /// Each label of a scene is a label definition of the Interface Builder importer: its object
    /// id names it (`Main.storyboard/ID`).
    @Test func sceneLabelsAreTheImportersLabels() throws {
        let imported = try importAll([Fixtures.path("Scenes")]).labels
        var sceneLabels: [String] = []
        for path in [Self.about, Self.main, Self.card] {
            let prefix = String(path.split(separator: "/").last!)
            for scene in try Self.scenes(path) {
                sceneLabels += scene.labels.compactMap { $0.labelName(prefix: prefix) }
            }
        }
        #expect(imported.compactMap { $0.definition["name"]?.string }.sorted() == sceneLabels.sorted())
        #expect(sceneLabels.count == 17)
    }

    @Test func everyFixtureSceneComesBackFromItsJSON() throws {
        for path in [Self.main, Self.about, Self.card] {
            for scene in try Self.scenes(path) {
                let text = scene.json.jsonString(numberStyle: .exact)
                #expect(try Scene(json: JSONValue.parse(text)) == scene, "\(scene.id)")
            }
        }
    }

    // MARK: Never silent

    @Test func constraintsThatCannotBeModelledAreLeftOutWithANote() throws {
        let file = try ScratchFile("Broken.storyboard", Self.storyboard(Self.label("lbl-LB-001"), constraints: """
            <constraint firstItem="lbl-LB-001" firstAttribute="leading" secondItem="zzz-ZZ-999" secondAttribute="leading" id="k01"/>
            <constraint firstItem="lbl-LB-001" firstAttribute="middle" secondItem="rt0-VW-001" secondAttribute="leading" id="k02"/>
            <constraint firstItem="lbl-LB-001" firstAttribute="top" relation="about" secondItem="sa0-SA-001" secondAttribute="top" id="k03"/>
            <constraint firstItem="lbl-LB-001" firstAttribute="width" secondItem="rt0-VW-001" secondAttribute="width" multiplier="1:0" id="k04"/>
            <constraint firstItem="lbl-LB-001" firstAttribute="height" constant="tall" id="k05"/>
            <constraint firstItem="lbl-LB-001" firstAttribute="top" secondItem="sa0-SA-001" secondAttribute="top" priority="1200" id="k06"/>
            <constraint firstItem="lbl-LB-001" firstAttribute="top" secondItem="sa0-SA-001" id="k07"/>
            <constraint secondItem="lbl-LB-001" secondAttribute="top" id="k08"/>
            <constraint firstItem="lbl-LB-001" firstAttribute="leading" secondItem="sa0-SA-001" secondAttribute="leading" constant="16" id="k09"/>
            """))
        let scene = try #require(try Self.scenes(file.path).first)
        #expect(scene.constraints.map(\.id) == ["k09"])
        #expect(scene.notes.map(\.description) == [
            "k02: unknown constraint attribute \"middle\"",
            "k03: unknown constraint relation \"about\"",
            "k04: multiplier=\"1:0\" cannot be read",
            "k05: constant=\"tall\" cannot be read",
            "k06: priority=\"1200\" cannot be read",
            "k07: constraint without secondAttribute",
            "k08: constraint without firstAttribute",
            "k01: constraint names \"zzz-ZZ-999\", neither a view nor a layout guide of the scene",
        ])
        // Each note names the views it concerns, so that the label can say why it keeps its frame.
        #expect(scene.notes(about: "lbl-LB-001").count == 8)
        #expect(scene.notes.first { $0.object == "k01" }?.views == ["lbl-LB-001", "rt0-VW-001"])
        #expect(scene.notes.allSatisfy { $0.line != nil })
    }

    @Test func viewAttributesThatCannotBeReadOrAreNotModelledAreNoted() throws {
        let file = try ScratchFile("Odd.storyboard", Self.storyboard("""
            \(Self.label("lbl-LB-001", attributes: #"horizontalCompressionResistancePriority="high" hidden="maybe" semanticContentAttribute="forceRightToLeft""#))
            <view contentMode="scaleToFill" layoutMarginsFollowReadableWidth="YES" translatesAutoresizingMaskIntoConstraints="NO" id="rdb-VW-001">
                <rect key="frame" x="0.0" y="0.0" width="wide" height="10"/>
                <color key="backgroundColor" colorSpace="custom" customColorSpace="sRGB"/>
            </view>
            <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="swt-SW-001">
                <rect key="frame" x="20" y="20" width="51" height="31"/>
            </switch>
            <view contentMode="scaleToFill" id="nfr-VW-001"/>
            """))
        let scene = try #require(try Self.scenes(file.path).first)
        let label = try Self.view(scene, "lbl-LB-001")
        #expect(label.compressionResistance == .defaultCompressionResistance && !label.isHidden)
        #expect(try Self.view(scene, "rdb-VW-001").frame == nil)
        #expect(try Self.view(scene, "swt-SW-001").contentHugging == AxisPriorities(horizontal: Priority(750), vertical: Priority(750)))
        #expect(scene.notes.map(\.description) == [
            "lbl-LB-001: hidden=\"maybe\" cannot be read",
            "lbl-LB-001: horizontalCompressionResistancePriority=\"high\" cannot be read",
            "lbl-LB-001: semanticContentAttribute=\"forceRightToLeft\" is not modelled",
            "rdb-VW-001: layoutMarginsFollowReadableWidth=\"YES\" is not modelled",
            "rdb-VW-001: <rect> width=\"wide\" cannot be read",
            "rdb-VW-001: <color key=\"backgroundColor\">=\"colorSpace=custom customColorSpace=sRGB\" cannot be read",
            "rdb-VW-001: no frame",
            "swt-SW-001: <switch> views' sizes are not modelled",
            "nfr-VW-001: no frame",
        ])
    }

    @Test func aCellsTextFromAContentConfigurationIsNoted() throws {
        let file = try ScratchFile("List.storyboard", Self.storyboard("""
            <tableView clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="static" style="insetGrouped" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="18" sectionFooterHeight="18" translatesAutoresizingMaskIntoConstraints="NO" id="tbl-TB-001">
                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                <sections>
                    <tableViewSection id="sec-TS-001">
                        <cells>
                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" id="cfg-CL-001">
                                <rect key="frame" x="20" y="18" width="353" height="44.333332061767578"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="cfg-CL-001" id="cfg-CV-001">
                                    <rect key="frame" x="0.0" y="0.0" width="353" height="44.333332061767578"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                </tableViewCellContentView>
                                <listContentConfiguration key="contentConfiguration" text="Refresh"/>
                            </tableViewCell>
                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" style="IBUITableViewCellStyleValue1" id="key-CL-001">
                                <rect key="frame" x="20" y="62" width="353" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="key-CL-001" id="key-CV-001">
                                    <rect key="frame" x="0.0" y="0.0" width="353" height="44"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <subviews>
                                        <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" text="Version" key="textLabel" id="key-LB-001">
                                            <rect key="frame" x="20" y="12" width="58" height="20.5"/>
                                            <autoresizingMask key="autoresizingMask"/>
                                        </label>
                                        <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" text="2.4" key="detailTextLabel" id="key-LB-002">
                                            <rect key="frame" x="310" y="12" width="23" height="20.5"/>
                                            <autoresizingMask key="autoresizingMask"/>
                                        </label>
                                    </subviews>
                                </tableViewCellContentView>
                            </tableViewCell>
                        </cells>
                    </tableViewSection>
                </sections>
            </tableView>
            """))
        let scenes = try Self.scenes(file.path)
        #expect(scenes.map(\.id) == ["cfg-CL-001", "key-CL-001", "vc0-VC-001"])
        #expect(scenes[0].notes.map(\.description) == ["cfg-CL-001: <listContentConfiguration> (a cell's text without a label) is not modelled"])
        #expect(scenes[0].root.tableCell?.tableView == "tbl-TB-001" && scenes[0].root.tableCell?.tableStyle == "insetGrouped")
        // Labels keyed as a cell's labels are taken as its textLabel and detailTextLabel.
        #expect(scenes[1].root.tableCell?.style == .rightDetail)
        #expect(scenes[1].root.tableCell?.textLabel == "key-LB-001" && scenes[1].root.tableCell?.detailTextLabel == "key-LB-002")
    }

    @Test func aSceneHoldsAtMostItsCapOfViews() throws {
        let limit = InterfaceBuilderScenes.maximumViewsPerScene
        var views = ""
        for index in 0..<limit + 5 {
            views += "<view contentMode=\"scaleToFill\" id=\"v\(index)\"><rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"1\" height=\"1\"/></view>\n"
        }
        let file = try ScratchFile("Huge.storyboard", Self.storyboard(views, constraints: """
            <constraint firstItem="v\(limit + 2)" firstAttribute="top" secondItem="sa0-SA-001" secondAttribute="top" id="cap"/>
            """))
        let scene = try #require(try Self.scenes(file.path).first)
        #expect(scene.views.count == limit)
        #expect(scene.root.subviews.last?.id == "v\(limit - 2)")
        #expect(scene.notes.map(\.description) == [
            "vc0-VC-001: more than \(limit) views in the scene; the rest are not read",
            "cap: constraint names \"v\(limit + 2)\", neither a view nor a layout guide of the scene",
        ])
    }

    @Test func aSceneHoldsAtMostItsCapOfConstraints() throws {
        let limit = InterfaceBuilderScenes.maximumConstraintsPerScene
        var constraints = ""
        for index in 0..<limit + 3 {
            constraints += "<constraint firstItem=\"lbl-LB-001\" firstAttribute=\"width\" constant=\"\(index)\" id=\"k\(index)\"/>\n"
        }
        let file = try ScratchFile("Dense.storyboard", Self.storyboard(Self.label("lbl-LB-001"), constraints: constraints))
        let scene = try #require(try Self.scenes(file.path).first)
        #expect(scene.constraints.count == limit && scene.constraints.last?.id == "k\(limit - 1)")
        #expect(scene.notes.map(\.description) == ["vc0-VC-001: more than \(limit) constraints in the scene; the rest are not read"])
    }

    @Test func aMacOSDocumentHasNoScenes() throws {
        let file = try ScratchFile("Preferences.xib", """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES">
                <objects>
                    <customView id="c22-O7-iKe">
                        <rect key="frame" x="0.0" y="0.0" width="480" height="272"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                    </customView>
                </objects>
            </document>
            """)
        let (document, scenes) = try InterfaceBuilderScenes.readAll(path: file.path)
        #expect(!document.isIOS && document.documentType == "com.apple.InterfaceBuilder3.Cocoa.XIB" && scenes.isEmpty)
    }

    @Test func filesThatAreNoInterfaceBuilderDocumentsAreRefused() throws {
        let plist = try ScratchFile("Info.storyboard", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>\n")
        #expect(throws: ImportError.malformed(FileLocation(file: plist.path, line: 2, element: "<plist>"), key: nil,
                                             problem: .unsupportedDocument("<plist> where an Interface Builder <document> was expected"))) {
            try InterfaceBuilderScenes.readAll(path: plist.path)
        }
        let broken = try ScratchFile("Broken.xib", Self.storyboard(Self.label("lbl-LB-001")).replacingOccurrences(of: "</subviews>", with: ""))
        do {
            _ = try InterfaceBuilderScenes.readAll(path: broken.path)
            Issue.record("a malformed document was read")
        } catch {
            guard case .malformed(let location, _, .xml) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(location.file == broken.path && location.line != nil)
        }
        let empty = try ScratchFile("Empty.xib", "")
        #expect(throws: ImportError.self) { try InterfaceBuilderScenes.readAll(path: empty.path) }
    }

    /// The handler's own error stops the reading and comes back as itself.
    @Test func theHandlersErrorStopsTheReading() throws {
        struct Enough: Error {}
        var seen: [String] = []
        do {
            try InterfaceBuilderScenes.read(path: Self.main) { (scene: Scene) throws(Enough) in
                seen.append(scene.id)
                if seen.count == 2 { throw Enough() }
            }
            Issue.record("the handler's error was lost")
        } catch {
            guard case .handler = error else {
                Issue.record("unexpected error \(error)")
                return
            }
        }
        #expect(seen == ["sgn-VC-001", "prf-VC-002"])
    }
}
