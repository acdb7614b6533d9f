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
        case .tight:
            return "\(name) fits with \(points(headroom?.width ?? 0)) to spare."
        case .category:
            let largest = headroom?.fitsUpTo.map { "fits up to \($0.rawValue) only" } ?? "does not fit at larger categories"
            return "\(name) \(largest)."
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
        if let fix, !fix.isEmpty { details.append("Fix: \(fix.suggestions.joined(separator: "; ")).") }
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
        if let headroom {
            if let width = headroom.width { parts.append("room \(points(width))") }
            if let largest = headroom.fitsUpTo { parts.append("up to \(largest.rawValue)") }
        }
        return parts.isEmpty ? "-" : parts.joined(separator: ", ")
    }
}

extension FitFix {
    /// Each change in words, the cheapest first: `numberOfLines 2 fits`, `frame height 48 pt
    /// fits`, `minimumScaleFactor 0.82 fits`, `width 212 pt fits`, `≈ 4 characters too long at
    /// this font`, `a soft hyphen in "luidspreker" (luid-spreker) fits`.
    public var suggestions: [String] {
        var suggestions: [String] = []
        switch (numberOfLines, height) {
        case let (lines?, height?): suggestions.append("numberOfLines \(lines) with height \(points(height)) fits")
        case let (lines?, nil): suggestions.append("numberOfLines \(lines) fits")
        case let (nil, height?): suggestions.append("height \(points(height)) fits")
        case (nil, nil): break
        }
        if let minimumScaleFactor { suggestions.append("minimumScaleFactor \(scaleFactorText(minimumScaleFactor)) fits") }
        if let width { suggestions.append("width \(points(width)) fits") }
        if let charactersOver {
            suggestions.append("≈ \(charactersOver) character\(charactersOver == 1 ? "" : "s") too long at this font")
        }
        if let hyphenation {
            suggestions.append("a soft hyphen in \"\(printable(hyphenation.word))\" (\(printable(hyphenation.hyphenated))) fits")
        }
        return suggestions
    }

    /// `0.82`: two decimals, trailing zeros dropped.
    func scaleFactorText(_ factor: Double) -> String {
        let hundredths = Int((factor * 100).rounded())
        let text = hundredths % 10 == 0 ? "0.\(hundredths / 10)" : (hundredths < 10 ? "0.0\(hundredths)" : "0.\(hundredths)")
        return hundredths >= 100 ? "1" : text
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

/// Text escaped for XML and HTML: `&`, `<`, `>`, quotes; line feed and carriage return as
/// character references, so no line of the file starts with what a text says (a line that starts
/// `::error` in a file a CI step prints is a workflow command; a reference reads back as the same
/// character); in attributes also tab (which attribute normalization would turn into a space).
/// Characters XML 1.0 cannot hold at all (other control characters, U+FFFE, U+FFFF) become U+FFFD.
func escapeMarkup(_ text: String, attribute: Bool = false) -> String {
    // Most names and texts need nothing: no markup character, no control character, and no
    // 0xEF lead byte (U+FFFE and U+FFFF begin with it).
    let needsWork = text.utf8.contains { byte in
        byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == 0xEF
    }
    guard needsWork else { return text }
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": output += "&amp;"
        case "<": output += "&lt;"
        case ">": output += "&gt;"
        case "\"": output += "&quot;"
        case "'": output += "&#39;"
        case "\n", "\r":
            output += "&#\(scalar.value);"
        case "\t":
            output += attribute ? "&#9;" : "\t"
        case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
            output += "\u{FFFD}"
        default:
            output.unicodeScalars.append(scalar)
        }
    }
    return output
}
