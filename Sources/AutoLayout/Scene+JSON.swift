import LabelJSON

// A scene as JSON, so that it can be stored and read back unchanged (docs/autolayout.md,
// "Scenes as JSON"). Members whose value is UIKit's default are left out.

extension Scene {
    /// The scene as a JSON object.
    public var json: JSONValue {
        var object = JSONObject()
        object["file"] = .string(file)
        object["id"] = .string(id)
        object["kind"] = .string(kind.rawValue)
        if let sceneID { object["sceneID"] = .string(sceneID) }
        object["name"] = .string(name)
        if let line { object["line"] = .number(Double(line)) }
        var canvasObject = JSONObject()
        if let deviceID = canvas.deviceID { canvasObject["device"] = .string(deviceID) }
        if canvas.orientation != .portrait { canvasObject["orientation"] = .string(canvas.orientation.rawValue) }
        if let size = canvas.freeformSize { canvasObject["freeformSize"] = size.json }
        object["canvas"] = .object(canvasObject)
        object["root"] = root.json
        if !notes.isEmpty { object["notes"] = .array(notes.map(\.json)) }
        return .object(object)
    }

    /// Reads a scene back from `json`.
    public init(json: JSONValue) throws(SceneJSONError) {
        var fields = try SceneJSONFields(json, path: "")
        let file = try fields.string("file")
        let id = try fields.string("id")
        let kind: SceneKind = try fields.enumeration("kind")
        let sceneID = try fields.optionalString("sceneID")
        let name = try fields.string("name")
        let line = try fields.optionalInteger("line")
        guard let canvasValue = fields.value("canvas") else { throw SceneJSONError(path: "canvas", problem: "is missing") }
        var canvasFields = try SceneJSONFields(canvasValue, path: "canvas")
        let canvas = Canvas(deviceID: try canvasFields.optionalString("device"),
                            orientation: try canvasFields.enumeration("orientation", default: .portrait),
                            freeformSize: try canvasFields.value("freeformSize").map { (value) throws(SceneJSONError) in
                                try LayoutSize(json: value, path: "canvas.freeformSize")
                            })
        try canvasFields.finish()
        guard let rootValue = fields.value("root") else { throw SceneJSONError(path: "root", problem: "is missing") }
        let root = try View(json: rootValue, path: "root")
        let notes = try fields.list("notes") { (value, path) throws(SceneJSONError) in try SceneNote(json: value, path: path) }
        try fields.finish()
        self.init(file: file, id: id, kind: kind, sceneID: sceneID, name: name, line: line, canvas: canvas, root: root, notes: notes)
    }
}

extension LayoutSize {
    var json: JSONValue { .object(JSONObject([("width", .number(width)), ("height", .number(height))])) }

    init(json: JSONValue, path: String) throws(SceneJSONError) {
        var fields = try SceneJSONFields(json, path: path)
        self.init(width: try fields.number("width"), height: try fields.number("height"))
        try fields.finish()
    }
}

extension LayoutRect {
    var json: JSONValue {
        .object(JSONObject([("x", .number(x)), ("y", .number(y)), ("width", .number(width)), ("height", .number(height))]))
    }

    init(json: JSONValue, path: String) throws(SceneJSONError) {
        var fields = try SceneJSONFields(json, path: path)
        self.init(x: try fields.number("x"), y: try fields.number("y"), width: try fields.number("width"),
                  height: try fields.number("height"))
        try fields.finish()
    }
}

extension LayoutMargins {
    var json: JSONValue {
        .object(JSONObject([
            ("top", .number(insets.top)), (isDirectional ? "leading" : "left", .number(insets.left)),
            ("bottom", .number(insets.bottom)), (isDirectional ? "trailing" : "right", .number(insets.right)),
        ]))
    }

    init(json: JSONValue, path: String) throws(SceneJSONError) {
        var fields = try SceneJSONFields(json, path: path)
        let isDirectional = json["leading"] != nil
        let insets = LayoutInsets(top: try fields.number("top"), left: try fields.number(isDirectional ? "leading" : "left"),
                                  bottom: try fields.number("bottom"), right: try fields.number(isDirectional ? "trailing" : "right"))
        try fields.finish()
        self.init(insets: insets, isDirectional: isDirectional)
    }
}

