#if canImport(Glibc)
import Glibc
#endif

/// Writes translators' limits into XLIFF 1.2 as Xcode exports it (docs/fixes.md, "Limits for
/// translators"): `maxwidth="N" size-unit="pixel"` on each `<trans-unit>` whose key has a
/// width, and nothing else changed, byte for byte.
///
/// libxml2 reads the document (and refuses what is not well-formed); the start tags are then
/// found in the text and checked against what libxml2 read, unit for unit: as many, in the
/// same order, each with the same `id` on the same line. The attributes are put into those
/// tags (an existing `maxwidth` or `size-unit` gets the new value in place). A document where
/// they do not agree is refused, naming the line, and is not written. The new file is written
/// beside the old one and renamed over it.
public enum XLIFFWidthWriter {
    /// The largest file rewritten (it is held in memory twice).
    public static let maximumFileBytes = 64 << 20

    /// The XLIFF files of a path: an `.xliff` file itself, or the `Localized Contents/*.xliff`
    /// of an `.xcloc` folder (in name order; at least one).
    public static func files(at path: String) throws(LimitsWriteError) -> [String] {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .unreadable(.unreadable(path: path, reason: MappedFile.errorText())) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return [path]
        case S_IFDIR:
            let localized = path + (path.hasSuffix("/") ? "" : "/") + "Localized Contents"
            guard lstat(localized, &info) == 0 else { throw .unreadable(.unreadable(path: localized, reason: MappedFile.errorText())) }
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .notRegularFile(path: localized) }
            guard let directory = opendir(localized) else { throw .unreadable(.unreadable(path: localized, reason: MappedFile.errorText())) }
            defer { closedir(directory) }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasSuffix(".xliff"), !name.hasPrefix(".") { names.append(name) }
            }
            guard !names.isEmpty else { throw .unreadable(.unreadable(path: localized, reason: "it holds no .xliff file")) }
            return names.sorted().map { localized + "/" + $0 }
        default:
            throw .notRegularFile(path: path)
        }
    }

    /// Puts `maxwidth` and `size-unit` into every unit of `paths` whose key (`TABLE:KEY`) has a
    /// width in `widths`. Every file is read and checked before any is written, so a file
    /// refused leaves them all as they were. Returns how many units each file's change covers.
    public static func write(_ paths: [String], widths: [String: Int]) throws(LimitsWriteError) -> [(path: String, units: Int)] {
        var rewritten: [(path: String, bytes: [UInt8]?, units: Int, mode: mode_t)] = []
        for path in paths {
            var info = stat()
            guard lstat(path, &info) == 0 else { throw .unreadable(.unreadable(path: path, reason: MappedFile.errorText())) }
            guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(path: path) }
            guard Int(info.st_size) <= maximumFileBytes else {
                throw .unreadable(.tooLarge(path: path, bytes: Int(info.st_size), limit: maximumFileBytes))
            }
            let (bytes, units) = try rewrite(path, widths: widths)
            rewritten.append((path, bytes, units, info.st_mode & 0o7777))
        }
        for file in rewritten {
            if let bytes = file.bytes { try FileReplacement.replace(file.path, with: bytes, mode: file.mode) }
        }
        return rewritten.map { ($0.path, $0.units) }
    }

    /// A unit as libxml2 read it.
    struct ParsedUnit {
        var id: String
        var line: Int
        /// `TABLE:KEY`, nil for an id that names no key.
        var key: String?
    }

    /// The file's new bytes (nil when nothing changes) and how many units get a width.
    static func rewrite(_ path: String, widths: [String: Int]) throws(LimitsWriteError) -> ([UInt8]?, Int) {
        let file: MappedFile
        do throws(ImportError) {
            file = try MappedFile(path: path)
        } catch {
            throw .unreadable(error)
        }
        guard file.count <= maximumFileBytes else { throw .unreadable(.tooLarge(path: path, bytes: file.count, limit: maximumFileBytes)) }
        let parsed: [ParsedUnit]
        do throws(ImportError) {
            parsed = try units(of: file)
        } catch {
            throw .unreadable(error)
        }
        let bytes = file.bytes
        let tags = StartTagScanner(bytes: bytes).tags(named: Array("trans-unit".utf8))
        var edits: [(range: Range<Int>, text: [UInt8])] = []
        var covered = 0
        for (index, unit) in parsed.enumerated() {
            // libxml2 gives no line (0) to what an entity made.
            let location = FileLocation(file: path, line: unit.line > 0 ? unit.line : nil, element: "<trans-unit id=\"\(unit.id)\">")
            guard index < tags.count else {
                throw .unplaceable(location, reason: "libxml2 read \(parsed.count) <trans-unit> elements, the text holds \(tags.count) <trans-unit> start tags")
            }
            let tag = tags[index]
            let id = tag.attributes.first { $0.name.elementsEqual("id".utf8) }.flatMap { StartTagScanner.decodedValue(bytes[$0.value]) }
            guard tag.line <= unit.line, unit.line <= tag.endLine, id == unit.id else {
                let found = id.map { "id \"\($0)\"" } ?? "no id labelcat can read"
                throw .unplaceable(FileLocation(file: path, line: unit.line > 0 ? unit.line : tag.line, element: location.element),
                                   reason: "libxml2 read this unit\(unit.line > 0 ? "" : " from an entity (it has no line)") where the text's next <trans-unit> start tag, on line \(tag.line), has \(found)")
            }
            guard let key = unit.key, let width = widths[key] else { continue }
            covered += 1
            let values: [(name: String, value: String)] = [("maxwidth", String(width)), ("size-unit", "pixel")]
            var missing = ""
            for (name, value) in values {
                if let existing = tag.attributes.first(where: { $0.name.elementsEqual(name.utf8) }) {
                    if !bytes[existing.value].elementsEqual(value.utf8) { edits.append((existing.value, Array(value.utf8))) }
                } else {
                    missing += " \(name)=\"\(value)\""
                }
            }
            if !missing.isEmpty { edits.append((tag.attributesEnd..<tag.attributesEnd, Array(missing.utf8))) }
        }
        guard tags.count == parsed.count else {
            throw .unplaceable(FileLocation(file: path, line: tags[parsed.count].line),
                               reason: "the text holds a <trans-unit> start tag here that libxml2 did not read as one")
        }
        guard !edits.isEmpty else { return (nil, covered) }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        return (FileReplacement.splice(bytes, edits), covered)
    }

    /// The `<trans-unit>` elements libxml2 reads in an XLIFF 1.x document, in order, each with
    /// the key of its `<file>`'s table.
    static func units(of file: MappedFile) throws(ImportError) -> [ParsedUnit] {
        let reader = try XLIFFReader.document(file)
        var table: (name: String, kind: XLIFFReader.TableKind)?
        var units: [ParsedUnit] = []
        while let element = try reader.nextElement() {
            switch element.name {
            case "file":
                table = XLIFFReader.table(original: try reader.attributes().first { $0.name == "original" }?.value ?? "")
            case "trans-unit":
                guard let id = try reader.attributes().first(where: { $0.name == "id" })?.value else {
                    throw .malformed(FileLocation(file: file.path, line: reader.line(), element: "<trans-unit>"), key: nil,
                                     problem: .missing("the id of <trans-unit>"))
                }
                let key = table.flatMap { table in XLIFFReader.key(ofUnit: id, in: table.kind).map { table.name + ":" + $0 } }
                units.append(ParsedUnit(id: id, line: reader.line(), key: key))
            default:
                break
            }
        }
        return units
    }
}

