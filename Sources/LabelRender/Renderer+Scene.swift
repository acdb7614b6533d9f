import AutoLayout
import CCairo
import LabelCatalog
import LabelModel

/// Colours of what a picture of a scene adds to it.
public enum SceneColors {
    /// The band drawn just outside a label with a finding, by kind: what `check` would report.
    public static func outline(_ kind: FindingKind) -> Color {
        switch kind {
        case .truncated: Color(red: 230, green: 0, blue: 0)
        case .lines: Color(red: 255, green: 110, blue: 0)
        case .clipped: Color(red: 200, green: 0, blue: 200)
        case .shrunk: Color(red: 230, green: 180, blue: 0)
        case .unsatisfiable, .ambiguous: Color(red: 0, green: 110, blue: 255)
        case .error, .tight, .category: Color(red: 120, green: 120, blue: 120)
        }
    }

    /// An image view's placeholder: a fill with its diagonals drawn.
    public static func imagePlaceholder(_ appearance: Appearance) -> (fill: Color, lines: Color) {
        appearance == .light ? (Color(red: 216, green: 216, blue: 220), Color(red: 150, green: 150, blue: 160))
            : (Color(red: 58, green: 58, blue: 60), Color(red: 110, green: 110, blue: 118))
    }

    /// Under the legend.
    public static let gutter = Color(red: 255, green: 255, blue: 255)
    /// Between two scenes of one picture.
    public static let gap = Color(red: 200, green: 200, blue: 206)
}

extension Renderer {
    /// Layout of a picture of scenes, in points.
    public enum ScenePicture {
        /// Between two scenes side by side.
        public static let gap = 16.0
        /// The legend's rows under the scenes: a caption under each scene, then the kinds outlined.
        public static let legendRowHeight = 18.0
        public static let legendPadding = 6.0
        /// The width of one kind in the legend.
        public static let legendItemWidth = 96.0
        /// The width in device pixels of a finding's band (at least 2).
        public static func bandWidth(scale: Double) -> Double { max(2, (scale * 1.5).rounded()) }

        /// Where each scene of a picture of `sizes` starts, in points from its left edge.
        public static func origins(_ sizes: [LayoutSize]) -> [Double] {
            var x = 0.0
            return sizes.map { size in
                defer { x += size.width + gap }
                return x
            }
        }
    }

    /// One scene (`layouts` of one element) or several side by side, base first: each at its
    /// root view's size, every view's frame filled with its background colour (`appearance`
    /// resolving system colours), image views as placeholders, each label's text where the scene
    /// placed it, findings as bands just outside the labels, and a legend under the scenes
    /// captioning each (`captions`) and naming the kinds outlined. Scene `i` starts at
    /// `ScenePicture.origins` × scale, at the top.
    public func renderScenes(_ layouts: [SceneLayout], captions: [String], scale: Double,
                             appearance: Appearance = .light, legend: Bool = true) throws -> Canvas {
        guard !layouts.isEmpty else { throw RenderError("no scene to draw") }
        let sizes = layouts.map(\.size)
        let origins = ScenePicture.origins(sizes)
        let areas = layouts.map(Self.visibleAreas)
        let kinds = Self.outlinedKinds(layouts, areas: areas)
        let scenesWidth = (origins.last ?? 0) + (sizes.last?.width ?? 0)
        let legendWidth = Double(max(1, kinds.count)) * ScenePicture.legendItemWidth + 2 * ScenePicture.legendPadding
        let height = (sizes.map(\.height).max() ?? 0)
        let legendHeight = legend ? 2 * ScenePicture.legendRowHeight + 2 * ScenePicture.legendPadding : 0
        let (canvas, context) = try makeCanvas(width: legend ? max(scenesWidth, legendWidth) : scenesWidth,
                                               height: height + legendHeight, scale: scale, background: SceneColors.gutter)
        for (index, layout) in layouts.enumerated() {
            if index > 0 {
                context.fill(Rect(x: origins[index] - ScenePicture.gap, y: 0, width: ScenePicture.gap, height: height), SceneColors.gap)
            }
            try drawScene(layout, visibleAreas: areas[index], at: (origins[index], 0), scale: scale, appearance: appearance,
                          in: context)
        }
        if legend {
            let top = height + ScenePicture.legendPadding
            for (index, caption) in captions.prefix(layouts.count).enumerated() {
                let picture = try captionPicture(caption, width: max(sizes[index].width - ScenePicture.legendPadding, 40))
                try draw(picture, at: (origins[index] + ScenePicture.legendPadding, top), scale: scale, in: context, debug: false)
            }
            let row = top + ScenePicture.legendRowHeight
            var x = ScenePicture.legendPadding
            if kinds.isEmpty {
                try draw(try captionPicture("no findings", width: ScenePicture.legendItemWidth), at: (x, row), scale: scale,
                         in: context, debug: false)
            }
            for kind in kinds {
                let swatch = Sheet.captionHeight - 6
                let band = ScenePicture.bandWidth(scale: scale)
                let box = Rect(x: x * scale, y: (row + 3) * scale, width: swatch * scale, height: swatch * scale)
                fillBand(around: box.inset(by: EdgeInsets(top: band, left: band, bottom: band, right: band)), width: band,
                         SceneColors.outline(kind), in: context)
                try draw(try captionPicture(kind.rawValue, width: ScenePicture.legendItemWidth - swatch - 4),
                         at: (x + swatch + 4, row), scale: scale, in: context, debug: false)
                x += ScenePicture.legendItemWidth
            }
        }
        try context.check("cannot draw the scene")
        return canvas
    }

