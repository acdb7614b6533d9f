import CCairo
import LabelLayout
#if canImport(Glibc)
import Glibc
import LabelModel
#endif

/// A label and its computed layout: what a picture shows. The definition gives the frame and
/// the colors; the layout, where the text goes.
public struct LabelPicture: Sendable {
    public var definition: LabelDefinition
    public var layout: ComputedLayout

    public init(definition: LabelDefinition, layout: ComputedLayout) {
        self.definition = definition
        self.layout = layout
    }

    /// Lays the label out for a locale ("" = its base text).
    public init(definition: LabelDefinition, locale: String = "", engine: LayoutEngine) throws(LayoutError) {
        self.init(definition: definition, layout: try engine.layout(definition, locale: locale))
    }
}

/// One cell of a contact sheet: a label and the caption written under it.
public struct SheetCell: Sendable {
    public var picture: LabelPicture
    public var caption: String

    public init(picture: LabelPicture, caption: String) {
        self.picture = picture
        self.caption = caption
    }
}

/// Colors of the `debug` outlines.
public enum DebugColors {
    /// The label's bounds: solid black.
    public static let bounds = Color(red: 0, green: 0, blue: 0)
    /// The inner box (bounds inset by `contentInsets`), when there are insets: dashed green.
    public static let insets = Color(red: 0, green: 170, blue: 0)
    /// The text rect: magenta.
    public static let textRect = Color(red: 255, green: 0, blue: 255)
    /// Each visible line's baseline, over the line's width: orange.
    public static let baseline = Color(red: 255, green: 140, blue: 0)
}

/// Draws labels with cairo: each label's background over its bounds (a dark `backdrop` for a
/// label without one whose text is too light to read on white), and its text in its text
/// color with the very fonts, glyphs and positions the layout engine computed
/// (`LayoutEngine.glyphRuns`): there is no second layout engine. Fonts are opened with
/// FreeType from the engine's face files and drawn through cairo-ft, color emoji included.
///
/// ```swift
/// let engine = LayoutEngine()
/// let renderer = try Renderer(engine: engine)
/// let picture = try LabelPicture(definition: label, engine: engine)
/// try renderer.renderScreen([picture], scale: 2).writePNG(to: "screen.png")
/// ```
///
/// A renderer caches the faces it opened; use one renderer from one thread at a time.
public final class Renderer {
    public let engine: LayoutEngine
    /// The white space right and below the last label of a screen, in points.
    public static let screenMargin = 20.0
    public static let white = Color(red: 255, green: 255, blue: 255)
    /// The version of how pictures are drawn: raise it when the same layout comes out
    /// different, so that pictures kept from an earlier report (named by what they show) are
    /// drawn again.
    public static let pictureVersion = 1

    private let library: FreeTypeLibrary
    private let options: FontOptions
    /// cairo font faces by font file and face index.
    private var fontFaces: [String: CairoFontFace] = [:]

    public init(engine: LayoutEngine) throws(RenderError) {
        self.engine = engine
        library = try FreeTypeLibrary()
        options = try FontOptions()
    }

    // MARK: - Pictures

    /// One label alone: a canvas of its bounds × scale, `background` under the label's own
    /// background color.
    public func renderLabel(_ picture: LabelPicture, scale: Double = 1, debug: Bool = false,
                            background: Color = Renderer.white) throws -> Canvas {
        let bounds = picture.layout.bounds
        let (canvas, context) = try makeCanvas(width: bounds.width, height: bounds.height, scale: scale, background: background)
        try draw(picture, at: (0, 0), scale: scale, in: context, debug: debug)
        try context.check("cannot draw \(picture.definition.name)")
        return canvas
    }

    /// The size in points of a screen holding labels at their frames: from (0, 0) to the
    /// largest frame `maxX` and `maxY`, plus `screenMargin`.
    public static func screenSize(of pictures: [LabelPicture]) -> Size {
        Size(width: (pictures.map(\.definition.frame.maxX).max() ?? 0) + screenMargin,
             height: (pictures.map(\.definition.frame.maxY).max() ?? 0) + screenMargin)
    }

    /// Labels at their frames on one white screen (`screenSize`), drawn in order (later ones
    /// on top), at `scale` pixels per point.
    public func renderScreen(_ pictures: [LabelPicture], scale: Double = 1, debug: Bool = false) throws -> Canvas {
        guard !pictures.isEmpty else { throw RenderError("no labels to draw") }
        let size = Self.screenSize(of: pictures)
        let (canvas, context) = try makeCanvas(width: size.width, height: size.height, scale: scale, background: Self.white)
        for picture in pictures {
            let frame = picture.definition.frame
            try draw(picture, at: (frame.x, frame.y), scale: scale, in: context, debug: debug)
        }
        try context.check("cannot draw the screen")
        return canvas
    }

