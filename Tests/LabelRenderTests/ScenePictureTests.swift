import AutoLayout
import Foundation
import LabelCatalog
import LabelLayout
import LabelModel
import LabelRender
import LabelSync
import Testing
import TestSupport

/// Pictures of a storyboard scene imported into a real catalog, drawn with real fonts: where
/// the boxes are, what colours, which texts, which outlines.
@Suite("Pictures of scenes")
struct ScenePictureTests {
    static let yellow = Color(red: 255, green: 255, blue: 0)
    static let navy = Color(red: 26, green: 26, blue: 77)
    static let black = Color(red: 0, green: 0, blue: 0)

    /// The scene: a yellow title pinned at (40, 100, 200, 40) though saved at (0, 0); a navy
    /// card pinned at (0, 300, 393, 200) holding a white-text label with no background; a
    /// grouped-background panel; an image view. German makes the title too long.
    static let storyboard = sceneStoryboard(rootBackground: "systemColor=\"systemBackgroundColor\"", views: [
        .label("title", "Title", frame: (0, 0, 200, 40), pin: (40, 100, 200, 40), backgroundColor: StoryboardView.rgb(1, 1, 0)),
        StoryboardView("view", id: "card", frame: (0, 0, 393, 200), backgroundColor: StoryboardView.rgb(0.1, 0.1, 0.3),
                       pin: (0, 300, 393, 200), subviews: [
                           .label("welcome", "Welcome", frame: (0, 0, 300, 40), pin: (20, 20, 300, 40), textColor: StoryboardView.rgb(1, 1, 1)),
                       ]),
        StoryboardView("view", id: "panel", frame: (0, 600, 393, 100), backgroundColor: "systemColor=\"systemGroupedBackgroundColor\"",
                       pin: (0, 600, 393, 100)),
        StoryboardView("imageView", id: "photo", frame: (300, 720, 60, 60), attributes: [("image", "photo")], pin: (300, 720, 60, 60)),
    ])

    static let german = """
        "title.text" = "Ein sehr, sehr langer Titel, der nicht passt";
        "welcome.text" = "Willkommen";

        """

    /// A catalog with the storyboard and its German strings imported.
    static func catalog(_ directory: TemporaryDirectory) throws -> Catalog {
        let catalog = try Catalog.create(path: directory.path("catalog.sqlite")).catalog
        try directory.write("App/Base.lproj/Main.storyboard", Array(storyboard.utf8))
        try directory.write("App/de.lproj/Main.strings", Array(german.utf8))
        _ = try catalog.importTexts(from: [directory.path("App")])
        return catalog
    }

    @Test("Label boxes sit at the frames Auto Layout solved, not the saved ones, at 1× and 3×")
    func solvedFrames() throws {
        let directory = try TemporaryDirectory()
        let catalog = try Self.catalog(directory)
        #expect(try catalog.scenes(matching: "Main.storyboard/*").map { "\($0.file)/\($0.scene)" } == ["Main.storyboard/vc1"])
        let layout = try catalog.sceneLayout(file: "Main.storyboard", scene: "vc1")
        #expect(layout.device == "iPhone 16" && layout.size.width == 393 && layout.size.height == 852)
        #expect(layout.unsolvedReason == nil)
        let title = try #require(layout.labels.first { $0.view == "title" })
        #expect(title.frameInRoot == LayoutRect(x: 40, y: 100, width: 200, height: 40))
        #expect(title.findings.isEmpty)
        let renderer = try Renderer(engine: catalog.engine)
        for scale in [1.0, 3.0] {
            let canvas = try roundTrip(try renderer.renderScenes([layout], captions: ["base"], scale: scale), "scene-\(Int(scale))")
            #expect(canvas.width == Int(393 * scale))
            func at(_ x: Double, _ y: Double) -> Color { canvas.pixel(x: Int(x * scale), y: Int(y * scale)) }
            // The title's corners inside its solved frame are yellow; just outside, the screen.
            #expect(at(40.5, 100.5) == Self.yellow && at(239.5, 139.5) == Self.yellow && at(40.5, 139.5) == Self.yellow)
            #expect(at(39, 120) == white && at(241, 120) == white && at(120, 99) == white && at(120, 141) == white)
            #expect(at(5, 5) == white, "nothing at the saved frame")
            // The card fills its solved frame; the image view is a placeholder.
            #expect(at(1, 301) == Self.navy && at(392, 499) == Self.navy && at(200, 501) == white)
            #expect(at(302, 750) != white && at(298, 750) != at(302, 750))
        }
    }

