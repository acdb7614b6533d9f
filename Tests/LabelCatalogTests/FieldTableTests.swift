import Foundation
@testable import LabelCatalog
import LabelJSON
import LabelLayout
import LabelModel
import Testing
import TestSupport

/// Walks the model's table of label fields (`LabelField.all`): for every field, the JSON, the
/// input hash, the catalog's columns, the token resolver and the docs agree with it. (That
/// `label set` has an option for each is `LabelSetFieldTests`, in labelcatTests.)
@Suite struct FieldTableTests {
    /// A value of `field` other than its default, as definition JSON.
    static func changedValue(_ field: LabelField) -> JSONValue {
        switch field.kind {
        case .integer(let range): .number(Double(range.lowerBound == 0 ? 2 : range.lowerBound))
        case .number(_, let maximum): .number(min(0.5, maximum))
        case .enumeration(let cases): .string(cases.first { .string($0) != field.defaultValue }!)
        case .bool: .bool(true)
        case .color: .string("#12345678")
        case .text: .string("[more]")
        case .font: .object(JSONObject([("family", .string("DejaVu Sans")), ("size", .number(21)), ("weight", .number(700))]))
        case .insets: .object(JSONObject([("top", .number(3)), ("left", .number(4)), ("bottom", .number(5)), ("right", .number(6))]))
        case .arguments: .array([.string("Anna"), .number(3)])
        case .priorities: .object(JSONObject([("horizontal", .number(999)), ("vertical", .number(1))]))
        case .device: .string("iPhone 16 Pro")
        }
    }

    static let base = #"{"name": "fields", "text": "A text of a few words", "frame": {"x": 0, "y": 0, "width": 120, "height": 80}}"#

    static func definition(setting field: LabelField? = nil) throws -> LabelDefinition {
        var object = try JSONValue.parse(base).object!
        if let field { object[field.key] = changedValue(field) }
        return try LabelDefinition(json: .object(object))
    }

    @Test("The table has each key and column once, and every member of a definition's JSON is a field or structural")
    func keysAndColumnsAreUnique() throws {
        #expect(Set(LabelField.all.map(\.key)).count == LabelField.all.count)
        #expect(Set(LabelField.all.map(\.column)).count == LabelField.all.count)
        let structural = ["name", "text", "frame"]
        for field in LabelField.all { _ = try Self.definition(setting: field) }
        var everything = try JSONValue.parse(Self.base).object!
        for field in LabelField.all { everything[field.key] = Self.changedValue(field) }
        let written = try JSONValue.parse(try LabelDefinition(json: .object(everything)).canonicalJSON).object!
        #expect(Set(written.keys) == Set(structural + LabelField.all.map(\.key)))
    }

    @Test("Every field: written as read (canonical JSON round trip), and changing it changes the input hash",
          arguments: LabelField.all.map(\.key))
    func roundTripAndHash(key: String) throws {
        let field = try #require(LabelField.named(key))
        let plain = try Self.definition()
        let changed = try Self.definition(setting: field)
        #expect(changed != plain, "setting \(key) changes the definition")
        let written = try JSONValue.parse(changed.canonicalJSON)
        #expect(written[key] == Self.changedValue(field), "\(written[key]?.jsonString() ?? "nil")")
        #expect(try LabelDefinition(json: written) == changed)
        if let defaultValue = field.defaultValue, !field.omittedAtDefault {
            #expect(try JSONValue.parse(plain.canonicalJSON)[key] == defaultValue)
        } else {
            #expect(try JSONValue.parse(plain.canonicalJSON)[key] == nil, "\(key) is left out at its default")
        }
        let engine = LayoutEngine()
        #expect(try engine.layout(changed).inputHash != (try engine.layout(plain).inputHash), "\(key) is hashed")
    }

    @Test("Every field has its column in the migrated labels table, and a label stores and resolves it",
          arguments: LabelField.all.map(\.key))
    func columnAndCatalog(key: String) throws {
        let field = try #require(LabelField.named(key))
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        #expect(try MigrationTests.columns(catalog.database, table: "labels").contains(field.column))
        var object = try JSONValue.parse(Self.base).object!
        object[key] = Self.changedValue(field)
        try catalog.setLabels([try LabelRecord(json: .object(object))])
        let stored = try catalog.label(named: "fields")
        #expect(stored.style[key] == Self.changedValue(field))
        #expect(try stored.resolve(tokens: catalog.tokenSet()).definition == (try Self.definition(setting: field)))
    }

    @Test("A field that takes no token refuses a reference; one that does names its token types")
    func tokenReferences() throws {
        for field in LabelField.all {
            var object = try JSONValue.parse(Self.base).object!
            object[field.key] = .string("{some.token}")
            let record = try? LabelRecord(json: .object(object))
            if field.tokenTypes.isEmpty {
                #expect(record == nil, "\(field.key) takes literal values only")
            } else {
                #expect(record != nil, "\(field.key) takes \(field.tokenTypes)")
            }
        }
    }

    @Test("docs/layout-rules.md holds the table of fields made from LabelField.all")
    func docsTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/layout-rules.md"), encoding: .utf8)
        let begin = "<!-- fields: made from LabelField.all (FieldTableTests checks it) -->\n"
        let expected = begin + LabelField.markdownTable + "<!-- end of fields -->"
        guard !page.contains(expected) else { return }
        // The table to paste, written beside the build.
        let made = root.appendingPathComponent(".build/layout-rules-fields.md")
        try? expected.write(to: made, atomically: true, encoding: .utf8)
        Issue.record("docs/layout-rules.md's field table is not the one LabelField.all makes: replace it (from \(begin.dropLast()) to the end marker) with \(made.path)")
    }
}
