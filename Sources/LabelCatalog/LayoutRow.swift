import CSQLite
import LabelJSON
import LabelLayout
import LabelModel

/// The columns of the `layouts` table, declared once: rows are built by column, and the
/// INSERT and the SELECT list are made from this list (a column's raw value is its position).
enum LayoutColumn: Int32, CaseIterable {
    case label, locale, variant, category, device, x, y, width, height, lineCount, neededLineCount, truncated, shrunk, fontSize,
         lines, error, inputHash, computedAt, intrinsicWidth, intrinsicHeight, boundsWidth, boundsHeight,
         frameX, frameY, frameWidth, frameHeight, frameSource, frameReason, sceneFindings

    /// The column's name in SQL.
    var name: String {
        switch self {
        case .label: "label"
        case .locale: "locale"
        case .variant: "variant"
        case .category: "category"
        case .device: "device"
        case .x: "x"
        case .y: "y"
        case .width: "width"
        case .height: "height"
        case .lineCount: "line_count"
        case .neededLineCount: "needed_line_count"
        case .truncated: "truncated"
        case .shrunk: "shrunk"
        case .fontSize: "font_size"
        case .lines: "lines"
        case .error: "error"
        case .inputHash: "input_hash"
        case .computedAt: "computed_at"
        case .intrinsicWidth: "intrinsic_width"
        case .intrinsicHeight: "intrinsic_height"
        case .boundsWidth: "bounds_width"
        case .boundsHeight: "bounds_height"
        case .frameX: "frame_x"
        case .frameY: "frame_y"
        case .frameWidth: "frame_width"
        case .frameHeight: "frame_height"
        case .frameSource: "frame_source"
        case .frameReason: "frame_reason"
        case .sceneFindings: "scene_findings"
        }
    }

    /// Every column, in order, for a SELECT list.
    static let selectList = allCases.map(\.name).joined(separator: ", ")

    /// The columns naming a layout: its label, locale, variant, content size category and device.
    static let identity: [LayoutColumn] = [.label, .locale, .variant, .category, .device]

    /// Inserts `count` rows, or replaces every column of the row of the same label, locale,
    /// variant, category and device: row n's columns are bound at positions n × the column
    /// count + 1 … (`Statement.run(_:)`). Several rows in one statement spare SQLite's work per
    /// statement (its cursors opened and closed, its registers freed), about a sixth of a row's.
    /// With `keepingTruncated`, a stored row keeps its `truncated` column (the caller knows it
    /// holds the same value): SQLite then leaves the row's entry in the index of truncated
    /// layouts alone, where setting the column deletes it and inserts it again.
    static func upsertSQL(rows count: Int, keepingTruncated: Bool = false) -> String {
        let values = "(" + allCases.map { _ in "?" }.joined(separator: ", ") + ")"
        let updated = allCases.filter { !identity.contains($0) && !(keepingTruncated && $0 == .truncated) }
        return """
            INSERT INTO layouts (\(selectList)) VALUES \(Array(repeating: values, count: count).joined(separator: ", "))
            ON CONFLICT (\(identity.map(\.name).joined(separator: ", "))) DO UPDATE SET \
            \(updated.map { "\($0.name) = excluded.\($0.name)" }.joined(separator: ", "))
            """
    }

    /// How many rows the writer binds to one statement (`upsertSQL(rows:)`).
    static let rowsPerStatement = 32
}

/// Which of a label's layouts: a text (locale and variant) at a content size category, on a
/// device (the name of the device its scene was solved on; "" for a label in no scene).
public struct LayoutKey: Sendable, Hashable, Comparable {
    public var locale: String
    public var variant: String
    public var category: ContentSizeCategory
    public var device: String

    public init(locale: String = "", variant: String = "", category: ContentSizeCategory = .large, device: String = "") {
        self.locale = locale
        self.variant = variant
        self.category = category
        self.device = device
    }

    public init(_ text: TextKey, category: ContentSizeCategory, device: String = "") {
        self.init(locale: text.locale, variant: text.variant, category: category, device: device)
    }

    public var text: TextKey { TextKey(locale: locale, variant: variant) }

    /// The same layout on no device: what its input hash is computed for.
    var withoutDevice: LayoutKey { LayoutKey(locale: locale, variant: variant, category: category) }

    /// Ordered by locale, variant, category from the smallest to the largest, then device.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.locale, lhs.variant, lhs.category, lhs.device) < (rhs.locale, rhs.variant, rhs.category, rhs.device)
    }
}

/// One row of the `layouts` table, as bound to `LayoutColumn.upsertSQL(rows:)`: a value per column,
/// every text's UTF-8 bytes in one buffer. A worker builds it; the writer binds it without
/// converting or copying anything (SQLite reads the bytes in place while the row is written)
/// and frees it in two deallocations.
struct LayoutRow: Sendable {
    /// A column's value; a text is a range of `bytes`.
    enum Value: Sendable {
        case null
        case integer(Int)
        case real(Double)
        case text(start: Int32, count: Int32)
    }

    private(set) var values = [Value](repeating: .null, count: LayoutColumn.allCases.count)
    private(set) var bytes: [UInt8]
    /// The stored row holds the same `truncated` value (`LayoutColumn.upsertSQL(rows:keepingTruncated:)`).
    private(set) var keepsTruncated = false

    /// Notes whether the stored row's `truncated` column (nil: NULL) is this row's.
    mutating func compareTruncated(withStored stored: Int?) {
        keepsTruncated = switch (values[Int(LayoutColumn.truncated.rawValue)], stored) {
        case (.null, nil): true
        case (.integer(let value), let stored?): value == stored
        default: false
        }
    }

