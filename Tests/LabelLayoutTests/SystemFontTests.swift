import CHarfBuzz
import LabelLayout
import LabelModel
import Testing

/// The system font (labels that name no family) and faces whose shaping depends on the size.
@Suite("The system font and size-dependent faces")
struct SystemFontTests {
    /// Inter Regular: 2816 units per em, hhea 2728 / −680 / 0; "hello" advances 6320 units.
    /// SF Pro's tracking at 17 pt is −26/1000 em = −0.442 pt per grapheme.
    static let interHello17 = 6320.0 / 2816 * 17
    static let tracking17 = -0.026 * 17

    static func label(_ text: String, family: [String] = [], size: Double = 17) -> LabelDefinition {
        var label = LabelDefinition(name: "system.font", frame: Rect(x: 0, y: 0, width: 1000, height: 100))
        label.text = text
        label.font = FontSpec(families: family, size: size)
        label.textAlignment = .left
        return label
    }

    @Test("A label that names no family is set in Inter, tracked as SF Pro, with Inter's line height")
    func defaultIsInter() throws {
        let layout = try engine.layout(Self.label("hello"))
        #expect(layout.font.family == "Inter")
        expectClose(layout.font.lineHeight, 3408.0 / 2816 * 17, "line height 20.574")
        expectClose(layout.lines[0].rect.width, Self.interHello17 + 5 * Self.tracking17, "hello, tracked")
        // Named, Inter is Inter: no tracking.
        let named = try engine.layout(Self.label("hello", family: [Fonts.interFamily]))
        expectClose(named.lines[0].rect.width, Self.interHello17, "hello in Inter named")
        #expect(named.inputHash != layout.inputHash)
    }

    @Test("system-ui is the default family list, tracking included")
    func systemUI() throws {
        let plain = try engine.layout(Self.label("hello 中文"))
        let systemUI = try engine.layout(Self.label("hello 中文", family: ["system-ui"]))
        #expect(systemUI.lines == plain.lines)
        #expect(systemUI.font == plain.font)
        // The same faces named one by one are not the system font: untracked, another hash.
        let spelled = try engine.layout(Self.label("hello 中文", family: SystemFont.familyList(SystemFont.families)))
        #expect(spelled.lines[0].rect.width > plain.lines[0].rect.width)
        #expect(spelled.inputHash != plain.inputHash)
    }

    @Test("CJK, Arabic and emoji in the system font come from its fallbacks, untracked")
    func fallbacks() throws {
        let cjk = try engine.layout(Self.label("中文"))
        expectClose(cjk.lines[0].rect.width, 34, "two ideographs of Noto Sans CJK SC at 17 pt")
        for (text, family) in [("中文", "Noto Sans CJK SC"), ("مرحبا", "Noto Sans Arabic"), ("😀", "Noto Color Emoji")] {
            let definition = Self.label(text)
            let runs = try engine.glyphRuns(for: try engine.layout(definition), of: definition)
            #expect(Set(runs[0].map(\.face.family)) == [family], "\(text)")
        }
    }

    @Test("The default family may be a comma-separated list; Inter is tracked only first in it")
    func defaultFamilyList() throws {
        #expect(SystemFont.familyList(" Inter ,  Noto Sans CJK SC,,") == ["Inter", "Noto Sans CJK SC"])
        let dejaVu = LayoutEngine(defaultFamily: "DejaVu Sans, Noto Sans CJK SC")
        #expect(dejaVu.fonts.defaultFamilies == ["DejaVu Sans", "Noto Sans CJK SC"])
        let layout = try dejaVu.layout(Self.label("ab中", size: 20.48))
        #expect(layout.font.family == "DejaVu Sans")
        // a 1255 + b 1300 units of 2048 at 20.48 pt, 中 20.48 pt from the CJK face.
        expectClose(layout.lines[0].rect.width, 12.55 + 13.00 + 20.48, "no tracking")
        let interSecond = LayoutEngine(defaultFamily: "DejaVu Sans, Inter")
        #expect(try interSecond.layout(Self.label("hello")).font.family == "DejaVu Sans")
    }

