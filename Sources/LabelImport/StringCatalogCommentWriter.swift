#if canImport(Glibc)
import Glibc
#endif
import LabelJSON
import LabelModel

/// Writes translators' limits into a String Catalog (`.xcstrings`) as Xcode wrote it
/// (docs/fixes.md, "Into a String Catalog"): each key with a limit gets a last line of its
/// `comment` that labelcat owns, `[labelcat: max 180 pt, 2 lines]`, and nothing else changes,
/// byte for byte. A comment that has such a last line gets the new one in its place; a comment
/// without one keeps its text, with the line added after it; a key without a comment gets one
/// as its first member (where Xcode, which sorts the members, puts it), indented and separated
/// as the key itself is.
///
/// The whole document is read with the JSON pull parser (the same grammar and string bound as
/// the importer's), so a file that is not JSON, or whose `strings` is not an object, is
/// refused and not written. The new file is written beside the old one and renamed over it.
public enum StringCatalogCommentWriter {
    /// The largest file rewritten (it is held in memory twice).
    public static let maximumFileBytes = 256 << 20

    /// A key's limit: the width in whole points and `numberOfLines` (0: any number).
    public struct Limit: Sendable, Hashable {
        public var width: Int
        public var lines: Int

        public init(width: Int, lines: Int) {
            self.width = width
            self.lines = lines
        }

        /// The comment's last line labelcat owns: `[labelcat: max 180 pt, 2 lines]`.
        public var note: String {
            let lines = switch self.lines {
            case 0: "any number of lines"
            case 1: "1 line"
            default: "\(self.lines) lines"
            }
            return "\(notePrefix)max \(width) pt, \(lines)]"
        }
    }

    /// How labelcat's line of a comment starts.
    public static let notePrefix = "[labelcat: "

