#if canImport(Glibc)
import Glibc
#endif
import LabelJSON

/// Prints rows as a table with aligned columns: numbers right-aligned, text left-aligned.
/// Every cell is shown `printable` (names and texts come from files and catalogs).
struct Table {
    let headers: [String]
    var rows: [[String]] = []

    init(_ headers: String...) {
        self.headers = headers
    }

    init(headers: [String]) {
        self.headers = headers
    }

    mutating func add(_ cells: String...) {
        rows.append(cells)
    }

    /// Bold headers on a terminal, unless NO_COLOR is set.
    static var usesStyle: Bool { isatty(1) == 1 && getenv("NO_COLOR") == nil }

    var rendered: String {
        let all = ([headers] + rows).map { $0.map(printable) }
        let cellWidths = all.map { $0.map(\.displayWidth) }
        let widths = headers.indices.map { column in cellWidths.map { $0[column] }.max() ?? 0 }
        /// Right-aligned: digits with at most '.', '-' (ASCII; tables of thousands of rows
        /// must not pay for grapheme breaking).
        func isNumeric(_ text: String) -> Bool {
            var digits = false
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digits = true
                case UInt8(ascii: "."), UInt8(ascii: "-"): continue
                default: return false
                }
            }
            return digits
        }
        var output = ""
        for (rowIndex, row) in all.enumerated() {
            var line = ""
            for (column, cell) in row.enumerated() {
                if column > 0 { line += "  " }
                let pad = String(repeating: " ", count: widths[column] - cellWidths[rowIndex][column])
                if isNumeric(cell) {
                    line += pad + cell
                } else {
                    line += cell
                    if column < row.count - 1 { line += pad }
                }
            }
            while line.utf8.last == UInt8(ascii: " ") { line.removeLast() }
            output += rowIndex == 0 && Self.usesStyle ? "\u{1B}[1m\(line)\u{1B}[0m\n" : line + "\n"
        }
        return output
    }
}

extension String {
    /// Terminal columns: East Asian wide characters take two.
    var displayWidth: Int {
        unicodeScalars.reduce(0) { width, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
                return width + 2
            case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F:
                return width
            default:
                return width + 1
            }
        }
    }
}

/// A number for people: at most 3 decimals, no trailing zeros.
func formatted(_ value: Double) -> String {
    let thousandths = (value * 1000).rounded()
    if thousandths == thousandths.rounded(), abs(thousandths) < 1e15 {
        let integer = Int64(thousandths)
        let sign = integer < 0 ? "-" : ""
        let magnitude = integer.magnitude
        let whole = magnitude / 1000
        var fraction = String(magnitude % 1000)
        if fraction == "0" { return sign + String(whole) }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(whole).\(fraction)"
    }
    return "\(value)"
}

extension String {
    /// The string without the given character at either end.
    func trimmingCharacters(_ character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
