import LabelCatalog
import LabelJSON
import LabelLayout

// MARK: - Shared

/// The catalog path: `--db`, else `$LABELCAT_DB`, else `./labelcat.sqlite`.
func catalogPath(_ arguments: ParsedArguments) -> String {
    arguments.value("db") ?? environment("LABELCAT_DB").flatMap { $0.isEmpty ? nil : $0 } ?? "labelcat.sqlite"
}

func openCatalog(_ arguments: ParsedArguments, readOnly: Bool = false) throws -> Catalog {
    try Catalog.open(path: catalogPath(arguments), readOnly: readOnly)
}

let jsonFlag = OptionSpec.flag("json", help: "Print JSON (one object per line for lists).")

/// Reads a whole file, or standard input for "-".
func readInput(_ path: String) throws -> [UInt8] {
    try LineReader(path: path).readRest()
}

func parseJSON(_ bytes: [UInt8], what: String) throws -> JSONValue {
    do { return try JSONValue.parse(bytes) } catch { throw CommandError("\(what): \(error)") }
}

/// JSON documents from a file: a JSON array, one object, or NDJSON (one object per line).
func readDocuments(_ path: String) throws -> [JSONValue] {
    do { return try JSONValue.documents(try readInput(path)) } catch let error as JSONDocumentsError {
        guard let line = error.line else { throw CommandError("\(path): \(error.error)") }
        throw CommandError("\(path == "-" ? "standard input" : path), line \(line): \(error.error)")
    }
}

// MARK: - init

let initCommand = Command(
    name: "init",
    abstract: "Create the catalog, or upgrade it to this labelcat's schema.",
    run: { arguments in
        let path = catalogPath(arguments)
        let (_, applied) = try Catalog.create(path: path)
        if applied.isEmpty {
            print("Catalog \(path) is up to date (schema \(Migration.latestVersion)).")
        } else {
            print("Catalog \(path) at schema \(Migration.latestVersion); applied \(applied.joined(separator: ", ")).")
        }
        return 0
    })

// MARK: - token

let tokenCommand = Command(
    name: "token",
    abstract: "Edit design tokens (W3C Design Tokens format).",
    subcommands: [
        Command(name: "set", abstract: "Add or change a token; the labels using it are recomputed.",
                discussion: "VALUE is JSON ({\"value\": 16, \"unit\": \"px\"}, 17, [\"Noto Sans CJK SC\"], \"{other.token}\") or a bare string (#1E88E5).",
                arguments: [ArgumentSpec(name: "name", help: "The token's dotted name, e.g. font.size.body."),
                            ArgumentSpec(name: "value", help: "The token's $value.")],
                options: [.option("type", "TYPE", help: "dimension, number, fontFamily, fontWeight, typography, color or insets (default: the token's current type, or inferred)."),
                          .option("description", "TEXT", help: "The token's $description.")],
                run: runTokenSet),
        Command(name: "get", abstract: "Show a token.",
                arguments: [ArgumentSpec(name: "name", help: "The token's dotted name.")],
                options: [.flag("resolved", help: "Follow aliases to the literal value."), jsonFlag],
                run: runTokenGet),
        Command(name: "list", abstract: "List tokens.",
                arguments: [ArgumentSpec(name: "glob", help: "Only names matching this glob (e.g. 'font.*').", optional: true)],
                options: [jsonFlag], run: runTokenList),
        Command(name: "rm", abstract: "Remove a token; refused while labels or tokens use it.",
                arguments: [ArgumentSpec(name: "name", help: "The token's dotted name.")],
                options: [.flag("force", help: "Remove it anyway; its users' layouts are marked stale with the error recorded.")],
                run: { arguments in
                    let catalog = try openCatalog(arguments)
                    try catalog.removeToken(arguments.positionals[0], force: arguments.flag("force"))
                    print("Removed token \(arguments.positionals[0]).")
                    return 0
                }),
        Command(name: "import", abstract: "Import a DTCG design tokens file (JSON).",
                arguments: [ArgumentSpec(name: "file", help: "The file, or - for standard input.")],
                run: { arguments in
                    let path = arguments.positionals[0]
                    let document = try parseJSON(try readInput(path), what: path)
                    let catalog = try openCatalog(arguments)
                    let count = try catalog.importDesignTokens(document)
                    print("Imported \(count) tokens.")
                    return 0
                }),
        Command(name: "export", abstract: "Print the tokens as a DTCG design tokens file.",
                options: [.flag("resolved", help: "Replace aliases with the values they lead to.")],
                run: { arguments in
                    let catalog = try openCatalog(arguments, readOnly: true)
                    print(try catalog.exportDesignTokens(resolved: arguments.flag("resolved")).prettyString())
                    return 0
                }),
    ])

