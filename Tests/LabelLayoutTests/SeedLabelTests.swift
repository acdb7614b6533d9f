import LabelJSON
import LabelLayout
import LabelModel
import Testing

/// The labels of the seed documents, with every expected number worked out by hand from the
/// font's own tables (docs/layout-rules.md).
///
/// Noto Sans CJK SC (NotoSansCJK-Regular.ttc, face 2): `hhea` ascender 1160, descender −288,
/// lineGap 0, unitsPerEm 1000; every ideograph and the ideographic comma 、 advance 1000 units.
///
/// At 17 pt:  ascender = 1160 × 17/1000 = 19.72, descender = −288 × 17/1000 = −4.896,
///            lineHeight = (1160 + 288)/1000 × 17 = 24.616, one character = 17 pt.
/// At 15 pt:  ascender = 17.4, descender = −4.32, lineHeight = 1.448 × 15 = 21.72, one character = 15 pt.
@Suite("Seed labels")
struct SeedLabelTests {
    // MARK: Seed 000 — 350 × 200, 17 pt, charWrap, numberOfLines 0, textAlignment left

    /// Seed 000's texts, exactly as its `setupLabel` sets them.
    static let kanWo = "看我居上对齐了啊、你看看对不对的啊、看来是对的" // 23 characters
    static let juZhong = "剧终了、剧终了、剧终了、剧终了、剧终了、剧终了、剧终了、" // 7 × 4 = 28 characters
    static let xiangXia = "向下看、向下看、向下看、向下看、向下看、向下看、向下看、向下看、" // 8 × 4 = 32 characters

    static func seed000(_ text: String, _ alignment: VerticalAlignment) -> LabelDefinition {
        var label = LabelDefinition(name: "seed000.label", frame: Rect(x: 20, y: 275, width: 350, height: 200))
        label.text = text
        label.font = FontSpec(families: [Fonts.cjkFamily], size: 17)
        label.textAlignment = .left
        label.lineBreakMode = .charWrap
        label.numberOfLines = 0
        label.verticalAlignment = alignment
        return label
    }

    /// Every seed 000 label wraps the same way: 350 / 17 = 20.59, so 20 characters fit a line
    /// (20 × 17 = 340 ≤ 350 < 21 × 17 = 357); each text needs 2 lines.
    ///
    /// Text rect: width = widest line = 340 → on the 1/3 grid already (340 × 3 = 1020) → 340.
    ///            height = 2 × 24.616 = 49.232 → × 3 = 147.696 → up to 148 → 148/3 = 49.333….
    /// y:  top    = 0
    ///     middle = (200 − 49.333…)/2 = (600/3 − 148/3)/2 = 452/6 = 75.333…
    ///     bottom = 200 − 49.333… = 452/3 = 150.666…
    /// Lines (x = 0, height 24.616): line 2's y = textRect.y + 24.616;
    /// baseline = y + lineHeight + descender = y + 24.616 − 4.896 = y + 19.72.
    static let textRectY: [VerticalAlignment: Double] = [.top: 0, .middle: 75.333333, .bottom: 150.666667]

    struct Seed000Case: Sendable, CustomTestStringConvertible {
        let text: String
        let firstLine: String
        let secondLine: String
        let secondWidth: Double
        var testDescription: String { String(text.prefix(4)) }
    }

    static let seed000Cases = [
        // 23 characters: 20 + 3; line 2 = 是对的 = 3 × 17 = 51.
        Seed000Case(text: kanWo, firstLine: "看我居上对齐了啊、你看看对不对的啊、看来", secondLine: "是对的", secondWidth: 51),
        // 28 characters: 20 + 8; line 2 = 8 × 17 = 136.
        Seed000Case(text: juZhong, firstLine: "剧终了、剧终了、剧终了、剧终了、剧终了、", secondLine: "剧终了、剧终了、", secondWidth: 136),
        // 32 characters: 20 + 12; line 2 = 12 × 17 = 204.
        Seed000Case(text: xiangXia, firstLine: "向下看、向下看、向下看、向下看、向下看、", secondLine: "向下看、向下看、向下看、", secondWidth: 204),
    ]

