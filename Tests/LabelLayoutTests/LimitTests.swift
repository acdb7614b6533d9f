import LabelLayout
import LabelModel
import Testing

/// The room a label gives its text, and the average advance of a text, as `labelcat limits`
/// reads them from the engine (docs/fixes.md, "Limits for translators").
@Suite("Limits for translators")
struct LimitTests {
    @Test("The width is the frame's less its insets; the lines those the height holds, at least one")
    func limit() throws {
        var label = latinLabel("nnnn", width: 200, height: 60)
        label.contentInsets = EdgeInsets(top: 0, left: 10, bottom: 0, right: 12)
        let limit = try engine.limit(LayoutSubject(label))
        #expect(limit.width == 178)
        #expect(limit.lines == 0)
        // DejaVu's line height at 20.48 pt is 23.84: 60 points hold two lines.
        #expect(limit.lineCapacity == 2)
        #expect(limit.font.family == Fonts.dejaVuFamily)
        #expect(limit.font.size == Fonts.dejaVuUnitSize)
        #expect(limit.weight == 400)
        // "n" advances 1298 units (12.98 pt): 178 × 2 ÷ 12.98 = 27.4.
        let advance = try #require(try engine.averageAdvance(LayoutSubject(label)))
        #expect(abs(advance - 12.98) < 1e-9)
        #expect(limit.characters(averageAdvance: advance) == 27)
        // A height shorter than a line still shows one; a self-sizing label of unlimited lines has no limit.
        label.frame.height = 10
        #expect(try engine.limit(LayoutSubject(label)).lineCapacity == 1)
        label.isSelfSizing = true
        let unlimited = try engine.limit(LayoutSubject(label))
        #expect(unlimited.lineCapacity == nil)
        #expect(unlimited.characters(averageAdvance: advance) == nil)
    }

    @Test("The average advance is the text's width on one line per paragraph over its characters")
    func averageAdvance() throws {
        let text = "Sluit de luidsprekerversterker aan"
        let wide = latinLabel(text, width: 2000, lines: 1)
        let line = try #require(try engine.layout(wide).lines.first)
        let advance = try #require(try engine.averageAdvance(LayoutSubject(latinLabel(text, width: 50, lines: 2))))
        #expect(abs(advance * Double(text.count) - line.rect.width) < 1e-9)
        // Paragraphs each on their own line; the line break is no character.
        let paragraphs = try #require(try engine.averageAdvance(LayoutSubject(latinLabel("nn\nnn", width: 20))))
        #expect(abs(paragraphs - 12.98) < 1e-9)
        #expect(try engine.averageAdvance(LayoutSubject(latinLabel("", width: 20))) == nil)
    }
}
