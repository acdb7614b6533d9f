/// A document of a multi-document input that is not valid JSON: the line it is on (nil when the
/// input was read as one document) and why.
public struct JSONDocumentsError: Error, Sendable, CustomStringConvertible {
    /// The 1-based line of an NDJSON input, or nil for a whole-input document.
    public let line: Int?
    public let error: JSONParseError

    public var description: String {
        line.map { "line \($0): \(error)" } ?? error.description
    }
}

extension JSONValue {
    /// The documents of an input that holds one JSON array of them, one document, or one
    /// document per line (NDJSON; blank lines are skipped). An input whose first non-blank
    /// character is `[` is an array, whatever its layout.
    public static func documents(_ bytes: [UInt8]) throws(JSONDocumentsError) -> [JSONValue] {
        let first = bytes.first { !isJSONWhitespace($0) }
        if first == UInt8(ascii: "[") {
            do {
                guard case .array(let items) = try parse(bytes) else { return [] }
                return items
            } catch {
                throw JSONDocumentsError(line: nil, error: error)
            }
        }
        if let whole = try? parse(bytes) { return [whole] }
        var documents: [JSONValue] = []
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where !line.allSatisfy(isJSONWhitespace) {
            do {
                documents.append(try line.withUnsafeBufferPointer { buffer throws(JSONParseError) in try parse(buffer) })
            } catch {
                throw JSONDocumentsError(line: index + 1, error: error)
            }
        }
        return documents
    }
}

/// JSON's white space: space, tab, line feed, carriage return.
func isJSONWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}
