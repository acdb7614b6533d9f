import LabelLayout
import LabelModel
import Testing

/// Line breaking, truncation, spacing, alignment and rounding (docs/layout-rules.md).
///
/// Latin text is set in DejaVu Sans at 20.48 pt, where one font unit is 0.01 pt (2048 units per
/// em), so each width below is the sum of the glyphs' `hmtx` advances divided by 100:
///
///     h 1298  e 1260  l 569  o 1253  space 651  w 1675  r 842  d 1300  a 1255  b 1300
///     . 651   … 2048  (U+2026)
///
///     "hello" = 1298 + 1260 + 569 + 569 + 1253 = 4949 → 49.49
///     "world" = 1675 + 1253 + 842 + 569 + 1300 = 5639 → 56.39
///     "hello world" = 49.49 + 6.51 + 56.39 = 112.39
///     running x over "hello world": h 12.98, he 25.58, hel 31.27, hell 36.96, hello 49.49,
///     "hello " 56.00, "hello w" 72.75, "hello wo" 85.28, "hello wor" 93.70, "hello worl" 99.39,
///     "hello world" 112.39
///
/// DejaVu Sans `hhea` ascender 1901, descender −483, lineGap 0 → at 20.48 pt: ascender 19.01,
/// descender −4.83, lineHeight 23.84.
///
/// CJK text is Noto Sans CJK SC at 10 pt: every ideograph and … is 10 pt wide, lineHeight
/// (1160 + 288)/1000 × 10 = 14.48, ascender 11.6, descender −2.88.
@Suite("Line breaking")
struct BreakingTests {
    static let ten = "一二三四五六七八九十"

    // MARK: lineBreakMode

    /// Width 80: "hello " fits (content 49.49), "world" would end at 56.00 + 56.39 = 112.39 > 80.
    /// Two lines of 23.84 → 47.68 → ×3 = 143.04 → 144/3 = 48; widest 56.39 → 169.17 → 170/3 = 56.666….
    @Test("wordWrap breaks at the space")
    func wordWrap() throws {
        let layout = try engine.layout(latinLabel("hello world", width: 80, mode: .wordWrap))
        #expect(layout.lines.map(\.text) == ["hello", "world"])
        #expect(ranges(layout) == [[0, 6], [6, 5]])
        expectClose(layout.lines[0].rect.width, 49.49, "line 1 width")
        expectClose(layout.lines[1].rect.width, 56.39, "line 2 width")
        expectRect(layout.textRect, x: 0, y: 0, width: 56.666667, height: 48, "textRect")
        // line 2: y = 23.84, baseline = 23.84 + 23.84 − 4.83 = 42.85
        expectRect(layout.lines[1].rect, x: 0, y: 23.84, width: 56.39, height: 23.84, "line 2")
        expectClose(layout.lines[0].baseline, 19.01, "line 1 baseline")
        expectClose(layout.lines[1].baseline, 42.85, "line 2 baseline")
        #expect(!layout.truncated)
    }

    /// charWrap fills the line grapheme by grapheme: "hello w" = 72.75 ≤ 80 < "hello wo" = 85.28.
    /// Line 2 = "orld" = 56.39 − 16.75 = 39.64.
    @Test("charWrap breaks between any two graphemes")
    func charWrap() throws {
        let layout = try engine.layout(latinLabel("hello world", width: 80, mode: .charWrap))
        #expect(layout.lines.map(\.text) == ["hello w", "orld"])
        #expect(ranges(layout) == [[0, 7], [7, 4]])
        expectClose(layout.lines[0].rect.width, 72.75, "line 1 width")
        expectClose(layout.lines[1].rect.width, 39.64, "line 2 width")
    }

    /// clip breaks like wordWrap; with one line allowed the rest is cut without a token.
    @Test("clip wraps at words and cuts without a token")
    func clip() throws {
        let all = try engine.layout(latinLabel("hello world", width: 80, mode: .clip))
        #expect(all.lines.map(\.text) == ["hello", "world"])
        let one = try engine.layout(latinLabel("hello world", width: 80, mode: .clip, lines: 1))
        #expect(one.lines.map(\.text) == ["hello"])
        #expect(ranges(one) == [[0, 6]])
        expectClose(one.lines[0].rect.width, 49.49, "width")
        #expect(one.truncated)
        #expect(one.neededLineCount == 2)
    }

