@testable import LabelCatalog
import LabelJSON
import LabelLayout
import LabelModel
import Testing
import TestSupport

/// `Catalog.check` (docs/ci.md): which texts are findings, of which kind, by how much; what
/// matches nothing; locales as BCP 47 tags with fallback. (Baselines: LabelReportTests.)
@Suite("Check")
struct CheckTests {
    /// A DejaVu Sans 17 pt label.
    static func label(_ name: String, _ text: String, width: Double, height: Double, lines: Int,
                      extra: [(String, JSONValue)] = []) -> LabelRecord {
        LabelRecord(name: name, text: text, frame: Rect(x: 0, y: 0, width: width, height: height),
                    style: JSONObject([("font", .object(JSONObject([("family", .string("DejaVu Sans")), ("size", .number(17))]))),
                                       ("numberOfLines", .number(Double(lines)))] + extra))
    }

    static func insets(top: Double, left: Double, bottom: Double, right: Double) -> (String, JSONValue) {
        ("contentInsets", .object(JSONObject([("top", .number(top)), ("left", .number(left)),
                                              ("bottom", .number(bottom)), ("right", .number(right))])))
    }

    static func finding(_ result: CheckResult, _ label: String, locale: String = "") -> Finding? {
        result.findings.first { $0.label == label && $0.locale == locale }
    }

    @Test("Kinds and amounts: a one-line label's width over, a short box's height over, numberOfLines before height, errors")
    func kindsAndAmounts() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        let wide = "A sentence far too wide for its label"
        try catalog.setLabels([
            Self.label("one.line", wide, width: 100, height: 30, lines: 1, extra: [Self.insets(top: 0, left: 4, bottom: 0, right: 6)]),
            Self.label("two.paragraphs", "Short\nAlso short", width: 300, height: 30, lines: 1),
            Self.label("two.lines", String(repeating: "word ", count: 30), width: 120, height: 300, lines: 2),
            Self.label("short.box", String(repeating: "word ", count: 12), width: 120, height: 40, lines: 0,
                       extra: [Self.insets(top: 5, left: 0, bottom: 5, right: 0), ("lineSpacing", .number(2))]),
            Self.label("capped", String(repeating: "word ", count: 20), width: 120, height: 45, lines: 3),
            Self.label("fits", "OK", width: 100, height: 30, lines: 1),
        ])
        let result = try catalog.check()
        #expect(result.checked.map(\.label) == ["capped", "fits", "one.line", "short.box", "two.lines", "two.paragraphs"])
        #expect(result.findings.map(\.kind) == [.lines, .truncated, .lines, .truncated, .truncated])
        #expect(Self.finding(result, "fits") == nil)

        // One line: the text laid out on one unbounded line, minus the inner width (100 − 4 − 6).
        let oneLine = try #require(Self.finding(result, "one.line"))
        var unbounded = try catalog.label(named: "one.line").resolve(tokens: nil).definition
        unbounded.frame.width = 10_000
        unbounded.numberOfLines = 0
        let fullWidth = try #require(try catalog.engine.layout(unbounded).lines.first?.rect.width)
        #expect(abs(oneLine.widthOver - (fullWidth - 90)) < 1e-9, "\(oneLine.widthOver) vs \(fullWidth - 90)")
        #expect(oneLine.widthOver > 100)
        #expect(oneLine.heightOver == 0)
        #expect(oneLine.linesShown == 1 && oneLine.linesNeeded > 1)
        #expect(oneLine.lines.count == 1 && oneLine.lines[0].hasSuffix("…"))
        #expect(oneLine.variant == "" && oneLine.category == "large" && oneLine.source == nil)

        // Two short paragraphs on a one-line label: hidden text, but no line is too wide.
        let paragraphs = try #require(Self.finding(result, "two.paragraphs"))
        #expect(paragraphs.kind == .truncated && paragraphs.widthOver == 0 && paragraphs.linesNeeded == 2)

        // numberOfLines 2 reached: truncated, neither width nor height over.
        let twoLines = try #require(Self.finding(result, "two.lines"))
        #expect(twoLines.linesShown == 2 && twoLines.widthOver == 0 && twoLines.heightOver == 0)

        // Height: n lines × line height + (n − 1) × spacing − inner height (40 − 5 − 5).
        let lineHeight = try catalog.engine.resolvedFont(for: try catalog.label(named: "short.box").resolve(tokens: nil).definition).lineHeight
        let shortBox = try #require(Self.finding(result, "short.box"))
        let needed = Double(shortBox.linesNeeded)
        #expect(shortBox.linesNeeded > 2)
        #expect(abs(shortBox.heightOver - (needed * lineHeight + (needed - 1) * 2 - 30)) < 1e-9)
        #expect(shortBox.widthOver == 0)
        // Capped at numberOfLines 3: the height of 3 lines, not of every line needed.
        let capped = try #require(Self.finding(result, "capped"))
        #expect(capped.linesNeeded > 3 && capped.linesShown == 2)
        #expect(abs(capped.heightOver - (3 * lineHeight - 45)) < 1e-9)

