import CFontconfig
import LabelModel
import Synchronization

/// The fonts of one process: resolves family lists with fontconfig, loads each face once, and
/// finds a fallback face for a character the label's families lack. Thread-safe; every answer
/// is cached.
public final class FontLibrary: Sendable {
    /// Generic names fontconfig resolves by its own configuration; any face it picks is right.
    /// (`system-ui` in a label's families is the default family list; only inside that list
    /// is it fontconfig's.)
    static let genericFamilies: Set<String> = ["sans-serif", "serif", "monospace", "emoji", "system-ui"]

    /// The default family as it was given: one family, a font file path, or a comma-separated
    /// list of them (`SystemFont.families` unless set).
    public let defaultFamily: String
    /// The families of a definition that names none, and what `system-ui` stands for.
    public let defaultFamilies: [String]
    /// Families set in others (`Avenir Next=Inter`), applied to every family a label names.
    public let substitutes: FontSubstitutes
    /// What a layout depends on of this library's configuration: the default family and the
    /// substitutes. Libraries with the same identity lay every label out alike.
    public var identity: String {
        substitutes.pairs.isEmpty ? defaultFamily : defaultFamily + "\n" + substitutes.spelling
    }

    private struct State {
        var faces: [FontFace] = []
        var facesByFile: [String: FontFace] = [:]
        var chains: [FontSpecKey: FontChain] = [:]
        var fallbacks: [FallbackKey: FontFace?] = [:]
    }

    private struct FontSpecKey: Hashable {
        let families: [String]
        let weight: Int
    }

    private struct FallbackKey: Hashable {
        let codePoint: UInt32
        let weight: Int
        let emoji: Bool
    }

    private let state = Mutex(State())

    /// - Parameters:
    ///   - defaultFamily: the family, font file path or comma-separated list of them that
    ///     labels naming no family are set in (an empty list means `SystemFont.families`).
    ///   - substitutes: families set in other families.
    public init(defaultFamily: String = SystemFont.families, substitutes: FontSubstitutes = .none) {
        self.defaultFamily = defaultFamily
        self.substitutes = substitutes
        let families = SystemFont.familyList(defaultFamily)
        defaultFamilies = families.isEmpty ? SystemFont.familyList(SystemFont.families) : families
    }

    /// The faces for a font's family list, in order: the default families when it names none,
    /// and in place of the system font's names (`system-ui`, `.AppleSystemUIFont`:
    /// `SystemFont.isSystemFontName`), also where a substitute names it. Every family must resolve: a family with no installed face
    /// is an error naming it, never a silent substitute. When the default list is used, its
    /// first face is tracked as SF Pro if it is Inter or SF Pro (`SystemFont.isTrackedAsSFPro`).
    func chain(for font: FontSpec) throws(LayoutError) -> FontChain {
        let key = FontSpecKey(families: font.families, weight: font.weight)
        return try state.withLock { state throws(LayoutError) -> FontChain in
            if let chain = state.chains[key] { return chain }
            var faces: [FontFace] = []
            var trackedFace: FontFace?
            func add(_ family: String) throws(LayoutError) -> FontFace {
                let face = try Self.resolve(family: substitutes.family(for: family), weight: font.weight, state: &state)
                if !faces.contains(where: { $0 === face }) { faces.append(face) }
                return face
            }
            for family in font.families.isEmpty ? ["system-ui"] : font.families {
                // The system font by any of its names, named or as a substitute: the default list.
                guard SystemFont.isSystemFontName(substitutes.family(for: family)) else {
                    _ = try add(family)
                    continue
                }
                for (index, systemFamily) in defaultFamilies.enumerated() {
                    let face = try add(systemFamily)
                    if index == 0, SystemFont.isTrackedAsSFPro(face) { trackedFace = face }
                }
            }
            let chain = FontChain(id: state.chains.count, faces: faces, weight: font.weight, trackedFace: trackedFace)
            state.chains[key] = chain
            return chain
        }
    }

    /// True when labels naming `family` can be laid out: it (or its substitute) is the
    /// system font, a font file's path, or a family some installed font has.
    public func isAvailable(family: String) -> Bool {
        (try? chain(for: FontSpec(families: [family]))) != nil
    }

    /// The face fontconfig picks for a character none of a chain's faces has; `emoji` asks for
    /// a color emoji face first. Nil when no installed face has it.
    func fallbackFace(for codePoint: UInt32, weight: Int, emoji: Bool) -> FontFace? {
        let key = FallbackKey(codePoint: codePoint, weight: weight, emoji: emoji)
        return state.withLock { state -> FontFace? in
            if let cached = state.fallbacks[key] { return cached }
            var found: FontFace?
            if emoji, let face = Self.match(family: "emoji", weight: weight, codePoint: codePoint, state: &state),
               face.hasGlyph(codePoint) {
                found = face
            }
            if found == nil, let face = Self.match(family: nil, weight: weight, codePoint: codePoint, state: &state),
               face.hasGlyph(codePoint) {
                found = face
            }
            state.fallbacks[key] = found
            return found
        }
    }

