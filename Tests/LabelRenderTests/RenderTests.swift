import Foundation
import LabelLayout
import LabelModel
import LabelRender
import Testing

/// One engine for every test (it is thread-safe); each test makes its own `Renderer`.
let engine = LayoutEngine()

/// The seeds' colors: blue text on cyan.
let blue = Color(red: 0, green: 0, blue: 255)
let cyan = Color(red: 0, green: 255, blue: 255)
let white = Color(red: 255, green: 255, blue: 255)

/// A seed-000-like label: Noto Sans CJK SC 17 pt, char-wrapped, left-aligned, blue on cyan.
func seedLabel(_ name: String, frame: Rect, alignment: VerticalAlignment, insets: EdgeInsets = .zero,
               text: String = "看我居上对齐了啊、你看看对不对的啊、看来是对的") -> LabelDefinition {
    var label = LabelDefinition(name: name, frame: frame)
    label.text = text
    label.font = FontSpec(families: ["Noto Sans CJK SC"], size: 17)
    label.textAlignment = .left
    label.lineBreakMode = .charWrap
    label.numberOfLines = 0
    label.verticalAlignment = alignment
    label.contentInsets = insets
    label.textColor = blue
    label.backgroundColor = cyan
    return label
}

/// Writes a canvas as a real PNG file and reads it back: the checks look at what a user gets.
func roundTrip(_ canvas: Canvas, _ name: String) throws -> Canvas {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("labelcat-render-tests-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("\(name).png").path
    try canvas.writePNG(to: path)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG signature")
    return try Canvas(contentsOfPNG: path)
}

/// A rectangle in points, placed at `origin`, as the pixel ranges it covers at `scale`,
/// grown by `grow` pixels on every side.
func pixelRanges(_ rect: Rect, origin: (x: Double, y: Double), scale: Double, grow: Int = 0) -> (xs: Range<Int>, ys: Range<Int>) {
    let x0 = Int(((origin.x + rect.minX) * scale).rounded(.down)) - grow
    let x1 = Int(((origin.x + rect.maxX) * scale).rounded(.up)) + grow
    let y0 = Int(((origin.y + rect.minY) * scale).rounded(.down)) - grow
    let y1 = Int(((origin.y + rect.maxY) * scale).rounded(.up)) + grow
    return (x0..<max(x0, x1), y0..<max(y0, y1))
}

/// What the pixels of one drawn label hold: text-colored pixels inside its text rect, and
/// pixels that are not the background between the text rect and the bounds.
struct LabelPixels {
    var textColoredInTextRect = 0
    var inkInTextRect = 0
    var notBackgroundOutsideTextRect: [(x: Int, y: Int, color: Color)] = []
}

func inspect(_ canvas: Canvas, _ picture: LabelPicture, origin: (x: Double, y: Double), scale: Double) -> LabelPixels {
    let definition = picture.definition
    let bounds = pixelRanges(picture.layout.bounds, origin: origin, scale: scale)
    // One pixel of slack around the text rect for antialiasing at its edges.
    let text = pixelRanges(picture.layout.textRect, origin: origin, scale: scale, grow: 1)
    var result = LabelPixels()
    for y in bounds.ys {
        for x in bounds.xs {
            let color = canvas.pixel(x: x, y: y)
            if text.xs.contains(x), text.ys.contains(y) {
                if color == definition.textColor { result.textColoredInTextRect += 1 }
                if color != definition.backgroundColor { result.inkInTextRect += 1 }
            } else if color != definition.backgroundColor {
                result.notBackgroundOutsideTextRect.append((x, y, color))
            }
        }
    }
    return result
}

@Suite("Rendering labels")
struct RenderTests {
    static let frames = [
        Rect(x: 20, y: 50, width: 350, height: 200),
        Rect(x: 20, y: 275, width: 350, height: 200),
        Rect(x: 20, y: 500, width: 350, height: 200),
    ]
    static let alignments: [VerticalAlignment] = [.top, .middle, .bottom]
    static let insets = EdgeInsets(top: 10, left: 16, bottom: 12, right: 24)

    static func screen(insets: EdgeInsets = .zero) throws -> [LabelPicture] {
        try zip(frames, alignments).map { frame, alignment in
            try LabelPicture(definition: seedLabel("test.\(alignment.rawValue)", frame: frame, alignment: alignment, insets: insets),
                             engine: engine)
        }
    }

    @Test("The screen holds every frame plus the margin, times the scale", arguments: [1.0, 2.0, 3.0])
    func canvasSize(scale: Double) throws {
        let pictures = try Self.screen()
        let canvas = try roundTrip(try Renderer(engine: engine).renderScreen(pictures, scale: scale), "size-\(Int(scale))")
        // maxX = 20 + 350 = 370, maxY = 500 + 200 = 700, plus the 20 pt margin.
        #expect(Renderer.screenSize(of: pictures) == Size(width: 390, height: 720))
        #expect(canvas.width == Int(390 * scale))
        #expect(canvas.height == Int(720 * scale))
    }

    @Test("A 2× picture is twice the size of a 1× one")
    func doubleScale() throws {
        let renderer = try Renderer(engine: engine)
        let pictures = try Self.screen(insets: Self.insets)
        let one = try renderer.renderScreen(pictures, scale: 1)
        let two = try renderer.renderScreen(pictures, scale: 2)
        #expect(two.width == 2 * one.width)
        #expect(two.height == 2 * one.height)
        let label = try renderer.renderLabel(pictures[0], scale: 1)
        let label2 = try renderer.renderLabel(pictures[0], scale: 2)
        #expect((label.width, label.height) == (350, 200))
        #expect((label2.width, label2.height) == (700, 400))
    }

    @Test("Text inside the text rect; only background between it and the bounds",
          arguments: [(false, 1.0), (false, 2.0), (true, 1.0), (true, 3.0)])
    func textStaysInItsRect(withInsets: Bool, scale: Double) throws {
        let pictures = try Self.screen(insets: withInsets ? Self.insets : .zero)
        let canvas = try roundTrip(try Renderer(engine: engine).renderScreen(pictures, scale: scale),
                                   "rects-\(withInsets ? "insets" : "plain")-\(Int(scale))")
        for picture in pictures {
            let frame = picture.definition.frame
            let pixels = inspect(canvas, picture, origin: (frame.x, frame.y), scale: scale)
            let name = picture.definition.name
            #expect(picture.layout.lineCount == 2, "\(name): two lines of text")
            #expect(pixels.textColoredInTextRect > 50, "\(name): text-colored pixels in the text rect")
            #expect(pixels.inkInTextRect > 300, "\(name): glyphs drawn in the text rect")
            #expect(pixels.notBackgroundOutsideTextRect.count == 0,
                    "\(name): \(pixels.notBackgroundOutsideTextRect.count) pixels between text rect and bounds are not the background, first \(pixels.notBackgroundOutsideTextRect.prefix(3).map { "(\($0.x), \($0.y)) \($0.color)" })")
        }
        // Where no label is, the screen is white: the margin and the gaps between labels.
        #expect(canvas.pixel(x: canvas.width - 1, y: canvas.height - 1) == white)
        #expect(canvas.pixel(x: Int(10 * scale), y: Int(10 * scale)) == white)
        #expect(canvas.pixel(x: Int(200 * scale), y: Int(262 * scale)) == white)
    }

    @Test("Top, middle and bottom put the text where the layout says", arguments: [false, true])
    func verticalPlacement(withInsets: Bool) throws {
        let insets = withInsets ? Self.insets : EdgeInsets.zero
        let renderer = try Renderer(engine: engine)
        var firstInkRows: [Int] = []
        for alignment in Self.alignments {
            let picture = try LabelPicture(definition: seedLabel("test.alone", frame: Rect(x: 0, y: 0, width: 350, height: 200),
                                                                 alignment: alignment, insets: insets), engine: engine)
            let canvas = try renderer.renderLabel(picture, scale: 2)
            let pixels = inspect(canvas, picture, origin: (0, 0), scale: 2)
            #expect(pixels.notBackgroundOutsideTextRect.count == 0, "\(alignment): ink outside the text rect")
            #expect(pixels.textColoredInTextRect > 50)
            let inkRow = (0..<canvas.height).first { y in (0..<canvas.width).contains { canvas.pixel(x: $0, y: y) != cyan } }
            firstInkRows.append(try #require(inkRow))
            // The text rect's edges are where the alignment says, in the inner box.
            let inner = picture.layout.bounds.inset(by: insets)
            switch alignment {
            case .top: #expect(picture.layout.textRect.minY == inner.minY)
            case .bottom: #expect(abs(picture.layout.textRect.maxY - inner.maxY) < 1e-9)
            case .middle: #expect(abs(picture.layout.textRect.midY - inner.midY) < 1e-9)
            }
            #expect(picture.layout.textRect.minX == inner.minX)
        }
        // Ink starts lower for middle than for top, and lower again for bottom.
        #expect(firstInkRows[0] < firstInkRows[1] && firstInkRows[1] < firstInkRows[2], "\(firstInkRows)")
    }

    @Test("Debug outlines the bounds, the inset box, the text rect and each baseline")
    func debugOutlines() throws {
        let picture = try LabelPicture(definition: seedLabel("test.debug", frame: Rect(x: 20, y: 20, width: 350, height: 200),
                                                             alignment: .middle, insets: Self.insets), engine: engine)
        let canvas = try Renderer(engine: engine).renderScreen([picture], scale: 2, debug: true)
        func count(_ color: Color) -> Int {
            var found = 0
            for y in 0..<canvas.height { for x in 0..<canvas.width where canvas.pixel(x: x, y: y) == color { found += 1 } }
            return found
        }
        // Bounds: the label's corner pixels (40, 40) and (739, 439).
        #expect(canvas.pixel(x: 40, y: 40) == DebugColors.bounds)
        #expect(canvas.pixel(x: 739, y: 439) == DebugColors.bounds)
        #expect(canvas.pixel(x: 39, y: 39) == white)
        // Inset box: left edge at x = (20 + 16) × 2 = 72 (dashed), top at y = (20 + 10) × 2 = 60.
        #expect((60..<440).contains { canvas.pixel(x: 72, y: $0) == DebugColors.insets })
        // Text rect: its top-left corner.
        let text = picture.layout.textRect
        #expect(canvas.pixel(x: Int(((20 + text.minX) * 2).rounded(.down)), y: Int(((20 + text.minY) * 2).rounded(.down))) == DebugColors.textRect)
        // One baseline per line, each about as long as its line.
        let baselinePixels = count(DebugColors.baseline)
        let lineLengths = picture.layout.lines.map { $0.rect.width * 2 }.reduce(0, +)
        #expect(Double(baselinePixels) > lineLengths * 0.8, "\(baselinePixels) baseline pixels for lines of \(lineLengths) px")
        for line in picture.layout.lines {
            let y = Int(((20 + line.baseline) * 2).rounded(.down))
            #expect((0..<canvas.width).contains { canvas.pixel(x: $0, y: y) == DebugColors.baseline }, "baseline at \(y)")
        }
    }

    @Test("Color emoji draw in color")
    func colorEmoji() throws {
        var label = seedLabel("test.emoji", frame: Rect(x: 0, y: 0, width: 200, height: 60), alignment: .middle, text: "笑😀笑")
        label.font.size = 30
        label.backgroundColor = white
        label.textColor = Color(red: 0, green: 0, blue: 0)
        let picture = try LabelPicture(definition: label, engine: engine)
        let canvas = try roundTrip(try Renderer(engine: engine).renderLabel(picture, scale: 2), "emoji")
        // 😀 is yellow: red and green high, blue low; black text and white paper never are.
        var yellow = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let color = canvas.pixel(x: x, y: y)
                if color.red > 200, color.green > 150, color.blue < 100 { yellow += 1 }
            }
        }
        #expect(yellow > 100, "\(yellow) yellow pixels")
        #expect(inspect(canvas, picture, origin: (0, 0), scale: 2).notBackgroundOutsideTextRect.count == 0)
    }

    @Test("A contact sheet captions each label under it")
    func contactSheet() throws {
        let pictures = try Self.screen()
        let cells = pictures.map { SheetCell(picture: $0, caption: $0.definition.name) }
        let canvas = try roundTrip(try Renderer(engine: engine).renderSheet(cells, scale: 1, columns: 2), "sheet")
        let padding = Renderer.Sheet.padding
        let rowHeight = 200 + Renderer.Sheet.captionGap + Renderer.Sheet.captionHeight
        #expect(canvas.width == Int(padding + 2 * (350 + padding)))
        #expect(canvas.height == Int(padding + 2 * (rowHeight + padding)))
        let origins = [(padding, padding), (padding + 350 + padding, padding), (padding, padding + rowHeight + padding)]
        for (picture, origin) in zip(pictures, origins) {
            let pixels = inspect(canvas, picture, origin: origin, scale: 1)
            #expect(pixels.notBackgroundOutsideTextRect.count == 0)
            #expect(pixels.textColoredInTextRect > 20)
            // The caption: dark gray glyphs under the label.
            let captionTop = Int(origin.1 + 200 + Renderer.Sheet.captionGap)
            var captionInk = 0
            for y in captionTop..<captionTop + Int(Renderer.Sheet.captionHeight) {
                for x in Int(origin.0)..<Int(origin.0 + 350) where canvas.pixel(x: x, y: y) != white { captionInk += 1 }
            }
            #expect(captionInk > 30, "caption of \(picture.definition.name)")
        }
    }

    @Test("Light text without a background is drawn on a dark backdrop; on its own background as it is; dark text on white")
    func lightTextIsReadable() throws {
        func picture(text: Color, background: Color) throws -> Canvas {
            var label = seedLabel("test.light", frame: Rect(x: 0, y: 0, width: 120, height: 30), alignment: .middle, text: "看看")
            label.textColor = text
            label.backgroundColor = background
            return try roundTrip(try Renderer(engine: engine).renderScreen([try LabelPicture(definition: label, engine: engine)], scale: 1),
                                 "light")
        }
        let whiteOnNothing = try picture(text: white, background: .clear)
        #expect(whiteOnNothing.pixel(x: 1, y: 1) == Renderer.backdrop, "the label's bounds are dark")
        #expect(whiteOnNothing.pixel(x: 125, y: 35) == white, "the screen around it is not")
        #expect((0..<120).contains { x in (0..<30).contains { whiteOnNothing.pixel(x: x, y: $0) == white } }, "the text shows")
        let lightGray = Color(red: 190, green: 194, blue: 203)
        #expect(Renderer.needsBackdrop(lightGray) && Renderer.needsBackdrop(Color(red: 255, green: 255, blue: 255, alpha: 200)))
        #expect(!Renderer.needsBackdrop(.black) && !Renderer.needsBackdrop(Color(red: 0, green: 0, blue: 0, alpha: 128)))
        #expect(try picture(text: white, background: blue).pixel(x: 1, y: 1) == blue, "its own background, as the app draws it")
        #expect(try picture(text: .black, background: .clear).pixel(x: 1, y: 1) == white)
    }

    @Test("A label that cannot be laid out has a stand-in: a light red box of its frame saying so")
    func failurePicture() throws {
        let renderer = try Renderer(engine: engine)
        let marker = try renderer.failurePicture(name: "broken", frame: Rect(x: 10, y: 20, width: 150, height: 0))
        #expect(marker.definition.frame == Rect(x: 10, y: 20, width: 150, height: 20))
        #expect(marker.layout.lines.first?.text.hasPrefix("✕ cannot be") == true)
        let canvas = try renderer.renderScreen([marker], scale: 1)
        #expect(canvas.pixel(x: 11, y: 21) == Renderer.FailureColors.background)
    }

    @Test("PNG files read back as written")
    func pngRoundTrip() throws {
        let picture = try Self.screen()[0]
        let canvas = try Renderer(engine: engine).renderLabel(picture, scale: 1)
        let read = try roundTrip(canvas, "roundtrip")
        #expect((read.width, read.height) == (canvas.width, canvas.height))
        for (x, y) in [(0, 0), (5, 5), (349, 199), (100, 10), (17, 12)] {
            #expect(read.pixel(x: x, y: y) == canvas.pixel(x: x, y: y))
        }
        #expect(throws: RenderError.self) { try Canvas(contentsOfPNG: "/nonexistent/file.png") }
        #expect(throws: RenderError.self) { try canvas.writePNG(to: "/nonexistent/dir/file.png") }
    }
}

extension Rect {
    var midY: Double { y + height / 2 }
}