    @Test("wordWrap and charWrap cut hidden text without a token",
          arguments: [(LineBreakMode.wordWrap, "hello", 49.49), (.charWrap, "hello w", 72.75)])
    func cutWithoutToken(_ mode: LineBreakMode, _ text: String, _ width: Double) throws {
        let layout = try engine.layout(latinLabel("hello world", width: 80, mode: mode, lines: 1))
        #expect(layout.lines.map(\.text) == [text])
        expectClose(layout.lines[0].rect.width, width, "width")
        #expect(layout.truncated)
    }

    /// Width 100, one line: "hello world" (112.39) needs 2 lines, so the token (… = 20.48)
    /// goes into line 1, leaving 100 − 20.48 = 79.52 for text.
    ///   tail:   longest prefix ≤ 79.52: "hello w" 72.75 ("hello wo" 85.28 is over) → "hello w…",
    ///           72.75 + 20.48 = 93.23
    ///   head:   longest suffix ≤ 79.52: "o world" = 112.39 − 36.96 = 75.43 ("lo world" 81.12 is
    ///           over) → "…o world", 20.48 + 75.43 = 95.91
    ///   middle: prefix ≤ 79.52/2 = 39.76: "hell" 36.96; suffix ≤ 79.52 − 36.96 = 42.56:
    ///           "orld" 39.64 ("world" 56.39 is over) → "hell…orld", 36.96 + 20.48 + 39.64 = 97.08
    /// The line's range is the whole text the token stands in for: 0..<11.
    @Test("Truncation token placement: tail, head, middle (Latin)",
          arguments: [(LineBreakMode.truncateTail, "hello w…", 93.23),
                      (.truncateHead, "…o world", 95.91),
                      (.truncateMiddle, "hell…orld", 97.08)])
    func truncationLatin(_ mode: LineBreakMode, _ text: String, _ width: Double) throws {
        let layout = try engine.layout(latinLabel("hello world", width: 100, mode: mode, lines: 1))
        #expect(layout.lines.map(\.text) == [text])
        #expect(ranges(layout) == [[0, 11]])
        expectClose(layout.lines[0].rect.width, width, "line width")
        #expect(layout.lines[0].rect.width <= 100)
        #expect(layout.truncated)
        #expect(layout.lineCount == 1)
        #expect(layout.neededLineCount == 2)
    }

    /// Ten ideographs in 35 pt, one line: budget 35 − 10 (…) = 25.
    ///   tail "一二…" (20 + 10), head "…九十" (10 + 20),
    ///   middle: prefix ≤ 12.5 → 一, suffix ≤ 25 − 10 = 15 → 十: "一…十" (10 + 10 + 10).
    @Test("Truncation token placement: tail, head, middle (CJK)",
          arguments: [(LineBreakMode.truncateTail, "一二…"), (.truncateHead, "…九十"), (.truncateMiddle, "一…十")])
    func truncationCJK(_ mode: LineBreakMode, _ text: String) throws {
        let layout = try engine.layout(cjkLabel(Self.ten, width: 35, mode: mode, lines: 1))
        #expect(layout.lines.map(\.text) == [text])
        expectClose(layout.lines[0].rect.width, 30, "line width")
        #expect(layout.truncated)
        #expect(layout.neededLineCount == 4)
    }

    /// A custom token "..." = 3 × 651 = 1953 → 19.53; budget 100 − 19.53 = 80.47.
    ///   tail:   "hello w" 72.75 → 72.75 + 19.53 = 92.28
    ///   head:   "o world" 75.43 ("lo world" 81.12 is over) → 19.53 + 75.43 = 94.96
    ///   middle: prefix ≤ 40.235 → "hell" 36.96; suffix ≤ 80.47 − 36.96 = 43.51 → "orld" 39.64
    ///           → 36.96 + 19.53 + 39.64 = 96.13
    @Test("A custom truncationToken",
          arguments: [(LineBreakMode.truncateTail, "hello w...", 92.28),
                      (.truncateHead, "...o world", 94.96),
                      (.truncateMiddle, "hell...orld", 96.13)])
    func customToken(_ mode: LineBreakMode, _ text: String, _ width: Double) throws {
        var label = latinLabel("hello world", width: 100, mode: mode, lines: 1)
        label.truncationToken = "..."
        let layout = try engine.layout(label)
        #expect(layout.lines.map(\.text) == [text])
        expectClose(layout.lines[0].rect.width, width, "line width")
        #expect(layout.truncated)
    }

