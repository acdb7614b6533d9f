import LabelCatalog
import LabelJSON

/// `labelcat check`: the CI gate for "does every translation fit".
let checkCommand = Command(
    name: "check",
    abstract: "Exit 1 and list every label and locale whose text is truncated or needs more lines than shown.",
    discussion: "Layouts are brought up to date first. With every text fitting, prints a one-line summary and exits 0.",
    arguments: [ArgumentSpec(name: "glob", help: "Only labels matching this glob (default: all).", optional: true)],
    options: [.option("locale", "LOCALE", help: "Only this locale ('' = base texts)."), jsonFlag],
    run: runCheck)

func runCheck(_ arguments: ParsedArguments) throws -> Int32 {
    let catalog = try openCatalog(arguments)
    let rows = try catalog.freshLayouts(matching: arguments.positionals.first ?? "*", locale: arguments.value("locale"),
                                        withLayouts: false)
    let failing = rows.filter { $0.error != nil || $0.truncated || ($0.neededLineCount ?? 0) > ($0.lineCount ?? 0) }
    if arguments.flag("json") {
        for row in failing {
            var object = JSONObject([("name", .string(row.label)), ("locale", .string(row.locale))])
            if let error = row.error {
                object["error"] = .string(error)
            } else {
                object["lineCount"] = .number(Double(row.lineCount ?? 0))
                object["neededLineCount"] = .number(Double(row.neededLineCount ?? 0))
                object["truncated"] = .bool(row.truncated)
                object["text"] = .string(visibleText(row))
            }
            print(JSONValue.object(object).jsonString())
        }
    } else if !failing.isEmpty {
        var table = Table("label", "locale", "lines needed/shown", "visible text")
        for row in failing {
            table.add(row.label, row.locale.isEmpty ? "-" : row.locale,
                      row.error == nil ? "\(row.neededLineCount ?? 0)/\(row.lineCount ?? 0)" : "-",
                      row.error.map { "error: \($0)" } ?? visibleText(row))
        }
        print(table.rendered, terminator: "")
    }
    let labels = Set(rows.map(\.label)).count
    if failing.isEmpty {
        if !arguments.flag("json") {
            print("All \(counted(rows.count, "layout")) of \(counted(labels, "label")) fit.")
        }
        return 0
    }
    OutputStream.standardError.write("\(failing.count) of \(rows.count) layouts do not fit.\n")
    OutputStream.standardError.flush()
    return 1
}

/// The lines a layout shows, joined with " ⏎ ".
func visibleText(_ row: StoredLayout) -> String {
    row.lines.map(\.text).joined(separator: " ⏎ ")
}

/// "1 label", "2 labels".
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
