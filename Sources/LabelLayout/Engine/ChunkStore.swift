#if canImport(Glibc)
import Glibc
#endif

/// The measurements of shaped chunks, in flat buffers, with an open-addressing table that
/// finds a chunk's measurement by its text, face, script, language and direction.
///
/// A chunk is a stretch of one run that shapes alone exactly as it does inside its run
/// (docs/layout-rules.md): a word, an ideograph, or a whole run. Its measurement is the
/// advance (in ems of the font size) at every grapheme boundary, and whether a line may end
/// or start there without re-shaping (HarfBuzz's `unsafe_to_break`). It does not depend on
/// point size or letter spacing, so a word measured once serves every label and every size
/// that uses it. Entries are referred to by index; indices and pointers stay valid until the
/// next insert or `removeAll()`. The buffers are plain memory, so the hot path pays no
/// reference counting. A store belongs to one workspace, used by one thread at a time: its
/// buffers skip Swift's run-time exclusivity checks (a fifth of the engine's time otherwise).
final class ChunkStore {
    struct Entry {
        var hash: UInt64
        /// Face id, script, language and direction (`ChunkStore.kind`).
        var kind: UInt64
        var textStart: Int32
        var textLength: Int32
        var edgeStart: Int32
        var edgeCount: Int32
    }

    @exclusivity(unchecked) private(set) var entries = RawBuffer<Entry>()
    @exclusivity(unchecked) private var texts = RawBuffer<UInt16>()
    /// UTF-16 offsets of grapheme boundaries from each chunk's start (first 0, last its length).
    @exclusivity(unchecked) private(set) var edgeOffsets = RawBuffer<Int32>()
    /// Advance from the chunk's start to each boundary, in ems.
    @exclusivity(unchecked) private(set) var edgeAdvances = RawBuffer<Double>()
    /// 1 where a line may end or start at the boundary as the chunk is shaped.
    @exclusivity(unchecked) private(set) var edgeSafe = RawBuffer<UInt8>()
    @exclusivity(unchecked) private var slots = RawBuffer<Int32>()
    /// The advances (font units) of one-unit chunks (an ideograph, a letter) per kind, by code
    /// unit (`Int32.min`: not measured): read without hashing or edge lists.
    @exclusivity(unchecked) private var singleUnitTables: [UInt64: UnsafeMutablePointer<Int32>] = [:]
    @exclusivity(unchecked) private var lastSingleUnitKind = UInt64.max
    @exclusivity(unchecked) private var lastSingleUnitTable: UnsafeMutablePointer<Int32>?

    init() {
        slots.append(repeating: -1, count: 1 << 12)
    }

    deinit {
        entries.deallocate()
        texts.deallocate()
        edgeOffsets.deallocate()
        edgeAdvances.deallocate()
        edgeSafe.deallocate()
        slots.deallocate()
        for table in singleUnitTables.values { table.deallocate() }
    }

    var storedUnits: Int { texts.count + edgeOffsets.count }

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

    /// The entry measured for this text and kind, if any.
    func find(_ text: UnsafeBufferPointer<UInt16>, kind: UInt64, hash: UInt64) -> Int? {
        let slots = self.slots
        let entries = self.entries
        let texts = self.texts
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            let entry = entries[index]
            if entry.hash == hash, entry.kind == kind, Int(entry.textLength) == text.count,
               memcmp(texts.base + Int(entry.textStart), text.baseAddress!, text.count * 2) == 0 {
                return index
            }
            slot = (slot + 1) & mask
        }
    }

    /// Stores a measurement and makes it findable by `find`.
    func insert(text: UnsafeBufferPointer<UInt16>, kind: UInt64, hash: UInt64, edges: UnsafeBufferPointer<Int32>,
                advances: UnsafeBufferPointer<Double>, safe: UnsafeBufferPointer<UInt8>) -> Int {
        let index = entries.count
        entries.append(Entry(hash: hash, kind: kind, textStart: Int32(texts.count), textLength: Int32(text.count),
                             edgeStart: Int32(edgeOffsets.count), edgeCount: Int32(edges.count)))
        edgeOffsets.append(contentsOf: edges)
        edgeAdvances.append(contentsOf: advances)
        edgeSafe.append(contentsOf: safe)
        texts.append(contentsOf: text)
        if entries.count * 2 > slots.count { rehash(capacity: slots.count * 2) }
        place(index)
        return index
    }

    func removeAll() {
        entries.count = 0
        texts.count = 0
        edgeOffsets.count = 0
        edgeAdvances.count = 0
        edgeSafe.count = 0
        for index in 0..<slots.count { slots[index] = -1 }
        for table in singleUnitTables.values { table.update(repeating: .min, count: 0x10000) }
    }

    private func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: entries[index].hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index)
    }

    private func rehash(capacity: Int) {
        slots.count = 0
        slots.append(repeating: -1, count: capacity)
        for index in 0..<entries.count { place(index) }
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
