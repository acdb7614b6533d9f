import LabelLayout
import LabelModel
import Testing

/// Autoshrink (`adjustsFontSizeToFitWidth`, `minimumScaleFactor`), tightening
/// (`allowsDefaultTighteningForTruncation`) and self-sizing labels.
@Suite("Autoshrink, tightening and self-sizing")
struct AutoshrinkTests {
    /// "Benachrichtigungen verwalten" in Liberation Sans is 27438 of 2048 units per em wide
    /// (227.75 pt at 17 pt): in 120 pt it fits from 120 × 2048 / 27438 = 8.9569 pt down.
    static func german(minimumScaleFactor: Double, family: String? = Fonts.liberationFamily) -> LabelDefinition {
        var label = LabelDefinition(name: "shrink.german", frame: Rect(x: 0, y: 0, width: 120, height: 30))
        label.text = "Benachrichtigungen verwalten"
        label.font = FontSpec(families: family.map { [$0] } ?? [], size: 17)
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = minimumScaleFactor
        return label
    }

    @Test("A one-line label shrinks to the largest size that fits (0.5), or to its minimum and truncates (0.9)")
    func oneLine() throws {
        let shrunk = try engine.layout(Self.german(minimumScaleFactor: 0.5))
        #expect(shrunk.shrunk)
        #expect(!shrunk.truncated)
        #expect(shrunk.lines.map(\.text) == ["Benachrichtigungen verwalten"])
        // The largest size on the 1/1000 pt grid at which the line fits.
        let size = (120 * 2048 / 27438.0 * 1000).rounded(.down) / 1000
        expectClose(shrunk.font.size, size, "fontSize")
        expectClose(shrunk.lines[0].rect.width, 27438 * size / 2048, "line width")
        #expect(shrunk.lines[0].rect.width <= 120)
        #expect(27438 * (size + 0.001) / 2048 > 120, "a thousandth of a point more would not fit")
        // The line height follows the shrunk font: hhea 1854 + 434 + 67 of 2048.
        expectClose(shrunk.font.lineHeight, 2355 * size / 2048, "lineHeight")
        #expect(shrunk.json.contains(#""shrunk":true,"fontSize":8.956"#))

        let truncated = try engine.layout(Self.german(minimumScaleFactor: 0.9))
        #expect(truncated.shrunk)
        #expect(truncated.truncated)
        expectClose(truncated.font.size, 17 * 0.9, "fontSize: the minimum")
        #expect(truncated.lines[0].text.hasSuffix("…"))
    }

    /// In the system font (Inter, tracked as SF Pro) the text is wider: 244.18 pt at 17 pt,
    /// and SF Pro's own is 242.74 — at half size still 122 pt, more than 120. UIKit truncates
    /// it at 8.5 pt too.
    @Test("In the system font the German text needs a scale below 0.5")
    func systemFontGerman() throws {
        let layout = try engine.layout(Self.german(minimumScaleFactor: 0.5, family: nil))
        #expect(layout.font.family == "Inter")
        #expect(layout.shrunk)
        #expect(layout.truncated)
        expectClose(layout.font.size, 8.5, "fontSize")
    }

    @Test("No shrinking without adjustsFontSizeToFitWidth, with a scale factor of 0 or 1, or when the text fits")
    func noShrinking() throws {
        for (adjusts, factor) in [(false, 0.5), (true, 0.0), (true, 1.0)] {
            var label = Self.german(minimumScaleFactor: factor)
            label.adjustsFontSizeToFitWidth = adjusts
            let layout = try engine.layout(label)
            #expect(!layout.shrunk)
            #expect(layout.truncated)
            #expect(layout.font.size == 17)
        }
        var fits = Self.german(minimumScaleFactor: 0.5)
        fits.frame.width = 300
        let layout = try engine.layout(fits)
        #expect(!layout.shrunk && !layout.truncated && layout.font.size == 17)
    }

    /// "one two three four five six" needs 4 lines of 100 pt at 20.48 pt: in 2 lines it
    /// shrinks to the largest size at which 2 lines hold it.
    @Test("Several lines shrink until the lines available hold the text", arguments: [
        (2, 200.0), // numberOfLines
        (0, 50.0),  // the height: two lines of 23.84 fit in 50
    ])
    func severalLines(_ numberOfLines: Int, _ height: Double) throws {
        var label = latinLabel("one two three four five six", width: 100, height: height, mode: .truncateTail, lines: numberOfLines)
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        let layout = try engine.layout(label)
        #expect(layout.shrunk)
        #expect(!layout.truncated)
        #expect(layout.lineCount == 2)
        #expect(layout.font.size >= 10.24 && layout.font.size < 20.48)
        // The largest such size: a thousandth of a point more hides text.
        var larger = label
        larger.adjustsFontSizeToFitWidth = false
        larger.font.size = layout.font.size + 0.001
        #expect(try engine.layout(larger).truncated)
        larger.font.size = layout.font.size
        #expect(try !engine.layout(larger).truncated)
    }

