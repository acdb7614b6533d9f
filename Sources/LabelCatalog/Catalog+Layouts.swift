import AutoLayout
import LabelJSON
import LabelLayout
import LabelModel

/// A stored layout row, as queries return it.
public struct StoredLayout: Sendable {
    public var label: String
    public var locale: String
    /// "" for the plain text, else a plural form or device variation (`plural.one`).
    public var variant: String
    /// The content size category's UIKit name (`large`).
    public var category: String
    /// The device the label's scene was solved on ("" for a label in no scene).
    public var device: String = ""
    /// For a label of a scene: its frame on `device`, in its root view's coordinates, and
    /// where that frame comes from; nil for a label in no scene (its frame is its own).
    public var placement: LayoutPlacement?
    public var textRect: Rect?
    public var lineCount: Int?
    public var neededLineCount: Int?
    public var truncated: Bool
    /// True when autoshrink set the text smaller than the font's size.
    public var shrunk: Bool
    /// The font size the layout used (the category's, shrunk when `shrunk`).
    public var fontSize: Double?
    public var error: String?
    public var inputHash: String
    public var computedAt: String
    /// True when the label's current inputs hash differently (only checked when asked).
    public var isStale: Bool = false
    /// The whole layout (docs/layout-rules.md), built from the row and the label's resolved definition;
    /// nil for a label that could not be laid out and for a stale row.
    public var layout: ComputedLayout?
    /// The row's `lines` column, intrinsic size and bounds (as the engine returned them), from
    /// which `layout` is built.
    var linesJSON: String?
    var intrinsicSize: Size?
    var boundsSize: Size?

    /// layout JSON (for a label of a scene with the `device`, `frame` and `frameSource` of
    /// docs/autolayout.md; for a label in no scene exactly `measure`'s); nil when `layout` is.
    public var json: String? {
        guard let layout else { return nil }
        var writer = JSONWriter(numberStyle: .millis, capacity: 1024)
        layout.writeJSON(into: &writer) { writer in placementJSON(into: &writer) }
        return writer.string
    }

    /// The label's definition in the frame it was laid out in on `device`: the solved frame
    /// (in its root view's coordinates) when Auto Layout placed it, else its own.
    public func placed(_ definition: LabelDefinition) -> LabelDefinition {
        guard let placement, placement.source == .autoLayout, let boundsSize else { return definition }
        var placed = definition
        placed.frame = Rect(x: placement.frame.x, y: placement.frame.y, width: boundsSize.width, height: boundsSize.height)
        placed.isSelfSizing = false
        return placed
    }

    /// Writes `device`, `frame`, `frameSource` (and `savedFrameReason`, `sceneFindings`) of a
    /// label of a scene; nothing for a label in no scene.
    public func placementJSON(into writer: inout JSONWriter) {
        guard let placement else { return }
        writer.key("device")
        if device.isEmpty { writer.null() } else { writer.string(device) }
        writer.key("frame"); writer.rect(placement.frame)
        writer.key("frameSource"); writer.string(placement.source.rawValue)
        if let reason = placement.savedReason {
            writer.key("savedFrameReason")
            writer.beginObject()
            writer.key("code"); writer.string(reason.code)
            writer.key("description"); writer.string(reason.description)
            writer.endObject()
        }
        if !placement.findings.isEmpty {
            writer.key("sceneFindings")
            writer.value(.array(placement.findings.map(\.json)))
        }
    }

    /// The lines the row stores (layout JSON `lines`), whether or not `layout` was built.
    public var lines: [LayoutLine] { layout?.lines ?? Catalog.layoutLines(fromJSON: linesJSON) }

    /// Which of its label's layouts this is (nil for a row of an unknown category).
    public var key: LayoutKey? {
        ContentSizeCategory(rawValue: category).map { LayoutKey(locale: locale, variant: variant, category: $0, device: device) }
    }
}

