@testable import LabelLayout
import Testing

/// The engine's table of measured chunks: each chunk's measurement comes back whole, from one
/// record, whatever its length, however many chunks share its slot or its hash.
@Suite("Chunk store")
struct ChunkStoreTests {
    /// A measurement made up from a number: its text, boundaries, advances and flags.
    struct Measurement {
        let text: [UInt16]
        let edges: [Int32]
        let advances: [Double]
        let safe: [UInt8]

        init(_ number: Int) {
            let length = 1 + number % 9
            text = (0..<length).map { UInt16(truncatingIfNeeded: 0x61 + (number >> (2 * $0)) % 26) }
            edges = Array(0...Int32(length))
            advances = edges.map { Double($0) * 0.25 + Double(number) }
            safe = edges.map { UInt8(($0 + Int32(number)) % 2) }
        }

        func insert(into store: ChunkStore, kind: UInt64, hash: UInt64) -> ChunkStore.Record {
            text.withUnsafeBufferPointer { text in
                edges.withUnsafeBufferPointer { edges in
                    advances.withUnsafeBufferPointer { advances in
                        safe.withUnsafeBufferPointer { safe in
                            store.insert(text: text, kind: kind, hash: hash, edges: edges, advances: advances, safe: safe)
                        }
                    }
                }
            }
        }

        func find(in store: ChunkStore, kind: UInt64, hash: UInt64) -> ChunkStore.Record? {
            text.withUnsafeBufferPointer { store.find($0, kind: kind, hash: hash) }
        }

        /// Whether a record holds this measurement.
        func matches(_ record: ChunkStore.Record, in store: ChunkStore) -> Bool {
            let count = store.edgeCount(record)
            return count == edges.count
                && Array(UnsafeBufferPointer(start: store.edgeOffsets(record), count: count)) == edges
                && Array(UnsafeBufferPointer(start: store.advances(record), count: count)) == advances
                && Array(UnsafeBufferPointer(start: store.edgeSafe(record), count: count)) == safe
        }

        var hash: UInt64 { text.withUnsafeBufferPointer { ChunkStore.hash($0, kind: 7) } }
    }

    @Test("many chunks of every length come back whole after the table grows")
    func manyChunks() {
        let store = ChunkStore()
        let measurements = (0..<20_000).map(Measurement.init)
        var distinct: [[UInt16]: Int] = [:]
        for (number, measurement) in measurements.enumerated() where distinct[measurement.text] == nil {
            distinct[measurement.text] = number
            #expect(measurement.find(in: store, kind: 7, hash: measurement.hash) == nil)
            _ = measurement.insert(into: store, kind: 7, hash: measurement.hash)
        }
        #expect(distinct.count > 10_000)
        for number in distinct.values {
            let measurement = measurements[number]
            let record = measurement.find(in: store, kind: 7, hash: measurement.hash)
            #expect(record.map { measurement.matches($0, in: store) } == true)
            #expect(measurement.find(in: store, kind: 8, hash: measurement.hash) == nil)
        }
        #expect(store.storedUnits == distinct.values.reduce(0) { $0 + measurements[$1].text.count + measurements[$1].edges.count })
    }

    @Test("chunks with one hash are told apart by kind, length and text")
    func sharedHash() throws {
        let store = ChunkStore()
        let hash: UInt64 = 0x1234_5678_0000_0042
        let first = Measurement(3), second = Measurement(12), third = Measurement(4)
        _ = first.insert(into: store, kind: 1, hash: hash)
        _ = second.insert(into: store, kind: 1, hash: hash)
        _ = first.insert(into: store, kind: 2, hash: hash)
        _ = third.insert(into: store, kind: 1, hash: hash ^ 1)
        #expect(first.matches(try #require(first.find(in: store, kind: 1, hash: hash)), in: store))
        #expect(second.matches(try #require(second.find(in: store, kind: 1, hash: hash)), in: store))
        #expect(first.matches(try #require(first.find(in: store, kind: 2, hash: hash)), in: store))
        #expect(third.matches(try #require(third.find(in: store, kind: 1, hash: hash ^ 1)), in: store))
        #expect(third.find(in: store, kind: 1, hash: hash) == nil)
        #expect(second.find(in: store, kind: 2, hash: hash) == nil)
    }

    @Test("emptied, the store finds nothing and takes chunks again")
    func removeAll() throws {
        let store = ChunkStore()
        let measurement = Measurement(5)
        _ = measurement.insert(into: store, kind: 7, hash: measurement.hash)
        store.removeAll()
        #expect(store.storedUnits == 0)
        #expect(measurement.find(in: store, kind: 7, hash: measurement.hash) == nil)
        let other = Measurement(6)
        _ = other.insert(into: store, kind: 7, hash: measurement.hash)
        #expect(other.matches(try #require(other.find(in: store, kind: 7, hash: measurement.hash)), in: store))
    }
}
