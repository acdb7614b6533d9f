import AutoLayout
import LabelJSON

/// A style field of a label definition, declared once in `LabelField.all`: its JSON key, its
/// catalog column, the values it takes and their bounds, the token types a reference of it may
/// name, its `label set` option, and how it is read from and written to a definition.
///
/// Everything that lists the fields walks this table: reading, checking and writing a
/// definition's JSON (and so its input hash, which hashes what is written), the catalog's
/// columns, the token resolver, `label set`'s options and the field table of
/// docs/layout-rules.md. A definition's other members (`name`, `text`, `texts`, `frame`) are
/// its identity, texts and place, not style: they have rules of their own.
public final class LabelField: Sendable {
    /// The field's name in a definition's JSON (`numberOfLines`).
    public let key: String
    /// Its column in the catalog's `labels` table (`number_of_lines`).
    public let column: String
    /// The design token types a reference (`{group.token}`) of this field may name; empty for
    /// a field that takes literal values only.
    public let tokenTypes: [TokenType]
    /// The `label set` option that sets it.
    public let option: Option
    /// What the field means, for the docs' field table (Markdown).
    public let summary: String
    /// Written in the canonical JSON (and hashed) only when it is not the default: a field
    /// added once catalogs existed, so that definitions and input hashes of labels that leave
    /// it alone stay what they were.
    public let omittedAtDefault: Bool
    /// Written before `frame` in the canonical JSON (`arguments`, which belongs with the texts).
    let precedesFrame: Bool
    let jsonKey: StaticString
    let access: Access
    /// Whether `checkBounds(of:)` has anything to check (a number, insets or priorities).
    let hasBounds: Bool

    /// A `label set` option: its name without the dashes, the placeholder of its value and its
    /// help. Two fields may share one option (`--autoshrink` sets `adjustsFontSizeToFitWidth`
    /// and `minimumScaleFactor`): such an option is `shared`, and the command-line tool declares
    /// it (its name is the `SharedOption`'s).
    public struct Option: Sendable, Hashable {
        public let name: String
        public let valueName: String
        public let help: String
        /// The option that sets this field with others; nil for an option of its own.
        public let shared: SharedOption?

        init(_ name: String, _ valueName: String, help: String) {
            self.name = name
            self.valueName = valueName
            self.help = help
            shared = nil
        }

        init(shared: SharedOption) {
            name = shared.rawValue
            valueName = ""
            help = ""
            self.shared = shared
        }
    }

    /// The options that set several fields at once.
    public enum SharedOption: String, Sendable, Hashable, CaseIterable {
        /// `adjustsFontSizeToFitWidth` and `minimumScaleFactor`.
        case autoshrink
    }

    /// The values a field takes.
    public enum Kind: Sendable, Hashable {
        /// An integer in the range.
        case integer(ClosedRange<Int>)
        /// A finite number from `minimum` to `maximum` (`-infinity`: any finite number).
        case number(minimum: Double, maximum: Double)
        /// One of the names.
        case enumeration([String])
        case bool
        /// `#RRGGBB` or `#RRGGBBAA`.
        case color
        /// Any string.
        case text
        /// `{family, size, weight, textStyle, scalesWithCategory}`.
        case font
        /// `{top, left, bottom, right}`, points ≥ 0.
        case insets
        /// A list of strings, numbers and argument declarations (format arguments).
        case arguments
        /// `{horizontal, vertical}`, Auto Layout priorities from 1 to 1000.
        case priorities
        /// The name of a device of Auto Layout's table.
        case device
    }

    /// How a field's value is read from and set on a definition: closures rather than key
    /// paths, which cost a generic key-path projection on every read (the canonical JSON,
    /// and so the input hash, walks every field of every layout).
    struct Accessor<Value>: Sendable {
        let get: @Sendable (LabelDefinition) -> Value
        let set: @Sendable (inout LabelDefinition, Value) -> Void

        init(_ get: @escaping @Sendable (LabelDefinition) -> Value, _ set: @escaping @Sendable (inout LabelDefinition, Value) -> Void) {
            self.get = get
            self.set = set
        }
    }

