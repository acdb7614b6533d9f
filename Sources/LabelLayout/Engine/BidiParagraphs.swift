import CICU

/// UAX #9 levels of a text (ICU), skipped for text with no right-to-left character.
struct BidiParagraphs {
    var levels: [UInt8] = []
    var paragraphLevels: [UInt8] = []
    let isAllLeftToRight: Bool

    init(_ text: UnsafeBufferPointer<UInt16>) {
        isAllLeftToRight = !text.contains(where: Self.mayBeRightToLeft)
        guard !isAllLeftToRight else { return }
        levels = [UInt8](repeating: 0, count: text.count)
        paragraphLevels = [UInt8](repeating: 0, count: text.count)
        if lc_bidi_levels(text.baseAddress, Int32(text.count), &levels, &paragraphLevels) != 0 {
            levels = [UInt8](repeating: 0, count: text.count)
        }
    }

    /// True when the paragraph holding `offset` has a right-to-left base direction.
    func isRightToLeft(at offset: Int) -> Bool {
        !isAllLeftToRight && offset < paragraphLevels.count && paragraphLevels[offset] & 1 == 1
    }

    /// Hebrew, Arabic, Syriac, Thaana, NKo, …, their presentation forms, and the
    /// supplementary right-to-left blocks (through their surrogates), plus explicit marks.
    @inline(__always)
    static func mayBeRightToLeft(_ unit: UInt16) -> Bool {
        guard unit >= 0x0590 else { return false }
        return (0x0590...0x08FF).contains(unit) || (0xFB1D...0xFDFF).contains(unit) || (0xFE70...0xFEFF).contains(unit)
            || (0xD802...0xD803).contains(unit) || (0xD83A...0xD83B).contains(unit)
            || unit == 0x200F || (0x202A...0x202E).contains(unit) || (0x2066...0x2069).contains(unit)
    }
}