/// A command-line value: JSON when it parses, else the bare string.
func jsonOrString(_ text: String) -> JSONValue {
    (try? JSONValue.parse(text)) ?? .string(text)
}

func runTokenSet(_ arguments: ParsedArguments) throws -> Int32 {
    let name = arguments.positionals[0]
    let value = jsonOrString(arguments.positionals[1])
    var givenType: TokenType?
    if let typeName = arguments.value("type") {
        guard let known = TokenType(rawValue: typeName) else {
            throw UsageError(message: "Unknown token type '\(typeName)'.\(suggestion(typeName, TokenType.allCases.map(\.rawValue), prefix: "")) (one of \(TokenType.allCases.map(\.rawValue).joined(separator: ", ")))",
                             commandPath: ["labelcat", "token", "set"])
        }
        givenType = known
    }
    let catalog = try openCatalog(arguments)
    let existing = try? catalog.token(named: name)
    var type: TokenType
    if let givenType {
        type = givenType
    } else if let existing {
        type = existing.type
    } else if let inferred = inferTokenType(value, catalog: catalog) {
        type = inferred
    } else {
        throw CommandError("token '\(name)': cannot tell the type of \(value.jsonString()); give --type")
    }
    if let target = aliasTargetOf(value), arguments.value("type") == nil, existing == nil,
       let targetToken = try? catalog.token(named: target) {
        type = targetToken.type
    }
    let token = Token(name: name, type: type, value: value,
                      description: arguments.value("description") ?? existing?.description, extensions: existing?.extensions)
    try catalog.setTokens([token])
    print("Set token \(name) (\(type.rawValue)) = \(value.jsonString()).")
    return 0
}

/// `{group.token}` → `group.token` (the catalog's rule for references).
func aliasTargetOf(_ value: JSONValue) -> String? {
    guard let text = value.string, LabelDefinition.isTokenReference(text) else { return nil }
    return String(text.dropFirst().dropLast())
}

func inferTokenType(_ value: JSONValue, catalog: Catalog) -> TokenType? {
    if let target = aliasTargetOf(value) { return (try? catalog.token(named: target))?.type }
    switch value {
    case .number: return .number
    case .string(let text): return Color(hex: text) != nil ? .color : nil
    case .object(let object):
        if object["value"] != nil, object["unit"] != nil { return .dimension }
        if object["fontSize"] != nil || object["fontFamily"] != nil { return .typography }
        if object["top"] != nil || object["left"] != nil { return .insets }
        return nil
    default: return nil
    }
}

func runTokenGet(_ arguments: ParsedArguments) throws -> Int32 {
    let catalog = try openCatalog(arguments, readOnly: true)
    let token = try catalog.token(named: arguments.positionals[0])
    var value = token.value
    if arguments.flag("resolved") {
        var set = try catalog.tokenSet()
        value = try set.resolve(token.name).value
    }
    if arguments.flag("json") {
        var object = JSONObject([("name", .string(token.name)), ("type", .string(token.type.rawValue)), ("value", value)])
        if let description = token.description { object["description"] = .string(description) }
        if let extensions = token.extensions { object["extensions"] = extensions }
        print(JSONValue.object(object).jsonString())
    } else {
        print("\(token.name)  \(token.type.rawValue)  \(value.jsonString())" + (token.description.map { "  — \($0)" } ?? ""))
    }
    return 0
}

func runTokenList(_ arguments: ParsedArguments) throws -> Int32 {
    let catalog = try openCatalog(arguments, readOnly: true)
    let glob = arguments.positionals.first ?? "*"
    let tokens = try catalog.allTokens().filter { globMatches(glob, $0.name) }
    if arguments.flag("json") {
        for token in tokens {
            var object = JSONObject([("name", .string(token.name)), ("type", .string(token.type.rawValue)), ("value", token.value)])
            if let description = token.description { object["description"] = .string(description) }
            print(JSONValue.object(object).jsonString())
        }
        return 0
    }
    var table = Table("name", "type", "value", "description")
    for token in tokens {
        table.add(token.name, token.type.rawValue, token.value.jsonString(), token.description ?? "")
    }
    print(table.rendered, terminator: "")
    return 0
}

