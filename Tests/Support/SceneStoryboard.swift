import Foundation

/// A view of a `sceneStoryboard`: a `<view>`, `<label>` or `<imageView>` with its saved frame,
/// colours as IB writes a `<color>` element's attributes, and (optionally) constraints pinning
/// its leading, top, width and height to its superview, which Auto Layout solves to a frame
/// other than the saved one when they differ.
public struct StoryboardView: Sendable {
    public var element: String
    public var id: String
    /// The saved `<rect key="frame">`: x, y, width, height.
    public var frame: (Double, Double, Double, Double)
    /// Attributes of the element (`text`, `numberOfLines`, `image`, …).
    public var attributes: [(String, String)]
    /// A `<color key="backgroundColor">`'s attributes: `systemColor="systemBackgroundColor"`
    /// or `red="0" green="0" blue="0.2" alpha="1" colorSpace="custom" customColorSpace="sRGB"`.
    public var backgroundColor: String?
    /// A label's `<color key="textColor">` attributes.
    public var textColor: String?
    /// Constraints to the superview: leading, top, width, height.
    public var pin: (Double, Double, Double, Double)?
    public var subviews: [StoryboardView]

    public init(_ element: String, id: String, frame: (Double, Double, Double, Double), attributes: [(String, String)] = [],
                backgroundColor: String? = nil, textColor: String? = nil, pin: (Double, Double, Double, Double)? = nil,
                subviews: [StoryboardView] = []) {
        self.element = element
        self.id = id
        self.frame = frame
        self.attributes = attributes
        self.backgroundColor = backgroundColor
        self.textColor = textColor
        self.pin = pin
        self.subviews = subviews
    }

    /// A one-line label in the system font at 17 pt.
    public static func label(_ id: String, _ text: String, frame: (Double, Double, Double, Double),
                             pin: (Double, Double, Double, Double)? = nil, textColor: String? = nil,
                             backgroundColor: String? = nil) -> StoryboardView {
        StoryboardView("label", id: id, frame: frame, attributes: [("text", text), ("lineBreakMode", "tailTruncation")],
                       backgroundColor: backgroundColor, textColor: textColor, pin: pin)
    }

    /// A colour's attributes for sRGB components 0…1.
    public static func rgb(_ red: Double, _ green: Double, _ blue: Double) -> String {
        "red=\"\(red)\" green=\"\(green)\" blue=\"\(blue)\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"sRGB\""
    }

    fileprivate func xml(superview: String, indent: String) -> (element: String, superviewConstraints: [String]) {
        let attributeText = attributes.map { " \($0.0)=\"\($0.1)\"" }.joined()
        let pinned = pin != nil ? " translatesAutoresizingMaskIntoConstraints=\"NO\"" : ""
        var lines = ["\(indent)<\(element) opaque=\"NO\" id=\"\(id)\"\(attributeText)\(pinned)>",
                     "\(indent)    <rect key=\"frame\" x=\"\(frame.0)\" y=\"\(frame.1)\" width=\"\(frame.2)\" height=\"\(frame.3)\"/>"]
        if element == "label" {
            lines.append("\(indent)    <fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"17\"/>")
        }
        var own: [String] = []
        var forSuperview: [String] = []
        if let pin {
            own.append("<constraint firstAttribute=\"width\" constant=\"\(pin.2)\" id=\"\(id)-w\"/>")
            own.append("<constraint firstAttribute=\"height\" constant=\"\(pin.3)\" id=\"\(id)-h\"/>")
            forSuperview.append("<constraint firstItem=\"\(id)\" firstAttribute=\"leading\" secondItem=\"\(superview)\" secondAttribute=\"leading\" constant=\"\(pin.0)\" id=\"\(id)-l\"/>")
            forSuperview.append("<constraint firstItem=\"\(id)\" firstAttribute=\"top\" secondItem=\"\(superview)\" secondAttribute=\"top\" constant=\"\(pin.1)\" id=\"\(id)-t\"/>")
        }
        var subviewConstraints: [String] = []
        if !subviews.isEmpty {
            lines.append("\(indent)    <subviews>")
            for subview in subviews {
                let (element, constraints) = subview.xml(superview: id, indent: indent + "        ")
                lines.append(element)
                subviewConstraints += constraints
            }
            lines.append("\(indent)    </subviews>")
        }
        let constraints = own + subviewConstraints
        if !constraints.isEmpty {
            lines.append("\(indent)    <constraints>")
            lines += constraints.map { "\(indent)        \($0)" }
            lines.append("\(indent)    </constraints>")
        }
        if let backgroundColor { lines.append("\(indent)    <color key=\"backgroundColor\" \(backgroundColor)/>") }
        if let textColor { lines.append("\(indent)    <color key=\"textColor\" \(textColor)/>") }
        lines.append("\(indent)</\(element)>")
        return (lines.joined(separator: "\n"), forSuperview)
    }
}

/// A storyboard of one view controller (`vc1`, its root view `root`, in scene `s1`) designed
/// on a device (`retina6_12`: iPhone 16, 393 × 852 at 3×) holding `views`; the root's
/// background colour as a `<color>` element's attributes (none: not written).
public func sceneStoryboard(device: String = "retina6_12", size: (Double, Double) = (393, 852),
                            rootBackground: String? = nil, views: [StoryboardView]) -> String {
    let root = StoryboardView("view", id: "root", frame: (0, 0, size.0, size.1), backgroundColor: rootBackground, subviews: views)
    var (element, _) = root.xml(superview: "", indent: "                    ")
    element = element.replacingOccurrences(of: "<view opaque=\"NO\" id=\"root\"", with: "<view key=\"view\" opaque=\"NO\" id=\"root\"")
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="vc1">
            <device id="\(device)" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc1" sceneMemberID="viewController">
        \(element)
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """
}