    private static func resolve(family: String, weight: Int, state: inout State) throws(LayoutError) -> FontFace {
        if isFontPath(family) {
            return try load(path: family, index: 0, family: nil, state: &state)
        }
        guard let face = match(family: family, weight: weight, codePoint: nil, state: &state) else {
            throw .fontNotFound(family: family)
        }
        return face
    }

    /// The identity (path, size, modification time) of every font file (installed, and added
    /// as an application font) and configuration file of fontconfig's current configuration, sorted.
    static func installedFontFiles() -> [String] {
        _ = FcInit()
        var files: Set<String> = []
        for kind in [FcSetSystem, FcSetApplication] {
            guard let set = FcConfigGetFonts(nil, kind) else { continue }
            for index in 0..<Int(set.pointee.nfont) {
                var file: UnsafeMutablePointer<FcChar8>?
                if let pattern = set.pointee.fonts[index], FcPatternGetString(pattern, "file", 0, &file) == FcResultMatch, let file {
                    files.insert(String(cString: file))
                }
            }
        }
        if let list = FcConfigGetConfigFiles(nil) {
            while let file = FcStrListNext(list) { files.insert(String(cString: file)) }
            FcStrListDone(list)
        }
        return files.sorted().map { FontFace.fileIdentity(path: $0, index: 0) }
    }

    /// True when a family name is a font file's path (`/…/Font.ttf`).
    public static func isFontPath(_ family: String) -> Bool {
        let lowered = family.lowercased()
        return family.contains("/") && [".ttf", ".otf", ".ttc", ".otc"].contains { lowered.hasSuffix($0) }
    }

    /// Asks fontconfig for the best face of a family (or any family when nil) at a weight,
    /// covering a code point when one is given. A named family must be what fontconfig
    /// returns, not its closest substitute.
    private static func match(family: String?, weight: Int, codePoint: UInt32?, state: inout State) -> FontFace? {
        _ = FcInit() // loads fontconfig's configuration and font list the first time: a library that matches nothing never does
        let pattern = FcPatternCreate()!
        defer { FcPatternDestroy(pattern) }
        if let family { FcPatternAddString(pattern, "family", family) }
        FcPatternAddInteger(pattern, "weight", FcWeightFromOpenType(Int32(weight)))
        FcPatternAddInteger(pattern, "slant", 0)
        if let codePoint {
            let charset = FcCharSetCreate()!
            FcCharSetAddChar(charset, codePoint)
            FcPatternAddCharSet(pattern, "charset", charset)
            FcCharSetDestroy(charset)
        }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        var fileValue: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(matched, "file", 0, &fileValue) == FcResultMatch, let fileValue else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(matched, "index", 0, &index)
        var familyNames: [String] = []
        var nameIndex: Int32 = 0
        var nameValue: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(matched, "family", nameIndex, &nameValue) == FcResultMatch, let nameValue {
            familyNames.append(String(cString: nameValue))
            nameIndex += 1
        }
        var resolvedFamily = familyNames.first
        if let family, !genericFamilies.contains(family.lowercased()) {
            guard let exact = familyNames.first(where: { $0.equalsIgnoringCase(family) }) else { return nil }
            resolvedFamily = exact
        }
        return try? load(path: String(cString: fileValue), index: Int(index), family: resolvedFamily, state: &state)
    }

    private static func load(path: String, index: Int, family: String?, state: inout State) throws(LayoutError) -> FontFace {
        let key = "\(path)#\(index)"
        if let face = state.facesByFile[key] { return face }
        let face = try FontFace(path: path, index: index, family: family, id: state.faces.count)
        state.faces.append(face)
        state.facesByFile[key] = face
        return face
    }
}

extension String {
    fileprivate func equalsIgnoringCase(_ other: String) -> Bool {
        lowercased() == other.lowercased()
    }
}

/// The resolved faces of one `FontSpec`: the families in order; characters none of them has
/// fall back through fontconfig.
final class FontChain: Sendable {
    /// Distinct per chain in a library; used in cache keys.
    let id: Int
    let faces: [FontFace]
    let weight: Int
    /// The face tracked as SF Pro (`SystemFont.tracking(atSize:)`): Inter standing in for the
    /// system font; nil in chains that do not use the default list.
    let trackedFace: FontFace?
    /// The input hash's digest of the chain (`InputHash.identity(of:tracked:)`).
    let identity: (UInt64, UInt64)

    init(id: Int, faces: [FontFace], weight: Int, trackedFace: FontFace? = nil) {
        self.id = id
        self.faces = faces
        self.weight = weight
        self.trackedFace = trackedFace
        identity = InputHash.identity(of: faces, tracked: trackedFace != nil)
    }

    /// True when runs of `face` in this chain are tracked as SF Pro.
    @inline(__always)
    func tracks(_ face: FontFace) -> Bool { trackedFace === face }

    var primary: FontFace { faces[0] }
}
