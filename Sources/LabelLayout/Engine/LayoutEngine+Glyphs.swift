import CHarfBuzz
import CICU
import LabelModel

/// Glyphs of one face, positioned in label coordinates: what a renderer draws.
public struct GlyphRun: Sendable {
    public let face: FontFace
    /// Point size.
    public let size: Double
    public var glyphs: [UInt32] = []
    /// Each glyph's origin (on the baseline), in points, label coordinates.
    public var xs: [Double] = []
    public var ys: [Double] = []
    /// How far each glyph moves the pen, in points: its advance, the letter spacing (and the
    /// system font's tracking, and a tightened line's negative spacing) after it, and a
    /// justified line's extra space. A line's advances add up to its rect's width.
    public var advances: [Double] = []
}

extension LayoutEngine {
    /// The glyphs of every visible line of a layout, in visual order, placed at the line's
    /// rect and baseline: exactly the glyphs and advances the layout's widths were measured
    /// from (runs shaped whole, the pieces at a line's ends re-shaped where a cut falls inside
    /// a run, kerning at chunk boundaries), reordered by UAX #9. Letter spacing follows each
    /// grapheme, and a justified line's extra width is shared among its spaces.
    public func glyphRuns(for layout: ComputedLayout, of definition: LabelDefinition) throws(LayoutError) -> [[GlyphRun]] {
        let workspace = try checkOutWorkspace()
        defer { checkIn(workspace) }
        let prepared = try workspace.prepare(definition, text: TextKey(locale: layout.locale, variant: layout.variant))
        let lines = workspace.layout(prepared, category: layout.contentSizeCategory).lines
        let size = layout.font.size
        let token = workspace.shapeToken(definition.truncationToken, chain: prepared.chain, language: prepared.language, size: size)
        let setting = TextSetting(size: size, letterSpacing: definition.letterSpacing, tracked: prepared.chain.trackedFace != nil)
        return zip(layout.lines, lines).map { placed, line in
            token.withUnsafeBufferPointer { token in
                workspace.glyphRuns(line, at: placed, token: token,
                                    paragraphLevel: prepared.bidi.isRightToLeft(at: line.range.lowerBound) ? 1 : 0, setting: setting)
            }
        }
    }
}

/// Glyphs of one stretch of a line in one run, in the run's visual order.
private struct GlyphPiece {
    let run: ShapingRun
    var glyphs: [ShapedGlyph]
    /// Graphemes that end within each glyph's cluster, counted on the cluster's last glyph
    /// in visual order (where letter spacing goes).
    var graphemesAfter: [Int]
}

extension LayoutWorkspace {
    /// The glyph runs of one line (`layoutLines` must have just shaped its text and token).
    fileprivate func glyphRuns(_ line: PlacedLine, at placed: LayoutLine, token: UnsafeBufferPointer<UInt16>,
                               paragraphLevel: UInt8, setting: TextSetting) -> [GlyphRun] {
        let size = setting.size
        let text = UnsafeBufferPointer(start: textBuffer.base, count: textBuffer.count)
        var pieces: [GlyphPiece] = []
        var levels: [UInt8] = []
        func add(_ stretch: Range<Int>, of shaped: ShapedText, _ text: UnsafeBufferPointer<UInt16>, level: UInt8?) {
            let before = pieces.count
            appendGlyphs(shaped, text, from: stretch.lowerBound, to: stretch.upperBound, into: &pieces)
            levels += pieces[before...].map { level ?? $0.run.level }
        }
        add(line.before, of: shaped, text, level: nil)
        if line.hasToken, shapedToken.edgeCount > 1 {
            add(0..<(shapedToken.edgeCount - 1), of: shapedToken, token, level: paragraphLevel)
        }
        add(line.after, of: shaped, text, level: nil)

        var order = [Int32](repeating: 0, count: pieces.count)
        if !pieces.isEmpty { lc_bidi_reorder(levels, Int32(levels.count), &order) }
        var runs: [GlyphRun] = []
        var natural = 0.0
        var spaces = 0
        for index in order.map(Int.init) {
            let piece = pieces[index]
            var run = GlyphRun(face: piece.run.face, size: size)
            let scale = size / Double(piece.run.face.unitsPerEm)
            let spacing = setting.letterSpacing + line.tightening + (piece.run.isTracked ? setting.tracking : 0)
            var space: hb_codepoint_t = 0
            let hasSpace = hb_font_get_nominal_glyph(piece.run.face.font, 0x20, &space) != 0
            for (glyph, shapedGlyph) in piece.glyphs.enumerated() {
                let advance = Double(shapedGlyph.advance) * scale + Double(piece.graphemesAfter[glyph]) * spacing
                run.glyphs.append(shapedGlyph.id)
                run.xs.append(natural + Double(shapedGlyph.xOffset) * scale)
                run.ys.append(-Double(shapedGlyph.yOffset) * scale)
                run.advances.append(advance)
                natural += advance
                if hasSpace, shapedGlyph.id == space { spaces += 1 }
            }
            runs.append(run)
        }
        let stretch = spaces > 0 && placed.rect.width > natural + 1e-6 ? (placed.rect.width - natural) / Double(spaces) : 0
        var shift = 0.0
        for runIndex in runs.indices {
            var space: hb_codepoint_t = 0
            let hasSpace = hb_font_get_nominal_glyph(runs[runIndex].face.font, 0x20, &space) != 0
            for glyph in runs[runIndex].glyphs.indices {
                runs[runIndex].xs[glyph] += placed.rect.x + shift
                runs[runIndex].ys[glyph] += placed.baseline
                if stretch > 0, hasSpace, runs[runIndex].glyphs[glyph] == space {
                    shift += stretch
                    runs[runIndex].advances[glyph] += stretch
                }
            }
        }
        return runs
    }

