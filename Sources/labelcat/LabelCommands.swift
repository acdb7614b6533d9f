import LabelCatalog
import LabelImport
import LabelJSON
import LabelLayout
import LabelModel
import LabelSync

// MARK: - label

/// An edit of a label definition's JSON (the stored definition, or a new one).
typealias DefinitionEdit = @Sendable (inout JSONObject) throws -> Void

/// An option of `label set` that edits the definition: its value is read into the edit
/// (before the catalog is opened, so a malformed value is a usage error wherever it is).
typealias EditOption = Option<DefinitionEdit>

extension Option where Value == DefinitionEdit {
    /// An option that sets one field to what `value` makes of the option's text.
    static func field(_ name: String, _ valueName: String, help: String, key: String,
                      _ value: @escaping @Sendable (String) throws -> JSONValue) -> EditOption {
        EditOption(name, valueName, help: help) { text, _ in
            let parsed = try value(text)
            return { json in json[key] = parsed }
        }
    }
}

let labelSetUsage = ["labelcat", "label", "set"]

func labelSetError(_ message: String) -> UsageError {
    UsageError(message: message, commandPath: labelSetUsage)
}

/// The options of `label set`: the texts, key and frame, then one option per style field of
/// the model's field table (`LabelField.all`, which declares each option's name and help).
enum LabelSetOptions {
    static let text = Option<String>("text", "TEXT", help: "The label's text (with --locale, that locale's; with --variant, that variant's).")
    static let locale = Option.locale(help: "Set the text of this locale (e.g. de) instead of the base text.")
    static let variant = Option<String>("variant", "VARIANT", help: "Set the text of this variant (plural.one, device.ipad, …) instead of the plain text.")
    static let removeText = Flag("remove-text", help: "Remove the label's own text of --locale (and --variant): its key's text shows again.")
    static let key = EditOption.field("key", "TABLE:KEY", help: "The key of the label's text in a strings table (Localizable:checkout.title): what 'labelcat import' fills its texts from.", key: "key") { key in
        guard LabelRecord.isValidKey(key) else {
            throw labelSetError("The value '\(key)' of '--key' must be TABLE:KEY, a table name and the key (e.g. 'Localizable:checkout.title').")
        }
        return .string(key)
    }
    static let frame = EditOption.field("frame", "X,Y,W,H", help: "Position and size in points; H = auto for a self-sizing label (required for a new label).", key: "frame") { frame in
        let parts = frame.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(" ") }
        let selfSizing = parts.count == 4 && parts[3] == "auto"
        let numbers = try numberList((selfSizing ? parts.prefix(3) : parts[...]).joined(separator: ","), count: selfSizing ? 3 : 4,
                                     option: "frame", format: "X,Y,W,H (H may be auto)")
        return .object(JSONObject([("x", .number(numbers[0])), ("y", .number(numbers[1])), ("width", .number(numbers[2])),
                                   ("height", selfSizing ? .null : .number(numbers[3]))]))
    }

    /// The options that edit the definition, in the order their edits apply (`--font` before
    /// `--text-style`): key and frame, then an option per field of the table, with
    /// `--text-style` after `--font` and `--autoshrink` where the two fields it sets are.
    static let edits: [EditOption] = [key, frame] + LabelField.all.reduce(into: [EditOption]()) { options, field in
        if let shared = field.option.shared {
            if !options.contains(where: { $0.spec.name == shared.rawValue }) { options.append(sharedOption(shared)) }
            return
        }
        options.append(.field(field.option.name, field.option.valueName, help: field.option.help, key: field.key) { text in
            try fieldValue(text, of: field)
        })
        if field.kind == .font { options.append(textStyle) }
    }

    /// Every option, in the order of the help.
    static let all: [any CommandOption] = [text, locale, variant, removeText] + edits

    /// `--text-style`: sets the font's text style (and drops its fixed size).
    static let textStyle = EditOption("text-style", "STYLE", help: "Dynamic Type: the font's size follows this text style at each content size category (\(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")))." ) { name, _ in
        guard TextStyle(rawValue: name) != nil else {
            let names = TextStyle.allCases.map(\.rawValue)
            throw labelSetError("The value '\(name)' of '--text-style' is not a text style.\(suggestion(name, names, prefix: "")) (one of \(names.joined(separator: ", ")))")
        }
        return { json in
            var font = JSONObject()
            if let current = json["font"] {
                guard let object = current.object else {
                    throw CommandError("the label's font is the token reference \(current.string ?? current.jsonString()); give '--font' a font object to set a text style (or give the token a text style)")
                }
                font = object
            }
            font["size"] = nil
            font["textStyle"] = .string(name)
            json["font"] = .object(font)
        }
    }
}