/// SQLite's GLOB rules (`*`, `?`, `[…]`), through SQLite itself so both agree.
func globMatches(_ pattern: String, _ text: String) -> Bool {
    if pattern == "*" { return true }
    return sqliteGlob(pattern, text)
}

// MARK: - label

let labelSetOptions: [OptionSpec] = [
    .option("text", "TEXT", help: "The label's text (with --locale, that locale's text)."),
    .option("locale", "LOCALE", help: "Set the text of this locale (e.g. de) instead of the base text."),
    .option("frame", "X,Y,W,H", help: "Position and size in points (required for a new label)."),
    .option("font", "REF|JSON", help: "A typography or fontFamily token reference, or {\"family\", \"size\", \"weight\"}."),
    .option("lines", "N|REF", help: "numberOfLines; 0 = unlimited."),
    .option("break", "MODE", help: "lineBreakMode: wordWrap, charWrap, clip, truncateHead, truncateTail, truncateMiddle."),
    .option("align", "ALIGNMENT", help: "textAlignment: left, center, right, natural, justified."),
    .option("valign", "ALIGNMENT", help: "verticalAlignment: top, middle, bottom."),
    .option("insets", "T,L,B,R|REF", help: "contentInsets, or an insets token reference."),
    .option("line-height", "PT|REF", help: "A fixed line height in points (0 = the font's)."),
    .option("line-height-multiple", "N|REF", help: "A multiple of the font's line height (0 = 1)."),
    .option("line-spacing", "PT|REF", help: "Space between lines."),
    .option("letter-spacing", "PT|REF", help: "Added after every grapheme cluster."),
    .option("truncation-token", "TEXT", help: "Replaces hidden text (default …)."),
    .option("text-color", "#RRGGBB|REF", help: "Text color (rendering only)."),
    .option("background-color", "#RRGGBB|REF", help: "Background color (rendering only)."),
    .option("scale", "1|2|3", help: "The pixel grid for rounding (default 3)."),
]

let labelCommand = Command(
    name: "label",
    abstract: "Edit label definitions.",
    subcommands: [
        Command(name: "set", abstract: "Create or change a label; its layouts are recomputed at once.",
                discussion: "Style values may be literals or token references like '{typography.body}'.",
                arguments: [ArgumentSpec(name: "name", help: "The label's dotted name, e.g. checkout.title.")],
                options: labelSetOptions, run: runLabelSet),
        Command(name: "get", abstract: "Show a label's definition.",
                arguments: [ArgumentSpec(name: "name", help: "The label's name.")],
                options: [.flag("resolved", help: "With token references resolved (what the engine sees)."), jsonFlag],
                run: runLabelGet),
        Command(name: "list", abstract: "List labels.",
                arguments: [ArgumentSpec(name: "glob", help: "Only names matching this glob (e.g. 'checkout.*').", optional: true)],
                options: [jsonFlag], run: runLabelList),
        Command(name: "rm", abstract: "Remove a label and its layouts.",
                arguments: [ArgumentSpec(name: "name", help: "The label's name.")],
                run: { arguments in
                    try openCatalog(arguments).removeLabel(arguments.positionals[0])
                    print("Removed label \(arguments.positionals[0]).")
                    return 0
                }),
        Command(name: "import", abstract: "Import label definitions or translations; all or nothing.",
                discussion: """
                    FILE holds label definitions (a JSON array or NDJSON), a strings table \
                    ({"de": {"checkout.title": "Zur Kasse"}}; locale "" is the base text), or an \
                    Apple .strings file (its locale from --locale or its xx.lproj folder).
                    """,
                arguments: [ArgumentSpec(name: "file", help: "The file, or - for standard input.")],
                options: [.option("locale", "LOCALE", help: "The locale of a .strings file.")],
                run: runLabelImport),
        Command(name: "export", abstract: "Print label definitions as NDJSON (or a JSON array).",
                arguments: [ArgumentSpec(name: "glob", help: "Only names matching this glob.", optional: true)],
                options: [.flag("array", help: "Print one JSON array instead of NDJSON.")],
                run: runLabelExport),
    ])

