import Foundation
import LabelJSON
import Testing
import TestSupport

/// `labelcat report` on a catalog with a storyboard scene, opened in headless Chromium: a
/// finding of a scene's label is pictured inside its scene beside the base texts' scene; the
/// scene's section has a thumbnail per locale and lists every finding of the scene.
@Suite("labelcat report: scenes")
struct SceneReportTests {
    typealias Workspace = CLITests.Workspace

    /// A scene with two labels too long in German and one that fits, and a label in no scene
    /// that is too long in German too.
    static func workspace() throws -> Workspace {
        let workspace = try Workspace()
        let storyboard = sceneStoryboard(rootBackground: "systemColor=\"systemBackgroundColor\"", views: [
            .label("title", "Title", frame: (0, 0, 200, 40), pin: (40, 100, 200, 40), backgroundColor: StoryboardView.rgb(1, 1, 0)),
            .label("subtitle", "Subtitle", frame: (0, 0, 150, 30), pin: (40, 160, 150, 30)),
            .label("fits", "OK", frame: (0, 0, 150, 30), pin: (40, 220, 150, 30)),
        ])
        try workspace.directory.write("App/Base.lproj/Main.storyboard", Array(storyboard.utf8))
        try workspace.directory.write("App/de.lproj/Main.strings", Array("""
            "title.text" = "Ein sehr, sehr langer Titel, der nicht passt";
            "subtitle.text" = "Ein Untertitel, der viel zu lang ist";
            "fits.text" = "Gut";

            """.utf8))
        try workspace.succeed("import", workspace.directory.path("App"))
        try workspace.succeed("label", "set", "loose.title", "--frame", "0,0,80,20", "--text", "Loose")
        try workspace.succeed("label", "set", "loose.title", "--locale", "de", "--text", "Viel zu lang für das Etikett")
        return workspace
    }

    /// Python: each `article.finding` (id, label, locale, its pictures' `src`) and each
    /// `article.scene` (its `data-scene`, the findings it links to, its thumbnails' `src`).
    static let domReader = #"""
import json, sys
from html.parser import HTMLParser

class Reader(HTMLParser):
    def __init__(self):
        super().__init__()
        self.findings, self.scenes, self.current = [], [], None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "article" and "finding" in classes:
            self.current = {"id": a.get("id"), "label": a.get("data-label"), "locale": a.get("data-locale"), "images": []}
            self.findings.append(self.current)
        elif tag == "article" and "scene" in classes:
            self.current = {"scene": a.get("data-scene"), "links": [], "thumbnails": []}
            self.scenes.append(self.current)
        elif tag == "img" and self.current is not None:
            self.current["thumbnails" if "scene" in self.current else "images"].append(a.get("src"))
        elif tag == "a" and self.current is not None and "scene" in self.current and (a.get("href") or "").startswith("#finding-"):
            self.current["links"].append(a.get("href")[1:])
    def handle_endtag(self, tag):
        if tag == "article":
            self.current = None

reader = Reader()
reader.feed(sys.stdin.read())
print(json.dumps({"findings": reader.findings, "scenes": reader.scenes}))
"""#

    @Test("The scene's section lists every finding of the scene; each is pictured inside its scene beside the base; a rerun keeps every picture")
    func scenePage() throws {
        let workspace = try Self.workspace()
        let out = workspace.directory.path("report")
        let run = try workspace.succeed("report", "--out", out)
        #expect(run.stdout.contains("3 findings"), "\(run.stdout)")
        let index = out + "/index.html"
        guard let dom = try ReportCommandTests.chromium(["--dump-dom"], page: "file://\(index)") else { return }
        let parsed = try runProgram("/usr/bin/env", ["python3", "-c", Self.domReader], stdin: dom.stdout, timeout: 60)
        #expect(parsed.status == 0, "\(parsed.stderr)")
        let json = try JSONValue.parse(parsed.stdout)
        let findings = json["findings"]?.array ?? []
        let scenes = json["scenes"]?.array ?? []

        let sceneFindings = findings.filter { $0["label"]?.string?.hasPrefix("Main.storyboard/") == true }
        #expect(sceneFindings.compactMap { $0["label"]?.string }.sorted() == ["Main.storyboard/subtitle", "Main.storyboard/title"])
        #expect(scenes.count == 1)
        let scene = try #require(scenes.first)
        #expect(scene["scene"]?.string == "Main.storyboard/vc1")
        #expect(scene["links"]?.array?.compactMap(\.string) == sceneFindings.compactMap { $0["id"]?.string },
                "the scene lists every finding of the scene, and no other")
        let thumbnails = scene["thumbnails"]?.array?.compactMap(\.string) ?? []
        #expect(thumbnails.count == 2 && thumbnails[0].contains("@base@") && thumbnails[1].contains("@de@"), "\(thumbnails)")
        for finding in sceneFindings {
            let images = finding["images"]?.array?.compactMap(\.string) ?? []
            let view = String((finding["label"]?.string ?? "").split(separator: "/").last ?? "")
            #expect(images.count == 2, "\(images)")
            #expect(images.first?.contains("scene@Main.storyboard@vc1@de@iPhone_16@\(view).") == true, "cut from the German scene: \(images)")
            #expect(images.last?.contains("scene@Main.storyboard@vc1@base@iPhone_16@\(view).") == true, "beside the base scene: \(images)")
        }
        let loose = try #require(findings.first { $0["label"]?.string == "loose.title" })
        #expect(loose["images"]?.array?.first?.string?.contains("scene@") == false, "a label in no scene is pictured alone")
        let html = try String(contentsOfFile: index, encoding: .utf8)
        for name in try workspace.directory.contents("report/images") {
            #expect(html.contains("images/\(name)"), "the page shows \(name)")
            #expect(ReportCommandTests.isPNG(out + "/images/" + name), "\(name)")
        }
        #expect(html.contains("<img src=\"images/scene@Main.storyboard@vc1@de@iPhone_16@thumbnail."), "a thumbnail per locale")

        // A screenshot of the page, as a reviewer sees it.
        let screenshot = workspace.directory.path("screenshot.png")
        guard try ReportCommandTests.chromium(["--screenshot=\(screenshot)", "--window-size=1200,2400", "--hide-scrollbars"],
                                              page: "file://\(index)") != nil else { return }
        #expect(ReportCommandTests.isPNG(screenshot))

        // Again, nothing changed: every picture kept, none drawn again.
        func pictures() throws -> [String: String] {
            Dictionary(uniqueKeysWithValues: try workspace.directory.contents("report/images").map {
                ($0, ReportCommandTests.identity(out + "/images/" + $0))
            })
        }
        let first = try pictures()
        try workspace.succeed("report", "--out", out)
        #expect(try pictures() == first, "same names, inodes and modification times")
        // One German text changed: that scene's German pictures alone are drawn again.
        try workspace.succeed("label", "set", "Main.storyboard/fits", "--locale", "de", "--text", "Auch gut")
        try workspace.succeed("report", "--out", out)
        let third = try pictures()
        let redrawn = Set(third.keys).subtracting(first.keys)
        #expect(!redrawn.isEmpty && redrawn.allSatisfy { $0.contains("@de@") }, "\(redrawn.sorted())")
        #expect(third.filter { $0.key.contains("@base@") } == first.filter { $0.key.contains("@base@") }, "the base scene's pictures kept")
    }
}
