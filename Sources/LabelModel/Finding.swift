import LabelJSON

/// What a finding says is wrong with a text (docs/ci.md, "Findings"). Everything an output
/// says of a kind (title, explanation, severity, SARIF rule, GitHub level, JUnit status) is
/// its `description`, the one place a kind is described.
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
    /// Auto Layout: the label's frame, solved for its text, reaches past its superview or the
    /// screen (docs/autolayout.md).
    case clipped
    /// Auto Layout: the label's scene has required constraints that cannot all hold.
    case unsatisfiable
    /// Auto Layout: the label's scene does not pin the label's frame down to one answer.
    case ambiguous
    /// The text fits, with less room left than asked for (a warning; listed only when a
    /// headroom is asked for).
    case tight
    /// The text fits, but not at every content size category up to the one asked for (listed
    /// only when a minimum category is asked for).
    case category

    /// How the kind is shown and judged, by every output.
    public var description: FindingKindDescription {
        switch self {
        case .truncated:
            FindingKindDescription(
                title: "Label text truncated",
                explanation: "The text needs more lines than the label's numberOfLines allows, so part of it is hidden (for a one-line label: the text is wider than the label).",
                advice: "Shorten the text, give the label more lines or more width. For a one-line label the result says by how many points the text is too wide.",
                severity: .error, sarifRuleName: "LabelTextTruncated", gitHubLevel: .error, junitStatus: .failure)
        case .lines:
            FindingKindDescription(
                title: "Label loses lines to its height",
                explanation: "The label's height holds fewer lines than the text needs and numberOfLines allows, so part of the text is hidden.",
                advice: "Make the label taller (the result says by how many points) or shorten the text.",
                severity: .error, sarifRuleName: "LabelLosesLinesToHeight", gitHubLevel: .error, junitStatus: .failure)
        case .shrunk:
            FindingKindDescription(
                title: "Label font shrunk to fit",
                explanation: "The text fits only because the label shrinks its font (adjustsFontSizeToFitWidth).",
                advice: "The text is drawn smaller than designed.",
                severity: .note, sarifRuleName: "LabelFontShrunk", gitHubLevel: .warning, junitStatus: .failure)
        case .error:
            FindingKindDescription(
                title: "Label cannot be laid out",
                explanation: "The label could not be laid out, for example because a font or a token it names does not exist.",
                advice: "The message names what failed.",
                severity: .error, sarifRuleName: "LabelLayoutError", gitHubLevel: .error, junitStatus: .error, hasLayout: false)
        case .clipped:
            FindingKindDescription(
                title: "Label reaches past its superview or the screen",
                explanation: "Sized by Auto Layout for its text on a device, the label reaches past its superview or the screen, so part of it is not seen.",
                advice: "Constrain the label inside its superview (the message names the edge and by how much it is passed), give it more lines, or shorten the text.",
                severity: .error, sarifRuleName: "LabelClippedByScene", gitHubLevel: .error, junitStatus: .failure)
        case .unsatisfiable:
            FindingKindDescription(
                title: "Label's constraints cannot all hold",
                explanation: "The required constraints of the label's scene contradict each other: UIKit breaks one of them at run time, and where the label ends up depends on which.",
                advice: "The message names the constraint broken and those it conflicts with: lower one's priority below 1000 or remove it.",
                severity: .error, sarifRuleName: "LabelConstraintsUnsatisfiable", gitHubLevel: .error, junitStatus: .error, hasLayout: false)
        case .ambiguous:
            FindingKindDescription(
                title: "Label's frame is ambiguous",
                explanation: "The constraints of the label's scene allow more than one frame for the label, so UIKit may place it differently from run to run; the text was laid out in one of them.",
                advice: "The message names the parts of the frame not determined: add a constraint for each, or give competing constraints different priorities.",
                severity: .warning, sarifRuleName: "LabelFrameAmbiguous", gitHubLevel: .warning, junitStatus: .failure)
        case .tight:
            FindingKindDescription(
                title: "Label text has little room left",
                explanation: "The text fits with less room to spare than asked for (the width it may still grow by, in points).",
                advice: "The result says how many points are left; a longer translation will not fit.",
                severity: .warning, sarifRuleName: "LabelTextTight", gitHubLevel: .warning, junitStatus: .failure)
        case .category:
            FindingKindDescription(
                title: "Label text does not fit at a larger content size category",
                explanation: "The text fits at its category but not at every content size category up to the one asked for.",
                advice: "The result names the largest category it fits up to, and the fix at the next.",
                severity: .error, sarifRuleName: "LabelTextTooLargeAtCategory", gitHubLevel: .error, junitStatus: .failure)
        }
    }
}