extension Catalog {
    func storedLayout(from statement: Statement) -> StoredLayout {
        let hasGeometry = !statement.isNull(LayoutColumn.x)
        return StoredLayout(
            label: statement.text(LayoutColumn.label) ?? "", locale: statement.text(LayoutColumn.locale) ?? "",
            variant: statement.text(LayoutColumn.variant) ?? "", category: statement.text(LayoutColumn.category) ?? "",
            device: statement.text(LayoutColumn.device) ?? "", placement: LayoutPlacement(row: statement),
            textRect: hasGeometry ? Rect(x: statement.double(LayoutColumn.x), y: statement.double(LayoutColumn.y),
                                         width: statement.double(LayoutColumn.width), height: statement.double(LayoutColumn.height)) : nil,
            lineCount: hasGeometry ? statement.int(LayoutColumn.lineCount) : nil,
            neededLineCount: hasGeometry ? statement.int(LayoutColumn.neededLineCount) : nil,
            truncated: statement.int(LayoutColumn.truncated) != 0, shrunk: statement.int(LayoutColumn.shrunk) != 0,
            fontSize: statement.isNull(LayoutColumn.fontSize) ? nil : statement.double(LayoutColumn.fontSize),
            error: statement.text(LayoutColumn.error),
            inputHash: statement.text(LayoutColumn.inputHash) ?? "", computedAt: statement.text(LayoutColumn.computedAt) ?? "",
            linesJSON: statement.text(LayoutColumn.lines),
            intrinsicSize: statement.isNull(LayoutColumn.intrinsicWidth) ? nil
                : Size(width: statement.double(LayoutColumn.intrinsicWidth), height: statement.double(LayoutColumn.intrinsicHeight)),
            boundsSize: statement.isNull(LayoutColumn.boundsWidth) ? nil
                : Size(width: statement.double(LayoutColumn.boundsWidth), height: statement.double(LayoutColumn.boundsHeight)))
    }

    /// Builds a fresh row's layout JSON: geometry (bounds, text rect, lines, intrinsic size),
    /// counts and font size from the row, as the engine computed them; the font's face and
    /// metrics and the engine version from the definition it was computed from.
    func attachLayout(to row: inout StoredLayout, definition: LabelDefinition) {
        guard row.error == nil, let textRect = row.textRect, let intrinsicSize = row.intrinsicSize,
              let boundsSize = row.boundsSize, let key = row.key else { return }
        var sized = definition
        sized.font.size = row.fontSize ?? definition.font.pointSize(in: key.category)
        guard let font = try? engine.resolvedFont(for: sized) else { return }
        let bounds = Rect(x: 0, y: 0, width: boundsSize.width, height: boundsSize.height)
        row.layout = ComputedLayout(name: row.label, locale: row.locale, variant: row.variant, contentSizeCategory: key.category,
                                    bounds: bounds, textRect: textRect,
                                    lines: Self.layoutLines(fromJSON: row.linesJSON), neededLineCount: row.neededLineCount ?? 0,
                                    truncated: row.truncated, shrunk: row.shrunk,
                                    intrinsicSize: intrinsicSize, font: font, inputHash: row.inputHash,
                                    engineVersion: LayoutEngine.version)
    }

    /// The `lines` column's array (the layout JSON's `lines`) as lines ([] for NULL or malformed JSON).
    static func layoutLines(fromJSON json: String?) -> [LayoutLine] {
        guard let json, let lines = try? JSONValue.parse(json).array else { return [] }
        return lines.map { line in
            LayoutLine(range: TextRange(location: Int(line["range"]?["location"]?.number ?? 0),
                                        length: Int(line["range"]?["length"]?.number ?? 0)),
                       text: line["text"]?.string ?? "", rect: rect(line["rect"]), baseline: line["baseline"]?.number ?? 0)
        }
    }

    static func rect(_ value: JSONValue?) -> Rect {
        Rect(x: value?["x"]?.number ?? 0, y: value?["y"]?.number ?? 0,
             width: value?["width"]?.number ?? 0, height: value?["height"]?.number ?? 0)
    }

