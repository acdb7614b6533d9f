import AutoLayout
import LabelJSON
import LabelLayout
import LabelModel

/// A catalog setting: a row of the `settings` table that every layout depends on. A change,
/// made by anyone, recomputes every label (a trigger queues it).
public enum CatalogSetting: String, Sendable, CaseIterable {
    /// The family (or comma-separated fallback list of families) of labels that name none.
    case defaultFamily = "default_family"
    /// The content size categories layouts are kept for: a comma-separated list of UIKit names.
    case categories
    /// Xcode's pseudolanguages laid out for every label: a comma-separated list of
    /// `double`, `accented`, `bounded`, `rtl` (or their locales `x-pseudo-…`); empty for none.
    case pseudoLocales = "pseudo_locales"
    /// Families set in other families: comma-separated `FAMILY=SUBSTITUTE` pairs
    /// (`FontSubstitutes`); empty for none.
    case fontSubstitutes = "font_substitutes"
    /// The development language: the locale whose texts are the base text of keyed labels
    /// that have no base text of their own nor a Base one (`en` unless set; an import sets it
    /// when it is not set yet, docs/xcode-files.md).
    case developmentLanguage = "development_language"
    /// The devices the labels of Interface Builder scenes are laid out on: comma-separated
    /// names of the device table (`iPhone SE (3rd generation),iPhone 16 Pro Max`); empty for
    /// the device each file was designed at (docs/autolayout.md).
    case devices

    /// The setting's key in the `settings` table (`default_family`).
    public var key: String { rawValue }

    /// The value a new catalog has.
    public var defaultValue: String {
        switch self {
        case .defaultFamily: SystemFont.families
        case .categories: ContentSizeCategory.large.rawValue
        case .pseudoLocales: ""
        case .fontSubstitutes: ""
        case .developmentLanguage: "en"
        case .devices: ""
        }
    }

    /// What the setting holds, for help texts.
    public var summary: String {
        switch self {
        case .defaultFamily: "the family of labels that name none (the system font); a comma-separated list is a fallback list"
        case .categories: "the content size categories layouts are kept for, comma-separated UIKit names (default large)"
        case .pseudoLocales: "Xcode's pseudolanguages laid out for every label: double, accented, bounded, rtl (comma-separated; empty for none)"
        case .fontSubstitutes: "families set in other families, e.g. Avenir Next=Inter, Helvetica Neue=Liberation Sans (comma-separated; empty for none)"
        case .developmentLanguage: "the locale whose texts are the base text of keyed labels without one of their own (default en)"
        case .devices: "the devices scenes of storyboards and xibs are laid out on, comma-separated names such as iPhone SE (3rd generation),iPhone 16 Pro Max (empty: the device each file was designed at)"
        }
    }

