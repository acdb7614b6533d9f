import LabelLayout
import LabelModel
import LabelRender
import Testing

/// Each drawn line's ink (pixels that are not the background) lies within the rect the layout
/// gives that line: for every alignment, truncation mode and writing direction, with and
/// without insets, on one and on two lines. A truncated line shows part of a word: its glyphs
/// keep the forms the layout measured (an Arabic letter cut from its word stays joined), so
/// the drawing is as wide as the line.
@Suite("Lines are drawn inside their rects")
struct LineInkTests {
    static let texts = [
        "ltr": "We will send you a code by email to verify your account",
        "rtl": "سنرسل إليك كودًا بالبريد الإلكتروني للتحقق من حسابك",
    ]
    static let scale = 2.0
    /// Antialiasing reaches one device pixel past a glyph's outline.
    static let slack = 1

    struct Case: CustomTestStringConvertible, Sendable {
        let direction: String
        let alignment: TextAlignment
        let mode: LineBreakMode
        let insets: Bool
        let lines: Int
        var testDescription: String { "\(direction) \(alignment.rawValue) \(mode.rawValue) \(insets ? "insets" : "no insets") \(lines) line(s)" }
    }

    static let cases: [Case] = ["ltr", "rtl"].flatMap { direction in
        TextAlignment.allCases.flatMap { alignment in
            [LineBreakMode.truncateHead, .truncateMiddle, .truncateTail].flatMap { mode in
                [false, true].flatMap { insets in [1, 2].map { Case(direction: direction, alignment: alignment, mode: mode, insets: insets, lines: $0) } }
            }
        }
    }

    static func label(_ test: Case, height: Double = 50) -> LabelDefinition {
        var label = LabelDefinition(name: "ink", frame: Rect(x: 0, y: 0, width: 200, height: height))
        label.text = Self.texts[test.direction]!
        label.font = FontSpec(families: ["DejaVu Sans"], size: 17)
        label.numberOfLines = test.lines
        label.lineBreakMode = test.mode
        label.textAlignment = test.alignment
        label.verticalAlignment = .top
        label.contentInsets = test.insets ? EdgeInsets(top: 4, left: 8, bottom: 4, right: 8) : .zero
        label.textColor = Color(red: 0, green: 0, blue: 0)
        label.backgroundColor = white
        return label
    }

    @Test("Ink of each line within its line rect", arguments: cases)
    func inkWithinLine(_ test: Case) throws {
        let picture = try LabelPicture(definition: Self.label(test), engine: engine)
        #expect(picture.layout.truncated, "the text is truncated")
        try #require(picture.layout.lines.count == test.lines)
        try Self.expectInkWithinLines(picture)
    }

    /// charWrap breaks words anywhere: the letters either side of a break keep the forms
    /// they have in the word.
    @Test("A word broken across lines is drawn inside each line", arguments: ["ltr", "rtl"], TextAlignment.allCases)
    func brokenWords(_ direction: String, _ alignment: TextAlignment) throws {
        let test = Case(direction: direction, alignment: alignment, mode: .charWrap, insets: true, lines: 0)
        let picture = try LabelPicture(definition: Self.label(test, height: 200), engine: engine)
        #expect(picture.layout.lines.count >= 3)
        try Self.expectInkWithinLines(picture)
    }

    /// A shrunk label is drawn at the size it was shrunk to, and a tightened line with its
    /// letters closer: each line's ink fills its rect (from the first glyph to the last) and
    /// stays inside it. "Benachrichtigungen verwalten" is 260.88 pt in DejaVu Sans at 17 pt,
    /// shrunk into 140 pt; "hello" is 3% too wide for its line, and tightened.
    @Test("Shrunk and tightened labels are drawn inside their line rects, filling them")
    func shrunkAndTightened() throws {
        var shrunk = Self.label(Case(direction: "ltr", alignment: .left, mode: .truncateTail, insets: false, lines: 1))
        shrunk.text = "Benachrichtigungen verwalten"
        shrunk.frame.width = 140
        shrunk.adjustsFontSizeToFitWidth = true
        shrunk.minimumScaleFactor = 0.5
        var tightened = Self.label(Case(direction: "ltr", alignment: .left, mode: .truncateTail, insets: false, lines: 1))
        tightened.text = "hello world"
        tightened.allowsDefaultTighteningForTruncation = true
        let width = try engine.layout(tightened).intrinsicSize.width
        tightened.frame.width = (width / 1.03).rounded(.down)
        for definition in [shrunk, tightened] {
            let picture = try LabelPicture(definition: definition, engine: engine)
            #expect(!picture.layout.truncated)
            #expect(picture.layout.shrunk == (definition.text == shrunk.text))
            try Self.expectInkWithinLines(picture)
            let canvas = try Renderer(engine: engine).renderLabel(picture, scale: Self.scale)
            let inkRight = (0..<canvas.width).last { x in (0..<canvas.height).contains { canvas.pixel(x: x, y: $0) != white } } ?? 0
            #expect(Double(inkRight + 1) / Self.scale > picture.layout.lines[0].rect.maxX - 2, "the last glyph reaches the line's end")
        }
    }

    static func expectInkWithinLines(_ picture: LabelPicture, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let layout = picture.layout
        let canvas = try Renderer(engine: engine).renderLabel(picture, scale: Self.scale)

        // Every ink pixel belongs to the line whose rect (grown by the slack) holds its row.
        var inkColumns = Array(repeating: (min: Int.max, max: Int.min), count: layout.lines.count)
        var stray: [(x: Int, y: Int)] = []
        let rows = layout.lines.map { pixelRanges($0.rect, origin: (0, 0), scale: Self.scale, grow: Self.slack).ys }
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas.pixel(x: x, y: y) != white {
                guard let line = rows.firstIndex(where: { $0.contains(y) }) else { stray.append((x, y)); continue }
                inkColumns[line].min = min(inkColumns[line].min, x)
                inkColumns[line].max = max(inkColumns[line].max, x)
            }
        }
        #expect(stray.isEmpty, "ink outside every line's rows: \(stray.prefix(3))", sourceLocation: sourceLocation)
        for (index, line) in layout.lines.enumerated() {
            let columns = pixelRanges(line.rect, origin: (0, 0), scale: Self.scale, grow: Self.slack).xs
            let ink = inkColumns[index]
            try #require(ink.min <= ink.max, "line \(index + 1) '\(line.text)' is drawn", sourceLocation: sourceLocation)
            #expect(columns.contains(ink.min) && columns.contains(ink.max),
                    "line \(index + 1) '\(line.text)': ink x \(Double(ink.min) / Self.scale)…\(Double(ink.max + 1) / Self.scale) pt, line rect x \(line.rect.minX)…\(line.rect.maxX) pt",
                    sourceLocation: sourceLocation)
        }
    }
}
