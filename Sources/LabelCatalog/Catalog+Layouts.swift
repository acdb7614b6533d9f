import LabelJSON
import LabelLayout

/// A stored layout row, as queries return it.
public struct StoredLayout: Sendable {
    public var label: String
    public var locale: String
    public var textRect: Rect?
    public var lineCount: Int?
    public var neededLineCount: Int?
    public var truncated: Bool
    public var error: String?
    public var inputHash: String
    public var computedAt: String
    /// True when the label's current inputs hash differently (only checked when asked).
    public var isStale: Bool = false
    /// The whole layout (SPEC §3), built from the row and the label's resolved definition;
    /// nil for a label that could not be laid out and for a stale row.
    public var layout: ComputedLayout?
    /// The row's `lines` column and intrinsic size, from which `layout` is built.
    var linesJSON: String?
    var intrinsicSize: Size?

    /// SPEC §3 JSON; nil when `layout` is.
    public var json: String? { layout?.json }

    /// The lines the row stores (SPEC §3 `lines`), whether or not `layout` was built.
    public var lines: [LayoutLine] { layout?.lines ?? Catalog.layoutLines(fromJSON: linesJSON) }
}

extension Catalog {
    func storedLayout(from statement: Statement) -> StoredLayout {
        let hasGeometry = !statement.isNull(LayoutColumn.x)
        return StoredLayout(
            label: statement.text(LayoutColumn.label) ?? "", locale: statement.text(LayoutColumn.locale) ?? "",
            textRect: hasGeometry ? Rect(x: statement.double(LayoutColumn.x), y: statement.double(LayoutColumn.y),
                                         width: statement.double(LayoutColumn.width), height: statement.double(LayoutColumn.height)) : nil,
            lineCount: hasGeometry ? statement.int(LayoutColumn.lineCount) : nil,
            neededLineCount: hasGeometry ? statement.int(LayoutColumn.neededLineCount) : nil,
            truncated: statement.int(LayoutColumn.truncated) != 0, error: statement.text(LayoutColumn.error),
            inputHash: statement.text(LayoutColumn.inputHash) ?? "", computedAt: statement.text(LayoutColumn.computedAt) ?? "",
            linesJSON: statement.text(LayoutColumn.lines),
            intrinsicSize: statement.isNull(LayoutColumn.intrinsicWidth) ? nil
                : Size(width: statement.double(LayoutColumn.intrinsicWidth), height: statement.double(LayoutColumn.intrinsicHeight)))
    }

    /// Builds a fresh row's SPEC §3 layout: geometry, lines and counts from the row; bounds,
    /// font and engine version from the definition it was computed from.
    func attachLayout(to row: inout StoredLayout, definition: LabelDefinition) {
        guard row.error == nil, let textRect = row.textRect, let intrinsicSize = row.intrinsicSize,
              let font = try? engine.resolvedFont(for: definition) else { return }
        row.layout = ComputedLayout(name: row.label, locale: row.locale, bounds: definition.bounds, textRect: textRect,
                                    lines: Self.layoutLines(fromJSON: row.linesJSON), neededLineCount: row.neededLineCount ?? 0,
                                    truncated: row.truncated,
                                    intrinsicSize: intrinsicSize, font: font, inputHash: row.inputHash,
                                    engineVersion: LayoutEngine.version)
    }

    /// The `lines` column's SPEC §3 array as lines ([] for NULL or malformed JSON).
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

    /// The fresh layout of a label for a locale ("" = base text). A stale or missing layout is
    /// recomputed (and stored) first; on a read-only catalog a stale layout is an error. A
    /// label that cannot be laid out throws the error its fresh row records.
    public func layout(label name: String, locale: String = "") throws -> StoredLayout {
        let record = try label(named: name)
        guard locale.isEmpty || record.texts[locale] != nil else {
            throw CatalogError.unknownLocale(label: name, locale: locale, available: record.texts.keys.sorted())
        }
        try refreshSettings()
        var stored = try readLayout(label: name, locale: locale)
        var resolver = LabelResolver(tokens: try tokenSet())
        var hasher = LayoutHasher(engine: engine)
        if stored?.inputHash != hasher.hash(record, locale: locale, resolver: &resolver) {
            guard !isReadOnly else { throw CatalogError.staleLayouts(path: path, labels: [name + (locale.isEmpty ? "" : " (\(locale))")]) }
            try edit(allowLayoutErrors: true) {
                try recomputeInTransaction([RecomputeItem(label: name, locales: nil)])
            }
            stored = try readLayout(label: name, locale: locale)
        }
        guard var stored else { throw CatalogError.unknownLabel(name) }
        if let error = stored.error { throw CatalogError.invalidLabel(label: name, reason: "cannot be laid out: \(error)") }
        // Built from the definition the stored hash was computed from (re-read after a recompute).
        var current = LabelResolver(tokens: try tokenSet())
        if let definition = try? current.resolve(try label(named: name)).definition,
           (try? engine.inputHash(definition, locale: locale)) == stored.inputHash {
            attachLayout(to: &stored, definition: definition)
        }
        return stored
    }

    func readLayout(label: String, locale: String) throws -> StoredLayout? {
        let statement = try database.statement("SELECT \(LayoutColumn.selectList) FROM layouts WHERE label = ? AND locale = ?")
        defer { statement.reset() }
        try statement.bind([.text(label), .text(locale)])
        return try statement.step() ? storedLayout(from: statement) : nil
    }

