import CHarfBuzz

/// What the glyphs of one face can do to their neighbours under HarfBuzz's default features,
/// read from its `GSUB`, `GPOS` and `kern` tables: which lookups can reach across a boundary
/// between two glyphs, and how. The engine uses it to know, without shaping, whether a run
/// can be shaped in pieces (cached words, single ideographs) with exactly the result of
/// shaping it whole (docs/layout-rules.md, "Whole-run shaping").
///
/// Every lookup that touches more than one glyph is cut into *links*: two adjacent positions
/// of one of its sequences (a context rule's backtrack + input + lookahead, a ligature's
/// components, a cursive attachment). A glyph gets the link's key on the side where it can
/// stand. A boundary between glyphs `a` and `b` can be crossed by a lookup only if some key
/// is on `a`'s left side and `b`'s right side. Pair positioning gets keys of its own: it only
/// moves the left glyph, so a boundary it crosses is priced by shaping the two sides once.
/// Single substitutions and positionings act on one glyph; mark attachment acts on marks,
/// which never start a grapheme; neither can cross a boundary between graphemes.
final class GlyphInteractions: @unchecked Sendable {
    /// False when the tables hold something this reader does not model (AAT tables, a
    /// state-machine `kern` table, feature variations, lookups that skip base glyphs or
    /// ligatures, an unknown lookup type or a malformed table): every run of the face is then
    /// shaped whole.
    let isModelled: Bool
    /// The keys of each glyph, by side.
    private let contextLeft: GlyphMultimap
    private let contextRight: GlyphMultimap
    private let pairLeft: GlyphMultimap
    private let pairRight: GlyphMultimap
    /// Keys whose side holds every glyph (a class-based rule with class 0 there).
    private let contextLeftAll: [UInt32]
    private let contextRightAll: [UInt32]
    private let pairRightAll: [UInt32]
    /// Glyphs a substitution can turn each glyph into (single, multiple, alternate, ligature).
    private let successors: GlyphMultimap
    /// Glyphs that are a ligature component after the first: a glyph that may end a ligature.
    private let ligatureTails: Set<UInt32>
    private let face: OpaquePointer

    /// The features HarfBuzz applies by default to horizontal text with its default shaper.
    static let defaultFeatures: Set<String> = [
        "abvm", "blwm", "ccmp", "locl", "mark", "mkmk", "rlig", "calt", "clig", "curs", "dist",
        "kern", "liga", "rclt", "rvrn", "ltra", "ltrm", "rtla", "rtlm", "frac", "numr", "dnom", "rand",
    ]

    init(face: OpaquePointer) {
        self.face = face
        var builder = Builder()
        var modelled = !Self.hasTable(face, "morx") && !Self.hasTable(face, "mort") && !Self.hasTable(face, "kerx")
            && !Self.hasTable(face, "trak")
        if modelled {
            do {
                for tag in ["GSUB", "GPOS"] {
                    let table = FontTable(face: face, tag: tag)
                    defer { table.release() }
                    if table.count > 0 { try builder.read(table, isPositioning: tag == "GPOS") }
                }
                let kern = FontTable(face: face, tag: "kern")
                defer { kern.release() }
                if kern.count > 0 { try builder.readKern(kern) }
            } catch {
                modelled = false
            }
        }
        isModelled = modelled
        contextLeft = GlyphMultimap(builder.contextLeft)
        contextRight = GlyphMultimap(builder.contextRight)
        pairLeft = GlyphMultimap(builder.pairLeft)
        pairRight = GlyphMultimap(builder.pairRight)
        contextLeftAll = sortedUnique(builder.contextLeftAll)
        contextRightAll = sortedUnique(builder.contextRightAll)
        pairRightAll = sortedUnique(builder.pairRightAll)
        successors = GlyphMultimap(builder.successors)
        ligatureTails = builder.ligatureTails
    }

    /// True when some key holds every glyph on one side: then no character is inert.
    var hasWildcards: Bool { !contextLeftAll.isEmpty || !contextRightAll.isEmpty || !pairRightAll.isEmpty }

    private static func hasTable(_ face: OpaquePointer, _ tag: String) -> Bool {
        let table = FontTable(face: face, tag: tag)
        defer { table.release() }
        return table.count > 0
    }

