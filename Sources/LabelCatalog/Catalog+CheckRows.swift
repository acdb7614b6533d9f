import LabelModel

/// What `check` keeps of the layouts in its scope: every text's identity. The rows where there
/// may be something to say are handed on as they are read (`Catalog.checkRows`).
struct CheckRows {
    /// Every text checked, ordered by label, locale, variant, device, then category from the smallest.
    var texts: [CheckedText] = []
    /// The number of distinct labels of `texts`.
    var labelCount = 0
}

extension Catalog {
    /// The layouts `check` looks at (fresh ones: bring them up to date first), read in one
    /// snapshot: the rows whose label matches the scope's glob and its shard, of the locales
    /// `locales` (all when nil) and the categories `categories`, on the scope's device. Rows are
    /// scanned without their geometry and lines, in the table's own order (no sorting in SQL),
    /// each label's few put in the order of `layouts(matching:)`; a row that may not fit is
    /// then read whole.
    ///
    /// In the same order, `body` is given the rows of the texts that may not fit (an error,
    /// truncated, lines lost to the height; shrunk, when asked; every text, when a headroom or
    /// minimum category is asked for), whole, and of the other texts of labels placed in
    /// scenes, without their geometry and lines (a text that fits needs only its counts and
    /// placement): `batch` rows at a time, and the rest at the end, while the snapshot is
    /// read, so that no more than a batch of them is held at once.
    func checkRows(_ scope: CheckScope, filter: LayoutFilter, locales: Set<String>?, categories: Set<String>,
                   batch: Int = Catalog.rowsPerAdviceBatch, _ body: ([StoredLayout]) throws -> Void) throws -> CheckRows {
        // The key's order kept (its unique index; no sort); every label matches `*`: no pattern to match
        // on every row.
        let conditions = filter.sql(keepingOrder: true)
        let sql = "SELECT \(LayoutColumn.checkList) FROM layouts WHERE " + (scope.glob == "*" ? "?1 = '*'" : "label GLOB ?1")
            + conditions.clause + " ORDER BY label, locale, variant, category, device"
        let bindings: [SQLValue] = [.text(scope.glob)] + conditions.bindings
        return try database.transaction(write: false) {
            // The scan reads each page once: keeping them in the cache only costs memory.
            let cacheSize = try database.scalarInt("PRAGMA cache_size") ?? 0
            try database.execute("PRAGMA cache_size = -2048")
            defer { try? database.execute("PRAGMA cache_size = \(cacheSize)") }
            // Under the freshness record every row counts; else only those of labels that exist.
            let labels = try allLayoutsFresh() ? nil : Set(try self.labels(matching: scope.glob).map(\.name))
            let statement = try database.statement(sql)
            defer { statement.reset() }
            try statement.bind(bindings)
            var reader = CheckRowReader(scope: scope)
            var rows = CheckRows()
            var wholeRows: [StoredLayout] = []
            wholeRows.reserveCapacity(batch)
            var group: [CheckRowReader.Row] = []
            var lastLabel: String?
            var labelInShard = true
            var lastCounted: String?
            // Whether the last locale and category read are checked (they repeat from row to row).
            var lastLocale: (text: String?, checked: Bool) = (nil, false)
            var lastCategory: (text: String?, checked: Bool, order: Int) = (nil, false, 0)
            func flush() throws {
                if group.count > 1 { group.sort(by: CheckRowReader.Row.precedes) }
                for row in group {
                    rows.texts.append(row.text)
                    guard let whole = row.whole else { continue }
                    wholeRows.append(whole)
                    if wholeRows.count == batch {
                        try body(wholeRows)
                        wholeRows.removeAll(keepingCapacity: true)
                    }
                }
                group.removeAll(keepingCapacity: true)
            }
            while try statement.step() {
                let text = reader.text(statement)
                if let first = group.first?.text,
                   first.label != text.label || first.locale != text.locale || first.variant != text.variant {
                    try flush()
                }
                if text.label != lastLabel {
                    labelInShard = scope.shard?.contains(text.label) != false && labels?.contains(text.label) != false
                    lastLabel = text.label
                }
                if text.locale != lastLocale.text { lastLocale = (text.locale, locales?.contains(text.locale) != false) }
                if text.category != lastCategory.text {
                    lastCategory = (text.category, categories.contains(text.category),
                                    (ContentSizeCategory(rawValue: text.category) ?? .large).index)
                }
                guard labelInShard, lastLocale.checked, lastCategory.checked else { continue }
                if text.label != lastCounted { rows.labelCount += 1 } // rows come ordered by label
                lastCounted = text.label
                var whole: StoredLayout?
                if reader.mayNotFit(statement) {
                    whole = try wholeLayout(text) ?? storedLayout(from: statement)
                } else if !statement.isNull(LayoutColumn.frameSource) {
                    whole = storedLayout(from: statement)
                }
                group.append(CheckRowReader.Row(text: text, categoryOrder: lastCategory.order, whole: whole))
            }
            try flush()
            if !wholeRows.isEmpty { try body(wholeRows) }
            return rows
        }
    }
}

