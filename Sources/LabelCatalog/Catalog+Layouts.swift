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
    static let layoutColumns = """
        label, locale, x, y, width, height, line_count, needed_line_count, truncated, lines, error, input_hash, \
        computed_at, intrinsic_width, intrinsic_height
        """

    func storedLayout(from statement: Statement) -> StoredLayout {
        let hasGeometry = !statement.isNull(2)
        return StoredLayout(
            label: statement.text(0) ?? "", locale: statement.text(1) ?? "",
            textRect: hasGeometry ? Rect(x: statement.double(2), y: statement.double(3), width: statement.double(4), height: statement.double(5)) : nil,
            lineCount: hasGeometry ? statement.int(6) : nil, neededLineCount: hasGeometry ? statement.int(7) : nil,
            truncated: statement.int(8) != 0, error: statement.text(10),
            inputHash: statement.text(11) ?? "", computedAt: statement.text(12) ?? "",
            linesJSON: statement.text(9),
            intrinsicSize: statement.isNull(13) ? nil : Size(width: statement.double(13), height: statement.double(14)))
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

    /// The input hash a label's layout for a locale must carry to be fresh, or nil when the
    /// label cannot be resolved now.
    func currentInputHash(_ record: LabelRecord, locale: String, resolver: inout LabelResolver) -> String? {
        guard let resolved = try? resolver.resolve(record) else { return nil }
        return try? engine.inputHash(resolved.definition, locale: locale)
    }

    /// The fresh layout of a label for a locale ("" = base text). A stale or missing layout is
    /// recomputed (and stored) first; on a read-only catalog a stale layout is an error.
    public func layout(label name: String, locale: String = "") throws -> StoredLayout {
        let record = try label(named: name)
        guard locale.isEmpty || record.texts[locale] != nil else {
            throw CatalogError.invalidInput("label '\(name)' has no text for locale '\(locale)' (it has: \(record.texts.keys.sorted().joined(separator: ", ")))")
        }
        try refreshSettings()
        var stored = try readLayout(label: name, locale: locale)
        var resolver = LabelResolver(tokens: try tokenSet())
        let expected = currentInputHash(record, locale: locale, resolver: &resolver)
        if stored == nil || stored!.inputHash != expected {
            guard !isReadOnly else {
                throw CatalogError.invalidInput("the layout of '\(name)'\(locale.isEmpty ? "" : " (\(locale))") is stale and the catalog '\(path)' is read-only; run 'labelcat recompute' with write access")
            }
            try edit(allowLayoutErrors: true) {
                try recomputeInTransaction([RecomputeItem(label: name, locales: nil)], allowErrors: true)
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
        let statement = try database.statement("SELECT \(Self.layoutColumns) FROM layouts WHERE label = ? AND locale = ?")
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
        var sql = "SELECT \(Self.layoutColumns) FROM layouts WHERE label GLOB ?"
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
        // Under the freshness record only rows recording an error are stale (their hash is '').
        let allFresh = try allLayoutsFresh()
        if allFresh {
            for index in rows.indices { rows[index].isStale = rows[index].error != nil }
            if staleOnly { return rows.filter(\.isStale) }
            if !withLayouts { return rows }
        }
        var resolver = LabelResolver(tokens: try tokenSet())
        var definitions: [String: LabelDefinition?] = [:]
        for record in try labels(matching: glob) { definitions.updateValue(try? resolver.resolve(record).definition, forKey: record.name) }
        return rows.compactMap { row in
            var row = row
            guard let entry = definitions[row.label] else { return nil }
            if !allFresh {
                let current = entry.flatMap { try? engine.inputHash($0, locale: row.locale) }
                row.isStale = current != row.inputHash
            }
            if withLayouts, !row.isStale, let definition = entry { attachLayout(to: &row, definition: definition) }
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
                let names = (stale.map(\.label) + missing).prefix(5).joined(separator: ", ")
                throw CatalogError.invalidInput("layouts are stale (\(names)…) and the catalog '\(path)' is read-only; run 'labelcat recompute' with write access")
            }
            try edit(allowLayoutErrors: true) {
                let names = Set(stale.map(\.label) + missing).sorted()
                try recomputeInTransaction(names.map { RecomputeItem(label: $0, locales: nil) }, allowErrors: true)
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
            if !unknown.isEmpty {
                let list = Array(Set(unknown)).sorted()
                throw CatalogError.invalidInput("no labels named \(list.prefix(10).joined(separator: ", "))\(list.count > 10 ? " and \(list.count - 10) more" : ""); nothing was imported")
            }
            let upsert = try database.statement("""
                INSERT INTO label_texts (label, locale, text) VALUES (?, ?, ?)
                ON CONFLICT (label, locale) DO UPDATE SET text = excluded.text WHERE text IS NOT excluded.text
                """)
            let base = try database.statement("UPDATE labels SET text = ? WHERE name = ? AND text IS NOT ?")
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