    /// What a character can do at a boundary, over every glyph it can become.
    func joinClass(of glyph: UInt32) -> JoinClass {
        var seen: Set<UInt32> = [glyph]
        var pending = [glyph]
        var next: [UInt32] = []
        var result = JoinClass()
        while let current = pending.popLast() {
            contextLeft.values(of: current, into: &result.contextLeft)
            contextRight.values(of: current, into: &result.contextRight)
            pairLeft.values(of: current, into: &result.pairLeft)
            pairRight.values(of: current, into: &result.pairRight)
            if ligatureTails.contains(current) { result.mayEndLigature = true }
            if hb_ot_layout_get_glyph_class(face, current) == HB_OT_LAYOUT_GLYPH_CLASS_MARK { result.mayBeMark = true }
            next.removeAll(keepingCapacity: true)
            successors.values(of: current, into: &next)
            for glyph in next where seen.insert(glyph).inserted { pending.append(glyph) }
        }
        result.contextLeft = sortedUnique(result.contextLeft)
        result.contextRight = sortedUnique(result.contextRight)
        result.pairLeft = sortedUnique(result.pairLeft)
        result.pairRight = sortedUnique(result.pairRight)
        return result
    }

    /// How shaping `left` and `right` apart relates to shaping them together.
    func join(_ left: JoinClass, _ right: JoinClass) -> JoinKind {
        if left.mayBeMark || right.mayBeMark { return .merge }
        if Self.meet(left.contextLeft, contextLeftAll, right.contextRight, contextRightAll) { return .merge }
        if Self.meet(left.pairLeft, [], right.pairRight, pairRightAll) {
            // The pair is priced by shaping the left character alone: only right if its glyph
            // here is the one it has in its own piece.
            return left.mayEndLigature || !left.contextRight.isEmpty || !contextRightAll.isEmpty ? .merge : .pair
        }
        return .free
    }

    /// True when some key is on the left side of `a` and the right side of `b` (each side's
    /// keys: its own and those every glyph has there).
    private static func meet(_ a: [UInt32], _ aAll: [UInt32], _ b: [UInt32], _ bAll: [UInt32]) -> Bool {
        intersect(a, b) || intersect(a, bAll) || intersect(aAll, b) || intersect(aAll, bAll)
    }

    private static func intersect(_ a: [UInt32], _ b: [UInt32]) -> Bool {
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] { return true }
            if a[i] < b[j] { i += 1 } else { j += 1 }
        }
        return false
    }
}

/// Values by glyph, as sorted `glyph << 32 | value` words: built once, searched rarely.
private struct GlyphMultimap {
    private let entries: [UInt64]

    init(_ entries: [UInt64]) {
        self.entries = sortedUnique(entries)
    }

    /// Appends the values of a glyph.
    func values(of glyph: UInt32, into result: inout [UInt32]) {
        let key = UInt64(glyph) << 32
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle] < key { low = middle + 1 } else { high = middle }
        }
        while low < entries.count, entries[low] >> 32 == UInt64(glyph) {
            result.append(UInt32(truncatingIfNeeded: entries[low]))
            low += 1
        }
    }
}

/// The values sorted, each once.
private func sortedUnique<Value: Comparable>(_ values: [Value]) -> [Value] {
    var sorted = values.sorted()
    var count = 0
    for value in sorted where count == 0 || sorted[count - 1] != value {
        sorted[count] = value
        count += 1
    }
    sorted.removeLast(sorted.count - count)
    return sorted
}

/// One workspace's boundary classes of the characters it has met in one face, deduplicated,
/// and each character's *code*: (class index + 1) << 2, plus 2 when it can join a
/// neighbouring grapheme, plus 1 when its class is inert. The workspace keeps the codes of a
/// chain's characters in its character table (`boundary`); others are kept here. Not shared
/// between threads.
final class BoundaryClasses {
    let interactions: GlyphInteractions
    private let face: FontFace
    @exclusivity(unchecked) private var codes: [UInt32: UInt32] = [:]
    @exclusivity(unchecked) private var classes: [JoinClass] = []
    @exclusivity(unchecked) private var indexOfClass: [JoinClass: UInt32] = [:]
    private let hasWildcards: Bool

    init(face: FontFace) {
        self.face = face
        interactions = face.interactions
        hasWildcards = interactions.hasWildcards
    }

    /// True when the face's runs may be cut into chunks.
    var canShapeInPieces: Bool { interactions.isModelled }

