/// The hash of everything a layout depends on (SPEC §4): every field of the resolved
/// definition (of the texts, only the one the locale shows), the locale, the identity of every
/// font file the definition names, and the engine version. 128 bits, as 32 hex digits; stable
/// across processes and machines (of one byte order).
public enum InputHash {
    static func of(_ definition: LabelDefinition, locale: String, chain: FontChain) -> String {
        var hasher = StableHasher()
        hasher.combine(definition.name)
        hasher.combine(definition.text(for: locale))
        hasher.combine(definition.frame.x)
        hasher.combine(definition.frame.y)
        hasher.combine(definition.frame.width)
        hasher.combine(definition.frame.height)
        hasher.combine(definition.font.families.count)
        for family in definition.font.families { hasher.combine(family) }
        hasher.combine(definition.font.size)
        hasher.combine(definition.font.weight)
        hasher.combine(definition.numberOfLines)
        hasher.combine(definition.lineBreakMode.rawValue)
        hasher.combine(definition.lineBreakStrategy.rawValue)
        hasher.combine(definition.textAlignment.rawValue)
        hasher.combine(definition.verticalAlignment.rawValue)
        hasher.combine(definition.contentInsets.top)
        hasher.combine(definition.contentInsets.left)
        hasher.combine(definition.contentInsets.bottom)
        hasher.combine(definition.contentInsets.right)
        hasher.combine(definition.lineHeight)
        hasher.combine(definition.lineHeightMultiple)
        hasher.combine(definition.lineSpacing)
        hasher.combine(definition.letterSpacing)
        hasher.combine(definition.truncationToken)
        hasher.combine(definition.textColor)
        hasher.combine(definition.backgroundColor)
        hasher.combine(definition.scale)
        hasher.combine(locale)
        for face in chain.faces { hasher.combine(face.fileIdentity) }
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

    mutating func combine(_ value: Double) { mix(value.bitPattern) }

    mutating func combine(_ color: Color) {
        mix(UInt64(color.red) << 24 | UInt64(color.green) << 16 | UInt64(color.blue) << 8 | UInt64(color.alpha))
    }

    mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
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
    }

    var hexDigest: String {
        String(unsafeUninitializedCapacity: 32) { bytes in
            for (lane, value) in [high, low].enumerated() {
                for digit in 0..<16 {
                    let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - digit * 4)) & 15
                    bytes[lane * 16 + digit] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
                }
            }
            return 32
        }
    }
}
