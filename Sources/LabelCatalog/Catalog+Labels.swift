import LabelJSON
import LabelModel

/// Label definitions: reading, adding or replacing (checked, all or nothing), removing.
extension Catalog {

    /// The columns of `labels`, in the order `labelRecord(from:)` reads them.
    static let labelColumns = "name, key, text, frame_x, frame_y, frame_width, frame_height, "
        + LabelRecord.fields.map(\.column).joined(separator: ", ") + ", file, line"

    /// The stored label, references as given.
    public func label(named name: String) throws -> LabelRecord {
        let statement = try database.statement("SELECT \(Self.labelColumns) FROM labels WHERE name = ?")
        defer { statement.reset() }
        try statement.bind([.text(name)])
        guard try statement.step() else { throw CatalogError.unknownLabel(name) }
        var record = labelRecord(from: statement)
        statement.reset()
        let texts = try database.statement("SELECT label, locale, variant, text FROM label_texts WHERE label = ?")
        try texts.bind([.text(name)])
        while try texts.step() { Self.addText(from: texts, to: &record) }
        texts.reset()
        var records = [name: record]
        try addKeyTexts(to: &records, where: "l.name = ?1", [.text(name)])
        return records[name]!
    }

    /// Adds to records read from `labels` and `label_texts` the texts of their keys
    /// (`LabelRecord.adoptKeyTexts`), for the labels `condition` (on `l.name`) selects.
    func addKeyTexts(to records: inout [String: LabelRecord], where condition: String, _ bindings: [SQLValue]) throws {
        let statement = try database.statement("""
            SELECT l.name, k.locale, k.variant, k.text FROM labels l JOIN key_texts k ON k.key = l.key
            WHERE l.key IS NOT NULL AND \(condition) ORDER BY l.name
            """)
        try statement.bind(bindings)
        defer { statement.reset() }
        try? refreshSettings()
        let developmentLanguage = settings.developmentLanguage
        var current: String?
        var texts: [TextKey: String] = [:]
        func flush() {
            if let current, records[current] != nil { records[current]!.adoptKeyTexts(texts, developmentLanguage: developmentLanguage) }
            texts = [:]
        }
        while try statement.step() {
            let name = statement.text(0) ?? ""
            if name != current {
                flush()
                current = name
            }
            texts[TextKey(locale: statement.text(1) ?? "", variant: statement.text(2) ?? "")] = statement.text(3) ?? ""
        }
        flush()
    }

    /// The record of a row of `labelColumns`.
    func labelRecord(from statement: Statement) -> LabelRecord {
        Self.labelRecord(from: statement, style: Self.style(from: statement))
    }

    /// The record of a row of `labelColumns`, its style shared with the labels of the same
    /// style `styles` has read; with the style's key.
    func labelRecord(from statement: Statement, styles: StyleTable) -> (record: LabelRecord, style: StyleColumns) {
        let style = styles.style(of: statement, columns: Self.styleColumns) { Self.style(from: statement) }
        return (Self.labelRecord(from: statement, style: style.style), style.key)
    }

    /// Where `labelColumns` has the style fields (`LabelRecord.fields`).
    static let styleColumns = Int32(7)..<Int32(7 + LabelRecord.fields.count)

    private static func labelRecord(from statement: Statement, style: JSONObject) -> LabelRecord {
        let selfSizing = statement.isNull(6)
        var record = LabelRecord(name: statement.text(0) ?? "", key: statement.text(1), text: statement.text(2) ?? "",
                                 frame: Rect(x: statement.double(3), y: statement.double(4), width: statement.double(5),
                                             height: selfSizing ? 0 : statement.double(6)),
                                 isSelfSizing: selfSizing, style: style)
        let sourceColumn = styleColumns.upperBound
        if let file = statement.text(sourceColumn) {
            record.source = TextSource(file: file, line: statement.optionalInt(sourceColumn + 1))
        }
        return record
    }

    /// The style fields of a row of `labelColumns`.
    private static func style(from statement: Statement) -> JSONObject {
        var style = JSONObject()
        for (column, field) in zip(styleColumns, LabelRecord.fields) {
            if let value = fieldValue(statement.value(column), storage: field.storage) { style[field.key] = value }
        }
        return style
    }

    /// A field's value as its column holds it (nil for NULL).
    static func fieldValue(_ value: SQLValue, storage: ColumnStorage) -> JSONValue? {
        switch value {
        case .null: return nil
        case .integer(let number): return storage == .bool ? .bool(number != 0) : .number(Double(number))
        case .real(let number): return storage == .bool ? .bool(number != 0) : .number(number)
        case .text(let text):
            switch storage {
            case .object:
                if let object = try? JSONValue.parse(text), object.object != nil { return object }
                return .string(text)
            case .json: return (try? JSONValue.parse(text)) ?? .string(text)
            case .scalar, .bool: return .string(text)
            }
        }
    }

    /// Adds a `label_texts` row read as (label, locale, variant, text) to its record.
    static func addText(from statement: Statement, to record: inout LabelRecord) {
        let locale = statement.text(1) ?? ""
        let variant = statement.text(2) ?? ""
        let text = statement.text(3) ?? ""
        if variant.isEmpty {
            record.texts[locale] = text
        } else {
            record.variantTexts[TextKey(locale: locale, variant: variant)] = text
        }
    }

