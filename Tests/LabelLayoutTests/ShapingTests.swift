import CHarfBuzz
import LabelLayout
import LabelModel
import Testing

/// Whole-run shaping (docs/layout-rules.md): a run is shaped whole, a line measures exactly its
/// own glyphs, and nothing kerns across a line's end. Widths below are sums of HarfBuzz
/// advances in font units (`hb-shape` prints them), scaled by size / unitsPerEm.
@Suite("Whole-run shaping")
struct ShapingTests {
    /// Liberation Sans from fonts-liberation (the package list has it; fonts-liberation2 kerns alike).
    static let liberationFile = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"

    /// Noto Sans CJK SC kerns kana pairs: っ 950 before て, て 970 before く. The text is three
    /// runs (ちょっと, 待, ってく: Han between kana), 4000 + 1000 + 2920 = 7920 units → 7.92 em
    /// × 17 = 134.64 (Chromium's width too). Shaped piece by piece it was 8 em = 136.
    @Test("Kana pairs kern inside a run")
    func kanaKerning() throws {
        let layout = try engine.layout(cjkLabel("ちょっと待ってく", width: 300, size: 17, mode: .wordWrap))
        #expect(layout.lineCount == 1)
        expectClose(layout.lines[0].rect.width, 134.64, "width")
    }

    /// Liberation Sans (2048 units per em) kerns "space A" by −113 units (456 instead of 569).
    /// "Die einfachste Art, sich" shaped whole is 20831 units → × 17/2048 = 172.9136; without
    /// kerning across the space it would be 20944 → 173.85.
    @Test("Kerning across a space counts")
    func kerningAcrossSpace() throws {
        var label = latinLabel("Die einfachste Art, sich", width: 300)
        label.font = FontSpec(families: [Self.liberationFile], size: 17)
        let layout = try engine.layout(label)
        #expect(layout.lineCount == 1)
        expectClose(layout.lines[0].rect.width, 20831.0 * 17 / 2048, "width")
    }

    /// A line that ends between "space" and "A" does not keep their kerning: "Art" starts the
    /// second line at its own width, A 1366 + r 682 + t 569 = 2617 → 21.7231, and the first
    /// line ends at "einfachste" (the space hangs).
    @Test("No kerning across a line's end")
    func noKerningAcrossLineEnd() throws {
        var label = latinLabel("einfachste Art", width: 90)
        label.font = FontSpec(families: [Self.liberationFile], size: 17)
        label.lineBreakStrategy = .none
        let layout = try engine.layout(label)
        #expect(layout.lines.map(\.text) == ["einfachste", "Art"])
        expectClose(layout.lines[1].rect.width, 2617.0 * 17 / 2048, "Art")
    }

    /// DejaVu Sans kerns r before e (797 instead of 842 units). "an abbreviated" at 15 pt, charWrap:
    ///   "an abb" = 1255 + 1298 + 651 + 1255 + 1300 + 1300 = 7059 → 51.7017
    ///   "an abbr" = 7059 + 842 = 7901 → 57.8687: the r ends the line, so it does not kern with
    ///   the e of the next line (7856 → 57.5391 would be the run's own advance).
    /// In 57.7 pt only "an abb" fits; in 57.9 pt "an abbr" does, 57.8687 wide.
    @Test("A word broken by charWrap measures its last glyph unkerned",
          arguments: [(57.7, "an abb", 7059.0), (57.9, "an abbr", 7901.0)])
    func charWrapCut(_ width: Double, _ first: String, _ units: Double) throws {
        var label = latinLabel("an abbreviated", width: width, mode: .charWrap)
        label.font = FontSpec(families: [Fonts.dejaVuFamily], size: 15)
        let layout = try engine.layout(label)
        #expect(layout.lines.first?.text == first)
        expectClose(layout.lines[0].rect.width, units * 15 / 2048, "line 1")
    }