/// A style field's value as `label set` takes it, by the field's kind: numbers and token
/// references, names, on/off, lists of numbers, JSON.
func fieldValue(_ text: String, of field: LabelField) throws -> JSONValue {
    let option = field.option.name
    switch field.kind {
    case .integer, .number:
        if field.tokenTypes.isEmpty, aliasTargetOf(.string(text)) != nil {
            throw labelSetError("The value '\(text)' of '--\(option)' must be a decimal number: \(field.key) takes no token reference.")
        }
        return try numberOrReference(text, option: option)
    case .enumeration, .text, .color, .device:
        return .string(text)
    case .bool:
        guard let flag = ["on": true, "off": false][text] else {
            throw labelSetError("The value '\(text)' of '--\(option)' must be on or off.")
        }
        return .bool(flag)
    case .font:
        let value = jsonOrString(text)
        if value.string != nil, aliasTargetOf(value) == nil, text.hasPrefix("{") {
            do { _ = try JSONValue.parse(text) } catch {
                throw CommandError("the value of '--\(option)' is not valid JSON: \(error)")
            }
        }
        guard aliasTargetOf(value) != nil || value.object != nil else {
            throw labelSetError("The value of '--\(option)' must be a token reference like '{typography.body}' or JSON like '{\"family\": \"Noto Sans CJK SC\", \"size\": 17}'.")
        }
        return value
    case .insets:
        if aliasTargetOf(.string(text)) != nil { return .string(text) }
        if let object = (try? JSONValue.parse(text))?.object { return .object(object) }
        let numbers = try numberList(text, count: 4, option: option)
        return .object(JSONObject([("top", .number(numbers[0])), ("left", .number(numbers[1])),
                                   ("bottom", .number(numbers[2])), ("right", .number(numbers[3]))]))
    case .priorities:
        if let object = (try? JSONValue.parse(text))?.object { return .object(object) }
        let numbers = try numberList(text, count: 2, option: option, format: "two priorities H,V from 1 to 1000 (e.g. 250,750)")
        return .object(JSONObject([("horizontal", .number(numbers[0])), ("vertical", .number(numbers[1]))]))
    case .arguments:
        guard let value = try? JSONValue.parse(text), case .array = value else {
            throw labelSetError("The value '\(text)' of '--\(option)' must be a JSON array of strings, numbers and {\"type\": …} declarations, e.g. '[\"Anna\", 3]'.")
        }
        return value
    }
}

/// An option that sets several fields of the table at once.
func sharedOption(_ option: LabelField.SharedOption) -> EditOption {
    switch option {
    case .autoshrink:
        return EditOption(option.rawValue, "MIN_SCALE|off", help: "adjustsFontSizeToFitWidth: shrink the font down to MIN_SCALE × its size (minimumScaleFactor, above 0 and at most 1) before truncating; off: never.") { text, _ in
            if text == "off" {
                return { json in
                    json["adjustsFontSizeToFitWidth"] = nil
                    json["minimumScaleFactor"] = nil
                }
            }
            guard let scale = parseDecimal(text), scale > 0, scale <= 1 else {
                throw labelSetError("The value '\(text)' of '--autoshrink' must be the smallest scale of the font, a decimal number above 0 and at most 1 (e.g. 0.5), or off.")
            }
            return { json in
                json["adjustsFontSizeToFitWidth"] = .bool(true)
                json["minimumScaleFactor"] = .number(scale)
            }
        }
    }
}

/// Sets one text in a definition's JSON: the base text (locale "") or a locale's, the plain
/// text (variant "") or a variant's; a locale's texts become an object of variant: text once
/// it has variants.
func setText(_ text: String, locale: String, variant: String, in json: inout JSONObject) {
    var texts = json["texts"]?.object ?? JSONObject()
    let current = locale.isEmpty ? json["text"] : texts[locale]
    let updated: JSONValue
    if variant.isEmpty, current?.object == nil {
        updated = .string(text)
    } else {
        var variants = current?.object ?? JSONObject()
        if let plain = current?.string { variants[""] = .string(plain) }
        variants[variant] = .string(text)
        updated = .object(variants)
    }
    if locale.isEmpty {
        json["text"] = updated
    } else {
        texts[locale] = updated
        json["texts"] = .object(texts)
    }
}