    /// Truncation goes into the last *visible* line: with 2 lines of 3 ideographs allowed,
    /// line 1 is 一二三 (0..<3) and line 2 holds the token: 四五… (3..<10, the rest of the text).
    @Test("Truncation goes into the last visible line")
    func truncationInLastVisibleLine() throws {
        let layout = try engine.layout(cjkLabel(Self.ten, width: 35, mode: .truncateTail, lines: 2))
        #expect(layout.lines.map(\.text) == ["一二三", "四五…"])
        #expect(ranges(layout) == [[0, 3], [3, 7]])
        expectClose(layout.lines[1].rect.width, 30, "line 2 width")
        #expect(layout.truncated)
    }

    /// When only a later paragraph is hidden, the visible line keeps all its text and the token
    /// follows it: "hello…" = 49.49 + 20.48 = 69.97.
    @Test("A hidden paragraph puts the token after the visible one")
    func hiddenParagraph() throws {
        let layout = try engine.layout(latinLabel("hello\nworld", width: 200, mode: .truncateTail, lines: 1))
        #expect(layout.lines.map(\.text) == ["hello…"])
        expectClose(layout.lines[0].rect.width, 69.97, "width")
        #expect(layout.truncated)
    }

    // MARK: numberOfLines and the height limit

    /// Ten ideographs, 35 pt wide: 3 a line (30 ≤ 35 < 40) → 4 lines (3, 3, 3, 1).
    /// heights: 4 × 14.48 = 57.92 → 173.76 → 174/3 = 58;  1 line: 14.48 → 43.44 → 44/3 = 14.666…;
    ///          2 lines: 28.96 → 86.88 → 87/3 = 29.
    @Test("numberOfLines 0, 1 and 2",
          arguments: [(0, [[0, 3], [3, 3], [6, 3], [9, 1]], 58.0),
                      (1, [[0, 3]], 14.666667),
                      (2, [[0, 3], [3, 3]], 29.0)])
    func numberOfLines(_ lines: Int, _ expected: [[Int]], _ height: Double) throws {
        let layout = try engine.layout(cjkLabel(Self.ten, width: 35, mode: .charWrap, lines: lines))
        #expect(ranges(layout) == expected)
        #expect(layout.neededLineCount == 4)
        #expect(layout.truncated == (lines != 0))
        expectRect(layout.textRect, x: 0, y: 0, width: 30, height: height, "textRect")
    }

    /// Frame 35 × 40: 40/14.48 = 2.76 → only 2 whole lines fit, whatever numberOfLines allows.
    @Test("Lines are limited by the height", arguments: [0, 3, 10])
    func heightLimit(_ lines: Int) throws {
        let layout = try engine.layout(cjkLabel(Self.ten, width: 35, height: 40, mode: .charWrap, lines: lines))
        #expect(layout.lines.map(\.text) == ["一二三", "四五六"])
        #expect(layout.neededLineCount == 4)
        #expect(layout.truncated)
        expectRect(layout.textRect, x: 0, y: 0, width: 30, height: 29, "textRect")
        // sizeThatFits has unlimited height: 4 lines (or numberOfLines of them).
        let intrinsicLines = lines == 0 ? 4 : min(lines, 4)
        let expectedHeight = [0, 14.666667, 29, 43.666667, 58][intrinsicLines] // n × 14.48 rounded up to 1/3
        expectSize(layout.intrinsicSize, width: 30, height: expectedHeight, "intrinsicSize")
    }

    /// A very tall frame shows every line (see MeasureCommandTests for heights beyond Int's
    /// range, which are run in a separate process).
    @Test("A very tall frame shows every line", arguments: [1e6, 1e12])
    func tallFrame(_ height: Double) throws {
        let layout = try engine.layout(cjkLabel(Self.ten, width: 35, height: height, mode: .charWrap))
        #expect(layout.lineCount == 4)
        #expect(!layout.truncated)
    }

