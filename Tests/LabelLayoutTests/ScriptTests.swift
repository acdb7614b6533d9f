import LabelLayout
import Testing

#if canImport(Glibc)
import Glibc
import LabelModel
#endif

/// Scripts, font fallback and font resolution (docs/layout-rules.md: fonts, fallback, natural alignment).
/// Widths are font units / 100 at DejaVu Sans 20.48 pt (see BreakingTests), or 1 em per
/// ideograph for Noto Sans CJK SC.
@Suite("Scripts and fonts")
struct ScriptTests {
    // MARK: CJK

    /// 15 pt, 6 ideographs = 90; wordWrap in 50 pt: 3 a line (45 ≤ 50 < 60).
    @Test("CJK breaks between ideographs")
    func cjk() throws {
        let layout = try engine.layout(cjkLabel("文字顶部显示", width: 50, size: 15, mode: .wordWrap))
        #expect(layout.lines.map(\.text) == ["文字顶", "部显示"])
        expectClose(layout.lines[0].rect.width, 45, "line 1")
        #expect(layout.font.family == "Noto Sans CJK SC")
    }

    /// 。 (U+3002, a closing punctuation) may not start a line: in 35 pt "一二三。" moves 三 down
    /// with its full stop under wordWrap ("一二" 20, "三。四" 30), while charWrap cuts after 三.
    @Test("CJK punctuation stays off the start of a line in wordWrap")
    func cjkKinsoku() throws {
        let word = try engine.layout(cjkLabel("一二三。四", width: 35, mode: .wordWrap))
        #expect(word.lines.map(\.text) == ["一二", "三。四"])
        let char = try engine.layout(cjkLabel("一二三。四", width: 35, mode: .charWrap))
        #expect(char.lines.map(\.text) == ["一二三", "。四"])
    }

    // MARK: Latin

    /// "Hello" = H 1540 + e 1260 + l 569 + l 569 + o 1253 = 5191 → 51.91 (no kerning pairs).
    @Test("Latin text is measured with the font's advances")
    func latin() throws {
        let layout = try engine.layout(latinLabel("Hello", width: 300))
        expectClose(layout.lines[0].rect.width, 51.91, "width")
        #expect(layout.font.family == "DejaVu Sans")
        #expect(layout.font.file == Fonts.dejaVuFile)
        expectClose(layout.font.lineHeight, 23.84, "lineHeight")
        expectClose(layout.font.ascender, 19.01, "ascender")
        expectClose(layout.font.descender, -4.83, "descender")
    }

    /// Kerning is applied (HarfBuzz shapes the word): in "three" the r advances 797, not 842.
    /// t 803 + h 1298 + r 797 + e 1260 + e 1260 = 5418 → 54.18 (unkerned it would be 54.63).
    @Test("Shaping applies kerning")
    func kerning() throws {
        let layout = try engine.layout(latinLabel("three", width: 300))
        expectClose(layout.lines[0].rect.width, 54.18, "width")
    }

    // MARK: Emoji

    /// DejaVu Sans has no 😀: it falls back to Noto Color Emoji (2550/2048 em → 25.50 at 20.48 pt).
    /// "a😀" = 12.55 + 25.50 = 38.05. The primary (reported) font stays DejaVu Sans, and so do the
    /// line metrics (lineHeight 23.84, not the emoji font's (1900 + 500)/100 = 24.00).
    @Test("Emoji fall back to Noto Color Emoji; the primary font stays the reported one")
    func emoji() throws {
        let layout = try engine.layout(latinLabel("a😀", width: 300))
        expectClose(layout.lines[0].rect.width, 38.05, "width")
        #expect(layout.font.family == "DejaVu Sans")
        #expect(layout.font.file == Fonts.dejaVuFile)
        expectClose(layout.font.lineHeight, 23.84, "lineHeight")
        expectClose(layout.lines[0].rect.height, 23.84, "line height")
    }

    /// The same with a CJK primary font at 17 pt: 一 17 + 😀 2550/2048 × 17 = 21.166992… → 38.166992.
    @Test("Emoji after CJK text")
    func emojiAfterCJK() throws {
        let layout = try engine.layout(cjkLabel("一😀", width: 300, size: 17))
        expectClose(layout.lines[0].rect.width, 17 + 2550.0 / 2048 * 17, "width")
        #expect(layout.font.family == "Noto Sans CJK SC")
    }

    /// A skin-tone sequence (👍🏽, 4 UTF-16 units) is one grapheme and one glyph: 25.50 wide,
    /// and it is never split across lines.
    @Test("An emoji modifier sequence is one grapheme")
    func emojiSequence() throws {
        let layout = try engine.layout(latinLabel("👍🏽👍🏽", width: 30, mode: .charWrap))
        #expect(ranges(layout) == [[0, 4], [4, 4]])
        expectClose(layout.lines[0].rect.width, 25.50, "width")
    }