    /// The width of every line equals the advances of the glyphs drawn for it: cuts inside
    /// runs, kerning at boundaries, truncation tokens, right-to-left text broken inside a word.
    @Test("Drawn glyphs advance exactly the measured line widths", arguments: [
        ("an abbreviated text in AVATAR Type", Fonts.dejaVuFamily, LineBreakMode.charWrap, 0, 47.0),
        ("Die einfachste Art, sich Anzumelden: Tastatur", liberationFile, .wordWrap, 0, 80.0),
        ("ちょっと待ってください、コーヒーをどうぞ", Fonts.cjkFamily, .charWrap, 0, 60.0),
        ("ちょっと待ってください、コーヒーをどうぞ", Fonts.cjkFamily, .truncateMiddle, 1, 90.0),
        ("مرحبا بالعالم كيف حالك اليوم", Fonts.dejaVuFamily, .charWrap, 0, 50.0),
        ("Hello שלום world עולם", Fonts.dejaVuFamily, .truncateTail, 1, 70.0),
    ])
    func drawnAdvances(_ text: String, _ family: String, _ mode: LineBreakMode, _ lines: Int, _ width: Double) throws {
        var label = latinLabel(text, width: width, mode: mode, lines: lines)
        label.font = FontSpec(families: [family], size: 15)
        label.letterSpacing = 0.25
        let layout = try engine.layout(label)
        let drawn = try engine.glyphRuns(for: layout, of: label)
        #expect(drawn.count == layout.lines.count)
        for (line, runs) in zip(layout.lines, drawn) {
            let advance = runs.reduce(0.0) { $0 + $1.advances.reduce(0, +) }
            #expect(abs(advance - line.rect.width) < 1e-6, "\(line.text): drawn \(advance), measured \(line.rect.width)")
        }
    }

    /// Shaping in pieces (cached words and characters, pair kerning kept at their boundaries)
    /// gives exactly what HarfBuzz gives for the run shaped whole, for texts of one run in
    /// fonts that kern spaces (Liberation Sans), have class-based contextual rules (DejaVu
    /// Sans) and kern kana (Noto Sans CJK).
    @Test("Pieces add up to the run shaped whole", arguments: [
        (liberationFile, HB_SCRIPT_LATIN), (Fonts.dejaVuFile, HB_SCRIPT_LATIN),
        (Fonts.cjkFile, HB_SCRIPT_LATIN), (Fonts.cjkFile, HB_SCRIPT_HIRAGANA), (Fonts.cjkFile, HB_SCRIPT_HAN),
    ])
    func piecesMatchWholeRun(_ file: String, _ script: hb_script_t) throws {
        let reference = try #require(WholeRunReference(file: file, index: file == Fonts.cjkFile ? 2 : 0))
        var generator = SplitMix(seed: UInt64(script.rawValue) ^ UInt64(file.utf8.count))
        let words: [String]
        let separator: String
        switch script {
        case HB_SCRIPT_LATIN:
            words = ["Art", "AVATAR", "Tower", "Yellow", "Wave", "You", "office", "fly", "abbreviated", "Type", "LT",
                     "sich", "einfachste", "Vater", "P.", "W,", "y.", "\"A\"", "f", "ff", "fi", "T-", "'V'", "7", "(A)"]
            separator = " "
        case HB_SCRIPT_HIRAGANA:
            words = ["ちょっと", "って", "くださいー", "コーヒー", "しゅっぱつ", "きょう", "シャッター", "ッ", "ー", "ぁ", "ャ", "、", "。"]
            separator = ""
        default:
            words = ["看我", "居上", "对齐", "了啊", "、", "。", "「", "」", "（", "）", "你看", "剧终"]
            separator = ""
        }
        for _ in 0..<60 {
            let text = (0..<(3 + Int(generator.next() % 12))).map { _ in words[Int(generator.next() % UInt64(words.count))] }
                .joined(separator: separator)
            var label = latinLabel(text, width: 100_000)
            label.font = FontSpec(families: [file], size: 20)
            label.lineBreakStrategy = .none
            let layout = try engine.layout(label)
            let expected = reference.advance(of: text, script: script) * 20
            #expect(abs(layout.lines[0].rect.width - expected) < 1e-9, "\(text): \(layout.lines[0].rect.width) vs \(expected)")
        }
    }
}

