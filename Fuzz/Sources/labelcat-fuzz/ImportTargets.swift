import LabelCatalog
import LabelJSON

/// The importers under test, each as its command runs it, with what it should have stored.
enum ImportTargets {
    /// `labelcat token import FILE`: a DTCG design tokens document.
    static func designTokens(_ input: [UInt8], _ catalog: Catalog, _ scratch: ScratchDirectory) throws -> StoredCheck {
        let document = try JSONValue.parse(input)
        let (tokens, groups) = try Catalog.parseDesignTokens(document)
        _ = try catalog.importDesignTokens(document)
        if KnownIssues.cutAtNUL(strings(in: document)) { return { _ in [] } }
        return { catalog in
            var differences: [String] = []
            for token in tokens {
                let stored = try catalog.token(named: token.name)
                if stored != token { differences.append("token '\(token.name)': imported \(token), stored \(stored)") }
            }
            let storedGroups = try catalog.tokenGroups()
            for group in groups where !storedGroups.contains(where: { $0.path == group.path && $0.properties == group.properties }) {
                differences.append("group '\(group.path)': its properties were not stored as imported")
            }
            return differences
        }
    }

    /// `labelcat label import FILE` of JSON: definitions (an array, one, or NDJSON), or a strings
    /// table of translations.
    static func labels(_ input: [UInt8], _ catalog: Catalog, _ scratch: ScratchDirectory) throws -> StoredCheck {
        let documents = try JSONValue.documents(input)
        if documents.count == 1, let entries = JSONStringsTable.entries(documents[0]) {
            try catalog.setTexts(entries)
            return storedTexts(entries)
        }
        let records = try documents.map { try LabelRecord(json: $0) }
        try catalog.setLabels(records)
        if KnownIssues.cutAtNUL(documents.flatMap(strings(in:))) { return { _ in [] } }
        return { catalog in
            try records.compactMap { record in differences(record, try catalog.label(named: record.name)) }
        }
    }

    /// `labelcat label import de.lproj/Localizable.strings`: an Apple `.strings` file.
    static func stringsFile(_ input: [UInt8], _ catalog: Catalog, _ scratch: ScratchDirectory) throws -> StoredCheck {
        guard let text = String(validating: input, as: UTF8.self) else { throw CatalogError.invalidInput("not UTF-8 text") }
        let entries = try StringsFile.parse(text).map { (label: $0.key, locale: "de", text: $0.value) }
        try catalog.setTexts(entries)
        return storedTexts(entries)
    }

    /// Each label's text in each locale is the last one given for it.
    static func storedTexts(_ entries: [(label: String, locale: String, text: String)]) -> StoredCheck {
        if KnownIssues.cutAtNUL(entries.flatMap { [$0.label, $0.locale, $0.text] }) { return { _ in [] } }
        var expected: [String: [String: String]] = [:]
        for entry in entries { expected[entry.label, default: [:]][entry.locale] = entry.text }
        return { catalog in
            var differences: [String] = []
            for (label, texts) in expected {
                let stored = try catalog.label(named: label)
                for (locale, text) in texts where (locale.isEmpty ? stored.text : stored.texts[locale]) != text {
                    differences.append("label '\(label)' [\(locale)]: imported \(JSONValue.string(text).jsonString()), stored \(JSONValue.string((locale.isEmpty ? stored.text : stored.texts[locale]) ?? "(none)").jsonString())")
                }
            }
            return differences
        }
    }

    /// What differs between a label as imported and as stored (a style member that is null
    /// is the same as none); nil when nothing does.
    static func differences(_ imported: LabelRecord, _ stored: LabelRecord) -> String? {
        var fields: [String] = []
        if stored.text != imported.text { fields.append("text") }
        if stored.texts != imported.texts { fields.append("texts") }
        if stored.frame != imported.frame { fields.append("frame") }
        let style = imported.style.filter { $0.value != .null }
        for (key, value) in style where !(stored.style[key].map { sameJSON($0, value) } ?? false) { fields.append(key) }
        for (key, _) in stored.style where !style.contains(where: { $0.key == key }) { fields.append(key) }
        guard !fields.isEmpty else { return nil }
        return "label '\(imported.name)': \(fields.joined(separator: ", ")) differ: imported \(imported.json.jsonString()), stored \(stored.json.jsonString())"
    }

    /// JSON equality with object members in any order.
    static func sameJSON(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.object(let left), .object(let right)):
            return left.count == right.count && left.allSatisfy { member in right[member.key].map { sameJSON(member.value, $0) } ?? false }
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { sameJSON($0, $1) }
        default:
            return left == right
        }
    }

    /// Every string and member name in a document.
    static func strings(in value: JSONValue) -> [String] {
        switch value {
        case .string(let text): return [text]
        case .array(let elements): return elements.flatMap(strings(in:))
        case .object(let object): return object.flatMap { [$0.key] + strings(in: $0.value) }
        default: return []
        }
    }
}
