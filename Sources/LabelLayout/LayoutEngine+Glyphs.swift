import CHarfBuzz
import CICU

/// Glyphs of one face, positioned in label coordinates: what a renderer draws.
public struct GlyphRun: Sendable {
    public let face: FontFace
    /// Point size.
    public let size: Double
    public var glyphs: [UInt32] = []
    /// Each glyph's origin (on the baseline), in points, label coordinates.
    public var xs: [Double] = []
    public var ys: [Double] = []
}

extension LayoutEngine {
    /// The glyphs of every visible line of a layout, in visual order, placed at the line's
    /// rect and baseline: the faces, glyphs and positions the layout's widths came from.
    /// Each line's text is shaped whole (runs of one face, script and bidi level, reordered
    /// by UAX #9); letter spacing follows each grapheme, and a justified line's extra width is
    /// shared among its spaces.
    public func glyphRuns(for layout: ComputedLayout, of definition: LabelDefinition) throws(LayoutError) -> [[GlyphRun]] {
        let chain = try fonts.chain(for: definition.font)
        let workspace = try checkOutWorkspace()
        defer { checkIn(workspace) }
        return layout.lines.map { line in
            workspace.glyphRuns(line, chain: chain, size: definition.font.size, letterSpacing: definition.letterSpacing)
        }
    }
}

extension LayoutWorkspace {
    func glyphRuns(_ line: LayoutLine, chain: FontChain, size: Double, letterSpacing: Double) -> [GlyphRun] {
        let units = utf16Units(of: line.text)
        return units.withUnsafeBufferPointer { text -> [GlyphRun] in
            let bidi = BidiParagraphs(text)
            var logicalRuns: [(run: Range<Int>, face: FontFace, script: hb_script_t, level: UInt8)] = []
            bidi.levels.withUnsafeBufferPointer { levels in
                itemize(text, levels: bidi.isAllLeftToRight ? nil : levels, chain: chain) { run, face, script, _ in
                    logicalRuns.append((run, face, script, bidi.isAllLeftToRight ? 0 : levels[run.lowerBound]))
                }
            }
            var order = [Int32](repeating: 0, count: logicalRuns.count)
            let runLevels = logicalRuns.map(\.level)
            if !logicalRuns.isEmpty { lc_bidi_reorder(runLevels, Int32(runLevels.count), &order) }

            // Shape every run, then place them left to right.
            var shaped: [GlyphRun] = []
            var natural = 0.0
            var spaces = 0
            for index in order.map(Int.init) {
                let (run, face, script, level) = logicalRuns[index]
                shape(text, run, face: face, script: script, rightToLeft: level & 1 == 1)
                var glyphRun = GlyphRun(face: face, size: size)
                let scale = size / Double(face.unitsPerEm)
                shapedGlyphs { infos, positions in
                    for glyph in infos.indices {
                        glyphRun.glyphs.append(infos[glyph].codepoint)
                        glyphRun.xs.append(natural + Double(positions[glyph].x_offset) * scale)
                        glyphRun.ys.append(-Double(positions[glyph].y_offset) * scale)
                        natural += Double(positions[glyph].x_advance) * scale
                        let cluster = infos[glyph].cluster
                        let nextCluster = glyph + 1 < infos.count ? infos[glyph + 1].cluster : UInt32.max
                        if cluster != nextCluster { natural += letterSpacing }
                        if isSpaceGlyph(glyphRun, glyphRun.glyphs.count - 1) { spaces += 1 }
                    }
                }
                shaped.append(glyphRun)
            }
            let stretch = spaces > 0 && line.rect.width > natural + 1e-6 ? (line.rect.width - natural) / Double(spaces) : 0
            var shift = 0.0
            for runIndex in shaped.indices {
                for glyph in shaped[runIndex].glyphs.indices {
                    shaped[runIndex].xs[glyph] += line.rect.x + shift
                    shaped[runIndex].ys[glyph] += line.baseline
                    if stretch > 0, isSpaceGlyph(shaped[runIndex], glyph) { shift += stretch }
                }
            }
            return shaped
        }
    }

    /// True for the face's glyph of U+0020, where justification adds space.
    private func isSpaceGlyph(_ run: GlyphRun, _ glyph: Int) -> Bool {
        var space: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(run.face.font, 0x20, &space) != 0 && run.glyphs[glyph] == space
    }
}