    /// A line fits when its full height fits: 2 lines need exactly 2 × 14.48 = 28.96.
    @Test("A line whose full height fits is shown; one a hair short is not",
          arguments: [(28.96, 2), (28.95, 1)])
    func exactHeight(_ height: Double, _ visible: Int) throws {
        let layout = try engine.layout(cjkLabel(Self.ten, width: 35, height: height, mode: .charWrap))
        #expect(layout.lineCount == visible)
    }

    /// Frame height 5 (or 0): not one line fits, yet one is shown and overflows.
    /// middle y = (5 − 14.666…)/2 = −4.833…; with height 0: −7.333….
    @Test("At least one line, even in a tiny frame", arguments: [(5.0, -4.833333), (0.0, -7.333333)])
    func tinyFrame(_ height: Double, _ middleY: Double) throws {
        var label = cjkLabel(Self.ten, width: 35, height: height, mode: .truncateTail)
        label.verticalAlignment = .middle
        let layout = try engine.layout(label)
        #expect(layout.lineCount == 1)
        #expect(layout.lines.map(\.text) == ["一二…"])
        #expect(layout.truncated)
        expectRect(layout.textRect, x: 0, y: middleY, width: 30, height: 14.666667, "textRect")
    }

    // MARK: Hard breaks and white space

    @Test("\\n and U+2028 force a break", arguments: ["\n", "\u{2028}"])
    func hardBreaks(_ separator: String) throws {
        let layout = try engine.layout(latinLabel("hello" + separator + "world", width: 300))
        #expect(layout.lines.map(\.text) == ["hello", "world"])
        #expect(ranges(layout) == [[0, 6], [6, 5]])
        expectClose(layout.lines[0].rect.width, 49.49, "line 1 width")
        expectClose(layout.lines[1].rect.width, 56.39, "line 2 width")
        #expect(layout.neededLineCount == 2)
    }

    /// CR LF is one break (and one grapheme): line 1 is 0..<7.
    @Test("CR LF is a single hard break")
    func crlf() throws {
        let layout = try engine.layout(latinLabel("hello\r\nworld", width: 300))
        #expect(layout.lines.map(\.text) == ["hello", "world"])
        #expect(ranges(layout) == [[0, 7], [7, 5]])
    }

    /// Two newlines make an empty line between: 3 lines → 3 × 23.84 = 71.52 → 215/3 = 71.666….
    @Test("An empty paragraph is an empty line")
    func emptyParagraph() throws {
        let layout = try engine.layout(latinLabel("hello\n\nworld", width: 300))
        #expect(layout.lines.map(\.text) == ["hello", "", "world"])
        #expect(ranges(layout) == [[0, 6], [6, 1], [7, 5]])
        expectClose(layout.lines[1].rect.width, 0, "empty line width")
        expectClose(layout.textRect.height, 71.666667, "height")
    }

    /// "hello" + 5 spaces = 49.49 + 5 × 6.51 = 82.04 > 60, but the spaces hang: "hello" stays on
    /// line 1 with width 49.49 and the line's range keeps the spaces (0..<10).
    @Test("Trailing spaces hang")
    func hangingSpaces() throws {
        let layout = try engine.layout(latinLabel("hello     world", width: 60))
        #expect(layout.lines.map(\.text) == ["hello", "world"])
        #expect(ranges(layout) == [[0, 10], [10, 5]])
        expectClose(layout.lines[0].rect.width, 49.49, "line 1 width")
    }

    /// A single line's trailing spaces do not count either: width 49.49 → 148.47 → 149/3 = 49.666…;
    /// right-aligned, the text ends at the frame's edge: line x = 200 − 49.49 = 150.51.
    /// Leading spaces do count: "  hello" = 2 × 6.51 + 49.49 = 62.51.
    @Test("A line's width excludes trailing spaces but not leading ones")
    func trailingAndLeadingSpaces() throws {
        var label = latinLabel("hello   ", width: 200)
        label.textAlignment = .right
        let trailing = try engine.layout(label)
        expectClose(trailing.lines[0].rect.width, 49.49, "width")
        expectClose(trailing.lines[0].rect.x, 150.51, "line x")
        // text rect height: 23.84 → × 3 = 71.52 → up to 72 → 24
        expectRect(trailing.textRect, x: 150.333333, y: 0, width: 49.666667, height: 24, "textRect")
        let leading = try engine.layout(latinLabel("  hello", width: 200))
        expectClose(leading.lines[0].rect.width, 62.51, "width")
    }