extension AxisPriorities {
    var json: JSONValue {
        .object(JSONObject([("horizontal", .number(Double(horizontal.rawValue))), ("vertical", .number(Double(vertical.rawValue)))]))
    }

    init(json: JSONValue, path: String) throws(SceneJSONError) {
        var fields = try SceneJSONFields(json, path: path)
        self.init(horizontal: try Priority(json: fields.number("horizontal"), path: fields.path("horizontal")),
                  vertical: try Priority(json: fields.number("vertical"), path: fields.path("vertical")))
        try fields.finish()
    }
}

extension Priority {
    init(json number: Double, path: String) throws(SceneJSONError) {
        guard number > 0, number <= 1000 else {
            throw SceneJSONError(path: path, problem: "must be a priority above 0 and at most 1000, found \(number)")
        }
        self.init(Float(number))
    }
}

extension InterfaceColor {
    var json: JSONValue {
        var object = JSONObject()
        switch self {
        case .rgb(let red, let green, let blue, let alpha, let colorSpace):
            object["red"] = .number(red)
            object["green"] = .number(green)
            object["blue"] = .number(blue)
            object["alpha"] = .number(alpha)
            if let colorSpace { object["colorSpace"] = .string(colorSpace) }
        case .white(let white, let alpha, let colorSpace):
            object["white"] = .number(white)
            object["alpha"] = .number(alpha)
            if let colorSpace { object["colorSpace"] = .string(colorSpace) }
        case .system(let name):
            object["system"] = .string(name)
        case .named(let name):
            object["named"] = .string(name)
        }
        return .object(object)
    }

    init(json: JSONValue, path: String) throws(SceneJSONError) {
        var fields = try SceneJSONFields(json, path: path)
        if let name = try fields.optionalString("system") {
            self = .system(name)
        } else if let name = try fields.optionalString("named") {
            self = .named(name)
        } else if let white = try fields.optionalNumber("white") {
            self = .white(white: white, alpha: try fields.number("alpha"), colorSpace: try fields.optionalString("colorSpace"))
        } else {
            self = .rgb(red: try fields.number("red"), green: try fields.number("green"), blue: try fields.number("blue"),
                        alpha: try fields.number("alpha"), colorSpace: try fields.optionalString("colorSpace"))
        }
        try fields.finish()
    }
}

extension PlaceholderIntrinsicSize {
    var json: JSONValue {
        switch self {
        case .length(let length): return .number(length)
        case .none: return .string("none")
        }
    }

    init(json: JSONValue, path: String) throws(SceneJSONError) {
        if let length = json.number {
            self = .length(length)
        } else if json.string == "none" {
            self = .none
        } else {
            throw SceneJSONError(path: path, problem: "must be a number or \"none\", found \(json.kindDescription)")
        }
    }
}

extension LayoutGuide {
    var json: JSONValue {
        .object(JSONObject([("id", .string(id)), ("kind", .string(kind.interfaceBuilderName)), ("owner", .string(owner))]))
    }

    init(json: JSONValue, path: String) throws(SceneJSONError) {
        var fields = try SceneJSONFields(json, path: path)
        self.init(id: try fields.string("id"), kind: Kind(interfaceBuilderName: try fields.string("kind")),
                  owner: try fields.string("owner"))
        try fields.finish()
    }
}