    /// How a field is read from and written to a definition.
    enum Access: Sendable {
        case integer(Accessor<Int>, ClosedRange<Int>)
        case number(Accessor<Double>, minimum: Double, maximum: Double)
        case enumeration(cases: [String], get: @Sendable (LabelDefinition) -> String,
                         set: @Sendable (inout LabelDefinition, String) -> Bool)
        case bool(Accessor<Bool>)
        case color(Accessor<Color>)
        case text(Accessor<String>)
        case font
        case insets
        case arguments
        case priorities(Accessor<AxisPriorities>)
        case device
    }

    init(_ key: StaticString, _ column: String, _ access: Access, tokens: [TokenType] = [], option: Option, summary: String,
         omittedAtDefault: Bool = false, precedesFrame: Bool = false) {
        jsonKey = key
        self.key = key.description
        self.column = column
        self.access = access
        hasBounds = switch access {
        case .integer, .number, .insets, .priorities: true
        case .enumeration, .bool, .color, .text, .font, .arguments, .device: false
        }
        tokenTypes = tokens
        self.option = option
        self.summary = summary
        self.omittedAtDefault = omittedAtDefault
        self.precedesFrame = precedesFrame
    }

    /// An enumeration field: its values are the raw values of `E`.
    static func enumeration<E: RawRepresentable & CaseIterable & Sendable>(
        _ key: StaticString, _ column: String, _ path: Accessor<E>,
        option: (name: String, valueName: String, help: String), summary: String
    ) -> LabelField where E.RawValue == String {
        let cases = E.allCases.map(\.rawValue)
        let access = Access.enumeration(cases: cases, get: { path.get($0).rawValue }, set: { definition, raw in
            guard let value = E(rawValue: raw) else { return false }
            path.set(&definition, value)
            return true
        })
        return LabelField(key, column, access,
                          option: Option(option.name, option.valueName, help: "\(key): \(cases.joined(separator: ", "))\(option.help)."),
                          summary: summary)
    }

    /// The values the field takes, with their bounds.
    public var kind: Kind {
        switch access {
        case .integer(_, let range): .integer(range)
        case .number(_, let minimum, let maximum): .number(minimum: minimum, maximum: maximum)
        case .enumeration(let cases, _, _): .enumeration(cases)
        case .bool: .bool
        case .color: .color
        case .text: .text
        case .font: .font
        case .insets: .insets
        case .arguments: .arguments
        case .priorities: .priorities
        case .device: .device
        }
    }

    /// The field's value in a definition with nothing set (`LabelDefinition(name:frame:)`), as
    /// JSON (even when `omittedAtDefault` leaves it out of the canonical JSON); nil for a field
    /// absent by default (`arguments`, `device`).
    public var defaultValue: JSONValue? {
        let blank = LabelDefinition.blank
        switch access {
        case .arguments, .device: return nil
        default: break
        }
        var writer = JSONWriter(numberStyle: .exact)
        writer.beginObject()
        write(blank, into: &writer)
        writer.endObject()
        return (try? JSONValue.parse(writer.string))?[key]
    }

    /// The field named `key`, if the table has it.
    public static func named(_ key: String) -> LabelField? {
        all.first { $0.key == key }
    }
}