    @Test("Seed 000: 350 × 200 charWrap labels at top, middle and bottom",
          arguments: seed000Cases, [VerticalAlignment.top, .middle, .bottom])
    func seed000Labels(_ seed: Seed000Case, _ alignment: VerticalAlignment) throws {
        let layout = try engine.layout(Self.seed000(seed.text, alignment))
        let y = Self.textRectY[alignment]!

        #expect(layout.bounds == Rect(x: 0, y: 0, width: 350, height: 200))
        expectRect(layout.textRect, x: 0, y: y, width: 340, height: 49.333333, "textRect")
        #expect(layout.lineCount == 2)
        #expect(layout.neededLineCount == 2)
        #expect(!layout.truncated)
        try #require(layout.lines.count == 2)

        // Line 1: characters 0..<20, 20 × 17 = 340 wide.
        #expect(layout.lines[0].text == seed.firstLine)
        #expect(layout.lines[0].range == TextRange(location: 0, length: 20))
        expectRect(layout.lines[0].rect, x: 0, y: y, width: 340, height: 24.616, "line 1")
        expectClose(layout.lines[0].baseline, y + 19.72, "line 1 baseline")

        // Line 2: the rest, starting at UTF-16 offset 20 (all BMP characters: 1 unit each).
        #expect(layout.lines[1].text == seed.secondLine)
        #expect(layout.lines[1].range == TextRange(location: 20, length: seed.text.utf16.count - 20))
        expectRect(layout.lines[1].rect, x: 0, y: y + 24.616, width: seed.secondWidth, height: 24.616, "line 2")
        expectClose(layout.lines[1].baseline, y + 24.616 + 19.72, "line 2 baseline")

        // sizeThatFits: the same 2 lines, no insets.
        expectSize(layout.intrinsicSize, width: 340, height: 49.333333, "intrinsicSize")

        #expect(layout.font.family == "Noto Sans CJK SC")
        #expect(layout.font.file == Fonts.cjkFile)
        expectClose(layout.font.size, 17, "font size")
        expectClose(layout.font.lineHeight, 24.616, "lineHeight")
        expectClose(layout.font.ascender, 19.72, "ascender")
        expectClose(layout.font.descender, -4.896, "descender")
    }

    /// The literal numbers for the middle label, spelled out once more (no table lookups).
    @Test("Seed 000: 剧终了 label, middle alignment, literal numbers")
    func seed000MiddleLiteral() throws {
        let layout = try engine.layout(Self.seed000(Self.juZhong, .middle))
        // y = (200 − 148/3)/2 = 75.333…
        expectRect(layout.textRect, x: 0, y: 75.333333, width: 340, height: 49.333333, "textRect")
        // line 1: y = 75.333…, baseline = 75.333… + 19.72 = 95.053…
        expectRect(layout.lines[0].rect, x: 0, y: 75.333333, width: 340, height: 24.616, "line 1")
        expectClose(layout.lines[0].baseline, 95.053333, "line 1 baseline")
        // line 2: y = 75.333… + 24.616 = 99.949…, baseline = 99.949… + 19.72 = 119.669…
        expectRect(layout.lines[1].rect, x: 0, y: 99.949333, width: 136, height: 24.616, "line 2")
        expectClose(layout.lines[1].baseline, 119.669333, "line 2 baseline")
    }

    @Test("Seed 000: 向下看 label, bottom alignment, literal numbers")
    func seed000BottomLiteral() throws {
        let layout = try engine.layout(Self.seed000(Self.xiangXia, .bottom))
        // y = 200 − 148/3 = 150.666…
        expectRect(layout.textRect, x: 0, y: 150.666667, width: 340, height: 49.333333, "textRect")
        // line 2: y = 150.666… + 24.616 = 175.282…, baseline = 175.282… + 19.72 = 195.002…
        expectRect(layout.lines[1].rect, x: 0, y: 175.282667, width: 204, height: 24.616, "line 2")
        expectClose(layout.lines[1].baseline, 195.002667, "line 2 baseline")
    }

    /// docs/layout-rules.md's example is seed 000's 剧终了 label at top alignment; its JSON must carry the
    /// example's numbers (rounded to 3 decimals).
    @Test("Seed 000: the documented example JSON")
    func specExampleJSON() throws {
        let json = try engine.layout(Self.seed000(Self.juZhong, .top)).json
        #expect(json.contains(#""bounds":{"x":0,"y":0,"width":350,"height":200}"#))
        #expect(json.contains(#""textRect":{"x":0,"y":0,"width":340,"height":49.333}"#))
        #expect(json.contains(#""range":{"location":0,"length":20},"text":"剧终了、剧终了、剧终了、剧终了、剧终了、","rect":{"x":0,"y":0,"width":340,"height":24.616},"baseline":19.72"#))
        #expect(json.contains(#""lineCount":2,"neededLineCount":2,"truncated":false"#))
        #expect(json.contains(#""intrinsicSize":{"width":340,"height":49.333}"#))
        #expect(json.contains(#""size":17,"lineHeight":24.616,"ascender":19.72,"descender":-4.896"#))
    }

