/// What a `<tableViewCell>` says about laying itself out. A cell of a built-in style places its
/// `textLabel` and `detailTextLabel` itself, whatever their saved frames and constraints.
public struct TableCellProperties: Sendable, Hashable {
    public var style: Style
    /// The object id of the label UIKit uses as `textLabel` (IB's `textLabel="…"`).
    public var textLabel: String?
    /// The object id of the `detailTextLabel` (Subtitle, Right Detail, Left Detail).
    public var detailTextLabel: String?
    /// The object id of the cell's `imageView`, when IB names one.
    public var imageView: String?
    /// `accessoryType` as written (`disclosureIndicator`, `checkmark`, …); nil = none.
    public var accessoryType: String?
    /// `reuseIdentifier`.
    public var reuseIdentifier: String?
    /// The cell's own `rowHeight` ("Custom" row height in IB), as written.
    public var rowHeight: Double?
    /// The table view's id, and what it says of its rows: `rowHeight` (-1: automatic) and
    /// `style` (`plain`, `grouped`, `insetGrouped`) as written.
    public var tableView: String?
    public var tableRowHeight: Double?
    public var tableStyle: String?

    public init(style: Style = .custom, textLabel: String? = nil, detailTextLabel: String? = nil, imageView: String? = nil,
                accessoryType: String? = nil, reuseIdentifier: String? = nil, rowHeight: Double? = nil,
                tableView: String? = nil, tableRowHeight: Double? = nil, tableStyle: String? = nil) {
        self.style = style
        self.textLabel = textLabel
        self.detailTextLabel = detailTextLabel
        self.imageView = imageView
        self.accessoryType = accessoryType
        self.reuseIdentifier = reuseIdentifier
        self.rowHeight = rowHeight
        self.tableView = tableView
        self.tableRowHeight = tableRowHeight
        self.tableStyle = tableStyle
    }

    /// `UITableViewCell.CellStyle`; raw values as IB writes them in `style`.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// No `style` attribute: a custom cell, laid out by its constraints.
        case custom
        /// Basic: `textLabel` only.
        case basic = "IBUITableViewCellStyleDefault"
        /// Subtitle: `textLabel` above `detailTextLabel`.
        case subtitle = "IBUITableViewCellStyleSubtitle"
        /// Right Detail: `detailTextLabel` right-aligned at the trailing end.
        case rightDetail = "IBUITableViewCellStyleValue1"
        /// Left Detail: a fixed-width `textLabel`, then `detailTextLabel`.
        case leftDetail = "IBUITableViewCellStyleValue2"

        /// True for the styles that place their labels themselves.
        public var isBuiltIn: Bool { self != .custom }
    }
}