    /// What the break opportunity at `offset` inside a run of this face is to shaping in
    /// pieces. Only a boundary between two graphemes of one code point each is looked at (no
    /// neighbour of either can join it: `attachesToNeighbour`); the font decides the rest.
    /// `characters` is the workspace's table of the chain's BMP characters: bits 0–15 the face
    /// id + 1 that draws each, bits 32–47 its code in that face (0 = not yet known).
    @inline(__always)
    func boundary(_ text: UnsafeBufferPointer<UInt16>, at offset: Int, characters: UnsafeMutablePointer<UInt64>) -> JoinKind {
        // The common case first: two inert BMP characters of this face between characters
        // that attach to nothing.
        let left = text[offset - 1]
        let right = text[offset]
        if !hasWildcards, left & 0xF800 != 0xD800, right & 0xF800 != 0xD800 {
            let leftCode = tableCode(left, characters)
            let rightCode = tableCode(right, characters)
            if leftCode & rightCode & 3 == 1, (leftCode | rightCode) & 2 == 0,
               offset < 2 || isPlainNeighbour(text[offset - 2]), offset + 1 >= text.count || isPlainNeighbour(text[offset + 1]) {
                return .free
            }
        }
        return fullBoundary(text, at: offset, characters: characters)
    }

    /// The code of a BMP character from the chain's table when this face draws it (filled in
    /// on first use); 0 when another face does.
    @inline(__always)
    private func tableCode(_ unit: UInt16, _ characters: UnsafeMutablePointer<UInt64>) -> UInt32 {
        let entry = characters[Int(unit)]
        guard entry & 0xFFFF == UInt64(face.id + 1) else { return 0 }
        let known = UInt32(truncatingIfNeeded: entry >> 32) & 0xFFFF
        if known != 0 { return known }
        let computed = code(UInt32(unit))
        if computed <= 0xFFFF { characters[Int(unit)] = entry | UInt64(computed) << 32 }
        return computed
    }

    /// A code unit that is a whole character attaching to nothing, known without a lookup.
    @inline(__always)
    private func isPlainNeighbour(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x20...0x7E, 0x3040...0x3098, 0x309B...0x30FF, 0x3400...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF9D: return true
        default: return false
        }
    }

    private func fullBoundary(_ text: UnsafeBufferPointer<UInt16>, at offset: Int, characters: UnsafeMutablePointer<UInt64>) -> JoinKind {
        /// A code from the chain's table where this face draws the character, else from here.
        func codeOf(_ codePoint: UInt32) -> UInt32 {
            if codePoint < 0x10000, codePoint & 0xF800 != 0xD800 {
                let tabled = tableCode(UInt16(codePoint), characters)
                if tabled != 0 { return tabled }
            }
            return code(codePoint)
        }
        let (left, leftWidth) = codePointBefore(text, offset)
        let (right, rightWidth) = codePointAt(text, offset)
        let leftCode = codeOf(left)
        let rightCode = codeOf(right)
        if (leftCode | rightCode) & 2 != 0 { return .merge }
        if offset - leftWidth > 0, codeOf(codePointBefore(text, offset - leftWidth).codePoint) & 2 != 0 { return .merge }
        if offset + rightWidth < text.count, codeOf(codePointAt(text, offset + rightWidth).codePoint) & 2 != 0 { return .merge }
        if leftCode & rightCode & 1 == 1, !hasWildcards { return .free }
        return interactions.join(classes[Int(leftCode >> 2) - 1], classes[Int(rightCode >> 2) - 1])
    }

    /// A character's code in this face.
    private func code(_ codePoint: UInt32) -> UInt32 {
        if let cached = codes[codePoint] { return cached }
        var glyph: hb_codepoint_t = 0
        _ = hb_font_get_nominal_glyph(face.font, codePoint, &glyph)
        let joinClass = interactions.joinClass(of: glyph)
        let index: UInt32
        if let known = indexOfClass[joinClass] {
            index = known
        } else {
            index = UInt32(classes.count)
            classes.append(joinClass)
            indexOfClass[joinClass] = index
        }
        let code = (index + 1) << 2 | (attachesToNeighbour(codePoint) ? 2 : 0) | (joinClass.isInert ? 1 : 0)
        codes[codePoint] = code
        return code
    }
}

/// True for characters that can belong to one grapheme cluster with a neighbour (marks,
/// format characters such as joiners, emoji modifiers, Hangul jamo, regional indicators,
/// fillers, CR): boundaries next to them are never shaped apart.
func attachesToNeighbour(_ codePoint: UInt32) -> Bool {
    switch codePoint {
    case 0x0D, 0xAD, 0x1100...0x11FF, 0x3164, 0xA960...0xA97F, 0xD7B0...0xD7FF, 0xFFA0, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF:
        return true
    case 0..<0x300: return false
    default:
        let category = hb_unicode_general_category(hb_unicode_funcs_get_default(), codePoint)
        return category == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK
            || category == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK
            || category == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
            || category == HB_UNICODE_GENERAL_CATEGORY_FORMAT
    }
}

