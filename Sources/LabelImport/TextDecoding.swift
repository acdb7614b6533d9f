/// The text encodings of strings tables: UTF-8 (with or without a byte order mark) and UTF-16
/// of either byte order, with a byte order mark (as Xcode writes them) or without one when the
/// text is mostly ASCII (a zero byte in every other place).
enum TextEncoding: Equatable {
    case utf8
    case utf16LittleEndian
    case utf16BigEndian

    /// The encoding of `bytes` and the length of its byte order mark.
    static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> (TextEncoding, bomLength: Int) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return (.utf8, 3) }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return (.utf16LittleEndian, 2) }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return (.utf16BigEndian, 2) }
        // Without a mark: ASCII characters in UTF-16 have a zero high byte. Look at the first
        // 1024 bytes; UTF-8 text never has zero bytes.
        guard bytes.count >= 2, bytes.count % 2 == 0 else { return (.utf8, 0) }
        let sample = min(bytes.count, 1024) / 2 * 2
        var zeroAtEven = 0
        var zeroAtOdd = 0
        for index in 0..<sample where bytes[index] == 0 {
            if index % 2 == 0 { zeroAtEven += 1 } else { zeroAtOdd += 1 }
        }
        let pairs = sample / 2
        if zeroAtOdd * 2 >= pairs, zeroAtEven == 0 { return (.utf16LittleEndian, 0) }
        if zeroAtEven * 2 >= pairs, zeroAtOdd == 0 { return (.utf16BigEndian, 0) }
        return (.utf8, 0)
    }

    /// The UTF-16 code units of a file's text (what Apple's strings parser reads), without the
    /// byte order mark; an error names the line of the first byte that is not valid text.
    static func utf16Units(of bytes: UnsafeBufferPointer<UInt8>, file: String) throws(ImportError) -> [UInt16] {
        let (encoding, bomLength) = detect(bytes)
        let body = UnsafeBufferPointer(rebasing: bytes[bomLength...])
        switch encoding {
        case .utf8:
            if let bad = firstInvalidUTF8(body) {
                throw .notText(FileLocation(file: file, line: lineOfByte(bad, in: body)),
                               detail: "byte \(bomLength + bad) is not UTF-8 (nor is the file UTF-16)")
            }
            var units: [UInt16] = []
            units.reserveCapacity(body.count)
            units.append(contentsOf: String(decoding: body, as: UTF8.self).utf16)
            return units
        case .utf16LittleEndian, .utf16BigEndian:
            guard body.count % 2 == 0 else {
                throw .notText(FileLocation(file: file), detail: "UTF-16 text of an odd number of bytes")
            }
            var units = [UInt16](repeating: 0, count: body.count / 2)
            let little = encoding == .utf16LittleEndian
            var line = 1
            for index in 0..<units.count {
                let first = UInt16(body[2 * index])
                let second = UInt16(body[2 * index + 1])
                units[index] = little ? first | second << 8 : first << 8 | second
            }
            var index = 0
            while index < units.count {
                let unit = units[index]
                if unit == 0x0A { line += 1 }
                if unit & 0xFC00 == 0xD800, index + 1 < units.count, units[index + 1] & 0xFC00 == 0xDC00 {
                    index += 2
                    continue
                }
                if unit & 0xF800 == 0xD800 {
                    throw .notText(FileLocation(file: file, line: line),
                                   detail: "an unpaired UTF-16 surrogate at byte \(bomLength + 2 * index)")
                }
                index += 1
            }
            return units
        }
    }

    /// The offset of the first byte that is not well-formed UTF-8, or nil.
    static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard String(validating: bytes, as: UTF8.self) == nil else { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    static func lineOfByte(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var line = 1
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A { line += 1 }
        return line
    }
}