    /// A word wider than the line breaks between graphemes, even in wordWrap:
    /// width 30: "he" 25.58 ≤ 30 < "hel" 31.27; then "llo" = 5.69 + 5.69 + 12.53 = 23.91.
    @Test("A word wider than the line breaks between graphemes", arguments: [LineBreakMode.wordWrap, .clip, .charWrap])
    func longWord(_ mode: LineBreakMode) throws {
        let layout = try engine.layout(latinLabel("hello", width: 30, mode: mode))
        #expect(layout.lines.map(\.text) == ["he", "llo"])
        #expect(ranges(layout) == [[0, 2], [2, 3]])
        expectClose(layout.lines[0].rect.width, 25.58, "line 1")
        expectClose(layout.lines[1].rect.width, 23.91, "line 2")
    }

    /// "e" + U+0301 is one grapheme (2 UTF-16 units), shaped as é (1260 → 12.60). In 30 pt two
    /// fit (25.20), so six make 3 lines of 4 units each — never a mark split from its base.
    @Test("A long word never splits a grapheme cluster")
    func longWordGraphemes() throws {
        let text = String(repeating: "e\u{301}", count: 6)
        let layout = try engine.layout(latinLabel(text, width: 30, mode: .wordWrap))
        #expect(ranges(layout) == [[0, 4], [4, 4], [8, 4]])
        for line in layout.lines { expectClose(line.rect.width, 25.20, "line width") }
    }

    // MARK: Spacing

    /// letterSpacing is added after every grapheme: "hello" + 5 × 2 = 49.49 + 10 = 59.49.
    /// CJK: 文字顶部显示 at 15 pt + 6 × 1 = 90 + 6 = 96.
    @Test("letterSpacing widens a line by spacing × graphemes")
    func letterSpacing() throws {
        var latin = latinLabel("hello", width: 300)
        latin.letterSpacing = 2
        expectClose(try engine.layout(latin).lines[0].rect.width, 59.49, "Latin")

        var cjk = cjkLabel("文字顶部显示", width: 300, size: 15)
        cjk.letterSpacing = 1
        let layout = try engine.layout(cjk)
        expectClose(layout.lines[0].rect.width, 96, "CJK")
        expectClose(layout.textRect.width, 96, "CJK text rect")
    }

    /// letterSpacing counts grapheme clusters, not code points or UTF-16 units:
    /// "e\u{301}e\u{301}" is 2 graphemes (4 units): 2 × 12.60 + 2 × 1 = 27.20;
    /// 👍🏽 is 1 grapheme (2 scalars, 4 units): 25.50 + 1 = 26.50.
    @Test("letterSpacing is per grapheme cluster")
    func letterSpacingGraphemes() throws {
        var accents = latinLabel("e\u{301}e\u{301}", width: 300)
        accents.letterSpacing = 1
        expectClose(try engine.layout(accents).lines[0].rect.width, 27.20, "decomposed é")
        var emoji = latinLabel("👍🏽", width: 300)
        emoji.letterSpacing = 1
        expectClose(try engine.layout(emoji).lines[0].rect.width, 26.50, "emoji with modifier")
    }

    /// letterSpacing takes part in breaking: "hello world" (112.39) fits 120, but with 1 pt after
    /// each of its 11 graphemes it needs 123.39 and wraps: "hello" 49.49 + 5 = 54.49,
    /// "world" 56.39 + 5 = 61.39.
    @Test("letterSpacing can make text wrap")
    func letterSpacingWraps() throws {
        let plain = try engine.layout(latinLabel("hello world", width: 120))
        #expect(plain.lineCount == 1)
        var spaced = latinLabel("hello world", width: 120)
        spaced.letterSpacing = 1
        let layout = try engine.layout(spaced)
        #expect(layout.lines.map(\.text) == ["hello", "world"])
        expectClose(layout.lines[0].rect.width, 54.49, "line 1")
        expectClose(layout.lines[1].rect.width, 61.39, "line 2")
    }