    /// The fresh layout of one of a label's texts (locale "" = the base text, variant "" =
    /// the plain text) at a content size category (nil: the first the catalog keeps). A stale
    /// or missing layout is recomputed (and stored) first; on a read-only catalog a stale
    /// layout is an error. A label that cannot be laid out throws the error its fresh row records.
    public func layout(label name: String, locale: String = "", variant: String = "",
                       category: ContentSizeCategory? = nil, device: String? = nil) throws -> StoredLayout {
        let record = try label(named: name)
        try refreshSettings()
        let text = TextKey(locale: locale, variant: variant)
        let texts = settings.textKeys(of: record)
        guard texts.contains(text) else {
            let locales = Set(texts.map(\.locale))
            if !locale.isEmpty, !locales.contains(locale) {
                throw CatalogError.unknownLocale(label: name, locale: locale, available: locales.sorted().filter { !$0.isEmpty })
            }
            throw CatalogError.unknownText(label: name, locale: locale, variant: variant,
                                           available: texts.map { Self.describe($0) })
        }
        let category = category ?? settings.categories[0]
        guard settings.categories.contains(category) else {
            throw CatalogError.invalidInput("the catalog keeps no layouts for content size category '\(category.rawValue)' (categories: \(settings.categories.map(\.rawValue).joined(separator: ", ")))")
        }
        let key = LayoutKey(text, category: category)
        let devices = try layoutDevices(ofLabel: name)
        let deviceName = try device.map { asked throws(CatalogError) -> String in
            guard let found = devices.first(where: { $0 == asked || Device(named: asked)?.name == $0 }) else {
                throw .invalidInput("label '\(name)' has no layouts for device '\(asked)' (devices: \(devices.map { $0.isEmpty ? "none: it is in no scene" : $0 }.joined(separator: ", ")))")
            }
            return found
        } ?? devices[0]
        var stored = try readLayout(label: name, key: key, device: deviceName)
        var resolver = LabelResolver(tokens: try tokenSet())
        var hasher = LayoutHasher(engine: engine)
        if stored?.inputHash != hasher.hash(record, key: key, resolver: &resolver) {
            guard !isReadOnly else { throw CatalogError.staleLayouts(path: path, labels: [name + Self.bracketed(key)]) }
            try edit(allowLayoutErrors: true) {
                try recomputeInTransaction([RecomputeItem(label: name, locales: nil)])
            }
            stored = try readLayout(label: name, key: key, device: deviceName)
        }
        guard var stored else { throw CatalogError.unknownLabel(name) }
        if let error = stored.error { throw CatalogError.invalidLabel(label: name, reason: "cannot be laid out: \(error)") }
        // Built from the definition the stored hash was computed from (re-read after a recompute).
        var current = LabelResolver(tokens: try tokenSet())
        if let definition = try? current.resolve(try label(named: name)).definition,
           (try? engine.inputHash(definition, locale: locale, variant: variant, category: category)) == stored.inputHash {
            attachLayout(to: &stored, definition: definition)
        }
        return stored
    }

    /// `de` or `de plural.one`: a text as messages name it (`base` for the base text).
    static func describe(_ text: TextKey) -> String {
        LocaleTag.name(text.locale) + (text.variant.isEmpty ? "" : " " + text.variant)
    }

    /// ` (de, plural.one, extraLarge)`: what is not the default of a layout, for messages.
    static func bracketed(_ key: LayoutKey) -> String {
        let parts = [key.locale, key.variant, key.category == .large ? "" : key.category.rawValue].filter { !$0.isEmpty }
        return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
    }

    func readLayout(label: String, key: LayoutKey, device: String) throws -> StoredLayout? {
        let statement = try database.statement("""
            SELECT \(LayoutColumn.selectList) FROM layouts WHERE label = ? AND locale = ? AND variant = ? AND category = ? AND device = ?
            """)
        defer { statement.reset() }
        try statement.bind([.text(label), .text(key.locale), .text(key.variant), .text(key.category.rawValue), .text(device)])
        return try statement.step() ? storedLayout(from: statement) : nil
    }