    /// Layout of a contact sheet, in points.
    public enum Sheet {
        /// Around and between cells.
        public static let padding = 16.0
        /// Between a label and its caption.
        public static let captionGap = 4.0
        public static let captionFont = FontSpec(families: ["DejaVu Sans"], size: 11)
        public static let captionHeight = 16.0
        public static let captionColor = Color(red: 68, green: 68, blue: 68)
        /// A light outline just outside each label's bounds, so clear labels show their extent.
        public static let outlineColor = Color(red: 210, green: 210, blue: 210)
        /// The narrowest cell, so short labels still have room for their names.
        public static let minimumCellWidth = 160.0
    }

    /// Labels in a grid (row by row, `columns` wide, by default about square: see
    /// `squareColumns`), each with its caption under it, laid out and drawn by the engine like
    /// any label.
    public func renderSheet(_ cells: [SheetCell], scale: Double = 1, debug: Bool = false, columns: Int? = nil) throws -> Canvas {
        guard !cells.isEmpty else { throw RenderError("no labels to draw") }
        let sizes = cells.map { Size(width: $0.picture.layout.bounds.width, height: $0.picture.layout.bounds.height) }
        let columns = max(1, min(cells.count, columns ?? Self.squareColumns(sizes)))
        let cellWidth = Self.sheetCellWidth(sizes)
        let rowHeights = Self.sheetRowHeights(sizes, columns: columns)
        let size = Self.sheetSize(sizes, columns: columns)
        let (canvas, context) = try makeCanvas(width: size.width, height: size.height, scale: scale, background: Self.white)
        var y = Sheet.padding
        for (row, rowHeight) in rowHeights.enumerated() {
            var x = Sheet.padding
            for cell in cells[(row * columns)..<min((row + 1) * columns, cells.count)] {
                let bounds = cell.picture.layout.bounds
                strokeDeviceRect(Rect(x: x * scale - 1, y: y * scale - 1, width: bounds.width * scale + 2, height: bounds.height * scale + 2),
                                 Sheet.outlineColor, in: context)
                try draw(cell.picture, at: (x, y), scale: scale, in: context, debug: debug)
                let caption = try captionPicture(cell.caption, width: cellWidth)
                try draw(caption, at: (x, y + bounds.height + Sheet.captionGap), scale: scale, in: context, debug: false)
                x += cellWidth + Sheet.padding
            }
            y += rowHeight + Sheet.padding
        }
        try context.check("cannot draw the sheet")
        return canvas
    }

    /// The width of every cell of a sheet: the widest label, and room for a caption.
    static func sheetCellWidth(_ sizes: [Size]) -> Double {
        max(Sheet.minimumCellWidth, sizes.map(\.width).max() ?? 0)
    }

    /// Each row's height: its tallest label and the caption under it.
    static func sheetRowHeights(_ sizes: [Size], columns: Int) -> [Double] {
        stride(from: 0, to: sizes.count, by: columns).map { start in
            sizes[start..<min(start + columns, sizes.count)].map(\.height).max()! + Sheet.captionGap + Sheet.captionHeight
        }
    }

    /// The size in points of a sheet of labels of these sizes, `columns` wide.
    public static func sheetSize(_ sizes: [Size], columns: Int) -> Size {
        let columns = max(1, min(sizes.count, columns))
        return Size(width: Sheet.padding + Double(columns) * (sheetCellWidth(sizes) + Sheet.padding),
                    height: Sheet.padding + sheetRowHeights(sizes, columns: columns).reduce(0) { $0 + $1 + Sheet.padding })
    }

    /// The number of columns that makes a sheet of labels of these sizes closest to square:
    /// the sheet's width over its height nearest 1 (a ratio of 2 counts as far as one of ½).
    /// Only column counts near the one an even grid would take are tried.
    public static func squareColumns(_ sizes: [Size]) -> Int {
        guard sizes.count > 1 else { return 1 }
        let cellWidth = sheetCellWidth(sizes) + Sheet.padding
        let rowHeight = sizes.map(\.height).reduce(0, +) / Double(sizes.count) + Sheet.captionGap + Sheet.captionHeight + Sheet.padding
        // c columns of cellWidth against n / c rows of rowHeight are square at c² = n · rowHeight / cellWidth.
        let even = (Double(sizes.count) * rowHeight / cellWidth).squareRoot()
        let candidates = max(1, Int(even / 2))...max(1, min(sizes.count, Int(even * 2) + 2))
        let distances = candidates.map { columns in
            let size = sheetSize(sizes, columns: columns)
            return (columns, abs(log(size.width / size.height)))
        }
        return distances.min { $0.1 < $1.1 }?.0 ?? 1
    }