    /// Nine ideographs in 35 pt → 3 lines. lineSpacing 5:
    /// height = 3 × 14.48 + 2 × 5 = 53.44 → 160.32 → 161/3 = 53.666…
    /// line y = 0, 19.48, 38.96; baseline = y + 14.48 − 2.88 = 11.6, 31.08, 50.56.
    @Test("lineSpacing adds gaps between lines")
    func lineSpacing() throws {
        var label = cjkLabel("一二三四五六七八九", width: 35)
        label.lineSpacing = 5
        let layout = try engine.layout(label)
        expectRect(layout.textRect, x: 0, y: 0, width: 30, height: 53.666667, "textRect")
        for (index, (y, baseline)) in [(0.0, 11.6), (19.48, 31.08), (38.96, 50.56)].enumerated() {
            expectRect(layout.lines[index].rect, x: 0, y: y, width: 30, height: 14.48, "line \(index + 1)")
            expectClose(layout.lines[index].baseline, baseline, "baseline \(index + 1)")
        }
        expectClose(layout.font.lineHeight, 14.48, "lineHeight")
    }

    /// With lineSpacing 5 in a 40 pt frame: 2 lines need 2 × 14.48 + 5 = 33.96 ≤ 40, 3 need 53.44.
    /// middle alignment: 2 lines → 33.96 → 101.88 → 102/3 = 34; y = (40 − 34)/2 = 3.
    @Test("lineSpacing counts toward the height limit")
    func lineSpacingHeightLimit() throws {
        var label = cjkLabel("一二三四五六七八九", width: 35, height: 40)
        label.lineSpacing = 5
        label.verticalAlignment = .middle
        let layout = try engine.layout(label)
        #expect(layout.lineCount == 2)
        #expect(layout.truncated)
        expectRect(layout.textRect, x: 0, y: 3, width: 30, height: 34, "textRect")
        expectClose(layout.lines[1].rect.y, 3 + 19.48, "line 2 y")
    }

    /// lineHeightMultiple 1.5: lineHeight = 14.48 × 1.5 = 21.72; the extra space goes above the
    /// text, the baseline stays 2.88 above the line's bottom: baseline = y + 21.72 − 2.88 = y + 18.84.
    /// 3 lines = 65.16 → 195.48 → 196/3 = 65.333….
    @Test("lineHeightMultiple scales the line height; extra space goes above")
    func lineHeightMultiple() throws {
        var label = cjkLabel("一二三四五六七八九", width: 35)
        label.lineHeightMultiple = 1.5
        let layout = try engine.layout(label)
        expectRect(layout.textRect, x: 0, y: 0, width: 30, height: 65.333333, "textRect")
        for (index, (y, baseline)) in [(0.0, 18.84), (21.72, 40.56), (43.44, 62.28)].enumerated() {
            expectRect(layout.lines[index].rect, x: 0, y: y, width: 30, height: 21.72, "line \(index + 1)")
            expectClose(layout.lines[index].baseline, baseline, "baseline \(index + 1)")
        }
        expectClose(layout.font.lineHeight, 21.72, "reported lineHeight")
        expectClose(layout.font.ascender, 11.6, "ascender is the font's own")
    }

    /// A fixed lineHeight of 30 (it wins over lineHeightMultiple): 3 lines = 90;
    /// y = 0, 30, 60; baseline = y + 30 − 2.88 = 27.12, 57.12, 87.12.
    @Test("A fixed lineHeight replaces the font's own", arguments: [0.0, 1.5])
    func fixedLineHeight(_ multiple: Double) throws {
        var label = cjkLabel("一二三四五六七八九", width: 35)
        label.lineHeight = 30
        label.lineHeightMultiple = multiple
        let layout = try engine.layout(label)
        expectRect(layout.textRect, x: 0, y: 0, width: 30, height: 90, "textRect")
        for (index, (y, baseline)) in [(0.0, 27.12), (30.0, 57.12), (60.0, 87.12)].enumerated() {
            expectRect(layout.lines[index].rect, x: 0, y: y, width: 30, height: 30, "line \(index + 1)")
            expectClose(layout.lines[index].baseline, baseline, "baseline \(index + 1)")
        }
        expectClose(layout.font.lineHeight, 30, "reported lineHeight")
    }

