#if canImport(Glibc)
import Glibc
#endif

/// The measurements of shaped chunks, each in one stretch of memory, with an open-addressing
/// table that finds a chunk's measurement by its text, face, script, language and direction.
///
/// A chunk is a stretch of one run that shapes alone exactly as it does inside its run
/// (docs/layout-rules.md): a word, an ideograph, or a whole run. Its measurement is the
/// advance (in ems of the font size) at every grapheme boundary, and whether a line may end
/// or start there without re-shaping (HarfBuzz's `unsafe_to_break`). It does not depend on
/// point size or letter spacing, so a word measured once serves every label and every size
/// that uses it. Measurements are referred to by record (`Record`); records and pointers stay
/// valid until the next insert or `removeAll()`. The buffers are plain memory, so the hot path
/// pays no reference counting. A store belongs to one workspace, used by one thread at a time:
/// its buffers skip Swift's run-time exclusivity checks (a fifth of the engine's time otherwise).
///
/// The table outgrows the processor's caches, so a lookup is laid out to touch little memory:
/// a slot holds the high half of its chunk's hash beside the record's place (a probe past
/// another chunk reads nothing else), and a record holds everything of one chunk side by side
/// (the key, the text, the advances, the boundaries and their flags), where keeping each in an
/// array of its own cost a cache miss per array.
final class ChunkStore {
    /// A chunk's measurement, as `find` and `insert` return it.
    struct Record {
        /// The record's first word in `words`.
        fileprivate let offset: Int
    }

    /// The records, one after another, each in whole 8-byte words: the hash; the kind; the
    /// text's length (low 32 bits) and the number of boundaries (high 32 bits); the text
    /// (UTF-16, beside the key it is compared with); then per boundary its advance (`Double`),
    /// its offset from the chunk's start (`Int32`) and its flag (`UInt8`, 1 where a line may
    /// end or start there). The text and each list are padded to a whole word.
    @exclusivity(unchecked) private var words = RawBuffer<UInt64>()
    /// Per slot 0 (empty) or the high 32 bits of the chunk's hash and the offset + 1 of its record.
    @exclusivity(unchecked) private var slots = RawBuffer<UInt64>()
    private var recordCount = 0
    /// Code units and boundaries of every stored chunk (what `storedUnits` bounds).
    private var unitCount = 0
    /// The advances (font units) of one-unit chunks (an ideograph, a letter) per kind, by code
    /// unit (`Int32.min`: not measured): read without hashing or edge lists.
    @exclusivity(unchecked) private var singleUnitTables: [UInt64: UnsafeMutablePointer<Int32>] = [:]
    @exclusivity(unchecked) private var lastSingleUnitKind = UInt64.max
    @exclusivity(unchecked) private var lastSingleUnitTable: UnsafeMutablePointer<Int32>?

    private static let headerWords = 3

    init() {
        slots.append(repeating: 0, count: 1 << 12)
    }

    deinit {
        words.deallocate()
        slots.deallocate()
        for table in singleUnitTables.values { table.deallocate() }
    }

    var storedUnits: Int { unitCount }

    /// Face id, script, language id and direction packed into one key word: the script tag in
    /// bits 0–31, the direction in bit 32, the face in bits 33–52, the language in 53–63.
    static func kind(face: Int, script: UInt32, language: Int, rightToLeft: Bool) -> UInt64 {
        precondition(face < 1 << 20 && language < 1 << 11, "face or language id out of range")
        return UInt64(script) | (rightToLeft ? 1 << 32 : 0) | UInt64(face) << 33 | UInt64(language) << 53
    }

    /// Language ids a workspace may hand out before it starts over (`kind`).
    static let maximumLanguages = 1 << 11
    /// The largest face id `kind` takes.
    static let maximumFaceID = (1 << 20) - 1