/// The options of `label`'s subcommands but `set` (`LabelSetOptions`).
enum LabelOptions {
    static let resolved = Flag("resolved", help: "With token references resolved (what the engine sees).")
    static let importLocale = Option.locale(help: "The locale of a .strings or .stringsdict file outside an xx.lproj folder.")
    static let array = Flag("array", help: "Print one JSON array instead of NDJSON.")
    static let exportResolved = Flag("resolved", help: "With token references resolved (what the engine sees: 'labelcat measure' lays them out).")
}

let labelCommand = Command(
    name: "label",
    abstract: "Edit label definitions.",
    subcommands: [
        Command(name: "set", abstract: "Create or change a label; its layouts are recomputed at once.",
                discussion: """
                    Style values may be literals or token references like '{typography.body}'. A label name may \
                    hold any printable characters but * ? [ ] (so a name used as a glob matches that label alone), \
                    without white space at either end: checkout.title, Main.storyboard/abc-12-xyz.
                    """,
                arguments: [ArgumentSpec(name: "name", help: "The label's name, e.g. checkout.title.")],
                options: LabelSetOptions.all, run: runLabelSet),
        Command(name: "get", abstract: "Show a label's definition.",
                arguments: [ArgumentSpec(name: "name", help: "The label's name.")],
                options: [LabelOptions.resolved, CommonOptions.json],
                run: runLabelGet),
        Command(name: "list", abstract: "List labels.",
                arguments: [ArgumentSpec(name: "glob", help: "Only names matching this glob (e.g. 'checkout.*').", optional: true)],
                options: [CommonOptions.json], run: runLabelList),
        Command(name: "rm", abstract: "Remove a label and its layouts.",
                arguments: [ArgumentSpec(name: "name", help: "The label's name.")],
                run: { arguments in
                    try openCatalog(arguments).removeLabel(arguments.positionals[0])
                    writeOutput("Removed label \(printable(arguments.positionals[0])).")
                    return 0
                }),
        Command(name: "import", abstract: "Import label definitions, or texts keyed by label name; all or nothing.",
                discussion: """
                    FILE holds label definitions (a JSON array or NDJSON), a table of texts by label name \
                    ({"de": {"checkout.title": "Zur Kasse"}}; locale "" is the base text), or a strings \
                    file (.strings, .stringsdict, .xcstrings) whose keys are label names (the locale of a \
                    .strings or .stringsdict file from --locale or its xx.lproj folder). A name no label \
                    has refuses the whole file. To import a project's strings files, String Catalogs and \
                    storyboards by their keys, use 'labelcat import'.
                    """,
                arguments: [ArgumentSpec(name: "file", help: "The file, or - for standard input.")],
                options: [LabelOptions.importLocale],
                run: runLabelImport),
        Command(name: "export", abstract: "Print label definitions as NDJSON (or a JSON array).",
                arguments: [ArgumentSpec(name: "glob", help: "Only names matching this glob.", optional: true)],
                options: [LabelOptions.array, LabelOptions.exportResolved],
                run: runLabelExport),
    ])

func numberOrReference(_ text: String, option: String) throws -> JSONValue {
    if aliasTargetOf(.string(text)) != nil { return .string(text) }
    guard let number = parseDecimal(text) else {
        throw labelSetError("The value '\(text)' of '--\(option)' is not a decimal number or a token reference like '{spacing.s}'.")
    }
    return .number(number)
}

func numberList(_ text: String, count: Int, option: String, format: String? = nil) throws -> [Double] {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { parseDecimal(String($0).trimmingCharacters(" ")) }
    guard parts.count == count, parts.allSatisfy({ $0 != nil }) else {
        throw labelSetError("The value '\(text)' of '--\(option)' must be \(format ?? "\(count) decimal numbers separated by commas").")
    }
    return parts.map { $0! }
}

