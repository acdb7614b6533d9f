import AutoLayout

/// A label as `UILabel` sees it, with the seeds' vertical alignment and seed 004's content
/// insets: every style value resolved to a literal (docs/layout-rules.md). Token references are resolved
/// by the catalog before a definition reaches the engine.
///
/// ```swift
/// var label = LabelDefinition(name: "demo.topLabel", frame: Rect(x: 20, y: 50, width: 350, height: 200))
/// label.text = "看我居上对齐了啊、你看看对不对的啊、看来是对的"
/// label.numberOfLines = 0
/// label.lineBreakMode = .charWrap
/// label.verticalAlignment = .top
/// ```
public struct LabelDefinition: Sendable, Hashable {
    public var name: String
    /// The base text; `texts` holds per-locale variants.
    public var text: String = ""
    public var texts: [String: String] = [:]
    /// Plural forms and device variations, of the base text (locale "") and of locales.
    public var variantTexts: [TextKey: String] = [:]
    /// Sample arguments of format specifiers (`%@`, `%d`, …), by position; nil = defaults.
    public var arguments: [FormatArgument]?
    /// Position on its screen (rendering only) and size; layout uses `(0, 0, width, height)`.
    public var frame: Rect
    public var font = FontSpec()
    /// 0 = unlimited.
    public var numberOfLines = 1
    public var lineBreakMode = LineBreakMode.truncateTail
    /// How lines are chosen among the break opportunities of word-breaking modes.
    public var lineBreakStrategy = LineBreakStrategy.standard
    public var textAlignment = TextAlignment.natural
    public var verticalAlignment = VerticalAlignment.middle
    public var contentInsets = EdgeInsets.zero
    /// A fixed line height in points; 0 = the font's own.
    public var lineHeight = 0.0
    /// A multiple of the font's own line height; 0 = 1.
    public var lineHeightMultiple = 0.0
    public var lineSpacing = 0.0
    /// Added after every grapheme cluster (kern).
    public var letterSpacing = 0.0
    public var truncationToken = "…"
    public var textColor = Color.black
    public var backgroundColor = Color.clear
    /// The pixel grid for rounding: 1, 2 or 3.
    public var scale = 3
    /// `adjustsFontSizeToFitWidth`: shrink the font (down to `size × minimumScaleFactor`)
    /// before truncating.
    public var adjustsFontSizeToFitWidth = false
    /// The smallest fraction of the font size autoshrink may use: 0 < f ≤ 1, 0 = none.
    public var minimumScaleFactor = 0.0
    /// Tighten a line at most 5% too wide instead of truncating it.
    public var allowsDefaultTighteningForTruncation = false
    /// An Auto Layout label with no fixed height (`frame.height` null in JSON): its height is
    /// its text's, up to `numberOfLines`; `frame.height` is not used (0 when read from JSON).
    public var isSelfSizing = false
    /// Auto Layout's content hugging priorities per axis (UIKit's default 250 on both).
    public var contentHugging = AxisPriorities.defaultHugging
    /// Auto Layout's compression resistance priorities per axis (UIKit's default 750 on both).
    public var compressionResistance = AxisPriorities.defaultCompressionResistance
    /// The device the label is laid out on; nil: the width its file was designed at.
    public var device: Device?

    /// A definition with nothing set: every field's default.
    static let blank = LabelDefinition(name: "a", frame: .zero)

    public init(name: String, frame: Rect) {
        self.name = name
        self.frame = frame
    }

    /// The text a layout of a locale and variant reads, before its format specifiers are
    /// filled in: the locale's variant, else its plain text (a pseudo-locale without one of its
    /// own makes it from the base text), else the base text's variant, else the base text.
    public func text(locale: String, variant: String = "") -> String {
        if !variant.isEmpty, let found = variantTexts[TextKey(locale: locale, variant: variant)] { return found }
        if WorstCase.isWorstCase(variant: variant) { return text(locale: locale, variant: WorstCase.textVariant(of: variant)) }
        if !locale.isEmpty {
            if let plain = texts[locale] { return plain }
            if let pseudo = PseudoLanguage(locale: locale) { return pseudo.apply(to: text(locale: "", variant: variant)) }
        }
        if !variant.isEmpty, let base = variantTexts[TextKey(locale: "", variant: variant)] { return base }
        return text
    }

    /// The text a layout shows: `text(locale:variant:)` with its format specifiers replaced by
    /// the label's `arguments`, or by sample values (numbers as the variant's plural form implies);
    /// in a worst-case variant (`WorstCase`), by their worst cases as `formatter` formats them.
    public func displayedText(locale: String, variant: String = "", formatter: (any WorstCaseFormatter)? = nil) -> String {
        let text = text(locale: locale, variant: variant)
        let forms = PluralCategory.forms(inVariant: variant)
        if let formatter, WorstCase.isWorstCase(variant: variant) {
            return FormatArguments.applyWorstCase(to: text, arguments: arguments ?? [], pluralForms: forms,
                                                  locale: locale, formatter: formatter)
        }
        return FormatArguments.apply(to: text, arguments: arguments ?? [], pluralForms: forms)
    }

