import LabelCatalog
import LabelJSON
import LabelModel

/// Findings in words, as every format writes them (docs/ci.md). What comes from files and the
/// catalog (names, lines of text, paths, keys, error messages) is shown `printable`.
extension Finding {
    /// One sentence: which text, what is wrong, by how much.
    ///
    /// `cart.title [de] is truncated: it shows 1 of the 3 lines its text needs, and its text
    /// is 84.2 pt too wide for one line.`
    public var summary: String {
        let name = text.displayName
        let counts = "it shows \(linesShown) of the \(linesNeeded) line\(linesNeeded == 1 ? "" : "s") its text needs"
        switch kind {
        case .truncated:
            let width = widthOver > 0 ? ", and its text is \(points(widthOver)) too wide for one line" : ""
            return "\(name) is truncated: \(counts)\(width)."
        case .lines:
            let height = heightOver > 0 ? ", and its lines are \(points(heightOver)) too tall for it" : ""
            return "\(name) loses lines to its height: \(counts)\(height)."
        case .shrunk:
            return "\(name) fits only with its font shrunk."
        case .error:
            return "\(name) cannot be laid out: \(printable(error ?? "unknown error"))."
        case .clipped, .unsatisfiable, .ambiguous:
            return "\(name): \(printable(detail ?? kind.rawValue))."
        }
    }

    /// A short title for the kind, as a CI system shows it above the message.
    public var title: String { kind.description.title }

    /// The lines under the summary: the visible text, and where the text came from.
    public var details: [String] {
        var details: [String] = []
        if lines.count == 1 {
            details.append("Shown: \(printable(lines[0]))")
        } else if !lines.isEmpty {
            details.append("Shown:")
            details += lines.map { "  \(printable($0))" }
        }
        if let source {
            details.append("Source: \(printable(source.file))\(source.line.map { ":\($0)" } ?? "")")
            if let key = source.key { details.append("Key: \(printable(key))") }
        }
        return details
    }

    /// How far the text is over, for a table cell: `width +84.2 pt`, `height +24.6 pt` or `-`.
    public var overText: String {
        var parts: [String] = []
        if widthOver > 0 { parts.append("width +\(points(widthOver))") }
        if heightOver > 0 { parts.append("height +\(points(heightOver))") }
        return parts.isEmpty ? "-" : parts.joined(separator: ", ")
    }
}

extension FindingIdentity {
    /// `cart.title [de] (truncated)`.
    public var displayName: String { "\(text.displayName) (\(kind.rawValue))" }
}

/// Points for people: at most one decimal, rounded up so a positive amount never reads 0.
public func points(_ value: Double) -> String {
    let tenths = ((value * 1000).rounded() / 100).rounded(.up)
    let whole = Int(tenths) / 10, fraction = Int(tenths) % 10
    return fraction == 0 ? "\(whole) pt" : "\(whole).\(fraction) pt"
}

/// Text escaped for XML and HTML: `&`, `<`, `>`, quotes; in attributes also tab, line feed
/// and carriage return (which attribute normalization would turn into spaces). Characters
/// XML 1.0 cannot hold at all (other control characters, U+FFFE, U+FFFF) become U+FFFD.
func escapeMarkup(_ text: String, attribute: Bool = false) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": output += "&amp;"
        case "<": output += "&lt;"
        case ">": output += "&gt;"
        case "\"": output += "&quot;"
        case "'": output += "&#39;"
        case "\t", "\n", "\r":
            output += attribute ? "&#\(scalar.value);" : String(scalar)
        case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
            output += "\u{FFFD}"
        default:
            output.unicodeScalars.append(scalar)
        }
    }
    return output
}
