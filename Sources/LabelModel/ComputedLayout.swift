import LabelJSON

/// Where a label's text goes: the answer `textRectForBounds:limitedToNumberOfLines:` and
/// `drawTextInRect:` of the seeds' label subclass would give (docs/layout-rules.md).
public struct ComputedLayout: Sendable, Hashable {
    public var name: String
    public var locale: String
    /// The text's variant ("" = the plain text; `plural.one`, `device.ipad`, …).
    public var variant: String
    /// The content size category the layout is for.
    public var contentSizeCategory: ContentSizeCategory
    /// `(0, 0, frame.width, frame.height)`; a self-sizing label's height is its text's.
    public var bounds: Rect
    /// The text's rect in label coordinates, its size rounded up to the pixel grid.
    public var textRect: Rect
    public var lines: [LayoutLine]
    /// Lines shown.
    public var lineCount: Int { lines.count }
    /// Lines the whole text needs at the inner width with no limit.
    public var neededLineCount: Int
    /// True when any text is hidden.
    public var truncated: Bool
    /// True when autoshrink set the text smaller than the font's size (`font.size` is the size used).
    public var shrunk: Bool
    /// `sizeThatFits` at the frame's width: text size plus insets.
    public var intrinsicSize: Size
    public var font: ResolvedFont
    /// Hash of everything the layout depends on: definition, locale, font files, engine version.
    public var inputHash: String
    public var engineVersion: String

    public init(name: String, locale: String, variant: String = "", contentSizeCategory: ContentSizeCategory = .large,
                bounds: Rect, textRect: Rect, lines: [LayoutLine], neededLineCount: Int,
                truncated: Bool, shrunk: Bool = false, intrinsicSize: Size, font: ResolvedFont, inputHash: String,
                engineVersion: String) {
        self.name = name
        self.locale = locale
        self.variant = variant
        self.contentSizeCategory = contentSizeCategory
        self.shrunk = shrunk
        self.bounds = bounds
        self.textRect = textRect
        self.lines = lines
        self.neededLineCount = neededLineCount
        self.truncated = truncated
        self.intrinsicSize = intrinsicSize
        self.font = font
        self.inputHash = inputHash
        self.engineVersion = engineVersion
    }
}

/// One visible line.
public struct LayoutLine: Sendable, Hashable {
    /// The UTF-16 range of the label's text this line stands for (for a truncated line, the
    /// whole text the truncation token replaces part of).
    public var range: TextRange
    /// What the line shows, truncation token included, line separators left out.
    public var text: String
    /// In label coordinates; `width` is the unrounded advance sum.
    public var rect: Rect
    /// The baseline's y in label coordinates.
    public var baseline: Double

    public init(range: TextRange, text: String, rect: Rect, baseline: Double) {
        self.range = range
        self.text = text
        self.rect = rect
        self.baseline = baseline
    }
}

/// The primary face a layout used, with its metrics at the label's size.
public struct ResolvedFont: Sendable, Hashable {
    public var family: String
    public var file: String
    public var size: Double
    /// The line height the layout used (the font's own, or the definition's override).
    public var lineHeight: Double
    public var ascender: Double
    public var descender: Double

    public init(family: String, file: String, size: Double, lineHeight: Double, ascender: Double, descender: Double) {
        self.family = family
        self.file = file
        self.size = size
        self.lineHeight = lineHeight
        self.ascender = ascender
        self.descender = descender
    }
}

extension ComputedLayout {
    /// Writes the layout JSON object; numbers are rounded to 3 decimals. `extra` writes
    /// members after the layout's own (a catalog's device and frame).
    public func writeJSON(into writer: inout JSONWriter, extra: (inout JSONWriter) -> Void = { _ in }) {
        writer.beginObject()
        writer.key("name"); writer.string(name)
        writer.key("locale"); writer.string(locale)
        writer.key("variant"); writer.string(variant)
        writer.key("contentSizeCategory"); writer.string(contentSizeCategory.rawValue)
        writer.key("bounds"); writer.rect(bounds)
        writer.key("textRect"); writer.rect(textRect)
        writer.key("lines")
        writeLinesJSON(into: &writer)
        writer.key("lineCount"); writer.number(lineCount)
        writer.key("neededLineCount"); writer.number(neededLineCount)
        writer.key("truncated"); writer.bool(truncated)
        writer.key("shrunk"); writer.bool(shrunk)
        writer.key("fontSize"); writer.number(font.size)
        writer.key("intrinsicSize")
        writer.beginObject()
        writer.key("width"); writer.number(intrinsicSize.width)
        writer.key("height"); writer.number(intrinsicSize.height)
        writer.endObject()
        writer.key("font")
        writer.beginObject()
        writer.key("family"); writer.string(font.family)
        writer.key("file"); writer.string(font.file)
        writer.key("size"); writer.number(font.size)
        writer.key("lineHeight"); writer.number(font.lineHeight)
        writer.key("ascender"); writer.number(font.ascender)
        writer.key("descender"); writer.number(font.descender)
        writer.endObject()
        writer.key("inputHash"); writer.string(inputHash)
        writer.key("engineVersion"); writer.string(engineVersion)
        extra(&writer)
        writer.endObject()
    }

    /// Writes the layout JSON's `lines` array.
    public func writeLinesJSON(into writer: inout JSONWriter) {
        writer.beginArray()
        for line in lines {
            writer.beginObject()
            writer.key("range")
            writer.beginObject()
            writer.key("location"); writer.number(line.range.location)
            writer.key("length"); writer.number(line.range.length)
            writer.endObject()
            writer.key("text"); writer.string(line.text)
            writer.key("rect"); writer.rect(line.rect)
            writer.key("baseline"); writer.number(line.baseline)
            writer.endObject()
        }
        writer.endArray()
    }

    /// The layout JSON text.
    public var json: String {
        var writer = JSONWriter(numberStyle: .millis, capacity: 1024)
        writeJSON(into: &writer)
        return writer.string
    }
}

extension JSONSink {
    /// Writes `{"x":…,"y":…,"width":…,"height":…}`.
    public mutating func rect(_ rect: Rect) {
        beginObject()
        key("x"); number(rect.x)
        key("y"); number(rect.y)
        key("width"); number(rect.width)
        key("height"); number(rect.height)
        endObject()
    }
}
