import AutoLayout
import LabelJSON
import Testing

@Suite struct SceneJSONTests {
    /// A scene using every part of the model, each with a value other than its default.
    static let everything: Scene = {
        let constraints = [
            Constraint(id: "c1", firstItem: "lbl", firstAttribute: .leading, relation: .greaterThanOrEqual, secondItem: "sa",
                       secondAttribute: .leadingMargin, multiplier: 271.0 / 152, constant: -0.5, priority: Priority(249.99998),
                       isSymbolic: true, holder: "root", identifier: "leading", isInstalled: false,
                       variations: [TraitVariation(key: "heightClass=compact", attributes: ["constant": "8", "priority": "999"])],
                       line: 40),
            Constraint(id: "c2", firstItem: "lbl", firstAttribute: .lastBaseline, secondItem: "img", secondAttribute: .firstBaseline,
                       holder: "root"),
            Constraint(id: "c3", firstItem: "lbl", firstAttribute: .width, relation: .lessThanOrEqual, constant: 320, holder: "lbl"),
        ]
        let label = View(id: "lbl", kind: .label, element: "label", customClass: "PaddedLabel", userLabel: "Title", line: 12,
                         frame: LayoutRect(x: 16, y: 20.333333333333332, width: 361, height: 20.5),
                         translatesAutoresizingMaskIntoConstraints: false, isHidden: true,
                         contentHugging: AxisPriorities(horizontal: Priority(251), vertical: Priority(251)),
                         compressionResistance: AxisPriorities(horizontal: Priority(749), vertical: Priority(1000)),
                         backgroundColor: .white(white: 0.5, alpha: 0.25, colorSpace: "genericGamma22GrayColorSpace"),
                         flags: InterfaceFlags(isMisplaced: true, isAmbiguous: true, hasFixedFrame: true,
                                               placeholderIntrinsicWidth: PlaceholderIntrinsicSize.none,
                                               placeholderIntrinsicHeight: .length(44), preferredMaxLayoutWidth: 300),
                         label: LabelProperties(numberOfLines: 0), constraints: [constraints[2]])
        let image = View(id: "img", kind: .imageView, element: "imageView", frame: LayoutRect(x: 0, y: 0, width: 10, height: 10),
                         isInstalled: false, image: "Logo")
        let stack = View(id: "stk", kind: .stackView, element: "stackView", frame: LayoutRect(x: 0, y: 0, width: 100, height: 40),
                         layoutMargins: LayoutMargins(insets: LayoutInsets(top: 8, left: 12, bottom: 8, right: 10), isDirectional: true),
                         stackView: StackViewProperties(axis: .vertical, distribution: .equalCentering, alignment: .firstBaseline,
                                                        spacing: 8, isBaselineRelativeArrangement: true,
                                                        isLayoutMarginsRelativeArrangement: true),
                         subviews: [image])
        let scroll = View(id: "scr", kind: .scrollView, element: "scrollView", key: "tableHeaderView",
                          backgroundColor: .named("Card"),
                          guides: [LayoutGuide(id: "cl", kind: .content, owner: "scr"), LayoutGuide(id: "fl", kind: .frame, owner: "scr")],
                          scrollView: ScrollViewProperties(contentInsetAdjustmentBehavior: "never"), subviews: [stack])
        let cell = View(id: "cell", kind: .tableViewCell, element: "tableViewCell",
                        tableCell: TableCellProperties(style: .rightDetail, textLabel: "t", detailTextLabel: "d", imageView: "i",
                                                       accessoryType: "checkmark", reuseIdentifier: "Detail", rowHeight: 64,
                                                       tableView: "tbl", tableRowHeight: -1, tableStyle: "insetGrouped"))
        let field = View(id: "fld", kind: .other, element: "textField", backgroundColor: .system("systemBackgroundColor"))
        let root = View(id: "root", kind: .view, element: "view", key: "view", frame: LayoutRect(x: 0, y: 0, width: 393, height: 852),
                        autoresizingMask: [.widthSizable, .heightSizable, .flexibleMaxY],
                        layoutMargins: LayoutMargins(insets: LayoutInsets(top: 0, left: 20, bottom: 0, right: 20), isDirectional: false),
                        insetsLayoutMarginsFromSafeArea: false, preservesSuperviewLayoutMargins: true,
                        backgroundColor: .rgb(red: 1, green: 0.231, blue: 0.188, alpha: 1, colorSpace: "sRGB"),
                        guides: [LayoutGuide(id: "sa", kind: .safeArea, owner: "root"), LayoutGuide(id: "tg", kind: .top, owner: "root"),
                                 LayoutGuide(id: "bg", kind: .bottom, owner: "root"), LayoutGuide(id: "xg", kind: .other("readableContent"), owner: "root")],
                        constraints: [constraints[0], constraints[1]],
                        variations: [TraitVariation(key: "heightClass=regular-widthClass=regular", includedConstraints: ["c9"],
                                                    excludedConstraints: ["c1"], includedSubviews: ["fld"], excludedSubviews: ["img"])],
                        subviews: [label, scroll, cell, field])
        let reasons: [SceneNote.Reason] = [
            .viewKindNotModelled(element: "textField"), .frameMissing, .constraintItemNotFound(item: "zzz"),
            .constraintAttributeUnknown("middle"), .constraintRelationUnknown("about"), .constraintIncomplete(missing: "secondAttribute"),
            .valueUnreadable(attribute: "horizontalHuggingPriority", value: "high"), .notModelled("semanticContentAttribute=\"forceRightToLeft\""),
            .viewLimitReached(limit: 10_000), .constraintLimitReached(limit: 40_000),
        ]
        return Scene(file: "App/Base.lproj/Main.storyboard", id: "vc", kind: .viewController, sceneID: "scn", name: "Sign In", line: 14,
                     canvas: Canvas(deviceID: "retina6_12", orientation: .landscape, freeformSize: LayoutSize(width: 375, height: 300)),
                     root: root, notes: reasons.enumerated().map { SceneNote(object: "o\($0.offset)", views: ["lbl"], line: $0.offset, reason: $0.element) })
    }()

