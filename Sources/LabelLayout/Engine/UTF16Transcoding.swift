/// The UTF-16 code units of a string, transcoded from its UTF-8 by hand (the standard
/// library's UTF-16 view is much slower for native strings).
func utf16Units(of string: String) -> [UInt16] {
    var string = string
    return string.withUTF8 { utf8 in
        [UInt16](unsafeUninitializedCapacity: utf8.count) { units, initialized in
            initialized = transcodeToUTF16(utf8, into: units.baseAddress!, utf8Offsets: nil)
        }
    }
}

/// Writes the UTF-16 of a string into a buffer, reusing its storage.
func fillUTF16(_ string: String, into buffer: inout RawBuffer<UInt16>) {
    var string = string
    string.withUTF8 { utf8 in
        buffer.count = 0
        buffer.reserve(utf8.count)
        buffer.count = transcodeToUTF16(utf8, into: buffer.base, utf8Offsets: nil)
    }
}

/// Writes the UTF-16 of a string into a buffer, and the UTF-8 offset in the string of each
/// code unit's code point (and of the end) into `utf8Offsets`, reusing their storage.
func fillUTF16(_ string: String, into buffer: inout RawBuffer<UInt16>, utf8Offsets: inout RawBuffer<Int32>) {
    var string = string
    string.withUTF8 { utf8 in
        buffer.count = 0
        buffer.reserve(utf8.count)
        utf8Offsets.count = 0
        utf8Offsets.reserve(utf8.count + 1)
        buffer.count = transcodeToUTF16(utf8, into: buffer.base, utf8Offsets: utf8Offsets.base)
        utf8Offsets.count = buffer.count + 1
    }
}

/// Transcodes well-formed UTF-8 to UTF-16; `units` must hold `utf8.count` code units (and
/// `utf8Offsets`, one more). Returns the number written.
private func transcodeToUTF16(_ utf8: UnsafeBufferPointer<UInt8>, into units: UnsafeMutablePointer<UInt16>,
                              utf8Offsets: UnsafeMutablePointer<Int32>?) -> Int {
    var count = 0
    var index = 0
    defer { utf8Offsets?[count] = Int32(utf8.count) }
    while index < utf8.count {
        let lead = UInt32(utf8[index])
        if let utf8Offsets {
            utf8Offsets[count] = Int32(index)
            if lead >= 0xF0 { utf8Offsets[count + 1] = Int32(index) }
        }
        if lead < 0x80 {
            units[count] = UInt16(lead)
            count += 1
            index += 1
            continue
        }
        var codePoint: UInt32
        var width: Int
        if lead < 0xE0 {
            codePoint = lead & 0x1F
            width = 2
        } else if lead < 0xF0 {
            codePoint = lead & 0x0F
            width = 3
        } else {
            codePoint = lead & 0x07
            width = 4
        }
        for offset in 1..<width { codePoint = codePoint << 6 | UInt32(utf8[index + offset] & 0x3F) }
        index += width
        if codePoint >= 0x10000 {
            codePoint -= 0x10000
            units[count] = UInt16(0xD800 + (codePoint >> 10))
            units[count + 1] = UInt16(0xDC00 + (codePoint & 0x3FF))
            count += 2
        } else {
            units[count] = UInt16(codePoint)
            count += 1
        }
    }
    return count
}
