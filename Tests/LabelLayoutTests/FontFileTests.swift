import LabelLayout
import LabelModel
import Testing

@Suite("Font files")
struct FontFileTests {
    /// A face first loaded from its path, then asked for by family, reports its family name
    /// (read from the font's `name` table) both times. A fresh engine makes the order certain.
    @Test("A font loaded by path reports its family name")
    func pathThenFamily() throws {
        let engine = LayoutEngine()
        var label = LabelDefinition(name: "font.path", frame: Rect(x: 0, y: 0, width: 200, height: 40))
        label.text = "Hi"
        label.font = FontSpec(families: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"], size: 17)
        #expect(try engine.layout(label).font.family == "DejaVu Sans")
        label.font = FontSpec(families: ["DejaVu Sans"], size: 17)
        let byFamily = try engine.layout(label)
        #expect(byFamily.font.family == "DejaVu Sans")
        #expect(byFamily.font.file == "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    }
}
