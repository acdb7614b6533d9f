#if canImport(Glibc)
import Glibc
#endif
import AutoLayout
import LabelJSON
import LabelLayout
import LabelModel
import LabelYAML

extension ProjectConfiguration {
    /// Reads and checks the project file at `path`.
    public init(contentsOf path: String) throws(ProjectError) {
        let document: YAMLDocument
        do {
            document = try YAMLDocument(contentsOf: path)
        } catch {
            throw ProjectError(file: error.file, mark: error.mark, problem: .yaml(error.problem))
        }
        try self.init(document: document)
    }

    /// Checks a project file already read; paths resolve against the folder of `document.file`.
    public init(document: YAMLDocument) throws(ProjectError) {
        var reader = ProjectReader(configuration: ProjectConfiguration(file: document.file))
        try reader.read(document.root)
        self = reader.configuration
    }
}

/// Reads a project file's nodes key by key into a `ProjectConfiguration`, each error naming the
/// line and the key.
struct ProjectReader {
    var configuration: ProjectConfiguration

    private var file: String { configuration.file }
    private var folder: String { configuration.folder }

    /// The devices widths are checked on: those given, else the current iPhones.
    private var widthDevices: [Device] { configuration.devices.isEmpty ? Device.current : configuration.devices }

    mutating func read(_ root: YAMLNode?) throws(ProjectError) {
        guard let root else { return }
        guard let entries = root.mapping else {
            if root.scalar?.value == .null { return }
            throw ProjectError(file: file, mark: root.mark, problem: .invalidValue(
                "a project file is a mapping of keys (sources, labels, …), found \(root.kindDescription)"))
        }
        try checkKeys(entries, known: ProjectKey.allCases.map(\.rawValue), prefix: nil)
        for key in ProjectKey.allCases {
            guard let entry = entries.first(where: { $0.key.text == key.rawValue }) else { continue }
            try read(key, entry.value)
        }
    }

    private mutating func read(_ key: ProjectKey, _ node: YAMLNode) throws(ProjectError) {
        let name = key.rawValue
        switch key {
        case .sources:
            let items = try strings(node, key: name)
            guard !items.isEmpty else { throw invalid(node, name, "lists no source (leave the key out to read the project folder)") }
            configuration.sources = try items.map { (text, item) throws(ProjectError) in try path(text, item, key: name, globs: true, mustExist: true) }
        case .exclude:
            configuration.exclude = try strings(node, key: name).map { (text, item) throws(ProjectError) in
                guard !text.hasPrefix("/") else {
                    throw invalid(item, name, "\(PrintableText.quoted(text)): an exclude glob is relative to the project folder; leave out the leading /")
                }
                return try glob(text, item, key: name, kind: .path)
            }
        case .developmentLanguage:
            let text = try string(node, key: name)
            guard LocaleName.isValid(text), LocaleName.normalized(text) != "" else {
                throw invalid(node, name, "\(PrintableText.quoted(text)) is not a language tag (en, de, pt-BR, zh-Hans)")
            }
            configuration.developmentLanguage = text
        case .locales:
            let items = try strings(node, key: name)
            guard !items.isEmpty else { throw invalid(node, name, "lists no locale (leave the key out to check every locale)") }
            for (text, item) in items where !(LocaleName.isValid(text) || LocaleName.normalized(text) == "") {
                throw invalid(item, name, "\(PrintableText.quoted(text)) is not a language tag (en, de, pt-BR, zh-Hans, or base for the base texts)")
            }
            configuration.locales = items.map(\.text)
        case .devices:
            configuration.devices = try names(node, key: name, kind: "device", known: Device.all.map(\.name)) { text in
                Device(named: text) ?? Device(interfaceBuilderID: text)
            }
        case .categories:
            let categories = try names(node, key: name, kind: "content size category", known: Self.categoryNames, Self.category(named:))
            guard !categories.isEmpty else { throw invalid(node, name, "lists no content size category (leave the key out for large)") }
            configuration.categories = categories
        case .pseudoLanguages:
            configuration.pseudoLanguages = try names(node, key: name, kind: "pseudolanguage",
                                                      known: PseudoLanguage.allCases.map(\.rawValue)) { PseudoLanguage(named: $0) }
        case .fonts:
            configuration.fonts = try strings(node, key: name).map { (text, item) throws(ProjectError) in
                try path(text, item, key: name, globs: true, mustExist: true)
            }
        case .fontSubstitutes:
            configuration.fontSubstitutes = try fontSubstitutes(node)
        case .defaultFamily:
            let families = try strings(node, key: name)
            guard !families.isEmpty else { throw invalid(node, name, "lists no family (leave the key out for the system font)") }
            configuration.defaultFamily = try families.map { (text, item) throws(ProjectError) in try family(text, item, key: name) }
                .joined(separator: ", ")
        case .tokens:
            configuration.tokens = try strings(node, key: name).map { (text, item) throws(ProjectError) in
                try path(text, item, key: name, globs: false, mustExist: true)
            }
        case .labels:
            configuration.labels = try list(node, key: name).map { (item) throws(ProjectError) in try labelRule(item) }
        case .overrides:
            configuration.overrides = try mapping(node, key: name).map { (entry) throws(ProjectError) in try override(entry) }
        case .ignore:
            configuration.ignore = try list(node, key: name).map { (item) throws(ProjectError) in try ignoreRule(item) }
        case .baseline:
            configuration.baseline = try path(try string(node, key: name), node, key: name, globs: false, mustExist: false).path
        case .catalog:
            configuration.catalog = try path(try string(node, key: name), node, key: name, globs: false, mustExist: false).path
        }
    }