    /// The kinds of finding a picture outlines, in `FindingKind`'s order (`areas`: each
    /// layout's `visibleAreas`).
    static func outlinedKinds(_ layouts: [SceneLayout], areas: [[String: LayoutRect]]) -> [FindingKind] {
        let found = Set(zip(layouts, areas).flatMap { layout, areas in
            layout.labels.filter { !$0.isHidden && shows($0, areas) }.flatMap(\.findings)
        })
        return FindingKind.allCases.filter(found.contains)
    }

    /// Where the labels of a scene inside scroll, table or collection views can be seen, by view
    /// id, in the root view's points: the frames of those views, intersected (each shows its
    /// content through its frame, at content offset 0). A label in none of them shows wherever
    /// the root view does, and has no entry.
    static func visibleAreas(_ layout: SceneLayout) -> [String: LayoutRect] {
        var areas: [String: LayoutRect] = [:]
        func visit(_ view: View, area: LayoutRect?) {
            guard let frame = layout.frames[view.id] else { return }
            if view.kind == .label, let area { areas[view.id] = area }
            let inner = view.kind.isScrollView ? area.map { intersection($0, frame) } ?? frame : area
            for subview in view.subviews { visit(subview, area: inner) }
        }
        visit(layout.scene.root, area: nil)
        return areas
    }

    /// Whether any of a label's frame can be seen (`visibleAreas`): one scrolled out of its
    /// scroll view's frame is neither drawn nor outlined.
    static func shows(_ label: SceneLabelLayout, _ areas: [String: LayoutRect]) -> Bool {
        guard let area = areas[label.view] else { return true }
        let seen = intersection(area, label.frameInRoot)
        return seen.width > 0 && seen.height > 0
    }

    private static func intersection(_ a: LayoutRect, _ b: LayoutRect) -> LayoutRect {
        let x = max(a.x, b.x), y = max(a.y, b.y)
        return LayoutRect(x: x, y: y, width: max(0, min(a.x + a.width, b.x + b.width) - x),
                          height: max(0, min(a.y + a.height, b.y + b.height) - y))
    }

