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
    /// by UAX #9), every piece of the label's text in the context it was measured in (a word
    /// cut by a line break or by truncation keeps its letters' joined forms); letter spacing
    /// follows each grapheme, and a justified line's extra width is shared among its spaces.
    public func glyphRuns(for layout: ComputedLayout, of definition: LabelDefinition) throws(LayoutError) -> [[GlyphRun]] {
        let chain = try fonts.chain(for: definition.font)
        let workspace = try checkOutWorkspace()
        defer { checkIn(workspace) }
        let source = utf16Units(of: definition.text(for: layout.locale))
        let token = utf16Units(of: definition.truncationToken)
        return layout.lines.map { line in
            workspace.glyphRuns(line, source: source, token: token, chain: chain, size: definition.font.size,
                                letterSpacing: definition.letterSpacing, justified: definition.textAlignment == .justified)
        }
    }
}

/// Where the text a line shows comes from in the label's text: a line shows
/// `prefix + token + suffix`, where the prefix and the suffix are stretches of the label's
/// text (a line that is not truncated is all prefix) and the token is the truncation token.
struct LineSource {
    /// The prefix's and the suffix's code units in the line's text.
    var prefix: Range<Int>
    var suffix: Range<Int>
    /// Where the prefix and the suffix start in the label's text.
    var prefixStart: Int
    var suffixStart: Int

    /// Finds the pieces of `line` in `source[range]` (white space and line separators at
    /// either end of the range may be left out); nil when the line is not made that way.
    init?(line: UnsafeBufferPointer<UInt16>, source: UnsafeBufferPointer<UInt16>, range: Range<Int>, token: [UInt16]) {
        guard range.lowerBound >= 0, range.upperBound <= source.count else { return nil }
        func matches(_ piece: Range<Int>, at start: Int) -> Bool {
            start >= range.lowerBound && start + piece.count <= range.upperBound
                && piece.indices.allSatisfy { line[$0] == source[start + $0 - piece.lowerBound] }
        }
        func skippable(_ unit: UInt16) -> Bool { isHangingWhitespace(unit) || isLineSeparator(unit) }
        /// The first place at the range's start (after skippable units) where `piece` is.
        func startOf(_ piece: Range<Int>) -> Int? {
            var start = range.lowerBound
            while true {
                if matches(piece, at: start) { return start }
                guard start < range.upperBound, skippable(source[start]) else { return nil }
                start += 1
            }
        }
        /// The last place ending at the range's end (before skippable units) where `piece` is.
        func endOf(_ piece: Range<Int>) -> Int? {
            var end = range.upperBound
            while true {
                if end - piece.count >= range.lowerBound, matches(piece, at: end - piece.count) { return end - piece.count }
                guard end > range.lowerBound, skippable(source[end - 1]) else { return nil }
                end -= 1
            }
        }
        if let start = startOf(0..<line.count) {
            self.init(prefix: 0..<line.count, suffix: line.count..<line.count, prefixStart: start, suffixStart: start + line.count)
            return
        }
        guard !token.isEmpty, token.count <= line.count else { return nil }
        for split in 0...(line.count - token.count) where token.indices.allSatisfy({ line[split + $0] == token[$0] }) {
            let prefix = 0..<split, suffix = (split + token.count)..<line.count
            guard let prefixStart = startOf(prefix), let suffixStart = endOf(suffix),
                  prefixStart + prefix.count <= suffixStart else { continue }
            self.init(prefix: prefix, suffix: suffix, prefixStart: prefixStart, suffixStart: suffixStart)
            return
        }
        return nil
    }

    init(prefix: Range<Int>, suffix: Range<Int>, prefixStart: Int, suffixStart: Int) {
        self.prefix = prefix
        self.suffix = suffix
        self.prefixStart = prefixStart
        self.suffixStart = suffixStart
    }

    /// Where the line's pieces change: a run of glyphs never spans two pieces.
    var boundaries: [Int] { [prefix.upperBound, suffix.lowerBound] }

    /// A run of the line's text in the label's text, when it lies in the prefix or the suffix.
    func sourceRange(of run: Range<Int>) -> Range<Int>? {
        if prefix.contains(run.lowerBound) { return (run.lowerBound - prefix.lowerBound + prefixStart)..<(run.upperBound - prefix.lowerBound + prefixStart) }
        if suffix.contains(run.lowerBound) { return (run.lowerBound - suffix.lowerBound + suffixStart)..<(run.upperBound - suffix.lowerBound + suffixStart) }
        return nil
    }
}

extension LayoutWorkspace {
    func glyphRuns(_ line: LayoutLine, source: [UInt16], token: [UInt16], chain: FontChain, size: Double,
                   letterSpacing: Double, justified: Bool) -> [GlyphRun] {
        let units = utf16Units(of: line.text)
        return units.withUnsafeBufferPointer { text -> [GlyphRun] in source.withUnsafeBufferPointer { source -> [GlyphRun] in
            let bidi = BidiParagraphs(text)
            let pieces = LineSource(line: text, source: source, range: line.range.location..<(line.range.location + line.range.length), token: token)
            var logicalRuns: [(run: Range<Int>, face: FontFace, script: hb_script_t, level: UInt8)] = []
            bidi.levels.withUnsafeBufferPointer { levels in
                itemize(text, levels: bidi.isAllLeftToRight ? nil : levels, chain: chain) { run, face, script, _ in
                    let level = bidi.isAllLeftToRight ? 0 : levels[run.lowerBound]
                    var start = run.lowerBound
                    for boundary in (pieces?.boundaries ?? []) + [run.upperBound] where boundary > start && boundary <= run.upperBound {
                        logicalRuns.append((start..<boundary, face, script, level))
                        start = boundary
                    }
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
                // A piece of the label's text is shaped in its context there; the token in the line.
                if let sourceRun = pieces?.sourceRange(of: run) {
                    shape(source, sourceRun, face: face, script: script, rightToLeft: level & 1 == 1)
                } else {
                    shape(text, run, face: face, script: script, rightToLeft: level & 1 == 1)
                }
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
            let stretch = justified && spaces > 0 && line.rect.width > natural + 1e-6 ? (line.rect.width - natural) / Double(spaces) : 0
            var shift = 0.0
            for runIndex in shaped.indices {
                for glyph in shaped[runIndex].glyphs.indices {
                    shaped[runIndex].xs[glyph] += line.rect.x + shift
                    shaped[runIndex].ys[glyph] += line.baseline
                    if stretch > 0, isSpaceGlyph(shaped[runIndex], glyph) { shift += stretch }
                }
            }
            return shaped
        } }
    }

    /// True for the face's glyph of U+0020, where justification adds space.
    private func isSpaceGlyph(_ run: GlyphRun, _ glyph: Int) -> Bool {
        var space: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(run.face.font, 0x20, &space) != 0 && run.glyphs[glyph] == space
    }
}