    /// Apple's SF Pro files for designers have no `trak` table: first in the default list (by
    /// path, for exact results) they are tracked as iOS tracks SF Pro; the same file named by a
    /// label is not. "ab" is 1000 units of 1000 at 17 pt: 17 pt, less 2 × 0.442 tracked.
    @Test("An SF Pro file first in the default family list is tracked as SF Pro")
    func sfProByPath() throws {
        let sfPro = LayoutEngine(defaultFamily: "\(Fonts.sfProNamedFile), Noto Sans CJK SC")
        let layout = try sfPro.layout(Self.label("ab"))
        #expect(layout.font.family == "SF Pro Fixture")
        expectClose(layout.lines[0].rect.width, 17 + 2 * Self.tracking17, "tracked")
        let named = try engine.layout(Self.label("ab", family: [Fonts.sfProNamedFile]))
        expectClose(named.lines[0].rect.width, 17, "named by the label: as it is")
        // A font with its own trak table first in the list is tracked by its table only.
        let tracked = LayoutEngine(defaultFamily: Fonts.trackedFile)
        expectClose(try tracked.layout(Self.label("ab", size: 24)).lines[0].rect.width, 0.9 * 24, "trak: −50 units a glyph")
    }

    @Test("SF Pro's tracking table: its values, interpolated between sizes, held at the ends")
    func trackingTable() {
        let cases: [(Double, Double)] = [(17, -26), (12, 0), (10, 12), (13, -6), (28, 14), (17.5, -25.5), (55, 6), (5, 41), (80, 0), (200, 0)]
        for (size, thousandths) in cases {
            #expect(abs(trackingOf(size) - thousandths / 1000) < 1e-9, "\(size) pt")
        }
    }

    /// SF Pro's tracking as the engine applies it, read off a layout: a one-letter label's width
    /// minus the letter's own advance.
    private func trackingOf(_ size: Double) -> Double {
        let tracked = try! engine.layout(Self.label("l", size: size)).lines[0].rect.width
        let plain = try! engine.layout(Self.label("l", family: [Fonts.interFamily], size: size)).lines[0].rect.width
        return (tracked - plain) / size
    }

    // MARK: Faces whose shaping depends on the size

    /// HarfBuzz's advance of a text in a font file told a point size (and, with `opsz`, set to
    /// that optical size): what CoreText does for such fonts.
    static func harfBuzzAdvance(_ path: String, _ text: String, size: Double, opticalSize: Bool = false) -> Double {
        let blob = hb_blob_create_from_file(path)
        let face = hb_face_create(blob, 0)
        let font = hb_font_create(face)!
        let upem = Int32(hb_face_get_upem(face))
        hb_font_set_scale(font, upem, upem)
        hb_font_set_ptem(font, Float(size))
        if opticalSize {
            var variation = hb_variation_t(tag: 0x6F70_737A, value: Float(size))
            hb_font_set_variations(font, &variation, 1)
        }
        let buffer = hb_buffer_create()
        hb_buffer_add_utf8(buffer, text, -1, 0, -1)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        let units = (0..<Int(count)).reduce(0) { $0 + Int(positions[$1].x_advance) }
        hb_buffer_destroy(buffer)
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
        return Double(units) / Double(upem) * size
    }

    /// Tracked.ttf's `trak` table: +100 units at 8 pt, 0 at 12, −50 at 24 (per grapheme, of
    /// 1000). "ab a" is 9.6 + 2.8 pt at 8 pt, 12 + 3 at 12, but 37.2 (not 30) at 24.
    @Test("A font with a trak table is shaped at each size", arguments: [8.0, 10.0, 12.0, 16.5, 24.0])
    func trackedFont(_ size: Double) throws {
        let definition = Self.label("ab a", family: [Fonts.trackedFile], size: size)
        let layout = try engine.layout(definition)
        expectClose(layout.lines[0].rect.width, Self.harfBuzzAdvance(Fonts.trackedFile, "ab a", size: size), "at \(size) pt")
        let runs = try engine.glyphRuns(for: layout, of: definition)
        expectClose(runs[0].flatMap(\.advances).reduce(0, +), layout.lines[0].rect.width, "drawn advances")
        if size == 24 { expectClose(layout.lines[0].rect.width, (450 + 450 + 200 + 450) / 1000.0 * 24, "−50 units a glyph") }
    }

