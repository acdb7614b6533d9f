import CHarfBuzz
import CICU
import LabelJSON
import Synchronization

/// Lays out labels: where the text goes, how many lines, what is truncated (SPEC §2).
/// One engine serves a whole process; `layout(_:locale:)` may be called from any number of
/// threads at once.
///
/// ```swift
/// let engine = LayoutEngine()
/// var label = LabelDefinition(name: "demo.top", frame: Rect(x: 20, y: 50, width: 350, height: 200))
/// label.text = "看我居上对齐了啊、你看看对不对的啊、看来是对的"
/// label.verticalAlignment = .top
/// let layout = try engine.layout(label)
/// print(layout.textRect, layout.lineCount)
/// ```
public final class LayoutEngine: Sendable {
    /// Names the layout rules and the text libraries behind them; part of every input hash,
    /// so stored layouts go stale when any of them changes.
    public static let version: String = {
        let harfBuzz = String(cString: hb_version_string())
        let icu = String(cString: lc_icu_version())
        return "labelcat-layout/3 harfbuzz/\(harfBuzz) icu/\(icu)"
    }()

    public let fonts: FontLibrary
    private let idleWorkspaces = Mutex<[LayoutWorkspace]>([])

    /// - Parameter defaultFamily: the family of labels that name none (the "system font"): a
    ///   family, a font file path, or a comma-separated list of them; `SystemFont.families`
    ///   (Inter first, tracked as SF Pro) unless set.
    public init(defaultFamily: String = SystemFont.families) {
        fonts = FontLibrary(defaultFamily: defaultFamily)
    }

    /// Lays out one of a label's texts — a locale's ("" = the base text), a variant's ("" = the
    /// plain text) — at a content size category.
    public func layout(_ definition: LabelDefinition, locale: String = "", variant: String = "",
                       category: ContentSizeCategory = .large) throws(LayoutError) -> ComputedLayout {
        let workspace = try checkOutWorkspace()
        defer { checkIn(workspace) }
        return try workspace.layoutLines(definition, text: TextKey(locale: locale, variant: variant), category: category).layout
    }

    /// Lays out one of a label's texts at several content size categories, doing once what
    /// their layouts share: the text, its line breaks and its shaping (in ems, so it serves every
    /// size unless a face depends on the size), and the hash of the definition. Categories at
    /// which the font has the same size share one layout. The layouts come in `categories`' order.
    public func layouts(_ definition: LabelDefinition, locale: String = "", variant: String = "",
                        categories: [ContentSizeCategory]) throws(LayoutError) -> [ComputedLayout] {
        let workspace = try checkOutWorkspace()
        defer { checkIn(workspace) }
        let prepared = try workspace.prepare(definition, text: TextKey(locale: locale, variant: variant))
        var layouts: [ComputedLayout] = []
        layouts.reserveCapacity(categories.count)
        var sizes: [Double] = []
        sizes.reserveCapacity(categories.count)
        for category in categories {
            let size = definition.font.pointSize(in: category)
            if let same = sizes.firstIndex(of: size) {
                var copy = layouts[same]
                copy.contentSizeCategory = category
                copy.inputHash = InputHash.finish(prepared.fieldsHash, category: category, chain: prepared.chain)
                layouts.append(copy)
            } else {
                layouts.append(workspace.layout(prepared, category: category).layout)
            }
            sizes.append(size)
        }
        return layouts
    }

    /// The input hash `layout` would record, without laying out: a stored layout whose hash
    /// differs is stale.
    public func inputHash(_ definition: LabelDefinition, locale: String = "", variant: String = "",
                          category: ContentSizeCategory = .large) throws(LayoutError) -> String {
        InputHash.of(definition, text: TextKey(locale: locale, variant: variant), category: category,
                     chain: try fonts.chain(for: definition.font))
    }

    /// The font a layout of `definition` reports: its primary face, metrics at its size and
    /// the line height used.
    public func resolvedFont(for definition: LabelDefinition) throws(LayoutError) -> ResolvedFont {
        ResolvedFont(definition, primary: try fonts.chain(for: definition.font).primary)
    }

    /// Everything layouts depend on besides their definitions: the engine version, every font
    /// file fontconfig offers and its configuration files (each with size and modification
    /// time), and the font files named by path in `fontPaths`. Layouts computed under one
    /// fingerprint are fresh under an equal one.
    public static func environmentFingerprint(fontPaths: [String]) -> String {
        var hasher = StableHasher()
        hasher.combine(version)
        for identity in FontLibrary.installedFontFiles() { hasher.combine(identity) }
        for path in fontPaths.sorted() { hasher.combine(FontFace.fileIdentity(path: path, index: 0)) }
        return hasher.hexDigest
    }

    /// The primary face a font spec resolves to (what `layout` reports in `font`).
    public func primaryFace(for font: FontSpec) throws(LayoutError) -> FontFace {
        try fonts.chain(for: font).primary
    }

    /// A workspace for this thread's exclusive use until `checkIn`.
    func checkOutWorkspace() throws(LayoutError) -> LayoutWorkspace {
        if let workspace = idleWorkspaces.withLock({ $0.popLast() }) { return workspace }
        return try LayoutWorkspace(fonts: fonts)
    }

