import LabelCatalog
import LabelImport
import LabelJSON
import LabelModel

/// The output formats of `limits`.
enum LimitsFormat: String, CaseIterable {
    case json, csv
}

/// `labelcat limits`: the room translators have for each key (docs/fixes.md, "Limits for translators").
let limitsCommand = Command(
    name: "limits",
    abstract: "Print, for each key, the tightest width, lines and font of the labels showing it, with a character estimate per locale; or write the widths into XLIFF as maxwidth.",
    discussion: """
        Each key (TABLE:KEY) gets the tightest limit over every label showing it, every device \
        and every content size category the catalog keeps: the width in points the text has \
        (the frame's width less the content insets; for a label of a scene, the frame Auto \
        Layout placed it in on each device), numberOfLines (0 = unlimited), the font at that \
        category, where the limit comes from, and per locale how many characters of that \
        locale's own text fit. --format json prints one JSON object per key per line \
        {"key", "width", "lines", "font": {"family", "size", "weight"}, "label", "device", \
        "category", "characters": {LOCALE: N or null}}; csv prints a header and one row per key \
        and locale. --xliff PATH writes maxwidth="N" size-unit="pixel" (N = the width rounded \
        down) onto each <trans-unit> of an .xliff file, or of an .xcloc's Localized Contents, \
        whose key has a limit, changing nothing else. --xcstrings PATH writes each limit into a \
        String Catalog (its table: the file's name) as the last line of the key's comment, \
        [labelcat: max N pt, L lines], replacing only such a line, changing nothing else. With \
        --xliff or --xcstrings the limits are printed only when --format is given. Exit status: 0 when done, 1 for an error (a file that cannot \
        be written is left as it was), 2 when the glob matches no key, 64 for a usage error.
        """,
    arguments: [ArgumentSpec(name: "glob", help: "Only keys (TABLE:KEY) matching this glob (default: all).", optional: true)],
    options: [LimitsOptions.format, LimitsOptions.xliff, LimitsOptions.xcstrings],
    run: runLimits)

/// `limits`' options.
enum LimitsOptions {
    static let format = Option("format", "FORMAT", help: "Output: \(LimitsFormat.allCases.map(\.rawValue).joined(separator: ", ")) (default json).") { name, commandPath in
        guard let format = LimitsFormat(rawValue: name) else {
            throw UsageError(message: "The value '\(name)' of '--format' must be one of \(LimitsFormat.allCases.map(\.rawValue).joined(separator: ", ")).",
                             commandPath: commandPath)
        }
        return format
    }
    static let xliff = Option<String>("xliff", "PATH", help: "Write the widths as maxwidth into this .xliff file or .xcloc folder.")
    static let xcstrings = Option<String>("xcstrings", "PATH", help: "Write each key's limit as the last line of its comment in this String Catalog (.xcstrings).")
}

func runLimits(_ arguments: ParsedArguments) throws -> Int32 {
    let format = try arguments[LimitsOptions.format]
    let xliff = try arguments[LimitsOptions.xliff]
    let xcstrings = try arguments[LimitsOptions.xcstrings]
    let glob = arguments.positionals.first ?? "*"
    let found = try openCatalog(arguments).limits(keysMatching: glob)
    for failure in found.failures {
        OutputStream.standardError.write("Warning: label '\(printable(failure.label))' is left out: \(printable(failure.reason))\n")
    }
    guard found.keyCount > 0 else {
        OutputStream.standardError.write("No label shows a key matching '\(printable(glob))'.\n")
        OutputStream.standardError.flush()
        return nothingMatchedStatus
    }
    if xliff != nil || xcstrings != nil {
        var summary: [String] = []
        if let xliff {
            var widths: [String: Int] = [:]
            for limit in found.limits { widths[limit.key] = Int(max(0, limit.limit.width).rounded(.down)) }
            let written = try XLIFFWidthWriter.write(try XLIFFWidthWriter.files(at: xliff), widths: widths)
            summary += written.map { "\(printable($0.path)): \(counted($0.units, "unit")) with a width" }
        }
        if let xcstrings {
            var limits: [String: StringCatalogCommentWriter.Limit] = [:]
            for limit in found.limits {
                limits[limit.key] = .init(width: Int(max(0, limit.limit.width).rounded(.down)), lines: limit.limit.lines)
            }
            let keys = try StringCatalogCommentWriter.write(xcstrings, limits: limits)
            summary.append("\(printable(xcstrings)): \(counted(keys, "key")) with a limit in its comment")
        }
        if format == nil {
            writeOutput(summary.joined(separator: "\n"))
            return 0
        }
        OutputStream.standardError.write(summary.joined(separator: "\n") + "\n")
    }
    OutputStream.standardError.flush()
    switch format ?? .json {
    case .json: for limit in found.limits { writeOutput(limitJSON(limit)) }
    case .csv: writeOutput(limitsCSV(found.limits), terminator: "")
    }
    return 0
}

/// A key's limit as one line of JSON.
func limitJSON(_ limit: KeyLimit) -> String {
    var writer = JSONWriter(numberStyle: .millis, capacity: 256)
    writer.beginObject()
    writer.key("key"); writer.string(limit.key)
    writer.key("width"); writer.number(limit.limit.width)
    writer.key("lines"); writer.number(limit.limit.lines)
    writer.key("font")
    writer.beginObject()
    writer.key("family"); writer.string(limit.limit.font.family)
    writer.key("size"); writer.number(limit.limit.font.size)
    writer.key("weight"); writer.number(limit.limit.weight)
    writer.endObject()
    writer.key("label"); writer.string(limit.label)
    writer.key("device"); if limit.device.isEmpty { writer.null() } else { writer.string(limit.device) }
    writer.key("category"); writer.string(limit.category.rawValue)
    writer.key("characters")
    writer.beginObject()
    for entry in limit.characters {
        writer.key(LocaleTag.name(entry.locale))
        if let count = entry.count { writer.number(count) } else { writer.null() }
    }
    writer.endObject()
    writer.endObject()
    return writer.string
}

/// The limits as CSV (RFC 4180: CRLF line ends, fields quoted where they hold a comma, a
/// quote or a line break): a header, then a row per key and locale. A text that a spreadsheet
/// would take for a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return: a
/// key from a pull request may be `=HYPERLINK(…)`) starts with `'`, as spreadsheets write it.
func limitsCSV(_ limits: [KeyLimit]) -> String {
    func field(_ value: String) -> String {
        value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            ? "\"" + value.replacing("\"", with: "\"\"") + "\"" : value
    }
    func text(_ value: String) -> String {
        guard let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return value }
        return "'" + value
    }
    func number(_ value: Double) -> String {
        var writer = JSONWriter(numberStyle: .millis, capacity: 16)
        writer.number(value)
        return writer.string
    }
    var rows = [["key", "locale", "characters", "width", "lines", "fontFamily", "fontSize", "fontWeight", "label", "device", "category"]]
    for limit in limits {
        for entry in limit.characters {
            rows.append([text(limit.key), text(LocaleTag.name(entry.locale)), entry.count.map(String.init) ?? "", number(limit.limit.width),
                         String(limit.limit.lines), text(limit.limit.font.family), number(limit.limit.font.size), String(limit.limit.weight),
                         text(limit.label), text(limit.device), limit.category.rawValue])
        }
    }
    return rows.map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
}
