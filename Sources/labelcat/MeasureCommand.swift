import LabelJSON
import LabelLayout
import LabelModel

/// `labelcat measure [FILE|-]`: definitions in, layout JSON out, no catalog.
let measureCommand = Command(
    name: "measure",
    abstract: "Lay out label definitions without a catalog: JSON or NDJSON in, layout JSON out.",
    discussion: """
        Reads label definitions and writes, for each, one layout JSON object on a line of its \
        own, in input order, as soon as it is read (NDJSON streams in constant memory). The \
        input is JSON documents, each a definition (an object) or an array of definitions: one \
        per line (NDJSON), or spread over lines (pretty-printed: a line that opens an object or \
        an array without closing it starts a document that is read whole, then laid out). Blank \
        lines are not definitions and give no output; a UTF-8 byte order mark at the start is \
        skipped. A definition may carry "locale" to lay out one of its "texts", "variant" for \
        one of a text's plural forms or device variations ("plural.one"), and \
        "contentSizeCategory" (a UIKit name: large, extraExtraLarge, accessibilityMedium, …) for \
        the user's text size; these win over the options. Values are \
        literals: a token reference ("{font.size.body}") needs the catalog (label set or \
        label import, then layout).
        A definition that fails gives {"line": N, "error": "…"} in its place, with "index": I \
        after "line" for the element I (from 0) of an array; N is the line its document starts \
        on, blank lines counted. The rest go on, and the exit code is 1. A line that starts a \
        document that turns out malformed is reported that way, and the lines after it are \
        read again, each on its own. When the whole input is one pretty-printed definition, \
        its failure is the command's: Error: on standard error, exit 1. An input that cannot \
        be read (a directory, an I/O error) is an error, after the lines already written.
        """,
    arguments: [ArgumentSpec(name: "file", help: "A file of definitions, or - for standard input (the default).", optional: true)],
    options: [MeasureOptions.locale, MeasureOptions.pseudo, MeasureOptions.category, MeasureOptions.defaultFamily,
              MeasureOptions.fontSubstitutes],
    withoutCatalog: "it lays out definitions without a catalog (token references are the catalog's: use 'labelcat layout')",
    run: runMeasure)

/// The options of `measure`.
enum MeasureOptions {
    static let locale = Option.locale(help: "Lay out this locale's text (a definition's own \"locale\" wins).")
    /// `--pseudo LANGUAGE`: one of Xcode's pseudolanguages.
    static let pseudo = Option("pseudo", "LANGUAGE", help: "Lay out the base text in one of Xcode's pseudolanguages: double, accented, bounded, rtl (the locale x-pseudo-LANGUAGE).") { name, commandPath in
        guard let language = PseudoLanguage(named: name) else {
            throw UsageError(message: "The value '\(name)' of '--pseudo' is not a pseudolanguage (expected one of \(PseudoLanguage.allCases.map(\.rawValue).joined(separator: ", "))).",
                             commandPath: commandPath)
        }
        return language
    }
    static let category = Option.category(help: "The content size category (default large; a definition's own \"contentSizeCategory\" wins).")
    static let defaultFamily = Option<String>("default-family", "FAMILIES", help: "The family of labels that name none: a family, a font file path, or a comma-separated list (default: $LABELCAT_DEFAULT_FAMILY, else the system font: \(SystemFont.families)).")
    /// `--font-substitutes PAIRS`.
    static let fontSubstitutes = Option("font-substitutes", "PAIRS", help: "Families set in other families: comma-separated FAMILY=SUBSTITUTE pairs, e.g. 'Avenir Next=Inter, Helvetica Neue=Liberation Sans'.") { spelling, commandPath in
        do { return try FontSubstitutes(parsing: spelling) } catch let error as LayoutError {
            guard case .invalidField(_, let message) = error else { throw error }
            throw UsageError(message: "The value of '--font-substitutes' is not valid: \(message).", commandPath: commandPath)
        }
    }
}

func runMeasure(_ arguments: ParsedArguments) throws -> Int32 {
    let reader = DefinitionReader(try LineReader(path: arguments.positionals.first ?? "-"))
    let engine = LayoutEngine(defaultFamily: try arguments[MeasureOptions.defaultFamily]
        ?? environment("LABELCAT_DEFAULT_FAMILY") ?? SystemFont.families,
                              fontSubstitutes: try arguments[MeasureOptions.fontSubstitutes] ?? FontSubstitutes.none)
    let defaultLocale = try pseudoLocale(arguments) ?? arguments[MeasureOptions.locale] ?? ""
    let defaultCategory = try arguments[MeasureOptions.category] ?? .large
    let output = OutputStream.standardOutput
    var writer = JSONWriter(numberStyle: .millis, capacity: 4096)
    var failures = 0
    var count = 0

    /// Lays out one definition into `writer`.
    func layOut(_ item: DefinitionItem) throws {
        let request = try LayoutRequest(json: try item.value.get(), locale: defaultLocale, category: defaultCategory)
        try engine.layout(request).writeJSON(into: &writer)
    }

    /// Writes one definition's line: its layout, or {"line": N, ("index": I,) "error": "…"}.
    func emit(_ item: DefinitionItem) {
        count += 1
        writer.reset()
        do {
            try layOut(item)
        } catch {
            failures += 1
            writer.reset()
            writer.beginObject()
            writer.key("line"); writer.number(item.line)
            if let index = item.index { writer.key("index"); writer.number(index) }
            writer.key("error"); writer.string("\(error)")
            writer.endObject()
        }
        writer.bytes.append(0x0A)
        output.write(writer.bytes)
    }

    guard let first = try reader.next() else {
        throw CommandError("no label definition in the input")
    }
    // One pretty-printed definition alone is a document, not a stream: its error is the
    // command's error.
    if first.spansLines, first.index == nil, try reader.isAtEnd() {
        writer.reset()
        try layOut(first)
        writer.bytes.append(0x0A)
        output.write(writer.bytes)
        output.flush()
        return 0
    }
    emit(first)
    while let item = try reader.next() { emit(item) }
    output.flush()
    if failures > 0 {
        OutputStream.standardError.write("Error: \(failures) of \(count) definitions failed; see the \"error\" lines.\n")
        OutputStream.standardError.flush()
        return 1
    }
    return 0
}

/// `--pseudo LANGUAGE` as the locale it lays out (`x-pseudo-accented`); nil without it.
func pseudoLocale(_ arguments: ParsedArguments) throws -> String? {
    guard arguments.isGiven(MeasureOptions.pseudo) else { return nil }
    guard !arguments.isGiven(MeasureOptions.locale) else {
        throw UsageError(message: "'--pseudo' and '--locale' both choose the text: give one.", commandPath: arguments.path)
    }
    return try arguments[MeasureOptions.pseudo]?.locale
}