    /// The same label read from its canonical JSON gives the same layout.
    @Test("Seed 000: a definition read from JSON lays out like the one built in Swift")
    func seed000FromJSON() throws {
        let definition = try LabelDefinition(json: JSONValue.parse("""
            {"name": "demo.topLabel", "text": "看我居上对齐了啊、你看看对不对的啊、看来是对的",
             "frame": {"x": 20, "y": 50, "width": 350, "height": 200},
             "font": {"family": "Noto Sans CJK SC", "size": 17},
             "textAlignment": "left", "lineBreakMode": "charWrap", "numberOfLines": 0,
             "verticalAlignment": "bottom"}
            """))
        let layout = try engine.layout(definition)
        expectRect(layout.textRect, x: 0, y: 150.666667, width: 340, height: 49.333333, "textRect")
        #expect(layout.name == "demo.topLabel")
        #expect(layout.lines.map(\.text) == ["看我居上对齐了啊、你看看对不对的啊、看来", "是对的"])
    }

    // MARK: Seed 003 — 200 × 80, 15 pt, textAlignment center (numberOfLines 1, truncateTail: UILabel's defaults)

    static func seed003(_ text: String, _ alignment: VerticalAlignment) -> LabelDefinition {
        var label = LabelDefinition(name: "seed003.label", frame: Rect(x: 87.5, y: 100, width: 200, height: 80))
        label.text = text
        label.font = FontSpec(families: [Fonts.cjkFamily], size: 15)
        label.textAlignment = .center
        label.verticalAlignment = alignment
        return label
    }

    /// Each text is 6 characters: width = 6 × 15 = 90 (on the grid: 270/3).
    /// height = 21.72 → × 3 = 65.16 → up to 66 → 66/3 = 22.
    /// x (center) = (200 − 90)/2 = 55, for the text rect and for the line (its width is 90 too).
    /// y: top = 0; middle = (80 − 22)/2 = 29; bottom = 80 − 22 = 58.
    /// baseline = y + 21.72 − 4.32 = y + 17.4.
    @Test("Seed 003: 200 × 80 centered labels at top, middle and bottom",
          arguments: [("文字顶部显示", VerticalAlignment.top, 0.0),
                      ("文字中间显示", VerticalAlignment.middle, 29.0),
                      ("文字底部显示", VerticalAlignment.bottom, 58.0)])
    func seed003Labels(_ text: String, _ alignment: VerticalAlignment, _ y: Double) throws {
        let layout = try engine.layout(Self.seed003(text, alignment))
        #expect(layout.bounds == Rect(x: 0, y: 0, width: 200, height: 80))
        expectRect(layout.textRect, x: 55, y: y, width: 90, height: 22, "textRect")
        #expect(layout.lineCount == 1)
        #expect(layout.neededLineCount == 1)
        #expect(!layout.truncated)
        try #require(layout.lines.count == 1)
        #expect(layout.lines[0].text == text)
        #expect(layout.lines[0].range == TextRange(location: 0, length: 6))
        expectRect(layout.lines[0].rect, x: 55, y: y, width: 90, height: 21.72, "line")
        expectClose(layout.lines[0].baseline, y + 17.4, "baseline")
        expectSize(layout.intrinsicSize, width: 90, height: 22, "intrinsicSize")
        expectClose(layout.font.lineHeight, 21.72, "lineHeight")
        expectClose(layout.font.ascender, 17.4, "ascender")
        expectClose(layout.font.descender, -4.32, "descender")
    }

    /// The seeds' demo keeps Noto Sans CJK SC as its default family (its text is Chinese): a
    /// seed label that names no font lays out exactly as with the family named.
    @Test("Seed 003 with Noto Sans CJK SC as the default family")
    func seed003DefaultFont() throws {
        var label = Self.seed003("文字中间显示", .middle)
        label.font = FontSpec(size: 15)
        let layout = try LayoutEngine(defaultFamily: "Noto Sans CJK SC").layout(label)
        expectRect(layout.textRect, x: 55, y: 29, width: 90, height: 22, "textRect")
        #expect(layout.font.family == "Noto Sans CJK SC")
    }

    /// With the system font (Inter first), the ideographs still come from Noto Sans CJK SC
    /// (15 pt each, untracked), but the lines have Inter's height: (2728 + 680) / 2816 × 15 =
    /// 18.153 → 18.333 on the grid, centered: y = (80 − 18.333) / 2.
    @Test("Seed 003 with the system font: Noto Sans CJK SC's ideographs in Inter's lines")
    func seed003SystemFont() throws {
        var label = Self.seed003("文字中间显示", .middle)
        label.font = FontSpec(size: 15)
        let layout = try engine.layout(label)
        #expect(layout.font.family == "Inter")
        expectClose(layout.font.lineHeight, 3408.0 / 2816 * 15, "lineHeight")
        expectRect(layout.textRect, x: 55, y: (80 - 55.0 / 3) / 2, width: 90, height: 55.0 / 3, "textRect")
    }
}
