import LabelJSON
import LabelLayout
import LabelModel
import Testing

/// Seed 004's `contentInsets` (docs/layout-rules.md): the text is laid out in the inner box —
/// bounds inset by top 10, left 15, bottom 20, right 5 — wraps at the inner width, and the
/// intrinsic size is the text size plus the insets.
///
/// Frame 350 × 200 → inner box x = 15, y = 10, width = 350 − 15 − 5 = 330,
/// height = 200 − 10 − 20 = 170 (minX 15, maxX 345, minY 10, maxY 180).
/// Noto Sans CJK SC 17 pt: one character = 17, lineHeight = 24.616 (see SeedLabelTests).
@Suite("Content insets")
struct InsetsTests {
    static let insets = EdgeInsets(top: 10, left: 15, bottom: 20, right: 5)
    static let juZhong = "剧终了、剧终了、剧终了、剧终了、剧终了、剧终了、剧终了、" // 28 characters
    /// Twenty ideographs: one line at the full width (20 × 17 = 340 ≤ 350), two at the inner
    /// width (340 > 330): the case that tells the right recipe from seed 004's buggy one.
    static let twenty = "一二三四五六七八九十一二三四五六七八九十"

    static func label(_ text: String, _ alignment: VerticalAlignment, mode: LineBreakMode = .charWrap,
                      height: Double = 200) -> LabelDefinition {
        var label = LabelDefinition(name: "seed004.insets", frame: Rect(x: 20, y: 720, width: 350, height: height))
        label.text = text
        label.font = FontSpec(families: [Fonts.cjkFamily], size: 17)
        label.textAlignment = .left
        label.lineBreakMode = mode
        label.numberOfLines = 0
        label.verticalAlignment = alignment
        label.contentInsets = insets
        return label
    }

    /// Wrap width 330: 330/17 = 19.4 → 19 characters a line (19 × 17 = 323); charWrap cuts the
    /// 28 characters into 19 + 9 (line 2 = 9 × 17 = 153, starting with 、).
    /// Text rect: width 323 (on the grid: 969/3), height 2 × 24.616 = 49.232 → 148/3 = 49.333….
    /// x = inner.minX = 15.
    /// y: top    = inner.minY = 10
    ///    middle = 10 + (170 − 49.333…)/2 = 10 + 60.333… = 70.333…
    ///    bottom = inner.maxY − 49.333… = 180 − 49.333… = 130.666…
    /// intrinsicSize = (323 + 15 + 5, 49.333… + 10 + 20) = (343, 79.333…).
    @Test("Inner box, wrap width and text rect under each vertical alignment",
          arguments: [(VerticalAlignment.top, 10.0), (.middle, 70.333333), (.bottom, 130.666667)])
    func placement(_ alignment: VerticalAlignment, _ y: Double) throws {
        let layout = try engine.layout(Self.label(Self.juZhong, alignment))
        #expect(layout.bounds == Rect(x: 0, y: 0, width: 350, height: 200))
        expectRect(layout.textRect, x: 15, y: y, width: 323, height: 49.333333, "textRect")
        #expect(layout.lines.map(\.text) == ["剧终了、剧终了、剧终了、剧终了、剧终了", "、剧终了、剧终了、"])
        #expect(ranges(layout) == [[0, 19], [19, 9]])
        expectRect(layout.lines[0].rect, x: 15, y: y, width: 323, height: 24.616, "line 1")
        expectRect(layout.lines[1].rect, x: 15, y: y + 24.616, width: 153, height: 24.616, "line 2")
        expectClose(layout.lines[0].baseline, y + 19.72, "line 1 baseline")
        expectClose(layout.lines[1].baseline, y + 24.616 + 19.72, "line 2 baseline")
        expectSize(layout.intrinsicSize, width: 343, height: 79.333333, "intrinsicSize")
        // The text rect lies inside the inner box.
        #expect(layout.textRect.minX >= 15 && layout.textRect.maxX <= 345)
        #expect(layout.textRect.minY >= 10 - tolerance && layout.textRect.maxY <= 180 + tolerance)
    }

    /// wordWrap keeps 、 off the start of a line (UAX #14: no break before a closing
    /// punctuation), so the 19th character 了 goes down with its comma: 18 + 10 characters,
    /// widths 18 × 17 = 306 and 10 × 17 = 170; text rect width 306.
    @Test("wordWrap at the inner width does not start a line with 、")
    func wordWrapAtInnerWidth() throws {
        let layout = try engine.layout(Self.label(Self.juZhong, .top, mode: .wordWrap))
        #expect(layout.lines.map(\.text) == ["剧终了、剧终了、剧终了、剧终了、剧终", "了、剧终了、剧终了、"])
        expectRect(layout.textRect, x: 15, y: 10, width: 306, height: 49.333333, "textRect")
        expectClose(layout.lines[1].rect.width, 170, "line 2 width")
        // intrinsicSize = (306 + 20, 49.333… + 30)
        expectSize(layout.intrinsicSize, width: 326, height: 79.333333, "intrinsicSize")
    }

