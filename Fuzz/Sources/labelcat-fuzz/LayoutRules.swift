import LabelJSON
import LabelLayout
import LabelModel

/// Rules every layout keeps, whatever its definition.
enum LayoutRules {
    /// Lays `definition` out (a definition the engine refuses is no finding) and reports the
    /// rules its layout breaks, and a second layout of it whose JSON differs (the JSON, numbers
    /// to a thousandth, is what everyone reads; sums of the same advances may differ in the
    /// last bits of a Double).
    static func check(_ definition: LabelDefinition, locale: String, engine: LayoutEngine, input: [UInt8]) {
        guard let layout = try? engine.layout(definition, locale: locale) else { return }
        Counters.add("layouts checked")
        var problems = broken(by: layout, of: definition, locale: locale)
        if let again = try? engine.layout(definition, locale: locale), json(again) != json(layout) {
            problems.append("laid out again, its JSON differs: \(json(layout)) then \(json(again))")
        }
        if !problems.isEmpty {
            Finding.report(.layout, "\(definition.canonicalJSON) [\(locale)]: \(problems.joined(separator: "; "))", input: input)
        }
    }

    /// The layout's JSON, as `measure` writes it.
    static func json(_ layout: ComputedLayout) -> String {
        var writer = JSONWriter()
        layout.writeJSON(into: &writer)
        return writer.string
    }

    /// The rules `layout` of `definition` breaks: its JSON reads back, every number is finite,
    /// each line's range lies within the text, and no more lines are shown than allowed; and
    /// the definition's canonical JSON (what `label get --resolved` prints, what input hashes
    /// read) reads back as the same definition.
    static func broken(by layout: ComputedLayout, of definition: LabelDefinition, locale: String) -> [String] {
        var problems: [String] = []
        if (try? LabelDefinition(json: JSONValue.parse(definition.canonicalJSON))) != definition {
            problems.append("its definition's canonical JSON reads back as another definition")
        }
        if case .failure(let error) = Result(catching: { () throws(JSONParseError) in try JSONValue.parse(json(layout)) }) {
            problems.append("its JSON does not read back: \(error)")
        }
        let rects = [layout.textRect] + layout.lines.map(\.rect)
        let numbers = rects.flatMap { [$0.x, $0.y, $0.width, $0.height] } + layout.lines.map(\.baseline)
            + [layout.intrinsicSize.width, layout.intrinsicSize.height, layout.font.size, layout.font.lineHeight,
               layout.font.ascender, layout.font.descender]
        if numbers.contains(where: { !$0.isFinite }) { problems.append("a number is not finite") }
        let length = definition.displayedText(locale: locale).utf16.count
        for (index, line) in layout.lines.enumerated()
        where line.range.location < 0 || line.range.length < 0 || line.range.location + line.range.length > length {
            problems.append("line \(index + 1)'s range \(line.range.location)+\(line.range.length) is outside the text (\(length) UTF-16 units)")
        }
        if definition.numberOfLines > 0, layout.lineCount > definition.numberOfLines {
            problems.append("\(layout.lineCount) lines shown, numberOfLines is \(definition.numberOfLines)")
        }
        return problems
    }

    /// Font lists of the packages `make test` installs (the default family when empty).
    static let families: [[String]] = [[], ["DejaVu Sans"], ["DejaVu Serif", "Noto Sans CJK SC"], ["DejaVu Sans Mono"],
                                       ["Noto Color Emoji"], ["Noto Sans CJK SC", "DejaVu Sans"]]

    /// A definition whose style is spelt by eight bytes: frame width and height (and scale),
    /// line limit and break mode, both alignments, font list and weight, size, letter spacing,
    /// then line spacing, line height multiple and insets.
    static func definition(style bytes: [UInt8], text: String) -> LabelDefinition {
        var definition = LabelDefinition(name: "fuzz.layout", frame: Rect(x: 0, y: 0, width: Double(bytes[0]) * 2, height: Double(bytes[1])))
        definition.text = text
        definition.scale = 1 + Int(bytes[1] % 3)
        definition.numberOfLines = Int(bytes[2] % 5)
        definition.lineBreakMode = LineBreakMode.allCases[Int(bytes[2] / 5) % LineBreakMode.allCases.count]
        definition.textAlignment = TextAlignment.allCases[Int(bytes[3]) % TextAlignment.allCases.count]
        definition.verticalAlignment = VerticalAlignment.allCases[Int(bytes[3] / 5) % VerticalAlignment.allCases.count]
        definition.font = FontSpec(families: families[Int(bytes[4]) % families.count], size: 4 + Double(bytes[5] % 64) / 2,
                                   weight: 100 * (1 + Int(bytes[4] / 8) % 9))
        definition.letterSpacing = Double(Int8(bitPattern: bytes[6])) / 32
        definition.lineSpacing = Double(bytes[7] % 16)
        definition.lineHeightMultiple = bytes[7] & 0x10 == 0 ? 0 : 1.5
        let inset = Double(bytes[7] >> 5)
        definition.contentInsets = EdgeInsets(top: inset, left: inset * 2, bottom: inset, right: inset)
        return definition
    }
}
