import LabelJSON

/// One definition of `measure`'s input, or why a piece of the input is not one.
struct DefinitionItem {
    /// The parsed definition, or the message of what went wrong.
    var value: Result<JSONValue, CommandError>
    /// The line the definition (or its document) starts on, from 1, blank lines counted.
    var line: Int
    /// The definition's position in its array, from 0; nil when it is not in an array.
    var index: Int?
    /// True when the definition's document spans more than one line.
    var spansLines = false
}

/// Splits `measure`'s input into definitions, streaming: each is handed out as soon as its
/// text has been read, so memory stays bounded by the largest document.
///
/// The input is a sequence of JSON documents, each an object (a definition) or an array of
/// them. A document that is whole on its line is an NDJSON line. A line that opens an object
/// or an array and does not close it starts a document that goes on over the following lines
/// (pretty-printed JSON); when that document turns out malformed, its first line is reported
/// as a bad line and the lines after it are read again, each on its own. Blank lines are not
/// definitions; a UTF-8 byte order mark at the start of the input is skipped.
final class DefinitionReader {
    /// A line of the input: its number (from 1, blank lines counted), its bytes, and whether
    /// it is read again after a malformed document (then it cannot start a document).
    typealias Line = (number: Int, bytes: ArraySlice<UInt8>, reread: Bool)

    private let lines: LineReader
    private var lineNumber = 0
    /// Lines to read again, each on its own, after a document that turned out malformed.
    private var rereads: [(number: Int, bytes: [UInt8])] = []
    private var rereadIndex = 0
    /// A line looked at by `isAtEnd` and not used yet.
    private var peeked: Line?
    /// The items of the last array read, and how many of them were handed out.
    private var queued: [DefinitionItem] = []
    private var queuedIndex = 0

    init(_ lines: LineReader) {
        self.lines = lines
    }

    /// The next definition, or nil at the end of the input.
    func next() throws(CommandError) -> DefinitionItem? {
        while true {
            if queuedIndex < queued.count {
                queuedIndex += 1
                return queued[queuedIndex - 1]
            }
            queued.removeAll()
            queuedIndex = 0
            guard let (number, line, reread) = try nextLine() else { return nil }
            if isBlank(line) { continue }
            let document: JSONValue
            var spansLines = false
            switch parse(line) {
            case .success(let value):
                document = value
            case .failure(let error):
                guard !reread, error.offset >= line.count, opensDocument(line), let value = try readDocument(firstLine: line) else {
                    return DefinitionItem(value: .failure(CommandError("\(error)")), line: number)
                }
                document = value
                spansLines = true
            }
            guard case .array(let elements) = document else {
                return DefinitionItem(value: .success(document), line: number, spansLines: spansLines)
            }
            // An array's definitions, one by one (none for an empty array).
            queued = elements.enumerated().map {
                DefinitionItem(value: .success($0.element), line: number, index: $0.offset, spansLines: spansLines)
            }
            queuedIndex = 0
        }
    }

    /// True when nothing but blank lines is left.
    func isAtEnd() throws(CommandError) -> Bool {
        if queuedIndex < queued.count || peeked != nil { return false }
        while let line = try nextLine() {
            if !isBlank(line.bytes) {
                peeked = line
                return false
            }
        }
        return true
    }

    // MARK: - Lines

    private func nextLine() throws(CommandError) -> Line? {
        if let line = peeked {
            peeked = nil
            return line
        }
        if rereadIndex < rereads.count {
            let line = rereads[rereadIndex]
            rereadIndex += 1
            if rereadIndex == rereads.count {
                rereads.removeAll()
                rereadIndex = 0
            }
            return (line.number, line.bytes[...], true)
        }
        guard var line = try lines.nextLine() else { return nil }
        lineNumber += 1
        if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        return (lineNumber, line, false)
    }

    private func parse(_ bytes: ArraySlice<UInt8>) -> Result<JSONValue, JSONParseError> {
        bytes.withUnsafeBufferPointer { buffer in Result { () throws(JSONParseError) in try JSONValue.parse(buffer) } }
    }

    /// True when the first byte that is not white space opens an object or an array.
    private func opensDocument(_ line: ArraySlice<UInt8>) -> Bool {
        let first = line.first { !isBlankByte($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    // MARK: - Documents over several lines

    /// Reads the document `first` opens until it closes; nil when it is malformed: then the
    /// lines read after the first are read again, each on its own.
    private func readDocument(firstLine first: ArraySlice<UInt8>) throws(CommandError) -> JSONValue? {
        var text = Array(first)
        text.append(0x0A)
        var later: [(number: Int, bytes: [UInt8])] = []
        var scanner = StructureScanner()
        scanner.scan(first)
        // The text is parsed when it closes, and also each time it doubles: a document that
        // cannot become valid any more is found early, at a cost linear in its length.
        var parsedLength = text.count
        while let (lineNumber, line, _) = try nextLine() {
            later.append((lineNumber, Array(line)))
            text.append(contentsOf: line)
            text.append(0x0A)
            let closed = scanner.scan(line)
            guard closed || text.count >= 2 * parsedLength else { continue }
            parsedLength = text.count
            let result = parse(text[...])
            if case .success(let value) = result { return value }
            if case .failure(let error) = result, !closed, error.offset >= text.count { continue }
            break
        }
        rereads.insert(contentsOf: later, at: rereadIndex)
        return nil
    }
}

/// Follows the nesting of JSON text line by line, strings and escapes included, to tell
/// when a document that spans lines closes.
struct StructureScanner {
    private var depth = 0
    private var inString = false
    private var escaped = false

    /// Scans a line; true when the nesting went back to 0 (or below) on it.
    @discardableResult
    mutating func scan(_ line: ArraySlice<UInt8>) -> Bool {
        var closed = false
        for byte in line {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 { closed = true }
            default: break
            }
        }
        return closed
    }
}

/// Space, tab or carriage return.
func isBlankByte(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D
}

/// True for a line of nothing but spaces, tabs and carriage returns.
func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
    line.withUnsafeBufferPointer { $0.allSatisfy(isBlankByte) }
}