extension LabelField {
    /// Every style field of a label definition, in the order of the catalog's columns and of
    /// `label set`'s options. The canonical JSON writes them in this order too, after `frame`
    /// (`arguments` goes before it, with the texts).
    public static let all: [LabelField] = [
        LabelField("font", "font", .font, tokens: [.typography, .fontFamily],
                   option: Option("font", "REF|JSON", help: "A typography or fontFamily token reference, or {\"family\", \"size\", \"weight\", \"textStyle\", \"scalesWithCategory\"}."),
                   summary: "`{family, size, weight}` or `{family, textStyle, weight}`: `family` is a name, a font file path or a fallback list of them; `system-ui` is the system font ([The system font](#the-system-font)). `textStyle` (Dynamic Type) sets the size by the content size category and takes no `size`; `scalesWithCategory` (a text style) scales a fixed `size` as `UIFontMetrics` does"),
        LabelField("numberOfLines", "number_of_lines", .integer(Accessor({ $0.numberOfLines }, { $0.numberOfLines = $1 }), 0...Int.max), tokens: [.number],
                   option: Option("lines", "N|REF", help: "numberOfLines; 0 = unlimited."),
                   summary: "the most lines shown; `0` means no limit"),
        .enumeration("lineBreakMode", "line_break_mode", Accessor({ $0.lineBreakMode }, { $0.lineBreakMode = $1 }), option: ("break", "MODE", ""),
                     summary: "as `NSLineBreakMode`"),
        .enumeration("lineBreakStrategy", "line_break_strategy", Accessor({ $0.lineBreakStrategy }, { $0.lineBreakStrategy = $1 }),
                     option: ("line-break-strategy", "STRATEGY", " (default standard)"),
                     summary: "as `NSParagraphStyle.LineBreakStrategy`; `standard` is `pushOut` and `hangulWordPriority` together (UILabel's default); see [Line-break strategies](#line-break-strategies)"),
        .enumeration("textAlignment", "text_alignment", Accessor({ $0.textAlignment }, { $0.textAlignment = $1 }), option: ("align", "ALIGNMENT", ""),
                     summary: "as `NSTextAlignment`"),
        .enumeration("verticalAlignment", "vertical_alignment", Accessor({ $0.verticalAlignment }, { $0.verticalAlignment = $1 }), option: ("valign", "ALIGNMENT", ""),
                     summary: "the seeds' vertical alignment"),
        LabelField("contentInsets", "content_insets", .insets, tokens: [.insets],
                   option: Option("insets", "T,L,B,R|REF", help: "contentInsets, or an insets token reference."),
                   summary: "`{top, left, bottom, right}` in points: space kept free inside the bounds"),
        LabelField("lineHeight", "line_height", .number(Accessor({ $0.lineHeight }, { $0.lineHeight = $1 }), minimum: 0, maximum: LabelDefinition.maximumLength),
                   tokens: [.dimension, .number],
                   option: Option("line-height", "PT|REF", help: "A fixed line height in points (0 = the font's)."),
                   summary: "a fixed line height in points; 0 = the font's own"),
        LabelField("lineHeightMultiple", "line_height_multiple",
                   .number(Accessor({ $0.lineHeightMultiple }, { $0.lineHeightMultiple = $1 }), minimum: 0, maximum: LabelDefinition.maximumLength), tokens: [.number],
                   option: Option("line-height-multiple", "N|REF", help: "A multiple of the font's line height (0 = 1)."),
                   summary: "a multiple of the font's line height; 0 = 1"),
        LabelField("lineSpacing", "line_spacing", .number(Accessor({ $0.lineSpacing }, { $0.lineSpacing = $1 }), minimum: 0, maximum: LabelDefinition.maximumLength),
                   tokens: [.dimension, .number],
                   option: Option("line-spacing", "PT|REF", help: "Space between lines."),
                   summary: "extra space between lines in points (`NSParagraphStyle.lineSpacing`)"),
        LabelField("letterSpacing", "letter_spacing",
                   .number(Accessor({ $0.letterSpacing }, { $0.letterSpacing = $1 }), minimum: -.infinity, maximum: LabelDefinition.maximumLength), tokens: [.dimension, .number],
                   option: Option("letter-spacing", "PT|REF", help: "Added after every grapheme cluster."),
                   summary: "points added after every grapheme cluster (kern); at least `−font.size`"),
        LabelField("truncationToken", "truncation_token", .text(Accessor({ $0.truncationToken }, { $0.truncationToken = $1 })),
                   option: Option("truncation-token", "TEXT", help: "Replaces hidden text (default …)."),
                   summary: "what truncating modes show in place of hidden text"),
        LabelField("textColor", "text_color", .color(Accessor({ $0.textColor }, { $0.textColor = $1 })), tokens: [.color],
                   option: Option("text-color", "#RRGGBB|REF", help: "Text color (rendering only)."),
                   summary: "the text's color; pictures only"),
        LabelField("backgroundColor", "background_color", .color(Accessor({ $0.backgroundColor }, { $0.backgroundColor = $1 })), tokens: [.color],
                   option: Option("background-color", "#RRGGBB|REF", help: "Background color (rendering only)."),
                   summary: "the label's background; pictures only"),
        LabelField("scale", "scale", .integer(Accessor({ $0.scale }, { $0.scale = $1 }), 1...3), tokens: [.number],
                   option: Option("scale", "1|2|3", help: "The pixel grid for rounding (default 3)."),
                   summary: "the pixel grid sizes are rounded up to (`UIScreen.scale`)"),
        LabelField("adjustsFontSizeToFitWidth", "adjusts_font_size_to_fit_width", .bool(Accessor({ $0.adjustsFontSizeToFitWidth }, { $0.adjustsFontSizeToFitWidth = $1 })),
                   option: Option(shared: .autoshrink),
                   summary: "autoshrink: the font shrinks before text is hidden ([Autoshrink](#autoshrink-and-tightening))"),
        LabelField("minimumScaleFactor", "minimum_scale_factor", .number(Accessor({ $0.minimumScaleFactor }, { $0.minimumScaleFactor = $1 }), minimum: 0, maximum: 1), tokens: [.number],
                   option: Option(shared: .autoshrink),
                   summary: "the smallest fraction of the font size autoshrink may use; 0 (UIKit's default) and 1 = no shrinking"),
        LabelField("allowsDefaultTighteningForTruncation", "allows_default_tightening_for_truncation",
                   .bool(Accessor({ $0.allowsDefaultTighteningForTruncation }, { $0.allowsDefaultTighteningForTruncation = $1 })),
                   option: Option("tightening", "on|off", help: "allowsDefaultTighteningForTruncation: tighten a line slightly too wide instead of truncating it."),
                   summary: "in a truncating mode, a last line at most 5% too wide is tightened instead of truncated"),
        LabelField("arguments", "arguments", .arguments,
                   option: Option("arguments", "JSON", help: "Sample arguments of the text's format specifiers, in order: a JSON array of strings, numbers and declarations ('[\"Anna\", 3, {\"type\": \"number\", \"digits\": 7}]')."),
                   summary: "sample arguments of the format specifiers in the texts (`%@`, `%d`, `%1$@`, …), by position, or declarations of what they are (`{\"type\": \"number\", \"digits\": 7}`), laid out at their worst case too ([Texts](#texts-variants-and-sample-arguments), [Worst-case arguments](#worst-case-arguments))", precedesFrame: true),
        LabelField("contentHugging", "content_hugging", .priorities(Accessor({ $0.contentHugging }, { $0.contentHugging = $1 })),
                   option: Option("content-hugging", "H,V", help: "Content hugging priorities, horizontal and vertical, 1–1000 (default 250,250)."),
                   summary: "Auto Layout: how strongly the label resists growing past its text, per axis; written only when not UIKit's default ([Auto Layout fields](#auto-layout-fields))",
                   omittedAtDefault: true),
        LabelField("compressionResistance", "compression_resistance", .priorities(Accessor({ $0.compressionResistance }, { $0.compressionResistance = $1 })),
                   option: Option("compression-resistance", "H,V", help: "Compression resistance priorities, horizontal and vertical, 1–1000 (default 750,750)."),
                   summary: "Auto Layout: how strongly the label resists shrinking below its text, per axis; written only when not UIKit's default",
                   omittedAtDefault: true),
        LabelField("device", "device", .device,
                   option: Option("device", "NAME", help: "The device the label is laid out on (\(Device.all.map(\.name).joined(separator: ", "))); none: the width its file was designed at."),
                   summary: "the device the label is laid out on; absent: the width its file was designed at ([Auto Layout fields](#auto-layout-fields))",
                   omittedAtDefault: true),
    ]

