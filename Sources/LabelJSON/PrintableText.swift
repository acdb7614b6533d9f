/// A value from a file or a catalog, made safe to show to people (docs/security.md, "Outputs").
///
/// Labels, keys, texts, paths and messages come from files anyone can change in a pull request,
/// and labelcat prints them to terminals and CI logs. Shown raw, a line feed would start a line
/// of the value's choosing (a GitHub Actions workflow command such as `::error …` or
/// `##[error]…`), an escape sequence would drive the terminal, and a bidirectional override
/// would reorder what a reviewer reads. So every human-readable output shows a value through
/// this one function:
///
/// - control characters (U+0000–U+001F, U+007F, U+0080–U+009F) as `\n`, `\r`, `\t` or
///   `\u{1B}`;
/// - bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E,
///   U+2066–U+2069) and the line and paragraph separators (U+2028, U+2029) as `\u{202E}`;
/// - a value that would start a workflow command where a line starts (`::`, or `##[`, after
///   any white space) with that first character as `\u{3A}` (`\u{23}`).
///
/// Everything else is kept, so ordinary text reads as it is. The result never holds a line
/// break. `"dup\n::error title=FAKE::x"` is shown as `dup\n::error title=FAKE::x` on one line.
public func printable(_ value: String) -> String {
    var needsWork = startsWorkflowCommand(value)
    if !needsWork {
        for scalar in value.unicodeScalars where PrintableText.mustEscape(scalar) {
            needsWork = true
            break
        }
    }
    guard needsWork else { return value }
    var output = ""
    output.reserveCapacity(value.utf8.count + 8)
    for scalar in value.unicodeScalars {
        if PrintableText.mustEscape(scalar) {
            output += PrintableText.escape(scalar)
        } else {
            output.unicodeScalars.append(scalar)
        }
    }
    return defusingWorkflowCommand(output)
}

/// A line of output that a CI runner would take for a workflow command (`::name …::` or
/// `##[name]`, after any white space, as GitHub Actions reads them) with its first `:` or `#`
/// shown as `\u{3A}` or `\u{23}`; any other line as it is. `printable` applies it to values;
/// labelcat's command-line tool applies it to every line it prints but the annotations of
/// `check --format github`, which are the only workflow commands labelcat writes.
public func defusingWorkflowCommand(_ line: String) -> String {
    guard startsWorkflowCommand(line) else { return line }
    var output = ""
    var defused = false
    for scalar in line.unicodeScalars {
        if !defused, scalar == ":" || scalar == "#" {
            output += PrintableText.escape(scalar)
            defused = true
        } else {
            output.unicodeScalars.append(scalar)
        }
    }
    return output
}

/// Text of several lines with `defusingWorkflowCommand` applied to each (lines end at a line
/// feed or a carriage return, as the runner reads them). Fast when no line starts with `:`,
/// `#` or a character outside ASCII: JSON and tables go through unchanged and uncopied.
public func defusingWorkflowCommands(_ text: String) -> String {
    var atLineStart = true
    var suspect = false
    for byte in text.utf8 {
        switch byte {
        case 0x0A, 0x0D: atLineStart = true
        case 0x20, 0x09, 0x0B, 0x0C: continue
        case UInt8(ascii: ":"), UInt8(ascii: "#"), 0x80...:
            if atLineStart { suspect = true }
            atLineStart = false
        default: atLineStart = false
        }
        if suspect { break }
    }
    guard suspect else { return text }
    var output = ""
    output.reserveCapacity(text.utf8.count + 8)
    var line = ""
    for scalar in text.unicodeScalars {
        if scalar == "\n" || scalar == "\r" {
            output += defusingWorkflowCommand(line)
            output.unicodeScalars.append(scalar)
            line = ""
        } else {
            line.unicodeScalars.append(scalar)
        }
    }
    return output + defusingWorkflowCommand(line)
}

/// True when the text, after white space (any Unicode white space: the runner trims it all),
/// begins `::` or `##[`.
func startsWorkflowCommand(_ text: String) -> Bool {
    let start = text.unicodeScalars.drop { $0.properties.isWhitespace }
    return start.starts(with: "::".unicodeScalars) || start.starts(with: "##[".unicodeScalars)
}

/// What `printable` escapes, and how.
enum PrintableText {
    /// Control characters, bidirectional formatting characters, line and paragraph separators.
    @inline(__always)
    static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `\n`, `\r`, `\t`, else Swift's `\u{…}` with the scalar's hexadecimal value.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
