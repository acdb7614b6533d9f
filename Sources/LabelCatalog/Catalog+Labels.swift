import LabelJSON
import LabelLayout

/// Label definitions: reading, adding or replacing (checked, all or nothing), removing.
extension Catalog {

    static let labelColumns = "name, text, frame_x, frame_y, frame_width, frame_height, "
        + LabelRecord.styleFields.map(\.column).joined(separator: ", ")

    /// The stored label, references as given.
    public func label(named name: String) throws -> LabelRecord {
        let statement = try database.statement("SELECT \(Self.labelColumns) FROM labels WHERE name = ?")
        defer { statement.reset() }
        try statement.bind([.text(name)])
        guard try statement.step() else { throw CatalogError.unknownLabel(name) }
        var record = labelRecord(from: statement)
        record.texts = try texts(ofLabel: name)
        return record
    }

    func labelRecord(from statement: Statement) -> LabelRecord {
        var record = LabelRecord(name: statement.text(0) ?? "", text: statement.text(1) ?? "",
                                 frame: Rect(x: statement.double(2), y: statement.double(3),
                                             width: statement.double(4), height: statement.double(5)))
        for (index, field) in LabelRecord.styleFields.enumerated() {
            let column = Int32(6 + index)
            switch statement.value(column) {
            case .null: continue
            case .integer(let number): record.style[field.key] = .number(Double(number))
            case .real(let number): record.style[field.key] = .number(number)
            case .text(let text):
                if field.key == "font" || field.key == "contentInsets", let object = try? JSONValue.parse(text), object.object != nil {
                    record.style[field.key] = object
                } else {
                    record.style[field.key] = .string(text)
                }
            }
        }
        return record
    }

    func texts(ofLabel name: String) throws -> [String: String] {
        let statement = try database.statement("SELECT locale, text FROM label_texts WHERE label = ?")
        try statement.bind([.text(name)])
        var texts: [String: String] = [:]
        while try statement.step() { texts[statement.text(0) ?? ""] = statement.text(1) ?? "" }
        return texts
    }

    /// Stored labels whose names match a glob (`*` for all), in name order.
    public func labels(matching glob: String = "*") throws -> [LabelRecord] {
        let statement = try database.statement("SELECT \(Self.labelColumns) FROM labels WHERE name GLOB ? ORDER BY name")
        try statement.bind([.text(glob)])
        var records: [LabelRecord] = []
        while try statement.step() { records.append(labelRecord(from: statement)) }
        let texts = try database.statement("SELECT label, locale, text FROM label_texts WHERE label GLOB ? ORDER BY label")
        try texts.bind([.text(glob)])
        var byLabel: [String: [String: String]] = [:]
        while try texts.step() { byLabel[texts.text(0) ?? "", default: [:]][texts.text(1) ?? ""] = texts.text(2) ?? "" }
        for index in records.indices { records[index].texts = byLabel[records[index].name] ?? [:] }
        return records
    }

    /// Adds or replaces labels (their per-locale texts too), refusing the whole batch when any
    /// label is invalid or a name repeats. Their layouts are computed before this returns. A
    /// label stored already with the same definition and texts is not written, so it is not
    /// recomputed either: re-importing unchanged labels writes nothing.
    public func setLabels(_ records: [LabelRecord]) throws {
        var seen: Set<String> = []
        for record in records {
            guard seen.insert(record.name).inserted else {
                throw CatalogError.invalidLabel(label: record.name, reason: "appears more than once; nothing was imported")
            }
            try record.checkLocales()
        }
        try edit {
            var resolver = LabelResolver(tokens: try tokenSet())
            for record in records { _ = try resolver.resolve(record) }
            let upsert = try database.statement(Self.upsertLabelSQL)
            let clearTexts = try database.statement("DELETE FROM label_texts WHERE label = ? AND locale NOT IN (SELECT value FROM json_each(?))")
            let upsertText = try database.statement("""
                INSERT INTO label_texts (label, locale, text) VALUES (?, ?, ?)
                ON CONFLICT (label, locale) DO UPDATE SET text = excluded.text WHERE text IS NOT excluded.text
                """)
            for record in records {
                var values: [SQLValue] = [.text(record.name), .text(record.text), .real(record.frame.x), .real(record.frame.y),
                                          .real(record.frame.width), .real(record.frame.height)]
                for field in LabelRecord.styleFields { values.append(Self.sqlValue(record.style[field.key])) }
                upsert.reset()
                try upsert.bind(values)
                try upsert.step()
                upsert.reset()
                let locales = JSONValue.array(record.texts.keys.sorted().map(JSONValue.string)).jsonString()
                try clearTexts.run(.text(record.name), .text(locales))
                for (locale, text) in record.texts.sorted(by: { $0.key < $1.key }) {
                    try upsertText.run(.text(record.name), .text(locale), .text(text))
                }
            }
        }
    }

    /// Inserts a label, or updates the stored one when any column differs (an update that
    /// changes nothing would fire the trigger that queues the label for a recompute).
    static let upsertLabelSQL: String = {
        let columns = labelColumns.split(separator: ",").map { String($0).trimmingSpaces }
        let updated = columns.dropFirst()
        return """
            INSERT INTO labels (\(labelColumns)) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
            ON CONFLICT (name) DO UPDATE SET \(updated.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            WHERE (\(updated.joined(separator: ", "))) IS NOT (\(updated.map { "excluded.\($0)" }.joined(separator: ", ")))
            """
    }()

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
}