    // MARK: Errors

    private func invalid(_ node: YAMLNode, _ key: String, _ message: String) -> ProjectError {
        ProjectError(file: file, mark: node.mark, key: key, problem: .invalidValue(message))
    }

    /// "must be …, found …", with a hint when the value is empty because of a `#`.
    private func expected(_ what: String, _ node: YAMLNode, key: String) -> ProjectError {
        var message = "must be \(what), found \(node.kindDescription)"
        if node.scalar?.value == .null {
            message += " (in YAML a # after a space starts a comment: quote a value that starts with #)"
        }
        return invalid(node, key, message)
    }

    /// Refuses keys not in `known`, suggesting the closest known one.
    private func checkKeys(_ entries: [YAMLMappingEntry], known: [String], prefix: String?,
                           explain: (String) -> String? = { _ in nil }) throws(ProjectError) {
        for entry in entries where !known.contains(entry.key.text) {
            let key = prefix.map { "\($0).\(entry.key.text)" } ?? entry.key.text
            if let explanation = explain(entry.key.text) {
                throw ProjectError(file: file, mark: entry.keyMark, key: key, problem: .invalidValue(explanation))
            }
            if entry.key.text == "<<" {
                throw ProjectError(file: file, mark: entry.keyMark, key: key, problem: .invalidValue(
                    "merge keys (<<) are not read: write the fields, or an alias (*name) for a whole value"))
            }
            throw ProjectError(file: file, mark: entry.keyMark, key: key,
                               problem: .unknownKey(suggestion: Suggestion.closest(to: entry.key.text, in: known)))
        }
    }

    // MARK: Values

    /// A non-empty string: any scalar but null, as written.
    private func string(_ node: YAMLNode, key: String) throws(ProjectError) -> String {
        guard let text = node.scalar?.string else { throw expected("a string", node, key: key) }
        guard !text.isEmpty else { throw invalid(node, key, "must not be empty") }
        return text
    }

    /// A list's items.
    private func list(_ node: YAMLNode, key: String) throws(ProjectError) -> [YAMLNode] {
        if let items = node.sequence { return items }
        throw expected("a list", node, key: key)
    }