    /// The line gap counts (docs/layout-rules.md). DejaVu Math TeX Gyre's `hhea` is ascender 792,
    /// descender −208, lineGap 200 of 1000 units: at 10 pt lineHeight = (792 + 208 + 200)/100 = 12,
    /// ascender 7.92, descender −2.08; the baseline stays 2.08 above the line's bottom:
    /// baseline = y + 12 − 2.08 = y + 9.92. Two lines ("x\nx") → 24.
    @Test("lineGap is part of the font's line height")
    func lineGap() throws {
        var label = latinLabel("x\nx", width: 100)
        label.font = FontSpec(families: ["DejaVu Math TeX Gyre"], size: 10)
        let layout = try engine.layout(label)
        expectClose(layout.font.lineHeight, 12, "lineHeight")
        expectClose(layout.font.ascender, 7.92, "ascender")
        expectClose(layout.font.descender, -2.08, "descender")
        expectRect(layout.textRect, x: 0, y: 0, width: 5.666667, height: 24, "textRect") // x: 563 → 5.63 → 17/3
        expectClose(layout.lines[0].baseline, 9.92, "line 1 baseline")
        expectClose(layout.lines[1].baseline, 21.92, "line 2 baseline")
    }

    // MARK: Horizontal alignment

    /// "hello world hello" in 120: line 1 "hello world" (112.39) is stretched to the full 120,
    /// the last line "hello" keeps its 49.49; the text rect is 120 wide. (No pushOut, which
    /// would move "world" down to the lone "hello".)
    @Test("justified stretches every line but the last")
    func justified() throws {
        var label = latinLabel("hello world hello", width: 120)
        label.textAlignment = .justified
        label.lineBreakStrategy = .none
        let layout = try engine.layout(label)
        #expect(layout.lines.map(\.text) == ["hello world", "hello"])
        expectRect(layout.lines[0].rect, x: 0, y: 0, width: 120, height: 23.84, "line 1")
        expectRect(layout.lines[1].rect, x: 0, y: 23.84, width: 49.49, height: 23.84, "line 2")
        expectClose(layout.textRect.width, 120, "textRect width")
    }

    /// The last line of a paragraph is not stretched either: "hello world\nhello" in 300 keeps
    /// 112.39 and 49.49; text rect width 112.39 → 337.17 → 338/3 = 112.666….
    @Test("justified leaves a paragraph's last line alone")
    func justifiedParagraphs() throws {
        var label = latinLabel("hello world\nhello", width: 300)
        label.textAlignment = .justified
        let layout = try engine.layout(label)
        expectClose(layout.lines[0].rect.width, 112.39, "line 1")
        expectClose(layout.lines[1].rect.width, 49.49, "line 2")
        expectClose(layout.textRect.width, 112.666667, "textRect width")
    }

    /// "hello" in 200: text rect width 49.666…;
    ///   right:  text rect x = 200 − 49.666… = 150.333…, line x = 200 − 49.49 = 150.51
    ///   center: text rect x = (200 − 49.666…)/2 = 75.166…, line x = (200 − 49.49)/2 = 75.255
    ///   left / natural (left-to-right text): 0
    @Test("right, center, left and natural placement",
          arguments: [(TextAlignment.right, 150.333333, 150.51), (.center, 75.166667, 75.255),
                      (.left, 0.0, 0.0), (.natural, 0.0, 0.0)])
    func alignment(_ alignment: TextAlignment, _ rectX: Double, _ lineX: Double) throws {
        var label = latinLabel("hello", width: 200)
        label.textAlignment = alignment
        let layout = try engine.layout(label)
        // height: one line of 23.84 → × 3 = 71.52 → up to 72 → 24
        expectRect(layout.textRect, x: rectX, y: 0, width: 49.666667, height: 24, "textRect")
        expectClose(layout.lines[0].rect.x, lineX, "line x")
    }

