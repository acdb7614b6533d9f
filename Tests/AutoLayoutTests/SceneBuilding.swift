import AutoLayout

// Small builders for hand-worked scenes, and texts of known sizes to lay them out for.

/// Texts of known sizes: each label's text is one line `width` wide when no width is asked
/// for; at a width it wraps into as many lines of `lineHeight` as it needs (up to
/// `numberOfLines`), as wide as the width. The first baseline is `ascent` below the top.
/// Every width asked for is logged.
final class KnownTexts: LabelTextMeasuring {
    struct Text {
        var width: Double
        var lineHeight: Double = 20.5
        var ascent: Double = 16
    }

    var texts: [String: Text]
    private(set) var asked: [(label: String, width: Double?)] = []

    init(_ texts: [String: Text]) {
        self.texts = texts
    }

    func metrics(of label: View, width: Double?, scale: Int) -> LabelTextMetrics? {
        asked.append((label.id, width))
        guard let text = texts[label.id] else { return nil }
        var lines = 1.0
        if let width, width > 0, text.width > width { lines = (text.width / width).rounded(.up) }
        if let limit = label.label?.numberOfLines, limit > 0 { lines = min(lines, Double(limit)) }
        return LabelTextMetrics(size: LayoutSize(width: lines > 1 ? width! : text.width, height: lines * text.lineHeight),
                                firstBaseline: text.ascent, lastBaseline: (lines - 1) * text.lineHeight + text.ascent)
    }

    /// The widths asked for `label`, in order.
    func widths(_ label: String) -> [Double?] { asked.filter { $0.label == label }.map(\.width) }
}

enum Build {
    /// A view controller's root view (`root`) designed on an iPhone SE (3rd generation), with
    /// its safe area guide `safe`.
    static func controller(_ subviews: [View], constraints: [Constraint], device: String = "retina4_7",
                           size: LayoutSize = LayoutSize(width: 375, height: 667)) -> Scene {
        let root = View(id: "root", kind: .view, element: "view", key: "view",
                        frame: LayoutRect(x: 0, y: 0, width: size.width, height: size.height),
                        autoresizingMask: [.widthSizable, .heightSizable],
                        guides: [LayoutGuide(id: "safe", kind: .safeArea, owner: "root")], constraints: constraints,
                        subviews: subviews)
        return Scene(file: "Test.storyboard", id: "vc", kind: .viewController, name: "Test",
                     canvas: Canvas(deviceID: device), root: root)
    }

    /// A label as IB writes one: hugging 251, constraints rather than its autoresizing mask.
    static func label(_ id: String, _ frame: LayoutRect = LayoutRect(x: 0, y: 0, width: 100, height: 21), lines: Int = 1,
                      hugging: AxisPriorities = AxisPriorities(horizontal: Priority(251), vertical: Priority(251)),
                      resistance: AxisPriorities = .defaultCompressionResistance, hidden: Bool = false,
                      constraints: [Constraint] = []) -> View {
        View(id: id, kind: .label, element: "label", frame: frame, translatesAutoresizingMaskIntoConstraints: false,
             isHidden: hidden, contentHugging: hugging, compressionResistance: resistance,
             label: LabelProperties(numberOfLines: lines), constraints: constraints)
    }

    static func view(_ id: String, _ frame: LayoutRect, hidden: Bool = false, constraints: [Constraint] = [],
                     subviews: [View] = []) -> View {
        View(id: id, kind: .view, element: "view", frame: frame, translatesAutoresizingMaskIntoConstraints: false,
             isHidden: hidden, constraints: constraints, subviews: subviews)
    }

    static func stack(_ id: String, _ properties: StackViewProperties, _ frame: LayoutRect, constraints: [Constraint] = [],
                      _ arranged: [View]) -> View {
        View(id: id, kind: .stackView, element: "stackView", frame: frame, translatesAutoresizingMaskIntoConstraints: false,
             constraints: constraints, stackView: properties, subviews: arranged)
    }

    /// `first.attribute relation second.attribute + constant` (or `first.attribute relation
    /// constant` without a second item), held by `root`.
    static func pin(_ id: String, _ first: String, _ attribute: Attribute, _ relation: Relation = .equal,
                    _ second: String? = nil, _ secondAttribute: Attribute? = nil, multiplier: Double = 1,
                    constant: Double = 0, priority: Priority = .required, holder: String = "root") -> Constraint {
        Constraint(id: id, firstItem: first, firstAttribute: attribute, relation: relation, secondItem: second,
                   secondAttribute: second == nil ? nil : (secondAttribute ?? attribute), multiplier: multiplier,
                   constant: constant, priority: priority, holder: holder)
    }
}
