import LabelJSON
import LabelLayout
import LabelModel

/// The input hash a label's layout row must carry to be fresh: the engine's hash of the
/// label's resolved definition (`LayoutEngine.inputHash`) or, for a label that cannot be laid
/// out, the hash of the inputs that failed. A row recording an error is then fresh until one
/// of those inputs changes, like any other row, and the error is served without recomputing.
struct LayoutHasher {
    let engine: LayoutEngine
    /// Environment fingerprints by the font files named by path, computed once each.
    private var environments: [[String]: String] = [:]

    init(engine: LayoutEngine) {
        self.engine = engine
    }

    /// The hash a fresh row of `record`'s layout `key` carries.
    mutating func hash(_ record: LabelRecord, key: LayoutKey, resolver: inout LabelResolver) -> String {
        hash(record, resolved: try? resolver.resolve(record).definition, key: key, tokens: resolver.tokens)
    }

    /// The same, from `record`'s definition resolved against `tokens` (nil: it does not resolve).
    mutating func hash(_ record: LabelRecord, resolved definition: LabelDefinition?, key: LayoutKey, tokens: TokenSet) -> String {
        if let definition,
           let hash = try? engine.inputHash(definition, locale: key.locale, variant: key.variant, category: key.category) {
            return hash
        }
        return failureHash(record, key: key, tokens: tokens)
    }

    /// The hash of what a label that cannot be laid out was made of: its definition as stored
    /// (references as given, every text), the layout (locale, variant, category), every token it names directly or through
    /// aliases (type and value, or absent), the default family and font substitutes, and the environment (engine
    /// version, installed fonts, the font files it names by path). Tagged so it never equals
    /// the hash of a layout.
    mutating func failureHash(_ record: LabelRecord, key: LayoutKey, tokens: TokenSet) -> String {
        var inputs = [record.json.jsonString(), key.locale, key.variant, key.category.rawValue, engine.fonts.identity]
        for name in Catalog.referencedTokens(record, tokens: tokens).sorted() {
            inputs.append(name)
            inputs.append(tokens.tokens[name].map { "\($0.type.rawValue) \($0.value.jsonString())" } ?? "")
        }
        let fontPaths = (try? record.resolve(tokens: tokens))?.definition.font.families.filter(FontLibrary.isFontPath) ?? []
        if environments[fontPaths] == nil {
            environments[fontPaths] = LayoutEngine.environmentFingerprint(fontPaths: fontPaths)
        }
        inputs.append(environments[fontPaths]!)
        return InputHash.ofFailure(inputs)
    }
}