    /// A one-line caption label, its middle truncated when too long.
    func captionPicture(_ text: String, width: Double) throws -> LabelPicture {
        var caption = LabelDefinition(name: "labelcat.caption", frame: Rect(x: 0, y: 0, width: width, height: Sheet.captionHeight))
        caption.text = text
        caption.font = Sheet.captionFont
        caption.numberOfLines = 1
        caption.lineBreakMode = .truncateMiddle
        caption.textAlignment = .left
        caption.verticalAlignment = .top
        caption.textColor = Sheet.captionColor
        return try LabelPicture(definition: caption, engine: engine)
    }

    /// Colors of the box standing in for a label that cannot be laid out.
    public enum FailureColors {
        public static let background = Color(red: 255, green: 222, blue: 222)
        public static let text = Color(red: 170, green: 0, blue: 0)
    }

    /// A picture standing in for a label that cannot be laid out (its font is missing, a token
    /// is broken): a light red box of its frame's size (20 pt tall when it has no height)
    /// saying so, drawn where the label would be, so a screen or sheet still shows every label.
    public func failurePicture(name: String, frame: Rect) throws -> LabelPicture {
        var marker = LabelDefinition(name: name, frame: Rect(x: frame.x, y: frame.y, width: max(frame.width, 20),
                                                            height: frame.height > 0 ? frame.height : 20))
        marker.text = "✕ cannot be laid out"
        marker.font = Sheet.captionFont
        marker.numberOfLines = 0
        marker.lineBreakMode = .truncateTail
        marker.textAlignment = .left
        marker.verticalAlignment = .middle
        marker.contentInsets = EdgeInsets(top: 0, left: 2, bottom: 0, right: 2)
        marker.backgroundColor = FailureColors.background
        marker.textColor = FailureColors.text
        return try LabelPicture(definition: marker, engine: engine)
    }

    // MARK: - Drawing

    /// A canvas of `width × height` points at `scale`, filled with `background`, and a
    /// context drawing on it in points.
    func makeCanvas(width: Double, height: Double, scale: Double, background: Color) throws -> (Canvas, DrawingContext) {
        guard scale.isFinite, scale > 0 else { throw RenderError("the scale must be a positive number, got \(scale)") }
        let canvas = try Canvas(width: Self.pixels(width, scale: scale), height: Self.pixels(height, scale: scale))
        let context = try DrawingContext(canvas)
        cairo_scale(context.cairo, scale, scale)
        if background.alpha > 0 {
            cairo_set_operator(context.cairo, CAIRO_OPERATOR_SOURCE)
            context.fill(Rect(x: 0, y: 0, width: width, height: height), background)
            cairo_set_operator(context.cairo, CAIRO_OPERATOR_OVER)
        }
        cairo_set_font_options(context.cairo, options.handle)
        return (canvas, context)
    }

    /// What a label with no background of its own is drawn on when its text is too light to
    /// read on white (white text meant for a dark or colored view behind it): a dark gray, as
    /// iOS's dark elevated background.
    public static let backdrop = Color(red: 0x2C, green: 0x2C, blue: 0x2E)

