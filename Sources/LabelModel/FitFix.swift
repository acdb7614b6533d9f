import LabelJSON

/// The smallest changes that would each, alone, make a text fit its label, found by laying the
/// text out again (docs/fixes.md). Each is nil when no such change makes it fit (or the change
/// does not apply to the label).
public struct FitFix: Sendable, Hashable {
    /// The `numberOfLines` that shows the whole text (the lines it needs at the label's width).
    public var numberOfLines: Int?
    /// With `numberOfLines`: the frame height its lines need, when the label has a fixed height
    /// that holds fewer (for kind `lines`, the only change of this pair). Nil when the height
    /// is enough or the label sizes itself.
    public var height: Double?
    /// The largest `minimumScaleFactor` (on a grid of 0.01) at which autoshrink makes the text
    /// fit, with `adjustsFontSizeToFitWidth` on; nil when autoshrink cannot apply (a label of
    /// several lines that wraps without truncating) or no factor ≥ 0.01 is enough.
    public var minimumScaleFactor: Double?
    /// The smallest frame width (on the label's pixel grid) at which the text fits, with its
    /// height and `numberOfLines` kept.
    public var width: Double?
    /// How many characters (grapheme clusters) must go from the end of the text, at this font,
    /// for the rest to fit.
    public var charactersOver: Int?
    /// A word that, broken with a hyphen at one place, lets the text fit.
    public var hyphenation: Hyphenation?

    public init(numberOfLines: Int? = nil, height: Double? = nil, minimumScaleFactor: Double? = nil, width: Double? = nil,
                charactersOver: Int? = nil, hyphenation: Hyphenation? = nil) {
        self.numberOfLines = numberOfLines
        self.height = height
        self.minimumScaleFactor = minimumScaleFactor
        self.width = width
        self.charactersOver = charactersOver
        self.hyphenation = hyphenation
    }

    /// True when no change was found.
    public var isEmpty: Bool {
        numberOfLines == nil && height == nil && minimumScaleFactor == nil && width == nil && charactersOver == nil
            && hyphenation == nil
    }
}

/// Where a word may be hyphenated (a soft hyphen, U+00AD, placed there) for a text to fit.
public struct Hyphenation: Sendable, Hashable {
    /// The word as the text has it.
    public var word: String
    /// Grapheme clusters of `word` before the hyphen.
    public var offset: Int

    public init(word: String, offset: Int) {
        self.word = word
        self.offset = offset
    }

    /// `luid-spreker`: the word with a hyphen where it breaks.
    public var hyphenated: String {
        String(word.prefix(offset)) + "-" + String(word.dropFirst(offset))
    }

    /// The word with a soft hyphen (U+00AD) where it may break: what to write in the text.
    public var withSoftHyphen: String {
        String(word.prefix(offset)) + "\u{00AD}" + String(word.dropFirst(offset))
    }
}

/// How much room a text that fits has left, and up to which content size category it fits
/// (docs/fixes.md, "Headroom").
public struct Headroom: Sendable, Hashable {
    /// How much wider, in points, the text may grow before text is hidden: what is left on its
    /// last line, plus the inner width of each further line the label has room for. Nil when
    /// the label grows without limit (unlimited lines and a self-sizing height).
    public var width: Double?
    /// Lines the label could still show beyond those its text uses (nil when unlimited).
    public var lines: Int?
    /// The largest content size category up to which the text fits at every category, from
    /// the one it was laid out at (`accessibilityExtraExtraExtraLarge` for a font that does
    /// not follow the category); nil when it does not fit at the one it was laid out at.
    public var fitsUpTo: ContentSizeCategory?

    public init(width: Double?, lines: Int?, fitsUpTo: ContentSizeCategory?) {
        self.width = width
        self.lines = lines
        self.fitsUpTo = fitsUpTo
    }
}

extension FitFix {
    /// Writes the fix's JSON object: every change, null when none was found (points and the
    /// scale factor rounded to 3 decimals; the hyphenation as `{"word", "offset", "hyphenated"}`).
    public func writeJSON<Sink: JSONSink>(into writer: inout Sink) {
        writer.beginObject()
        writer.key("numberOfLines"); if let numberOfLines { writer.number(numberOfLines) } else { writer.null() }
        writer.key("height"); if let height { writer.number(height) } else { writer.null() }
        writer.key("minimumScaleFactor"); if let minimumScaleFactor { writer.number(minimumScaleFactor) } else { writer.null() }
        writer.key("width"); if let width { writer.number(width) } else { writer.null() }
        writer.key("charactersOver"); if let charactersOver { writer.number(charactersOver) } else { writer.null() }
        writer.key("hyphenation")
        if let hyphenation {
            writer.beginObject()
            writer.key("word"); writer.string(hyphenation.word)
            writer.key("offset"); writer.number(hyphenation.offset)
            writer.key("hyphenated"); writer.string(hyphenation.hyphenated)
            writer.endObject()
        } else {
            writer.null()
        }
        writer.endObject()
    }
}

extension FitFix {
    /// The fix `writeJSON` wrote; nil for what is not such an object.
    package init?(json: JSONValue) {
        guard let object = json.object else { return nil }
        func integer(_ key: String) -> Int? { object[key]?.number.map { Int($0) } }
        self.init(numberOfLines: integer("numberOfLines"), height: object["height"]?.number,
                  minimumScaleFactor: object["minimumScaleFactor"]?.number, width: object["width"]?.number,
                  charactersOver: integer("charactersOver"))
        if let hyphenation = object["hyphenation"], let word = hyphenation["word"]?.string,
           let offset = hyphenation["offset"]?.number {
            self.hyphenation = Hyphenation(word: word, offset: Int(offset))
        }
    }
}

extension Headroom {
    /// Writes `{"width", "lines", "fitsUpTo"}`, null for what is unlimited or unknown.
    public func writeJSON<Sink: JSONSink>(into writer: inout Sink) {
        writer.beginObject()
        writer.key("width"); if let width { writer.number(width) } else { writer.null() }
        writer.key("lines"); if let lines { writer.number(lines) } else { writer.null() }
        writer.key("fitsUpTo"); if let fitsUpTo { writer.string(fitsUpTo.rawValue) } else { writer.null() }
        writer.endObject()
    }
}