/// Finds start tags in an XML document's text, as its bytes are: past comments, CDATA
/// sections, processing instructions and the document type declaration, attribute values
/// read within their quotes. It does not check that the document is well-formed (libxml2
/// has, before it is used).
struct StartTagScanner {
    /// A start tag: where it starts, the line it starts and ends on, its attributes, and the
    /// offset just past its last attribute (where another one goes).
    struct Tag {
        var start: Int
        var line: Int
        var endLine: Int
        var attributes: [(name: Slice<UnsafeBufferPointer<UInt8>>, value: Range<Int>)]
        var attributesEnd: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>

    /// The start tags named `name` exactly (no prefix), in document order.
    func tags(named name: [UInt8]) -> [Tag] {
        var tags: [Tag] = []
        var index = 0
        var line = 1
        let count = bytes.count
        /// Moves `index` one byte on, counting lines.
        func advance() {
            if bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 == count || bytes[index + 1] != 0x0A)) { line += 1 }
            index += 1
        }
        /// Moves `index` past `terminator`, counting lines (to the end when it is not there).
        func skip(past terminator: [UInt8]) {
            while index < count {
                if matches(terminator, at: index) {
                    index += terminator.count
                    return
                }
                advance()
            }
        }
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else {
                advance()
                continue
            }
            if matches(Array("<!--".utf8), at: index) {
                skip(past: Array("-->".utf8))
            } else if matches(Array("<![CDATA[".utf8), at: index) {
                skip(past: Array("]]>".utf8))
            } else if matches(Array("<?".utf8), at: index) {
                skip(past: Array("?>".utf8))
            } else if matches(Array("<!".utf8), at: index) {
                skipDeclaration(&index, line: &line)
            } else {
                let start = index
                let startLine = line
                index += 1
                let nameStart = index
                while index < count, !Self.isNameEnd(bytes[index]) { index += 1 }
                let isWanted = bytes[nameStart..<index].elementsEqual(name)
                var attributes: [(name: Slice<UnsafeBufferPointer<UInt8>>, value: Range<Int>)] = []
                var attributesEnd = index
                // Attributes (an end tag's name is read as one without a value) up to `>`.
                func skipSpaces() { while index < count, Self.isSpace(bytes[index]) { advance() } }
                while index < count {
                    skipSpaces()
                    guard index < count, bytes[index] != UInt8(ascii: ">") else { break }
                    if bytes[index] == UInt8(ascii: "/") {
                        index += 1
                        continue
                    }
                    let attributeStart = index
                    while index < count, !Self.isNameEnd(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
                    let attributeName = bytes[attributeStart..<index]
                    skipSpaces()
                    guard index < count, bytes[index] == UInt8(ascii: "=") else { break }
                    index += 1
                    skipSpaces()
                    guard index < count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { break }
                    let quote = bytes[index]
                    index += 1
                    let valueStart = index
                    while index < count, bytes[index] != quote { advance() }
                    attributes.append((attributeName, valueStart..<index))
                    if index < count { index += 1 }
                    attributesEnd = index
                }
                if isWanted {
                    tags.append(Tag(start: start, line: startLine, endLine: line, attributes: attributes, attributesEnd: attributesEnd))
                }
                if index < count { index += 1 }
            }
        }
        return tags
    }

    /// Moves past a `<!DOCTYPE …>` (or another `<!` declaration), its internal subset with its
    /// quoted strings and comments included.
    private func skipDeclaration(_ index: inout Int, line: inout Int) {
        var depth = 0
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) { line += 1 }
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: "<"), depth > 0, matches(Array("!--".utf8), at: index) {
                while index < bytes.count, !matches(Array("-->".utf8), at: index) {
                    if bytes[index] == 0x0A { line += 1 }
                    index += 1
                }
                index = min(bytes.count, index + 3)
            } else if byte == UInt8(ascii: ">"), depth <= 0 {
                return
            }
        }
    }

    private func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        bytes.count - offset >= pattern.count && bytes[offset..<offset + pattern.count].elementsEqual(pattern)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameEnd(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    /// An attribute value as XML reads it: the predefined entities and character references
    /// replaced, each white-space character a space (a line break, CR LF included, one
    /// space). Nil when it refers to any other entity.
    static func decodedValue(_ raw: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        let scalars = Array(String(decoding: raw, as: UTF8.self).unicodeScalars)
        var decoded = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\r":
                if index < scalars.count, scalars[index] == "\n" { index += 1 }
                decoded.append(" ")
            case "\t", "\n":
                decoded.append(" ")
            case "&":
                guard let end = scalars[index...].firstIndex(of: ";") else { return nil }
                let name = String(String.UnicodeScalarView(scalars[index..<end]))
                index = end + 1
                switch name {
                case "lt": decoded.append("<")
                case "gt": decoded.append(">")
                case "amp": decoded.append("&")
                case "quot": decoded.append("\"")
                case "apos": decoded.append("'")
                default:
                    let number: UInt32? = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16)
                        : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
                    guard let number, let character = Unicode.Scalar(number) else { return nil }
                    decoded.append(character)
                }
            default:
                decoded.append(scalar)
            }
        }
        return String(decoded)
    }
}