    /// Each line is aligned on its own: right-aligned in 80, line 1 "hello" x = 80 − 49.49 = 30.51,
    /// line 2 "world" x = 80 − 56.39 = 23.61; text rect x = 80 − 56.666… = 23.333….
    @Test("Each line is aligned in the inner box")
    func perLineAlignment() throws {
        var label = latinLabel("hello world", width: 80)
        label.textAlignment = .right
        let layout = try engine.layout(label)
        expectClose(layout.lines[0].rect.x, 30.51, "line 1 x")
        expectClose(layout.lines[1].rect.x, 23.61, "line 2 x")
        expectClose(layout.textRect.x, 23.333333, "textRect x")
    }

    // MARK: Rounding

    /// "hello" is 49.49 wide: scale 1 → 50; scale 2 → 98.98 → 99/2 = 49.5; scale 3 → 148.47 → 149/3.
    /// One CJK line is 14.48 tall: scale 1 → 15; scale 2 → 28.96 → 29/2 = 14.5; scale 3 → 44/3.
    @Test("Text rect sizes round up to the 1/scale grid",
          arguments: [(1, 50.0, 15.0), (2, 49.5, 14.5), (3, 49.666667, 14.666667)])
    func scaleRounding(_ scale: Int, _ width: Double, _ height: Double) throws {
        var latin = latinLabel("hello", width: 200)
        latin.scale = scale
        let latinLayout = try engine.layout(latin)
        expectClose(latinLayout.textRect.width, width, "width at scale \(scale)")
        expectClose(latinLayout.lines[0].rect.width, 49.49, "the line's own width is not rounded")
        var cjk = cjkLabel("一", width: 200)
        cjk.scale = scale
        expectClose(try engine.layout(cjk).textRect.height, height, "height at scale \(scale)")
    }

    /// Values on the grid stay put: 340 × 3 = 1020 exactly (no 340.333 from floating-point noise).
    @Test("A size on the grid is not rounded further", arguments: [1, 2, 3])
    func onGrid(_ scale: Int) throws {
        var label = cjkLabel(String(repeating: "一", count: 20), width: 350, size: 17)
        label.scale = scale
        expectClose(try engine.layout(label).textRect.width, 340, "width")
    }

    // MARK: UTF-16 ranges and empty text

    /// 😀 (U+1F600) is 2 UTF-16 units. "a😀b" is one line of 4 units; the emoji advances
    /// 2550/2048 em (Noto Color Emoji) = 25.50 at 20.48 pt: 12.55 + 25.50 + 13.00 = 51.05.
    @Test("Ranges count UTF-16 units: an emoji outside the BMP counts 2")
    func utf16Ranges() throws {
        let single = try engine.layout(latinLabel("a😀b", width: 300))
        #expect(ranges(single) == [[0, 4]])
        expectClose(single.lines[0].rect.width, 51.05, "width")

        // Three emoji in 30 pt: one a line, at UTF-16 offsets 0, 2, 4.
        let three = try engine.layout(latinLabel("😀😀😀", width: 30, mode: .charWrap))
        #expect(ranges(three) == [[0, 2], [2, 2], [4, 2]])
        #expect(three.lines.map(\.text) == ["😀", "😀", "😀"])
        // After an emoji, later ranges are offset by 2 per emoji: "😀 hello\nworld" → 0..<9, 9..<14.
        let after = try engine.layout(latinLabel("😀 hello\nworld", width: 300))
        #expect(ranges(after) == [[0, 9], [9, 5]])
    }

    /// Empty text: no lines, a zero-size text rect (the engine's documented choice), placed by
    /// the vertical alignment: top y = 0, middle y = 200/2 = 100, bottom y = 200.
    @Test("Empty text has 0 lines and a zero-size text rect",
          arguments: [(VerticalAlignment.top, 0.0), (.middle, 100.0), (.bottom, 200.0)])
    func emptyText(_ alignment: VerticalAlignment, _ y: Double) throws {
        var label = latinLabel("", width: 300, height: 200, mode: .truncateTail, lines: 1)
        label.verticalAlignment = alignment
        let layout = try engine.layout(label)
        #expect(layout.lines.isEmpty)
        #expect(layout.lineCount == 0)
        #expect(layout.neededLineCount == 0)
        #expect(!layout.truncated)
        expectRect(layout.textRect, x: 0, y: y, width: 0, height: 0, "textRect")
        expectSize(layout.intrinsicSize, width: 0, height: 0, "intrinsicSize")
    }
}
