#if canImport(Glibc)
import Glibc
#endif

/// Prints rows as a table with aligned columns: numbers right-aligned, text left-aligned.
struct Table {
    let headers: [String]
    var rows: [[String]] = []

    init(_ headers: String...) {
        self.headers = headers
    }

    mutating func add(_ cells: String...) {
        rows.append(cells)
    }

    /// Bold headers on a terminal, unless NO_COLOR is set.
    static var usesStyle: Bool { isatty(1) == 1 && getenv("NO_COLOR") == nil }

    var rendered: String {
        let all = [headers] + rows
        let widths = headers.indices.map { column in all.map { $0[column].displayWidth }.max() ?? 0 }
        func isNumeric(_ text: String) -> Bool {
            text.contains(where: \.isNumber) && text.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" }
        }
        return all.enumerated().map { rowIndex, row in
            let line = row.indices.map { column -> String in
                let cell = row[column]
                let pad = String(repeating: " ", count: widths[column] - cell.displayWidth)
                if column == row.count - 1 { return isNumeric(cell) ? pad + cell : cell }
                return isNumeric(cell) ? pad + cell : cell + pad
            }.joined(separator: "  ")
            let trimmed = String(line.reversed().drop { $0 == " " }.reversed())
            return rowIndex == 0 && Self.usesStyle ? "\u{1B}[1m\(trimmed)\u{1B}[0m" : trimmed
        }.joined(separator: "\n") + "\n"
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