    /// Sets a column's value (a text's bytes are appended to the buffer).
    private mutating func set(_ column: LayoutColumn, _ value: SQLValue) {
        values[Int(column.rawValue)] = switch value {
        case .null: .null
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .text(let text): append(text)
        }
    }

    /// Appends a text's bytes to the buffer; its value.
    private mutating func append(_ text: String) -> Value {
        let start = Int32(bytes.count)
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
        return .text(start: start, count: Int32(bytes.count) - start)
    }

    /// The row of a layout, recording `inputHash` (its own, or for a label of a scene the hash
    /// of the label's inputs alone).
    init(layout: ComputedLayout, inputHash: String, computedAt: String) {
        // The lines JSON is written straight into the buffer: the first text.
        var writer = JSONWriter(numberStyle: .millis, capacity: 512)
        layout.writeLinesJSON(into: &writer)
        bytes = writer.bytes
        values[Int(LayoutColumn.lines.rawValue)] = .text(start: 0, count: Int32(bytes.count))
        let rect = layout.textRect
        set(.label, .text(layout.name))
        set(.locale, .text(layout.locale))
        set(.variant, .text(layout.variant))
        set(.category, .text(layout.contentSizeCategory.rawValue))
        set(.x, .real(rect.x))
        set(.y, .real(rect.y))
        set(.width, .real(rect.width))
        set(.height, .real(rect.height))
        set(.lineCount, .integer(layout.lineCount))
        set(.neededLineCount, .integer(layout.neededLineCount))
        set(.truncated, .integer(layout.truncated ? 1 : 0))
        set(.shrunk, .integer(layout.shrunk ? 1 : 0))
        set(.fontSize, .real(layout.font.size))
        set(.inputHash, .text(inputHash))
        set(.computedAt, .text(computedAt))
        set(.intrinsicWidth, .real(layout.intrinsicSize.width))
        set(.intrinsicHeight, .real(layout.intrinsicSize.height))
        set(.boundsWidth, .real(layout.bounds.width))
        set(.boundsHeight, .real(layout.bounds.height))
        set(.device, .text(""))
    }

    /// Where a label in a scene was placed on a device: the row's device and frame columns.
    mutating func place(_ placement: ScenePlacement) {
        set(.device, .text(placement.device))
        set(.frameX, .real(placement.frame.x))
        set(.frameY, .real(placement.frame.y))
        set(.frameWidth, .real(placement.frame.width))
        set(.frameHeight, .real(placement.frame.height))
        set(.frameSource, .text(placement.source))
        set(.frameReason, placement.reason.map { .text($0) } ?? .null)
        set(.sceneFindings, placement.findings.map { .text($0) } ?? .null)
    }

    /// A label that could not be laid out: no geometry, the error, and the hash of the inputs
    /// that failed (`LayoutHasher.failureHash`), so the row is fresh until one of them changes.
    init(label: String, key: LayoutKey, error: String, inputHash: String, computedAt: String) {
        bytes = []
        set(.label, .text(label))
        set(.locale, .text(key.locale))
        set(.variant, .text(key.variant))
        set(.category, .text(key.category.rawValue))
        set(.device, .text(key.device))
        set(.error, .text(error))
        set(.inputHash, .text(inputHash))
        set(.computedAt, .text(computedAt))
    }
}

extension Statement {
    /// Binds every column of each of `rows`, one row after another (`LayoutColumn.upsertSQL(rows:)`
    /// for as many rows), and runs the statement once. The texts are bound in place, valid only
    /// while the rows are: the caller clears the bindings (`reset`) before the statement can be
    /// stepped again without binding rows.
    func run(_ rows: ArraySlice<LayoutRow>) throws(DatabaseError) {
        sqlite3_reset(handle)
        let result = bindAndStep(rows, from: rows.startIndex)
        guard result == SQLITE_DONE || result == SQLITE_ROW else { throw database.error(result, sql: sql) }
    }

    /// Binds `rows[index...]` and steps: each row's texts are bound inside the access to its
    /// buffer, so every buffer is held while the statement runs.
    private func bindAndStep(_ rows: ArraySlice<LayoutRow>, from index: Int) -> Int32 {
        guard index < rows.endIndex else { return sqlite3_step(handle) }
        let row = rows[index]
        let first = Int32((index - rows.startIndex) * row.values.count + 1)
        return row.bytes.withUnsafeBufferPointer { buffer -> Int32 in
            for (column, value) in row.values.enumerated() {
                let position = first + Int32(column)
                let bound: Int32
                switch value {
                case .null: bound = sqlite3_bind_null(handle, position)
                case .integer(let number): bound = sqlite3_bind_int64(handle, position, Int64(number))
                case .real(let number): bound = sqlite3_bind_double(handle, position, number)
                case .text(let start, let count):
                    // Never a null pointer, which would bind NULL instead of an empty text.
                    let bytes = count == 0 ? Self.emptyText : UnsafeRawPointer(buffer.baseAddress! + Int(start))
                    bound = sqlite3_bind_text64(handle, position, bytes.assumingMemoryBound(to: CChar.self), sqlite3_uint64(count),
                                                nil, UInt8(SQLITE_UTF8)) // nil: SQLITE_STATIC, not copied
                }
                guard bound == SQLITE_OK else { return bound }
            }
            return bindAndStep(rows, from: index + 1)
        }
    }

    private static var emptyText: UnsafeRawPointer { UnsafeRawPointer(("" as StaticString).utf8Start) }

    /// A column of a row read with `LayoutColumn.selectList`.
    func isNull(_ column: LayoutColumn) -> Bool { isNull(column.rawValue) }
    func int(_ column: LayoutColumn) -> Int { int(column.rawValue) }
    func double(_ column: LayoutColumn) -> Double { double(column.rawValue) }
    func text(_ column: LayoutColumn) -> String? { text(column.rawValue) }
}
