import Foundation
import CPNG
import LabelModel
import LabelRender
import Testing

/// Canvases: their size limit, and PNG files written whole or not at all.
@Suite("Canvas")
struct CanvasTests {
    @Test("A picture too large is refused with its size, naming no command-line option")
    func tooLarge() {
        let error = #expect(throws: RenderError.self) { try Canvas(width: 40_000, height: 10) }
        #expect(error?.kind == .tooLarge(width: 40_000, height: 10))
        #expect(error?.description.contains("40000 × 10 pixels") == true, "\(error?.description ?? "")")
        #expect(error?.description.contains("--") == false, "\(error?.description ?? "")")
    }

    @Test("writePNG replaces a file through a temporary file that does not stay behind")
    func replaces() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("labelcat-canvas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("picture.png").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let canvas = try Canvas(width: 3, height: 2)
        try canvas.writePNG(to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["picture.png"])
        let read = try Canvas(contentsOfPNG: path)
        #expect((read.width, read.height) == (3, 2))
    }

    @Test("A PNG that cannot be written leaves nothing")
    func failedWrite() throws {
        let canvas = try Canvas(width: 3, height: 2)
        let error = #expect(throws: RenderError.self) { try canvas.writePNG(to: "/nonexistent/dir/file.png") }
        #expect(error?.description == "cannot write '/nonexistent/dir/file.png': No such file or directory")
    }

    /// Writes PNG bytes to a file and reads them back with cairo.
    static func decode(_ png: PNGData, _ name: String) throws -> Canvas {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("labelcat-png-\(getpid())-\(name).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try png.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: path)) }
        return try Canvas(contentsOfPNG: path)
    }

    @Test("encodePNG: an opaque picture of few colours with a palette, of many as RGB, a transparent one as RGBA, the same pixels at every filter and level")
    func encoding() throws {
        var label = seedLabel("png", frame: Rect(x: 0, y: 0, width: 120, height: 60), alignment: .middle)
        label.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0)
        let renderer = try Renderer(engine: engine)
        let opaque = try renderer.renderLabel(try LabelPicture(definition: label, engine: engine), scale: 2, debug: true)
        let clear = try renderer.renderLabel(try LabelPicture(definition: label, engine: engine), scale: 2,
                                             background: Color(red: 0, green: 0, blue: 0, alpha: 0))
        // Colour emoji over a colour ramp of text: more than 256 colours.
        var emoji = seedLabel("emoji", frame: Rect(x: 0, y: 0, width: 240, height: 60), alignment: .middle, text: "🌈🦄🍕🎉🌻🐠 看我")
        emoji.font = FontSpec(families: ["Noto Sans CJK SC", "Noto Color Emoji"], size: 24)
        let colorful = try renderer.renderLabel(try LabelPicture(definition: emoji, engine: engine), scale: 3, debug: true)
        for (canvas, colorType) in [(opaque, UInt8(3)), (colorful, UInt8(2)), (clear, UInt8(6))] {
            var decoded: [Canvas] = []
            for settings in [PNGSettings.fast, PNGSettings(filters: Int32(LABELCAT_PNG_ALL_FILTERS), level: 9, strategy: 0),
                             PNGSettings(filters: Int32(LABELCAT_PNG_FILTER_NONE), level: 0, strategy: 0)] {
                let png = try canvas.encodePNG(settings)
                // IHDR: the color type is byte 25 of the file.
                #expect(png.withUnsafeBytes { $0[25] } == colorType, "\(settings)")
                decoded.append(try Self.decode(png, "\(colorType)-\(settings.level)"))
            }
            var inked = 0
            for y in 0..<canvas.height {
                for x in 0..<canvas.width {
                    let pixel = canvas.pixel(x: x, y: y)
                    if pixel.alpha > 0 && pixel != Color(red: 255, green: 255, blue: 255) { inked += 1 }
                    for read in decoded {
                        let back = read.pixel(x: x, y: y)
                        // Premultiplied pixels of partial alpha lose a little to rounding.
                        #expect(back.alpha == pixel.alpha && abs(Int(back.red) - Int(pixel.red)) <= 2
                                && abs(Int(back.green) - Int(pixel.green)) <= 2 && abs(Int(back.blue) - Int(pixel.blue)) <= 2,
                                "(\(x), \(y)): \(back) for \(pixel)")
                    }
                }
            }
            #expect(inked > 100, "the picture has text")
        }
    }
}
