/// A label's texts as it holds them: the base text, a text per locale, and variants (plural
/// forms, device variations) by locale and variant. A definition holds them, and so does the
/// catalog's record of a label.
public protocol LabelTexts {
    var text: String { get set }
    var texts: [String: String] { get set }
    var variantTexts: [TextKey: String] { get set }
}

extension LabelTexts {
    /// Sets the label's own text for a locale ("": the base text) and a variant ("": none),
    /// the text `LabelDefinition.text(locale:variant:)` then reads first.
    public mutating func setText(_ text: String, locale: String, variant: String) {
        if !variant.isEmpty {
            variantTexts[TextKey(locale: locale, variant: variant)] = text
        } else if locale.isEmpty {
            self.text = text
        } else {
            texts[locale] = text
        }
    }
}

extension LabelDefinition: LabelTexts {}
