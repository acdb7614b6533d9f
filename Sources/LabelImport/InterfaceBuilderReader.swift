import LabelJSON
import LabelLayout

/// Reads the `UILabel`s (`<label>` elements) of an Interface Builder document (`.xib`,
/// `.storyboard`) as label definitions in labelcat's JSON. See docs/xcode-files.md for how each
/// attribute maps to a field.
enum InterfaceBuilderReader {
    /// What the labels of a file become.
    enum Role {
        /// Label definitions named `PREFIX/ID`.
        case labels(namePrefix: String)
        /// Texts of labels defined by another copy of the file (the `de.lproj` copy of a storyboard
        /// that is not base-internationalized): `TABLE:ID.text` in the file's locale.
        case translations
    }

    static func read<E: Error>(_ file: MappedFile, table: String, locale: String, role: Role,
                               emit: (ImportedItem) throws(ImportFailure<E>) -> Void) throws(ImportFailure<E>) {
        let reader = try ImportFailure<E>.attempt { () throws(ImportError) in try XMLReader(file: file) }
        var isRoot = true
        // The built-in style of the table view cell last started, and its labels' roles.
        var cellLabels: [String: CellLabelRole] = [:]
        while let element = try ImportFailure<E>.attempt({ () throws(ImportError) in try reader.nextElement() }) {
            if element.name == "tableViewCell" {
                cellLabels = CellLabelRole.roles(ofCell: try ImportFailure<E>.attempt { () throws(ImportError) in try reader.attributes() })
                continue
            }
            if isRoot {
                isRoot = false
                guard element.name == "document" else {
                    throw .file(.malformed(FileLocation(file: file.path, line: reader.line(), element: "<\(element.name)>"), key: nil,
                                           problem: .unsupportedDocument("<\(element.name)> where an Interface Builder <document> was expected (files of Xcode 4 and older: open and save them in a current Xcode)")))
                }
                continue
            }
            guard element.name == "label" else { continue }
            let label = try ImportFailure<E>.attempt { () throws(ImportError) in try reader.readElement() }
            let location = FileLocation(file: file.path, line: label.line, element: label.tag(identifiedBy: "id"))
            guard let id = label.attribute("id") else {
                throw .file(.malformed(location, key: nil, problem: .missing("the id of <label>")))
            }
            let text = Self.text(of: label)
            switch role {
            case .translations:
                try emit(.string(LocalizedString(table: table, key: "\(id).text", locale: locale, value: text, source: location)))
            case .labels(let prefix):
                guard let frame = Self.frameElement(of: label) else {
                    try emit(.warning(.labelWithoutFrame(location, objectID: id)))
                    continue
                }
                let definition = try ImportFailure<E>.attempt { () throws(ImportError) in
                    try Self.definition(of: label, id: id, text: text, frame: frame, name: "\(prefix)/\(id)",
                                        key: "\(table):\(id).text", location: location, cellRole: cellLabels[id])
                }
                try emit(.label(InterfaceLabel(definition: definition, objectID: id, table: table, locale: locale, source: location)))
            }
        }
    }

    // MARK: Fields

    /// The label's text: the `text` attribute, a `<string key="text">` element (texts with line
    /// breaks), or the plain text of an attributed text's fragments; "" for none.
    static func text(of label: XMLElement) -> String {
        if let text = label.attribute("text") { return text }
        if let text = label.element("string", key: "text") { return text.text }
        if let attributed = label.element("attributedString", key: "attributedText") {
            var text = ""
            for fragment in attributed.elements where fragment.name == "fragment" {
                text += fragment.attribute("content") ?? fragment.element("string", key: "content")?.text ?? ""
            }
            return text
        }
        return ""
    }