/// Everything the outputs say of a finding kind: text, JSON, GitHub annotations, JUnit, SARIF
/// and the HTML report all read it from `FindingKind.description`.
public struct FindingKindDescription: Sendable, Hashable {
    /// A short title, as a CI system shows it above the message.
    public let title: String
    /// What the kind means, for rule descriptions.
    public let explanation: String
    /// What to do about it, after the explanation in a rule's help.
    public let advice: String
    /// How bad it is.
    public let severity: FindingSeverity
    /// The SARIF rule's name (`LabelTextTruncated`); its id is `labelcat/` and the kind.
    public let sarifRuleName: String
    /// The GitHub Actions workflow command that annotates it.
    public let gitHubLevel: GitHubLevel
    /// How a JUnit test case of it ends.
    public let junitStatus: JUnitStatus
    /// Whether a finding of this kind has a layout to show (lines, measurements, pictures).
    public let hasLayout: Bool

    /// Whether a finding of this kind fails a check (exit 1): every kind but the warnings
    /// (`tight`, `ambiguous`), which are listed and annotated but leave the check passing.
    public var fails: Bool { severity != .warning }

    init(title: String, explanation: String, advice: String, severity: FindingSeverity, sarifRuleName: String,
         gitHubLevel: GitHubLevel, junitStatus: JUnitStatus, hasLayout: Bool = true) {
        self.title = title
        self.explanation = explanation
        self.advice = advice
        self.severity = severity
        self.sarifRuleName = sarifRuleName
        self.gitHubLevel = gitHubLevel
        self.junitStatus = junitStatus
        self.hasLayout = hasLayout
    }

    /// How bad a finding is; SARIF's `level` is its name.
    public enum FindingSeverity: String, Sendable, Hashable {
        case error, warning, note
    }

    /// A GitHub Actions annotation command.
    public enum GitHubLevel: String, Sendable, Hashable {
        case error, warning, notice
    }

    /// A JUnit test case's element: a `<failure>` (the text does not fit) or an `<error>` (it
    /// could not be checked).
    public enum JUnitStatus: String, Sendable, Hashable {
        case failure, error
    }
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
    /// The device the label's scene was laid out on ("" for a label in no scene).
    public var device: String

    public init(label: String, locale: String, variant: String = "", category: String = Finding.defaultCategory,
                kind: FindingKind, device: String = "") {
        self.label = label
        self.locale = locale
        self.variant = variant
        self.category = category
        self.kind = kind
        self.device = device
    }

    /// The text the identity is about, without the kind.
    public var text: CheckedText { CheckedText(label: label, locale: locale, variant: variant, category: category, device: device) }

    /// Ordered by label, locale, variant, category, device, kind: the order of every list of findings.
    public static func < (lhs: FindingIdentity, rhs: FindingIdentity) -> Bool {
        (lhs.label, lhs.locale, lhs.variant, lhs.category, lhs.device, lhs.kind.rawValue)
            < (rhs.label, rhs.locale, rhs.variant, rhs.category, rhs.device, rhs.kind.rawValue)
    }
}

/// One text `check` looks at: a label's text for a locale, variant and content size category.
public struct CheckedText: Sendable, Hashable {
    public var label: String
    public var locale: String
    public var variant: String
    public var category: String
    /// The device the label's scene was laid out on ("" for a label in no scene).
    public var device: String

    public init(label: String, locale: String, variant: String = "", category: String = Finding.defaultCategory,
                device: String = "") {
        self.label = label
        self.locale = locale
        self.variant = variant
        self.category = category
        self.device = device
    }

    /// `cart.title [de, plural.other, accessibilityLarge]`: the label, then in brackets what
    /// is not the default (a locale other than the base text, a variant, a category other
    /// than `large`); the name alone for the base text at `large`. For people: each part is
    /// shown `printable`.
    public var displayName: String {
        let parts = [locale, variant, category == Finding.defaultCategory ? "" : category, device].filter { !$0.isEmpty }.map(printable)
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
    /// The device the label's scene was laid out on ("" for a label in no scene).
    public var device: String = ""
    public var kind: FindingKind
    /// What Auto Layout found (kinds `clipped`, `unsatisfiable`, `ambiguous`): how far past
    /// which edge, the constraint UIKit breaks, what is not determined.
    public var detail: String?
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
                device: String = "", kind: FindingKind, linesShown: Int = 0, linesNeeded: Int = 0, widthOver: Double = 0,
                heightOver: Double = 0, lines: [String] = [], source: FindingSource? = nil, error: String? = nil, fix: FitFix? = nil) {
        self.label = label
        self.locale = locale
        self.variant = variant
        self.category = category
        self.device = device
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
        FindingIdentity(label: label, locale: locale, variant: variant, category: category, kind: kind, device: device)
    }

    public var text: CheckedText { identity.text }
}