    /// The fields `checkBounds(of:)` checks, in `all`'s order.
    static let bounded = all.filter(\.hasBounds)

    /// The fields written before `frame`, and after it, in the canonical JSON.
    package static let beforeFrame = all.filter(\.precedesFrame)
    package static let afterFrame = all.filter { !$0.precedesFrame }
}

// MARK: - Reading and writing

extension LabelField {
    /// Reads the field's JSON value into `definition`, checking it (`path` names it in errors).
    func read(_ value: JSONValue, into definition: inout LabelDefinition, path: String) throws(LayoutError) {
        switch access {
        case .integer(let accessor, let range):
            let number = try FieldReader.integer(value, path, minimum: range.lowerBound)
            guard number <= range.upperBound else {
                throw .invalidField(field: path, message: "must be \(Self.describe(range)), got \(number)")
            }
            accessor.set(&definition, number)
        case .number(let accessor, let minimum, let maximum):
            let number = try FieldReader.number(value, path, minimum: minimum.isFinite ? minimum : -.greatestFiniteMagnitude)
            // Lengths beyond `maximumLength` are refused by `validateNumbers`, with every other length.
            guard number <= maximum || maximum == LabelDefinition.maximumLength else {
                throw .invalidField(field: path, message: "must be from \(formatNumber(minimum)) to \(formatNumber(maximum)), got \(formatNumber(number))")
            }
            accessor.set(&definition, number)
        case .enumeration(let cases, _, let set):
            guard let raw = value.string, !FieldReader.isReference(value) else { throw FieldReader.typeError(path, "a string", value) }
            guard set(&definition, raw) else {
                throw .invalidField(field: path, message: "unknown value \"\(raw)\" (expected one of \(cases.joined(separator: ", ")))")
            }
        case .bool(let accessor):
            accessor.set(&definition, try FieldReader.bool(value, path))
        case .color(let accessor):
            accessor.set(&definition, try FieldReader.color(value, path))
        case .text(let accessor):
            guard let text = value.string, !FieldReader.isReference(value) else { throw FieldReader.typeError(path, "a string", value) }
            accessor.set(&definition, text)
        case .font:
            definition.font = try LabelDefinition.decodeFont(value, field: path)
        case .insets:
            definition.contentInsets = try LabelDefinition.decodeInsets(value, field: path)
        case .arguments:
            definition.arguments = try FormatArgument.list(fromJSON: value, field: path)
        case .priorities(let accessor):
            var reader = try FieldReader(value, field: path, expected: "an object {horizontal, vertical}")
            var priorities = accessor.get(definition)
            func priority(_ value: JSONValue, _ field: String) throws(LayoutError) -> Priority {
                let number = try FieldReader.number(value, field, minimum: -.greatestFiniteMagnitude)
                guard number >= 1, number <= 1000 else {
                    throw .invalidField(field: field, message: "must be a priority from 1 to 1000, got \(formatNumber(number))")
                }
                return Priority(Float(number))
            }
            try reader.optional("horizontal") { value, field throws(LayoutError) in priorities.horizontal = try priority(value, field) }
            try reader.optional("vertical") { value, field throws(LayoutError) in priorities.vertical = try priority(value, field) }
            try reader.refuseUnknownMembers()
            accessor.set(&definition, priorities)
        case .device:
            guard let name = value.string, !FieldReader.isReference(value) else { throw FieldReader.typeError(path, "a device name", value) }
            guard let device = Device(named: name) else {
                throw .invalidField(field: path, message: "unknown device \(JSONValue.string(name).jsonString()) (known: \(Device.all.map(\.name).joined(separator: ", ")))")
            }
            definition.device = device
        }
    }

