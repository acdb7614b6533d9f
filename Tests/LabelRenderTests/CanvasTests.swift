import Foundation
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
}