    static func definition(of label: XMLElement, id: String, text: String, frame: XMLElement, name: String,
                           key: String, location: FileLocation, cellRole: CellLabelRole? = nil) throws(ImportError) -> JSONValue {
        func number(_ element: XMLElement, _ attribute: String, default fallback: Double? = nil) throws(ImportError) -> Double? {
            guard let text = element.attribute(attribute) else { return fallback }
            guard let value = Double(text), value.isFinite else {
                throw .malformed(FileLocation(file: location.file, line: element.line, element: location.element), key: nil,
                                 problem: .shape(path: "<\(element.name)> \(attribute)", expected: "a number", found: "\"\(text)\""))
            }
            return value
        }
        var definition = JSONObject()
        definition["name"] = .string(name)
        definition["key"] = .string(key)
        definition["text"] = .string(text)

        let numberOfLines = Int(try number(label, "numberOfLines", default: 1)!)
        var frameObject = JSONObject()
        // `<rect key="frame" x y>`, or Xcode 8's `<frame key="frameInset" minX minY>`.
        let inset = frame.name == "frame"
        frameObject["x"] = .number(try number(frame, inset ? "minX" : "x", default: 0)!)
        frameObject["y"] = .number(try number(frame, inset ? "minY" : "y", default: 0)!)
        frameObject["width"] = .number(try number(frame, "width", default: 0)!)
        frameObject["height"] = isSelfSizing(label, numberOfLines: numberOfLines)
            ? .null : .number(try number(frame, "height", default: 0)!)
        definition["frame"] = .object(frameObject)

        let fontDescription = label.element("fontDescription", key: "fontDescription")
        let font = try fontDescription.map { (description) throws(ImportError) -> (JSONObject, Double?) in
            try Self.font(description, location: location, cellRole: cellRole)
        } ?? attributedFont(label)
        if let (fontObject, _) = font { definition["font"] = .object(fontObject) }

        definition["numberOfLines"] = .number(Double(numberOfLines))
        if let mode = label.attribute("lineBreakMode") {
            guard let mapped = lineBreakModes[mode] else {
                throw .malformed(location, key: nil, problem: .shape(path: "lineBreakMode", expected: "one of \(lineBreakModes.keys.sorted().joined(separator: ", "))", found: "\"\(mode)\""))
            }
            definition["lineBreakMode"] = .string(mapped)
        } else {
            definition["lineBreakMode"] = .string("truncateTail")
        }
        let alignment = label.attribute("textAlignment") ?? "natural"
        guard ["natural", "left", "center", "right", "justified"].contains(alignment) else {
            throw .malformed(location, key: nil, problem: .shape(path: "textAlignment", expected: "natural, left, center, right or justified", found: "\"\(alignment)\""))
        }
        definition["textAlignment"] = .string(alignment)
        var minimumScale: Double?
        if let factor = try number(label, "minimumScaleFactor") {
            minimumScale = factor
        } else if let minimumSize = try number(label, "minimumFontSize"), let size = font == nil ? 17 : font!.1, size > 0 {
            // Autoshrink by a minimum size (Xcode's "Minimum Font Size", and files of Xcode 4 and
            // older): UIKit's factor is its share of the size.
            minimumScale = min(1, minimumSize / size)
        }
        // Xcode writes adjustsFontSizeToFit="NO" when autoshrink is off and leaves it out when it
        // is on (with the minimum it shrinks to). Left out without a minimum, nothing can shrink.
        switch label.attribute("adjustsFontSizeToFit") {
        case "YES"?: definition["adjustsFontSizeToFitWidth"] = .bool(true)
        case nil where minimumScale != nil: definition["adjustsFontSizeToFitWidth"] = .bool(true)
        default: break
        }
        if let minimumScale { definition["minimumScaleFactor"] = .number(minimumScale) }
        if label.attribute("allowsDefaultTighteningForTruncation") == "YES" {
            definition["allowsDefaultTighteningForTruncation"] = .bool(true)
        }
        if let color = label.element("color", key: "textColor").flatMap(Self.color) {
            definition["textColor"] = .string(color)
        }
        if let color = label.element("color", key: "backgroundColor").flatMap(Self.color) {
            definition["backgroundColor"] = .string(color)
        }
        return .object(definition)
    }

    /// The element giving a label's frame: `<rect key="frame">`, or in files of Xcode 8
    /// `<frame key="frameInset">` with a width and a height (one given by insets from the
    /// superview's edges has no size of its own: none).
    static func frameElement(of label: XMLElement) -> XMLElement? {
        if let rect = label.element("rect", key: "frame") { return rect }
        if let inset = label.element("frame", key: "frameInset"), inset.attribute("width") != nil,
           inset.attribute("height") != nil {
            return inset
        }
        return nil
    }