    /// False for a field `omittedAtDefault` that has its default, and for an absent optional
    /// field (`arguments` nil): the canonical JSON leaves it out.
    func isWritten(for definition: LabelDefinition) -> Bool {
        switch access {
        case .arguments: return definition.arguments != nil
        case .device: return definition.device != nil
        case .priorities(let accessor):
            return !omittedAtDefault || accessor.get(definition) != accessor.get(LabelDefinition.blank)
        default: return true
        }
    }

    /// Writes the field's member (key and value) to `writer`, whatever `isWritten` says.
    func write<Sink: JSONSink>(_ definition: LabelDefinition, into writer: inout Sink) {
        writer.key(jsonKey)
        switch access {
        case .integer(let accessor, _): writer.number(accessor.get(definition))
        case .number(let accessor, _, _): writer.number(accessor.get(definition))
        case .enumeration(_, let get, _): writer.string(get(definition))
        case .bool(let accessor): writer.bool(accessor.get(definition))
        case .color(let accessor): writer.string(accessor.get(definition).description)
        case .text(let accessor): writer.string(accessor.get(definition))
        case .font: definition.font.write(into: &writer)
        case .insets:
            let insets = definition.contentInsets
            writer.beginObject()
            writer.key("top"); writer.number(insets.top)
            writer.key("left"); writer.number(insets.left)
            writer.key("bottom"); writer.number(insets.bottom)
            writer.key("right"); writer.number(insets.right)
            writer.endObject()
        case .arguments:
            writer.beginArray()
            for argument in definition.arguments ?? [] { argument.write(into: &writer) }
            writer.endArray()
        case .priorities(let accessor):
            let priorities = accessor.get(definition)
            writer.beginObject()
            writer.key("horizontal"); writer.number(Double(priorities.horizontal.rawValue))
            writer.key("vertical"); writer.number(Double(priorities.vertical.rawValue))
            writer.endObject()
        case .device:
            if let device = definition.device { writer.string(device.name) } else { writer.null() }
        }
    }