extension Catalog {
    /// The whole stored row of a checked text.
    func wholeLayout(_ text: CheckedText) throws -> StoredLayout? {
        let statement = try database.statement("""
            SELECT \(LayoutColumn.selectList) FROM layouts WHERE label = ? AND locale = ? AND variant = ? AND category = ? AND device = ?
            """)
        defer { statement.reset() }
        try statement.bind([.text(text.label), .text(text.locale), .text(text.variant), .text(text.category), .text(text.device)])
        return try statement.step() ? storedLayout(from: statement) : nil
    }
}

extension LayoutColumn {
    /// The SELECT list of `check`'s scan: a row's identity, counts, error and placement in
    /// their places, NULL for its geometry and lines (read whole only for a text that may not fit).
    static let checkList = allCases.map { column in
        switch column {
        case .label, .locale, .variant, .category, .device, .lineCount, .neededLineCount, .truncated, .shrunk, .error,
             .frameX, .frameY, .frameWidth, .frameHeight, .frameSource, .frameReason, .sceneFindings:
            column.name
        case .x, .y, .width, .height, .fontSize, .lines, .inputHash, .computedAt, .intrinsicWidth, .intrinsicHeight,
             .boundsWidth, .boundsHeight:
            "NULL"
        }
    }.joined(separator: ", ")
}

/// Reads the rows of `Catalog.checkRows`: each text's identity with its repeated strings
/// shared, and whether its text may not fit.
struct CheckRowReader {
    let includesShrunk: Bool
    /// A headroom or minimum category is asked for: every text is measured.
    let measuresEveryText: Bool
    var labels = RepeatedTexts(capacity: 1)
    var locales = RepeatedTexts(capacity: 64)
    var variants = RepeatedTexts(capacity: 64)
    var categories = RepeatedTexts(capacity: 16)
    var devices = RepeatedTexts(capacity: 32)

    struct Row {
        var text: CheckedText
        var categoryOrder: Int
        var whole: StoredLayout?

        /// The order of `Catalog.layouts(matching:)` within a text: by device (as SQLite orders
        /// text), then category from the smallest (by name for one the catalog does not know).
        static func precedes(_ lhs: Row, _ rhs: Row) -> Bool {
            if lhs.text.device != rhs.text.device { return lhs.text.device.utf8.lexicographicallyPrecedes(rhs.text.device.utf8) }
            if lhs.categoryOrder != rhs.categoryOrder { return lhs.categoryOrder < rhs.categoryOrder }
            return lhs.text.category.utf8.lexicographicallyPrecedes(rhs.text.category.utf8)
        }
    }

    init(scope: CheckScope) {
        includesShrunk = scope.includesShrunk
        measuresEveryText = scope.headroomBelow != nil || scope.minimumCategory != nil
    }

    /// The identity of the statement's current row.
    mutating func text(_ statement: Statement) -> CheckedText {
        CheckedText(label: labels.text(statement, LayoutColumn.label.rawValue),
                    locale: locales.text(statement, LayoutColumn.locale.rawValue),
                    variant: variants.text(statement, LayoutColumn.variant.rawValue),
                    category: categories.text(statement, LayoutColumn.category.rawValue),
                    device: devices.text(statement, LayoutColumn.device.rawValue))
    }

    /// False when the row's text fits (without shrinking, when shrunk texts are listed):
    /// `OverflowMeasurer.finding(for:text:)` finds nothing in it.
    func mayNotFit(_ statement: Statement) -> Bool {
        if measuresEveryText || !statement.isNull(LayoutColumn.error) { return true }
        if statement.int(LayoutColumn.truncated) != 0 || statement.int(LayoutColumn.neededLineCount) > statement.int(LayoutColumn.lineCount) {
            return true
        }
        return includesShrunk && statement.int(LayoutColumn.shrunk) != 0
    }
}
