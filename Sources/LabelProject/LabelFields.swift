import LabelJSON
import LabelModel

/// Label definition fields as a project file gives them (a `labels` entry, an override): the
/// fields as label-definition JSON, the frame apart, since its width may be an expression of
/// the device's width.
public struct LabelFields: Sendable, Hashable {
    /// The fields other than `frame` by their definition names (`font`, `numberOfLines`, `key`
    /// in an override), as written, token references (`{group.token}`) included, in file order.
    public var fields: JSONObject
    public var frame: FrameFields?
    /// The line each field is written on, by name (`frame` too).
    public var lines: [String: Int]

    public init(fields: JSONObject = JSONObject(), frame: FrameFields? = nil, lines: [String: Int] = [:]) {
        self.fields = fields
        self.frame = frame
        self.lines = lines
    }

    /// The fields as label-definition JSON for a device `deviceWidth` points wide: `fields`,
    /// and `frame` (when given) with its width worked out and `height: auto` as null.
    public func json(deviceWidth: Double) -> JSONObject {
        var object = fields
        if let frame { object["frame"] = .object(frame.json(deviceWidth: deviceWidth)) }
        return object
    }

    /// These fields with `other`'s over them: a field of `other` replaces this one's whole, frame
    /// members one by one.
    public func merging(_ other: LabelFields) -> LabelFields {
        var merged = self
        for (key, value) in other.fields { merged.fields[key] = value }
        if let frame = other.frame { merged.frame = merged.frame.map { $0.merging(frame) } ?? frame }
        merged.lines.merge(other.lines) { $1 }
        return merged
    }
}

/// The members of a frame a project file gives; nil for those not given.
public struct FrameFields: Sendable, Hashable {
    public var x: Double?
    public var y: Double?
    public var width: WidthExpression?
    public var height: FrameHeight?

    public init(x: Double? = nil, y: Double? = nil, width: WidthExpression? = nil, height: FrameHeight? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The given members as a definition's `frame` JSON, the width worked out for the device.
    public func json(deviceWidth: Double) -> JSONObject {
        var object = JSONObject()
        if let x { object["x"] = .number(x) }
        if let y { object["y"] = .number(y) }
        if let width { object["width"] = .number(width.value(deviceWidth: deviceWidth)) }
        switch height {
        case .auto: object["height"] = .null
        case .points(let points): object["height"] = .number(points)
        case nil: break
        }
        return object
    }

    /// These members with `other`'s given ones over them.
    public func merging(_ other: FrameFields) -> FrameFields {
        FrameFields(x: other.x ?? x, y: other.y ?? y, width: other.width ?? width, height: other.height ?? height)
    }
}

/// A frame's height: fixed, or `auto` (the label's height follows its text, as Auto Layout sizes a
/// label that has no height constraint).
public enum FrameHeight: Sendable, Hashable {
    case auto
    case points(Double)
}

/// The names of a label definition's fields as project files use them, from the model's one
/// table of fields.
enum DefinitionFields {
    /// The members that name a label and hold its texts: a project file's entries take them
    /// from elsewhere (keys and imports).
    static let identity = ["name", "text", "texts"]

    /// The fields a `labels` entry may set besides `keys`: the frame and every style field.
    static let ruleFields = ["frame"] + LabelField.all.map(\.key)

    /// The fields an override may set: the rule's, and `key` (the strings-table key the label's
    /// texts come from).
    static let overrideFields = ruleFields + ["key"]

    /// `fields` without token references, whole or as a member of an object field (a font's
    /// family, an inset): a catalog resolves those, here only literal values are checked.
    static func literalFields(_ fields: JSONObject) -> JSONObject {
        var literal = JSONObject()
        for (key, value) in fields {
            if isReference(value) { continue }
            if case .object(let members) = value {
                var kept = JSONObject()
                for (member, memberValue) in members where !isReference(memberValue) { kept[member] = memberValue }
                literal[key] = .object(kept)
            } else {
                literal[key] = value
            }
        }
        return literal
    }

    private static func isReference(_ value: JSONValue) -> Bool {
        value.string.map(LabelDefinition.isTokenReference) ?? false
    }
}