    /// Strings: a list of them, or one.
    private func strings(_ node: YAMLNode, key: String) throws(ProjectError) -> [(text: String, node: YAMLNode)] {
        if let text = node.scalar?.string {
            guard !text.isEmpty else { throw invalid(node, key, "must not be empty") }
            return [(text, node)]
        }
        guard let items = node.sequence else { throw expected("a string or a list of strings", node, key: key) }
        var result: [(text: String, node: YAMLNode)] = []
        for item in items { result.append((try string(item, key: key), item)) }
        return result
    }

    private func mapping(_ node: YAMLNode, key: String) throws(ProjectError) -> [YAMLMappingEntry] {
        guard let entries = node.mapping else { throw expected("a mapping", node, key: key) }
        return entries
    }

    private func number(_ node: YAMLNode, key: String, minimum: Double = -LabelDefinition.maximumLength) throws(ProjectError) -> Double {
        guard case .number(let number)? = node.scalar?.value else { throw expected("a number", node, key: key) }
        guard number.isFinite, number >= minimum, abs(number) <= LabelDefinition.maximumLength else {
            let range = minimum == 0 ? "from 0" : "from \(formatted(minimum))"
            throw invalid(node, key, "must be a number \(range) to \(formatted(LabelDefinition.maximumLength)), found \(node.scalar?.text ?? "")")
        }
        return number
    }

    /// Names from a fixed list (devices, categories, pseudolanguages), each once, in order.
    private func names<T: Equatable>(_ node: YAMLNode, key: String, kind: String, known: [String],
                                     _ lookUp: (String) -> T?) throws(ProjectError) -> [T] {
        var result: [T] = []
        for (text, item) in try strings(node, key: key) {
            let value = try name(text, item, key: key, kind: kind, known: known, lookUp)
            if !result.contains(value) { result.append(value) }
        }
        return result
    }

    /// A name from a fixed list; an unknown one is an error with the closest known name.
    private func name<T>(_ text: String, _ node: YAMLNode, key: String, kind: String, known: [String],
                         _ lookUp: (String) -> T?) throws(ProjectError) -> T {
        guard let value = lookUp(text) else {
            throw ProjectError(file: file, mark: node.mark, key: key, problem: .unknownName(
                kind: kind, name: text, suggestion: Suggestion.closest(to: text, in: known), known: known))
        }
        return value
    }

    /// A content size category by its UIKit name, without regard to case.
    private static func category(named text: String) -> ContentSizeCategory? {
        ContentSizeCategory.allCases.first { $0.rawValue.lowercased() == text.lowercased() }
    }

    private static let categoryNames = ContentSizeCategory.allCases.map(\.rawValue)

    private func glob(_ text: String, _ node: YAMLNode, key: String, kind: Glob.Kind) throws(ProjectError) -> Glob {
        do {
            return try Glob(text, kind: kind)
        } catch {
            throw invalid(node, key, "\(PrintableText.quoted(text)): \(error.reason)")
        }
    }

    /// A path (or with `globs`, a path glob) resolved against the project folder; with
    /// `mustExist`, a plain path (or a glob's folder) that is absent is an error.
    private func path(_ text: String, _ node: YAMLNode, key: String, globs: Bool, mustExist: Bool) throws(ProjectError) -> ProjectPath {
        guard !text.unicodeScalars.contains("\0") else { throw invalid(node, key, "a path holds no U+0000") }
        var resolved = ProjectPath(spelling: text, path: ProjectPath.resolve(text, in: folder), glob: nil, line: node.mark.line)
        resolved.mark = node.mark
        if Glob.hasWildcards(text) {
            guard globs else { throw invalid(node, key, "\(PrintableText.quoted(text)): takes a path, not a glob") }
            guard !text.hasPrefix("/") else {
                throw invalid(node, key, "\(PrintableText.quoted(text)): a glob is relative to the project folder; leave out the leading /")
            }
            let pattern = try glob(text, node, key: key, kind: .path)
            resolved.glob = pattern
            resolved.path = ProjectPath.resolve(pattern.literalPrefix, in: folder)
        }
        if mustExist {
            var status = stat()
            guard stat(resolved.path, &status) == 0 else {
                throw ProjectError(file: file, mark: node.mark, key: key, problem: .missingPath(resolved.path))
            }
        }
        return resolved
    }