func numberOrReference(_ text: String, option: String) throws -> JSONValue {
    if aliasTargetOf(.string(text)) != nil { return .string(text) }
    guard let number = Double(text), number.isFinite else {
        throw UsageError(message: "The value '\(text)' of '--\(option)' is not a number or a token reference like '{spacing.s}'.",
                         commandPath: ["labelcat", "label", "set"])
    }
    return .number(number)
}

func numberList(_ text: String, count: Int, option: String) throws -> [Double] {
    let parts = text.split(separator: ",").map { Double(String($0).trimmingCharacters(" ")) }
    guard parts.count == count, parts.allSatisfy({ $0 != nil && $0!.isFinite }) else {
        throw UsageError(message: "The value '\(text)' of '--\(option)' must be \(count) numbers separated by commas.",
                         commandPath: ["labelcat", "label", "set"])
    }
    return parts.map { $0! }
}

func runLabelSet(_ arguments: ParsedArguments) throws -> Int32 {
    let name = arguments.positionals[0]
    let usage = ["labelcat", "label", "set"]
    if arguments.value("locale") != nil, arguments.value("text") == nil {
        throw UsageError(message: "'--locale' needs '--text' (the text of that locale).", commandPath: usage)
    }
    // Every value is read before the catalog is opened, so a usage error is one wherever it is.
    var json = JSONObject()
    if let frame = arguments.value("frame") {
        let numbers = try numberList(frame, count: 4, option: "frame")
        json["frame"] = .object(JSONObject([("x", .number(numbers[0])), ("y", .number(numbers[1])),
                                            ("width", .number(numbers[2])), ("height", .number(numbers[3]))]))
    }
    if let text = arguments.value("text") {
        if let locale = arguments.value("locale"), !locale.isEmpty {
            json["texts"] = .object(JSONObject([(locale, .string(text))]))
        } else {
            json["text"] = .string(text)
        }
    }
    if let font = arguments.value("font") {
        let value = jsonOrString(font)
        if value.string != nil, aliasTargetOf(value) == nil, font.hasPrefix("{") {
            do { _ = try JSONValue.parse(font) } catch {
                throw CommandError("the value of '--font' is not valid JSON: \(error)")
            }
        }
        guard aliasTargetOf(value) != nil || value.object != nil else {
            throw UsageError(message: "The value of '--font' must be a token reference like '{typography.body}' or JSON like '{\"family\": \"Noto Sans CJK SC\", \"size\": 17}'.", commandPath: usage)
        }
        json["font"] = value
    }
    if let lines = arguments.value("lines") { json["numberOfLines"] = try numberOrReference(lines, option: "lines") }
    for (option, key) in [("break", "lineBreakMode"), ("align", "textAlignment"), ("valign", "verticalAlignment"),
                          ("truncation-token", "truncationToken"), ("text-color", "textColor"),
                          ("background-color", "backgroundColor")] {
        if let value = arguments.value(option) { json[key] = .string(value) }
    }
    for (option, key) in [("line-height", "lineHeight"), ("line-height-multiple", "lineHeightMultiple"),
                          ("line-spacing", "lineSpacing"), ("letter-spacing", "letterSpacing"), ("scale", "scale")] {
        if let value = arguments.value(option) { json[key] = try numberOrReference(value, option: option) }
    }
    if let insets = arguments.value("insets") {
        if aliasTargetOf(.string(insets)) != nil {
            json["contentInsets"] = .string(insets)
        } else if let object = (try? JSONValue.parse(insets))?.object {
            json["contentInsets"] = .object(object)
        } else {
            let numbers = try numberList(insets, count: 4, option: "insets")
            json["contentInsets"] = .object(JSONObject([("top", .number(numbers[0])), ("left", .number(numbers[1])),
                                                        ("bottom", .number(numbers[2])), ("right", .number(numbers[3]))]))
        }
    }
    let catalog = try openCatalog(arguments)
    if let existing = try? catalog.label(named: name) {
        var merged = existing.json.object!
        for (key, value) in json {
            if key == "texts", let texts = value.object {
                var all = merged["texts"]?.object ?? JSONObject()
                for (locale, text) in texts { all[locale] = text }
                merged["texts"] = .object(all)
            } else {
                merged[key] = value
            }
        }
        json = merged
    } else {
        guard json["frame"] != nil else {
            throw CommandError("label '\(name)' does not exist; a new label needs --frame X,Y,W,H")
        }
        json["name"] = .string(name)
    }
    let record = try LabelRecord(json: .object(json))
    try catalog.setLabels([record])
    let layout = try catalog.layout(label: name, locale: arguments.value("locale") ?? "")
    print("Set label \(name): \(describe(layout)).")
    return 0
}

