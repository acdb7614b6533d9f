/// Texts that repeat from row to row of a query (a label over its layouts, the few locales,
/// categories and devices), read as one shared `String` each rather than a new one per row.
struct RepeatedTexts {
    private var known: [(bytes: [UInt8], text: String)] = []
    /// How many distinct texts are kept; past it, the most recent replaces the last kept.
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The column's text of the statement's current row ("" for NULL).
    mutating func text(_ statement: Statement, _ column: Int32) -> String {
        guard let bytes = statement.utf8(column) else { return "" }
        for entry in known where entry.bytes.count == bytes.count && entry.bytes.elementsEqual(bytes) { return entry.text }
        let text = String(decoding: bytes, as: UTF8.self)
        if known.count == capacity { known.removeLast() }
        known.append((Array(bytes), text))
        return text
    }
}