/// Line-break strategies (docs/layout-rules.md).
@Suite("Line-break strategies")
struct LineBreakStrategyTests {
    /// pushOut: "hello world hello" in 120 pt would end with a lone "hello"; "world" moves down
    /// ("world hello" = 112.39 fits). `none` keeps the greedy lines.
    @Test("pushOut moves a word down to a lone last word", arguments: [
        (LineBreakStrategy.standard, ["hello", "world hello"]), (.pushOut, ["hello", "world hello"]),
        (.hangulWordPriority, ["hello world", "hello"]), (.none, ["hello world", "hello"]),
    ])
    func pushOutLatin(_ strategy: LineBreakStrategy, _ expected: [String]) throws {
        var label = latinLabel("hello world hello", width: 120)
        label.lineBreakStrategy = strategy
        #expect(try engine.layout(label).lines.map(\.text) == expected)
    }

    /// Every ideograph is a word: 21 of them at 17 pt in 350 pt are 20 + 1 greedily; pushOut
    /// leaves 19 + 2. charWrap is not a word-breaking mode and keeps 20 + 1.
    @Test("pushOut with CJK text; not in charWrap")
    func pushOutCJK() throws {
        let text = String(repeating: "一二三四五六七", count: 3)
        let pushed = try engine.layout(cjkLabel(text, width: 350, size: 17, mode: .wordWrap))
        #expect(pushed.lines.map { $0.text.count } == [19, 2])
        expectClose(pushed.lines[0].rect.width, 19 * 17, "line 1")
        let charWrapped = try engine.layout(cjkLabel(text, width: 350, size: 17, mode: .charWrap))
        #expect(charWrapped.lines.map { $0.text.count } == [20, 1])
    }

    /// pushOut only moves a word when the two then fit: "hello hello world" in 120 pt ends with
    /// "world" alone, and "hello world" (112.39) fits, so "hello" moves; in 110 pt it does not fit.
    /// A one-word line above is left alone.
    @Test("pushOut only when the words fit, and never empties the line above")
    func pushOutLimits() throws {
        #expect(try engine.layout(latinLabel("hello hello world", width: 120)).lines.map(\.text) == ["hello", "hello world"])
        #expect(try engine.layout(latinLabel("hello hello world", width: 110)).lines.map(\.text) == ["hello hello", "world"])
        #expect(try engine.layout(latinLabel("hello world", width: 80)).lines.map(\.text) == ["hello", "world"])
        // Each paragraph on its own: the first ends with a lone word too.
        #expect(try engine.layout(latinLabel("hello world hello\nhello world hello", width: 120)).lines.map(\.text)
                == ["hello", "world hello", "hello", "world hello"])
    }

    /// Noto Sans CJK SC at 10 pt in Korean: a syllable 9.2 pt, a space between syllables 2.8 pt.
    /// In 68 pt, without hangulWordPriority the line breaks inside 상품을 (ICU allows a break
    /// between any two syllables); with it (standard), only at spaces.
    @Test("hangulWordPriority breaks Korean only at spaces", arguments: [
        (LineBreakStrategy.standard, ["오늘의 추천", "상품을", "확인하세요"]),
        (.hangulWordPriority, ["오늘의 추천", "상품을", "확인하세요"]),
        (.pushOut, ["오늘의 추천 상", "품을 확인하세요"]),
        (.none, ["오늘의 추천 상", "품을 확인하세요"]),
    ])
    func hangulWordPriority(_ strategy: LineBreakStrategy, _ expected: [String]) throws {
        var label = cjkLabel("오늘의 추천 상품을 확인하세요", width: 68, mode: .wordWrap)
        label.lineBreakStrategy = strategy
        let layout = try engine.layout(label, locale: "ko")
        #expect(layout.lines.map(\.text) == expected)
    }

    @Test("The strategy is part of the input hash")
    func inputHash() throws {
        var label = latinLabel("hello world hello", width: 120)
        let standard = try engine.inputHash(label)
        label.lineBreakStrategy = .none
        #expect(try engine.inputHash(label) != standard)
    }
}