func runLabelSet(_ arguments: ParsedArguments) throws -> Int32 {
    let name = arguments.positionals[0]
    let locale = try arguments[LabelSetOptions.locale] ?? ""
    let variant = try arguments[LabelSetOptions.variant] ?? ""
    let text = try arguments[LabelSetOptions.text]
    if arguments[LabelSetOptions.removeText] {
        guard text == nil else { throw labelSetError("'--remove-text' and '--text' ask for opposite things; give one.") }
        guard !(locale.isEmpty && variant.isEmpty) else {
            throw labelSetError("'--remove-text' needs '--locale' or '--variant' (a label's base text is set to '' with --text '').")
        }
        let removed = try openCatalog(arguments).removeTexts(label: name, [TextKey(locale: locale, variant: variant)])
        writeOutput(removed == 0 ? "Label \(printable(name)) has no text of its own there."
                    : "Removed the \(printable(LocaleTag.name(locale)))\(variant.isEmpty ? "" : " \(printable(variant))") text of label \(printable(name)).")
        return 0
    }
    for option in [LabelSetOptions.locale, LabelSetOptions.variant] where arguments.isGiven(option) && text == nil {
        throw labelSetError("'--\(option.spec.name)' needs '--text' (the text of that \(option.spec.name)) or '--remove-text'.")
    }
    // Every value is read before the catalog is opened, so a usage error is one wherever it is.
    var edits: [DefinitionEdit] = []
    if let text { edits.append { json in setText(text, locale: locale, variant: variant, in: &json) } }
    for option in LabelSetOptions.edits {
        if let edit = try arguments[option] { edits.append(edit) }
    }
    let catalog = try openCatalog(arguments)
    // Read, edited and written in one transaction: a concurrent `label set` of the same label
    // (another locale's text, say) is never lost.
    let record = try catalog.updateLabel(named: name) { existing in
        var json: JSONObject
        if let existing {
            json = existing.json.object!
        } else {
            guard arguments.isGiven(LabelSetOptions.frame) else {
                throw CommandError("label '\(name)' does not exist; a new label needs --frame X,Y,W,H")
            }
            json = JSONObject([("name", .string(name))])
        }
        for edit in edits { try edit(&json) }
        return try LabelRecord(json: .object(json))
    }
    // A family not installed here is stored; its layouts record the error.
    let families = (try? record.resolve(tokens: try catalog.tokenSet()).definition.font.families) ?? []
    let missing = families.filter { !catalog.engine.fonts.isAvailable(family: $0) }
    guard missing.isEmpty else {
        writeOutput("Set label \(printable(name)); it cannot be laid out here.")
        OutputStream.standardError.write("Warning: \(printable(missingFontsAdvice(missing)))\n")
        OutputStream.standardError.flush()
        return 0
    }
    let layout = try catalog.layout(label: name, locale: locale, variant: variant)
    writeOutput("Set label \(printable(name)): \(describe(layout)).")
    return 0
}

