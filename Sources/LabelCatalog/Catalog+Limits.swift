import LabelLayout
import LabelModel

/// The tightest room the labels showing a key give its text, for translators (docs/fixes.md,
/// "Limits for translators").
public struct KeyLimit: Sendable, Hashable {
    /// `TABLE:KEY`.
    public var key: String
    /// The room: inner width, lines and font at the category's size.
    public var limit: TextLimit
    /// Which label, on which device ("" for a label in no scene), at which content size
    /// category gives this limit.
    public var label: String
    public var device: String
    public var category: ContentSizeCategory
    /// Per locale the label shows a text in ("" = the base text), in locale order: how many
    /// characters of that locale's own text fit at the limit's font; nil when its lines are
    /// unlimited or the text is empty.
    public var characters: [LocaleCharacters]

    public struct LocaleCharacters: Sendable, Hashable {
        public var locale: String
        public var count: Int?
    }
}

/// What `Catalog.limits` found.
public struct KeyLimits: Sendable {
    /// One per key that a laid-out label shows, ordered by key.
    public var limits: [KeyLimit]
    /// The keys matched, those without a limit included.
    public var keyCount: Int
    /// Labels left out because they cannot be laid out, with why.
    public var failures: [(label: String, reason: String)]
}

extension Catalog {
    /// For every key that labels show matching a glob (`TABLE:KEY`), the tightest limit over
    /// every label showing it, every device its layouts are on and every content size category
    /// the catalog keeps (docs/fixes.md, "Limits for translators"). Stale layouts are
    /// recomputed first (as for `freshLayouts`). Each label's width on a device is the one
    /// its base text's layout was laid out in (a label of a scene: the frame Auto Layout
    /// placed it in there, its height taken to follow its text). The tightest is the one
    /// that holds the fewest characters of the base text (unlimited lines hold any number),
    /// then the narrowest; on a tie, the first by label, device and category.
    public func limits(keysMatching glob: String = "*") throws -> KeyLimits {
        let keyed = try labelsByKey(matching: glob)
        guard !keyed.isEmpty else { return KeyLimits(limits: [], keyCount: 0, failures: []) }
        let names = Set(keyed.flatMap(\.labels))
        var rowsByLabel: [String: [StoredLayout]] = [:]
        for row in try freshLayouts(locale: "", variant: "", withLayouts: false) where names.contains(row.label) {
            rowsByLabel[row.label, default: []].append(row)
        }
        try refreshSettings()
        var resolver = LabelResolver(tokens: try tokenSet())
        var limits: [KeyLimit] = []
        var failures: [(label: String, reason: String)] = []
        for (key, labels) in keyed {
            var tightest: Candidate?
            for name in labels {
                do {
                    let definition = try resolver.resolve(try label(named: name)).definition
                    // Every candidate of the label first: one that cannot be laid out is left out whole.
                    var candidates: [Candidate] = []
                    for row in rowsByLabel[name] ?? [] {
                        if let error = row.error { throw CatalogError.invalidLabel(label: name, reason: "cannot be laid out: \(error)") }
                        guard let bounds = row.boundsSize, let category = row.key?.category else { continue }
                        var placed = definition
                        placed.frame.width = bounds.width
                        // Auto Layout sizes a label's height to its text (a height constraint
                        // is not told apart): its lines are its numberOfLines.
                        if row.placement?.source == .autoLayout { placed.isSelfSizing = true }
                        let subject = LayoutSubject(placed, category: category)
                        let limit = try engine.limit(subject)
                        // A text of no width (or none) is compared by its font's size.
                        let advance = try engine.averageAdvance(subject).flatMap { $0 > 0 ? $0 : nil } ?? max(limit.font.size, 1)
                        candidates.append(Candidate(
                            limit: KeyLimit(key: key, limit: limit, label: name, device: row.device, category: category, characters: []),
                            definition: placed,
                            baseCharacters: limit.lineCapacity.map { max(0, limit.width) * Double($0) / advance } ?? .infinity))
                    }
                    for candidate in candidates where tightest.map({ candidate.isTighter(than: $0) }) ?? true {
                        tightest = candidate
                    }
                } catch {
                    failures.append((name, "\(error)"))
                }
            }
            guard let tightest else { continue }
            var found = tightest.limit
            let definition = tightest.definition
            found.characters = try Self.shownTexts(of: definition).map { text in
                let advance = try engine.averageAdvance(LayoutSubject(definition, locale: text.locale, variant: text.variant,
                                                                      category: found.category))
                return KeyLimit.LocaleCharacters(locale: text.locale, count: advance.flatMap { found.limit.characters(averageAdvance: $0) })
            }
            limits.append(found)
        }
        return KeyLimits(limits: limits, keyCount: keyed.count, failures: failures)
    }

    /// One label on one device at one category, as `limits` compares them.
    struct Candidate {
        var limit: KeyLimit
        /// The label's definition in the frame of that device.
        var definition: LabelDefinition
        /// How many characters of the base text it holds (unrounded; infinity when unlimited).
        var baseCharacters: Double

        func isTighter(than other: Candidate) -> Bool {
            (baseCharacters, limit.limit.width) < (other.baseCharacters, other.limit.limit.width)
        }
    }

    /// The keys labels show that match a glob, each with its labels, ordered by key then name.
    func labelsByKey(matching glob: String) throws -> [(key: String, labels: [String])] {
        let statement = try database.statement("SELECT key, name FROM labels WHERE key GLOB ? ORDER BY key, name")
        defer { statement.reset() }
        try statement.bind([.text(glob)])
        var keyed: [(key: String, labels: [String])] = []
        while try statement.step() {
            let key = statement.text(0) ?? "", name = statement.text(1) ?? ""
            if keyed.last?.key == key { keyed[keyed.count - 1].labels.append(name) } else { keyed.append((key, [name])) }
        }
        return keyed
    }

    /// One text per locale a definition shows (the base text first, then locales in order):
    /// the plain text, else its `plural.other` form, else its first variant.
    static func shownTexts(of definition: LabelDefinition) -> [TextKey] {
        var variants: [String: [String]] = [:]
        for key in definition.variantTexts.keys { variants[key.locale, default: []].append(key.variant) }
        let locales = Set([""]).union(definition.texts.keys).union(variants.keys).sorted()
        return locales.map { locale in
            let hasPlain = locale.isEmpty ? !definition.text.isEmpty || variants[""] == nil : definition.texts[locale] != nil
            if hasPlain { return TextKey(locale: locale) }
            let forms = (variants[locale] ?? []).sorted()
            return TextKey(locale: locale, variant: forms.contains("plural.other") ? "plural.other" : forms.first ?? "")
        }
    }
}