/// One grapheme cluster of many combining marks (docs/layout-rules.md).
@Suite("Long clusters")
struct LongClusterTests {
    /// "e" + 80,000 × U+0301 is one grapheme. Of a cluster at most 32 code points are shaped;
    /// the rest stay in the text and the line's range but draw nothing and advance 0: the
    /// line is exactly as wide as "e" + 31 marks. (Shaped whole, HarfBuzz takes seconds.)
    @Test("Marks past the 32nd of a cluster are not shaped")
    func boundedCluster() throws {
        let long = try engine.layout(latinLabel("e" + String(repeating: "\u{301}", count: 80_000), width: 300))
        let bounded = try engine.layout(latinLabel("e" + String(repeating: "\u{301}", count: 31), width: 300))
        #expect(long.lineCount == 1)
        #expect(long.lines[0].range == TextRange(location: 0, length: 80_001))
        expectClose(long.lines[0].rect.width, bounded.lines[0].rect.width, "width")
        // Between ordinary words it breaks like any grapheme: two of them in 30 pt are two lines.
        let twoWords = "e" + String(repeating: "\u{301}", count: 5_000) + " e" + String(repeating: "\u{301}", count: 5_000)
        #expect(try engine.layout(latinLabel(twoWords, width: 30)).lineCount == 2)
    }
}

/// HarfBuzz shaping a whole string with one face at its units per em: the reference the
/// engine's pieces are checked against.
final class WholeRunReference: @unchecked Sendable {
    private let face: OpaquePointer
    private let font: OpaquePointer
    private let unitsPerEm: Double

    init?(file: String, index: UInt32) {
        guard let blob = hb_blob_create_from_file_or_fail(file) else { return nil }
        face = hb_face_create(blob, index)
        hb_blob_destroy(blob)
        font = hb_font_create(face)
        let upem = hb_face_get_upem(face)
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        unitsPerEm = Double(upem)
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// The advance in ems of a text shaped as one run of a script, left to right, in no
    /// particular language.
    func advance(of text: String, script: hb_script_t) -> Double {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        let units = Array(text.utf16)
        hb_buffer_add_utf16(buffer, units, Int32(units.count), 0, Int32(units.count))
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_language(buffer, hb_language_from_string("und", -1))
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        return (0..<Int(count)).reduce(0.0) { $0 + Double(positions[$1].x_advance) } / unitsPerEm
    }
}

/// A small deterministic random number generator (SplitMix64).
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// A layout depends on its input alone, never on what the engine measured before: a fresh
/// engine's first layout and its later ones are the same JSON, to the last digit.
@Suite("Deterministic layouts")
struct DeterminismTests {
    /// Found by `make fuzz`: a one-character chunk measured the first time kept HarfBuzz's
    /// advance × (1 / unitsPerEm), and later times read it back as units / unitsPerEm, a last
    /// bit apart; with letter spacing the line width sat on a rounding boundary (38.2235 pt),
    /// so the first layout said 38.224 and every later one 38.223.
    @Test("The first layout of a fresh engine equals its later ones", arguments: [
        ("+++++++", FontSpec(families: ["Noto Color Emoji"], size: 9), 0.3125),
        ("क्ष\"\u{FFFD}", FontSpec(families: [], size: 4, weight: 100), 0.5625),
        ("Die einfachste Art, sich", FontSpec(families: ["Inter"], size: 13), 0.1),
    ])
    func firstEqualsLater(text: String, font: FontSpec, letterSpacing: Double) throws {
        var definition = LabelDefinition(name: "fresh", frame: Rect(x: 0, y: 0, width: 320, height: 60))
        definition.text = text
        definition.font = font
        definition.letterSpacing = letterSpacing
        definition.numberOfLines = 0
        let fresh = LayoutEngine()
        let first = try fresh.layout(definition).json
        for _ in 0..<2 { #expect(try fresh.layout(definition).json == first) }
    }
}
