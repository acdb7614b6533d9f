import LabelCatalog
import LabelJSON
import LabelLayout
import LabelModel

// MARK: - Shared

/// The catalog path: `--db`, else `$LABELCAT_DB`, else the catalog of the project file found
/// at or above the working folder (`ProjectConfiguration.catalog`), else `./labelcat.sqlite`.
func catalogPath(_ arguments: ParsedArguments) throws -> String {
    if let path = try arguments[CommonOptions.db] ?? environment("LABELCAT_DB").flatMap({ $0.isEmpty ? nil : $0 }) { return path }
    return try projectConfiguration(arguments)?.catalog ?? "labelcat.sqlite"
}

func openCatalog(_ arguments: ParsedArguments, readOnly: Bool = false) throws -> Catalog {
    try Catalog.open(path: try catalogPath(arguments), readOnly: readOnly)
}

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
    abstract: "Create the catalog, or upgrade it to this labelcat's schema; with --xcode, write a starting labelcat.yml instead.",
    discussion: """
        With --xcode PROJECT.xcodeproj, writes labelcat.yml in the working folder from the \
        Xcode project (its localized and Interface Builder files' folders, development \
        region, known regions and UIAppFonts), commented so you can finish it; an existing \
        labelcat.yml is never overwritten. Then 'labelcat check' keeps the project's catalog.
        """,
    options: [InitOptions.xcode],
    run: { arguments in
        if let xcode = try arguments[InitOptions.xcode] { return try writeProjectTemplate(xcode: xcode) }
        let path = try catalogPath(arguments)
        let (_, applied) = try Catalog.create(path: path)
        if applied.isEmpty {
            writeOutput("Catalog \(printable(path)) is up to date (schema \(Migration.latestVersion)).")
        } else {
            writeOutput("Catalog \(printable(path)) at schema \(Migration.latestVersion); applied \(applied.joined(separator: ", ")).")
        }
        return 0
    })

/// `init`'s option.
enum InitOptions {
    static let xcode = Option<String>("xcode", "PROJECT", help: "Write labelcat.yml from this Xcode project (.xcodeproj) instead.")
}

// MARK: - token

/// The options of `token`'s subcommands.
enum TokenOptions {
    static let type = Option("type", "TYPE", help: "dimension, number, fontFamily, fontWeight, typography, color or insets (default: the token's current type, or inferred).") { name, commandPath in
        guard let type = TokenType(rawValue: name) else {
            throw UsageError(message: "Unknown token type '\(name)'.\(suggestion(name, TokenType.allCases.map(\.rawValue), prefix: "")) (one of \(TokenType.allCases.map(\.rawValue).joined(separator: ", ")))",
                             commandPath: commandPath)
        }
        return type
    }
    static let description = Option<String>("description", "TEXT", help: "The token's $description.")
    static let resolved = Flag("resolved", help: "Follow aliases to the literal value.")
    static let force = Flag("force", help: "Remove it anyway; its users' layouts record the error instead.")
    static let exportResolved = Flag("resolved", help: "Replace aliases with the values they lead to.")
}