    static func hash(_ text: UnsafeBufferPointer<UInt16>, kind: UInt64) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ kind
        for unit in text { hash = (hash ^ UInt64(unit)) &* 0x0000_0100_0000_01b3 }
        return hash ^ (hash >> 29)
    }

    /// The advance in font units measured for a one-unit chunk of this kind, if any.
    @inline(__always)
    func singleUnitAdvance(_ unit: UInt16, kind: UInt64) -> Int32? {
        let units = singleUnitTable(kind)[Int(unit)]
        return units != .min ? units : nil
    }

    func setSingleUnitAdvance(_ unit: UInt16, kind: UInt64, units: Int32) {
        singleUnitTable(kind)[Int(unit)] = units
    }

    private func singleUnitTable(_ kind: UInt64) -> UnsafeMutablePointer<Int32> {
        if kind == lastSingleUnitKind, let table = lastSingleUnitTable { return table }
        let table: UnsafeMutablePointer<Int32>
        if let known = singleUnitTables[kind] {
            table = known
        } else {
            table = .allocate(capacity: 0x10000)
            table.initialize(repeating: .min, count: 0x10000)
            singleUnitTables[kind] = table
        }
        lastSingleUnitKind = kind
        lastSingleUnitTable = table
        return table
    }

    /// The record measured for this text and kind, if any.
    func find(_ text: UnsafeBufferPointer<UInt16>, kind: UInt64, hash: UInt64) -> Record? {
        let slots = self.slots
        let words = self.words.base
        let mask = slots.count - 1
        let tag = hash >> 32
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let value = slots[slot]
            if value == 0 { return nil }
            if value >> 32 == tag {
                let offset = Int(truncatingIfNeeded: value & 0xffff_ffff) - 1
                let record = words + offset
                if record[0] == hash, record[1] == kind, Int(truncatingIfNeeded: record[2] & 0xffff_ffff) == text.count,
                   memcmp(record + Self.headerWords, text.baseAddress!, text.count * 2) == 0 {
                    return Record(offset: offset)
                }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Stores a measurement and makes it findable by `find`.
    func insert(text: UnsafeBufferPointer<UInt16>, kind: UInt64, hash: UInt64, edges: UnsafeBufferPointer<Int32>,
                advances: UnsafeBufferPointer<Double>, safe: UnsafeBufferPointer<UInt8>) -> Record {
        precondition(text.count <= Int(Int32.max) && edges.count <= Int(Int32.max), "chunk too long")
        let edgeCount = edges.count
        let textWords = (text.count + 3) / 4
        let size = Self.safeOffset(textWords: textWords, edgeCount: edgeCount) + (edgeCount + 7) / 8
        let offset = words.count
        precondition(offset + size < Int(UInt32.max), "chunk store too large")
        words.append(repeating: 0, count: size)
        let record = words.base + offset
        record[0] = hash
        record[1] = kind
        record[2] = UInt64(UInt32(text.count)) | UInt64(UInt32(edgeCount)) << 32
        let raw = UnsafeMutableRawPointer(record)
        if !text.isEmpty { raw.advanced(by: Self.headerWords * 8).copyMemory(from: text.baseAddress!, byteCount: text.count * 2) }
        raw.advanced(by: Self.advancesOffset(textWords: textWords) * 8)
            .copyMemory(from: advances.baseAddress!, byteCount: edgeCount * 8)
        raw.advanced(by: Self.offsetsOffset(textWords: textWords, edgeCount: edgeCount) * 8)
            .copyMemory(from: edges.baseAddress!, byteCount: edgeCount * 4)
        raw.advanced(by: Self.safeOffset(textWords: textWords, edgeCount: edgeCount) * 8)
            .copyMemory(from: safe.baseAddress!, byteCount: edgeCount)
        recordCount += 1
        unitCount += text.count + edgeCount
        if recordCount * 2 > slots.count { rehash(capacity: slots.count * 2) }
        place(offset: offset, hash: hash)
        return Record(offset: offset)
    }

    /// The number of grapheme boundaries of a record's chunk (its start and end included).
    @inline(__always)
    func edgeCount(_ record: Record) -> Int {
        Int(truncatingIfNeeded: words[record.offset + 2] >> 32)
    }

    /// The advance from a record's chunk's start to each boundary, in ems.
    @inline(__always)
    func advances(_ record: Record) -> UnsafePointer<Double> {
        UnsafeRawPointer(words.base + record.offset + Self.advancesOffset(textWords: textWords(record)))
            .assumingMemoryBound(to: Double.self)
    }

    /// The UTF-16 offset of each boundary from a record's chunk's start (first 0, last its length).
    @inline(__always)
    func edgeOffsets(_ record: Record) -> UnsafePointer<Int32> {
        UnsafeRawPointer(words.base + record.offset + Self.offsetsOffset(textWords: textWords(record), edgeCount: edgeCount(record)))
            .assumingMemoryBound(to: Int32.self)
    }

    /// Per boundary of a record's chunk, 1 where a line may end or start there as the chunk is shaped.
    @inline(__always)
    func edgeSafe(_ record: Record) -> UnsafePointer<UInt8> {
        UnsafeRawPointer(words.base + record.offset + Self.safeOffset(textWords: textWords(record), edgeCount: edgeCount(record)))
            .assumingMemoryBound(to: UInt8.self)
    }

    @inline(__always)
    private func textWords(_ record: Record) -> Int {
        (Int(truncatingIfNeeded: words[record.offset + 2] & 0xffff_ffff) + 3) / 4
    }

    func removeAll() {
        words.count = 0
        recordCount = 0
        unitCount = 0
        for index in 0..<slots.count { slots[index] = 0 }
        for table in singleUnitTables.values { table.update(repeating: .min, count: 0x10000) }
    }

    @inline(__always)
    private static func advancesOffset(textWords: Int) -> Int { headerWords + textWords }

    @inline(__always)
    private static func offsetsOffset(textWords: Int, edgeCount: Int) -> Int { advancesOffset(textWords: textWords) + edgeCount }

    @inline(__always)
    private static func safeOffset(textWords: Int, edgeCount: Int) -> Int {
        offsetsOffset(textWords: textWords, edgeCount: edgeCount) + (edgeCount + 1) / 2
    }

    private func place(offset: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = (hash >> 32) << 32 | UInt64(offset + 1)
    }

    private func rehash(capacity: Int) {
        let old = slots
        slots = RawBuffer<UInt64>()
        slots.append(repeating: 0, count: capacity)
        for index in 0..<old.count where old[index] != 0 {
            let offset = Int(truncatingIfNeeded: old[index] & 0xffff_ffff) - 1
            place(offset: offset, hash: words[offset])
        }
        old.deallocate()
    }
}

/// A growable buffer of plain values in manually managed memory: no copy-on-write and no
/// reference counting. Its owner calls `deallocate()`.
struct RawBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    var count = 0
    private var capacity = 0

    init() {
        base = .allocate(capacity: 0)
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    mutating func reserve(_ minimum: Int) {
        guard minimum > capacity else { return }
        let newCapacity = max(minimum, capacity * 2, 16)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { reserve(count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Appends where `reserve` has already made room.
    @inline(__always)
    mutating func appendReserved(_ element: Element) {
        assert(count < capacity)
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard !elements.isEmpty else { return }
        reserve(count + elements.count)
        (base + count).update(from: elements.baseAddress!, count: elements.count)
        count += elements.count
    }

    mutating func append(repeating element: Element, count extra: Int) {
        reserve(count + extra)
        (base + count).initialize(repeating: element, count: extra)
        count += extra
    }

    func deallocate() {
        base.deallocate()
    }
}