    /// A family name, or a font file's path (resolved, and present).
    private func family(_ text: String, _ node: YAMLNode, key: String) throws(ProjectError) -> String {
        guard !text.contains(","), !text.unicodeScalars.contains("\0") else {
            throw invalid(node, key, "\(PrintableText.quoted(text)): a family name holds no comma and no U+0000")
        }
        guard FontLibrary.isFontPath(text) else { return text.trimmingSpaces }
        return try path(text, node, key: key, globs: false, mustExist: true).path
    }

    private func fontSubstitutes(_ node: YAMLNode) throws(ProjectError) -> FontSubstitutes {
        let key = ProjectKey.fontSubstitutes.rawValue
        var pairs: [String] = []
        var substitutes = FontSubstitutes.none
        for entry in try mapping(node, key: key) {
            let family = entry.key.text
            let entryKey = "\(key).\(family)"
            guard !family.isEmpty, !family.contains("="), !family.contains(",") else {
                throw ProjectError(file: file, mark: entry.keyMark, key: entryKey, problem: .invalidValue(
                    "a family name must not be empty, and holds no = and no comma"))
            }
            let substitute = try self.family(try string(entry.value, key: entryKey), entry.value, key: entryKey)
            pairs.append("\(family)=\(substitute)")
            // Read pair by pair, so an error (a family given twice, a chain) names its line.
            do {
                substitutes = try FontSubstitutes(parsing: pairs.joined(separator: ", "))
            } catch {
                let message: String
                if case .invalidField(_, let reason) = error { message = reason } else { message = error.description }
                throw ProjectError(file: file, mark: entry.keyMark, key: entryKey, problem: .invalidValue(message))
            }
        }
        return substitutes
    }

    // MARK: Labels, overrides, ignore

    private func labelRule(_ node: YAMLNode) throws(ProjectError) -> LabelRule {
        let key = ProjectKey.labels.rawValue
        let entries = try mapping(node, key: key)
        try checkKeys(entries, known: ["keys"] + DefinitionFields.ruleFields, prefix: key) { field in
            DefinitionFields.identity.contains(field)
                ? "a labels entry makes one label per key it matches, named after the key, with the key's texts: it takes no \(field)"
                : field == "key" ? "a labels entry gives keys (TABLE:GLOB), not key" : nil
        }
        guard let keysNode = node["keys"] else {
            throw ProjectError(file: file, mark: node.mark, key: "\(key).keys", problem: .missingKey)
        }
        let spelling = try string(keysNode, key: "\(key).keys")
        let pattern: KeyPattern
        do { pattern = try KeyPattern(spelling) } catch {
            throw invalid(keysNode, "\(key).keys", "\(PrintableText.quoted(spelling)): \(error.reason)")
        }
        guard node["frame"] != nil else {
            throw ProjectError(file: file, mark: node.mark, key: "\(key).frame", problem: .missingKey)
        }
        let fields = try labelFields(entries.filter { $0.key.text != "keys" }, in: node, key: key, completeFrame: true)
        return LabelRule(keys: pattern, fields: fields, mark: node.mark)
    }

