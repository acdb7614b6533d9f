import CHarfBuzz
import CICU
import LabelJSON
import LabelModel
import Synchronization

/// Lays out labels: where the text goes, how many lines, what is truncated (docs/layout-rules.md).
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

    /// - Parameters:
    ///   - defaultFamily: the family of labels that name none (the "system font"): a family, a
    ///     font file path, or a comma-separated list of them; `SystemFont.families` (Inter
    ///     first, tracked as SF Pro) unless set.
    ///   - fontSubstitutes: families set in other families (`Avenir Next=Inter`).
    public init(defaultFamily: String = SystemFont.families, fontSubstitutes: FontSubstitutes = .none) {
        fonts = FontLibrary(defaultFamily: defaultFamily, substitutes: fontSubstitutes)
    }

    /// Lays out one of a label's texts — a locale's ("" = the base text), a variant's ("" = the
    /// plain text) — at a content size category.
    public func layout(_ definition: LabelDefinition, locale: String = "", variant: String = "",
                       category: ContentSizeCategory = .large) throws(LayoutError) -> ComputedLayout {
        let workspace = try checkOutWorkspace()
        defer { checkIn(workspace) }
        return try workspace.layoutLines(definition, text: TextKey(locale: locale, variant: variant), category: category).layout
    }

    /// `layout`, for a definition whose input hash at this text and category the caller has
    /// from `inputHash(_:locale:variant:category:)`: the layout carries it, and the
    /// definition is not hashed again.
    public func layout(_ definition: LabelDefinition, locale: String = "", variant: String = "",
                       category: ContentSizeCategory = .large, inputHash: String) throws(LayoutError) -> ComputedLayout {
        let workspace = try checkOutWorkspace()
        defer { checkIn(workspace) }
        return try workspace.layoutLines(definition, text: TextKey(locale: locale, variant: variant), category: category,
                                         hash: .known(inputHash)).layout
    }

    /// `layout`, for a definition whose style fields are those `style` was made from (labels
    /// of one style share it): its input hash walks only its name, text and frame.
    public func layout(_ definition: LabelDefinition, style: StyleHashWords, locale: String = "", variant: String = "",
                       category: ContentSizeCategory = .large) throws(LayoutError) -> ComputedLayout {
        let workspace = try checkOutWorkspace()
        defer { checkIn(workspace) }
        let text = TextKey(locale: locale, variant: variant)
        return try workspace.layoutLines(definition, text: text, category: category,
                                         hash: .fields(InputHash.fields(of: definition, text: text, style: style))).layout
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
                copy.inputHash = prepared.inputHash(at: category)
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

    /// The same, for a definition whose style fields are those `style` was made from.
    public func inputHash(_ definition: LabelDefinition, style: StyleHashWords, locale: String = "", variant: String = "",
                          category: ContentSizeCategory = .large) throws(LayoutError) -> String {
        let text = TextKey(locale: locale, variant: variant)
        return InputHash.finish(InputHash.fields(of: definition, text: text, style: style), category: category,
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

extension LayoutEngine {
    /// Lays out a request's definition for its locale, variant and category.
    public func layout(_ request: LayoutRequest) throws(LayoutError) -> ComputedLayout {
        try layout(request.definition, locale: request.locale, variant: request.variant, category: request.category)
    }
}

extension ResolvedFont {
    /// The primary face's metrics at the definition's size; its line height, or the
    /// definition's fixed line height or multiple.
    init(_ definition: LabelDefinition, primary: FontFace) {
        let metrics = primary.metrics(size: definition.font.size)
        self.init(family: primary.family, file: primary.path, size: definition.font.size,
                  lineHeight: Self.lineHeight(metrics, definition), ascender: metrics.ascender, descender: metrics.descender)
    }

    /// The line height of a definition's lines at the font's metrics: a fixed `lineHeight` in
    /// points, else the font's line height times `lineHeightMultiple` (when > 0).
    static func lineHeight(_ metrics: FontMetrics, _ definition: LabelDefinition) -> Double {
        if definition.lineHeight > 0 { return definition.lineHeight }
        return definition.lineHeightMultiple > 0 ? metrics.lineHeight * definition.lineHeightMultiple : metrics.lineHeight
    }
}