/// A character's keys and flags for boundary decisions (`GlyphInteractions.joinClass`).
struct JoinClass: Hashable {
    var contextLeft: [UInt32] = []
    var contextRight: [UInt32] = []
    var pairLeft: [UInt32] = []
    var pairRight: [UInt32] = []
    var mayEndLigature = false
    var mayBeMark = false

    /// Nothing reaches across a boundary next to this character.
    var isInert: Bool {
        contextLeft.isEmpty && contextRight.isEmpty && pairLeft.isEmpty && pairRight.isEmpty && !mayEndLigature && !mayBeMark
    }
}

/// What a boundary between two pieces of one run is.
enum JoinKind {
    /// Nothing crosses it: the pieces shape apart exactly as together.
    case free
    /// Only pair positioning can cross it: the left glyph's advance may change.
    case pair
    /// Anything else may cross it: the pieces are shaped together.
    case merge
}

/// Reads the lookups of `GSUB`/`GPOS` into keys (see `GlyphInteractions`).
private struct Builder {
    /// `glyph << 32 | key` words per side; keys that hold every glyph on a side.
    var contextLeft: [UInt64] = []
    var contextRight: [UInt64] = []
    var pairLeft: [UInt64] = []
    var pairRight: [UInt64] = []
    var contextLeftAll: [UInt32] = []
    var contextRightAll: [UInt32] = []
    var pairRightAll: [UInt32] = []
    /// `glyph << 32 | successor` words.
    var successors: [UInt64] = []
    var ligatureTails: Set<UInt32> = []
    private var nextKey: UInt32 = 0

    struct Unmodelled: Error {}

    /// One position of a sequence: the glyphs that can stand there, or every glyph.
    enum Position {
        case glyphs([UInt32])
        case any
    }

    mutating func newKey() -> UInt32 {
        nextKey += 1
        return nextKey
    }

    @inline(__always)
    static func entry(_ glyph: UInt32, _ value: UInt32) -> UInt64 {
        UInt64(glyph) << 32 | UInt64(value)
    }

    /// Gives each pair of adjacent positions of a sequence a key of its own.
    mutating func link(_ sequence: [Position]) {
        guard sequence.count >= 2 else { return }
        for index in 0..<(sequence.count - 1) {
            let key = newKey()
            switch sequence[index] {
            case .glyphs(let glyphs): for glyph in glyphs { contextLeft.append(Self.entry(glyph, key)) }
            case .any: contextLeftAll.append(key)
            }
            switch sequence[index + 1] {
            case .glyphs(let glyphs): for glyph in glyphs { contextRight.append(Self.entry(glyph, key)) }
            case .any: contextRightAll.append(key)
            }
        }
    }

    mutating func read(_ table: FontTable, isPositioning: Bool) throws(Unmodelled) {
        let minor = try table.u16(2)
        if minor >= 1, try table.u32(10) != 0 { throw Unmodelled() } // feature variations
        let scriptList = Int(try table.u16(4))
        let featureList = Int(try table.u16(6))
        let lookupList = Int(try table.u16(8))
        guard featureList != 0, lookupList != 0 else { return }

        // Lookups of the default features and of every required feature, in any script.
        var featureIndices: Set<Int> = []
        let featureCount = Int(try table.u16(featureList))
        for index in 0..<featureCount {
            let record = featureList + 2 + index * 6
            if GlyphInteractions.defaultFeatures.contains(try table.tag(record)) { featureIndices.insert(index) }
        }
        if scriptList != 0 {
            let scriptCount = Int(try table.u16(scriptList))
            for index in 0..<scriptCount {
                let script = scriptList + Int(try table.u16(scriptList + 2 + index * 6 + 4))
                var langSystems: [Int] = []
                let defaultLangSys = Int(try table.u16(script))
                if defaultLangSys != 0 { langSystems.append(script + defaultLangSys) }
                let langSysCount = Int(try table.u16(script + 2))
                for langIndex in 0..<langSysCount {
                    langSystems.append(script + Int(try table.u16(script + 4 + langIndex * 6 + 4)))
                }
                for langSys in langSystems {
                    let required = Int(try table.u16(langSys + 2))
                    if required != 0xFFFF { featureIndices.insert(required) }
                }
            }
        }
        var lookupIndices: Set<Int> = []
        for index in featureIndices where index < featureCount {
            let feature = featureList + Int(try table.u16(featureList + 2 + index * 6 + 4))
            let count = Int(try table.u16(feature + 2))
            for lookup in 0..<count { lookupIndices.insert(Int(try table.u16(feature + 4 + lookup * 2))) }
        }
        let lookupCount = Int(try table.u16(lookupList))
        for index in lookupIndices.sorted() where index < lookupCount {
            let lookup = lookupList + Int(try table.u16(lookupList + 2 + index * 2))
            let lookupType = Int(try table.u16(lookup))
            let flags = try table.u16(lookup + 2)
            let subtableCount = Int(try table.u16(lookup + 4))
            for subtableIndex in 0..<subtableCount {
                var subtable = lookup + Int(try table.u16(lookup + 6 + subtableIndex * 2))
                var type = lookupType
                if (isPositioning && type == 9) || (!isPositioning && type == 7) {
                    type = Int(try table.u16(subtable + 2))
                    subtable += Int(try table.u32(subtable + 4))
                }
                try readSubtable(table, at: subtable, type: type, flags: flags, isPositioning: isPositioning)
            }
        }
    }