/// What to do about font families that are not installed (each a quoted name).
func missingFontsAdvice(_ families: [String]) -> String {
    let names = families.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
        no installed font of \(families.count == 1 ? "family" : "families") \(names) (see fc-list): install the font files \
        where fontconfig finds them (~/.local/share/fonts, /usr/local/share/fonts) and run 'labelcat recompute --all', \
        or set \(families.count == 1 ? "it" : "them") in a font you have: labelcat settings set font-substitutes "\(families[0])=Inter"
        """
}

/// "2/2 lines, text rect 0, 0, 340 × 49.333, truncated".
func describe(_ layout: StoredLayout) -> String {
    guard let rect = layout.textRect else { return "error: \(printable(layout.error ?? "unknown"))" }
    var text = "\(layout.lineCount ?? 0)/\(layout.neededLineCount ?? 0) lines, text rect \(formatted(rect.x)), \(formatted(rect.y)), \(formatted(rect.width)) × \(formatted(rect.height))"
    if layout.truncated { text += ", truncated" }
    if layout.shrunk, let size = layout.fontSize { text += ", shrunk to \(formatted(size)) pt" }
    return text
}

func runLabelGet(_ arguments: ParsedArguments) throws -> Int32 {
    let catalog = try openCatalog(arguments, readOnly: true)
    let record = try catalog.label(named: arguments.positionals[0])
    if arguments[LabelOptions.resolved] {
        let definition = try record.resolve(tokens: try catalog.tokenSet()).definition
        writeOutput(arguments[CommonOptions.json] ? definition.canonicalJSON : (try JSONValue.parse(definition.canonicalJSON)).prettyString())
        return 0
    }
    writeOutput(arguments[CommonOptions.json] ? record.json.jsonString() : record.json.prettyString())
    return 0
}

func runLabelList(_ arguments: ParsedArguments) throws -> Int32 {
    let catalog = try openCatalog(arguments, readOnly: true)
    let records = try catalog.labels(matching: arguments.positionals.first ?? "*")
    if arguments[CommonOptions.json] {
        for record in records { writeOutput(record.json.jsonString()) }
        return 0
    }
    let keys = records.contains { $0.key != nil }
    var table = Table(headers: ["name"] + (keys ? ["key"] : []) + ["frame", "font", "locales", "text"])
    for record in records {
        let frame = record.frame
        let font = record.style["font"].map { $0.string ?? $0.jsonString() } ?? "(default)"
        let text = record.text.count > 32 ? String(record.text.prefix(31)) + "…" : record.text
        let height = record.isSelfSizing ? "auto" : formatted(frame.height)
        table.rows.append([record.name] + (keys ? [record.key ?? "-"] : [])
                          + ["\(formatted(frame.x)),\(formatted(frame.y)) \(formatted(frame.width))×\(height)",
                             font, record.locales.joined(separator: ","), text])
    }
    writeOutput(table.rendered, terminator: "")
    return 0
}

func runLabelImport(_ arguments: ParsedArguments) throws -> Int32 {
    let path = arguments.positionals[0]
    if path != "-", let format = FileFormat(pathExtension: path) {
        guard format != .interfaceBuilder, format != .xliff else {
            throw CommandError("\(path): 'label import' reads texts keyed by label name; import storyboards and XLIFF with 'labelcat import'")
        }
        let options = TextImportOptions(files: ImportOptions(locale: try arguments[LabelOptions.importLocale]), matching: .labelNames, strict: true)
        // A strings table's locale is known before anything is read, or it is a usage error.
        if format == .stringsTable || format == .stringsDictionary, options.files.locale == nil,
           XcodeImporter.lprojLocale(of: path) == nil {
            throw UsageError(message: "A .\(path.split(separator: ".").last ?? "strings") file needs '--locale <LOCALE>' (or to sit in a LOCALE.lproj folder).",
                             commandPath: ["labelcat", "label", "import"])
        }
        let catalog = try openCatalog(arguments)
        let summary = try catalog.importTexts(from: [path], options: options)
        _ = try catalog.layOutQueued()
        let locales = summary.locales.map(LocaleTag.name).joined(separator: ", ")
        writeOutput("Imported \(summary.textsStored) \(printable(locales)) texts.")
        return 0
    }
    let documents = try readDocuments(path)
    if documents.count == 1, let table = JSONStringsTable.entries(documents[0]) {
        try openCatalog(arguments).setTexts(table)
        writeOutput("Imported \(table.count) texts in \(Set(table.map(\.locale)).count) locales.")
        return 0
    }
    var records: [LabelRecord] = []
    for (index, document) in documents.enumerated() {
        do { records.append(try LabelRecord(json: document)) } catch {
            throw CommandError("definition \(index + 1): \(error); nothing was imported")
        }
    }
    let catalog = try openCatalog(arguments)
    try catalog.setLabels(records)
    writeOutput("Imported \(records.count) labels.")
    return 0
}

func runLabelExport(_ arguments: ParsedArguments) throws -> Int32 {
    let catalog = try openCatalog(arguments, readOnly: true)
    let records = try catalog.labels(matching: arguments.positionals.first ?? "*")
    var resolver = LabelResolver(tokens: try catalog.tokenSet())
    let resolved = arguments[LabelOptions.exportResolved]
    func json(_ record: LabelRecord) throws -> String {
        resolved ? try resolver.resolve(record).definition.canonicalJSON : record.json.jsonString()
    }
    if arguments[LabelOptions.array] {
        writeOutput(JSONValue.array(try records.map { try JSONValue.parse(try json($0)) }).prettyString())
    } else {
        for record in records { writeOutput(try json(record)) }
    }
    return 0
}