    /// Stored labels whose names match a glob (`*` for all), in name order.
    public func labels(matching glob: String = "*") throws -> [LabelRecord] {
        let statement = try database.statement("SELECT \(Self.labelColumns) FROM labels WHERE name GLOB ? ORDER BY name")
        try statement.bind([.text(glob)])
        var records: [LabelRecord] = []
        var index: [String: Int] = [:]
        while try statement.step() {
            index[statement.text(0) ?? ""] = records.count
            records.append(labelRecord(from: statement))
        }
        let texts = try database.statement("SELECT label, locale, variant, text FROM label_texts WHERE label GLOB ?")
        try texts.bind([.text(glob)])
        while try texts.step() {
            guard let position = index[texts.text(0) ?? ""] else { continue }
            Self.addText(from: texts, to: &records[position])
        }
        var byName = Dictionary(uniqueKeysWithValues: records.map { ($0.name, $0) })
        try addKeyTexts(to: &byName, where: "l.name GLOB ?1", [.text(glob)])
        return records.map { byName[$0.name]! }
    }

    /// Adds or replaces labels with the texts they name (every other text of theirs is kept,
    /// docs/catalog.md), refusing the whole batch when any label is invalid or a name repeats.
    /// A label naming a font family that is not installed is stored; its layouts record that
    /// error (`layout` and `check` report it) until the font is installed or substituted.
    /// Their layouts are computed before this returns. A label stored already with the same
    /// definition and texts is not written, so it is not recomputed either: re-importing
    /// unchanged labels writes nothing.
    public func setLabels(_ records: [LabelRecord]) throws {
        try checkNames(records)
        try edit(allowMissingFonts: true) { try store(records) }
    }

    /// Changes one label in one write transaction (`BEGIN IMMEDIATE`): `change` is given the
    /// label as stored (nil when there is none), read inside the transaction, and returns the
    /// label to store (checked as `setLabels` checks it). Another process's edit of the same
    /// label commits wholly before or after, never between the read and the write, so neither
    /// is lost. Returns what was stored.
    @discardableResult
    public func updateLabel(named name: String, _ change: (LabelRecord?) throws -> LabelRecord) throws -> LabelRecord {
        try edit(allowMissingFonts: true) {
            let stored: LabelRecord?
            do { stored = try label(named: name) } catch CatalogError.unknownLabel { stored = nil }
            let record = try change(stored)
            try checkNames([record])
            try store([record])
            return record
        }
    }

    /// Writes labels with their texts inside the caller's transaction, after checking that
    /// every one resolves.
    private func store(_ records: [LabelRecord]) throws {
        var resolver = LabelResolver(tokens: try tokenSet())
        for record in records { _ = try resolver.resolve(record) }
        let writer = try LabelWriter(database: database)
        for record in records { try writer.write(record, withTexts: true) }
    }

    /// Refuses a batch of labels in which a name repeats or a locale is invalid.
    func checkNames(_ records: [LabelRecord]) throws {
        var seen: Set<String> = []
        for record in records {
            guard seen.insert(record.name).inserted else {
                throw CatalogError.invalidLabel(label: record.name, reason: "appears more than once; nothing was imported")
            }
            try record.checkLocales()
        }
    }

    static func sqlValue(_ value: JSONValue?) -> SQLValue {
        switch value {
        case nil, .null?: return .null
        case .number(let number)?: return number == number.rounded() && abs(number) < 1e15 ? .integer(Int(number)) : .real(number)
        case .string(let text)?: return .text(text)
        case .bool(let flag)?: return .integer(flag ? 1 : 0)
        case let other?: return .text(other.jsonString())
        }
    }

    public func removeLabel(_ name: String) throws {
        try edit {
            try database.statement("DELETE FROM labels WHERE name = ?").run(.text(name))
            guard database.changes > 0 else { throw CatalogError.unknownLabel(name) }
        }
    }

    /// Keys that hold texts (`key_texts`) but that no label has, sorted, with the file and
    /// line of one of their texts (the development language's when it has one): texts the app
    /// has that no label in the catalog shows.
    public func keysWithoutLabels() throws -> [UnmatchedKey] {
        try? refreshSettings()
        // The keys by the primary key's order, then one text of each by its primary key.
        let statement = try database.statement("""
            SELECT k.key, s.file, s.line FROM (SELECT DISTINCT key FROM key_texts) k
            JOIN key_texts s ON s.key = k.key AND (s.locale, s.variant) =
                (SELECT locale, variant FROM key_texts WHERE key = k.key ORDER BY locale IS NOT ?1, locale, variant LIMIT 1)
            WHERE NOT EXISTS (SELECT 1 FROM labels WHERE key = k.key) ORDER BY k.key
            """)
        try statement.bind([.text(settings.developmentLanguage)])
        var keys: [UnmatchedKey] = []
        while try statement.step() {
            keys.append(UnmatchedKey(key: statement.text(0) ?? "",
                                     source: TextSource(file: statement.text(1) ?? "", line: statement.optionalInt(2))))
        }
        return keys
    }
}
