#if canImport(Glibc)
import Glibc
#endif

/// The measurements of line-break segments, in flat buffers, with an open-addressing table
/// that finds a segment's measurement by its font chain and text.
///
/// A measurement is the advance (in ems of the font size) at every grapheme boundary of the
/// segment, and where its trailing white space begins. It does not depend on point size or
/// letter spacing, so a word measured once serves every label that uses it. Entries are
/// referred to by index; indices and pointers stay valid until the next insert or
/// `removeAll()`. The buffers are plain memory, so the hot path pays no reference counting.
final class SegmentStore {
    struct Entry {
        var hash: UInt64
        var chain: Int32
        var textStart: Int32
        var textLength: Int32
        var edgeStart: Int32
        var edgeCount: Int32
        /// Index (from 0) of the edge where trailing white space begins.
        var contentEdge: Int32
    }

    private(set) var entries = RawBuffer<Entry>()
    private var texts = RawBuffer<UInt16>()
    /// UTF-16 offsets of grapheme boundaries from each segment's start (first 0, last its length).
    private(set) var edgeOffsets = RawBuffer<Int32>()
    /// Advance from the segment's start to each boundary, in ems.
    private(set) var edgeAdvances = RawBuffer<Double>()
    private var slots = RawBuffer<Int32>()

    init() {
        slots.append(repeating: -1, count: 1 << 12)
    }

    deinit {
        entries.deallocate()
        texts.deallocate()
        edgeOffsets.deallocate()
        edgeAdvances.deallocate()
        slots.deallocate()
    }

    var storedUnits: Int { texts.count + edgeOffsets.count }

    static func hash(_ text: UnsafeBufferPointer<UInt16>, chain: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(chain)
        for unit in text { hash = (hash ^ UInt64(unit)) &* 0x0000_0100_0000_01b3 }
        return hash ^ (hash >> 29)
    }

    /// The entry measured for this text in this chain, if any.
    func find(_ text: UnsafeBufferPointer<UInt16>, chain: Int, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            let entry = entries[index]
            if entry.hash == hash, entry.chain == Int32(chain), Int(entry.textLength) == text.count,
               memcmp(texts.base + Int(entry.textStart), text.baseAddress!, text.count * 2) == 0 {
                return index
            }
            slot = (slot + 1) & mask
        }
    }

    /// Stores a measurement; `text` (when given) makes it findable by `find`.
    func insert(text: UnsafeBufferPointer<UInt16>?, chain: Int, hash: UInt64, edges: UnsafeBufferPointer<Int32>,
                advances: UnsafeBufferPointer<Double>, contentEdge: Int) -> Int {
        let index = entries.count
        entries.append(Entry(hash: hash, chain: Int32(chain), textStart: Int32(texts.count),
                             textLength: Int32(text?.count ?? 0), edgeStart: Int32(edgeOffsets.count),
                             edgeCount: Int32(edges.count), contentEdge: Int32(contentEdge)))
        edgeOffsets.append(contentsOf: edges)
        edgeAdvances.append(contentsOf: advances)
        guard let text else { return index }
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
        for index in 0..<slots.count { slots[index] = -1 }
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
        for index in 0..<entries.count where entries[index].textLength > 0 { place(index) }
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

    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
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