    private mutating func readSubtable(_ table: FontTable, at offset: Int, type: Int, flags: UInt16,
                                       isPositioning: Bool) throws(Unmodelled) {
        // Lookups that skip base glyphs or ligatures could match across a boundary through
        // glyphs this model does not see.
        let crossesSkipping = flags & 0x0006 != 0
        if isPositioning {
            switch type {
            case 1, 4, 5, 6: return // one glyph, or marks
            case 2:
                if crossesSkipping { throw Unmodelled() }
                try readPair(table, at: offset)
            case 3:
                if crossesSkipping { throw Unmodelled() }
                let covered = try table.coverage(offset + Int(try table.u16(offset + 2)))
                link([.glyphs(covered), .glyphs(covered)])
            case 7, 8:
                if crossesSkipping { throw Unmodelled() }
                try readContext(table, at: offset, chained: type == 8)
            default: throw Unmodelled()
            }
            return
        }
        switch type {
        case 1:
            let format = try table.u16(offset)
            let covered = try table.coverage(offset + Int(try table.u16(offset + 2)))
            if format == 1 {
                let delta = UInt32(try table.u16(offset + 4))
                for glyph in covered { successors.append(Self.entry(glyph, (glyph &+ delta) & 0xFFFF)) }
            } else if format == 2 {
                for (index, glyph) in covered.enumerated() {
                    successors.append(Self.entry(glyph, UInt32(try table.u16(offset + 6 + index * 2))))
                }
            } else {
                throw Unmodelled()
            }
        case 2, 3:
            // Multiple and alternate substitution: a list of glyph lists, by coverage index.
            let covered = try table.coverage(offset + Int(try table.u16(offset + 2)))
            for (index, glyph) in covered.enumerated() {
                let list = offset + Int(try table.u16(offset + 6 + index * 2))
                let count = Int(try table.u16(list))
                for item in 0..<count { successors.append(Self.entry(glyph, UInt32(try table.u16(list + 2 + item * 2)))) }
            }
        case 4:
            if crossesSkipping { throw Unmodelled() }
            let covered = try table.coverage(offset + Int(try table.u16(offset + 2)))
            for (index, first) in covered.enumerated() {
                let set = offset + Int(try table.u16(offset + 6 + index * 2))
                let count = Int(try table.u16(set))
                for ligatureIndex in 0..<count {
                    let ligature = set + Int(try table.u16(set + 2 + ligatureIndex * 2))
                    let glyph = UInt32(try table.u16(ligature))
                    let componentCount = Int(try table.u16(ligature + 2))
                    var sequence: [Position] = [.glyphs([first])]
                    successors.append(Self.entry(first, glyph))
                    for component in 1..<max(1, componentCount) {
                        let componentGlyph = UInt32(try table.u16(ligature + 4 + (component - 1) * 2))
                        sequence.append(.glyphs([componentGlyph]))
                        ligatureTails.insert(componentGlyph)
                        successors.append(Self.entry(componentGlyph, glyph))
                    }
                    link(sequence)
                }
            }
        case 5, 6:
            if crossesSkipping { throw Unmodelled() }
            try readContext(table, at: offset, chained: type == 6)
        case 8:
            if crossesSkipping { throw Unmodelled() }
            let covered = try table.coverage(offset + Int(try table.u16(offset + 2)))
            var position = offset + 4
            let backtrack = try table.coverageList(at: position, base: offset)
            position += 2 + backtrack.count * 2
            let lookahead = try table.coverageList(at: position, base: offset)
            position += 2 + lookahead.count * 2
            let substituteCount = Int(try table.u16(position))
            for (index, glyph) in covered.enumerated() where index < substituteCount {
                successors.append(Self.entry(glyph, UInt32(try table.u16(position + 2 + index * 2))))
            }
            link(backtrack.reversed().map { .glyphs($0) } + [.glyphs(covered)] + lookahead.map { .glyphs($0) })
        default:
            throw Unmodelled()
        }
    }

