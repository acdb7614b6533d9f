import LabelJSON
import LabelModel

/// The hash of everything a layout depends on: every field of the resolved definition as
/// `LabelDefinition.writeFields` gives them (the list the canonical JSON is written from, so a
/// field the JSON has is hashed; of the texts, only the one the layout reads), the locale, the
/// variant, the content size category, the identity of every font file the definition names
/// (and whether its first is tracked as the system font), and the engine version. 128 bits, as
/// 32 hex digits; stable across processes and machines (of one byte order).
public enum InputHash {
    static func of(_ definition: LabelDefinition, text: TextKey, category: ContentSizeCategory, chain: FontChain) -> String {
        finish(fields(of: definition, text: text), category: category, chain: chain)
    }

    /// The hash of a definition's fields and one of its texts (locale and variant): what every
    /// category's layout of that text shares.
    static func fields(of definition: LabelDefinition, text: TextKey) -> StableHasher {
        var fields = HashingSink()
        definition.writeFields(into: &fields, text: text)
        return ofText(fields.words, text)
    }

    /// The same, for a definition whose style fields are those `style` was made from: only its
    /// name, text and frame are walked (`LabelDefinition.writeFields`' parts, in its order).
    static func fields(of definition: LabelDefinition, text: TextKey, style: StyleHashWords) -> StableHasher {
        var fields = HashingSink()
        definition.writeNameAndTexts(into: &fields, text: text)
        fields.words.mix(contentsOf: style.beforeFrame)
        definition.writeFrame(into: &fields)
        fields.words.mix(contentsOf: style.afterFrame)
        fields.endObject()
        return ofText(fields.words, text)
    }

    private static func ofText(_ fields: StableHasher, _ text: TextKey) -> StableHasher {
        var hasher = fields
        hasher.combine(text.locale)
        hasher.combine(text.variant)
        return hasher
    }

    /// The input hash of a layout at a category, from its definition's `fields(of:text:)`.
    static func finish(_ fields: StableHasher, category: ContentSizeCategory, chain: FontChain) -> String {
        var hasher = fields
        hasher.combine(category.index)
        hasher.combine(digest: chain.identity)
        return hasher.hexDigest
    }

    /// What a layout depends on of its font chain, hashed once per chain: every face's file
    /// identity, whether the first is tracked as the system font, and the engine version.
    static func identity(of faces: [FontFace], tracked: Bool) -> (UInt64, UInt64) {
        var hasher = StableHasher()
        for face in faces { hasher.combine(face.fileIdentity) }
        hasher.combine(tracked ? 1 : 0)
        hasher.combine(LayoutEngine.version)
        return hasher.digest
    }
}

/// Hashes a definition's fields as they are written, without making JSON text: each event is
/// tagged and each string length-prefixed, so two different field sequences never feed the
/// hasher the same words. (About twice the instructions of hashing the fields one by one by
/// hand, which is what keeps the list in one place.) `HashingSink` mixes the words,
/// `RecordingSink` keeps them (`StyleHashWords`); both are concrete types, so the definition's
/// generic writer reaches their specialized code.
protocol HashEventSink: JSONSink {
    associatedtype Words: HashWordSink
    var words: Words { get set }
}

/// What each event of a `HashEventSink` is tagged with.
private enum HashEventTag: Int {
    case beginObject = 1, endObject, beginArray, endArray, key, string, double, integer, boolean, null
}

extension HashEventSink {
    private mutating func tag(_ tag: HashEventTag) { words.combine(tag.rawValue) }

    mutating func beginObject() { tag(.beginObject) }
    mutating func endObject() { tag(.endObject) }
    mutating func beginArray() { tag(.beginArray) }
    mutating func endArray() { tag(.endArray) }

    /// A key the code names, hashed by its bytes: optional fields come and go, so a key's
    /// place in `writeFields`' order does not say which it is.
    mutating func key(_ name: StaticString) {
        words.combine(bytes: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount), tag: HashEventTag.key.rawValue)
    }

    mutating func key(dynamic name: String) {
        words.combine(name, tag: HashEventTag.key.rawValue)
    }

    mutating func string(_ value: String) {
        words.combine(value, tag: HashEventTag.string.rawValue)
    }

    mutating func number(_ value: Double) {
        tag(.double)
        words.combine(Int(bitPattern: UInt(value.bitPattern)))
    }

    mutating func number(_ value: Int) {
        tag(.integer)
        words.combine(value)
    }

    mutating func bool(_ value: Bool) {
        tag(.boolean)
        words.combine(value ? 1 : 0)
    }

    mutating func null() { tag(.null) }
}

