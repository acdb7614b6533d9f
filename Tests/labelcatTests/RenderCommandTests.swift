import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `labelcat render`, through the real binary: sheet columns, pictures too large, and writing
/// on a full disk.
@Suite("labelcat render")
struct RenderCommandTests {
    typealias Workspace = CLITests.Workspace

    /// A catalog with `count` labels `sheet.N` of `width × height` points.
    static func workspace(labels count: Int, width: Double = 200, height: Double = 40) throws -> Workspace {
        let workspace = try Workspace()
        let definitions = (0..<count).map {
            #"{"name": "sheet.\#($0)", "text": "Label \#($0)", "frame": {"x": 0, "y": 0, "width": \#(width), "height": \#(height)}, "font": {"family": "DejaVu Sans", "size": 15}}"#
        }
        try workspace.succeed(["label", "import", try workspace.directory.write("labels.ndjson", definitions.joined(separator: "\n"))])
        return workspace
    }

    /// "Wrote PATH (W × H px at …" → (W, H).
    static func pixels(_ run: ProgramRun) -> (width: Int, height: Int)? {
        guard let match = run.stdout.firstMatch(of: #/\((\d+) × (\d+) px/#) else { return nil }
        return (Int(match.1)!, Int(match.2)!)
    }

    @Test("--columns N: the sheet is N cells wide")
    func columns() throws {
        let workspace = try Self.workspace(labels: 5)
        let run = try workspace.succeed(["render", "sheet.*", "--sheet", "--columns", "3", "--scale", "1", "--out", "sheet.png"])
        // 16 + 3 × (200 + 16) wide; 2 rows of 40 + 4 + 16 (caption), 16 apart.
        #expect(Self.pixels(run)?.width == 664, "\(run.stdout)")
        #expect(Self.pixels(run)?.height == 16 + 2 * (40 + 4 + 16 + 16), "\(run.stdout)")
    }

    @Test("Without --columns, 45 one-line labels make an about square sheet")
    func aboutSquare() throws {
        let workspace = try Self.workspace(labels: 45, width: 345, height: 28)
        let run = try workspace.succeed(["render", "sheet.*", "--sheet", "--out", "sheet.png"])
        let size = try #require(Self.pixels(run), "\(run.stdout)")
        let ratio = Double(size.width) / Double(size.height)
        #expect(ratio > 0.5 && ratio < 2, "\(size.width) × \(size.height) px")
    }

    @Test("A glob draws every label it can, marks the ones that cannot be laid out, names them and exits 1 after writing")
    func globWithFailures() throws {
        let workspace = try Self.workspace(labels: 3)
        try workspace.succeed("label", "set", "sheet.1", "--font", #"{"family": "No Such Family Zz", "size": 15}"#)
        for extra in [[], ["--sheet"]] {
            let run = try workspace.labelcat(["render", "sheet.*", "--out", "screen.png", "--scale", "1"] + extra)
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stdout.contains("1 cannot be laid out, marked"), "\(run.stdout)")
            #expect(run.stderr.contains("sheet.1") && run.stderr.contains("No Such Family Zz"), "\(run.stderr)")
            #expect(workspace.directory.exists("screen.png"))
            try FileManager.default.removeItem(atPath: workspace.directory.path("screen.png"))
        }
        let one = try workspace.labelcat("render", "sheet.1", "--out", "one.png")
        #expect(one.status == 1 && !workspace.directory.exists("one.png"), "a label named alone that cannot be drawn draws nothing")
    }

    @Test("render --scene: a scene at its device's size and scale with a legend; --compare side by side; misuse refused")
    func scene() throws {
        let workspace = try Workspace()
        let storyboard = sceneStoryboard(rootBackground: "systemColor=\"systemBackgroundColor\"", views: [
            .label("title", "Title", frame: (0, 0, 200, 40), pin: (40, 100, 200, 40), backgroundColor: StoryboardView.rgb(1, 1, 0)),
        ])
        try workspace.directory.write("App/Base.lproj/Main.storyboard", Array(storyboard.utf8))
        try workspace.directory.write("App/de.lproj/Main.strings", Array(#""title.text" = "Ein sehr, sehr langer Titel, der nicht passt";"#.utf8))
        try workspace.succeed("import", workspace.directory.path("App"))
        // iPhone 16 at 3×: 393 × 852 points and a legend of two 18 pt rows with 6 pt around.
        let one = try workspace.succeed(["render", "--scene", "Main.storyboard/vc1", "--out", "scene.png"])
        #expect(Self.pixels(one).map { [$0.width, $0.height] } == [393 * 3, (852 + 48) * 3], "\(one.stdout)")
        #expect(one.stdout.contains("Main.storyboard/vc1, 1 label, 0 with findings"), "\(one.stdout)")
        let bytes = try Data(contentsOf: workspace.directory.url("scene.png"))
        #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let compared = try workspace.succeed(["render", "--scene", "Main.storyboard/*", "--compare", "de", "--scale", "1",
                                              "--appearance", "dark", "--out", "compare.png"])
        #expect(Self.pixels(compared).map(\.width) == 393 * 2 + 16, "\(compared.stdout)")
        #expect(compared.stdout.contains("1 with findings"), "the German title is truncated: \(compared.stdout)")

        // A glob of several scenes: a picture of each in the folder --out names.
        let other = sceneStoryboard(views: [.label("other", "Other", frame: (0, 0, 100, 30), pin: (10, 10, 100, 30))])
        try workspace.directory.write("App/Base.lproj/Other.storyboard", Array(other.utf8))
        try workspace.succeed("import", workspace.directory.path("App"))
        let many = try workspace.succeed(["render", "--scene", "*", "--scale", "1", "--out", "pictures"])
        #expect(many.lines.count == 2, "\(many.stdout)")
        #expect(try workspace.directory.contents("pictures") == ["Main.storyboard_vc1.png", "Other.storyboard_vc1.png"])
        let toStandardOutput = try workspace.labelcat("render", "--scene", "*", "--out", "-")
        #expect(toStandardOutput.status == 1 && toStandardOutput.stderr.contains("give a folder"), "\(toStandardOutput.stderr)")

        let missing = try workspace.labelcat("render", "--scene", "Nothing.storyboard/*", "--out", "x.png")
        #expect(missing.status == 1 && missing.stderr.contains("no scenes match"), "\(missing.stderr)")
        let misused = try workspace.labelcat("render", "title", "--compare", "de", "--out", "x.png")
        #expect(misused.status == 64 && misused.stderr.contains("go with '--scene'"), "\(misused.stderr)")
        let both = try workspace.labelcat("render", "Main.storyboard/title", "--scene", "Main.storyboard/vc1", "--out", "x.png")
        #expect(both.status == 64, "\(both.stderr)")
        #expect(!workspace.directory.exists("x.png"))
    }

    @Test("A picture too large to make names the option that makes it smaller")
    func tooLarge() throws {
        let workspace = try Self.workspace(labels: 1, width: 9000, height: 40)
        let run = try workspace.labelcat("render", "sheet.0", "--scale", "4", "--out", "big.png")
        #expect(run.status == 1)
        #expect(run.stderr.contains("36000 × 160 pixels cannot be made"), "\(run.stderr)")
        #expect(run.stderr.contains("choose a smaller --scale"), "\(run.stderr)")
        #expect(!workspace.directory.exists("big.png"))
    }

    /// A 64 KiB tmpfs, filled: labelcat runs as root in these tests, so it can mount one.
    static let canMount: Bool = {
        guard getuid() == 0, let directory = try? TemporaryDirectory(prefix: "labelcat-mount-probe") else { return false }
        guard (try? runProgram("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", directory.root.path]))?.status == 0 else { return false }
        _ = try? runProgram("/bin/umount", [directory.root.path])
        return true
    }()

