import CHarfBuzz
import Synchronization
#if canImport(Glibc)
import Glibc
import LabelModel
#endif

/// One face of a font file, loaded once per process and shared by every thread: it owns the
/// HarfBuzz blob, face and font, and frees them in `deinit`.
///
/// The HarfBuzz font is scaled to the face's units per em and made immutable, so one face
/// serves every point size (advances are scaled by `size / unitsPerEm`) and shaping with it
/// from many threads at once is safe. A face whose advances depend on the point size (an AAT
/// `trak` table, an `opsz` axis: `dependsOnSize`) is shaped with a font made for each size
/// (`makeSizedFont(size:)`).
public final class FontFace: @unchecked Sendable {
    /// The face's family name as it was resolved (e.g. `Noto Sans CJK SC`).
    public let family: String
    public let path: String
    /// The face's index in a collection (`.ttc`), else 0.
    public let index: Int
    public let unitsPerEm: Int
    /// `hhea` ascender, descender (negative below the baseline) and line gap, in font units.
    public let ascender: Int
    public let descender: Int
    public let lineGap: Int
    /// Path, index, size and modification time: what the input hash records of the file.
    public let fileIdentity: String
    /// True when shaping depends on the point size: the face has a `trak` table (tracking by
    /// size, which HarfBuzz applies for the size it is told) or an `opsz` variation axis
    /// (optical size, set to the point size as CoreText does). Other faces are shaped once at
    /// their units per em and scaled: labelcat never hints, as CoreText does not.
    public let dependsOnSize: Bool
    private let hasOpticalSizeAxis: Bool
    /// The face has an AAT `trak` table: HarfBuzz tracks it by size itself.
    let hasTrackingTable: Bool
    /// The registry's number for this face, used in cache keys.
    let id: Int

    let blob: OpaquePointer
    let face: OpaquePointer
    let font: OpaquePointer
    private let interactionsOnce = Mutex<GlyphInteractions?>(nil)

    /// What the face's glyphs can do to their neighbours (read from its tables on first use).
    var interactions: GlyphInteractions {
        interactionsOnce.withLock { cached in
            if let cached { return cached }
            let read = GlyphInteractions(face: face)
            cached = read
            return read
        }
    }

    init(path: String, index: Int, family: String?, id: Int) throws(LayoutError) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { throw .unreadableFontFile(path: path) }
        let face = hb_face_create(blob, UInt32(index))!
        guard hb_face_get_glyph_count(face) > 0, let hhea = Self.horizontalHeader(face) else {
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            throw .unreadableFontFile(path: path)
        }
        let font = hb_font_create(face)!
        let upem = Int32(hb_face_get_upem(face))
        hb_font_set_scale(font, upem, upem)
        hb_font_make_immutable(font)
        self.blob = blob
        self.face = face
        self.font = font
        self.path = path
        self.index = index
        self.id = id
        unitsPerEm = Int(upem)
        ascender = hhea.ascender
        descender = hhea.descender
        lineGap = hhea.lineGap
        self.family = family ?? Self.familyName(face) ?? path
        fileIdentity = Self.fileIdentity(path: path, index: index)
        var axis = hb_ot_var_axis_info_t()
        hasOpticalSizeAxis = hb_ot_var_find_axis_info(face, Self.opticalSizeTag, &axis) != 0
        hasTrackingTable = Self.hasTable(face, tag: Self.trackingTag)
        dependsOnSize = hasOpticalSizeAxis || hasTrackingTable
    }

    private static let opticalSizeTag: hb_tag_t = 0x6F70_737A // 'opsz'
    private static let trackingTag: hb_tag_t = 0x7472_616B // 'trak'

    /// A HarfBuzz font of this face for one point size: told the size (`hb_font_set_ptem`, for
    /// `trak`) and, with an `opsz` axis, set to that optical size. Scaled to units per em and
    /// immutable; the caller owns it (`hb_font_destroy`).
    func makeSizedFont(size: Double) -> OpaquePointer {
        let sized = hb_font_create(face)!
        let upem = Int32(unitsPerEm)
        hb_font_set_scale(sized, upem, upem)
        hb_font_set_ptem(sized, Float(size))
        if hasOpticalSizeAxis {
            var variation = hb_variation_t(tag: Self.opticalSizeTag, value: Float(size))
            hb_font_set_variations(sized, &variation, 1)
        }
        hb_font_make_immutable(sized)
        return sized
    }

    private static func hasTable(_ face: OpaquePointer, tag: hb_tag_t) -> Bool {
        let table = hb_face_reference_table(face, tag)
        defer { hb_blob_destroy(table) }
        return hb_blob_get_length(table) > 0
    }

    /// Path, index, size and modification time of a font file (path and index when it
    /// cannot be read).
    static func fileIdentity(path: String, index: Int) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return "\(path)#\(index)" }
        return "\(path)#\(index):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// True when the face's character map has a glyph for the code point.
    func hasGlyph(_ codePoint: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, codePoint, &glyph) != 0
    }

    /// The face's metrics at a point size.
    public func metrics(size: Double) -> FontMetrics {
        let scale = size / Double(unitsPerEm)
        return FontMetrics(ascender: Double(ascender) * scale, descender: Double(descender) * scale,
                           lineGap: Double(lineGap) * scale)
    }

    /// Reads `ascender`, `descender` and `lineGap` from the `hhea` table (CoreText's choice;
    /// HarfBuzz's own metrics API would prefer OS/2 when the font asks for typo metrics).
    private static func horizontalHeader(_ face: OpaquePointer) -> (ascender: Int, descender: Int, lineGap: Int)? {
        let hheaTag: hb_tag_t = 0x6868_6561 // 'hhea'
        let table = hb_face_reference_table(face, hheaTag)
        defer { hb_blob_destroy(table) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(table, &length), length >= 10 else { return nil }
        let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        func int16(at offset: Int) -> Int { Int(Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]))) }
        return (int16(at: 4), int16(at: 6), int16(at: 8))
    }

    /// The face's English family name from its `name` table (any language when there is none).
    private static func familyName(_ face: OpaquePointer) -> String? {
        for language in [hb_language_from_string("en", -1), hb_language_get_default()] {
            var buffer = [CChar](repeating: 0, count: 256)
            var length = UInt32(buffer.count)
            let full = hb_ot_name_get_utf8(face, hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY), language, &length, &buffer)
            if full > 0, length > 0 {
                return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return nil
    }
}

/// Font metrics in points (docs/layout-rules.md).
public struct FontMetrics: Sendable, Hashable {
    public var ascender: Double
    /// Negative: below the baseline.
    public var descender: Double
    public var lineGap: Double

    /// `ascender − descender + lineGap`.
    public var lineHeight: Double { ascender - descender + lineGap }
}
