import LabelJSON

/// The hash of everything a layout depends on (SPEC §4): the resolved definition's canonical
/// JSON (`LabelDefinition.writeJSON`, with only the text the locale shows), the locale, the
/// identity of every font file the definition names, and the engine version. Hashing the
/// canonical JSON keeps one list of a definition's fields: a field the JSON writes is hashed.
/// 128 bits, as 32 hex digits; stable across processes and machines (of one byte order).
public enum InputHash {
    static func of(_ definition: LabelDefinition, locale: String, chain: FontChain) -> String {
        var writer = JSONWriter(numberStyle: .exact, capacity: 256 + definition.text(for: locale).utf8.count)
        definition.writeJSON(into: &writer, locale: locale)
        var hasher = StableHasher()
        hasher.combine(bytes: writer.bytes)
        hasher.combine(locale)
        for face in chain.faces { hasher.combine(face.fileIdentity) }
        hasher.combine(LayoutEngine.version)
        return hasher.hexDigest
    }
}

extension InputHash {
    /// The hash a catalog records for a label it could not lay out: of the inputs that failed
    /// (as strings, in order) and the engine version. Tagged, so it never equals `of`'s hash.
    public static func ofFailure(_ inputs: [String]) -> String {
        var hasher = StableHasher()
        hasher.combine("labelcat-failure")
        hasher.combine(inputs.count)
        for input in inputs { hasher.combine(input) }
        hasher.combine(LayoutEngine.version)
        return hasher.hexDigest
    }
}

/// A stable 128-bit hash: two 64-bit multiply-xorshift lanes fed 8 bytes at a time, every
/// value length-prefixed so no two field sequences collide by concatenation.
struct StableHasher {
    private var low: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var high: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
        low = (low ^ word) &* 0xFF51_AFD7_ED55_8CCD
        low ^= low >> 32
        high = (high ^ word ^ (low << 1)) &* 0xC4CE_B9FE_1A85_EC53
        high ^= high >> 29
    }

    mutating func combine(_ value: Int) { mix(UInt64(bitPattern: Int64(value))) }

    mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(bytes: $0) }
    }

    mutating func combine(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { combine(bytes: $0) }
    }

    mutating func combine(bytes: UnsafeBufferPointer<UInt8>) {
        mix(UInt64(bytes.count))
        var index = 0
        while index + 8 <= bytes.count {
            mix(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        mix(tail)
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