    private func override(_ entry: YAMLMappingEntry) throws(ProjectError) -> LabelOverride {
        let name = entry.key.text
        let key = "\(ProjectKey.overrides.rawValue).\(name)"
        guard !name.isEmpty else {
            throw ProjectError(file: file, mark: entry.keyMark, key: ProjectKey.overrides.rawValue,
                               problem: .invalidValue("a label name or glob must not be empty"))
        }
        let pattern = try glob(name, YAMLNode(.scalar(entry.key), mark: entry.keyMark), key: key, kind: .name)
        if pattern.isLiteral, !LabelDefinition.isValidName(name) {
            throw ProjectError(file: file, mark: entry.keyMark, key: key, problem: .invalidValue(LabelDefinition.nameRule))
        }
        let fieldEntries = try mapping(entry.value, key: key)
        guard !fieldEntries.isEmpty else { throw invalid(entry.value, key, "sets no field") }
        try checkKeys(fieldEntries, known: DefinitionFields.overrideFields, prefix: key) { field in
            DefinitionFields.identity.contains(field) ? "an override changes how a label is laid out; its name and texts come from the import" : nil
        }
        let fields = try labelFields(fieldEntries, in: entry.value, key: key, completeFrame: false)
        return LabelOverride(label: pattern, fields: fields, mark: entry.keyMark)
    }

    private func ignoreRule(_ node: YAMLNode) throws(ProjectError) -> IgnoreRule {
        let key = ProjectKey.ignore.rawValue
        let entries = try mapping(node, key: key)
        try checkKeys(entries, known: ["label", "locale", "category", "reason"], prefix: key)
        guard let labelNode = node["label"] else {
            throw ProjectError(file: file, mark: node.mark, key: "\(key).label", problem: .missingKey)
        }
        guard let reasonNode = node["reason"] else {
            throw ProjectError(file: file, mark: node.mark, key: "\(key).reason", problem: .missingKey)
        }
        let label = try glob(try string(labelNode, key: "\(key).label"), labelNode, key: "\(key).label", kind: .name)
        let reason = try string(reasonNode, key: "\(key).reason")
        guard !reason.trimmingSpaces.isEmpty else { throw invalid(reasonNode, "\(key).reason", "must say why") }
        var rule = IgnoreRule(label: label, locale: nil, category: nil, reason: reason, mark: node.mark)
        if let localeNode = node["locale"] {
            let locale = try string(localeNode, key: "\(key).locale")
            guard LocaleName.isValid(locale) || LocaleName.normalized(locale) == "" else {
                throw invalid(localeNode, "\(key).locale", "\(PrintableText.quoted(locale)) is not a language tag (en, pt-BR, or base for the base texts)")
            }
            rule.locale = locale
        }
        if let categoryNode = node["category"] {
            rule.category = try name(try string(categoryNode, key: "\(key).category"), categoryNode, key: "\(key).category",
                                     kind: "content size category", known: Self.categoryNames, Self.category(named:))
        }
        return rule
    }

    /// Label fields: the frame read apart, the rest as JSON, all checked as a label definition
    /// (token references aside) with each error at the line of the field it names.
    private func labelFields(_ entries: [YAMLMappingEntry], in node: YAMLNode, key: String,
                             completeFrame: Bool) throws(ProjectError) -> LabelFields {
        var fields = LabelFields()
        for entry in entries {
            let field = entry.key.text
            fields.lines[field] = entry.keyMark.line
            if field == "frame" {
                fields.frame = try frame(entry.value, key: "\(key).frame", complete: completeFrame)
            } else if field == "key" {
                let text = try string(entry.value, key: "\(key).key")
                guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, !text.unicodeScalars.contains("\0") else {
                    throw invalid(entry.value, "\(key).key", "\(PrintableText.quoted(text)) is not TABLE:KEY (a strings table, a colon, the key)")
                }
                fields.fields[field] = .string(text)
            } else {
                fields.fields[field] = try json(entry.value, key: "\(key).\(field)")
            }
        }
        // The definition's own checks, on a probe: references are resolved by a catalog later.
        var probe = DefinitionFields.literalFields(fields.fields)
        probe["key"] = nil
        probe["name"] = .string("probe")
        let device = widthDevices[0].size.width
        let frame = FrameFields(x: 0, y: 0, width: .number(0), height: .points(0)).merging(fields.frame ?? FrameFields())
        probe["frame"] = .object(frame.json(deviceWidth: device))
        do {
            _ = try LabelDefinition(json: .object(probe))
        } catch {
            guard case .invalidField(let field, let message) = error else { throw invalid(node, key, error.description) }
            throw ProjectError(file: file, mark: Self.position(of: field, in: node), key: "\(key).\(field)", problem: .invalidValue(message))
        }
        return fields
    }