    /// Pair positioning. A pair that also moves its second glyph makes that glyph skip its own
    /// pairs, a chain this model does not price: such a subtable counts as context.
    private mutating func readPair(_ table: FontTable, at offset: Int) throws(Unmodelled) {
        let format = try table.u16(offset)
        let first = try table.coverage(offset + Int(try table.u16(offset + 2)))
        let valueFormat1 = try table.u16(offset + 4)
        let valueFormat2 = try table.u16(offset + 6)
        let size1 = valueFormat1.nonzeroBitCount * 2
        let size2 = valueFormat2.nonzeroBitCount * 2
        var second: [UInt32] = []
        var secondIsAny = false
        if format == 1 {
            let setCount = Int(try table.u16(offset + 8))
            for index in 0..<min(setCount, first.count) {
                let set = offset + Int(try table.u16(offset + 10 + index * 2))
                let count = Int(try table.u16(set))
                for record in 0..<count { second.append(UInt32(try table.u16(set + 2 + record * (2 + size1 + size2)))) }
            }
        } else if format == 2 {
            let classDef2 = offset + Int(try table.u16(offset + 10))
            let class1Count = Int(try table.u16(offset + 12))
            let class2Count = Int(try table.u16(offset + 14))
            second = try table.classedGlyphs(classDef2)
            // Class 0 of the second glyph is every glyph the class definition leaves out.
            let recordSize = size1 + size2
            for class1 in 0..<class1Count where recordSize > 0 && class2Count > 0 {
                let record = offset + 16 + class1 * class2Count * recordSize
                for byte in 0..<recordSize where try table.u8(record + byte) != 0 {
                    secondIsAny = true
                    break
                }
                if secondIsAny { break }
            }
        } else {
            throw Unmodelled()
        }
        if valueFormat2 != 0 {
            link([.glyphs(first), secondIsAny ? .any : .glyphs(second)])
            return
        }
        let key = newKey()
        for glyph in first { pairLeft.append(Self.entry(glyph, key)) }
        if secondIsAny {
            pairRightAll.append(key)
        } else {
            for glyph in second { pairRight.append(Self.entry(glyph, key)) }
        }
    }