    @Test("Several lines in a mode that does not truncate do not shrink (UILabel shrinks them only when it truncates)")
    func severalLinesWordWrap() throws {
        var label = latinLabel("one two three four five six", width: 100, mode: .wordWrap, lines: 2)
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        let layout = try engine.layout(label)
        #expect(!layout.shrunk)
        #expect(layout.truncated)
        // One line shrinks in any mode.
        label.numberOfLines = 1
        label.text = "hello world"
        let one = try engine.layout(label)
        #expect(one.shrunk && !one.truncated)
    }

    /// A fixed line height stays fixed when the font shrinks; the font's own follows it.
    @Test("A fixed lineHeight does not shrink")
    func fixedLineHeight() throws {
        var label = Self.german(minimumScaleFactor: 0.5)
        label.lineHeight = 30
        let layout = try engine.layout(label)
        #expect(layout.shrunk)
        #expect(layout.font.lineHeight == 30)
        expectClose(layout.lines[0].rect.height, 30, "line height")
    }

    // MARK: Tightening

    /// "hello" in DejaVu Sans at 20.48 pt is 49.49 pt: 3% too wide for 48.05 pt, it is tightened
    /// (5 graphemes, each 0.288 pt closer); 8% too wide for 45.82 pt, it is truncated.
    @Test("Tightening fits a line 3% too wide and not one 8% too wide")
    func tightening() throws {
        var label = latinLabel("hello", width: 49.49 / 1.03, mode: .truncateTail, lines: 1)
        label.allowsDefaultTighteningForTruncation = true
        let tightened = try engine.layout(label)
        #expect(!tightened.truncated)
        #expect(!tightened.shrunk)
        #expect(tightened.lines.map(\.text) == ["hello"])
        expectClose(tightened.lines[0].rect.width, 49.49 / 1.03, "tightened width")
        let runs = try engine.glyphRuns(for: tightened, of: label)
        expectClose(runs[0].flatMap(\.advances).reduce(0, +), 49.49 / 1.03, "drawn advances")

        label.frame.width = 49.49 / 1.08
        let truncated = try engine.layout(label)
        #expect(truncated.truncated)
        #expect(truncated.lines[0].text.hasSuffix("…"))

        // Not without the flag, and not in a mode that does not truncate.
        label.frame.width = 49.49 / 1.03
        label.allowsDefaultTighteningForTruncation = false
        #expect(try engine.layout(label).truncated)
        label.allowsDefaultTighteningForTruncation = true
        label.lineBreakMode = .wordWrap
        #expect(try engine.layout(label).truncated)
    }

    /// "hello hello." in 54 pt: "hello" (49.49) / "hello." (56.00, no break before the period,
    /// so it breaks between graphemes) / "." — in two lines the second is 3.7% too wide for the
    /// rest of the text: tightened. In one line the rest is the whole text, twice too wide.
    @Test("The last of several lines is tightened to hold the rest of the text")
    func tighteningLastLine() throws {
        var label = latinLabel("hello hello.", width: 54, mode: .truncateTail, lines: 2)
        label.allowsDefaultTighteningForTruncation = true
        let layout = try engine.layout(label)
        #expect(!layout.truncated)
        #expect(layout.lines.map(\.text) == ["hello", "hello."])
        #expect(layout.neededLineCount == 3, "lines needed without tightening")
        expectClose(layout.lines[1].rect.width, 54, "tightened into the line")
        #expect(layout.lines[1].range == TextRange(location: 6, length: 6))
        label.numberOfLines = 1
        #expect(try engine.layout(label).truncated)
        label.numberOfLines = 2
        label.allowsDefaultTighteningForTruncation = false
        #expect(try engine.layout(label).truncated)
    }

    /// With both, a line tightens rather than shrinks: a tightened line is not truncated.
    @Test("Tightening comes before shrinking")
    func tighteningBeforeShrinking() throws {
        var label = latinLabel("hello", width: 49.49 / 1.03, mode: .truncateTail, lines: 1)
        label.allowsDefaultTighteningForTruncation = true
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        let layout = try engine.layout(label)
        #expect(!layout.shrunk)
        #expect(!layout.truncated)
        // 10% too wide: shrunk to where tightening fits it, at most 5% wider than the line.
        label.frame.width = 49.49 / 1.10
        let shrunk = try engine.layout(label)
        #expect(shrunk.shrunk && !shrunk.truncated)
        expectClose(shrunk.font.size, (20.48 * 1.05 / 1.10 * 1000).rounded(.down) / 1000, "fontSize")
        expectClose(shrunk.lines[0].rect.width, 49.49 / 1.10, "tightened into the line")
    }

