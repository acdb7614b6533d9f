import LabelJSON
import LabelLayout

/// `labelcat measure [FILE|-]`: definitions in, layout JSON out, no catalog.
let measureCommand = Command(
    name: "measure",
    abstract: "Lay out label definitions without a catalog: JSON or NDJSON in, layout JSON out.",
    discussion: """
        Reads one label definition (a JSON object, or an array of them) or a stream of them, one \
        per line (NDJSON), and writes one layout JSON object per line, in the same order. A \
        definition may carry "locale" to lay out one of its "texts". A bad line yields \
        {"line": N, "error": "…"} in its place; the rest go on, and the exit code is 1.
        """,
    arguments: [ArgumentSpec(name: "file", help: "A file of definitions, or - for standard input (the default).", optional: true)],
    options: [
        .option("locale", "LOCALE", help: "Lay out this locale's text (a definition's own \"locale\" wins)."),
        .option("default-family", "FAMILY", help: "The family of labels that name none (default: $LABELCAT_DEFAULT_FAMILY, else Noto Sans CJK SC)."),
    ],
    run: runMeasure)

func runMeasure(_ arguments: ParsedArguments) throws -> Int32 {
    let reader = try LineReader(path: arguments.positionals.first ?? "-")
    let engine = LayoutEngine(defaultFamily: arguments.value("default-family")
        ?? environment("LABELCAT_DEFAULT_FAMILY") ?? "Noto Sans CJK SC")
    let defaultLocale = arguments.value("locale") ?? ""
    let output = OutputStream.standardOutput
    var writer = JSONWriter(numberStyle: .millis, capacity: 4096)
    var failures = 0
    var count = 0

    /// Lays out one parsed document and writes its line; returns false on failure.
    func emit(_ document: Result<JSONValue, JSONParseError>, line: Int?) -> Bool {
        writer.reset()
        count += 1
        do {
            var value = try document.get()
            var locale = defaultLocale
            if case .object(var object) = value, let requested = object["locale"] {
                guard let requested = requested.string else {
                    throw LayoutError.invalidField(field: "locale", message: "must be a string, got \(requested.kindDescription)")
                }
                locale = requested
                object["locale"] = nil
                value = .object(object)
            }
            let definition = try LabelDefinition(json: value)
            try engine.layout(definition, locale: locale).writeJSON(into: &writer)
        } catch {
            failures += 1
            writer.reset()
            let message = "\(error)"
            if let line {
                writer.beginObject()
                writer.key("line"); writer.number(line)
                writer.key("error"); writer.string(message)
                writer.endObject()
            } else {
                OutputStream.standardError.write("Error: \(message)\n")
                OutputStream.standardError.flush()
                return false
            }
        }
        writer.bytes.append(0x0A)
        output.write(writer.bytes)
        return true
    }

    func parseLine(_ bytes: ArraySlice<UInt8>) -> Result<JSONValue, JSONParseError> {
        bytes.withUnsafeBufferPointer { buffer in Result { () throws(JSONParseError) in try JSONValue.parse(buffer) } }
    }

    // The first non-empty line decides: a whole document on it means NDJSON; otherwise the
    // input is one (pretty-printed) document, or, failing that, NDJSON with a bad first line.
    var lineNumber = 0
    var firstLine: ArraySlice<UInt8>?
    while let line = reader.nextLine() {
        lineNumber += 1
        if !isBlank(line) { firstLine = line; break }
    }
    guard let firstLine else {
        throw CommandError("no label definition in the input")
    }
    let firstResult = parseLine(firstLine)
    if case .success = firstResult {
        _ = emit(firstResult, line: lineNumber)
        while let line = reader.nextLine() {
            lineNumber += 1
            if isBlank(line) { continue }
            _ = emit(parseLine(line), line: lineNumber)
        }
    } else {
        let rest = reader.readRest()
        let whole = Array(firstLine) + [0x0A] + rest
        switch Result(catching: { () throws(JSONParseError) in try JSONValue.parse(whole) }) {
        case .success(.array(let definitions)):
            for (index, definition) in definitions.enumerated() { _ = emit(.success(definition), line: index + 1) }
        case .success(let definition):
            output.flush()
            if !emit(.success(definition), line: nil) { return 1 }
        case .failure:
            let firstLineNumber = lineNumber
            _ = emit(firstResult, line: firstLineNumber)
            var number = firstLineNumber
            for line in rest.split(separator: 0x0A, omittingEmptySubsequences: false) {
                number += 1
                if isBlank(line) { continue }
                _ = emit(parseLine(line.last == 0x0D ? line.dropLast() : line), line: number)
            }
        }
    }
    output.flush()
    if failures > 0 {
        OutputStream.standardError.write("Error: \(failures) of \(count) definitions failed; see the \"error\" lines.\n")
        OutputStream.standardError.flush()
        return 1
    }
    return 0
}

func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
}
