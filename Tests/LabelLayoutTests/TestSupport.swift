import Foundation
import LabelLayout
import LabelModel
import Testing

/// One engine for the whole test run: `LayoutEngine` is thread-safe and Swift Testing runs
/// tests in parallel, so this also exercises its workspace pool.
let engine = LayoutEngine()

/// Font files the tests rely on (the machine's installed fonts; no mocks).
enum Fonts {
    static let cjkFamily = "Noto Sans CJK SC"
    static let cjkFile = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    static let dejaVuFamily = "DejaVu Sans"
    static let dejaVuFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let emojiFile = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
    static let liberationFamily = "Liberation Sans"
    static let interFamily = "Inter"
    /// Test fonts (Fixtures/make_sized_fonts.py) whose shaping depends on the size: a `trak`
    /// table, and an `opsz` axis. 1000 units per em; space 250 units, a–z 500.
    static let trackedFile = fixture("Tracked.ttf")
    static let opticalFile = fixture("Optical.ttf")
    /// Named as Apple's SF Pro files are ("SF Pro Fixture"), with no `trak` table.
    static let sfProNamedFile = fixture("SFProFixture.ttf")

    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }

    /// DejaVu Sans has 2048 units per em, so at 20.48 pt one font unit is exactly 0.01 pt:
    /// an advance of 1298 units is 12.98 pt. The Latin tests use this size so that every
    /// expected width can be read straight off the `hmtx` advances.
    static let dejaVuUnitSize = 20.48
}

/// A label in DejaVu Sans at 20.48 pt (1 font unit = 0.01 pt), top/left aligned, unlimited lines.
///
/// DejaVu Sans `hhea`: ascender 1901, descender −483, lineGap 0, unitsPerEm 2048, so at 20.48 pt
/// ascender = 19.01, descender = −4.83, lineHeight = 19.01 + 4.83 = 23.84.
func latinLabel(_ text: String, width: Double, height: Double = 200,
                mode: LineBreakMode = .wordWrap, lines: Int = 0) -> LabelDefinition {
    var label = LabelDefinition(name: "test.latin", frame: Rect(x: 0, y: 0, width: width, height: height))
    label.text = text
    label.font = FontSpec(families: [Fonts.dejaVuFamily], size: Fonts.dejaVuUnitSize)
    label.lineBreakMode = mode
    label.numberOfLines = lines
    label.textAlignment = .left
    label.verticalAlignment = .top
    return label
}

/// A label in Noto Sans CJK SC (ideographs advance 1000 of 1000 units = 1 em), top/left aligned.
///
/// Noto Sans CJK SC `hhea`: ascender 1160, descender −288, lineGap 0, unitsPerEm 1000, so at
/// 10 pt an ideograph is 10 pt wide, ascender = 11.6, descender = −2.88, lineHeight = 14.48.
func cjkLabel(_ text: String, width: Double, height: Double = 200, size: Double = 10,
              mode: LineBreakMode = .charWrap, lines: Int = 0) -> LabelDefinition {
    var label = LabelDefinition(name: "test.cjk", frame: Rect(x: 0, y: 0, width: width, height: height))
    label.text = text
    label.font = FontSpec(families: [Fonts.cjkFamily], size: size)
    label.lineBreakMode = mode
    label.numberOfLines = lines
    label.textAlignment = .left
    label.verticalAlignment = .top
    return label
}

/// The tolerance of every geometric comparison.
let tolerance = 0.001

func expectClose(_ actual: Double, _ expected: Double, _ what: @autoclosure () -> String = "",
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(actual - expected) <= tolerance,
            "\(what()): got \(actual), expected \(expected)", sourceLocation: sourceLocation)
}

func expectRect(_ rect: Rect, x: Double, y: Double, width: Double, height: Double,
                _ what: @autoclosure () -> String = "rect", sourceLocation: SourceLocation = #_sourceLocation) {
    let ok = abs(rect.x - x) <= tolerance && abs(rect.y - y) <= tolerance
        && abs(rect.width - width) <= tolerance && abs(rect.height - height) <= tolerance
    #expect(ok, "\(what()): got (\(rect.x), \(rect.y), \(rect.width), \(rect.height)), expected (\(x), \(y), \(width), \(height))",
            sourceLocation: sourceLocation)
}

func expectSize(_ size: Size, width: Double, height: Double,
                _ what: @autoclosure () -> String = "size", sourceLocation: SourceLocation = #_sourceLocation) {
    let ok = abs(size.width - width) <= tolerance && abs(size.height - height) <= tolerance
    #expect(ok, "\(what()): got \(size.width) × \(size.height), expected \(width) × \(height)",
            sourceLocation: sourceLocation)
}

/// The lines' UTF-16 ranges as (location, length) pairs, for compact comparisons.
func ranges(_ layout: ComputedLayout) -> [[Int]] {
    layout.lines.map { [$0.range.location, $0.range.length] }
}