    /// Contextual and chained contextual substitution or positioning, formats 1–3.
    private mutating func readContext(_ table: FontTable, at offset: Int, chained: Bool) throws(Unmodelled) {
        let format = try table.u16(offset)
        switch format {
        case 1:
            let covered = try table.coverage(offset + Int(try table.u16(offset + 2)))
            let setCount = Int(try table.u16(offset + 4))
            for index in 0..<min(setCount, covered.count) {
                let setOffset = Int(try table.u16(offset + 6 + index * 2))
                guard setOffset != 0 else { continue }
                let set = offset + setOffset
                let ruleCount = Int(try table.u16(set))
                for ruleIndex in 0..<ruleCount {
                    let rule = set + Int(try table.u16(set + 2 + ruleIndex * 2))
                    let sequence = try ruleSequence(table, at: rule, chained: chained) { value in .glyphs([UInt32(value)]) }
                    link(sequence.backtrack + [.glyphs([covered[index]])] + sequence.rest)
                }
            }
        case 2:
            let covered = try table.coverage(offset + Int(try table.u16(offset + 2)))
            let classDefs: [Int]
            var position = offset + 4
            if chained {
                classDefs = [offset + Int(try table.u16(offset + 4)), offset + Int(try table.u16(offset + 6)),
                             offset + Int(try table.u16(offset + 8))]
                position = offset + 10
            } else {
                let classDef = offset + Int(try table.u16(offset + 4))
                classDefs = [classDef, classDef, classDef]
                position = offset + 6
            }
            var classCache: [Int: [Int: [UInt32]]] = [:]
            func members(_ classDef: Int, _ value: Int) throws(Unmodelled) -> Position {
                if value == 0 { return .any }
                if classCache[classDef] == nil { classCache[classDef] = try table.classes(classDef) }
                return .glyphs(classCache[classDef]?[value] ?? [])
            }
            let inputClasses = try table.classes(classDefs[1])
            let setCount = Int(try table.u16(position))
            for index in 0..<setCount {
                let setOffset = Int(try table.u16(position + 2 + index * 2))
                guard setOffset != 0 else { continue }
                let set = offset + setOffset
                // The first glyph: covered glyphs of this class.
                let firstGlyphs: [UInt32]
                if index == 0 {
                    let classed = Set(inputClasses.values.joined())
                    firstGlyphs = covered.filter { !classed.contains($0) }
                } else {
                    let ofClass = Set(inputClasses[index] ?? [])
                    firstGlyphs = covered.filter { ofClass.contains($0) }
                }
                let ruleCount = Int(try table.u16(set))
                for ruleIndex in 0..<ruleCount {
                    let rule = set + Int(try table.u16(set + 2 + ruleIndex * 2))
                    let classed = try classRuleSequence(table, at: rule, chained: chained,
                                                        backtrack: { value throws(Unmodelled) in try members(classDefs[0], value) },
                                                        input: { value throws(Unmodelled) in try members(classDefs[1], value) },
                                                        lookahead: { value throws(Unmodelled) in try members(classDefs[2], value) })
                    link(classed.backtrack + [.glyphs(firstGlyphs)] + classed.rest)
                }
            }
        case 3:
            if chained {
                var position = offset + 2
                let backtrack = try table.coverageList(at: position, base: offset)
                position += 2 + backtrack.count * 2
                let input = try table.coverageList(at: position, base: offset)
                position += 2 + input.count * 2
                let lookahead = try table.coverageList(at: position, base: offset)
                link(backtrack.reversed().map { .glyphs($0) } + input.map { .glyphs($0) } + lookahead.map { .glyphs($0) })
            } else {
                let count = Int(try table.u16(offset + 2))
                var input: [[UInt32]] = []
                for index in 0..<count { input.append(try table.coverage(offset + Int(try table.u16(offset + 6 + index * 2)))) }
                link(input.map { .glyphs($0) })
            }
        default:
            throw Unmodelled()
        }
    }

    /// The positions of a glyph-based rule around its first input glyph: the backtrack (in
    /// text order) and the rest of the input followed by the lookahead.
    private func ruleSequence(_ table: FontTable, at rule: Int, chained: Bool,
                              _ position: (Int) throws(Unmodelled) -> Position) throws(Unmodelled) -> (backtrack: [Position], rest: [Position]) {
        try classRuleSequence(table, at: rule, chained: chained, backtrack: position, input: position, lookahead: position)
    }

    private func classRuleSequence(_ table: FontTable, at rule: Int, chained: Bool,
                                   backtrack: (Int) throws(Unmodelled) -> Position,
                                   input: (Int) throws(Unmodelled) -> Position,
                                   lookahead: (Int) throws(Unmodelled) -> Position) throws(Unmodelled) -> (backtrack: [Position], rest: [Position]) {
        var offset = rule
        var before: [Position] = []
        if chained {
            let count = Int(try table.u16(offset))
            for index in 0..<count { before.append(try backtrack(Int(try table.u16(offset + 2 + index * 2)))) }
            offset += 2 + count * 2
        }
        let inputCount = Int(try table.u16(offset))
        if !chained { offset += 2 } // glyphCount, then seqLookupCount
        var rest: [Position] = []
        let inputStart = chained ? offset + 2 : offset + 2
        for index in 0..<max(0, inputCount - 1) { rest.append(try input(Int(try table.u16(inputStart + index * 2)))) }
        if chained {
            offset = inputStart + max(0, inputCount - 1) * 2
            let count = Int(try table.u16(offset))
            for index in 0..<count { rest.append(try lookahead(Int(try table.u16(offset + 2 + index * 2)))) }
        }
        return (before.reversed(), rest)
    }

