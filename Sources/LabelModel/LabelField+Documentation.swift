import AutoLayout
import LabelJSON

extension LabelField {
    /// The Markdown table of the style fields in docs/layout-rules.md, made from `all`: a test
    /// checks that the docs hold exactly this.
    package static var markdownTable: String {
        var lines = ["| field | values | default | tokens | column | `label set` | meaning |", "|---|---|---|---|---|---|---|"]
        for field in all {
            let tokens = field.tokenTypes.isEmpty ? "—" : field.tokenTypes.map { "`\($0.rawValue)`" }.joined(separator: " ")
            let option = "`--\(field.option.name)`"
            let defaultText = field.defaultValue.map { "`\($0.jsonString())`" } ?? "—"
            lines.append("| `\(field.key)` | \(field.valuesDescription) | \(defaultText) | \(tokens) | `\(field.column)` | \(option) | \(field.summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The values the field takes, for the docs.
    var valuesDescription: String {
        switch kind {
        case .integer(let range): return Self.describe(range)
        case .number(let minimum, let maximum):
            let unit = tokenTypes.contains(.dimension) ? "points" : "a number"
            if maximum == LabelDefinition.maximumLength {
                return minimum.isFinite ? "\(unit) ≥ \(formatNumber(minimum))" : unit
            }
            return "\(unit) from \(formatNumber(minimum)) to \(formatNumber(maximum))"
        case .enumeration(let cases): return cases.map { "`\($0)`" }.joined(separator: " ")
        case .bool: return "`true` or `false`"
        case .color: return "`#RRGGBB` or `#RRGGBBAA`"
        case .text: return "a string"
        case .font: return "an object"
        case .insets: return "`{top, left, bottom, right}`, points ≥ 0"
        case .arguments: return "an array of strings, numbers and declarations (`{\"type\": \"number\", \"digits\": 7}`)"
        case .priorities: return "`{horizontal, vertical}`, priorities from 1 to 1000"
        case .device: return Device.all.map { "`\($0.name)`" }.joined(separator: ", ")
        }
    }
}