    /// Optical.ttf widens a–z from 500 units at opsz 12 to 600 at 72.
    @Test("A font with an opsz axis is set to each size's optical size", arguments: [12.0, 42.0, 72.0])
    func opticalFont(_ size: Double) throws {
        let layout = try engine.layout(Self.label("ab", family: [Fonts.opticalFile], size: size))
        expectClose(layout.lines[0].rect.width, Self.harfBuzzAdvance(Fonts.opticalFile, "ab", size: size, opticalSize: true), "at \(size) pt")
        expectClose(layout.lines[0].rect.width, (1000 + (size - 12) / 60 * 200) / 1000 * size, "widened by the optical size")
    }

    @Test("Categories and autoshrink shape size-dependent faces at each size, and reuse others' shaping")
    func sizesShapeSeparately() throws {
        for file in [Fonts.trackedFile, Fonts.opticalFile] {
            var definition = Self.label("ab a ba", family: [file], size: 12)
            definition.font.scalesWithCategory = .body
            let categories: [ContentSizeCategory] = [.extraSmall, .large, .extraExtraExtraLarge, .accessibilityMedium]
            let layouts = try engine.layouts(definition, categories: categories)
            for (category, layout) in zip(categories, layouts) {
                let size = definition.font.pointSize(in: category)
                expectClose(layout.lines[0].rect.width,
                            Self.harfBuzzAdvance(file, "ab a ba", size: size, opticalSize: file == Fonts.opticalFile),
                            "\(file) at \(category)")
            }
            // Autoshrink: the largest size at which the line fits, found by shaping each trial size.
            var shrinking = Self.label("ab a ba ab", family: [file], size: 24)
            shrinking.frame.width = 80
            shrinking.adjustsFontSizeToFitWidth = true
            shrinking.minimumScaleFactor = 0.3
            let shrunk = try engine.layout(shrinking)
            #expect(shrunk.shrunk && !shrunk.truncated)
            let width = Self.harfBuzzAdvance(file, "ab a ba ab", size: shrunk.font.size, opticalSize: file == Fonts.opticalFile)
            expectClose(shrunk.lines[0].rect.width, width, "\(file) shrunk to \(shrunk.font.size)")
            #expect(width <= 80)
            #expect(Self.harfBuzzAdvance(file, "ab a ba ab", size: shrunk.font.size + 0.001, opticalSize: file == Fonts.opticalFile) > 80)
        }
    }

    @Test("Font substitutes: read, normalized, refused when malformed, and applied to every family a label names")
    func fontSubstitutes() throws {
        let substitutes = try FontSubstitutes(parsing: " Helvetica Neue = Liberation Sans,Avenir Next=DejaVu Sans ")
        #expect(substitutes.spelling == "Avenir Next=DejaVu Sans, Helvetica Neue=Liberation Sans")
        #expect(substitutes.family(for: "avenir next") == "DejaVu Sans")
        #expect(substitutes.family(for: "Georgia") == "Georgia")
        #expect(try FontSubstitutes(parsing: "  ") == .none)
        for bad in ["Avenir Next", "=Inter", "A=B,", "A=B, a=C", "A=B, B=C"] {
            #expect(throws: LayoutError.self, "\(bad)") { try FontSubstitutes(parsing: bad) }
        }
        let engine = LayoutEngine(fontSubstitutes: substitutes)
        var label = LabelDefinition(name: "substituted", frame: Rect(x: 0, y: 0, width: 300, height: 40))
        label.text = "hello"
        label.font = FontSpec(families: ["Avenir Next", "Noto Sans CJK SC"], size: 17)
        let layout = try engine.layout(label)
        #expect(layout.font.family == "DejaVu Sans")
        #expect(engine.fonts.identity != LayoutEngine().fonts.identity)
        #expect(throws: LayoutError.fontNotFound(family: "Avenir Next")) { try LayoutEngine().layout(label) }
    }
}

