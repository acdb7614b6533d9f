import LabelCatalog
import LabelImport
import LabelJSON
import LabelSync

/// The importers under test, each as its command runs it, with what it should have stored.
enum ImportTargets {
    /// `labelcat token import FILE`: a DTCG design tokens document.
    static func designTokens(_ input: [UInt8], _ catalog: Catalog, _ scratch: ScratchDirectory) throws -> StoredCheck {
        let document = try JSONValue.parse(input)
        let (tokens, groups) = try Catalog.parseDesignTokens(document)
        _ = try catalog.importDesignTokens(document)
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
        return { catalog in
            try records.compactMap { record in differences(record, try catalog.label(named: record.name)) }
        }
    }

    /// `labelcat label import de.lproj/Localizable.strings`: an Apple `.strings` file, read by
    /// LabelImport's reader, stored by label name and laid out, as `label import` does.
    static func stringsFile(_ input: [UInt8], _ catalog: Catalog, _ scratch: ScratchDirectory) throws -> StoredCheck {
        let path = try scratch.write(input, to: "de.lproj/Localizable.strings")
        let read = try XcodeImporter(paths: [path]).readAll()
        let entries = read.strings.filter { $0.variant.isEmpty }.map { (label: $0.key, locale: "de", text: $0.value) }
        _ = try catalog.importTexts(from: [path], options: TextImportOptions(matching: .labelNames, strict: true))
        _ = try catalog.layOutQueued()
        return storedTexts(entries)
    }

    /// `labelcat import FILE` of one of Xcode's formats (String Catalog, stringsdict, XLIFF,
    /// storyboard), whose extension the file is given: texts stored by key, labels from
    /// Interface Builder, then laid out (as the command does: the import itself only queues).
    /// What it stores is checked by the harness's soundness checks.
    static func xcodeFile(named name: String) -> CatalogImporter {
        { input, catalog, scratch in
            let path = try scratch.write(input, to: name)
            _ = try catalog.importTexts(from: [path], options: TextImportOptions(files: ImportOptions(locale: "de")))
            _ = try catalog.layOutQueued()
            return { _ in [] }
        }
    }

    /// Each label's text in each locale is the last one given for it.
    static func storedTexts(_ entries: [(label: String, locale: String, text: String)]) -> StoredCheck {
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
        // The texts it names are stored; the label's other texts are kept (docs/catalog.md).
        if imported.texts.contains(where: { stored.texts[$0.key] != $0.value })
            || imported.variantTexts.contains(where: { stored.variantTexts[$0.key] != $0.value }) {
            fields.append("texts")
        }
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
}