    /// Interface Builder's line break modes → labelcat's.
    static let lineBreakModes = [
        "wordWrap": "wordWrap", "characterWrap": "charWrap", "clip": "clip",
        "headTruncation": "truncateHead", "tailTruncation": "truncateTail", "middleTruncation": "truncateMiddle",
    ]

    /// A label sized by Auto Layout: any number of lines, constraints instead of an autoresizing
    /// mask, and no height constraint of its own that holds it (an equal or at-most constant
    /// height; one of at least a height lets it grow). Interface Builder still writes the frame
    /// it last laid out; the width is taken from it, the height left to the text.
    static func isSelfSizing(_ label: XMLElement, numberOfLines: Int) -> Bool {
        guard numberOfLines == 0, label.attribute("translatesAutoresizingMaskIntoConstraints") == "NO" else { return false }
        let constraints = label.element("constraints")?.elements ?? []
        return !constraints.contains {
            $0.attribute("firstAttribute") == "height" && $0.attribute("secondItem") == nil
                && $0.attribute("relation") != "greaterThanOrEqual"
        }
    }

    /// Interface Builder's weight names → CSS weights.
    static let weights = [
        "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500,
        "semibold": 600, "bold": 700, "heavy": 800, "black": 900,
    ]

    /// `UICTFontTextStyle…` → labelcat's text style names.
    static let textStyles = [
        "UICTFontTextStyleTitle0": "largeTitle", "UICTFontTextStyleTitle1": "title1",
        "UICTFontTextStyleTitle2": "title2", "UICTFontTextStyleTitle3": "title3",
        "UICTFontTextStyleHeadline": "headline", "UICTFontTextStyleSubhead": "subheadline",
        "UICTFontTextStyleBody": "body", "UICTFontTextStyleCallout": "callout",
        "UICTFontTextStyleFootnote": "footnote", "UICTFontTextStyleCaption1": "caption1",
        "UICTFontTextStyleCaption2": "caption2",
    ]

    /// The font of a `<fontDescription>`, and its point size. `pointSize="0.0"` is what Xcode
    /// writes for a label whose font a built-in cell style sets at run time: the style's size
    /// for the label's role (`cellRole`), else the system font's default size.
    static func font(_ description: XMLElement, location: FileLocation,
                     cellRole: CellLabelRole? = nil) throws(ImportError) -> (JSONObject, Double?) {
        var font = JSONObject()
        if let style = description.attribute("style") {
            font["textStyle"] = .string(textStyles[style] ?? lowercasingFirst(String(style.dropFirst(style.hasPrefix("UICTFontTextStyle") ? 17 : 0))))
            return (font, nil)
        }
        var size: Double?
        if let text = description.attribute("pointSize") {
            guard let value = Double(text), value.isFinite, value >= 0 else {
                throw .malformed(location, key: nil, problem: .shape(path: "<fontDescription> pointSize", expected: "a positive number, or 0.0 for a cell style's font", found: "\"\(text)\""))
            }
            size = value > 0 ? value : (cellRole?.pointSize ?? CellLabelRole.defaultPointSize)
        }
        var weight = 400
        if let name = description.attribute("name"), !SystemFont.isSystemFontName(name) {
            font["family"] = .string(description.attribute("family") ?? name)
            weight = postScriptWeight(name)
        } else if let name = description.attribute("name") {
            // `.AppleSystemUIFont` (and `.SFUI-…`): the system font by its own name.
            weight = postScriptWeight(name)
        } else {
            switch description.attribute("type") {
            case "boldSystem"?: weight = 700
            default: break
            }
        }
        if let named = description.attribute("weight") {
            guard let value = weights[named] else {
                throw .malformed(location, key: nil, problem: .shape(path: "<fontDescription> weight", expected: "one of \(weights.keys.sorted().joined(separator: ", "))", found: "\"\(named)\""))
            }
            weight = value
        }
        font["size"] = .number(size ?? 17)
        font["weight"] = .number(Double(weight))
        return (font, size ?? 17)
    }

