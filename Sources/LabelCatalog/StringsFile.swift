/// Reads Apple `.strings` files (`"key" = "value";`, with `/* */` and `//` comments and the
/// escapes `\"`, `\\`, `\n`, `\t`, `\r`, `\0`, `\Uxxxx`).
public enum StringsFile {
    public struct ParseError: Error, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// The key–value pairs of a `.strings` file, in file order. A key given more than once is
    /// one pair with its last value (as Apple's loader reads it), where the key first appeared.
    public static func parse(_ text: String) throws(ParseError) -> [(key: String, value: String)] {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var line = 1
        var pairs: [(String, String)] = []
        var positions: [String: Int] = [:]

        func skipTrivia() throws(ParseError) {
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\n" { line += 1; index += 1 }
                else if scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\u{FEFF}" { index += 1 }
                else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    index += 2
                    while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") {
                        if scalars[index] == "\n" { line += 1 }
                        index += 1
                    }
                    guard index + 1 < scalars.count else { throw ParseError(line: line, message: "unterminated /* comment") }
                    index += 2
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    while index < scalars.count, scalars[index] != "\n" { index += 1 }
                } else { return }
            }
        }

        func quoted() throws(ParseError) -> String {
            guard index < scalars.count, scalars[index] == "\"" else { throw ParseError(line: line, message: "expected a quoted string") }
            index += 1
            var result = String.UnicodeScalarView()
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                if scalar == "\"" { return String(result) }
                if scalar == "\n" { line += 1 }
                guard scalar == "\\" else { result.append(scalar); continue }
                guard index < scalars.count else { break }
                let escape = scalars[index]
                index += 1
                switch escape {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "0": result.append("\0")
                case "U", "u":
                    let hex = String(String.UnicodeScalarView(scalars[index..<min(index + 4, scalars.count)]))
                    guard hex.count == 4, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                        throw ParseError(line: line, message: "bad \\U escape")
                    }
                    result.append(decoded)
                    index += 4
                default: result.append(escape)
                }
            }
            throw ParseError(line: line, message: "unterminated string")
        }

        while true {
            try skipTrivia()
            guard index < scalars.count else { break }
            let key = try quoted()
            try skipTrivia()
            guard index < scalars.count, scalars[index] == "=" else { throw ParseError(line: line, message: "expected '=' after \"\(key)\"") }
            index += 1
            try skipTrivia()
            let value = try quoted()
            try skipTrivia()
            guard index < scalars.count, scalars[index] == ";" else { throw ParseError(line: line, message: "expected ';' after the value of \"\(key)\"") }
            index += 1
            if let position = positions[key] {
                pairs[position].1 = value
            } else {
                positions[key] = pairs.count
                pairs.append((key, value))
            }
        }
        return pairs
    }
}