    /// The table a String Catalog's keys are in: its file name without `.xcstrings`
    /// (`Localizable.xcstrings` is `Localizable`).
    public static func table(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".xcstrings") ? String(name.dropLast(".xcstrings".count)) : name
    }

    /// Puts the limit of every key of the file whose `TABLE:KEY` (the table: `table(of:)`) is in
    /// `limits` into its comment. Returns how many keys have a limit; the file is written only
    /// when a comment changes.
    public static func write(_ path: String, limits: [String: Limit]) throws(LimitsWriteError) -> Int {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .unreadable(.unreadable(path: path, reason: MappedFile.errorText())) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(path: path) }
        guard Int(info.st_size) <= maximumFileBytes else {
            throw .unreadable(.tooLarge(path: path, bytes: Int(info.st_size), limit: maximumFileBytes))
        }
        let file: MappedFile
        do throws(ImportError) { file = try MappedFile(path: path) } catch { throw .unreadable(error) }
        guard file.count <= maximumFileBytes else { throw .unreadable(.tooLarge(path: path, bytes: file.count, limit: maximumFileBytes)) }
        let prefix = table(of: path) + ":"
        var notes: [String: String] = [:]
        for (key, limit) in limits where key.hasPrefix(prefix) { notes[String(key.dropFirst(prefix.count))] = limit.note }
        let (bytes, covered): ([UInt8]?, Int)
        do {
            (bytes, covered) = try rewrite(file.bytes, notes: notes)
        } catch {
            var lines = JSONPullParser(bytes: file.bytes)
            switch error {
            case let error as JSONParseError:
                let location = error.path.isEmpty ? "" : " (in \(error.path.joined(separator: ".")))"
                throw .unreadable(.malformed(FileLocation(file: path, line: lines.line(at: error.offset)), key: nil,
                                             problem: .json(error.message + location)))
            case let error as ShapeProblem:
                throw .unreadable(.malformed(FileLocation(file: path, line: lines.line(at: error.offset)), key: error.key, problem: error.problem))
            default:
                throw .unreadable(.malformed(FileLocation(file: path), key: nil, problem: .json("\(error)")))
            }
        }
        if let bytes { try FileReplacement.replace(path, with: bytes, mode: info.st_mode & 0o7777) }
        return covered
    }

    /// A member of the wrong type where the writer needs it (a `comment` that is no string), or
    /// no `strings`: at its offset, with the key it is in.
    struct ShapeProblem: Error {
        var offset: Int
        var key: String?
        var problem: ImportProblem
    }

    /// The document's new bytes (nil when nothing changes) and how many keys have a note;
    /// throws a `JSONParseError` or a `ShapeProblem`.
    static func rewrite(_ bytes: UnsafeBufferPointer<UInt8>, notes: [String: String]) throws -> ([UInt8]?, Int) {
        var parser = JSONPullParser(bytes: bytes, maximumStringBytes: LabelDefinition.maximumTextBytes)
        let layout = Layout(bytes: bytes)
        var edits: [(range: Range<Int>, text: [UInt8])] = []
        var covered = 0
        var foundStrings = false
        try parser.beginObject()
        while let member = try parser.nextMember() {
            guard member == "strings", parser.nextIsObject() else {
                try parser.skipValue()
                continue
            }
            foundStrings = true
            try parser.beginObject()
            while true {
                let keyStart = layout.memberStart(after: parser.offset)
                guard let key = try parser.nextMember() else { break }
                guard let note = notes[key], parser.nextIsObject() else {
                    try parser.skipValue()
                    continue
                }
                covered += 1
                let open = parser.offset
                let separator = Array(bytes[layout.keyEnd(beforeValueAt: open)..<open])
                try parser.beginObject()
                var firstMemberStart: Int?
                var comment: Range<Int>?
                while true {
                    let start = layout.memberStart(after: parser.offset)
                    guard let name = try parser.nextMember() else { break }
                    if firstMemberStart == nil { firstMemberStart = start }
                    let valueStart = parser.offset
                    guard name == "comment" else {
                        try parser.skipValue()
                        continue
                    }
                    let value = try parser.value()
                    guard value.string != nil else {
                        throw ShapeProblem(offset: valueStart, key: key, problem: .shape(path: "comment", expected: "a string", found: value.kindDescription))
                    }
                    comment = valueStart + 1..<parser.offset - 1
                }
                let close = parser.offset - 1
                let literal = Array(note.utf8)
                if let comment {
                    let raw = Array(bytes[comment])
                    let kept = humanPart(of: raw)
                    let text = kept.isEmpty ? literal : kept + Array("\\n".utf8) + literal
                    if text != raw { edits.append((comment, text)) }
                    continue
                }
                let member = Array("\"comment\"".utf8) + separator + [UInt8(ascii: "\"")] + literal + [UInt8(ascii: "\"")]
                if let firstMemberStart {
                    // Before the first member, on a line of its own as that member is.
                    let lead = layout.lead(before: firstMemberStart, after: open + 1)
                    edits.append((open + 1..<open + 1, lead + member + [UInt8(ascii: ",")]))
                } else {
                    // An empty object (`{\n\n    }` as Xcode writes one): the member on its own line.
                    let keyIndent = layout.indentation(ofLineAt: keyStart)
                    let inner: [UInt8] = layout.isPretty(keyStart)
                        ? layout.newline + keyIndent + layout.indentUnit + member + layout.newline + keyIndent : member
                    edits.append((open + 1..<close, inner))
                }
            }
        }
        try parser.end()
        guard foundStrings else { throw ShapeProblem(offset: 0, key: nil, problem: .missing("strings")) }
        guard !edits.isEmpty else { return (nil, covered) }
        return (FileReplacement.splice(bytes, edits), covered)
    }

    /// A comment's text as written in the file (escaped), less labelcat's last line (and the
    /// `\n` before it) when it has one.
    static func humanPart(of raw: [UInt8]) -> [UInt8] {
        let prefix = Array(notePrefix.utf8)
        guard raw.last == UInt8(ascii: "]"), raw.count >= prefix.count else { return raw }
        var start = raw.count - prefix.count
        while start >= 0, !raw[start..<start + prefix.count].elementsEqual(prefix) { start -= 1 }
        guard start >= 0, !raw[start...].contains(UInt8(ascii: "\\")) else { return raw }
        if start == 0 { return [] }
        // Preceded by an escaped line break `\n` whose backslash is not itself escaped.
        guard start >= 2, raw[start - 1] == UInt8(ascii: "n"), raw[start - 2] == UInt8(ascii: "\\") else { return raw }
        var backslashes = 0
        var index = start - 2
        while index >= 0, raw[index] == UInt8(ascii: "\\") { backslashes += 1; index -= 1 }
        return backslashes % 2 == 1 ? Array(raw[..<(start - 2)]) : raw
    }

    /// Where things are in the document's text, around what the parser reads.
    struct Layout {
        let bytes: UnsafeBufferPointer<UInt8>

        /// The document's line break: CR LF when its first line ends so, else LF.
        var newline: [UInt8] {
            guard let index = bytes.firstIndex(of: 0x0A) else { return [0x0A] }
            return index > 0 && bytes[index - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
        }

        /// The indentation of one level: that of the document's first member's line (two
        /// spaces as Xcode writes it).
        var indentUnit: [UInt8] {
            guard let open = bytes.firstIndex(of: UInt8(ascii: "{")) else { return [] }
            let first = memberStart(after: open + 1)
            return isPretty(first) ? indentation(ofLineAt: first) : []
        }

        /// The offset of the next member's key: past white space and a `,` from `offset`.
        func memberStart(after offset: Int) -> Int {
            var index = offset
            while index < bytes.count, Self.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: ",") { index += 1 }
            return index
        }

        /// Just past a member's key, given where its value starts: back over white space and `:`.
        func keyEnd(beforeValueAt offset: Int) -> Int {
            var index = offset
            while index > 0, Self.isSpace(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: ":") { index -= 1 }
            return index
        }

        /// The white space between `lower` and `offset` that starts `offset`'s line: a line break
        /// and the indentation, when only white space lies between; else nothing.
        func lead(before offset: Int, after lower: Int) -> [UInt8] {
            var index = offset
            while index > lower, Self.isSpace(bytes[index - 1]) { index -= 1 }
            let space = bytes[index..<offset]
            guard let breakIndex = space.lastIndex(where: { $0 == 0x0A }) else { return Array(space) }
            return newline + Array(bytes[(breakIndex + 1)..<offset])
        }

        /// True when `offset` starts a line but for spaces and tabs (the document is indented).
        func isPretty(_ offset: Int) -> Bool {
            var index = offset
            while index > 0, bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 { index -= 1 }
            return index > 0 && bytes[index - 1] == 0x0A
        }

        /// The spaces and tabs that start the line `offset` is on, up to `offset`.
        func indentation(ofLineAt offset: Int) -> [UInt8] {
            var index = offset
            while index > 0, bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 { index -= 1 }
            return Array(bytes[index..<offset])
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
    }
}