    /// The value as stored: checked and written the one way (`large, extraLarge` → `large,extraLarge`).
    public func normalized(_ value: String) throws(CatalogError) -> String {
        func invalid(_ reason: String) -> CatalogError { .invalidSetting(setting: key, value: value, reason: reason) }
        let parts = value.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        switch self {
        case .defaultFamily:
            guard !parts.contains(where: \.isEmpty) else { throw invalid("a family name must not be empty") }
            guard !value.utf8.contains(0) else { throw invalid("a family name holds no U+0000") }
            return parts.joined(separator: ", ")
        case .categories:
            var categories: [ContentSizeCategory] = []
            for part in parts {
                guard let category = ContentSizeCategory(named: part) else {
                    throw invalid("unknown content size category \"\(part)\" (expected one of \(ContentSizeCategory.names))")
                }
                if !categories.contains(category) { categories.append(category) }
            }
            return categories.map(\.rawValue).joined(separator: ",")
        case .pseudoLocales:
            guard !value.trimmingSpaces.isEmpty else { return "" }
            var languages: [PseudoLanguage] = []
            for part in parts {
                guard let language = PseudoLanguage(named: part) else {
                    throw invalid("unknown pseudolanguage \"\(part)\" (expected one of \(PseudoLanguage.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                if !languages.contains(language) { languages.append(language) }
            }
            return languages.map(\.rawValue).joined(separator: ",")
        case .fontSubstitutes:
            return try Self.fontSubstitutes(value).spelling
        case .developmentLanguage:
            let locale = String(value.trimmingSpaces.map { $0 == "_" ? "-" : $0 })
            guard !locale.isEmpty, !LocaleTag.isBase(locale) else { throw invalid("the development language is a locale such as en or pt-BR") }
            guard LabelRecord.isValidLocale(locale), !locale.contains(",") else { throw invalid("\(LabelRecord.localeRule) and no comma") }
            return locale
        case .devices:
            guard !value.trimmingSpaces.isEmpty else { return "" }
            do {
                return try Device.list(from: value).map(\.name).joined(separator: ",")
            } catch {
                throw invalid(error.description)
            }
        }
    }

    /// The `font_substitutes` setting's value, read; an error naming the setting when it is not valid.
    static func fontSubstitutes(_ value: String) throws(CatalogError) -> FontSubstitutes {
        do { return try FontSubstitutes(parsing: value) } catch {
            let reason: String
            if case .invalidField(_, let message) = error { reason = message } else { reason = "\(error)" }
            throw .invalidSetting(setting: CatalogSetting.fontSubstitutes.key, value: value, reason: reason)
        }
    }
}

/// The settings layouts are computed under, read from the `settings` table.
public struct CatalogSettings: Sendable, Hashable {
    /// The system font: its families in fallback order, comma-separated, as the setting
    /// stores them and the engine takes them.
    public var defaultFamily: String
    /// The content size categories every label is laid out at, in the order given.
    public var categories: [ContentSizeCategory]
    /// The pseudolanguages every label is laid out in, besides its own texts.
    public var pseudoLanguages: [PseudoLanguage]
    /// Families set in other families.
    public var fontSubstitutes: FontSubstitutes
    /// The locale whose texts are the base text of keyed labels without one of their own.
    public var developmentLanguage: String
    /// The devices scenes are laid out on; empty for each file's own.
    public var devices: [Device]

    public init(defaultFamily: String = SystemFont.families, categories: [ContentSizeCategory] = [.large],
                pseudoLanguages: [PseudoLanguage] = [], fontSubstitutes: FontSubstitutes = .none,
                developmentLanguage: String = CatalogSetting.developmentLanguage.defaultValue, devices: [Device] = []) {
        self.devices = devices
        self.defaultFamily = defaultFamily
        self.categories = categories
        self.pseudoLanguages = pseudoLanguages
        self.fontSubstitutes = fontSubstitutes
        self.developmentLanguage = developmentLanguage
    }

    /// Settings from stored values (keyed by `CatalogSetting.key`); missing ones take their defaults.
    init(values: [String: String]) throws(CatalogError) {
        func value(_ setting: CatalogSetting) throws(CatalogError) -> String {
            try setting.normalized(values[setting.key] ?? setting.defaultValue)
        }
        let families = try value(.defaultFamily)
        let categories = try value(.categories)
        guard !categories.isEmpty else {
            throw .invalidSetting(setting: CatalogSetting.categories.key, value: "", reason: "at least one content size category is needed")
        }
        let pseudo = try value(.pseudoLocales)
        self.init(defaultFamily: families,
                  categories: categories.split(separator: ",").compactMap { ContentSizeCategory(rawValue: String($0)) },
                  pseudoLanguages: pseudo.split(separator: ",").compactMap { PseudoLanguage(rawValue: String($0)) },
                  fontSubstitutes: try CatalogSetting.fontSubstitutes(values[CatalogSetting.fontSubstitutes.key] ?? ""),
                  developmentLanguage: try value(.developmentLanguage),
                  devices: try value(.devices).split(separator: ",").compactMap { Device(named: String($0)) })
    }

    /// The engine for these settings' default family and font substitutes.
    func makeEngine() -> LayoutEngine {
        LayoutEngine(defaultFamily: defaultFamily, fontSubstitutes: fontSubstitutes)
    }

    /// Which texts of a label are laid out, each at every category: the base text, every
    /// stored (locale, variant) text, and each pseudo-locale of the base text and its
    /// variants, and the worst-case variant (`WorstCase`) of each of these whose text has a
    /// format specifier with a worst case. Sorted by locale, then variant.
    func textKeys(of record: LabelRecord) -> [TextKey] {
        // An array sorted and made unique once: most labels have one to four texts, and a set
        // of them costs more to hash than the keys cost to compare.
        var keys = [TextKey(locale: "")]
        keys.reserveCapacity(1 + record.texts.count + record.variantTexts.count + pseudoLanguages.count)
        for locale in record.texts.keys where !locale.isEmpty { keys.append(TextKey(locale: locale)) }
        keys.append(contentsOf: record.variantTexts.keys)
        for language in pseudoLanguages where record.texts[language.locale] == nil {
            keys.append(TextKey(locale: language.locale))
            for key in record.variantTexts.keys where key.locale.isEmpty {
                keys.append(TextKey(locale: language.locale, variant: key.variant))
            }
        }
        keys.sort()
        keys.removeAdjacentDuplicates()
        let worstCases = Self.worstCaseKeys(of: record, among: keys)
        guard !worstCases.isEmpty else { return keys }
        keys.append(contentsOf: worstCases)
        keys.sort()
        keys.removeAdjacentDuplicates()
        return keys
    }

    /// The worst-case variants of a label's texts `keys` whose text has a specifier with a
    /// worst case, under the label's `arguments` (not declared when they cannot be read: the
    /// layout reports that error).
    static func worstCaseKeys(of record: LabelRecord, among keys: [TextKey]) -> [TextKey] {
        guard record.text.containsPercent || record.texts.values.contains(where: \.containsPercent)
            || record.variantTexts.values.contains(where: \.containsPercent) else { return [] }
        var texts = LabelDefinition(name: record.name, frame: .zero)
        texts.text = record.text
        texts.texts = record.texts
        texts.variantTexts = record.variantTexts
        let arguments = record.style["arguments"].flatMap { try? FormatArgument.list(fromJSON: $0) }
        return keys.compactMap { key in
            guard let variant = WorstCase.variant(of: key.variant),
                  WorstCase.applies(to: texts.text(locale: key.locale, variant: key.variant), arguments: arguments) else { return nil }
            return TextKey(locale: key.locale, variant: variant)
        }
    }

    /// The locales a change of `locale`'s texts reaches: it, and for the base text the
    /// pseudo-locales made from it.
    func localesReached(by locale: String) -> [String] {
        locale.isEmpty ? [""] + pseudoLanguages.map(\.locale) : [locale]
    }
}

extension Catalog {
    /// The stored value of every setting (its default when the row is missing), not checked.
    public func settingValues() throws -> [(setting: CatalogSetting, value: String)] {
        let stored = try storedSettings()
        return CatalogSetting.allCases.map { ($0, stored[$0.key] ?? $0.defaultValue) }
    }

    /// The rows of `settings` as they are, by key (a setting never set has none).
    package func storedSettings() throws -> [String: String] {
        var stored: [String: String] = [:]
        let statement = try database.statement("SELECT key, value FROM settings")
        while try statement.step() { stored[statement.text(0) ?? ""] = statement.text(1) ?? "" }
        return stored
    }

    /// The settings as stored, checked (a value edited in by hand that is not valid is an
    /// error naming the setting).
    func readSettings() throws -> CatalogSettings {
        try CatalogSettings(values: Dictionary(try settingValues().map { ($0.setting.key, $0.value) }, uniquingKeysWith: { $1 }))
    }

    /// Sets a setting (checked, written normalized). Every label is queued for it (a
    /// trigger), to be laid out again in chunks by `layOutQueued` (or `serve`, or any command
    /// that reads layouts): layouts of categories no longer kept are removed, new ones added.
    /// Returns the value stored.
    @discardableResult
    public func setSetting(_ setting: CatalogSetting, to value: String) throws -> String {
        let normalized = try setting.normalized(value)
        if setting == .categories, normalized.isEmpty {
            throw CatalogError.invalidSetting(setting: setting.key, value: value, reason: "at least one content size category is needed")
        }
        try write {
            try database.statement("""
                INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = ?2 WHERE value IS NOT ?2
                """).run(.text(setting.key), .text(normalized))
            try refreshSettings()
        }
        return normalized
    }

    /// The content size categories the catalog keeps layouts for (the `categories` setting).
    public var contentSizeCategories: [ContentSizeCategory] { settings.categories }
}

extension Array where Element: Equatable {
    /// Removes each element equal to the one before it (all duplicates, once sorted).
    mutating func removeAdjacentDuplicates() {
        guard count > 1 else { return }
        var kept = 1
        for index in 1..<count where self[index] != self[kept - 1] {
            self[kept] = self[index]
            kept += 1
        }
        removeLast(count - kept)
    }
}