    /// Layout happens in `bounds = (0, 0, frame.width, frame.height)`; a self-sizing label's
    /// height comes from its text.
    public var bounds: Rect { Rect(x: 0, y: 0, width: frame.width, height: frame.height) }
}

/// A text of a label: its locale ("" = the base text) and variant ("" = the plain text, else
/// a plural form or device variation such as `plural.one` or `device.ipad`).
public struct TextKey: Sendable, Hashable, Comparable {
    public var locale: String
    public var variant: String

    public init(locale: String, variant: String = "") {
        self.locale = locale
        self.variant = variant
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.locale, lhs.variant) < (rhs.locale, rhs.variant)
    }
}

/// The font of a label: a fallback list of families (or font file paths), a size in points
/// and a weight (100–900, 400 = regular). The size may follow the content size category:
/// set by a Dynamic Type text style, or a fixed size scaled with one (`pointSize(in:)`).
public struct FontSpec: Sendable, Hashable {
    /// Empty means the engine's default family (the "system font").
    public var families: [String] = []
    /// The size at the `large` category (a text style's own size there, when it has one).
    public var size = 17.0
    public var weight = 400
    /// `preferredFont(forTextStyle:)`: the size is the style's at each category.
    public var textStyle: TextStyle?
    /// `UIFontMetrics(forTextStyle:)`: the fixed `size` scales as this style does.
    public var scalesWithCategory: TextStyle?

    public init(families: [String] = [], size: Double = 17, weight: Int = 400) {
        self.families = families
        self.size = size
        self.weight = weight
    }

    /// A text style's font: its size at `large`, its weight unless one is given.
    public init(families: [String] = [], textStyle: TextStyle, weight: Int? = nil) {
        self.init(families: families, size: textStyle.pointSize(in: .large), weight: weight ?? textStyle.defaultWeight)
        self.textStyle = textStyle
    }
}

/// `NSLineBreakMode`.
public enum LineBreakMode: String, Sendable, CaseIterable {
    case wordWrap, charWrap, clip, truncateHead, truncateTail, truncateMiddle

    package var truncates: Bool { self == .truncateHead || self == .truncateTail || self == .truncateMiddle }
}

/// `NSParagraphStyle.LineBreakStrategy`: refinements of greedy line filling in the modes that
/// break between words (every mode but `charWrap`). `standard`, UILabel's default, is
/// `pushOut` and `hangulWordPriority` together (docs/layout-rules.md).
public enum LineBreakStrategy: String, Sendable, CaseIterable {
    case standard, pushOut, hangulWordPriority, none

    /// No paragraph ends with a one-word line when a word from the line above can move down.
    package var pushesOut: Bool { self == .standard || self == .pushOut }
    /// Korean text breaks only at spaces: never between two Hangul characters.
    package var keepsHangulWords: Bool { self == .standard || self == .hangulWordPriority }
}

/// `NSTextAlignment`.
public enum TextAlignment: String, Sendable, CaseIterable {
    case left, center, right, natural, justified
}

/// The seeds' `VerticalAlignment`.
public enum VerticalAlignment: String, Sendable, CaseIterable {
    case top, middle, bottom
}

/// An sRGB color with alpha, each component 0–255, written `#RRGGBB` or `#RRGGBBAA`.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// Parses `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else { return nil }
        var components: [UInt8] = []
        var index = 1
        while index < digits.count {
            guard let high = Self.hexValue(digits[index]), let low = Self.hexValue(digits[index + 1]) else { return nil }
            components.append(high << 4 | low)
            index += 2
        }
        self.init(red: components[0], green: components[1], blue: components[2],
                  alpha: components.count == 4 ? components[3] : 255)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque. (Written in place: a string this short is
    /// stored inline, so this allocates nothing; the input hash reads it for every layout.)
    public var description: String {
        let count = alpha == 255 ? 7 : 9
        return String(unsafeUninitializedCapacity: count) { buffer in
            func hex(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10 }
            func write(_ component: UInt8, at index: Int) {
                buffer[index] = hex(component >> 4)
                buffer[index + 1] = hex(component & 15)
            }
            buffer[0] = UInt8(ascii: "#")
            write(red, at: 1)
            write(green, at: 3)
            write(blue, at: 5)
            if count == 9 { write(alpha, at: 7) }
            return count
        }
    }
}