/// Mixes a definition's events into a hash.
struct HashingSink: HashEventSink {
    var words = StableHasher()
}

/// Keeps a definition's events' words, to be mixed later.
struct RecordingSink: HashEventSink {
    var words = RecordedWords()
}

/// The words a definition's style fields (every field but its name, texts and frame) give the
/// input hash, recorded once: labels of one style share them, so the hash of each walks only
/// its name, text and frame (`LayoutEngine.layout(_:style:…)`). Valid for a definition whose
/// style fields equal those of the definition it was made from.
public struct StyleHashWords: Sendable {
    let beforeFrame: [UInt64]
    let afterFrame: [UInt64]

    public init(of definition: LabelDefinition) {
        var before = RecordingSink()
        definition.writeStyleFields(LabelField.beforeFrame, into: &before)
        var after = RecordingSink()
        definition.writeStyleFields(LabelField.afterFrame, into: &after)
        beforeFrame = before.words.words
        afterFrame = after.words.words
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

/// What a hash takes its values as: 64-bit words, every value length-prefixed so no two value
/// sequences give the same words by concatenation. A `StableHasher` mixes them; `RecordedWords`
/// keeps them, to be mixed later (`StableHasher.mix(contentsOf:)`) with the same result.
package protocol HashWordSink {
    mutating func mix(_ word: UInt64)
}

extension HashWordSink {
    package mutating func combine(_ value: Int) { mix(UInt64(bitPattern: Int64(value))) }

    /// A string's UTF-8 bytes, after its length (and `tag`, which tells what the string is).
    package mutating func combine(_ text: String, tag: Int = 0) {
        var text = text
        text.withUTF8 { combine(bytes: $0, tag: tag) }
    }

    /// The bytes after their count (and `tag`), 8 at a time. Past 8 bytes, the last word is
    /// the last 8 bytes, overlapping the word before: with the count mixed first, every byte
    /// sequence still gives its own words, in two loads for names of up to 16 bytes.
    @inline(__always)
    mutating func combine(bytes: UnsafeBufferPointer<UInt8>, tag: Int = 0) {
        let count = bytes.count
        mix(UInt64(count) << 8 | UInt64(truncatingIfNeeded: tag) & 0xFF)
        guard let base = bytes.baseAddress.map(UnsafeRawPointer.init), count > 0 else {
            mix(0)
            return
        }
        guard count >= 8 else {
            // 1–7 bytes, little-endian in one word: a 4-, 2- and 1-byte load as the count has them.
            var word: UInt64 = 0
            var offset = 0
            if count & 4 != 0 {
                word = UInt64(UInt32(littleEndian: base.loadUnaligned(as: UInt32.self)))
                offset = 4
            }
            if count & 2 != 0 {
                word |= UInt64(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))) << (8 * offset)
                offset += 2
            }
            if count & 1 != 0 { word |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) << (8 * offset) }
            mix(word)
            return
        }
        var index = 0
        while index + 8 < count {
            mix(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        mix(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)))
    }
}

/// Words kept in order instead of mixed.
struct RecordedWords: HashWordSink {
    private(set) var words: [UInt64] = []

    mutating func mix(_ word: UInt64) { words.append(word) }
}

/// A stable 128-bit hash: two 64-bit multiply-xorshift lanes fed a word at a time
/// (`HashWordSink`'s values). (The report names its pictures with it.)
package struct StableHasher: HashWordSink {
    private var low: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var high: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    package init() {}

    @inline(__always)
    package mutating func mix(_ word: UInt64) {
        low = (low ^ word) &* 0xFF51_AFD7_ED55_8CCD
        low ^= low >> 32
        high = (high ^ word ^ (low << 1)) &* 0xC4CE_B9FE_1A85_EC53
        high ^= high >> 29
    }

    /// Words recorded before, as if each were mixed here.
    mutating func mix(contentsOf words: [UInt64]) {
        for word in words { mix(word) }
    }

    /// The two lanes: a digest to combine into another hash (`combine(digest:)`).
    var digest: (UInt64, UInt64) { (high, low) }

    mutating func combine(digest: (UInt64, UInt64)) {
        mix(digest.0)
        mix(digest.1)
    }

    package var hexDigest: String {
        String(unsafeUninitializedCapacity: 32) { buffer in
            for digit in 0..<32 {
                let lane = digit < 16 ? high : low
                let nibble = UInt8((lane >> UInt64(60 - 4 * (digit % 16))) & 15)
                buffer[digit] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            return 32
        }
    }
}