    /// The font of an attributed text's first fragment, when the label has no font description.
    static func attributedFont(_ label: XMLElement) -> (JSONObject, Double?)? {
        guard let attributed = label.element("attributedString", key: "attributedText"),
              let fragment = attributed.elements.first(where: { $0.name == "fragment" }),
              let nsFont = fragment.element("attributes")?.element("font", key: "NSFont") else { return nil }
        var font = JSONObject()
        let size = nsFont.attribute("size").flatMap(Double.init) ?? 17
        var weight = 400
        if let name = nsFont.attribute("name") {
            font["family"] = .string(name)
            weight = postScriptWeight(name)
        } else if nsFont.attribute("metaFont")?.hasPrefix("systemBold") == true {
            weight = 700
        }
        font["size"] = .number(size)
        font["weight"] = .number(Double(weight))
        return (font, size)
    }

    /// The weight a PostScript name's style part names (`Avenir-Heavy` → 800, `HelveticaNeue` → 400).
    static func postScriptWeight(_ name: String) -> Int {
        guard let dash = name.lastIndex(of: "-") else { return 400 }
        let style = name[name.index(after: dash)...].lowercased()
        let table: [(String, Int)] = [
            ("ultralight", 100), ("extralight", 200), ("thin", 200), ("semibold", 600), ("demibold", 600),
            ("extrabold", 800), ("ultrabold", 800), ("heavy", 800), ("black", 900), ("light", 300),
            ("medium", 500), ("bold", 700),
        ]
        for (word, weight) in table where style.hasPrefix(word) { return weight }
        return 400
    }

    /// `#RRGGBB[AA]` of a `<color>` given by components (sRGB, device RGB, or white); nil for a
    /// named or system color, which depends on the asset catalog or the appearance.
    static func color(_ element: XMLElement) -> String? {
        func component(_ name: String) -> Double? {
            element.attribute(name).flatMap(Double.init).map { min(max($0, 0), 1) }
        }
        let alpha = component("alpha") ?? 1
        let rgb: (Double, Double, Double)
        if let red = component("red"), let green = component("green"), let blue = component("blue") {
            rgb = (red, green, blue)
        } else if let white = component("white") {
            rgb = (white, white, white)
        } else {
            return nil
        }
        let hex = Array("0123456789ABCDEF")
        var text = "#"
        for value in alpha < 1 ? [rgb.0, rgb.1, rgb.2, alpha] : [rgb.0, rgb.1, rgb.2] {
            let byte = Int((value * 255).rounded())
            text.append(hex[byte >> 4])
            text.append(hex[byte & 15])
        }
        return text
    }

    private static func lowercasingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}

/// What a label is to the built-in style of the table view cell holding it
/// (`<tableViewCell style="IBUITableViewCellStyleSubtitle" textLabel="…" detailTextLabel="…">`):
/// UIKit sets these labels' fonts itself, and Xcode writes `pointSize="0.0"` for them.
enum CellLabelRole: Equatable {
    case textLabel(style: String)
    case detailTextLabel(style: String)

    /// The system font's size where nothing else gives one (UIKit's 17 pt body size).
    static let defaultPointSize = 17.0

    /// The labels of a cell's start tag by ID (none for a custom cell).
    static func roles(ofCell attributes: [(name: String, value: String)]) -> [String: CellLabelRole] {
        func value(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
        guard let style = value("style") else { return [:] }
        var roles: [String: CellLabelRole] = [:]
        if let id = value("textLabel") { roles[id] = .textLabel(style: style) }
        if let id = value("detailTextLabel") { roles[id] = .detailTextLabel(style: style) }
        return roles
    }

    /// The point size the cell style sets (as Interface Builder draws them): 17 for the text
    /// label of every style and the detail of Right Detail (`Value1`), 12 for the detail of
    /// Subtitle; 17 for anything else.
    var pointSize: Double {
        switch self {
        case .detailTextLabel(let style) where style == "IBUITableViewCellStyleSubtitle": 12
        default: Self.defaultPointSize
        }
    }
}
