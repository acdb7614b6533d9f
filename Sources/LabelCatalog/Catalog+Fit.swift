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

    /// The label (its record, or its resolved definition) showing this text as its own for the
    /// locale and variant.
    func apply(to label: inout some LabelTexts) {
        label.setText(text, locale: locale, variant: variant)
    }
}

/// How the text of a `FitQuestion` fits one label at one content size category: as the
/// question's variant, or as its worst case (`WorstCase`: the text's format specifiers filled
/// with the longest values their arguments take), as the label's own texts are checked; for a
/// label of a scene, on each of its devices, in the frame Auto Layout gives it with this text.
public struct FitVerdict: Sendable, Hashable {
    public var label: String
    /// The question's variant, or its worst-case variant (`worst`, `plural.other.worst`).
    public var variant: String
    /// The device the label's scene was solved on ("" for a label in no scene).
    public var device: String
    public var category: ContentSizeCategory
    public var fits: Bool
    public var linesShown: Int
    public var linesNeeded: Int
    /// The room left, when it fits.
    public var headroom: Headroom?
    /// The smallest changes that make it fit, when it does not.
    public var fix: FitFix?
    /// For a label of a scene, what solving the scene with this text found (`clipped`,
    /// `unsatisfiable`, `ambiguous`, as `check` reports them): a text with any does not fit.
    public var sceneFindings: [SceneFinding] = []
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
        var labelsByKey: [String: KeyLabels] = [:]
        var scenesByKey: [String: SceneContext] = [:]
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
        /// label's arguments), then device (a label of a scene: each of its devices), then
        /// category.
        public mutating func answer(_ question: FitQuestion) throws(FitError) -> [FitVerdict] {
            let labels = try labels(showing: question.key)
            var verdicts: [FitVerdict] = []
            verdicts.reserveCapacity(labels.definitions.count * categories.count)
            var variantsByLabel: [[String]] = []
            for definition in labels.definitions {
                var variants = [question.variant]
                if let worst = WorstCase.variant(of: question.variant),
                   WorstCase.applies(to: question.text, arguments: definition.arguments) {
                    variants.append(worst)
                }
                variantsByLabel.append(variants)
            }
            // Every label showing the key shows the text: its scenes are solved with it, on each
            // of their devices, at each variant and category answered.
            var devicesByLabel = Array(repeating: [""], count: labels.definitions.count)
            let scenes = labels.inScene ? try self.scenes(of: labels, key: question.key) : nil
            if let scenes {
                var records: [String: LabelRecord] = [:]
                var keys: [String: [LayoutKey]] = [:]
                for (index, record) in labels.records.enumerated() where scenes.links[record.name] != nil {
                    var shown = record
                    question.apply(to: &shown)
                    records[record.name] = shown
                    devicesByLabel[index] = scenes.devices(ofLabel: record.name, settings: catalog.settings)
                    keys[record.name] = variantsByLabel[index].flatMap { variant in
                        devicesByLabel[index].flatMap { device in
                            categories.map { LayoutKey(locale: question.locale, variant: variant, category: $0, device: device) }
                        }
                    }
                }
                scenes.solve(keys, records: records, resolver: &resolver, engine: catalog.engine)
            }
            for (index, var definition) in labels.definitions.enumerated() {
                question.apply(to: &definition)
                for variant in variantsByLabel[index] {
                    for device in devicesByLabel[index] {
                        for category in categories {
                            var placed = definition
                            let key = LayoutKey(locale: question.locale, variant: variant, category: category, device: device)
                            let placement = scenes?.placement(of: definition.name, key: key)
                            placement?.apply(to: &placed)
                            verdicts.append(try verdict(placed, key: key, sceneFindings: placement?.sceneFindings ?? []))
                        }
                    }
                }
            }
            return verdicts
        }

        /// How a label's text fits one of its layouts: the fix when it does not, the headroom
        /// (when asked for) when it does. What solving its scene found (`sceneFindings`) makes a
        /// text that fits its frame not fit.
        func verdict(_ definition: LabelDefinition, key: LayoutKey, sceneFindings: [SceneFinding] = []) throws(FitError) -> FitVerdict {
            let subject = LayoutSubject(definition, locale: key.locale, variant: key.variant, category: key.category)
            do {
                let layout = try catalog.engine.layout(subject)
                var verdict = FitVerdict(label: definition.name, variant: key.variant, device: key.device, category: key.category,
                                         fits: layout.fits && sceneFindings.isEmpty, linesShown: layout.lineCount,
                                         linesNeeded: layout.neededLineCount, sceneFindings: sceneFindings)
                if !layout.fits {
                    verdict.fix = try catalog.engine.fix(subject)
                } else if verdict.fits, measuresHeadroom {
                    verdict.headroom = try catalog.engine.headroom(subject)
                }
                return verdict
            } catch {
                throw .label(name: definition.name, message: "\(error)")
            }
        }

        /// The labels showing a key: their records and resolved definitions, and whether any
        /// is in a scene.
        struct KeyLabels {
            var records: [LabelRecord] = []
            var definitions: [LabelDefinition] = []
            var inScene = false
        }

        /// The labels showing a key, read and resolved once per key.
        mutating func labels(showing key: String) throws(FitError) -> KeyLabels {
            if let known = labelsByKey[key] { return known }
            var labels = KeyLabels()
            var current = ""
            do {
                let statement = try catalog.database.statement("SELECT name FROM labels WHERE key = ? ORDER BY name")
                defer { statement.reset() }
                try statement.bind([.text(key)])
                var names: [String] = []
                while try statement.step() { names.append(statement.text(0) ?? "") }
                for name in names {
                    current = name
                    let record = try catalog.label(named: name)
                    labels.records.append(record)
                    labels.definitions.append(try resolver.resolve(record).definition)
                }
            } catch {
                throw .label(name: current, message: "\(error)")
            }
            guard !labels.definitions.isEmpty else { throw .noLabel(key: key) }
            labels.inScene = try scenes(of: labels, key: key) != nil
            if labelsByKey.count > 100_000 { labelsByKey.removeAll() }
            labelsByKey[key] = labels
            return labels
        }

        /// The scenes of a key's labels (nil when none is in a scene), read once while the key
        /// is among the last `sceneKeysKept` keys in scenes asked about (a scene read back is
        /// most of its storyboard: they are not all kept).
        mutating func scenes(of labels: KeyLabels, key: String) throws(FitError) -> SceneContext? {
            if let known = scenesByKey[key] { return known }
            let scenes: SceneContext?
            do {
                scenes = try catalog.sceneContext(for: Dictionary(labels.records.map { ($0.name, $0) }) { first, _ in first })
            } catch {
                throw .label(name: labels.records[0].name, message: "\(error)")
            }
            guard let scenes else { return nil }
            if scenesByKey.count >= Self.sceneKeysKept { scenesByKey.removeAll() }
            scenesByKey[key] = scenes
            return scenes
        }

        /// How many keys' scenes a checker keeps.
        static let sceneKeysKept = 64
    }
}