        // A label that cannot be laid out is a finding of kind error.
        try SQLiteShell.run(catalog.path, "UPDATE labels SET font = '{\"family\": \"No Such Family\"}' WHERE name = 'fits'")
        let broken = try #require(Self.finding(try catalog.check(), "fits"))
        #expect(broken.kind == .error)
        #expect(broken.error?.contains("No Such Family") == true, "\(broken.error ?? "")")
        #expect(broken.lines == [] && broken.linesShown == 0)
    }

    @Test("Advice is kept: a later check reads how far a text is over and its fix by input hash; a changed text's goes at the next whole check")
    func adviceKept() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        try catalog.setLabels([
            Self.label("one.line", "A sentence far too wide for its label", width: 100, height: 30, lines: 1),
            Self.label("two.lines", String(repeating: "word ", count: 30), width: 120, height: 300, lines: 2),
            Self.label("fits", "OK", width: 100, height: 30, lines: 1),
        ])
        func advice() throws -> Int { try catalog.database.scalarInt("SELECT count(*) FROM finding_advice") ?? -1 }
        let first = try catalog.check()
        #expect(try advice() == 2)
        let oneLine = try #require(Self.finding(first, "one.line"))
        #expect(oneLine.fix?.width != nil && oneLine.fix?.charactersOver != nil)

        // Read back, not worked out again: a value put in by hand is what the check reports.
        try catalog.database.execute("UPDATE finding_advice SET width_over = 999")
        let second = try catalog.check()
        #expect(Self.finding(second, "one.line")?.widthOver == 999)
        #expect(Self.finding(second, "one.line")?.fix == oneLine.fix)
        #expect(Self.finding(second, "two.lines")?.fix == Self.finding(first, "two.lines")?.fix)

        // A new text has a new input hash: its advice is worked out; a check of part of the
        // catalog keeps the old entry, a whole one deletes it.
        try catalog.setLabels([Self.label("one.line", "Another sentence far too wide for its label", width: 100, height: 30, lines: 1)])
        let partial = try catalog.check(CheckScope(glob: "one.*"))
        #expect(try #require(Self.finding(partial, "one.line")).widthOver < 999)
        #expect(try advice() == 3)
        _ = try catalog.check()
        #expect(try advice() == 2)

        // A catalog opened read-only checks the same and keeps nothing.
        try catalog.database.execute("DELETE FROM finding_advice")
        let readOnly = try Catalog.open(path: catalog.path, readOnly: true)
        let readOnlyFindings = try readOnly.check().findings
        #expect(try advice() == 0)
        #expect(readOnlyFindings == (try catalog.check()).findings)
    }

    @Test("The rows that may not fit are handed on a batch at a time, in the scan's order")
    func rowsInBatches() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        try catalog.setLabels((0..<10).map { index in
            Self.label("label.\(100 + index)", index % 5 == 0 ? "OK" : "Text \(index) far too wide for its label",
                       width: 100, height: 30, lines: 1)
        })
        func batches(of size: Int) throws -> (batches: [[String]], texts: Int) {
            var batches: [[String]] = []
            let rows = try catalog.checkRows(CheckScope(), filter: LayoutFilter(locale: nil, category: nil, device: nil), locales: nil,
                                             categories: ["large"], batch: size) { rows in batches.append(rows.map(\.label)) }
            return (batches, rows.texts.count)
        }
        let whole = try batches(of: 1000)
        #expect(whole.batches.count == 1 && whole.batches[0].count == 8 && whole.texts == 10)
        let small = try batches(of: 3)
        #expect(small.batches.map(\.count) == [3, 3, 2])
        #expect(small.batches.flatMap { $0 } == whole.batches[0] && small.texts == 10)
    }

    @Test("Advice worked out on every core is each finding's own, in the rows' order, and kept once per input hash")
    func adviceOnEveryCore() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        // 8 labels fit; 8 share one text too wide (their names differ: so do their input hashes); 8
        // have texts of their own too wide.
        try catalog.setLabels((0..<24).map { index in
            Self.label("label.\(100 + index)", index % 3 == 0 ? "OK" : index % 2 == 0 ? "One text far too wide for its label"
                                                                                        : "Text \(index) far too wide for its label",
                       width: 100, height: 30, lines: 1)
        })
        var measurer = OverflowMeasurer(catalog: catalog, tokens: try catalog.tokenSet(), scope: CheckScope())
        var pending: [PendingFinding] = []
        _ = try catalog.checkRows(CheckScope(), filter: LayoutFilter(locale: nil, category: nil, device: nil), locales: nil,
                                  categories: ["large"]) { rows in
            for row in rows {
                if let found = try measurer.finding(for: row, text: CheckedText(label: row.label, locale: row.locale)) { pending.append(found) }
            }
        }
        #expect(pending.count == 16 && pending.allSatisfy { $0.advice != nil })
        let findings = try measurer.withAdvice(pending)
        #expect(findings.map(\.label) == pending.map(\.finding.label))
        for (finding, subject) in zip(findings, pending.compactMap(\.advice)) {
            let alone = try subject.advice(catalog.engine)
            #expect(finding.widthOver == alone.widthOver && finding.heightOver == alone.heightOver && finding.fix == alone.fix)
        }
        #expect(measurer.computedAdvice.count == 16 && measurer.usedAdvice.count == 16)
        #expect(try measurer.withAdvice(pending) == findings, "the second time from what this check worked out")
        #expect(measurer.computedAdvice.count == 16)
        var fresh = OverflowMeasurer(catalog: catalog, tokens: try catalog.tokenSet(), scope: CheckScope())
        #expect(try fresh.withAdvice(pending + pending) == findings + findings, "a hash twice in a batch: worked out once")
        #expect(fresh.computedAdvice.count == 16)
        #expect(try catalog.check().findings == findings)
    }

    @Test("Nothing to check: an empty catalog, a glob, a locale or a category that matches nothing is a CheckError naming it")
    func nothingMatched() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        func expectError(_ scope: CheckScope, _ fragments: [String], sourceLocation: SourceLocation = #_sourceLocation) {
            do {
                _ = try catalog.check(scope)
                Issue.record("\(scope) checked something", sourceLocation: sourceLocation)
            } catch let error as CheckError {
                for fragment in fragments {
                    #expect(error.description.contains(fragment), "\(error)", sourceLocation: sourceLocation)
                }
            } catch {
                Issue.record("not a CheckError: \(error)", sourceLocation: sourceLocation)
            }
        }
        expectError(CheckScope(), ["has no labels", "catalog.sqlite"])
        try catalog.setLabels([Self.label("cart.title", "Pay", width: 100, height: 30, lines: 1)])
        try catalog.setTexts([(label: "cart.title", locale: "de", text: "Zahlen")])
        expectError(CheckScope(glob: "chekout.*"), ["no label matches 'chekout.*'", "1 label"])
        expectError(CheckScope(locales: ["xx"]), ["locale 'xx'", "locales: base, de"])
        expectError(CheckScope(glob: "cart.*", locales: ["de", "fr"]), ["matching 'cart.*'", "locale 'fr'"])
        expectError(CheckScope(categories: ["huge"]), ["content size category 'huge'", "categories: large"])
        #expect(try catalog.check(CheckScope(categories: ["LARGE"])).categories == ["large"])
    }

    @Test("Locales: BCP 47 tags compared case-insensitively, _ as -, the base text as '' or base, the lookup fallback")
    func locales() throws {
        #expect(LocaleTag.fallbacks("zh-Hant-TW") == ["zh-hant-tw", "zh-hant", "zh"])
        #expect(LocaleTag.fallbacks("pt_BR") == ["pt-br", "pt"])
        #expect(LocaleTag.fallbacks("en-x-private") == ["en-x-private", "en"])
        #expect(LocaleTag.isBase("") && LocaleTag.isBase("Base") && !LocaleTag.isBase("de"))

        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory, tokens: false)
        try catalog.setLabels([Self.label("a.title", "Pay", width: 100, height: 30, lines: 1)])
        try catalog.setTexts([(label: "a.title", locale: "de", text: "Zahlen"), (label: "a.title", locale: "pt-BR", text: "Pagar"),
                              (label: "a.title", locale: "zh-Hant", text: "付款")])
        func checked(_ locales: [String]) throws -> [String] { try catalog.check(CheckScope(locales: locales)).checked.map(\.locale) }
        #expect(try checked(["DE"]) == ["de"])
        #expect(try checked(["pt_br"]) == ["pt-BR"])
        #expect(try checked([""]) == [""])
        #expect(try checked(["base"]) == [""])
        #expect(try checked(["de", "base"]) == ["", "de"])
        let fallback = try catalog.check(CheckScope(locales: ["de-DE", "zh-Hant-TW"]))
        #expect(fallback.checked.map(\.locale) == ["de", "zh-Hant"])
        #expect(fallback.localeMatches == [LocaleMatch(requested: "de-DE", matched: "de", isFallback: true),
                                           LocaleMatch(requested: "zh-Hant-TW", matched: "zh-Hant", isFallback: true)])
        #expect(try catalog.check(CheckScope(locales: ["de"])).localeMatches.first?.isFallback == false)
        // No fallback from a language to one of its regions.
        #expect(throws: CheckError.self) { try catalog.check(CheckScope(locales: ["pt"])) }
    }
}
