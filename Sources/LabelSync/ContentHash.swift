#if canImport(Glibc)
import Glibc
#endif

/// The hash of a file's content that tells a project's catalog whether the file changed since
/// it was last imported (`source_files`): 128 bits from two multiply-rotate lanes over the
/// bytes read in 64 KiB blocks (memory stays flat whatever the file's size), and the length.
/// Not cryptographic: it tells edits apart, it does not withstand a forger (who could edit the
/// file anyway).
enum ContentHash {
    /// The hash of the file at `path` as 32 hexadecimal digits; nil when it cannot be read.
    static func of(file path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var state = State()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            buffer.withUnsafeBytes { state.add(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        return state.hexDigest
    }

    /// The hash of bytes in memory, as `of(file:)` gives it for a file holding them.
    static func of(bytes: [UInt8]) -> String {
        var state = State()
        bytes.withUnsafeBytes { state.add($0) }
        return state.hexDigest
    }

    private struct State {
        var low: UInt64 = 0x9E37_79B9_7F4A_7C15
        var high: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        var length: UInt64 = 0
        /// Bytes left over from the last block, fewer than 8.
        var pending: [UInt8] = []

        mutating func mix(_ word: UInt64) {
            low = (low ^ word) &* 0x9FB2_1C65_1E98_DF25
            low = (low << 31) | (low >> 33)
            high = (high &+ word) &* 0xFF51_AFD7_ED55_8CCD
            high ^= high >> 29
        }

        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            length &+= UInt64(bytes.count)
            var index = 0
            while !pending.isEmpty, index < bytes.count {
                pending.append(bytes[index])
                index += 1
                if pending.count == 8 { mix(Self.word(pending)); pending = [] }
            }
            while index + 8 <= bytes.count {
                mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                index += 8
            }
            while index < bytes.count { pending.append(bytes[index]); index += 1 }
        }

        static func word(_ bytes: [UInt8]) -> UInt64 {
            bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }

        var hexDigest: String {
            var copy = self
            if !pending.isEmpty { copy.mix(Self.word(pending) | 1 << 63) }
            copy.mix(length)
            copy.mix(copy.low ^ copy.high)
            func hex(_ value: UInt64) -> String {
                let digits = String(value, radix: 16)
                return String(repeating: "0", count: 16 - digits.count) + digits
            }
            return hex(copy.low) + hex(copy.high)
        }
    }
}