/// "2/2 lines, text rect 0, 0, 340 × 49.333, truncated".
func describe(_ layout: StoredLayout) -> String {
    guard let rect = layout.textRect else { return "error: \(layout.error ?? "unknown")" }
    var text = "\(layout.lineCount ?? 0)/\(layout.neededLineCount ?? 0) lines, text rect \(formatted(rect.x)), \(formatted(rect.y)), \(formatted(rect.width)) × \(formatted(rect.height))"
    if layout.truncated { text += ", truncated" }
    return text
}

func runLabelGet(_ arguments: ParsedArguments) throws -> Int32 {
    let catalog = try openCatalog(arguments, readOnly: true)
    let record = try catalog.label(named: arguments.positionals[0])
    if arguments.flag("resolved") {
        let definition = try record.resolve(tokens: try catalog.tokenSet()).definition
        print(arguments.flag("json") ? definition.canonicalJSON : (try JSONValue.parse(definition.canonicalJSON)).prettyString())
        return 0
    }
    print(arguments.flag("json") ? record.json.jsonString() : record.json.prettyString())
    return 0
}

func runLabelList(_ arguments: ParsedArguments) throws -> Int32 {
    let catalog = try openCatalog(arguments, readOnly: true)
    let records = try catalog.labels(matching: arguments.positionals.first ?? "*")
    if arguments.flag("json") {
        for record in records { print(record.json.jsonString()) }
        return 0
    }
    var table = Table("name", "frame", "font", "locales", "text")
    for record in records {
        let frame = record.frame
        let font = record.style["font"].map { $0.string ?? $0.jsonString() } ?? "(default)"
        let text = record.text.count > 32 ? String(record.text.prefix(31)) + "…" : record.text
        table.add(record.name, "\(formatted(frame.x)),\(formatted(frame.y)) \(formatted(frame.width))×\(formatted(frame.height))",
                  font, record.texts.keys.sorted().joined(separator: ","), text)
    }
    print(table.rendered, terminator: "")
    return 0
}

func runLabelImport(_ arguments: ParsedArguments) throws -> Int32 {
    let path = arguments.positionals[0]
    if path.hasSuffix(".strings") {
        let lproj = path.split(separator: "/").dropLast().last.flatMap { $0.hasSuffix(".lproj") ? String($0.dropLast(6)) : nil }
        guard let locale = arguments.value("locale") ?? lproj else {
            throw UsageError(message: "A .strings file needs '--locale <LOCALE>' (or to sit in a LOCALE.lproj folder).",
                             commandPath: ["labelcat", "label", "import"])
        }
        let bytes = try readInput(path)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw CommandError("\(path): not UTF-8 text") }
        let pairs: [(key: String, value: String)]
        do { pairs = try StringsFile.parse(text) } catch { throw CommandError("\(path): \(error)") }
        try openCatalog(arguments).setTexts(pairs.map { (label: $0.key, locale: locale == "Base" ? "" : locale, text: $0.value) })
        print("Imported \(pairs.count) \(locale) texts.")
        return 0
    }
    let documents = try readDocuments(path)
    if documents.count == 1, let table = JSONStringsTable.entries(documents[0]) {
        try openCatalog(arguments).setTexts(table)
        print("Imported \(table.count) texts in \(Set(table.map(\.locale)).count) locales.")
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
    print("Imported \(records.count) labels.")
    return 0
}

func runLabelExport(_ arguments: ParsedArguments) throws -> Int32 {
    let catalog = try openCatalog(arguments, readOnly: true)
    let records = try catalog.labels(matching: arguments.positionals.first ?? "*")
    if arguments.flag("array") {
        print(JSONValue.array(records.map(\.json)).prettyString())
    } else {
        for record in records { print(record.json.jsonString()) }
    }
    return 0
}