    func checkIn(_ workspace: LayoutWorkspace) {
        idleWorkspaces.withLock { $0.append(workspace) }
    }
}

/// UAX #9 levels of a text (ICU), skipped for text with no right-to-left character.
struct BidiParagraphs {
    var levels: [UInt8] = []
    var paragraphLevels: [UInt8] = []
    let isAllLeftToRight: Bool

    init(_ text: UnsafeBufferPointer<UInt16>) {
        isAllLeftToRight = !text.contains(where: Self.mayBeRightToLeft)
        guard !isAllLeftToRight else { return }
        levels = [UInt8](repeating: 0, count: text.count)
        paragraphLevels = [UInt8](repeating: 0, count: text.count)
        if lc_bidi_levels(text.baseAddress, Int32(text.count), &levels, &paragraphLevels) != 0 {
            levels = [UInt8](repeating: 0, count: text.count)
        }
    }

    /// True when the paragraph holding `offset` has a right-to-left base direction.
    func isRightToLeft(at offset: Int) -> Bool {
        !isAllLeftToRight && offset < paragraphLevels.count && paragraphLevels[offset] & 1 == 1
    }

    /// Hebrew, Arabic, Syriac, Thaana, NKo, …, their presentation forms, and the
    /// supplementary right-to-left blocks (through their surrogates), plus explicit marks.
    @inline(__always)
    static func mayBeRightToLeft(_ unit: UInt16) -> Bool {
        guard unit >= 0x0590 else { return false }
        return (0x0590...0x08FF).contains(unit) || (0xFB1D...0xFDFF).contains(unit) || (0xFE70...0xFEFF).contains(unit)
            || (0xD802...0xD803).contains(unit) || (0xD83A...0xD83B).contains(unit)
            || unit == 0x200F || (0x202A...0x202E).contains(unit) || (0x2066...0x2069).contains(unit)
    }
}

/// The UTF-16 code units of a string, transcoded from its UTF-8 by hand (the standard
/// library's UTF-16 view is much slower for native strings).
func utf16Units(of string: String) -> [UInt16] {
    var string = string
    return string.withUTF8 { utf8 in
        [UInt16](unsafeUninitializedCapacity: utf8.count) { units, initialized in
            initialized = transcodeToUTF16(utf8, into: units.baseAddress!, utf8Offsets: nil)
        }
    }
}

/// Writes the UTF-16 of a string into a buffer, reusing its storage.
func fillUTF16(_ string: String, into buffer: inout RawBuffer<UInt16>) {
    var string = string
    string.withUTF8 { utf8 in
        buffer.count = 0
        buffer.reserve(utf8.count)
        buffer.count = transcodeToUTF16(utf8, into: buffer.base, utf8Offsets: nil)
    }
}

/// Writes the UTF-16 of a string into a buffer, and the UTF-8 offset in the string of each
/// code unit's code point (and of the end) into `utf8Offsets`, reusing their storage.
func fillUTF16(_ string: String, into buffer: inout RawBuffer<UInt16>, utf8Offsets: inout RawBuffer<Int32>) {
    var string = string
    string.withUTF8 { utf8 in
        buffer.count = 0
        buffer.reserve(utf8.count)
        utf8Offsets.count = 0
        utf8Offsets.reserve(utf8.count + 1)
        buffer.count = transcodeToUTF16(utf8, into: buffer.base, utf8Offsets: utf8Offsets.base)
        utf8Offsets.count = buffer.count + 1
    }
}

/// Transcodes well-formed UTF-8 to UTF-16; `units` must hold `utf8.count` code units (and
/// `utf8Offsets`, one more). Returns the number written.
private func transcodeToUTF16(_ utf8: UnsafeBufferPointer<UInt8>, into units: UnsafeMutablePointer<UInt16>,
                              utf8Offsets: UnsafeMutablePointer<Int32>?) -> Int {
    var count = 0
    var index = 0
    defer { utf8Offsets?[count] = Int32(utf8.count) }
    while index < utf8.count {
        let lead = UInt32(utf8[index])
        if let utf8Offsets {
            utf8Offsets[count] = Int32(index)
            if lead >= 0xF0 { utf8Offsets[count + 1] = Int32(index) }
        }
        if lead < 0x80 {
            units[count] = UInt16(lead)
            count += 1
            index += 1
            continue
        }
        var codePoint: UInt32
        var width: Int
        if lead < 0xE0 {
            codePoint = lead & 0x1F
            width = 2
        } else if lead < 0xF0 {
            codePoint = lead & 0x0F
            width = 3
        } else {
            codePoint = lead & 0x07
            width = 4
        }
        for offset in 1..<width { codePoint = codePoint << 6 | UInt32(utf8[index + offset] & 0x3F) }
        index += width
        if codePoint >= 0x10000 {
            codePoint -= 0x10000
            units[count] = UInt16(0xD800 + (codePoint >> 10))
            units[count + 1] = UInt16(0xDC00 + (codePoint & 0x3FF))
            count += 2
        } else {
            units[count] = UInt16(codePoint)
            count += 1
        }
    }
    return count
}
