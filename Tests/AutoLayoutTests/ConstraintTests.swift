import AutoLayout
import Testing

@Suite struct ConstraintTests {
    @Test("Multipliers as IB writes them: ratios with : or /, decimals", arguments: [
        ("1:1", 1.0), ("2/3", 2.0 / 3), ("271:152", 271.0 / 152), ("0.75", 0.75), ("5", 5.0), ("0.951613", 0.951613),
        ("-1", -1.0), ("1.5:3", 0.5),
    ] as [(String, Double)])
    func multiplier(text: String, value: Double) {
        #expect(Constraint.multiplier(from: text) == value)
    }

    @Test("Multipliers that are none: nil", arguments: ["", "abc", "1:0", "0/0", "1:2:3", ":2", "inf", "nan", "1e400", "0x10", "1/"])
    func badMultiplier(text: String) {
        #expect(Constraint.multiplier(from: text) == nil)
    }

    @Test func attributesKeepIBsSpellingAndKnowTheirAxes() {
        #expect(Attribute(interfaceBuilderName: "baseline") == .lastBaseline)
        #expect(Attribute(interfaceBuilderName: "lastBaseline") == .lastBaseline)
        #expect(Attribute(interfaceBuilderName: "firstBaseline") == .firstBaseline)
        #expect(Attribute(interfaceBuilderName: "middle") == nil)
        #expect(Attribute.allCases.count == 20)
        #expect(Attribute.allCases.filter { $0.axis == .horizontal }.map(\.rawValue)
            == ["leading", "trailing", "left", "right", "width", "centerX", "leadingMargin", "trailingMargin", "leftMargin",
                "rightMargin", "centerXWithinMargins"])
        #expect(Attribute.allCases.filter(\.isMargin).count == 8)
        #expect(Attribute.width.isSize && !Attribute.centerX.isSize)
    }

    @Test func prioritiesAreUIKits() {
        #expect(Priority.required.rawValue == 1000 && Priority.required.isRequired)
        #expect(Priority.defaultHigh.rawValue == 750 && Priority.defaultLow.rawValue == 250 && Priority.fittingSizeLevel.rawValue == 50)
        #expect(Priority(999) < .required && !Priority(999).isRequired)
        #expect(Priority(249.99998).description == "249.99998" && Priority(750).description == "750")
        #expect(AxisPriorities.defaultHugging == AxisPriorities(horizontal: Priority(250), vertical: Priority(250)))
        #expect(AxisPriorities.defaultCompressionResistance == AxisPriorities(horizontal: Priority(750), vertical: Priority(750)))
    }

    @Test func aConstantConstraintHasOneItem() {
        let width = Constraint(id: "c", firstItem: "v", firstAttribute: .width, constant: 44, holder: "v")
        #expect(width.items == ["v"] && width.multiplier == 1 && width.priority == .required && width.relation == .equal)
        let pinned = Constraint(id: "d", firstItem: "v", firstAttribute: .leading, secondItem: "s", secondAttribute: .leading, holder: "s")
        #expect(pinned.items == ["v", "s"])
    }

    @Test func traitVariationsApplyWhenEveryTraitMatches() {
        let compactHeight = TraitVariation(key: "heightClass=compact")
        #expect(compactHeight.traits == ["heightClass": "compact"])
        #expect(!compactHeight.applies(to: TraitVariation.iPhonePortrait))
        #expect(compactHeight.applies(to: ["widthClass": "compact", "heightClass": "compact"]))
        let iPad = TraitVariation(key: "heightClass=regular-widthClass=regular")
        #expect(iPad.traits == ["heightClass": "regular", "widthClass": "regular"])
        #expect(!iPad.applies(to: TraitVariation.iPhonePortrait))
        #expect(TraitVariation(key: "widthClass=compact").applies(to: TraitVariation.iPhonePortrait))
    }

    @Test func viewKindsFollowTheElementAndWhereItIs() {
        #expect(ViewKind(element: "label") == .label)
        #expect(ViewKind(element: "containerView") == .view)
        #expect(ViewKind(element: "textField") == .other)
        #expect(ViewKind(element: "tableViewCellContentView", key: "contentView", parent: .tableViewCell) == .tableViewCellContentView)
        #expect(ViewKind(element: "view", key: "contentView", parent: .collectionViewCell) == .collectionViewCellContentView)
        #expect(ViewKind(element: "collectionViewCellContentView", key: "contentView", parent: .collectionViewCell) == .collectionViewCellContentView)
        #expect(ViewKind(element: "view", key: "contentView", parent: .other) == .view)
        #expect(ViewKind.tableView.isScrollView && !ViewKind.stackView.isScrollView)
        #expect(StackViewProperties.Alignment(interfaceBuilderName: "top") == .leading)
        #expect(StackViewProperties.Alignment(interfaceBuilderName: "bottom") == .trailing)
        #expect(StackViewProperties.Alignment(interfaceBuilderName: "firstBaseline") == .firstBaseline)
        #expect(StackViewProperties.Alignment(interfaceBuilderName: "middle") == nil)
    }
}