    /// The glyphs of edges `i` to `j` of a shaped text as one line shows them, in logical
    /// order of pieces: the same decomposition as `lineAdvance`.
    private func appendGlyphs(_ shaped: ShapedText, _ text: UnsafeBufferPointer<UInt16>, from i: Int, to j: Int,
                              into pieces: inout [GlyphPiece]) {
        guard j > i else { return }
        var safeStart = i
        while safeStart < j, !shaped.has(safeStart, ShapedText.safe) { safeStart += 1 }
        guard shaped.has(safeStart, ShapedText.safe) else {
            pieces.append(reshaped(shaped, text, i, j))
            return
        }
        var safeEnd = j
        while safeEnd > safeStart, !shaped.has(safeEnd, ShapedText.safe) { safeEnd -= 1 }
        if safeStart > i {
            var piece = reshaped(shaped, text, i, safeStart)
            kern(&piece, by: shaped.kerning(at: safeStart))
            pieces.append(piece)
        }
        // The runs' own shaping, chunk by chunk.
        var chunkStart = safeStart
        while chunkStart > 0, !shaped.has(chunkStart, ShapedText.chunkStart) { chunkStart -= 1 }
        var from = safeStart
        while from < safeEnd {
            var chunkEnd = from + 1
            while chunkEnd < shaped.edgeCount - 1, !shaped.has(chunkEnd, ShapedText.chunkStart) { chunkEnd += 1 }
            let to = min(chunkEnd, safeEnd)
            var piece = chunkGlyphs(shaped, text, chunk: chunkStart..<chunkEnd, shown: from..<to)
            if to < safeEnd { kern(&piece, by: shaped.kerning(at: to)) }
            pieces.append(piece)
            chunkStart = chunkEnd
            from = to
        }
        if safeEnd < j { pieces.append(reshaped(shaped, text, safeEnd, j)) }
    }

    /// Adds a boundary's kerning to the last glyph of a piece (left-to-right runs only have any).
    private func kern(_ piece: inout GlyphPiece, by kerning: Double) {
        guard kerning != 0, !piece.glyphs.isEmpty else { return }
        piece.glyphs[piece.glyphs.count - 1].advance += Int32((kerning * Double(piece.run.face.unitsPerEm)).rounded())
    }

    /// The glyphs of the text between two edges of one run, shaped alone.
    private func reshaped(_ shaped: ShapedText, _ text: UnsafeBufferPointer<UInt16>, _ i: Int, _ j: Int) -> GlyphPiece {
        let run = shaped.run(endingAt: j)
        let start = shaped.offset(i)
        let glyphs = self.glyphs(of: UnsafeBufferPointer(rebasing: text[run.start..<run.end]),
                                 (start - run.start)..<(shaped.offset(j) - run.start), run: run)
        return piece(glyphs, run: run, start: start, shaped: shaped, edges: i..<j)
    }

    /// The glyphs of edges `shown` of a chunk, cut from the chunk shaped whole.
    private func chunkGlyphs(_ shaped: ShapedText, _ text: UnsafeBufferPointer<UInt16>, chunk: Range<Int>,
                             shown: Range<Int>) -> GlyphPiece {
        let run = shaped.run(endingAt: chunk.upperBound)
        let start = shaped.offset(chunk.lowerBound)
        let low = UInt32(shaped.offset(shown.lowerBound) - start)
        let high = UInt32(shaped.offset(shown.upperBound) - start)
        let glyphs = self.glyphs(of: text, start..<shaped.offset(chunk.upperBound), run: run, context: false)
            .filter { $0.cluster >= low && $0.cluster < high }
        return piece(glyphs, run: run, start: start, shaped: shaped, edges: shown)
    }

    /// A piece with its clusters made absolute and its graphemes counted per cluster.
    private func piece(_ glyphs: [ShapedGlyph], run: ShapingRun, start: Int, shaped: ShapedText, edges: Range<Int>) -> GlyphPiece {
        var glyphs = glyphs
        for index in glyphs.indices { glyphs[index].cluster += UInt32(start) }
        let clusterStarts = Array(Set(glyphs.map(\.cluster))).sorted()
        var graphemesAfter = [Int](repeating: 0, count: glyphs.count)
        let end = shaped.offset(edges.upperBound)
        for (index, cluster) in clusterStarts.enumerated() {
            let clusterEnd = index + 1 < clusterStarts.count ? Int(clusterStarts[index + 1]) : end
            let ending = (edges.lowerBound + 1...edges.upperBound).filter {
                shaped.offset($0) > Int(cluster) && shaped.offset($0) <= clusterEnd
            }.count
            // The cluster's last glyph in visual order.
            if let last = glyphs.indices.last(where: { glyphs[$0].cluster == cluster }) {
                graphemesAfter[last] = ending
            }
        }
        return GlyphPiece(run: run, glyphs: glyphs, graphemesAfter: graphemesAfter)
    }
}
