import LabelJSON

/// The hash of everything a layout depends on (SPEC §4): the resolved definition's canonical
/// JSON, the locale, the identity of every font file the definition names, and the engine
/// version. 128 bits, as 32 hex digits; stable across processes and machines.
public enum InputHash {
    static func of(_ definition: LabelDefinition, locale: String, chain: FontChain) -> String {
        var writer = JSONWriter(numberStyle: .exact, capacity: 512)
        definition.writeJSON(into: &writer)
        var hasher = StableHasher()
        hasher.combine(writer.bytes)
        hasher.combine(Array(locale.utf8))
        for face in chain.faces { hasher.combine(Array(face.fileIdentity.utf8)) }
        hasher.combine(Array(LayoutEngine.version.utf8))
        return hasher.hexDigest
    }
}

/// Two independent 64-bit FNV-1a lanes over length-prefixed byte strings.
struct StableHasher {
    private var low: UInt64 = 0xcbf2_9ce4_8422_2325
    private var high: UInt64 = 0x8422_2325_cbf2_9ce4

    mutating func combine(_ bytes: [UInt8]) {
        var length = UInt64(bytes.count)
        for _ in 0..<8 {
            mix(UInt8(truncatingIfNeeded: length))
            length >>= 8
        }
        for byte in bytes { mix(byte) }
    }

    @inline(__always)
    private mutating func mix(_ byte: UInt8) {
        low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_0233
    }

    var hexDigest: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for lane in [high, low] {
            for shift in stride(from: 60, through: 0, by: -4) {
                bytes.append(digits[Int((lane >> UInt64(shift)) & 15)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