    /// Stored layouts whose label matches a glob, optionally of one locale, only truncated
    /// ones, or only stale ones. Each row's hash is checked against its label's current inputs,
    /// unless the freshness record vouches for every row (nothing queued, same environment).
    /// `withLayouts` builds each fresh row's SPEC §3 `layout` (it resolves every label).
    public func layouts(matching glob: String = "*", locale: String? = nil, truncatedOnly: Bool = false,
                        staleOnly: Bool = false, withLayouts: Bool = true) throws -> [StoredLayout] {
        // One read snapshot: the rows, the queue, the record and the labels agree.
        try database.transaction(write: false) {
            try readLayouts(matching: glob, locale: locale, truncatedOnly: truncatedOnly, staleOnly: staleOnly, withLayouts: withLayouts)
        }
    }

    private func readLayouts(matching glob: String, locale: String?, truncatedOnly: Bool, staleOnly: Bool,
                             withLayouts: Bool) throws -> [StoredLayout] {
        var sql = "SELECT \(LayoutColumn.selectList) FROM layouts WHERE label GLOB ?"
        var bindings: [SQLValue] = [.text(glob)]
        if let locale {
            sql += " AND locale = ?"
            bindings.append(.text(locale))
        }
        if truncatedOnly { sql += " AND truncated" }
        sql += " ORDER BY label, locale"
        let statement = try database.statement(sql)
        try statement.bind(bindings)
        var rows: [StoredLayout] = []
        while try statement.step() { rows.append(storedLayout(from: statement)) }
        try refreshSettings()
        // Under the freshness record every row is fresh but one recording an error without the
        // hash of what failed (written by an older labelcat).
        let allFresh = try allLayoutsFresh()
        if allFresh {
            for index in rows.indices { rows[index].isStale = rows[index].inputHash.isEmpty }
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
                row.isStale = row.inputHash != hasher.hash(label.record, resolved: label.definition, locale: row.locale, tokens: resolver.tokens)
            }
            if withLayouts, !row.isStale, let definition = label.definition { attachLayout(to: &row, definition: definition) }
            return !staleOnly || row.isStale ? row : nil
        }
    }

    /// True when the freshness record vouches for every layout: nothing is queued and the
    /// environment is the one recorded.
    func allLayoutsFresh() throws -> Bool {
        guard try database.scalarInt("SELECT EXISTS (SELECT 1 FROM recompute_queue)") == 0 else { return false }
        return try freshnessRecord().environment == currentEnvironment()
    }
}

extension Catalog {
    /// Layouts matching a glob (and locale), every one fresh: stale rows are recomputed first
    /// (on a read-only catalog, stale rows are an error naming them).
    public func freshLayouts(matching glob: String = "*", locale: String? = nil, truncatedOnly: Bool = false,
                             withLayouts: Bool = true) throws -> [StoredLayout] {
        // Queued edits first: then the freshness record may vouch for every row.
        if !isReadOnly, try database.scalarInt("SELECT EXISTS (SELECT 1 FROM recompute_queue)") == 1 {
            try edit(allowLayoutErrors: true) {}
        }
        if try allLayoutsFresh() {
            return try layouts(matching: glob, locale: locale, truncatedOnly: truncatedOnly, withLayouts: withLayouts)
        }
        let stale = try layouts(matching: glob, locale: locale, staleOnly: true, withLayouts: false)
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
        return try layouts(matching: glob, locale: locale, truncatedOnly: truncatedOnly, withLayouts: withLayouts)
    }

    func labelsWithoutLayouts(matching glob: String) throws -> [String] {
        let statement = try database.statement("""
            SELECT name FROM labels l WHERE name GLOB ? AND NOT EXISTS (SELECT 1 FROM layouts WHERE label = l.name AND locale = '')
            UNION SELECT t.label FROM label_texts t WHERE t.label GLOB ?1
                AND NOT EXISTS (SELECT 1 FROM layouts WHERE label = t.label AND locale = t.locale)
            """)
        try statement.bind([.text(glob)])
        var names: [String] = []
        while try statement.step() { names.append(statement.text(0) ?? "") }
        return names
    }

    /// Sets per-locale texts of existing labels in one edit ("" = the base text). Unknown
    /// labels refuse the whole batch, naming them.
    public func setTexts(_ texts: [(label: String, locale: String, text: String)]) throws {
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
            let upsert = try database.statement("""
                INSERT INTO label_texts (label, locale, text) VALUES (?, ?, ?)
                ON CONFLICT (label, locale) DO UPDATE SET text = excluded.text WHERE text IS NOT excluded.text
                """)
            let base = try database.statement("UPDATE labels SET text = ? WHERE name = ? AND text IS NOT ?")
            for entry in texts where !entry.locale.isEmpty {
                guard LabelRecord.isValidLocale(entry.locale) else {
                    throw CatalogError.invalidLabel(label: entry.label, reason: "texts: \(LabelRecord.localeRule), got \(JSONValue.string(entry.locale).jsonString())")
                }
            }
            for entry in texts {
                guard entry.text.utf8.count <= LabelDefinition.maximumTextBytes else {
                    throw CatalogError.invalidLabel(label: entry.label, reason: "texts.\(entry.locale): longer than 1 MiB")
                }
                if entry.locale.isEmpty {
                    try base.run(.text(entry.text), .text(entry.label), .text(entry.text))
                } else {
                    try upsert.run(.text(entry.label), .text(entry.locale), .text(entry.text))
                }
            }
        }
    }
}