    @Test("A scroll view shows its content through its frame: what lies below it is not drawn")
    func scrollViewClips() throws {
        let directory = try TemporaryDirectory()
        let storyboard = sceneStoryboard(rootBackground: "systemColor=\"systemBackgroundColor\"", views: [
            StoryboardView("scrollView", id: "scroll", frame: (0, 300, 393, 100), pin: (0, 300, 393, 100), subviews: [
                StoryboardView("view", id: "content", frame: (0, 60, 393, 200), backgroundColor: StoryboardView.rgb(1, 1, 0)),
            ]),
        ])
        try directory.write("App/Base.lproj/Main.storyboard", Array(storyboard.utf8))
        let catalog = try Catalog.create(path: directory.path("catalog.sqlite")).catalog
        _ = try catalog.importTexts(from: [directory.path("App")])
        let layout = try catalog.sceneLayout(file: "Main.storyboard", scene: "vc1")
        let content = try #require(layout.frames["content"])
        #expect(content.y == 360 && content.height == 200, "\(content)")
        let canvas = try Renderer(engine: catalog.engine).renderScenes([layout], captions: ["base"], scale: 1)
        #expect(canvas.pixel(x: 100, y: 380) == Self.yellow, "the content inside the scroll view")
        #expect(canvas.pixel(x: 100, y: 420) == white && canvas.pixel(x: 100, y: 550) == white, "nothing below it")
    }

    @Test("A label scrolled out of its scroll view's frame gets no band, and the legend does not name its kind")
    func scrolledOutLabelHasNoBand() throws {
        let directory = try TemporaryDirectory()
        let long = "A text far too long for its label"
        func layout(seenToo: Bool) throws -> SceneLayout {
            let storyboard = sceneStoryboard(rootBackground: "systemColor=\"systemBackgroundColor\"", views: [
                StoryboardView("scrollView", id: "scroll", frame: (0, 300, 393, 100), pin: (0, 300, 393, 100),
                               subviews: (seenToo ? [.label("seen", long, frame: (20, 20, 80, 30))] : [])
                                   + [.label("below", long, frame: (20, 150, 80, 30))]),
            ])
            let folder = seenToo ? "Both" : "Below"
            try directory.write("\(folder)/Base.lproj/Main.storyboard", Array(storyboard.utf8))
            let catalog = try Catalog.create(path: directory.path("\(folder).sqlite")).catalog
            _ = try catalog.importTexts(from: [directory.path(folder)])
            return try catalog.sceneLayout(file: "Main.storyboard", scene: "vc1")
        }
        let both = try layout(seenToo: true)
        let below = try #require(both.labels.first { $0.view == "below" })
        #expect(below.frameInRoot.y == 450 && below.findings.first == .truncated, "\(below.frameInRoot) \(below.findings)")
        #expect(both.labels.first { $0.view == "seen" }?.findings.first == .truncated)
        let renderer = try Renderer(engine: try Catalog.create(path: directory.path("engine.sqlite")).catalog.engine)
        let canvas = try renderer.renderScenes([both], captions: ["base"], scale: 1)
        let red = SceneColors.outline(.truncated)
        #expect(canvas.pixel(x: 19, y: 335) == red, "the band of the label in sight")
        #expect(canvas.pixel(x: 19, y: 465) == white && canvas.pixel(x: 50, y: 449) == white, "none for the one scrolled out")
        // Alone, the scrolled-out label's finding leaves the legend with none to name.
        let alone = try renderer.renderScenes([try layout(seenToo: false)], captions: ["base"], scale: 1)
        let legendRow = Int(852 + Renderer.ScenePicture.legendPadding + Renderer.ScenePicture.legendRowHeight) + 3
        var swatch = 0
        for y in legendRow..<legendRow + 12 { for x in 0..<100 where alone.pixel(x: x, y: y) == red { swatch += 1 } }
        var swatchWithBoth = 0
        for y in legendRow..<legendRow + 12 { for x in 0..<100 where canvas.pixel(x: x, y: y) == red { swatchWithBoth += 1 } }
        #expect(swatch == 0 && swatchWithBoth > 0, "\(swatch) \(swatchWithBoth)")
    }

    @Test("A label's text colour as IB wrote it: secondaryLabelColor is grey in light appearance and light in dark")
    func systemTextColor() throws {
        let directory = try TemporaryDirectory()
        let storyboard = sceneStoryboard(rootBackground: "systemColor=\"systemBackgroundColor\"", views: [
            .label("note", "Secondary note", frame: (20, 100, 300, 40), pin: (20, 100, 300, 40),
                   textColor: "systemColor=\"secondaryLabelColor\""),
        ])
        try directory.write("App/Base.lproj/Main.storyboard", Array(storyboard.utf8))
        let catalog = try Catalog.create(path: directory.path("catalog.sqlite")).catalog
        _ = try catalog.importTexts(from: [directory.path("App")])
        let layout = try catalog.sceneLayout(file: "Main.storyboard", scene: "vc1")
        #expect(layout.scene.root.allViews.first { $0.id == "note" }?.label?.textColor == .system("secondaryLabelColor"))
        let renderer = try Renderer(engine: catalog.engine)
        /// The darkest and the lightest grey level of the label's pixels.
        func levels(_ appearance: Appearance) throws -> (darkest: Int, lightest: Int) {
            let canvas = try renderer.renderScenes([layout], captions: ["base"], scale: 2, appearance: appearance)
            var levels: [Int] = []
            for y in 200..<280 { for x in 40..<640 { levels.append(Int(canvas.pixel(x: x, y: y).green)) } }
            return (levels.min() ?? -1, levels.max() ?? -1)
        }
        // Light: #3C3C43 at 60 % over white is about 138 at its darkest, not black.
        let light = try levels(.light)
        #expect(light.darkest > 110 && light.darkest < 170 && light.lightest == 255, "\(light)")
        // Dark: #EBEBF5 at 60 % over black is about 141 at its lightest, over a black screen.
        let dark = try levels(.dark)
        #expect(dark.lightest > 110 && dark.lightest < 170 && dark.darkest == 0, "\(dark)")
    }

