import LabelCatalog
import LabelJSON

/// `check --format github`: GitHub Actions workflow commands. Each new finding is an
/// `::error` (a `::warning` for `shrunk` and `tight`) pointing at the file and line its text came from
/// when known; baseline entries that now fit, changed kind or are gone are `::notice`s; a
/// plain summary line ends the output. Known findings (in the baseline) are counted, not
/// annotated. Values are shown `printable` (the summary and details are), then escaped as
/// GitHub reads workflow commands.
public enum GitHubAnnotations {
    public static func render(_ outcome: CheckOutcome) -> String {
        var output = ""
        for finding in outcome.new {
            var properties: [(String, String)] = []
            if let source = finding.source {
                properties.append(("file", printable(source.file)))
                if let line = source.line { properties.append(("line", String(line))) }
            }
            properties.append(("title", finding.title))
            let message = ([finding.summary] + finding.details).joined(separator: "\n")
            output += command(finding.kind == .shrunk || finding.kind == .tight ? "warning" : "error", properties, message)
        }
        for entry in outcome.fixed {
            output += command("notice", [("title", "Label text now fits")],
                              "\(entry.displayName) is in the baseline and now fits: remove it from the baseline file.")
        }
        for entry in outcome.changed {
            output += command("notice", [("title", "Label text has another finding")],
                              "\(entry.displayName) is in the baseline, but the text now has a finding of another kind: update the baseline file.")
        }
        for entry in outcome.gone {
            output += command("notice", [("title", "Baseline entry without a text")],
                              "\(entry.displayName) is in the baseline, but that text no longer exists: remove it from the baseline file.")
        }
        output += "labelcat: \(outcome.summary)\n"
        return output
    }

    /// `::name key=value,…::message` with GitHub's escaping.
    static func command(_ name: String, _ properties: [(String, String)], _ message: String) -> String {
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name)\(list.isEmpty ? "" : " " + list)::\(escapeData(message))\n"
    }

    /// A message: `%`, carriage return and line feed escaped.
    static func escapeData(_ text: String) -> String {
        var output = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": output += "%25"
            case "\r": output += "%0D"
            case "\n": output += "%0A"
            default: output.unicodeScalars.append(character)
            }
        }
        return output
    }

    /// A property value: as a message, and also `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        var output = ""
        for character in escapeData(text).unicodeScalars {
            switch character {
            case ":": output += "%3A"
            case ",": output += "%2C"
            default: output.unicodeScalars.append(character)
            }
        }
        return output
    }
}

extension CheckOutcome {
    /// The counts in one sentence, for the end of an output: `2 new findings, 1 known (in
    /// the baseline), 1 now fits in 40 texts of 20 labels.`
    public var summary: String {
        var parts = [counted(new.count, baseline == nil ? "finding" : "new finding")]
        if baseline != nil {
            parts.append("\(known.count) known (in the baseline)")
            if !fixed.isEmpty { parts.append("\(fixed.count) now fit\(fixed.count == 1 ? "s" : "")") }
            if !changed.isEmpty { parts.append("\(changed.count) changed kind") }
            if !gone.isEmpty { parts.append("\(gone.count) gone") }
        }
        return parts.joined(separator: ", ") + " in \(counted(result.checked.count, "text")) of \(counted(result.labelCount, "label"))."
    }
}

/// "1 label", "2 labels".
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
