import LabelLayout
import LabelModel

/// A question for `Catalog.FitChecker`: does this text, as the key's text in this locale, fit
/// every label that shows the key (docs/fixes.md, "fit")?
public struct FitQuestion: Sendable, Hashable {
    /// `TABLE:KEY`, as labels name their key.
    public var key: String
    /// The locale the text is in ("" = the base text).
    public var locale: String
    /// The text, format specifiers and all (they are filled in as for the label's own texts).
    public var text: String
    /// "" = the plain text, else a plural form or device variant (`plural.other`).
    public var variant: String

    public init(key: String, locale: String, text: String, variant: String = "") {
        self.key = key
        self.locale = locale
        self.text = text
        self.variant = variant
    }
}

/// How the text of a `FitQuestion` fits one label at one content size category: as the
/// question's variant, or as its worst case (`WorstCase`: the text's format specifiers filled
/// with the longest values their arguments take), as the label's own texts are checked.
public struct FitVerdict: Sendable, Hashable {
    public var label: String
    /// The question's variant, or its worst-case variant (`worst`, `plural.other.worst`).
    public var variant: String
    public var category: ContentSizeCategory
    public var fits: Bool
    public var linesShown: Int
    public var linesNeeded: Int
    /// The room left, when it fits.
    public var headroom: Headroom?
    /// The smallest changes that make it fit, when it does not.
    public var fix: FitFix?
}

/// Why a `FitQuestion` has no answer.
public enum FitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No label in the catalog shows this key.
    case noLabel(key: String)
    /// A label that shows the key cannot be resolved or laid out.
    case label(name: String, message: String)

    public var description: String {
        switch self {
        case .noLabel(let key): "no label shows the key '\(key)'"
        case .label(let name, let message): "label '\(name)': \(message)"
        }
    }
}

extension Catalog {
    /// Answers `FitQuestion`s from the catalog: the labels showing a key are read and resolved
    /// once, then every answer is a layout per label and content size category the catalog
    /// keeps (docs/fixes.md, "fit").
    public struct FitChecker {
        let catalog: Catalog
        var resolver: LabelResolver
        var labelsByKey: [String: [LabelDefinition]] = [:]
        /// The categories every answer covers.
        public let categories: [ContentSizeCategory]
        /// Also measure headroom (the largest category that fits) for texts that fit.
        public var measuresHeadroom: Bool

        public init(catalog: Catalog, categories: [ContentSizeCategory]? = nil, measuresHeadroom: Bool = false) throws {
            self.catalog = catalog
            try catalog.refreshSettings()
            resolver = LabelResolver(tokens: try catalog.tokenSet())
            self.categories = categories ?? catalog.contentSizeCategories
            self.measuresHeadroom = measuresHeadroom
        }

        /// The verdict for every label showing the key, at every category, ordered by label,
        /// then variant (the question's, then its worst case when the text has one for that
        /// label's arguments), then category.
        public mutating func answer(_ question: FitQuestion) throws(FitError) -> [FitVerdict] {
            let definitions = try labels(showing: question.key)
            var verdicts: [FitVerdict] = []
            verdicts.reserveCapacity(definitions.count * categories.count)
            for var definition in definitions {
                if question.variant.isEmpty {
                    if question.locale.isEmpty { definition.text = question.text } else { definition.texts[question.locale] = question.text }
                } else {
                    definition.variantTexts[TextKey(locale: question.locale, variant: question.variant)] = question.text
                }
                var variants = [question.variant]
                if let worst = WorstCase.variant(of: question.variant),
                   WorstCase.applies(to: question.text, arguments: definition.arguments) {
                    variants.append(worst)
                }
                for variant in variants {
                    for category in categories {
                        verdicts.append(try verdict(definition, locale: question.locale, variant: variant, category: category))
                    }
                }
            }
            return verdicts
        }

        /// How a label's text fits at a category: the fix when it does not, the headroom (when
        /// asked for) when it does.
        func verdict(_ definition: LabelDefinition, locale: String, variant: String,
                     category: ContentSizeCategory) throws(FitError) -> FitVerdict {
            let subject = LayoutSubject(definition, locale: locale, variant: variant, category: category)
            do {
                let layout = try catalog.engine.layout(subject)
                var verdict = FitVerdict(label: definition.name, variant: variant, category: category, fits: layout.fits,
                                         linesShown: layout.lineCount, linesNeeded: layout.neededLineCount)
                if layout.fits {
                    if measuresHeadroom { verdict.headroom = try catalog.engine.headroom(subject) }
                } else {
                    verdict.fix = try catalog.engine.fix(subject)
                }
                return verdict
            } catch {
                throw .label(name: definition.name, message: "\(error)")
            }
        }

        /// The resolved definitions of the labels showing a key (read once per key).
        mutating func labels(showing key: String) throws(FitError) -> [LabelDefinition] {
            if let known = labelsByKey[key] { return known }
            var definitions: [LabelDefinition] = []
            var current = ""
            do {
                let statement = try catalog.database.statement("SELECT name FROM labels WHERE key = ? ORDER BY name")
                defer { statement.reset() }
                try statement.bind([.text(key)])
                var names: [String] = []
                while try statement.step() { names.append(statement.text(0) ?? "") }
                for name in names {
                    current = name
                    definitions.append(try resolver.resolve(try catalog.label(named: name)).definition)
                }
            } catch {
                throw .label(name: current, message: "\(error)")
            }
            guard !definitions.isEmpty else { throw .noLabel(key: key) }
            if labelsByKey.count > 100_000 { labelsByKey.removeAll() }
            labelsByKey[key] = definitions
            return definitions
        }
    }
}
