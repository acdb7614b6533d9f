import LabelJSON
import LabelLayout

extension FuzzTarget {
    /// `labelcat measure`: a definition (or an array of them) is laid out in its base text
    /// and every locale of its `texts`, and each layout checked (`LayoutRules`).
    static let measure = FuzzTarget(name: "measure", maxLength: KnownIssues.maximumInputLength,
                                   dictionaries: ["json", "label"]) { _ in
        let engine = LayoutEngine()
        return { input in
            guard let document = try? JSONValue.parse(input) else { return }
            for value in document.array ?? [document] {
                guard let definition = try? LabelDefinition(json: value) else { continue }
                for locale in [""] + definition.texts.keys.sorted() {
                    guard let layout = try? engine.layout(definition, locale: locale) else { continue }
                    Counters.add("layouts checked")
                    var problems = LayoutRules.broken(by: layout, of: definition, locale: locale)
                    if let again = try? engine.layout(definition, locale: locale), again != layout {
                        problems.append("laid out again, it differs")
                    }
                    if !problems.isEmpty {
                        Finding.report(.layout, "\(definition.name) [\(locale)]: \(problems.joined(separator: "; "))", input: input)
                    }
                }
            }
        }
    }
}

/// Rules every layout keeps, whatever its definition.
enum LayoutRules {
    /// The rules `layout` of `definition` breaks: its JSON reads back, every number is finite,
    /// each line's range lies within the text, and no more lines are shown than allowed.
    static func broken(by layout: ComputedLayout, of definition: LabelDefinition, locale: String) -> [String] {
        var problems: [String] = []
        var writer = JSONWriter()
        layout.writeJSON(into: &writer)
        if case .failure(let error) = Result(catching: { () throws(JSONParseError) in try JSONValue.parse(writer.bytes) }) {
            problems.append("its JSON does not read back: \(error)")
        }
        let rects = [layout.textRect] + layout.lines.map(\.rect)
        let numbers = rects.flatMap { [$0.x, $0.y, $0.width, $0.height] } + layout.lines.map(\.baseline)
            + [layout.intrinsicSize.width, layout.intrinsicSize.height, layout.font.size, layout.font.lineHeight,
               layout.font.ascender, layout.font.descender]
        if numbers.contains(where: { !$0.isFinite }) { problems.append("a number is not finite") }
        let length = definition.text(for: locale).utf16.count
        for (index, line) in layout.lines.enumerated()
        where line.range.location < 0 || line.range.length < 0 || line.range.location + line.range.length > length {
            problems.append("line \(index + 1)'s range \(line.range.location)+\(line.range.length) is outside the text (\(length) UTF-16 units)")
        }
        if definition.numberOfLines > 0, layout.lineCount > definition.numberOfLines {
            problems.append("\(layout.lineCount) lines shown, numberOfLines is \(definition.numberOfLines)")
        }
        return problems
    }
}