    /// Stored layouts whose label matches a glob, optionally only of one locale, variant or
    /// content size category, only truncated ones, or only stale ones. Each row's hash is
    /// checked against its label's current inputs, unless the freshness record vouches for
    /// every row (nothing queued, same environment). `withLayouts` builds each fresh row's
    /// layout JSON (it resolves every label). Ordered by label, locale, variant, category.
    public func layouts(matching glob: String = "*", locale: String? = nil, variant: String? = nil,
                        category: ContentSizeCategory? = nil, device: String? = nil, truncatedOnly: Bool = false,
                        staleOnly: Bool = false, withLayouts: Bool = true) throws -> [StoredLayout] {
        // One read snapshot: the rows, the queue, the record and the labels agree.
        try database.transaction(write: false) {
            try readLayouts(matching: glob, filter: LayoutFilter(locale: locale, variant: variant, category: category, device: device),
                            truncatedOnly: truncatedOnly, staleOnly: staleOnly, withLayouts: withLayouts)
        }
    }

    private func readLayouts(matching glob: String, filter: LayoutFilter, truncatedOnly: Bool, staleOnly: Bool,
                             withLayouts: Bool) throws -> [StoredLayout] {
        let conditions = filter.sql()
        var sql = "SELECT \(LayoutColumn.selectList) FROM layouts WHERE label GLOB ?" + conditions.clause
        let bindings: [SQLValue] = [.text(glob)] + conditions.bindings
        if truncatedOnly { sql += " AND truncated" }
        sql += " ORDER BY label, locale, variant, device, category"
        let statement = try database.statement(sql)
        try statement.bind(bindings)
        var rows: [StoredLayout] = []
        while try statement.step() { rows.append(storedLayout(from: statement)) }
        try refreshSettings()
        Self.orderCategories(&rows)
        // Under the freshness record every row is fresh but one recording an error without the
        // hash of what failed (written by an older labelcat).
        let allFresh = try allLayoutsFresh()
        if allFresh {
            for index in rows.indices { rows[index].isStale = rows[index].inputHash.isEmpty || rows[index].key == nil }
            if staleOnly { return rows.filter(\.isStale) }
            if !withLayouts { return rows }
        }
        var resolver = LabelResolver(tokens: try tokenSet())
        var hasher = LayoutHasher(engine: engine)
        var resolved: [String: (record: LabelRecord, definition: LabelDefinition?)] = [:]
        for record in try labels(matching: glob) { resolved[record.name] = (record, try? resolver.resolve(record).definition) }
        return rows.compactMap { row in
            var row = row
            guard let label = resolved[row.label] else { return nil }
            if !allFresh {
                row.isStale = row.key.map {
                    row.inputHash != hasher.hash(label.record, resolved: label.definition, key: $0, tokens: resolver.tokens)
                } ?? true
            }
            if withLayouts, !row.isStale, let definition = label.definition { attachLayout(to: &row, definition: definition) }
            return !staleOnly || row.isStale ? row : nil
        }
    }

    /// Puts the layouts of each text on each device (rows ordered by label, locale, variant,
    /// device, then category by name) in category order, from the smallest: the order every
    /// list of layouts has. Each run is a few rows, so this is linear.
    static func orderCategories(_ rows: inout [StoredLayout]) {
        var start = 0
        while start < rows.count {
            var end = start + 1
            while end < rows.count, rows[end].label == rows[start].label, rows[end].locale == rows[start].locale,
                  rows[end].variant == rows[start].variant, rows[end].device == rows[start].device {
                end += 1
            }
            if end - start > 1 {
                rows[start..<end].sort { ($0.key?.category ?? .large) < ($1.key?.category ?? .large) }
            }
            start = end
        }
    }