    /// The legacy `kern` table (OpenType version 0): format 0 subtables are pairs; anything
    /// else is a state machine or cross-stream kerning this model does not price.
    mutating func readKern(_ table: FontTable) throws(Unmodelled) {
        guard try table.u16(0) == 0 else { throw Unmodelled() } // Apple's version 1 table
        let count = Int(try table.u16(2))
        var offset = 4
        let key = newKey()
        for _ in 0..<count {
            let length = Int(try table.u16(offset + 2))
            let coverage = try table.u16(offset + 4)
            let format = coverage >> 8
            let horizontal = coverage & 1 != 0
            let crossStream = coverage & 4 != 0
            if horizontal {
                guard format == 0, !crossStream else { throw Unmodelled() }
                let pairs = Int(try table.u16(offset + 6))
                for index in 0..<pairs {
                    let record = offset + 14 + index * 6
                    pairLeft.append(Self.entry(UInt32(try table.u16(record)), key))
                    pairRight.append(Self.entry(UInt32(try table.u16(record + 2)), key))
                }
            }
            // A format 0 subtable's length may have overflowed 16 bits: its pairs say how long it is.
            let size = format == 0 ? 14 + Int(try table.u16(offset + 6)) * 6 : length
            guard size > 0 else { throw Unmodelled() }
            offset += size
        }
    }
}

/// The bytes of one font table, read big-endian with bounds checks.
private struct FontTable {
    private let blob: OpaquePointer
    private let bytes: UnsafePointer<UInt8>?
    let count: Int

    init(face: OpaquePointer, tag: String) {
        let code = tag.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        blob = hb_face_reference_table(face, code)
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        bytes = data.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
        count = bytes == nil ? 0 : Int(length)
    }

    func release() {
        hb_blob_destroy(blob)
    }

    func u8(_ offset: Int) throws(Builder.Unmodelled) -> UInt8 {
        guard offset >= 0, offset < count, let bytes else { throw Builder.Unmodelled() }
        return bytes[offset]
    }

    func u16(_ offset: Int) throws(Builder.Unmodelled) -> UInt16 {
        UInt16(try u8(offset)) << 8 | UInt16(try u8(offset + 1))
    }

    func u32(_ offset: Int) throws(Builder.Unmodelled) -> UInt32 {
        UInt32(try u16(offset)) << 16 | UInt32(try u16(offset + 2))
    }

    func tag(_ offset: Int) throws(Builder.Unmodelled) -> String {
        String(decoding: [try u8(offset), try u8(offset + 1), try u8(offset + 2), try u8(offset + 3)], as: UTF8.self)
    }

    /// The glyphs of a coverage table, in coverage-index order.
    func coverage(_ offset: Int) throws(Builder.Unmodelled) -> [UInt32] {
        let format = try u16(offset)
        let count = Int(try u16(offset + 2))
        var glyphs: [UInt32] = []
        if format == 1 {
            for index in 0..<count { glyphs.append(UInt32(try u16(offset + 4 + index * 2))) }
        } else if format == 2 {
            for index in 0..<count {
                let start = try u16(offset + 4 + index * 6)
                let end = try u16(offset + 6 + index * 6)
                guard start <= end else { throw Builder.Unmodelled() }
                for glyph in start...end { glyphs.append(UInt32(glyph)) }
            }
        } else {
            throw Builder.Unmodelled()
        }
        return glyphs
    }

    /// A count followed by that many coverage offsets (from `base`).
    func coverageList(at offset: Int, base: Int) throws(Builder.Unmodelled) -> [[UInt32]] {
        let count = Int(try u16(offset))
        var list: [[UInt32]] = []
        for index in 0..<count { list.append(try coverage(base + Int(try u16(offset + 2 + index * 2)))) }
        return list
    }

    /// The glyphs of each class (other than 0) of a class definition table.
    func classes(_ offset: Int) throws(Builder.Unmodelled) -> [Int: [UInt32]] {
        let format = try u16(offset)
        var result: [Int: [UInt32]] = [:]
        if format == 1 {
            let start = Int(try u16(offset + 2))
            let count = Int(try u16(offset + 4))
            for index in 0..<count {
                let value = Int(try u16(offset + 6 + index * 2))
                if value != 0 { result[value, default: []].append(UInt32(start + index)) }
            }
        } else if format == 2 {
            let count = Int(try u16(offset + 2))
            for index in 0..<count {
                let start = try u16(offset + 4 + index * 6)
                let end = try u16(offset + 6 + index * 6)
                let value = Int(try u16(offset + 8 + index * 6))
                guard start <= end else { throw Builder.Unmodelled() }
                if value != 0 { result[value, default: []].append(contentsOf: (start...end).map(UInt32.init)) }
            }
        } else {
            throw Builder.Unmodelled()
        }
        return result
    }

    /// Every glyph a class definition gives a class other than 0.
    func classedGlyphs(_ offset: Int) throws(Builder.Unmodelled) -> [UInt32] {
        Array(try classes(offset).values.joined())
    }
}
