import CSQLite
import LabelJSON

/// A label's style columns as the catalog stores them (each column's storage class and value):
/// labels whose style columns hold the same bytes have the same style, known without building
/// it. Its hash is computed once, so using it as a key costs one comparison of bytes.
struct StyleColumns: Hashable, Sendable {
    private let bytes: [UInt8]
    private let hash: Int

    /// The columns `columns` of the statement's current row.
    init(_ statement: Statement, columns: Range<Int32>, scratch: inout [UInt8]) {
        scratch.removeAll(keepingCapacity: true)
        for column in columns {
            let type = statement.columnType(column)
            scratch.append(UInt8(truncatingIfNeeded: type))
            switch type {
            case SQLITE_NULL: break
            case SQLITE_INTEGER: withUnsafeBytes(of: statement.int(column)) { scratch.append(contentsOf: $0) }
            case SQLITE_FLOAT: withUnsafeBytes(of: statement.double(column).bitPattern) { scratch.append(contentsOf: $0) }
            default:
                let text = statement.utf8(column) ?? UnsafeBufferPointer(start: nil, count: 0)
                withUnsafeBytes(of: UInt32(truncatingIfNeeded: text.count)) { scratch.append(contentsOf: $0) }
                scratch.append(contentsOf: text)
            }
        }
        bytes = scratch
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        hash = hasher.finalize()
    }

    static func == (lhs: StyleColumns, rhs: StyleColumns) -> Bool { lhs.hash == rhs.hash && lhs.bytes == rhs.bytes }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// The styles a reader has built, by their columns: a label of a style read before shares its
/// fields instead of building them again (parsing the JSON of its font and insets). Holds at
/// most `limit` styles (emptied when full). Used by one thread at a time.
final class StyleTable {
    private var styles: [StyleColumns: (key: StyleColumns, style: JSONObject)] = [:]
    private var scratch: [UInt8] = []
    static let limit = 10_000

    /// The style of the statement's current row (style columns `columns`) and its key, built by
    /// `build` when it is new.
    func style(of statement: Statement, columns: Range<Int32>, build: () -> JSONObject) -> (key: StyleColumns, style: JSONObject) {
        let key = StyleColumns(statement, columns: columns, scratch: &scratch)
        if let known = styles[key] { return known }
        if styles.count >= Self.limit { styles.removeAll() }
        let entry = (key: key, style: build())
        styles[key] = entry
        return entry
    }
}