    /// True when the freshness record vouches for every layout: nothing is queued and the
    /// environment is the one recorded.
    func allLayoutsFresh() throws -> Bool {
        guard try database.scalarInt("SELECT EXISTS (SELECT 1 FROM recompute_queue)") == 0 else { return false }
        return try freshnessRecord().environment == currentEnvironment()
    }
}

/// Which layouts a query is of: any locale, variant or category where nil.
struct LayoutFilter {
    var locale: String?
    var variant: String?
    var category: ContentSizeCategory?
    /// This device's layouts, and those of labels in no scene (which hold on every device).
    var device: String?

    /// `(column, value)` of each condition but the device's.
    var conditions: [(String, String)] {
        [("locale", locale), ("variant", variant), ("category", category?.rawValue)].compactMap { column, value in
            value.map { (column, $0) }
        }
    }

    /// The filter as SQL to follow a `WHERE` condition (` AND locale = ? …`) and its values.
    /// `keepingOrder` writes `+column`, so that SQLite does not leave the key's order
    /// (and sort) to use an index on the column.
    func sql(keepingOrder: Bool = false) -> (clause: String, bindings: [SQLValue]) {
        var clause = ""
        var bindings: [SQLValue] = []
        for (column, value) in conditions {
            clause += keepingOrder ? " AND +\(column) = ?" : " AND \(column) = ?"
            bindings.append(.text(value))
        }
        if let device {
            clause += " AND device IN ('', ?)"
            bindings.append(.text(device))
        }
        return (clause, bindings)
    }
}

extension Catalog {
    /// Layouts matching a glob (and locale, variant, category), every one fresh: stale rows
    /// are recomputed first (on a read-only catalog, stale rows are an error naming them).
    public func freshLayouts(matching glob: String = "*", locale: String? = nil, variant: String? = nil,
                             category: ContentSizeCategory? = nil, device: String? = nil, truncatedOnly: Bool = false,
                             withLayouts: Bool = true) throws -> [StoredLayout] {
        try refreshLayouts(matching: glob, locale: locale, variant: variant, category: category, device: device)
        return try layouts(matching: glob, locale: locale, variant: variant, category: category, device: device,
                           truncatedOnly: truncatedOnly, withLayouts: withLayouts)
    }

    /// Recomputes the stale and missing layouts matching a glob (and locale, variant,
    /// category, device); on a read-only catalog, stale rows are an error naming them.
    func refreshLayouts(matching glob: String, locale: String? = nil, variant: String? = nil,
                        category: ContentSizeCategory? = nil, device: String? = nil) throws {
        // Queued edits first: then the freshness record may vouch for every row.
        if !isReadOnly, try database.scalarInt("SELECT EXISTS (SELECT 1 FROM recompute_queue)") == 1 {
            try edit(allowLayoutErrors: true) {}
        }
        if try allLayoutsFresh() { return }
        let stale = try layouts(matching: glob, locale: locale, variant: variant, category: category, device: device, staleOnly: true,
                                withLayouts: false)
        let missing = try labelsWithoutLayouts(matching: glob)
        if !stale.isEmpty || !missing.isEmpty {
            guard !isReadOnly else {
                var names: [String] = []
                for name in stale.map(\.label) + missing where names.last != name { names.append(name) }
                throw CatalogError.staleLayouts(path: path, labels: names)
            }
            try edit(allowLayoutErrors: true) {
                let names = Set(stale.map(\.label) + missing).sorted()
                try recomputeInTransaction(names.map { RecomputeItem(label: $0, locales: nil) })
            }
        }
    }

