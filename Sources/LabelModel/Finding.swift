import LabelJSON

/// What a finding says is wrong with a text (docs/ci.md, "Findings").
public enum FindingKind: String, Sendable, CaseIterable {
    /// Text is hidden because the label's `numberOfLines` is reached: the text needs more
    /// lines than the label allows (for a one-line label: it is too wide).
    case truncated
    /// Text is hidden because the label's inner height holds fewer lines than the text needs
    /// and `numberOfLines` allows.
    case lines
    /// The text fits only because its font was shrunk (autoshrink); listed only when asked.
    case shrunk
    /// The label could not be laid out (an unknown font, a broken token reference, …).
    case error
    /// The text fits, with less room left than asked for (a warning; listed only when a
    /// headroom is asked for).
    case tight
    /// The text fits, but not at every content size category up to the one asked for (listed
    /// only when a minimum category is asked for).
    case category

    /// True for the kinds that fail a check; `tight` only warns.
    public var fails: Bool { self != .tight }
}

/// Where a text came from when it was imported from a project's file (a strings table, a
/// String Catalog, a storyboard).
public struct FindingSource: Sendable, Hashable {
    /// The file's path as the import recorded it.
    public var file: String
    /// The 1-based line of the text's key in `file`, when known.
    public var line: Int?
    /// The key the text was read from (`TABLE:KEY`), when it has one.
    public var key: String?

    public init(file: String, line: Int? = nil, key: String? = nil) {
        self.file = file
        self.line = line
        self.key = key
    }
}

/// The identity of a finding: which text and what is wrong with it, without the measured
/// numbers (a text that grows by 1 pt is the same finding). A baseline records identities.
public struct FindingIdentity: Sendable, Hashable, Comparable {
    public var label: String
    /// "" = the base text.
    public var locale: String
    /// "" = the text itself; else a plural or device variant such as `plural.other`.
    public var variant: String
    /// The content size category the text was laid out at (`large` by default).
    public var category: String
    public var kind: FindingKind

    public init(label: String, locale: String, variant: String = "", category: String = Finding.defaultCategory,
                kind: FindingKind) {
        self.label = label
        self.locale = locale
        self.variant = variant
        self.category = category
        self.kind = kind
    }

    /// The text the identity is about, without the kind.
    public var text: CheckedText { CheckedText(label: label, locale: locale, variant: variant, category: category) }

    /// Ordered by label, locale, variant, category, kind: the order of every list of findings.
    public static func < (lhs: FindingIdentity, rhs: FindingIdentity) -> Bool {
        (lhs.label, lhs.locale, lhs.variant, lhs.category, lhs.kind.rawValue)
            < (rhs.label, rhs.locale, rhs.variant, rhs.category, rhs.kind.rawValue)
    }
}

/// One text `check` looks at: a label's text for a locale, variant and content size category.
public struct CheckedText: Sendable, Hashable {
    public var label: String
    public var locale: String
    public var variant: String
    public var category: String

    public init(label: String, locale: String, variant: String = "", category: String = Finding.defaultCategory) {
        self.label = label
        self.locale = locale
        self.variant = variant
        self.category = category
    }

    /// `cart.title [de, plural.other, accessibilityLarge]`: the label, then in brackets what
    /// is not the default (a locale other than the base text, a variant, a category other
    /// than `large`); the name alone for the base text at `large`. For people: each part is
    /// shown `printable`.
    public var displayName: String {
        let parts = [locale, variant, category == Finding.defaultCategory ? "" : category].filter { !$0.isEmpty }.map(printable)
        return parts.isEmpty ? printable(label) : "\(printable(label)) [\(parts.joined(separator: ", "))]"
    }
}

/// A text that does not fit its label (or cannot be laid out), and by how much.
public struct Finding: Sendable, Hashable {
    /// The content size category of every layout until the catalog keeps others.
    public static let defaultCategory = "large"

    public var label: String
    public var locale: String
    public var variant: String
    public var category: String
    public var kind: FindingKind
    /// Lines the label shows (0 for `error`).
    public var linesShown: Int
    /// Lines the whole text needs at the label's inner width with no limit (0 for `error`).
    public var linesNeeded: Int
    /// For a one-line label (`numberOfLines` 1) whose text is truncated: how much wider its
    /// inner box must be for the text to fit on its line, in points (the widest paragraph of
    /// the text laid out with no width limit, minus the inner width). 0 otherwise.
    public var widthOver: Double
    /// For kind `lines`: how much taller the inner box must be to hold the lines the text
    /// needs and `numberOfLines` allows, in points (`n × lineHeight + (n − 1) × lineSpacing`
    /// minus the inner height, n = min(linesNeeded, numberOfLines or unlimited)). 0 otherwise.
    public var heightOver: Double
    /// The lines the label shows, truncation token included.
    public var lines: [String]
    /// The file, line and key the text was imported from; nil when it was not imported.
    public var source: FindingSource?
    /// Why the label could not be laid out (kind `error`).
    public var error: String?
    /// The smallest changes that would each make the text fit (kinds `truncated` and `lines`;
    /// for `category`, at the first category that does not fit).
    public var fix: FitFix?
    /// The room the text has left and the largest category it fits up to (kinds `tight` and
    /// `category`).
    public var headroom: Headroom?

    public init(label: String, locale: String, variant: String = "", category: String = Finding.defaultCategory,
                kind: FindingKind, linesShown: Int = 0, linesNeeded: Int = 0, widthOver: Double = 0, heightOver: Double = 0,
                lines: [String] = [], source: FindingSource? = nil, error: String? = nil, fix: FitFix? = nil) {
        self.label = label
        self.locale = locale
        self.variant = variant
        self.category = category
        self.kind = kind
        self.linesShown = linesShown
        self.linesNeeded = linesNeeded
        self.widthOver = widthOver
        self.heightOver = heightOver
        self.lines = lines
        self.source = source
        self.error = error
        self.fix = fix
    }

    public var identity: FindingIdentity {
        FindingIdentity(label: label, locale: locale, variant: variant, category: category, kind: kind)
    }

    public var text: CheckedText { identity.text }
}
