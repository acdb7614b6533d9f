import LabelJSON
import LabelLayout
import LabelModel

extension FuzzTarget {
    /// `labelcat measure`: a definition (or an array of them) as JSON, laid out in its base
    /// text and in every locale of its `texts`.
    static let measure = FuzzTarget(name: "measure", maxLength: FuzzTarget.defaultMaxLength,
                                    dictionaries: ["json", "label"]) { _ in
        let engine = LayoutEngine()
        return { input in
            guard let document = try? JSONValue.parse(input) else { return }
            for value in document.array ?? [document] {
                guard let definition = try? LabelDefinition(json: value) else { continue }
                for locale in [""] + definition.texts.keys.sorted() {
                    LayoutRules.check(definition, locale: locale, engine: engine, input: input)
                }
            }
        }
    }

    /// The engine on any text: the first eight bytes choose the style (`LayoutRules.definition`),
    /// the rest is the text (UTF-8, malformed bytes replaced). Every input is a label, so
    /// mutations reach shaping and line breaking, where through `measure` most are malformed JSON.
    static let layout = FuzzTarget(name: "layout", maxLength: FuzzTarget.defaultMaxLength,
                                   dictionaries: ["text"]) { _ in
        let engine = LayoutEngine()
        return { input in
            guard input.count >= 8 else { return }
            let definition = LayoutRules.definition(style: Array(input[..<8]), text: String(decoding: input[8...], as: UTF8.self))
            guard (try? definition.validateNumbers()) != nil else { return }
            LayoutRules.check(definition, locale: "", engine: engine, input: input)
        }
    }
}