    /// Labels matching a glob that lack a layout of one of their stored texts (their own, or
    /// their key's) at one of the catalog's categories.
    func labelsWithoutLayouts(matching glob: String) throws -> [String] {
        try refreshSettings()
        let kept = "category IN (SELECT value FROM json_each(?2))"
        let statement = try database.statement("""
            SELECT name FROM labels l WHERE name GLOB ?1
                AND (SELECT count(*) FROM layouts WHERE label = l.name AND locale = '' AND variant = '' AND \(kept)) < ?3
            UNION SELECT t.label FROM label_texts t WHERE t.label GLOB ?1
                AND (SELECT count(*) FROM layouts WHERE label = t.label AND locale = t.locale AND variant = t.variant AND \(kept)) < ?3
            UNION SELECT l.name FROM labels l JOIN key_texts k ON k.key = l.key WHERE l.name GLOB ?1
                AND (SELECT count(*) FROM layouts WHERE label = l.name AND locale = k.locale AND variant = k.variant AND \(kept)) < ?3
            """)
        let categories = settings.categories.map(\.rawValue)
        try statement.bind([.text(glob), .text(JSONValue.array(categories.map(JSONValue.string)).jsonString()),
                            .integer(categories.count)])
        var names: [String] = []
        while try statement.step() { names.append(statement.text(0) ?? "") }
        return names
    }

    /// Sets texts of existing labels in one edit (locale "" and variant "" = the base text).
    /// Unknown labels refuse the whole batch, naming them.
    public func setTexts(_ texts: [LabelText]) throws {
        try edit {
            var unknown: [String] = []
            let exists = try database.statement("SELECT 1 FROM labels WHERE name = ?")
            for entry in texts {
                exists.reset()
                try exists.bind([.text(entry.label)])
                if try !exists.step() { unknown.append(entry.label) }
                exists.reset()
            }
            if !unknown.isEmpty { throw CatalogError.unknownLabels(Array(Set(unknown)).sorted()) }
            for entry in texts {
                try Self.checkText(entry)
            }
            let writer = try LabelWriter(database: database)
            for entry in texts { try writer.writeText(entry) }
        }
    }

    /// Removes texts of a label's own (never its base text: set it to "" instead), in one edit;
    /// where its key has a text for the same locale and variant, the label shows that again.
    /// Returns how many there were.
    @discardableResult
    public func removeTexts(label: String, _ keys: [TextKey]) throws -> Int {
        try edit {
            _ = try self.label(named: label)
            let writer = try LabelWriter(database: database)
            var removed = 0
            for key in keys where !(key.locale.isEmpty && key.variant.isEmpty) {
                if try writer.removeText(label: label, key: key) { removed += 1 }
            }
            return removed
        }
    }

    /// The same, from (label, locale, text) triples: plain texts, no sources.
    public func setTexts(_ texts: [(label: String, locale: String, text: String)]) throws {
        try setTexts(texts.map { LabelText(label: $0.label, locale: $0.locale, text: $0.text) })
    }

    /// Refuses a text labelcat cannot store: a locale or variant holding U+0000, a text over 1 MiB.
    package static func checkText(_ entry: LabelText) throws {
        if let problem = textProblem(locale: entry.locale, variant: entry.variant, text: entry.text) {
            throw CatalogError.invalidLabel(label: entry.label, reason: problem)
        }
    }

    /// The same for a text of a key (the error names the text; the caller names the key).
    package static func checkText(locale: String, variant: String, text: String) throws(CatalogError) {
        if let problem = textProblem(locale: locale, variant: variant, text: text) { throw .invalidInput(problem) }
    }

    /// What is wrong with a text labelcat cannot store, or nil.
    static func textProblem(locale: String, variant: String, text: String) -> String? {
        if !locale.isEmpty, !LabelRecord.isValidLocale(locale) {
            return "texts: \(LabelRecord.localeRule), got \(JSONValue.string(locale).jsonString())"
        }
        guard !variant.utf8.contains(0) else { return "texts.\(locale): a variant name must hold no U+0000" }
        guard text.utf8.count <= LabelDefinition.maximumTextBytes else {
            return "texts.\(variant.isEmpty ? locale : "\(locale).\(variant)"): longer than 1 MiB"
        }
        return nil
    }
}
