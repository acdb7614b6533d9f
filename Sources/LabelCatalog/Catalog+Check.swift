import AutoLayout
import LabelJSON
import LabelLayout
import LabelModel

/// A label of a scene that keeps the frame Interface Builder saved on a device, and why.
public struct SavedFrameLabel: Sendable, Hashable {
    public var label: String
    public var device: String
    /// The reason's code, to count labels by (`sceneNote.viewKindNotModelled`, …).
    public var code: String
    public var reason: String
}

/// What `check` looks at: labels matching a glob, some locales, some content size categories.
public struct CheckScope: Sendable {
    /// Labels whose names match this glob (SQLite GLOB).
    public var glob: String
    /// Locales as asked for (BCP 47 tags in any case, `""` or `base` = the base text); nil = all.
    public var locales: [String]?
    /// Content size categories as asked for (any case); nil = all the catalog keeps.
    public var categories: [String]?
    /// Also list texts that fit only because their font shrank (kind `shrunk`).
    public var includesShrunk: Bool
    /// Only the labels of one shard (CI runners sharing a check); nil = all.
    public var shard: CheckShard?
    /// Only layouts on this device (a name of the device table), with those of labels in no
    /// scene; nil = every device.
    public var device: String?
    /// List texts that fit with less than this many points of headroom (kind `tight`).
    public var headroomBelow: Double?
    /// List texts that fit, but not at every content size category up to this one (kind
    /// `category`).
    public var minimumCategory: ContentSizeCategory?

    public init(glob: String = "*", locales: [String]? = nil, categories: [String]? = nil, includesShrunk: Bool = false,
                shard: CheckShard? = nil, device: String? = nil, headroomBelow: Double? = nil,
                minimumCategory: ContentSizeCategory? = nil) {
        self.glob = glob
        self.locales = locales
        self.categories = categories
        self.includesShrunk = includesShrunk
        self.shard = shard
        self.device = device
        self.headroomBelow = headroomBelow
        self.minimumCategory = minimumCategory
    }

    /// Whether findings of `kind` are listed under this scope: `shrunk`, `tight` and
    /// `category` only when asked for.
    public func lists(_ kind: FindingKind) -> Bool {
        switch kind {
        case .shrunk: includesShrunk
        case .tight: headroomBelow != nil
        case .category: minimumCategory != nil
        case .truncated, .lines, .error, .clipped, .unsatisfiable, .ambiguous: true
        }
    }
}

/// Shard `index` of `count` (1-based): the labels whose name's stable hash (64-bit FNV-1a of
/// its UTF-8, the same on every machine and run) is `index - 1` modulo `count`. The shards
/// 1…N of a check split its labels between them, each label in exactly one (docs/ci.md).
public struct CheckShard: Sendable, Hashable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// Nil unless 1 ≤ index ≤ count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }

    /// Whether the label named `name` is in this shard.
    public func contains(_ name: String) -> Bool {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return Int(hash % UInt64(count)) == index - 1
    }
}

/// How an asked-for locale was matched to the catalog's locales.
public struct LocaleMatch: Sendable, Hashable {
    /// As asked for.
    public var requested: String
    /// The catalog's locale it matched ("" = the base text).
    public var matched: String
    /// True when `matched` is a fallback (`de` for `de-DE`), not the tag itself.
    public var isFallback: Bool
}

/// What `check` found: every text it looked at, and a finding for each that does not fit.
public struct CheckResult: Sendable {
    public var scope: CheckScope
    /// Every checked text, ordered by label, locale, variant, category.
    public var checked: [CheckedText]
    /// The texts that do not fit, in the same order.
    public var findings: [Finding]
    /// The number of distinct labels checked.
    public var labelCount: Int
    /// How each asked-for locale was matched (empty when all locales were checked).
    public var localeMatches: [LocaleMatch]
    /// The categories checked.
    public var categories: [String]
    /// Keys holding texts (imported from the app's files) that no label in the catalog has:
    /// texts the app shows that nothing checks. Sorted, with where one of their texts was read.
    public var keysWithoutLabels: [UnmatchedKey]
    /// Labels of scenes that keep the frame Interface Builder saved (their layouts depend on
    /// something not modelled), each once per device, with the reason's code and sentence.
    public var savedFrames: [SavedFrameLabel] = []
    /// Labels of scenes checked (once per device), and of those the ones Auto Layout placed.
    public var sceneLabels = 0
    public var solvedSceneLabels = 0

