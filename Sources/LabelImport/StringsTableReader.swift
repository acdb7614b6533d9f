/// Reads a strings table (`.strings`): Xcode's text format in UTF-8 or UTF-16 (see
/// `StringsTableParser`), or an XML property list of strings (what `xcstringstool` compiles
/// String Catalogs to). Compiled binary property lists are refused.
enum StringsTableReader {
    static func read<E: Error>(_ file: MappedFile, table: String, locale: String,
                               emit: (ImportedItem) throws(ImportFailure<E>) -> Void) throws(ImportFailure<E>) {
        let bytes = file.bytes
        if bytes.starts(with: Array("bplist".utf8)) {
            throw .file(.malformed(FileLocation(file: file.path, line: 1), key: nil, problem: .binaryPropertyList))
        }
        if Self.isXML(bytes) {
            let entries = try ImportFailure<E>.attempt { () throws(ImportError) in try xmlEntries(file) }
            for (key, value, line) in entries {
                try emit(.string(LocalizedString(table: table, key: key, locale: locale, value: value,
                                                 source: FileLocation(file: file.path, line: line))))
            }
            return
        }
        let (entries, warnings) = try ImportFailure<E>.attempt { () throws(ImportError) in
            try StringsTableParser.parse(TextEncoding.utf16Units(of: bytes, file: file.path), file: file.path)
        }
        for warning in warnings { try emit(.warning(warning)) }
        for entry in entries {
            var string = LocalizedString(table: table, key: entry.key, locale: locale, value: entry.value,
                                         source: FileLocation(file: file.path, line: entry.line))
            string.comment = entry.comment
            try emit(.string(string))
        }
    }

    /// True when the text (after a UTF-8 byte order mark and white space) starts like XML.
    static func isXML(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        let rest = UnsafeBufferPointer(rebasing: bytes[index...])
        return ["<?xml", "<plist", "<!DOCTYPE plist"].contains { rest.starts(with: Array($0.utf8)) }
    }

    /// The entries of an XML property list strings table: a dictionary of strings.
    private static func xmlEntries(_ file: MappedFile) throws(ImportError) -> [(String, String, Int)] {
        let reader = try XMLReader(file: file)
        guard try reader.nextElement() != nil else {
            throw .malformed(FileLocation(file: file.path), key: nil, problem: .missing("the <plist> element"))
        }
        let list = try PropertyList.read(document: reader.readElement(), file: file.path)
        guard let entries = list.dictionary else {
            throw .malformed(FileLocation(file: file.path, line: list.line), key: nil,
                             problem: .shape(path: "plist", expected: "a dictionary", found: list.kindDescription))
        }
        var result: [(String, String, Int)] = []
        for entry in entries {
            guard let value = entry.value.string else {
                throw .malformed(FileLocation(file: file.path, line: entry.keyLine), key: entry.key,
                                 problem: .notAString(found: entry.value.kindDescription))
            }
            result.append((entry.key, value, entry.keyLine))
        }
        return result
    }
}

extension ImportFailure {
    /// Runs a step that throws a file error, as a step of an import that may also fail in its
    /// handler.
    @inline(__always)
    static func attempt<T>(_ body: () throws(ImportError) -> T) throws(ImportFailure) -> T {
        do throws(ImportError) {
            return try body()
        } catch {
            throw .file(error)
        }
    }
}