extension TraitVariation {
    var json: JSONValue {
        var object = JSONObject()
        object["key"] = .string(key)
        if !includedConstraints.isEmpty { object["includedConstraints"] = .array(includedConstraints.map { .string($0) }) }
        if !excludedConstraints.isEmpty { object["excludedConstraints"] = .array(excludedConstraints.map { .string($0) }) }
        if !includedSubviews.isEmpty { object["includedSubviews"] = .array(includedSubviews.map { .string($0) }) }
        if !excludedSubviews.isEmpty { object["excludedSubviews"] = .array(excludedSubviews.map { .string($0) }) }
        if !attributes.isEmpty {
            object["attributes"] = .object(JSONObject(attributes.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
        }
        return .object(object)
    }

    init(json: JSONValue, path: String) throws(SceneJSONError) {
        var fields = try SceneJSONFields(json, path: path)
        var attributes: [String: String] = [:]
        if let value = fields.value("attributes") {
            guard let object = value.object else { throw fields.wrongType("attributes", "an object", value) }
            for (name, text) in object {
                guard let text = text.string else { throw fields.wrongType("attributes.\(name)", "a string", text) }
                attributes[name] = text
            }
        }
        self.init(key: try fields.string("key"), includedConstraints: try fields.strings("includedConstraints"),
                  excludedConstraints: try fields.strings("excludedConstraints"),
                  includedSubviews: try fields.strings("includedSubviews"),
                  excludedSubviews: try fields.strings("excludedSubviews"), attributes: attributes)
        try fields.finish()
    }
}

extension Constraint {
    var json: JSONValue {
        var object = JSONObject()
        object["id"] = .string(id)
        object["firstItem"] = .string(firstItem)
        object["firstAttribute"] = .string(firstAttribute.rawValue)
        if relation != .equal { object["relation"] = .string(relation.rawValue) }
        if let secondItem { object["secondItem"] = .string(secondItem) }
        if let secondAttribute { object["secondAttribute"] = .string(secondAttribute.rawValue) }
        if multiplier != 1 { object["multiplier"] = .number(multiplier) }
        if constant != 0 { object["constant"] = .number(constant) }
        if priority != .required { object["priority"] = .number(Double(priority.rawValue)) }
        if isSymbolic { object["symbolic"] = .bool(true) }
        object["holder"] = .string(holder)
        if let identifier { object["identifier"] = .string(identifier) }
        if !isInstalled { object["installed"] = .bool(false) }
        if !variations.isEmpty { object["variations"] = .array(variations.map(\.json)) }
        if let line { object["line"] = .number(Double(line)) }
        return .object(object)
    }

    init(json: JSONValue, path: String) throws(SceneJSONError) {
        var fields = try SceneJSONFields(json, path: path)
        let secondItem = try fields.optionalString("secondItem")
        let secondAttribute: Attribute? = try fields.optionalString("secondAttribute") == nil ? nil : try fields.enumeration("secondAttribute")
        guard (secondItem == nil) == (secondAttribute == nil) else {
            throw SceneJSONError(path: fields.path("secondAttribute"), problem: "must be given exactly when secondItem is")
        }
        self.init(id: try fields.string("id"), firstItem: try fields.string("firstItem"),
                  firstAttribute: try fields.enumeration("firstAttribute"), relation: try fields.enumeration("relation", default: .equal),
                  secondItem: secondItem, secondAttribute: secondAttribute, multiplier: try fields.optionalNumber("multiplier") ?? 1,
                  constant: try fields.optionalNumber("constant") ?? 0,
                  priority: try fields.optionalNumber("priority").map { (number) throws(SceneJSONError) in
                      try Priority(json: number, path: fields.path("priority"))
                  } ?? .required,
                  isSymbolic: try fields.optionalBool("symbolic") ?? false, holder: try fields.string("holder"),
                  identifier: try fields.optionalString("identifier"), isInstalled: try fields.optionalBool("installed") ?? true,
                  variations: try fields.list("variations") { (value, path) throws(SceneJSONError) in try TraitVariation(json: value, path: path) },
                  line: try fields.optionalInteger("line"))
        try fields.finish()
    }
}

extension StackViewProperties {
    var json: JSONValue {
        var object = JSONObject()
        if axis != .horizontal { object["axis"] = .string(axis.rawValue) }
        if distribution != .fill { object["distribution"] = .string(distribution.rawValue) }
        if alignment != .fill { object["alignment"] = .string(alignment.rawValue) }
        if spacing != 0 { object["spacing"] = .number(spacing) }
        if isBaselineRelativeArrangement { object["baselineRelativeArrangement"] = .bool(true) }
        if isLayoutMarginsRelativeArrangement { object["layoutMarginsRelativeArrangement"] = .bool(true) }
        return .object(object)
    }

    init(json: JSONValue, path: String) throws(SceneJSONError) {
        var fields = try SceneJSONFields(json, path: path)
        self.init(axis: try fields.enumeration("axis", default: .horizontal),
                  distribution: try fields.enumeration("distribution", default: .fill),
                  alignment: try fields.enumeration("alignment", default: .fill), spacing: try fields.optionalNumber("spacing") ?? 0,
                  isBaselineRelativeArrangement: try fields.optionalBool("baselineRelativeArrangement") ?? false,
                  isLayoutMarginsRelativeArrangement: try fields.optionalBool("layoutMarginsRelativeArrangement") ?? false)
        try fields.finish()
    }
}

extension LabelProperties {
    var json: JSONValue {
        var object = JSONObject()
        if numberOfLines != 1 { object["numberOfLines"] = .number(Double(numberOfLines)) }
        if let textColor { object["textColor"] = textColor.json }
        return .object(object)
    }

    init(json: JSONValue, path: String) throws(SceneJSONError) {
        var fields = try SceneJSONFields(json, path: path)
        let numberOfLines = try fields.optionalInteger("numberOfLines") ?? 1
        guard numberOfLines >= 0 else {
            throw SceneJSONError(path: fields.path("numberOfLines"), problem: "must be 0 or more, found \(numberOfLines)")
        }
        let textColor = try fields.value("textColor").map { value throws(SceneJSONError) in
            try InterfaceColor(json: value, path: fields.path("textColor"))
        }
        self.init(numberOfLines: numberOfLines, textColor: textColor)
        try fields.finish()
    }
}

extension TableCellProperties {
    var json: JSONValue {
        var object = JSONObject()
        if style != .custom { object["style"] = .string(style.rawValue) }
        if let textLabel { object["textLabel"] = .string(textLabel) }
        if let detailTextLabel { object["detailTextLabel"] = .string(detailTextLabel) }
        if let imageView { object["imageView"] = .string(imageView) }
        if let accessoryType { object["accessoryType"] = .string(accessoryType) }
        if let reuseIdentifier { object["reuseIdentifier"] = .string(reuseIdentifier) }
        if let rowHeight { object["rowHeight"] = .number(rowHeight) }
        if let tableView { object["tableView"] = .string(tableView) }
        if let tableRowHeight { object["tableRowHeight"] = .number(tableRowHeight) }
        if let tableStyle { object["tableStyle"] = .string(tableStyle) }
        return .object(object)
    }

    init(json: JSONValue, path: String) throws(SceneJSONError) {
        var fields = try SceneJSONFields(json, path: path)
        self.init(style: try fields.enumeration("style", default: .custom), textLabel: try fields.optionalString("textLabel"),
                  detailTextLabel: try fields.optionalString("detailTextLabel"), imageView: try fields.optionalString("imageView"),
                  accessoryType: try fields.optionalString("accessoryType"),
                  reuseIdentifier: try fields.optionalString("reuseIdentifier"), rowHeight: try fields.optionalNumber("rowHeight"),
                  tableView: try fields.optionalString("tableView"), tableRowHeight: try fields.optionalNumber("tableRowHeight"),
                  tableStyle: try fields.optionalString("tableStyle"))
        try fields.finish()
    }
}

extension View {
    var json: JSONValue {
        var object = JSONObject()
        object["id"] = .string(id)
        object["kind"] = .string(kind.rawValue)
        object["element"] = .string(element)
        if let key { object["key"] = .string(key) }
        if let customClass { object["customClass"] = .string(customClass) }
        if let userLabel { object["userLabel"] = .string(userLabel) }
        if let line { object["line"] = .number(Double(line)) }
        if let frame { object["frame"] = frame.json }
        if !translatesAutoresizingMaskIntoConstraints { object["translatesAutoresizingMaskIntoConstraints"] = .bool(false) }
        if !autoresizingMask.isEmpty { object["autoresizingMask"] = .array(autoresizingMask.names.map { .string($0) }) }
        if isHidden { object["hidden"] = .bool(true) }
        if !isInstalled { object["installed"] = .bool(false) }
        if let layoutMargins { object["layoutMargins"] = layoutMargins.json }
        if let insetsLayoutMarginsFromSafeArea { object["insetsLayoutMarginsFromSafeArea"] = .bool(insetsLayoutMarginsFromSafeArea) }
        if let preservesSuperviewLayoutMargins { object["preservesSuperviewLayoutMargins"] = .bool(preservesSuperviewLayoutMargins) }
        if contentHugging != .defaultHugging { object["contentHugging"] = contentHugging.json }
        if compressionResistance != .defaultCompressionResistance { object["compressionResistance"] = compressionResistance.json }
        if let backgroundColor { object["backgroundColor"] = backgroundColor.json }
        if flags.isMisplaced { object["misplaced"] = .bool(true) }
        if flags.isAmbiguous { object["ambiguous"] = .bool(true) }
        if flags.hasFixedFrame { object["fixedFrame"] = .bool(true) }
        if let width = flags.placeholderIntrinsicWidth { object["placeholderIntrinsicWidth"] = width.json }
        if let height = flags.placeholderIntrinsicHeight { object["placeholderIntrinsicHeight"] = height.json }
        if let width = flags.preferredMaxLayoutWidth { object["preferredMaxLayoutWidth"] = .number(width) }
        if let image { object["image"] = .string(image) }
        if let label { object["label"] = label.json }
        if !guides.isEmpty { object["guides"] = .array(guides.map(\.json)) }
        if !constraints.isEmpty { object["constraints"] = .array(constraints.map(\.json)) }
        if let stackView { object["stackView"] = stackView.json }
        if let tableCell { object["tableCell"] = tableCell.json }
        if let scrollView {
            var scroll = JSONObject()
            if let behavior = scrollView.contentInsetAdjustmentBehavior { scroll["contentInsetAdjustmentBehavior"] = .string(behavior) }
            object["scrollView"] = .object(scroll)
        }
        if !variations.isEmpty { object["variations"] = .array(variations.map(\.json)) }
        if !subviews.isEmpty { object["subviews"] = .array(subviews.map(\.json)) }
        return .object(object)
    }

    init(json: JSONValue, path: String) throws(SceneJSONError) {
        var fields = try SceneJSONFields(json, path: path)
        func decoded<T>(_ key: String, _ decode: (JSONValue, String) throws(SceneJSONError) -> T) throws(SceneJSONError) -> T? {
            guard let value = fields.value(key) else { return nil }
            return try decode(value, fields.path(key))
        }
        var mask = AutoresizingMask()
        for (index, name) in try fields.strings("autoresizingMask").enumerated() {
            guard let flag = AutoresizingMask.named.first(where: { $0.name == name })?.flag else {
                throw SceneJSONError(path: "\(fields.path("autoresizingMask"))[\(index)]",
                                     problem: "must be one of \(AutoresizingMask.named.map(\.name).joined(separator: ", ")), found \"\(name)\"")
            }
            mask.insert(flag)
        }
        let flags = InterfaceFlags(
            isMisplaced: try fields.optionalBool("misplaced") ?? false, isAmbiguous: try fields.optionalBool("ambiguous") ?? false,
            hasFixedFrame: try fields.optionalBool("fixedFrame") ?? false,
            placeholderIntrinsicWidth: try decoded("placeholderIntrinsicWidth", PlaceholderIntrinsicSize.init(json:path:)),
            placeholderIntrinsicHeight: try decoded("placeholderIntrinsicHeight", PlaceholderIntrinsicSize.init(json:path:)),
            preferredMaxLayoutWidth: try fields.optionalNumber("preferredMaxLayoutWidth"))
        let scrollView = try decoded("scrollView") { (value, path) throws(SceneJSONError) -> ScrollViewProperties in
            var scroll = try SceneJSONFields(value, path: path)
            let properties = ScrollViewProperties(contentInsetAdjustmentBehavior: try scroll.optionalString("contentInsetAdjustmentBehavior"))
            try scroll.finish()
            return properties
        }
        self.init(
            id: try fields.string("id"), kind: try fields.enumeration("kind"), element: try fields.string("element"),
            key: try fields.optionalString("key"), customClass: try fields.optionalString("customClass"),
            userLabel: try fields.optionalString("userLabel"), line: try fields.optionalInteger("line"),
            frame: try decoded("frame", LayoutRect.init(json:path:)),
            translatesAutoresizingMaskIntoConstraints: try fields.optionalBool("translatesAutoresizingMaskIntoConstraints") ?? true,
            autoresizingMask: mask, isHidden: try fields.optionalBool("hidden") ?? false,
            isInstalled: try fields.optionalBool("installed") ?? true,
            layoutMargins: try decoded("layoutMargins", LayoutMargins.init(json:path:)),
            insetsLayoutMarginsFromSafeArea: try fields.optionalBool("insetsLayoutMarginsFromSafeArea"),
            preservesSuperviewLayoutMargins: try fields.optionalBool("preservesSuperviewLayoutMargins"),
            contentHugging: try decoded("contentHugging", AxisPriorities.init(json:path:)) ?? .defaultHugging,
            compressionResistance: try decoded("compressionResistance", AxisPriorities.init(json:path:)) ?? .defaultCompressionResistance,
            backgroundColor: try decoded("backgroundColor", InterfaceColor.init(json:path:)), flags: flags,
            image: try fields.optionalString("image"), label: try decoded("label", LabelProperties.init(json:path:)),
            guides: try fields.list("guides", LayoutGuide.init(json:path:)),
            constraints: try fields.list("constraints", Constraint.init(json:path:)),
            stackView: try decoded("stackView", StackViewProperties.init(json:path:)),
            tableCell: try decoded("tableCell", TableCellProperties.init(json:path:)), scrollView: scrollView,
            variations: try fields.list("variations", TraitVariation.init(json:path:)),
            subviews: try fields.list("subviews", View.init(json:path:)))
        try fields.finish()
    }
}

extension SceneNote {
    var json: JSONValue {
        var members = JSONObject()
        members["object"] = .string(object)
        members["views"] = .array(views.map { .string($0) })
        if let line { members["line"] = .number(Double(line)) }
        members["reason"] = .string(reason.code)
        switch reason {
        case .viewKindNotModelled(let element): members["element"] = .string(element)
        case .frameMissing: break
        case .constraintItemNotFound(let item): members["item"] = .string(item)
        case .constraintAttributeUnknown(let name), .constraintRelationUnknown(let name), .notModelled(let name):
            members["name"] = .string(name)
        case .constraintIncomplete(let missing): members["missing"] = .string(missing)
        case .valueUnreadable(let attribute, let value):
            members["attribute"] = .string(attribute)
            members["value"] = .string(value)
        case .viewLimitReached(let limit), .constraintLimitReached(let limit): members["limit"] = .number(Double(limit))
        }
        return .object(members)
    }

    init(json: JSONValue, path: String) throws(SceneJSONError) {
        var fields = try SceneJSONFields(json, path: path)
        let object = try fields.string("object")
        let views = try fields.strings("views")
        let line = try fields.optionalInteger("line")
        let code = try fields.string("reason")
        let reason: Reason
        switch code {
        case "viewKindNotModelled": reason = .viewKindNotModelled(element: try fields.string("element"))
        case "frameMissing": reason = .frameMissing
        case "constraintItemNotFound": reason = .constraintItemNotFound(item: try fields.string("item"))
        case "constraintAttributeUnknown": reason = .constraintAttributeUnknown(try fields.string("name"))
        case "constraintRelationUnknown": reason = .constraintRelationUnknown(try fields.string("name"))
        case "notModelled": reason = .notModelled(try fields.string("name"))
        case "constraintIncomplete": reason = .constraintIncomplete(missing: try fields.string("missing"))
        case "valueUnreadable": reason = .valueUnreadable(attribute: try fields.string("attribute"), value: try fields.string("value"))
        case "viewLimitReached", "constraintLimitReached":
            guard let limit = try fields.optionalInteger("limit") else { throw SceneJSONError(path: fields.path("limit"), problem: "is missing") }
            reason = code == "viewLimitReached" ? .viewLimitReached(limit: limit) : .constraintLimitReached(limit: limit)
        default:
            throw SceneJSONError(path: fields.path("reason"), problem: "unknown reason \"\(code)\"")
        }
        try fields.finish()
        self.init(object: object, views: views, line: line, reason: reason)
    }
}