    @Test func aSceneComesBackFromItsJSONUnchanged() throws {
        let scene = Self.everything
        #expect(try Scene(json: scene.json) == scene)
        let text = scene.json.jsonString(numberStyle: .exact)
        #expect(try Scene(json: JSONValue.parse(text)) == scene)
    }

    @Test func defaultsAreLeftOut() throws {
        let view = View(id: "v", kind: .view, element: "view", frame: LayoutRect(x: 0, y: 0, width: 10, height: 20))
        let scene = Scene(file: "A.xib", id: "v", kind: .topLevelView, name: "view", canvas: Canvas(), root: view)
        #expect(scene.json == (try JSONValue.parse("""
            {"file": "A.xib", "id": "v", "kind": "topLevelView", "name": "view", "canvas": {},
             "root": {"id": "v", "kind": "view", "element": "view", "frame": {"x": 0, "y": 0, "width": 10, "height": 20}}}
            """)))
        #expect(try Scene(json: scene.json) == scene)
    }

    @Test("A member that is wrong is named by its path", arguments: [
        (#"{"kind": "topLevelView", "name": "v", "canvas": {}, "root": {}}"#, "file: is missing"),
        (#"{"file": "A.xib", "id": "v", "kind": "window", "name": "v", "canvas": {}, "root": {}}"#,
         "kind: must be one of viewController, tableViewCell, collectionViewCell, collectionReusableView, topLevelView, found \"window\""),
        (#"{"file": "A.xib", "id": "v", "kind": "topLevelView", "name": "v", "canvas": {}, "root": {"id": "v", "kind": "view", "element": "view", "subviews": [{"id": "w", "kind": "view", "element": "view", "constraints": [{"id": "c", "firstItem": "w", "firstAttribute": "width", "holder": "w", "priority": 1001}]}]}}"#,
         "root.subviews[0].constraints[0].priority: must be a priority above 0 and at most 1000, found 1001.0"),
        (#"{"file": "A.xib", "id": "v", "kind": "topLevelView", "name": "v", "canvas": {}, "root": {"id": "v", "kind": "view", "element": "view", "hiden": true}}"#,
         "root.hiden: is not a member of this object"),
        (#"{"file": "A.xib", "id": "v", "kind": "topLevelView", "name": "v", "canvas": {"device": 6}, "root": {}}"#,
         "canvas.device: must be a string, found a number"),
        (#"{"file": "A.xib", "id": "v", "kind": "topLevelView", "name": "v", "canvas": {}, "root": {"id": "v", "kind": "view", "element": "view", "constraints": [{"id": "c", "firstItem": "v", "firstAttribute": "width", "secondItem": "w", "holder": "v"}]}}"#,
         "root.constraints[0].secondAttribute: must be given exactly when secondItem is"),
        (#"{"file": "A.xib", "id": "v", "kind": "topLevelView", "name": "v", "canvas": {}, "root": {"id": "v", "kind": "view", "element": "view", "autoresizingMask": ["wide"]}}"#,
         "root.autoresizingMask[0]: must be one of flexibleMinX, widthSizable, flexibleMaxX, flexibleMinY, heightSizable, flexibleMaxY, found \"wide\""),
        (#"{"file": "A.xib", "id": "v", "kind": "topLevelView", "name": "v", "canvas": {}, "root": {"id": "v", "kind": "view", "element": "view"}, "notes": [{"object": "v", "views": [], "reason": "tired"}]}"#,
         "notes[0].reason: unknown reason \"tired\""),
        ("[]", ": must be an object, found an array"),
    ] as [(String, String)])
    func badJSON(text: String, message: String) throws {
        let json = try JSONValue.parse(text)
        #expect(throws: SceneJSONError.self) { try Scene(json: json) }
        do {
            _ = try Scene(json: json)
        } catch {
            #expect("\(error.path): \(error.problem)" == message)
        }
    }

    @Test func aSceneListsItsViewsConstraintsGuidesAndLabels() {
        let scene = Self.everything
        #expect(scene.views.map(\.id) == ["root", "lbl", "scr", "stk", "img", "cell", "fld"])
        #expect(scene.constraints.map(\.id) == ["c1", "c2", "c3"])
        #expect(scene.guides.map(\.id) == ["sa", "tg", "bg", "xg", "cl", "fl"])
        #expect(scene.labels.map(\.id) == ["lbl"])
        #expect(scene.root.subviews[0].labelName(prefix: "Main.storyboard") == "Main.storyboard/lbl")
        #expect(scene.root.labelName(prefix: "Main.storyboard") == nil)
        #expect(scene.notes(about: "lbl").count == 10 && scene.notes(about: "root").isEmpty)
        #expect(scene.canvas.device == .iPhone16)
        #expect(scene.root.subviews[1].subviews[0].arrangedSubviews.map(\.id) == ["img"])
    }

    @Test func notesSayWhat() {
        #expect(SceneNote(object: "c1", views: ["a"], reason: .constraintItemNotFound(item: "zzz")).description
            == "c1: constraint names \"zzz\", neither a view nor a layout guide of the scene")
        #expect(SceneNote(object: "f", views: ["f"], reason: .viewKindNotModelled(element: "textField")).description
            == "f: <textField> views' sizes are not modelled")
        #expect(SceneNote.Reason.valueUnreadable(attribute: "a", value: "b").code == "valueUnreadable")
    }
}