    @Test("On a full disk: an error, no partial picture, the older picture kept",
          .enabled(if: canMount, "mounting a tmpfs is not permitted here (needs root and CAP_SYS_ADMIN)"))
    func fullDisk() throws {
        let workspace = try Self.workspace(labels: 1, width: 300, height: 100)
        let disk = workspace.directory.url("disk", directory: true).path
        let mount = try runProgram("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk])
        try #require(mount.status == 0, "mount: \(mount.stderr)")
        defer { _ = try? runProgram("/bin/umount", [disk]) }
        let picture = disk + "/label.png"
        try workspace.succeed(["render", "sheet.0", "--scale", "1", "--out", picture])
        let older = try Data(contentsOf: URL(fileURLWithPath: picture))
        // Fill the disk.
        let fill = try runProgram("/bin/sh", ["-c", "cat /dev/zero > \"$0\"/fill", disk])
        #expect(fill.stderr.contains("No space left on device"), "\(fill.stderr)")

        let run = try workspace.labelcat("render", "sheet.0", "--scale", "3", "--out", picture)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("Error: cannot write '\(picture)': No space left on device"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk).sorted() == ["fill", "label.png"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: picture)) == older, "the older picture changed")

        let fresh = try workspace.labelcat("render", "sheet.0", "--out", disk + "/new.png")
        #expect(fresh.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk).sorted() == ["fill", "label.png"], "a partial picture was left")
    }
}