    /// U+2764 alone has text presentation: DejaVu Sans draws it (1716 → 17.16). Followed by
    /// U+FE0F it asks for emoji presentation: Noto Color Emoji, one glyph of 2550 → 25.50.
    @Test("A variation selector 16 picks the emoji font")
    func emojiPresentation() throws {
        let text = try engine.layout(latinLabel("\u{2764}", width: 300))
        expectClose(text.lines[0].rect.width, 17.16, "text presentation")
        let emoji = try engine.layout(latinLabel("\u{2764}\u{FE0F}", width: 300))
        expectClose(emoji.lines[0].rect.width, 25.50, "emoji presentation")
        #expect(ranges(emoji) == [[0, 2]])
    }

    // MARK: Right-to-left text

    /// "مرحبا بالعالم" in DejaVu Sans (contextual forms from GSUB):
    ///   مرحبا = 1097 + 1130 + 1266 + 618 + 624 = 4735, space 651,
    ///   بالعالم = 570 + 624 + 624 + 988 + 624 + 624 + 1363 = 5417 → 4735 + 651 + 5417 = 10803 → 108.03.
    /// natural alignment follows the base direction (RTL): line x = 300 − 108.03 = 191.97,
    /// text rect width 108.03 → 324.09 → 325/3 = 108.333…, x = 300 − 108.333… = 191.666….
    @Test("Arabic: natural alignment right-aligns")
    func arabic() throws {
        var label = latinLabel("مرحبا بالعالم", width: 300)
        label.textAlignment = .natural
        let layout = try engine.layout(label)
        #expect(layout.lineCount == 1)
        #expect(layout.lines[0].text == "مرحبا بالعالم")
        expectClose(layout.lines[0].rect.width, 108.03, "width")
        expectClose(layout.lines[0].rect.x, 191.97, "line x")
        // height: 23.84 → 71.52 → 72/3 = 24
        expectRect(layout.textRect, x: 191.666667, y: 0, width: 108.333333, height: 24, "textRect")
        #expect(layout.font.family == "DejaVu Sans")
    }

    /// "שלום עולם": שלום = 1451 + 1164 + 558 + 1359 = 4532, space 651,
    /// עולם = 1282 + 558 + 1164 + 1359 = 4363 → 9546 → 95.46. natural → x = 300 − 95.46 = 204.54.
    /// Explicit left alignment still puts it at 0.
    @Test("Hebrew: natural right-aligns, left stays left",
          arguments: [(TextAlignment.natural, 204.54), (.left, 0.0), (.right, 204.54)])
    func hebrew(_ alignment: TextAlignment, _ x: Double) throws {
        var label = latinLabel("שלום עולם", width: 300)
        label.textAlignment = alignment
        let layout = try engine.layout(label)
        expectClose(layout.lines[0].rect.width, 95.46, "width")
        expectClose(layout.lines[0].rect.x, x, "line x")
    }

    /// Wrapped Hebrew: in 60 pt each word is a line; both lines are right-aligned under natural.
    /// שלום 45.32 → x = 60 − 45.32 = 14.68; עולם 43.63 → x = 16.37.
    @Test("Hebrew wraps and every line is right-aligned")
    func hebrewWrapped() throws {
        var label = latinLabel("שלום עולם", width: 60)
        label.textAlignment = .natural
        let layout = try engine.layout(label)
        #expect(layout.lines.map(\.text) == ["שלום", "עולם"])
        #expect(ranges(layout) == [[0, 5], [5, 4]])
        expectClose(layout.lines[0].rect.x, 14.68, "line 1 x")
        expectClose(layout.lines[1].rect.x, 16.37, "line 2 x")
    }

    /// Mixed bidi text starting with Latin is a left-to-right paragraph (natural → left); it still
    /// breaks at spaces and measures every run: "Hello" 51.91, "שלום" 45.32, "world" 56.39,
    /// "עולם" 43.63, space 6.51 → one line = 51.91 + 45.32 + 56.39 + 43.63 + 3 × 6.51 = 216.78.
    @Test("Mixed bidi text breaks and measures")
    func mixedBidi() throws {
        let text = "Hello שלום world עולם"
        var wide = latinLabel(text, width: 300)
        wide.textAlignment = .natural
        let one = try engine.layout(wide)
        #expect(one.lineCount == 1)
        expectClose(one.lines[0].rect.width, 216.78, "one line")
        expectClose(one.lines[0].rect.x, 0, "LTR paragraph: left")

        // In 110 pt: "Hello שלום" = 51.91 + 6.51 + 45.32 = 103.74; "world עולם" = 56.39 + 6.51 + 43.63 = 106.53.
        var narrow = latinLabel(text, width: 110)
        narrow.textAlignment = .natural
        let two = try engine.layout(narrow)
        #expect(two.lines.map(\.text) == ["Hello שלום", "world עולם"])
        #expect(ranges(two) == [[0, 11], [11, 10]])
        expectClose(two.lines[0].rect.width, 103.74, "line 1")
        expectClose(two.lines[1].rect.width, 106.53, "line 2")
    }