    /// Twenty ideographs need two lines at the inner width 330: 19 (323) + 1 (17).
    /// intrinsicSize = text size + insets = (323 + 20, 49.333… + 30) = (343, 79.333…).
    /// Seed 004's recipe wraps at the full width 350 (one line of 340) and then adds the insets:
    /// (360, 24.616 → 74/3 = 24.666… + 30 = 54.666…) — a known bug the engine must not copy.
    @Test("intrinsicSize is the text wrapped at the inner width plus the insets, not seed 004's recipe",
          arguments: [VerticalAlignment.top, .middle, .bottom])
    func intrinsicSizeIsNotTheBuggyRecipe(_ alignment: VerticalAlignment) throws {
        let layout = try engine.layout(Self.label(Self.twenty, alignment))
        #expect(layout.neededLineCount == 2)
        #expect(layout.lines.map(\.text) == ["一二三四五六七八九十一二三四五六七八九", "十"])
        expectSize(layout.intrinsicSize, width: 343, height: 79.333333, "intrinsicSize")
        #expect(abs(layout.intrinsicSize.width - 360) > 1, "the buggy recipe's width (full-width wrap + insets)")
        #expect(abs(layout.intrinsicSize.height - 54.666667) > 1, "the buggy recipe's height")
    }

    /// Horizontal placement in the inner box (docs/layout-rules.md), text rect width 323:
    /// center x = 15 + (330 − 323)/2 = 18.5; right x = 345 − 323 = 22.
    /// Line 2 (153 wide): center x = 15 + (330 − 153)/2 = 103.5; right x = 345 − 153 = 192.
    @Test("Horizontal alignment inside the inner box",
          arguments: [(TextAlignment.left, 15.0, 15.0), (.center, 18.5, 103.5), (.right, 22.0, 192.0)])
    func horizontalAlignment(_ alignment: TextAlignment, _ rectX: Double, _ line2X: Double) throws {
        var label = Self.label(Self.juZhong, .middle)
        label.textAlignment = alignment
        let layout = try engine.layout(label)
        expectRect(layout.textRect, x: rectX, y: 70.333333, width: 323, height: 49.333333, "textRect")
        expectClose(layout.lines[0].rect.x, rectX, "line 1 x")
        expectClose(layout.lines[1].rect.x, line2X, "line 2 x")
    }

    /// A frame of 350 × 40 leaves an inner height of 40 − 30 = 10: not even one line of 24.616
    /// fits, yet one line is shown (docs/layout-rules.md), and it overflows the box. intrinsicSize still has
    /// unlimited height: both lines, (343, 79.333…).
    /// middle y = 10 + (10 − 24.666…)/2 = 10 − 7.333… = 2.666…  (24.616 → 74/3 = 24.666…)
    @Test("A short inner box shows one line; intrinsicSize still counts every line")
    func shortInnerBox() throws {
        let layout = try engine.layout(Self.label(Self.juZhong, .middle, height: 40))
        #expect(layout.lineCount == 1)
        #expect(layout.neededLineCount == 2)
        #expect(layout.truncated)
        expectRect(layout.textRect, x: 15, y: 2.666667, width: 323, height: 24.666667, "textRect")
        expectSize(layout.intrinsicSize, width: 343, height: 79.333333, "intrinsicSize")
    }

    /// Empty text: no lines, a zero-size text rect in the inner box; intrinsicSize = the insets.
    /// middle y = 10 + 170/2 = 95.
    @Test("Empty text with insets: intrinsicSize is the insets alone")
    func emptyText() throws {
        let layout = try engine.layout(Self.label("", .middle))
        #expect(layout.lines.isEmpty)
        expectRect(layout.textRect, x: 15, y: 95, width: 0, height: 0, "textRect")
        expectSize(layout.intrinsicSize, width: 20, height: 30, "intrinsicSize")
    }

    /// Insets read from JSON behave the same.
    @Test("contentInsets from JSON")
    func insetsFromJSON() throws {
        let definition = try LabelDefinition(json: JSONValue.parse("""
            {"name": "seed004.json", "text": "\(Self.juZhong)",
             "frame": {"x": 0, "y": 0, "width": 350, "height": 200},
             "font": {"family": "Noto Sans CJK SC", "size": 17}, "lineBreakMode": "charWrap",
             "numberOfLines": 0, "textAlignment": "left", "verticalAlignment": "bottom",
             "contentInsets": {"top": 10, "left": 15, "bottom": 20, "right": 5}}
            """))
        #expect(definition.contentInsets == Self.insets)
        let layout = try engine.layout(definition)
        expectRect(layout.textRect, x: 15, y: 130.666667, width: 323, height: 49.333333, "textRect")
    }
}