    /// True when a text color, laid over white, is lighter than a contrast of 3:1 against it
    /// (WCAG's least for large text), so a picture on white would hide it.
    public static func needsBackdrop(_ text: Color) -> Bool {
        func linear(_ component: UInt8) -> Double {
            let alpha = Double(text.alpha) / 255
            let value = (Double(component) / 255) * alpha + (1 - alpha)
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(text.red) + 0.7152 * linear(text.green) + 0.0722 * linear(text.blue)
        return 1.05 / (luminance + 0.05) < 3
    }

    /// Points to whole pixels, rounded up (a value a hair over a whole pixel stays on it).
    /// A size too large for an `Int` comes out as `Int.max` (never a trap converting it), which
    /// no canvas takes.
    static func pixels(_ points: Double, scale: Double) -> Int {
        guard points.isFinite, points > 0 else { return 0 }
        let pixels = (points * scale - 1e-6).rounded(.up)
        return pixels < 9e18 ? Int(pixels) : Int.max
    }

    /// Draws a label with its bounds' origin at `origin` (points): its background over its
    /// bounds, then its text clipped to its bounds (as a `UILabel` draws into its own layer),
    /// then the debug outlines. Without `backdrop`, a label with no background of its own is
    /// drawn on whatever is under it (a scene's views).
    func draw(_ picture: LabelPicture, at origin: (x: Double, y: Double), scale: Double,
              in context: DrawingContext, debug: Bool, backdrop: Bool = true) throws {
        let cairo = context.cairo
        let definition = picture.definition
        let bounds = picture.layout.bounds
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        cairo_translate(cairo, origin.x, origin.y)
        if definition.backgroundColor.alpha > 0 {
            context.fill(bounds, definition.backgroundColor)
        } else if backdrop, Self.needsBackdrop(definition.textColor) {
            context.fill(bounds, Self.backdrop)
        }
        cairo_save(cairo)
        cairo_rectangle(cairo, bounds.x, bounds.y, bounds.width, bounds.height)
        cairo_clip(cairo)
        try drawText(picture, in: context)
        cairo_restore(cairo)
        if debug { drawDebug(picture, at: origin, scale: scale, in: context) }
    }

    /// The engine's glyph runs of every visible line, each run in its own face and size.
    private func drawText(_ picture: LabelPicture, in context: DrawingContext) throws {
        let cairo = context.cairo
        let lines = try engine.glyphRuns(for: picture.layout, of: picture.definition)
        context.setColor(picture.definition.textColor)
        var glyphs: [cairo_glyph_t] = []
        for line in lines {
            for run in line where !run.glyphs.isEmpty {
                let face = try fontFace(for: run.face)
                cairo_set_font_face(cairo, face.handle)
                cairo_set_font_size(cairo, run.size)
                glyphs.removeAll(keepingCapacity: true)
                for index in run.glyphs.indices {
                    glyphs.append(cairo_glyph_t(index: UInt(run.glyphs[index]), x: run.xs[index], y: run.ys[index]))
                }
                cairo_show_glyphs(cairo, &glyphs, Int32(glyphs.count))
            }
        }
        try context.check("cannot draw the text of \(picture.definition.name)")
    }

    /// The cairo face of an engine face, opened once per renderer.
    private func fontFace(for face: FontFace) throws(RenderError) -> CairoFontFace {
        let key = "\(face.index)#\(face.path)"
        if let cached = fontFaces[key] { return cached }
        let opened = try CairoFontFace(FreeTypeFace(library: library, path: face.path, index: face.index))
        fontFaces[key] = opened
        return opened
    }

    /// Outlines, one device pixel wide on whole pixels: bounds, inner box (when inset), text
    /// rect, and each line's baseline.
    private func drawDebug(_ picture: LabelPicture, at origin: (x: Double, y: Double), scale: Double, in context: DrawingContext) {
        func device(_ rect: Rect) -> Rect {
            Rect(x: (origin.x + rect.x) * scale, y: (origin.y + rect.y) * scale, width: rect.width * scale, height: rect.height * scale)
        }
        let layout = picture.layout
        strokeDeviceRect(device(layout.bounds), DebugColors.bounds, in: context)
        if picture.definition.contentInsets != .zero {
            strokeDeviceRect(device(layout.bounds.inset(by: picture.definition.contentInsets)), DebugColors.insets, dashed: true, in: context)
        }
        strokeDeviceRect(device(layout.textRect), DebugColors.textRect, in: context)
        let cairo = context.cairo
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_set_line_width(cairo, 1)
        context.setColor(DebugColors.baseline)
        for line in layout.lines {
            let y = ((origin.y + line.baseline) * scale).rounded(.down) + 0.5
            cairo_move_to(cairo, ((origin.x + line.rect.minX) * scale).rounded(.down), y)
            cairo_line_to(cairo, ((origin.x + line.rect.maxX) * scale).rounded(.up), y)
        }
        cairo_stroke(cairo)
        cairo_restore(cairo)
    }

    /// Strokes the pixels just inside a rectangle given in device pixels.
    private func strokeDeviceRect(_ rect: Rect, _ color: Color, dashed: Bool = false, in context: DrawingContext) {
        let cairo = context.cairo
        let left = rect.minX.rounded(.down) + 0.5, top = rect.minY.rounded(.down) + 0.5
        let right = max(left, rect.maxX.rounded(.up) - 0.5), bottom = max(top, rect.maxY.rounded(.up) - 0.5)
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_set_line_width(cairo, 1)
        if dashed {
            var dashes = [4.0, 3.0]
            cairo_set_dash(cairo, &dashes, 2, 0)
        }
        context.setColor(color)
        cairo_rectangle(cairo, left, top, right - left, bottom - top)
        cairo_stroke(cairo)
        cairo_restore(cairo)
    }
}