let tokenCommand = Command(
    name: "token",
    abstract: "Edit design tokens (W3C Design Tokens format).",
    subcommands: [
        Command(name: "set", abstract: "Add or change a token; the labels using it are recomputed.",
                discussion: "VALUE is JSON ({\"value\": 16, \"unit\": \"px\"}, 17, [\"Noto Sans CJK SC\"], \"{other.token}\") or a bare string (#1E88E5).",
                arguments: [ArgumentSpec(name: "name", help: "The token's dotted name, e.g. font.size.body."),
                            ArgumentSpec(name: "value", help: "The token's $value.")],
                options: [TokenOptions.type, TokenOptions.description],
                run: runTokenSet),
        Command(name: "get", abstract: "Show a token.",
                arguments: [ArgumentSpec(name: "name", help: "The token's dotted name.")],
                options: [TokenOptions.resolved, CommonOptions.json],
                run: runTokenGet),
        Command(name: "list", abstract: "List tokens.",
                arguments: [ArgumentSpec(name: "glob", help: "Only names matching this glob (e.g. 'font.*').", optional: true)],
                options: [CommonOptions.json], run: runTokenList),
        Command(name: "rm", abstract: "Remove a token; refused while labels or tokens use it.",
                arguments: [ArgumentSpec(name: "name", help: "The token's dotted name.")],
                options: [TokenOptions.force],
                run: { arguments in
                    let catalog = try openCatalog(arguments)
                    try catalog.removeToken(arguments.positionals[0], force: arguments[TokenOptions.force])
                    writeOutput("Removed token \(printable(arguments.positionals[0])).")
                    return 0
                }),
        Command(name: "import", abstract: "Import a DTCG design tokens file (JSON).",
                arguments: [ArgumentSpec(name: "file", help: "The file, or - for standard input.")],
                run: { arguments in
                    let path = arguments.positionals[0]
                    let document = try parseJSON(try readInput(path), what: path)
                    let catalog = try openCatalog(arguments)
                    let count = try catalog.importDesignTokens(document)
                    writeOutput("Imported \(count) tokens.")
                    return 0
                }),
        Command(name: "export", abstract: "Print the tokens as a DTCG design tokens file.",
                options: [TokenOptions.exportResolved],
                run: { arguments in
                    let catalog = try openCatalog(arguments, readOnly: true)
                    writeOutput(try catalog.exportDesignTokens(resolved: arguments[TokenOptions.exportResolved]).prettyString())
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
    let givenType = try arguments[TokenOptions.type]
    let description = try arguments[TokenOptions.description]
    let catalog = try openCatalog(arguments)
    var type: TokenType?
    // Read, changed and written in one transaction: a concurrent edit is never lost.
    try catalog.updateToken(named: name) { existing in
        var chosen: TokenType
        if let givenType {
            chosen = givenType
        } else if let existing {
            chosen = existing.type
        } else if let inferred = inferTokenType(value, catalog: catalog) {
            chosen = inferred
        } else {
            throw CommandError("token '\(name)': cannot tell the type of \(value.jsonString()); give --type")
        }
        if let target = aliasTargetOf(value), givenType == nil, existing == nil,
           let targetToken = try? catalog.token(named: target) {
            chosen = targetToken.type
        }
        type = chosen
        return Token(name: name, type: chosen, value: value,
                     description: description ?? existing?.description, extensions: existing?.extensions)
    }
    writeOutput("Set token \(printable(name)) (\(type?.rawValue ?? "")) = \(printable(value.jsonString())).")
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
    if arguments[TokenOptions.resolved] {
        var set = try catalog.tokenSet()
        value = try set.resolve(token.name).value
    }
    if arguments[CommonOptions.json] {
        var object = JSONObject([("name", .string(token.name)), ("type", .string(token.type.rawValue)), ("value", value)])
        if let description = token.description { object["description"] = .string(description) }
        if let extensions = token.extensions { object["extensions"] = extensions }
        writeOutput(JSONValue.object(object).jsonString())
    } else {
        writeOutput("\(printable(token.name))  \(token.type.rawValue)  \(printable(value.jsonString()))" + (token.description.map { "  — \(printable($0))" } ?? ""))
    }
    return 0
}

func runTokenList(_ arguments: ParsedArguments) throws -> Int32 {
    let catalog = try openCatalog(arguments, readOnly: true)
    let glob = arguments.positionals.first ?? "*"
    let tokens = try catalog.allTokens().filter { globMatches(glob, $0.name) }
    if arguments[CommonOptions.json] {
        for token in tokens {
            var object = JSONObject([("name", .string(token.name)), ("type", .string(token.type.rawValue)), ("value", token.value)])
            if let description = token.description { object["description"] = .string(description) }
            writeOutput(JSONValue.object(object).jsonString())
        }
        return 0
    }
    var table = Table("name", "type", "value", "description")
    for token in tokens {
        table.add(token.name, token.type.rawValue, token.value.jsonString(), token.description ?? "")
    }
    writeOutput(table.rendered, terminator: "")
    return 0
}

/// SQLite's GLOB rules (`*`, `?`, `[…]`), through SQLite itself so both agree.
func globMatches(_ pattern: String, _ text: String) -> Bool {
    if pattern == "*" { return true }
    return sqliteGlob(pattern, text)
}

// MARK: - layout

/// The options of `layout` and `layout list`.
enum LayoutOptions {
    static let locale = Option.locale(help: "The locale's text instead of the base text.")
    static let variant = Option<String>("variant", "VARIANT", help: "A plural form or device variation of the text (plural.one, device.ipad, …).")
    static let listLocale = Option.locale(help: "Only this locale ('' = base texts).")
    static let listVariant = Option<String>("variant", "VARIANT", help: "Only this variant ('' = plain texts).")
    static let listCategory = Option.category(help: "Only this content size category.")
    static let truncated = Flag("truncated", help: "Only layouts whose text is truncated.")
    static let stale = Flag("stale", help: "Only layouts whose inputs changed since they were computed (not recomputed).")
}

let layoutCommand = Command(
    name: "layout",
    abstract: "Show where a label's text goes (fresh: a stale layout is recomputed first).",
    arguments: [ArgumentSpec(name: "name", help: "The label's name.")],
    options: [LayoutOptions.locale, LayoutOptions.variant, CommonOptions.category, CommonOptions.device, CommonOptions.json],
    subcommands: [
        Command(name: "list", abstract: "List layouts, fresh (stale ones are recomputed first, unless --stale).",
                arguments: [ArgumentSpec(name: "glob", help: "Only labels matching this glob.", optional: true)],
                options: [LayoutOptions.listLocale, LayoutOptions.listVariant, LayoutOptions.listCategory,
                          LayoutOptions.truncated, LayoutOptions.stale, CommonOptions.json],
                run: runLayoutList),
    ],
    run: runLayout)

func runLayout(_ arguments: ParsedArguments) throws -> Int32 {
    let category = try arguments[CommonOptions.category]
    let catalog = try openCatalog(arguments)
    let locale = try arguments[LayoutOptions.locale] ?? ""
    let layout = try catalog.layout(label: arguments.positionals[0], locale: locale, variant: try arguments[LayoutOptions.variant] ?? "",
                                    category: category, device: try arguments[CommonOptions.device])
    if arguments[CommonOptions.json] {
        writeOutput(layout.json ?? "")
        return 0
    }
    let qualifiers = [layout.locale, layout.variant, category == nil && catalog.contentSizeCategories.count == 1 ? "" : layout.category,
                      layout.device].filter { !$0.isEmpty }
    writeOutput("\(printable(layout.label))\(qualifiers.isEmpty ? "" : " [\(printable(qualifiers.joined(separator: ", ")))]"): \(describe(layout))")
    var table = Table("line", "range", "x", "y", "width", "baseline", "text")
    for (index, line) in (layout.layout?.lines ?? []).enumerated() {
        table.add("\(index + 1)", "\(line.range.location)+\(line.range.length)",
                  formatted(line.rect.x), formatted(line.rect.y), formatted(line.rect.width), formatted(line.baseline),
                  line.text)
    }
    writeOutput(table.rendered, terminator: "")
    if let placement = layout.placement {
        let frame = placement.frame
        var line = "frame (\(formatted(frame.x)), \(formatted(frame.y)), \(formatted(frame.width)), \(formatted(frame.height))) from \(placement.source.rawValue)"
        if let reason = placement.savedReason { line += ": \(printable(reason.description))" }
        writeOutput(line)
        for finding in placement.findings { writeOutput("\(finding.kind): \(printable(finding.message))") }
    }
    return 0
}

func runLayoutList(_ arguments: ParsedArguments) throws -> Int32 {
    let glob = arguments.positionals.first ?? "*"
    let category = try arguments[LayoutOptions.listCategory]
    let locale = try arguments[LayoutOptions.listLocale]
    let variant = try arguments[LayoutOptions.listVariant]
    let rows: [StoredLayout]
    if arguments[LayoutOptions.stale] {
        rows = try openCatalog(arguments, readOnly: true).layouts(matching: glob, locale: locale, variant: variant, category: category,
                                                                 truncatedOnly: arguments[LayoutOptions.truncated], staleOnly: true,
                                                                 withLayouts: false)
    } else {
        rows = try openCatalog(arguments).freshLayouts(matching: glob, locale: locale, variant: variant, category: category,
                                                      truncatedOnly: arguments[LayoutOptions.truncated], withLayouts: arguments[CommonOptions.json])
    }
    if arguments[CommonOptions.json] {
        for row in rows {
            if let json = row.json {
                writeOutput(json)
                continue
            }
            var object = JSONObject([("name", .string(row.label)), ("locale", .string(row.locale)), ("variant", .string(row.variant)),
                                     ("contentSizeCategory", .string(row.category))])
            if let error = row.error {
                object["error"] = .string(error)
            } else {
                // A stale row: what it stored, marked stale (its bounds and font are no longer the label's).
                object["stale"] = .bool(true)
                if let rect = row.textRect {
                    object["textRect"] = .object(JSONObject([("x", .number(rect.x)), ("y", .number(rect.y)),
                                                             ("width", .number(rect.width)), ("height", .number(rect.height))]))
                }
                if let count = row.lineCount { object["lineCount"] = .number(Double(count)) }
                if let count = row.neededLineCount { object["neededLineCount"] = .number(Double(count)) }
                object["truncated"] = .bool(row.truncated)
                object["inputHash"] = .string(row.inputHash)
                object["computedAt"] = .string(row.computedAt)
            }
            writeOutput(JSONValue.object(object).jsonString())
        }
        return 0
    }
    let variants = rows.contains { !$0.variant.isEmpty }
    let categories = Set(rows.map(\.category)).count > 1
    var table = Table(headers: ["label", "locale"] + (variants ? ["variant"] : []) + (categories ? ["category"] : [])
                      + ["lines shown/needed", "truncated", "textRect (x, y, w, h)", "computed"])
    for row in rows {
        let rect = row.textRect.map { "\(formatted($0.x)), \(formatted($0.y)), \(formatted($0.width)), \(formatted($0.height))" }
            ?? "error: \(row.error ?? "")"
        var cells = [row.label, LocaleTag.name(row.locale)]
        if variants { cells.append(row.variant.isEmpty ? "-" : row.variant) }
        if categories { cells.append(row.category) }
        cells += [row.lineCount.map { "\($0)/\(row.neededLineCount ?? 0)" } ?? "-",
                  row.truncated ? "yes" : "no", rect, row.computedAt]
        table.rows.append(cells)
    }
    writeOutput(table.rendered, terminator: "")
    return 0
}