    /// Draws one scene with its root view's top left corner at `origin` (points), clipped to
    /// the root view; its labels' finding bands where `visibleAreas` says they can be seen.
    private func drawScene(_ layout: SceneLayout, visibleAreas areas: [String: LayoutRect], at origin: (x: Double, y: Double),
                           scale: Double, appearance: Appearance, in context: DrawingContext) throws {
        let cairo = context.cairo
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        cairo_rectangle(cairo, origin.x, origin.y, layout.size.width, layout.size.height)
        cairo_clip(cairo)
        context.fill(Rect(x: origin.x, y: origin.y, width: layout.size.width, height: layout.size.height),
                     SystemColors.screen(appearance))
        let labels = Dictionary(layout.labels.map { ($0.view, $0) }, uniquingKeysWith: { first, _ in first })

        func visit(_ view: View, coloredBeneath: Bool) throws {
            guard !view.isHidden, let frame = layout.frames[view.id] else { return }
            let rect = Rect(x: origin.x + frame.x, y: origin.y + frame.y, width: frame.width, height: frame.height)
            var colored = coloredBeneath
            if let fill = view.backgroundColor?.resolved(appearance), fill.alpha > 0 {
                context.fill(rect, fill)
                colored = true
            }
            switch view.kind {
            case .imageView:
                drawImagePlaceholder(rect, appearance: appearance, in: context)
            case .label:
                if let label = labels[view.id], let layout = label.layout {
                    var definition = label.definition
                    // A label left black takes the colour IB wrote, a system colour resolved for
                    // the appearance, or UIKit's default labelColor (white in dark appearance).
                    if definition.textColor == Color.black,
                       let written = (view.label?.textColor ?? .system("labelColor")).resolved(appearance) {
                        definition.textColor = written
                    }
                    let backdrop = !colored && appearance == .light
                    try draw(LabelPicture(definition: definition, layout: layout),
                             at: (origin.x + label.frameInRoot.x, origin.y + label.frameInRoot.y), scale: scale, in: context,
                             debug: false, backdrop: backdrop)
                }
            default:
                break
            }
            // A scroll view shows its content through its frame (at content offset 0).
            let clips = view.kind.isScrollView
            if clips {
                cairo_save(cairo)
                cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
                cairo_clip(cairo)
            }
            for subview in view.subviews { try visit(subview, coloredBeneath: colored) }
            if clips { cairo_restore(cairo) }
        }
        try visit(layout.scene.root, coloredBeneath: false)

        // Bands where the label can be seen: clipped to its scroll views, none when it is scrolled out.
        let band = ScenePicture.bandWidth(scale: scale)
        for label in layout.labels where !label.isHidden && !label.findings.isEmpty && Self.shows(label, areas) {
            let frame = label.frameInRoot
            var box = Rect(x: (origin.x + frame.x) * scale, y: (origin.y + frame.y) * scale, width: frame.width * scale,
                           height: frame.height * scale)
            cairo_save(cairo)
            if let area = areas[label.view] {
                cairo_rectangle(cairo, origin.x + area.x, origin.y + area.y, area.width, area.height)
                cairo_clip(cairo)
            }
            for kind in label.findings {
                fillBand(around: box, width: band, SceneColors.outline(kind), in: context)
                box = box.inset(by: EdgeInsets(top: -band, left: -band, bottom: -band, right: -band))
            }
            cairo_restore(cairo)
        }
    }

    /// Fills a band `width` device pixels wide just outside a rectangle given in device pixels
    /// (snapped outward to whole pixels).
    private func fillBand(around rect: Rect, width: Double, _ color: Color, in context: DrawingContext) {
        let cairo = context.cairo
        let left = rect.minX.rounded(.down), top = rect.minY.rounded(.down)
        let right = rect.maxX.rounded(.up), bottom = rect.maxY.rounded(.up)
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        context.setColor(color)
        cairo_rectangle(cairo, left - width, top - width, right - left + 2 * width, bottom - top + 2 * width)
        cairo_rectangle(cairo, left, top, right - left, bottom - top)
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    /// An image view: its frame filled, with its diagonals.
    private func drawImagePlaceholder(_ rect: Rect, appearance: Appearance, in context: DrawingContext) {
        let colors = SceneColors.imagePlaceholder(appearance)
        context.fill(rect, colors.fill)
        let cairo = context.cairo
        cairo_save(cairo)
        cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cairo)
        context.setColor(colors.lines)
        cairo_set_line_width(cairo, 1)
        cairo_move_to(cairo, rect.minX, rect.minY)
        cairo_line_to(cairo, rect.maxX, rect.maxY)
        cairo_move_to(cairo, rect.maxX, rect.minY)
        cairo_line_to(cairo, rect.minX, rect.maxY)
        cairo_stroke(cairo)
        cairo_restore(cairo)
    }
}

extension Canvas {
    /// A copy of the pixels of a rectangle (in pixels, cut to the picture).
    public func cropped(x: Int, y: Int, width: Int, height: Int) throws(RenderError) -> Canvas {
        let left = max(0, min(x, self.width - 1)), top = max(0, min(y, self.height - 1))
        let right = max(left + 1, min(x + width, self.width)), bottom = max(top + 1, min(y + height, self.height))
        let copy = try Canvas(width: right - left, height: bottom - top)
        let context = try DrawingContext(copy)
        cairo_surface_flush(surface)
        cairo_set_operator(context.cairo, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(context.cairo, surface, Double(-left), Double(-top))
        cairo_paint(context.cairo)
        try context.check("cannot crop the picture")
        return copy
    }
}
