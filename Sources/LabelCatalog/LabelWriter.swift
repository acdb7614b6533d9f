import LabelJSON
import LabelModel

/// One text of a label: its locale ("" = the base text), variant ("" = the plain text), the
/// text, and where an import found it.
public struct LabelText: Sendable, Hashable {
    public var label: String
    public var locale: String
    public var variant: String
    public var text: String
    /// Where an import read it; nil for a text set by hand.
    public var source: TextSource?

    public init(label: String, locale: String, variant: String = "", text: String, source: TextSource? = nil) {
        self.label = label
        self.locale = locale
        self.variant = variant
        self.text = text
        self.source = source
    }

    /// Which of a label's texts this is.
    public var key: TextKey { TextKey(locale: locale, variant: variant) }
}

/// Writes labels, their own texts and the texts of keys inside the caller's transaction, with
/// upserts that write a row only when something in it differs (an unchanged row fires no trigger and is not
/// recomputed). A text's source follows the text: an import gives it; a text written without
/// one keeps the stored source while it stays the same, and loses it when it changes (it no
/// longer is what the file says).
package struct LabelWriter {
    let database: Database
    private let upsertLabel: Statement
    private let upsertText: Statement
    private let setBaseText: Statement
    private let deleteText: Statement
    private let upsertKeyText: Statement
    private let deleteKeyText: Statement

    /// Prepares the writer's statements (once per connection: they are cached).
    package init(database: Database) throws {
        self.database = database
        upsertLabel = try database.statement(Self.upsertLabelSQL)
        upsertText = try database.statement(Self.upsertTextSQL)
        setBaseText = try database.statement(Self.setBaseTextSQL)
        deleteText = try database.statement("DELETE FROM label_texts WHERE label = ? AND locale = ? AND variant = ?")
        upsertKeyText = try database.statement(Self.upsertKeyTextSQL)
        deleteKeyText = try database.statement("DELETE FROM key_texts WHERE key = ? AND locale = ? AND variant = ?")
    }

    /// The columns of a label's definition: every `labels` column but its name and source.
    static let definitionColumns: [String] = Catalog.labelColumns.split(separator: ",").map { String($0).trimmingSpaces }
        .filter { !["name", "file", "line"].contains($0) }

    /// Inserts a label, or updates the stored one when its definition or its source differs.
    static let upsertLabelSQL: String = {
        let columns = definitionColumns
        return """
            INSERT INTO labels (\(Catalog.labelColumns)) VALUES (\(Array(repeating: "?", count: columns.count + 3).joined(separator: ", ")))
            ON CONFLICT (name) DO UPDATE SET \(columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")),
                \(sourceAssignments(text: "text"))
            WHERE (\(columns.joined(separator: ", "))) IS NOT (\(columns.map { "excluded.\($0)" }.joined(separator: ", ")))
                OR (excluded.file IS NOT NULL AND (file, line) IS NOT (excluded.file, excluded.line))
            """
    }()

    /// `file` and `line` of an upsert: the new source when one is given, else the stored one
    /// while the text (column `text`) stays the same.
    static func sourceAssignments(text: String) -> String {
        """
        file = CASE WHEN excluded.file IS NOT NULL THEN excluded.file WHEN \(text) IS excluded.\(text) THEN file END,
        line = CASE WHEN excluded.file IS NOT NULL THEN excluded.line WHEN \(text) IS excluded.\(text) THEN line END
        """
    }

    static let upsertTextSQL = """
        INSERT INTO label_texts (label, locale, variant, text, file, line) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (label, locale, variant) DO UPDATE SET text = excluded.text, \(sourceAssignments(text: "text"))
        WHERE text IS NOT excluded.text OR (excluded.file IS NOT NULL AND (file, line) IS NOT (excluded.file, excluded.line))
        """

    static let upsertKeyTextSQL = """
        INSERT INTO key_texts (key, locale, variant, text, file, line) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (key, locale, variant) DO UPDATE SET text = excluded.text, \(sourceAssignments(text: "text"))
        WHERE text IS NOT excluded.text OR (excluded.file IS NOT NULL AND (file, line) IS NOT (excluded.file, excluded.line))
        """

    static let setBaseTextSQL = """
        UPDATE labels SET text = ?1,
            file = CASE WHEN ?3 IS NOT NULL THEN ?3 WHEN text IS ?1 THEN file END,
            line = CASE WHEN ?3 IS NOT NULL THEN ?4 WHEN text IS ?1 THEN line END
        WHERE name = ?2 AND (text IS NOT ?1 OR (?3 IS NOT NULL AND (file, line) IS NOT (?3, ?4)))
        """

    /// Writes a label's definition; with `withTexts`, the texts it names too (its own: texts
    /// it shows from its key are left to the key). Every other text of the label is kept. True
    /// when anything was written.
    @discardableResult
    package func write(_ record: LabelRecord, withTexts: Bool) throws -> Bool {
        let ownText = record.textsFromKey.contains(TextKey(locale: "")) ? "" : record.text
        var values: [SQLValue] = [.text(record.name), record.key.map(SQLValue.text) ?? .null, .text(ownText),
                                  .real(record.frame.x), .real(record.frame.y), .real(record.frame.width),
                                  record.isSelfSizing ? .null : .real(record.frame.height)]
        for field in LabelRecord.fields { values.append(Catalog.sqlValue(record.style[field.key])) }
        values.append(record.source.map { .text($0.file) } ?? .null)
        values.append(record.source?.line.map(SQLValue.integer) ?? .null)
        upsertLabel.reset()
        defer { upsertLabel.reset() }
        try upsertLabel.bind(values)
        try upsertLabel.step()
        var changed = database.changes > 0
        guard withTexts else { return changed }
        for (locale, text) in record.texts.sorted(by: { $0.key < $1.key }) where !record.textsFromKey.contains(TextKey(locale: locale)) {
            changed = try writeText(LabelText(label: record.name, locale: locale, text: text)) || changed
        }
        for (key, text) in record.variantTexts.sorted(by: { $0.key < $1.key }) where !record.textsFromKey.contains(key) {
            changed = try writeText(LabelText(label: record.name, locale: key.locale, variant: key.variant, text: text)) || changed
        }
        return changed
    }

    /// Writes one text of a key (`key_texts`). True when it changed the catalog.
    @discardableResult
    package func writeKeyText(key: String, _ text: TextKey, value: String, source: TextSource?) throws -> Bool {
        try upsertKeyText.run(.text(key), .text(text.locale), .text(text.variant), .text(value),
                              source.map { .text($0.file) } ?? .null, source?.line.map(SQLValue.integer) ?? .null)
        return database.changes > 0
    }

    /// Removes one text of a key. True when there was one.
    @discardableResult
    package func removeKeyText(key: String, _ text: TextKey) throws -> Bool {
        try deleteKeyText.run(.text(key), .text(text.locale), .text(text.variant))
        return database.changes > 0
    }

    /// Writes one text of an existing label (the base text into `labels`). True when it
    /// changed the catalog.
    @discardableResult
    package func writeText(_ text: LabelText) throws -> Bool {
        let file: SQLValue = text.source.map { .text($0.file) } ?? .null
        let line: SQLValue = text.source?.line.map(SQLValue.integer) ?? .null
        if text.locale.isEmpty, text.variant.isEmpty {
            try setBaseText.run(.text(text.text), .text(text.label), file, line)
        } else {
            try upsertText.run(.text(text.label), .text(text.locale), .text(text.variant), .text(text.text), file, line)
        }
        return database.changes > 0
    }

    /// Removes one text of a label (never the base text). True when there was one.
    @discardableResult
    package func removeText(label: String, key: TextKey) throws -> Bool {
        try deleteText.run(.text(label), .text(key.locale), .text(key.variant))
        return database.changes > 0
    }
}