    @Test("A white-text label on a dark superview is drawn on the superview's colour, and its text shows")
    func whiteTextOnDark() throws {
        let directory = try TemporaryDirectory()
        let catalog = try Self.catalog(directory)
        let layout = try catalog.sceneLayout(file: "Main.storyboard", scene: "vc1")
        let welcome = try #require(layout.labels.first { $0.view == "welcome" })
        #expect(welcome.frameInRoot == LayoutRect(x: 20, y: 320, width: 300, height: 40))
        let canvas = try Renderer(engine: catalog.engine).renderScenes([layout], captions: ["base"], scale: 2)
        var light = 0
        for y in 320 * 2..<360 * 2 {
            for x in 20 * 2..<320 * 2 where canvas.pixel(x: x, y: y).red > 200 { light += 1 }
        }
        #expect(light > 100, "white glyphs over navy")
        #expect(canvas.pixel(x: 20 * 2 + 1, y: 320 * 2 + 1) == Self.navy, "no backdrop where the superview has a colour")
    }

    @Test("--compare: the base texts on the left and German on the right, the German title outlined as truncated")
    func compare() throws {
        let directory = try TemporaryDirectory()
        let catalog = try Self.catalog(directory)
        let base = try catalog.sceneLayout(file: "Main.storyboard", scene: "vc1")
        let german = try catalog.sceneLayout(file: "Main.storyboard", scene: "vc1", locale: "de")
        #expect(german.inputHash != base.inputHash)
        #expect(german.labels.first { $0.view == "title" }?.findings == [.truncated])
        let scale = 1.0
        let canvas = try roundTrip(try Renderer(engine: catalog.engine).renderScenes([base, german], captions: ["base", "de"],
                                                                                     scale: scale), "compare")
        let origins = Renderer.ScenePicture.origins([base.size, german.size])
        #expect(canvas.width >= Int(393 * 2 + Renderer.ScenePicture.gap))
        func inked(_ originX: Double) -> Int {
            var count = 0
            for y in 101..<139 {
                for x in Int(originX) + 41..<Int(originX) + 239 where canvas.pixel(x: x, y: y) != Self.yellow { count += 1 }
            }
            return count
        }
        #expect(inked(origins[0]) > 20, "the base title's text on the left")
        #expect(inked(origins[1]) > inked(origins[0]), "the longer German title on the right")
        let band = canvas.pixel(x: Int(origins[1]) + 40 - 1, y: 120)
        #expect(band == SceneColors.outline(.truncated), "a truncated band just outside the German title")
        #expect(canvas.pixel(x: 39, y: 120) == white, "no band on the left")
    }

    @Test("Dark appearance resolves system colours to their dark values")
    func darkAppearance() throws {
        let directory = try TemporaryDirectory()
        let catalog = try Self.catalog(directory)
        let layout = try catalog.sceneLayout(file: "Main.storyboard", scene: "vc1")
        let renderer = try Renderer(engine: catalog.engine)
        let light = try renderer.renderScenes([layout], captions: ["base"], scale: 1, appearance: .light)
        let dark = try renderer.renderScenes([layout], captions: ["base"], scale: 1, appearance: .dark)
        #expect(light.pixel(x: 10, y: 10) == white && dark.pixel(x: 10, y: 10) == Self.black)
        #expect(light.pixel(x: 10, y: 650) == Color(red: 0xF2, green: 0xF2, blue: 0xF7) && dark.pixel(x: 10, y: 650) == Self.black)
        #expect(light.pixel(x: 41, y: 101) == Self.yellow && dark.pixel(x: 41, y: 101) == Self.yellow, "a colour as written stays")
    }

    @Test("System colours: one table, light and dark as documented")
    func systemColors() {
        #expect(SystemColors.color(named: "systemBackgroundColor", appearance: .light) == white)
        #expect(SystemColors.color(named: "secondaryLabelColor", appearance: .dark) == Color(red: 0xEB, green: 0xEB, blue: 0xF5, alpha: 153))
        #expect(SystemColors.color(named: "noSuchColor", appearance: .light) == nil)
    }
}