    /// Checks the bounds of a number field in a definition however it was made (read from JSON
    /// or built in code): finite, and within the field's bounds (lengths at most
    /// `LabelDefinition.maximumLength`).
    func checkBounds(of definition: LabelDefinition) throws(LayoutError) {
        switch access {
        case .integer(let accessor, let range):
            let value = accessor.get(definition)
            guard range.contains(value) else { throw .invalidField(field: key, message: "must be \(Self.describe(range)), got \(value)") }
        case .number(let accessor, let minimum, let maximum):
            let value = accessor.get(definition)
            let lowest = max(minimum, -LabelDefinition.maximumLength)
            guard value.isFinite, value >= lowest, value <= maximum else {
                throw .invalidField(field: key, message: "must be a finite number from \(formatNumber(lowest)) to \(formatNumber(maximum)), got \(formatNumber(value))")
            }
        case .insets:
            let insets = definition.contentInsets
            func isValid(_ value: Double) -> Bool { value.isFinite && value >= 0 && value <= LabelDefinition.maximumLength }
            // Checked as a whole first: building the sides to name the wrong one costs more than the check.
            guard !(isValid(insets.top) && isValid(insets.left) && isValid(insets.bottom) && isValid(insets.right)) else { return }
            for (side, value) in [("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right)] {
                guard value.isFinite, value >= 0, value <= LabelDefinition.maximumLength else {
                    throw .invalidField(field: "\(key).\(side)", message: "must be a finite number from 0 to \(formatNumber(LabelDefinition.maximumLength)), got \(formatNumber(value))")
                }
            }
        case .priorities(let accessor):
            let priorities = accessor.get(definition)
            func isValid(_ priority: Priority) -> Bool { priority.rawValue >= 1 && priority.rawValue <= 1000 }
            guard !(isValid(priorities.horizontal) && isValid(priorities.vertical)) else { return }
            for (axis, value) in [("horizontal", priorities.horizontal), ("vertical", priorities.vertical)] {
                guard isValid(value) else {
                    throw .invalidField(field: "\(key).\(axis)", message: "must be a priority from 1 to 1000, got \(value)")
                }
            }
        case .enumeration, .bool, .color, .text, .font, .arguments, .device:
            return
        }
    }

    /// `an integer ≥ 0`, `1, 2 or 3`, `an integer from 1 to 10`.
    static func describe(_ range: ClosedRange<Int>) -> String {
        if range.upperBound == Int.max { return "an integer ≥ \(range.lowerBound)" }
        if range.count <= 4 {
            let values = range.map(String.init)
            return values.dropLast().joined(separator: ", ") + " or " + values.last!
        }
        return "an integer from \(range.lowerBound) to \(range.upperBound)"
    }
}

extension FontSpec {
    /// The font as the canonical JSON writes it: a family or a list of them (none for the
    /// system font), a text style or a size, the weight, the style a fixed size scales with.
    func write<Sink: JSONSink>(into writer: inout Sink) {
        writer.beginObject()
        if !families.isEmpty {
            writer.key("family")
            if families.count == 1 {
                writer.string(families[0])
            } else {
                writer.beginArray()
                for family in families { writer.string(family) }
                writer.endArray()
            }
        }
        if let textStyle {
            writer.key("textStyle"); writer.string(textStyle.rawValue)
        } else {
            writer.key("size"); writer.number(size)
        }
        writer.key("weight"); writer.number(weight)
        if let scalesWithCategory {
            writer.key("scalesWithCategory"); writer.string(scalesWithCategory.rawValue)
        }
        writer.endObject()
    }
}