// MARK: - layout

let layoutCommand = Command(
    name: "layout",
    abstract: "Show where a label's text goes (fresh: a stale layout is recomputed first).",
    arguments: [ArgumentSpec(name: "name", help: "The label's name.")],
    options: [.option("locale", "LOCALE", help: "The locale's text instead of the base text."), jsonFlag],
    subcommands: [
        Command(name: "list", abstract: "List layouts, fresh (stale ones are recomputed first, unless --stale).",
                arguments: [ArgumentSpec(name: "glob", help: "Only labels matching this glob.", optional: true)],
                options: [.option("locale", "LOCALE", help: "Only this locale ('' = base texts)."),
                          .flag("truncated", help: "Only layouts whose text is truncated."),
                          .flag("stale", help: "Only layouts whose inputs changed since they were computed (not recomputed)."),
                          jsonFlag],
                run: runLayoutList),
    ],
    run: runLayout)

func runLayout(_ arguments: ParsedArguments) throws -> Int32 {
    let catalog = try openCatalog(arguments)
    let layout = try catalog.layout(label: arguments.positionals[0], locale: arguments.value("locale") ?? "")
    if arguments.flag("json") {
        print(layout.json ?? "")
        return 0
    }
    print("\(layout.label)\(layout.locale.isEmpty ? "" : " [\(layout.locale)]"): \(describe(layout))")
    var table = Table("line", "range", "x", "y", "width", "baseline", "text")
    for (index, line) in (layout.layout?.lines ?? []).enumerated() {
        table.add("\(index + 1)", "\(line.range.location)+\(line.range.length)",
                  formatted(line.rect.x), formatted(line.rect.y), formatted(line.rect.width), formatted(line.baseline),
                  line.text)
    }
    print(table.rendered, terminator: "")
    return 0
}

func runLayoutList(_ arguments: ParsedArguments) throws -> Int32 {
    let glob = arguments.positionals.first ?? "*"
    let rows: [StoredLayout]
    if arguments.flag("stale") {
        rows = try openCatalog(arguments, readOnly: true).layouts(matching: glob, locale: arguments.value("locale"),
                                                                 truncatedOnly: arguments.flag("truncated"), staleOnly: true,
                                                                 withLayouts: false)
    } else {
        rows = try openCatalog(arguments).freshLayouts(matching: glob, locale: arguments.value("locale"),
                                                      truncatedOnly: arguments.flag("truncated"), withLayouts: arguments.flag("json"))
    }
    if arguments.flag("json") {
        for row in rows {
            if let json = row.json {
                print(json)
            } else if let error = row.error {
                print(JSONValue.object(JSONObject([("name", .string(row.label)), ("locale", .string(row.locale)),
                                                   ("error", .string(error))])).jsonString())
            } else {
                // A stale row: what it stored, marked stale (its bounds and font are no longer the label's).
                var object = JSONObject([("name", .string(row.label)), ("locale", .string(row.locale)), ("stale", .bool(true))])
                if let rect = row.textRect {
                    object["textRect"] = .object(JSONObject([("x", .number(rect.x)), ("y", .number(rect.y)),
                                                             ("width", .number(rect.width)), ("height", .number(rect.height))]))
                }
                if let count = row.lineCount { object["lineCount"] = .number(Double(count)) }
                if let count = row.neededLineCount { object["neededLineCount"] = .number(Double(count)) }
                object["truncated"] = .bool(row.truncated)
                object["inputHash"] = .string(row.inputHash)
                object["computedAt"] = .string(row.computedAt)
                print(JSONValue.object(object).jsonString())
            }
        }
        return 0
    }
    var table = Table("label", "locale", "lines", "truncated", "textRect (x, y, w, h)", "computed")
    for row in rows {
        let rect = row.textRect.map { "\(formatted($0.x)), \(formatted($0.y)), \(formatted($0.width)), \(formatted($0.height))" }
            ?? "error: \(row.error ?? "")"
        table.add(row.label, row.locale.isEmpty ? "-" : row.locale,
                  row.lineCount.map { "\($0)/\(row.neededLineCount ?? 0)" } ?? "-",
                  row.truncated ? "yes" : "no", rect, row.computedAt)
    }
    print(table.rendered, terminator: "")
    return 0
}
