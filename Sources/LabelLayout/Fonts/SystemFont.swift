import LabelModel
/// The "system font": what a label that names no family is set in. iOS sets it in SF Pro, which
/// labelcat may not ship; its stand-in is Inter, whose line height and widths come within
/// 1.5% and 0.6% of SF Pro's (docs/layout-rules.md, "The system font"), followed by faces for
/// what Inter lacks, as iOS falls back to PingFang, SF Arabic and Apple Color Emoji.
public enum SystemFont {
    /// The default family list, Latin first: Inter (Debian's fonts-inter), Noto Sans CJK SC
    /// (fonts-noto-cjk), Noto Sans Arabic (fonts-noto-core), Noto Color Emoji
    /// (fonts-noto-color-emoji). Spelled as the `default_family` setting and
    /// `measure --default-family` take it: families (or font file paths) separated by commas.
    /// Inter, first, is tracked as SF Pro (`isTrackedAsSFPro`).
    public static let families = "Inter, Noto Sans CJK SC, Noto Sans Arabic, Noto Color Emoji"

    /// Whether the first face of the default family list is tracked as SF Pro is
    /// (`tracking(atSize:)`): Inter, the stand-in, and SF Pro's own files without a `trak` table
    /// (the fonts Apple publishes for designers; the system's own file has the table, which
    /// HarfBuzz applies). A face a label names is used as it is.
    static func isTrackedAsSFPro(_ face: FontFace) -> Bool {
        let family = face.family.lowercased()
        return family == "inter" || (family.hasPrefix("sf pro") && !face.hasTrackingTable)
    }

    /// True for the names that stand for the system font in a label's families: `system-ui`
    /// (CSS's name), `.AppleSystemUIFont` (the name Xcode writes) and Apple's private
    /// `.SFUI…`/`.SFNS…` faces, in any case. A label naming one is set in the default family list,
    /// as one naming no family is.
    public static func isSystemFontName(_ family: String) -> Bool {
        let lowered = family.lowercased()
        return lowered == "system-ui" || lowered.hasPrefix(".applesystemuifont") || lowered.hasPrefix(".sfui")
            || lowered.hasPrefix(".sf ns") || lowered.hasPrefix(".sfns")
    }

    /// The families of a comma-separated list (`"Inter, Noto Sans CJK SC"`), trimmed, empty
    /// ones left out.
    public static func familyList(_ spelling: String) -> [String] {
        spelling.split(separator: ",").map { $0.trimmingWhitespace }.filter { !$0.isEmpty }
    }

    /// SF Pro's tracking on iOS, in 1/1000 em, by point size (Apple's Human Interface
    /// Guidelines, "Tracking values", SF Pro): what CoreText adds to every grapheme of the
    /// system font at that size.
    static let trackingTable: [(size: Double, tracking: Double)] = [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16),
        (16, -20), (17, -26), (18, -25), (19, -24), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3),
        (25, 6), (26, 8), (27, 11), (28, 14), (29, 14), (30, 14), (31, 13), (32, 13), (33, 12), (34, 12),
        (35, 11), (36, 10), (37, 10), (38, 10), (39, 10), (40, 10), (41, 9), (42, 9), (43, 9), (44, 8),
        (45, 8), (46, 8), (47, 8), (48, 8), (49, 7), (50, 7), (51, 7), (52, 6), (53, 6), (54, 6), (56, 6),
        (58, 5), (60, 4), (62, 4), (64, 4), (66, 3), (68, 2), (70, 2), (72, 2), (76, 1), (80, 0),
    ]

    /// SF Pro's tracking at a point size, in ems: the table's value, linearly interpolated
    /// between its sizes (as a `trak` table is), held at its ends (+41 below 6 pt, 0 from 80 pt).
    static func tracking(atSize size: Double) -> Double {
        let table = trackingTable
        if size <= table[0].size { return table[0].tracking / 1000 }
        guard size < table[table.count - 1].size else { return table[table.count - 1].tracking / 1000 }
        var upper = 1
        while table[upper].size < size { upper += 1 }
        let low = table[upper - 1]
        let high = table[upper]
        let fraction = (size - low.size) / (high.size - low.size)
        return (low.tracking + (high.tracking - low.tracking) * fraction) / 1000
    }
}

extension Substring {
    /// The text without spaces and tabs at either end.
    var trimmingWhitespace: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