    /// A paragraph whose first strong character is Hebrew is right-to-left: natural → right.
    /// "שלום Hello" = 45.32 + 6.51 + 51.91 = 103.74 → x = 300 − 103.74 = 196.26.
    @Test("Mixed bidi text starting with Hebrew is right-aligned under natural")
    func mixedBidiRTL() throws {
        var label = latinLabel("שלום Hello", width: 300)
        label.textAlignment = .natural
        let layout = try engine.layout(label)
        expectClose(layout.lines[0].rect.width, 103.74, "width")
        expectClose(layout.lines[0].rect.x, 196.26, "line x")
    }

    // MARK: Font resolution

    /// ["DejaVu Sans", "Noto Sans CJK SC"]: a, b from DejaVu (12.55 + 13.00), 中文 from the second
    /// family (2 × 1 em × 20.48 = 40.96) → 66.51. The first family is the primary: DejaVu's
    /// lineHeight 23.84 (Noto's would be 1.448 × 20.48 = 29.655…).
    @Test("A family list falls back in order")
    func familyList() throws {
        var label = latinLabel("ab中文", width: 300)
        label.font = FontSpec(families: ["DejaVu Sans", "Noto Sans CJK SC"], size: 20.48)
        let layout = try engine.layout(label)
        expectClose(layout.lines[0].rect.width, 66.51, "width")
        #expect(layout.font.family == "DejaVu Sans")
        expectClose(layout.font.lineHeight, 23.84, "lineHeight")

        // Reversed: Noto Sans CJK SC has Latin too, so it draws everything and is the primary.
        label.font = FontSpec(families: ["Noto Sans CJK SC", "DejaVu Sans"], size: 20.48)
        let reversed = try engine.layout(label)
        #expect(reversed.font.family == "Noto Sans CJK SC")
        expectClose(reversed.font.lineHeight, 29.65504, "lineHeight") // 1.448 × 20.48
    }

    /// With DejaVu Sans alone, 中文 falls back through fontconfig to a CJK face (1 em each):
    /// the same width, 66.51.
    @Test("A character no family has falls back to fontconfig's choice")
    func fontconfigFallback() throws {
        let layout = try engine.layout(latinLabel("ab中文", width: 300))
        expectClose(layout.lines[0].rect.width, 66.51, "width")
        #expect(layout.font.family == "DejaVu Sans")
    }

    /// A path to a font file is a family: the family reported is the file's own name.
    @Test("A path to a .ttf as family")
    func fontPath() throws {
        var label = latinLabel("hello", width: 300)
        label.font = FontSpec(families: [Fonts.dejaVuFile], size: 20.48)
        let layout = try engine.layout(label)
        #expect(layout.font.family == "DejaVu Sans")
        #expect(layout.font.file == Fonts.dejaVuFile)
        expectClose(layout.lines[0].rect.width, 49.49, "width")
    }

    /// weight 700 resolves the family's bold face: DejaVuSans-Bold.ttf, where "hello" is
    /// 1458 + 1389 + 702 + 702 + 1407 = 5658 → 56.58; Noto Sans CJK SC bold is NotoSansCJK-Bold.ttc.
    @Test("The weight picks the face")
    func weight() throws {
        var label = latinLabel("hello", width: 300)
        label.font = FontSpec(families: ["DejaVu Sans"], size: 20.48, weight: 700)
        let bold = try engine.layout(label)
        #expect(bold.font.family == "DejaVu Sans")
        #expect(bold.font.file == "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        expectClose(bold.lines[0].rect.width, 56.58, "bold width")

        var cjk = cjkLabel("文字", width: 300)
        cjk.font.weight = 700
        #expect(try engine.layout(cjk).font.file == "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
    }

    /// Family names match case-insensitively and report fontconfig's spelling; generic names
    /// (sans-serif) take whatever face fontconfig's configuration picks.
    @Test("Family name matching")
    func familyNames() throws {
        var label = latinLabel("hello", width: 300)
        label.font = FontSpec(families: ["dejavu sans"], size: 20.48)
        let lowercase = try engine.layout(label)
        #expect(lowercase.font.family == "DejaVu Sans")
        expectClose(lowercase.lines[0].rect.width, 49.49, "width")
        label.font = FontSpec(families: ["sans-serif"], size: 20.48)
        #expect(try engine.layout(label).lineCount == 1)
    }

