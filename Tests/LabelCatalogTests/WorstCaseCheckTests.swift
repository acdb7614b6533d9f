@testable import LabelCatalog
import LabelJSON
import LabelModel
import Testing
import TestSupport

/// Worst-case arguments in a catalog: one more variant of each text with a numeric specifier or
/// a declared argument, laid out and checked like plural forms.
@Suite("Worst-case variants in the catalog")
struct WorstCaseCheckTests {
    static func record(width: Double, digits: Int) -> LabelRecord {
        LabelRecord(name: "cart.count", text: "%d items", texts: ["de": "%d Artikel", "fr": "Panier"],
                    variantTexts: [TextKey(locale: "", variant: "plural.one"): "%d item"],
                    frame: Rect(x: 0, y: 0, width: width, height: 30),
                    style: JSONObject([("font", .object(JSONObject([("family", .string("DejaVu Sans")), ("size", .number(17))]))),
                                       ("arguments", .array([.object(JSONObject([("type", .string("number")),
                                                                                  ("digits", .number(Double(digits)))]))]))]))
    }

    @Test("A %d items label that fits with its sample but not at its worst case has a finding of variant worst")
    func findingAtWorstCase() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        try catalog.setLabels([Self.record(width: 1000, digits: 7)])
        // Worst-case variants of the texts with a number, not of plural.one nor of a text without one.
        #expect(try catalog.layouts().map { "\($0.locale)|\($0.variant)" }
                == ["|", "|plural.one", "|worst", "de|", "de|worst", "fr|"])
        let definition = try catalog.label(named: "cart.count").resolve(tokens: nil).definition
        let sample = try catalog.engine.layout(definition).intrinsicSize.width
        let worst = try catalog.engine.layout(definition, variant: "worst").intrinsicSize.width
        #expect(worst > sample + 30)

        try catalog.setLabels([Self.record(width: (sample + worst) / 2, digits: 7)])
        let findings = try catalog.check(CheckScope(locales: [""])).findings
        #expect(findings.map { "\($0.variant) \($0.kind)" } == ["worst truncated"])
        #expect(findings.first?.lines.first?.hasPrefix("8,888") == true)
    }

    @Test("Changing an argument's declaration changes the worst-case layouts' input hashes")
    func declarationChangesHash() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        try catalog.setLabels([Self.record(width: 300, digits: 4)])
        let before = Dictionary(uniqueKeysWithValues: try catalog.layouts().map { ("\($0.locale)|\($0.variant)", $0.inputHash) })
        try catalog.setLabels([Self.record(width: 300, digits: 5)])
        let after = Dictionary(uniqueKeysWithValues: try catalog.layouts().map { ("\($0.locale)|\($0.variant)", $0.inputHash) })
        #expect(before.keys.sorted() == after.keys.sorted())
        #expect(before["|worst"] != after["|worst"] && before["de|worst"] != after["de|worst"])
    }
}
