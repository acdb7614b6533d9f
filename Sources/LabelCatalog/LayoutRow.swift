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

    /// Inserts a row, or replaces every column of the row of its label, locale, variant, category and device.
    static let upsertSQL = """
        INSERT INTO layouts (\(selectList)) VALUES (\(allCases.map { _ in "?" }.joined(separator: ", ")))
        ON CONFLICT (\(identity.map(\.name).joined(separator: ", "))) DO UPDATE SET \
        \(allCases.filter { !identity.contains($0) }.map { "\($0.name) = excluded.\($0.name)" }.joined(separator: ", "))
        """
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

/// One row of the `layouts` table, as bound to `LayoutColumn.upsertSQL`.
struct LayoutRow: Sendable {
    private(set) var values = [SQLValue](repeating: .null, count: LayoutColumn.allCases.count)

    subscript(column: LayoutColumn) -> SQLValue {
        get { values[Int(column.rawValue)] }
        set { values[Int(column.rawValue)] = newValue }
    }

    init(layout: ComputedLayout, computedAt: String) {
        var writer = JSONWriter(numberStyle: .millis, capacity: 512)
        layout.writeLinesJSON(into: &writer)
        let rect = layout.textRect
        self[.label] = .text(layout.name)
        self[.locale] = .text(layout.locale)
        self[.variant] = .text(layout.variant)
        self[.category] = .text(layout.contentSizeCategory.rawValue)
        self[.x] = .real(rect.x)
        self[.y] = .real(rect.y)
        self[.width] = .real(rect.width)
        self[.height] = .real(rect.height)
        self[.lineCount] = .integer(layout.lineCount)
        self[.neededLineCount] = .integer(layout.neededLineCount)
        self[.truncated] = .integer(layout.truncated ? 1 : 0)
        self[.shrunk] = .integer(layout.shrunk ? 1 : 0)
        self[.fontSize] = .real(layout.font.size)
        self[.lines] = .text(writer.string)
        self[.inputHash] = .text(layout.inputHash)
        self[.computedAt] = .text(computedAt)
        self[.intrinsicWidth] = .real(layout.intrinsicSize.width)
        self[.intrinsicHeight] = .real(layout.intrinsicSize.height)
        self[.boundsWidth] = .real(layout.bounds.width)
        self[.boundsHeight] = .real(layout.bounds.height)
        self[.device] = .text("")
    }

    /// Where a label in a scene was placed on a device: the row's device and frame columns.
    mutating func place(_ placement: ScenePlacement) {
        self[.device] = .text(placement.device)
        self[.frameX] = .real(placement.frame.x)
        self[.frameY] = .real(placement.frame.y)
        self[.frameWidth] = .real(placement.frame.width)
        self[.frameHeight] = .real(placement.frame.height)
        self[.frameSource] = .text(placement.source)
        self[.frameReason] = placement.reason.map { .text($0) } ?? .null
        self[.sceneFindings] = placement.findings.map { .text($0) } ?? .null
    }

    /// A label that could not be laid out: no geometry, the error, and the hash of the inputs
    /// that failed (`LayoutHasher.failureHash`), so the row is fresh until one of them changes.
    init(label: String, key: LayoutKey, error: String, inputHash: String, computedAt: String) {
        self[.label] = .text(label)
        self[.locale] = .text(key.locale)
        self[.variant] = .text(key.variant)
        self[.category] = .text(key.category.rawValue)
        self[.device] = .text(key.device)
        self[.error] = .text(error)
        self[.inputHash] = .text(inputHash)
        self[.computedAt] = .text(computedAt)
    }
}

extension Statement {
    /// A column of a row read with `LayoutColumn.selectList`.
    func isNull(_ column: LayoutColumn) -> Bool { isNull(column.rawValue) }
    func int(_ column: LayoutColumn) -> Int { int(column.rawValue) }
    func double(_ column: LayoutColumn) -> Double { double(column.rawValue) }
    func text(_ column: LayoutColumn) -> String? { text(column.rawValue) }
}