    @Test("An unknown family is fontNotFound naming it")
    func unknownFamily() throws {
        var label = latinLabel("hello", width: 300)
        label.font = FontSpec(families: ["No Such Family Zzyzx"], size: 17)
        #expect(throws: LayoutError.fontNotFound(family: "No Such Family Zzyzx")) {
            try engine.layout(label)
        }
        // Every family in the list must resolve, not only the first.
        label.font = FontSpec(families: ["DejaVu Sans", "Another Missing Family"], size: 17)
        let error = #expect(throws: LayoutError.self) { try engine.layout(label) }
        #expect(error == .fontNotFound(family: "Another Missing Family"))
        #expect(error?.description.contains("Another Missing Family") == true)
        #expect(error?.description.contains("font.family") == true)
    }

    @Test("A file that is not a font is unreadableFontFile naming it")
    func unreadableFontFile() throws {
        let path = "/tmp/labelcat-tests-not-a-font-\(getpid()).ttf"
        let file = fopen(path, "w")
        fputs("this is not a font\n", file)
        fclose(file)
        defer { unlink(path) }
        var label = latinLabel("hello", width: 300)
        label.font = FontSpec(families: [path], size: 17)
        #expect(throws: LayoutError.unreadableFontFile(path: path)) { try engine.layout(label) }
    }

    /// The base direction comes from the first strong character, not the first character:
    /// "123 שלום" is a right-to-left paragraph. 1, 2, 3 advance 1303 each, space 651, שלום 4532
    /// → 39.09 + 6.51 + 45.32 = 90.92; natural → x = 300 − 90.92 = 209.08.
    @Test("Leading digits do not make Hebrew text left-to-right")
    func neutralsThenHebrew() throws {
        var label = latinLabel("123 שלום", width: 300)
        label.textAlignment = .natural
        let layout = try engine.layout(label)
        expectClose(layout.lines[0].rect.width, 90.92, "width")
        expectClose(layout.lines[0].rect.x, 209.08, "line x")
    }

    // MARK: Locales

    /// Line breaking is locale-aware (ICU tailoring with its `lb` keyword): Japanese breaks
    /// strictly (no line starts with a small kana such as ァ), every other locale normally
    /// (CSS `line-break: normal`: a small kana may start a line). アアァア at 10 pt in 25 pt
    /// (2 a line), wordWrap:
    ///   ja: ア | アァ | ア  (アァ stays together)      "", zh, en: アア | ァア
    @Test("Small kana may start a line except in Japanese", arguments: ["", "zh-Hans", "en", "ko"])
    func localeAwareBreaking(_ locale: String) throws {
        let label = cjkLabel("アアァア", width: 25, mode: .wordWrap)
        #expect(try engine.layout(label, locale: locale).lines.map(\.text) == ["アア", "ァア"])
        for japanese in ["ja", "ja-JP", "ja_JP"] {
            #expect(try engine.layout(label, locale: japanese).lines.map(\.text) == ["ア", "アァ", "ア"], "\(japanese)")
        }
    }

    /// The same rule for っ (small tsu) and the prolonged sound mark ー, at 10 pt in 25 pt
    /// (2 a line), wordWrap, no pushOut: elsewhere "あい" | "っう"; in Japanese っ stays with い,
    /// so "あ" | "いっ" | "う".
    @Test("Small tsu and ー at a line start", arguments: ["あいっう", "あいーう"])
    func smallTsu(_ text: String) throws {
        var label = cjkLabel(text, width: 25, mode: .wordWrap)
        label.lineBreakStrategy = .none
        let characters = text.map(String.init)
        #expect(try engine.layout(label).lines.map(\.text) == [characters[0] + characters[1], characters[2] + characters[3]])
        #expect(try engine.layout(label, locale: "ja").lines.map(\.text) == [characters[0], characters[1] + characters[2], characters[3]])
    }

    /// `texts` holds per-locale variants; a locale without one uses the base text.
    @Test("Per-locale texts")
    func locales() throws {
        var label = latinLabel("hello", width: 300)
        label.texts = ["de": "world"]
        let german = try engine.layout(label, locale: "de")
        #expect(german.lines.map(\.text) == ["world"])
        #expect(german.locale == "de")
        let french = try engine.layout(label, locale: "fr")
        #expect(french.lines.map(\.text) == ["hello"])
        #expect(german.inputHash != french.inputHash)
    }
}