    /// `labelCount` defaults to the distinct labels of `checked`.
    public init(scope: CheckScope, checked: [CheckedText], findings: [Finding], labelCount: Int? = nil,
                localeMatches: [LocaleMatch] = [], categories: [String] = [Finding.defaultCategory],
                keysWithoutLabels: [UnmatchedKey] = []) {
        self.scope = scope
        self.checked = checked
        self.findings = findings
        self.labelCount = labelCount ?? Set(checked.map(\.label)).count
        self.localeMatches = localeMatches
        self.categories = categories
        self.keysWithoutLabels = keysWithoutLabels
    }

    /// The finding of each text that has one.
    public var findingsByText: [CheckedText: Finding] {
        Dictionary(findings.map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// True when a text with this identity's label, locale and category lies in what was
    /// checked, whether or not it still exists: its label matches the glob, and its locale
    /// and category are among those checked (any, when none was asked for); an identity of
    /// a kind listed only when asked (`shrunk`) only when shrunk texts were listed.
    public func covers(_ identity: FindingIdentity) -> Bool {
        guard scope.lists(identity.kind) else { return false }
        guard scope.glob == "*" || sqliteGlob(scope.glob, identity.label) else { return false }
        if let shard = scope.shard, !shard.contains(identity.label) { return false }
        if let device = scope.device, !identity.device.isEmpty, identity.device != device { return false }
        if scope.locales != nil, !localeMatches.contains(where: { $0.matched == identity.locale }) { return false }
        return categories.contains(identity.category)
    }
}

/// Why `check` has nothing to check: something asked for matched nothing.
public enum CheckError: Error, Sendable, CustomStringConvertible {
    /// The catalog holds no labels at all.
    case emptyCatalog(path: String)
    /// No label's name matches the glob.
    case noLabels(glob: String, labelCount: Int)
    /// No text of a label matching the glob has this locale (nor its fallbacks).
    case noLocale(requested: String, glob: String, available: [String])
    /// The catalog keeps no layouts for this content size category.
    case noCategory(requested: String, available: [String])

    public var description: String {
        switch self {
        case .emptyCatalog(let path):
            return "nothing to check: the catalog '\(path)' has no labels"
        case .noLabels(let glob, let count):
            return "nothing to check: no label matches '\(glob)' (the catalog has \(count) label\(count == 1 ? "" : "s"))"
        case .noLocale(let requested, let glob, let available):
            let labels = glob == "*" ? "no label" : "no label matching '\(glob)'"
            let list = available.map(LocaleTag.name).joined(separator: ", ")
            return "nothing to check: \(labels) has a text for locale '\(requested)' (locales: \(list))"
        case .noCategory(let requested, let available):
            return "nothing to check: the catalog keeps no layouts for content size category '\(requested)' (categories: \(available.joined(separator: ", ")))"
        }
    }
}

/// BCP 47 language tags as `check` compares them: case-insensitively, `_` read as `-`, and
/// with the lookup fallback of RFC 4647 (`zh-Hant-TW` → `zh-Hant` → `zh`).
public enum LocaleTag {
    /// True for the spellings of the base text: `base` (any case, as `Base.lproj`), and `""`
    /// (the catalog's own value).
    public static func isBase(_ tag: String) -> Bool {
        tag.isEmpty || tag.lowercased() == baseName
    }

    /// How every output writes the base text's locale (""), the spelling `isBase` reads back.
    public static let baseName = "base"

    /// A locale as outputs write it: `base` for the base text, else the tag.
    public static func name(_ locale: String) -> String {
        locale.isEmpty ? baseName : locale
    }

    /// Lowercased, with `_` as `-`: the form tags are compared in.
    public static func normalized(_ tag: String) -> String {
        String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    /// The tag, then each shorter tag it falls back to: the last subtag dropped each time,
    /// and a single-letter subtag (`x`, `u`, …) left at the end dropped with it.
    public static func fallbacks(_ tag: String) -> [String] {
        var subtags = normalized(tag).split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        var chain: [String] = []
        while !subtags.isEmpty {
            chain.append(subtags.joined(separator: "-"))
            subtags.removeLast()
            while let last = subtags.last, last.count == 1, subtags.count > 1 { subtags.removeLast() }
        }
        return chain
    }
}

extension Catalog {
    /// Checks the fresh layouts in `scope` (stale ones are recomputed first): a finding for
    /// every text that is truncated, loses lines to the label's height, or cannot be laid
    /// out (and with `includesShrunk`, fits only by shrinking), at every content size category
    /// the catalog keeps. Throws `CheckError` when the glob, a locale or a category matches nothing.
    public func check(_ scope: CheckScope = CheckScope()) throws -> CheckResult {
        guard try database.scalarInt("SELECT EXISTS (SELECT 1 FROM labels WHERE name GLOB ?)", .text(scope.glob)) == 1 else {
            let total = try database.scalarInt("SELECT count(*) FROM labels") ?? 0
            if total == 0 { throw CheckError.emptyCatalog(path: path) }
            throw CheckError.noLabels(glob: scope.glob, labelCount: total)
        }
        try refreshSettings()
        let categories = try matchCategories(scope.categories)
        var localeMatches: [LocaleMatch] = []
        if let requested = scope.locales {
            let available = try textLocales(matching: scope.glob)
            for tag in requested {
                localeMatches += try Self.matchLocale(tag, available: available, glob: scope.glob)
            }
        }
        let wanted = Set(localeMatches.map(\.matched))
        var scope = scope
        if let asked = scope.device {
            guard let known = Device(named: asked) else {
                throw CatalogError.invalidInput("unknown device \"\(asked)\" (known: \(Device.all.map(\.name).joined(separator: ", ")))")
            }
            scope.device = known.name
        }
        let filter = LayoutFilter(locale: wanted.count == 1 ? wanted.first : nil,
                                  category: categories.count == 1 ? ContentSizeCategory(rawValue: categories[0]) : nil, device: scope.device)
        try refreshLayouts(matching: scope.glob, locale: filter.locale, category: filter.category, device: filter.device)
        var measurer = OverflowMeasurer(catalog: self, tokens: try tokenSet(), scope: scope)
        var findings: [Finding] = []
        var savedFrames: [SavedFrameLabel] = []
        var placed: Set<[String]> = []
        var solved: Set<[String]> = []
        // The rows a batch at a time, as they are read: their findings found, then their advice
        // worked out together on every core.
        let rows = try checkRows(scope, filter: filter, locales: scope.locales == nil ? nil : wanted,
                                 categories: Set(categories)) { wholeRows in
            var pending: [PendingFinding] = []
            for row in wholeRows {
                let text = CheckedText(label: row.label, locale: row.locale, variant: row.variant, category: row.category,
                                       device: row.device)
                if let finding = try measurer.finding(for: row, text: text) { pending.append(finding) }
                guard let placement = row.placement else { continue }
                if placed.insert([row.label, row.device]).inserted, placement.source == .saved, let reason = placement.savedReason {
                    savedFrames.append(SavedFrameLabel(label: row.label, device: row.device, code: reason.code, reason: reason.description))
                }
                if placement.source == .autoLayout { solved.insert([row.label, row.device]) }
                for sceneFinding in placement.findings {
                    guard let kind = FindingKind(rawValue: sceneFinding.kind) else { continue }
                    var finding = Finding(label: text.label, locale: text.locale, variant: text.variant, category: text.category,
                                          device: text.device, kind: kind, source: try measurer.source(of: row))
                    finding.detail = sceneFinding.message
                    pending.append(PendingFinding(finding: finding))
                }
            }
            findings += try measurer.withAdvice(pending)
        }
        if !isReadOnly {
            // Only a cache: a check that cannot keep its advice has still found what it found.
            let wholeCatalog = scope.glob == "*" && scope.locales == nil && scope.categories == nil && scope.device == nil
                && scope.shard == nil
            try? keep(measurer.computedAdvice, used: measurer.usedAdvice, replacing: wholeCatalog)
        }
        var result = CheckResult(scope: scope, checked: rows.texts, findings: findings, labelCount: rows.labelCount,
                                 localeMatches: localeMatches, categories: categories, keysWithoutLabels: try keysWithoutLabels())
        result.savedFrames = savedFrames
        result.sceneLabels = placed.count
        result.solvedSceneLabels = solved.count
        return result
    }

    /// How many rows `check` takes at a time: their advice is worked out together.
    static let rowsPerAdviceBatch = 4096

    /// The locales of the texts of labels matching a glob, with "" for the base text and the
    /// pseudo-locales the catalog lays out.
    func textLocales(matching glob: String) throws -> [String] {
        let statement = try database.statement("""
            SELECT locale FROM label_texts WHERE label GLOB ?1 AND locale <> ''
            UNION SELECT k.locale FROM labels l JOIN key_texts k ON k.key = l.key WHERE l.name GLOB ?1 AND k.locale <> ''
            ORDER BY 1
            """)
        try statement.bind([.text(glob)])
        var locales = [""]
        while try statement.step() { locales.append(statement.text(0) ?? "") }
        for language in settings.pseudoLanguages where !locales.contains(language.locale) { locales.append(language.locale) }
        return locales
    }

    /// The catalog locales a requested tag stands for: the base text for `""`/`base`, else
    /// every locale equal to the tag (case-insensitively), or failing that to its nearest
    /// fallback that exists.
    static func matchLocale(_ tag: String, available: [String], glob: String) throws(CheckError) -> [LocaleMatch] {
        if LocaleTag.isBase(tag) { return [LocaleMatch(requested: tag, matched: "", isFallback: false)] }
        let chain = LocaleTag.fallbacks(tag)
        for (index, candidate) in chain.enumerated() {
            let matches = available.filter { !$0.isEmpty && LocaleTag.normalized($0) == candidate }
            if !matches.isEmpty {
                return matches.map { LocaleMatch(requested: tag, matched: $0, isFallback: index > 0) }
            }
        }
        throw .noLocale(requested: tag, glob: glob, available: available)
    }

    /// The requested categories as the catalog spells them (all when nil).
    func matchCategories(_ requested: [String]?) throws(CheckError) -> [String] {
        let kept = contentSizeCategories.map(\.rawValue)
        guard let requested else { return kept }
        var matched: [String] = []
        for name in requested {
            guard let category = ContentSizeCategory(named: name)?.rawValue, kept.contains(category) else {
                throw .noCategory(requested: name, available: kept)
            }
            if !matched.contains(category) { matched.append(category) }
        }
        return matched
    }
}

/// Turns stored layout rows into findings, measuring by how much a text does not fit. It
/// resolves a label only when one of its texts does not fit, once per label, and names the
/// file, line and key an imported text came from.
struct OverflowMeasurer {
    let catalog: Catalog
    let includesShrunk: Bool
    let headroomBelow: Double?
    let minimumCategory: ContentSizeCategory?
    var resolver: LabelResolver
    /// The facts of the label last asked about: a check's rows come label by label, so one
    /// label's are kept at a time (not every label's, which for a large catalog is hundreds of
    /// megabytes of resolved definitions).
    private var lastLabel: (name: String, facts: LabelFacts)?
    /// Advice worked out by this check, by input hash, not yet in the catalog.
    var computedAdvice: [String: FindingAdvice] = [:]
    /// The input hashes of every finding's advice this check used.
    var usedAdvice: Set<String> = []

    /// What findings say of a label: its resolved definition (nil when it no longer
    /// resolves), key and source, and the locale its base text comes from when it is its
    /// key's ("" = Base, else the development language; nil when it is its own).
    struct LabelFacts {
        var definition: LabelDefinition?
        var key: String?
        var source: TextSource?
        var baseFromKey: String?
    }

    init(catalog: Catalog, tokens: TokenSet, scope: CheckScope) {
        self.catalog = catalog
        includesShrunk = scope.includesShrunk
        headroomBelow = scope.headroomBelow
        minimumCategory = scope.minimumCategory
        resolver = LabelResolver(tokens: tokens)
    }

    /// The finding of a row, or nil when its text fits; with what its advice is worked out
    /// from, when it needs some (`withAdvice`).
    mutating func finding(for row: StoredLayout, text: CheckedText) throws -> PendingFinding? {
        if let error = row.error {
            return PendingFinding(finding: Finding(label: text.label, locale: text.locale, variant: text.variant, category: text.category,
                                                   device: text.device, kind: .error, source: try source(of: row), error: error))
        }
        let shown = row.lineCount ?? 0
        let needed = row.neededLineCount ?? 0
        let hides = row.truncated || needed > shown
        if !hides, !(includesShrunk && row.shrunk) { return try headroomFinding(for: row, text: text).map { PendingFinding(finding: $0) } }
        var finding = Finding(label: text.label, locale: text.locale, variant: text.variant, category: text.category,
                              device: text.device, kind: hides ? .truncated : .shrunk, linesShown: shown, linesNeeded: needed,
                              lines: row.lines.map(\.text), source: try source(of: row))
        guard hides, let own = try label(row.label).definition, let key = row.key else { return PendingFinding(finding: finding) }
        // A label laid out in its solved frame is measured in that frame.
        let definition = row.placed(own)
        let limit = definition.numberOfLines > 0 ? definition.numberOfLines : Int.max
        // A self-sizing label has the height of its lines: it never loses one to its height.
        if shown < limit, definition.isSelfSizing { return nil }
        if shown < limit { finding.kind = .lines }
        return PendingFinding(finding: finding, advice: AdviceSubject(definition: definition, key: key, fontSize: row.fontSize,
                                                                      linesShown: shown, linesNeeded: needed))
    }

    /// The findings with their advice: how far each text is over, and its fix. Advice is kept
    /// by the input hash of the label as placed: this check's, else the catalog's
    /// (`finding_advice`), else worked out by laying the text out again — on every core — and
    /// kept in `computedAdvice` for `Catalog.keep(_:used:replacing:)`.
    mutating func withAdvice(_ pending: [PendingFinding]) throws -> [Finding] {
        let engine = catalog.engine
        let subjects = pending.compactMap(\.advice)
        let hashes = try EveryCore.map(subjects) { subject in Result { try subject.inputHash(engine) } }.map { try $0.get() }
        var known: [String: FindingAdvice] = [:]
        var missing: [Int] = [] // the first subject of each hash with no advice yet
        var missingHashes: Set<String> = []
        for (index, hash) in hashes.enumerated() where known[hash] == nil && !missingHashes.contains(hash) {
            usedAdvice.insert(hash)
            if let advice = try computedAdvice[hash] ?? catalog.storedAdvice(hash) {
                known[hash] = advice
            } else {
                missing.append(index)
                missingHashes.insert(hash)
            }
        }
        let worked = EveryCore.map(missing.map { subjects[$0] }) { subject in Result { try subject.advice(engine) } }
        for (index, result) in zip(missing, worked) {
            let advice = try result.get()
            known[hashes[index]] = advice
            computedAdvice[hashes[index]] = advice
        }
        var next = 0 // the index of the next subject's hash
        return pending.map { pending in
            var finding = pending.finding
            guard pending.advice != nil else { return finding }
            defer { next += 1 }
            if let advice = known[hashes[next]] { // every subject's is known by now
                finding.widthOver = advice.widthOver
                finding.heightOver = advice.heightOver
                finding.fix = advice.fix
            }
            return finding
        }
    }

    /// For a text that fits, when a headroom or minimum category is asked for: a `category`
    /// finding when it does not fit at every category up to the minimum (with the fix at the
    /// first that does not), else a `tight` one when its headroom is below the one asked for.
    mutating func headroomFinding(for row: StoredLayout, text: CheckedText) throws -> Finding? {
        guard headroomBelow != nil || minimumCategory != nil,
              let own = try label(row.label).definition, let key = row.key else { return nil }
        // A label laid out in its solved frame has its room in that frame.
        let definition = row.placed(own)
        let subject = LayoutSubject(definition, locale: key.locale, variant: key.variant, category: key.category)
        let headroom = try catalog.engine.headroom(subject)
        var finding = Finding(label: text.label, locale: text.locale, variant: text.variant, category: text.category,
                              device: text.device, kind: .category, linesShown: row.lineCount ?? 0, linesNeeded: row.neededLineCount ?? 0,
                              lines: row.lines.map(\.text), source: try source(of: row))
        finding.headroom = headroom
        if let minimumCategory, key.category < minimumCategory, let fitsUpTo = headroom.fitsUpTo, fitsUpTo < minimumCategory {
            let failing = ContentSizeCategory.allCases.first { $0 > fitsUpTo } ?? minimumCategory
            finding.fix = try catalog.engine.fix(LayoutSubject(definition, locale: key.locale, variant: key.variant, category: failing))
            return finding
        }
        if let headroomBelow, let width = headroom.width, width < headroomBelow {
            finding.kind = .tight
            return finding
        }
        return nil
    }

    /// What findings say of a label (read once for its rows in a row).
    mutating func label(_ name: String) throws -> LabelFacts {
        if let lastLabel, lastLabel.name == name { return lastLabel.facts }
        let record = try catalog.label(named: name)
        let found = LabelFacts(definition: (try? resolver.resolve(record))?.definition, key: record.key, source: record.source,
                               baseFromKey: record.textsFromKey.contains(TextKey(locale: "")) ? "" : nil)
        lastLabel = (name, found)
        return found
    }

    /// Where the row's text was imported from: its `label_texts` row's file and line, else its
    /// key's text's; the label's own for its base text; a pseudo-locale's text is made from
    /// the base text; a worst-case variant's is its text's.
    mutating func source(of row: StoredLayout) throws -> FindingSource? {
        let label = try label(row.label)
        let variant = WorstCase.textVariant(of: row.variant)
        func base(_ variant: String) throws -> TextSource? {
            if label.baseFromKey != nil || !variant.isEmpty,
               let source = try catalog.textSource(label: row.label, key: TextKey(locale: "", variant: variant)) {
                return source
            }
            return label.source
        }
        var text: TextSource?
        if row.locale.isEmpty {
            text = try base(variant)
        } else {
            text = try catalog.textSource(label: row.label, key: TextKey(locale: row.locale, variant: variant))
            if text == nil, PseudoLanguage(locale: row.locale) != nil { text = try base(variant) }
        }
        return text.map { FindingSource(file: $0.file, line: $0.line, key: label.key) }
    }
}

extension Catalog {
    /// The file and line a text of a label was imported from: its own text's (nil when set by
    /// hand), else its key's text's; for the base text of a label that shows its key's, the
    /// key's Base text's, else its development-language text's.
    func textSource(label: String, key: TextKey) throws -> TextSource? {
        let own = try database.statement("SELECT file, line FROM label_texts WHERE label = ? AND locale = ? AND variant = ?")
        defer { own.reset() }
        try own.bind([.text(label), .text(key.locale), .text(key.variant)])
        if try own.step() {
            return own.text(0).map { TextSource(file: $0, line: own.optionalInt(1)) }
        }
        try? refreshSettings()
        let locales = key.locale.isEmpty ? ["", settings.developmentLanguage] : [key.locale]
        let keyed = try database.statement("""
            SELECT k.file, k.line FROM labels l JOIN key_texts k ON k.key = l.key
            WHERE l.name = ?1 AND k.locale = ?2 AND k.variant = ?3
            """)
        defer { keyed.reset() }
        for locale in locales {
            keyed.reset()
            try keyed.bind([.text(label), .text(locale), .text(key.variant)])
            if try keyed.step() {
                return keyed.text(0).map { TextSource(file: $0, line: keyed.optionalInt(1)) }
            }
        }
        return nil
    }
}

/// A finding as a check's rows give it, before its advice (`OverflowMeasurer.withAdvice`).
struct PendingFinding {
    var finding: Finding
    /// What its advice is worked out from (nil: it takes none).
    var advice: AdviceSubject?
}

/// A text that does not fit its label, as its advice is worked out: the label as placed, the
/// layout's key and font size, and the lines shown and needed.
struct AdviceSubject: Sendable {
    var definition: LabelDefinition
    var key: LayoutKey
    var fontSize: Double?
    var linesShown: Int
    var linesNeeded: Int

    /// The input hash its advice is kept by.
    func inputHash(_ engine: LayoutEngine) throws(LayoutError) -> String {
        try engine.inputHash(definition, locale: key.locale, variant: key.variant, category: key.category)
    }

    /// How far the text is over and its fix, laid out again.
    func advice(_ engine: LayoutEngine) throws -> FindingAdvice {
        let overflow = try engine.overflow(definition, locale: key.locale, variant: key.variant, category: key.category,
                                           fontSize: fontSize, linesShown: linesShown, linesNeeded: linesNeeded)
        let fix = try engine.fix(LayoutSubject(definition, locale: key.locale, variant: key.variant, category: key.category))
        return FindingAdvice(widthOver: overflow.width, heightOver: overflow.height, fix: fix)
    }
}

/// How far a text that does not fit its label is over, and the smallest changes that make it
/// fit, as `check` reports them.
struct FindingAdvice {
    var widthOver: Double
    var heightOver: Double
    var fix: FitFix?
}

extension Catalog {
    /// The advice kept for an input hash (`finding_advice`), nil when there is none.
    func storedAdvice(_ inputHash: String) throws -> FindingAdvice? {
        let statement = try database.statement("SELECT width_over, height_over, fix FROM finding_advice WHERE input_hash = ?")
        try statement.bind([.text(inputHash)])
        guard try statement.step() else { return nil }
        let fix = statement.text(2).flatMap { try? JSONValue.parse($0) }.flatMap(FitFix.init(json:))
        return FindingAdvice(widthOver: statement.double(0), heightOver: statement.double(1), fix: fix)
    }

    /// Keeps the advice a check worked out; with `replacing`, a check of every text, also
    /// deletes what it did not use (advice for layouts that have changed since).
    func keep(_ computed: [String: FindingAdvice], used: Set<String>, replacing: Bool) throws {
        guard !computed.isEmpty || replacing else { return }
        try write {
            if replacing {
                let stored = try database.statement("SELECT input_hash FROM finding_advice")
                var unused: [String] = []
                while try stored.step() {
                    if let hash = stored.text(0), !used.contains(hash) { unused.append(hash) }
                }
                let delete = try database.statement("DELETE FROM finding_advice WHERE input_hash = ?")
                for hash in unused {
                    try delete.bind([.text(hash)])
                    _ = try delete.step()
                    delete.reset()
                }
            }
            let insert = try database.statement("""
                INSERT OR REPLACE INTO finding_advice (input_hash, width_over, height_over, fix) VALUES (?, ?, ?, ?)
                """)
            for (hash, advice) in computed {
                var fix = SQLValue.null
                if let found = advice.fix {
                    var writer = JSONWriter(numberStyle: .exact, capacity: 256)
                    found.writeJSON(into: &writer)
                    fix = .text(writer.string)
                }
                try insert.bind([.text(hash), .real(advice.widthOver), .real(advice.heightOver), fix])
                _ = try insert.step()
                insert.reset()
            }
        }
    }
}