    @Test("Drawn glyphs of a shrunk label are at the shrunk size and add up to the line widths")
    func glyphsAtShrunkSize() throws {
        var label = latinLabel("one two three four five six", width: 100, height: 200, mode: .truncateTail, lines: 2)
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        label.allowsDefaultTighteningForTruncation = true
        let layout = try engine.layout(label)
        let runs = try engine.glyphRuns(for: layout, of: label)
        #expect(runs.count == layout.lineCount)
        for (line, lineRuns) in zip(layout.lines, runs) {
            #expect(lineRuns.allSatisfy { $0.size == layout.font.size })
            expectClose(lineRuns.flatMap(\.advances).reduce(0, +), line.rect.width, "advances of \(line.text)")
        }
        // The system font: tracked Latin, shrunk.
        var system = Self.german(minimumScaleFactor: 0.5, family: nil)
        system.frame.width = 200
        let systemLayout = try engine.layout(system)
        #expect(systemLayout.shrunk && !systemLayout.truncated)
        let systemRuns = try engine.glyphRuns(for: systemLayout, of: system)
        expectClose(systemRuns[0].flatMap(\.advances).reduce(0, +), systemLayout.lines[0].rect.width, "system font advances")
    }

    // MARK: Self-sizing

    @Test("A self-sizing label never truncates for height: every line shows, and it is as tall as them")
    func selfSizingAllLines() throws {
        var label = latinLabel(String(repeating: "hello world ", count: 20), width: 120, height: 0, mode: .truncateTail)
        label.isSelfSizing = true
        label.verticalAlignment = .bottom
        let layout = try engine.layout(label)
        #expect(!layout.truncated)
        #expect(layout.lineCount == layout.neededLineCount)
        let height = (Double(layout.lineCount) * 23.84 * 3).rounded(.up) / 3
        expectClose(layout.bounds.height, height, "bounds")
        expectSize(layout.intrinsicSize, width: layout.textRect.width, height: height, "intrinsicSize")
        expectClose(layout.textRect.y, 0, "bottom alignment: the text fills the label")
    }

    /// UIKit's intrinsic content size does not shrink: a self-sizing label with autoshrink is as
    /// tall as its text at the font's own size, and the shrunk text sits in it by the vertical
    /// alignment.
    @Test("A self-sizing label with autoshrink keeps the height of its unshrunk lines")
    func selfSizingShrinks() throws {
        var label = latinLabel("hello world", width: 80, height: 0, mode: .truncateTail, lines: 1)
        label.isSelfSizing = true
        label.verticalAlignment = .middle
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        let layout = try engine.layout(label)
        #expect(layout.shrunk && !layout.truncated)
        expectClose(layout.bounds.height, 24, "one line of 23.84 on the grid")
        expectClose(layout.intrinsicSize.height, 24, "intrinsic height at the font's size")
        #expect(layout.textRect.height < 24)
        expectClose(layout.textRect.y, (24 - layout.textRect.height) / 2, "middle")

        label.text = "one two three four five six"
        label.frame.width = 100
        label.numberOfLines = 2
        let two = try engine.layout(label)
        #expect(two.shrunk && !two.truncated)
        expectClose(two.bounds.height, 48, "two lines of 23.84 on the grid")
        #expect(two.lineCount == 2)
    }

    // MARK: clip

    /// With `clip`, a grapheme wider than the line is cut at the inner box's edge: text is
    /// hidden. In other modes it overflows the line and shows.
    @Test("clip hides a grapheme wider than the line")
    func clipOverflow() throws {
        let clipped = try engine.layout(latinLabel("W", width: 10, mode: .clip))
        #expect(clipped.truncated)
        #expect(clipped.lines.map(\.text) == ["W"])
        let wrapped = try engine.layout(latinLabel("W", width: 10, mode: .wordWrap))
        #expect(!wrapped.truncated)
    }

    // MARK: Several categories

    @Test("layouts(categories:) gives each category's own layout")
    func severalCategories() throws {
        var styled = try LabelDefinition(json: .parse(#"""
            {"name": "dt.cats", "text": "Benachrichtigungen verwalten und mehr", "font": {"textStyle": "body"},
             "frame": {"x": 0, "y": 0, "width": 200, "height": 60}, "numberOfLines": 2, "adjustsFontSizeToFitWidth": true,
             "minimumScaleFactor": 0.6}
            """#))
        let categories = ContentSizeCategory.allCases
        for _ in 0..<2 {
            let together = try engine.layouts(styled, locale: "", categories: categories)
            #expect(together.count == categories.count)
            for (category, layout) in zip(categories, together) {
                #expect(layout == (try engine.layout(styled, category: category)), "\(category)")
            }
            styled.font = FontSpec(families: [Fonts.dejaVuFamily], size: 15)
        }
    }
}