    /// The position of a dotted field path (`font.size`) inside a node: the key of its deepest
    /// part that is there.
    private static func position(of field: String, in node: YAMLNode) -> YAMLMark {
        var current = node
        var mark = node.mark
        for part in field.split(separator: ".") {
            guard let entry = current.mapping?.first(where: { $0.key.text == part }) else { break }
            mark = entry.keyMark
            current = entry.value
        }
        return mark
    }

    private func frame(_ node: YAMLNode, key: String, complete: Bool) throws(ProjectError) -> FrameFields {
        let entries = try mapping(node, key: key)
        try checkKeys(entries, known: ["x", "y", "width", "height"], prefix: key)
        var frame = complete ? FrameFields(x: 0, y: 0, height: .auto) : FrameFields()
        if let x = node["x"] { frame.x = try number(x, key: "\(key).x") }
        if let y = node["y"] { frame.y = try number(y, key: "\(key).y") }
        if let width = node["width"] {
            frame.width = try widthExpression(width, key: "\(key).width")
        } else if complete {
            throw ProjectError(file: file, mark: node.mark, key: "\(key).width", problem: .missingKey)
        }
        if let height = node["height"] {
            if height.scalar?.value == .string("auto") {
                frame.height = .auto
            } else if case .number? = height.scalar?.value {
                frame.height = .points(try number(height, key: "\(key).height", minimum: 0))
            } else {
                throw expected("a number or auto", height, key: "\(key).height")
            }
        }
        return frame
    }

    /// A width: a number, or an expression of the device's width that gives a width from 0 to
    /// the longest length on every device checked.
    private func widthExpression(_ node: YAMLNode, key: String) throws(ProjectError) -> WidthExpression {
        let expression: WidthExpression
        switch node.scalar?.value {
        case .number?:
            expression = .number(try number(node, key: key, minimum: 0))
        case .string(let text)?:
            do { expression = try WidthExpression(parsing: text) } catch {
                throw invalid(node, key, "cannot read \(PrintableText.quoted(text)): \(error.reason) at character \(error.position) (expected a number or an expression of device, e.g. device - 32)")
            }
        default:
            throw expected("a number or an expression of device (device - 32)", node, key: key)
        }
        for device in widthDevices {
            let value = expression.value(deviceWidth: device.size.width)
            guard value.isFinite, value >= 0, value <= LabelDefinition.maximumLength else {
                throw invalid(node, key, "\(expression) is \(formatted(value)) on \(device.name) (\(formatted(device.size.width)) pt wide): a width must be from 0 to \(formatted(LabelDefinition.maximumLength))")
            }
        }
        return expression
    }

    /// A node as JSON: null is refused (a key without a value), numbers must be finite.
    private func json(_ node: YAMLNode, key: String) throws(ProjectError) -> JSONValue {
        switch node.content {
        case .scalar(let scalar):
            switch scalar.value {
            case .null: throw expected("a value", node, key: key)
            case .bool(let flag): return .bool(flag)
            case .string(let text): return .string(text)
            case .number(let number):
                guard number.isFinite else { throw invalid(node, key, "must be a finite number, found \(scalar.text)") }
                return .number(number)
            }
        case .sequence(let items):
            var array: [JSONValue] = []
            for item in items { array.append(try json(item, key: key)) }
            return .array(array)
        case .mapping(let entries):
            var object = JSONObject()
            for entry in entries { object[entry.key.text] = try json(entry.value, key: "\(key).\(entry.key.text)") }
            return .object(object)
        }
    }

    private func formatted(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
