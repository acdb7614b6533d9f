import LabelCatalog
import LabelJSON
import LabelLayout
import LabelModel

/// `labelcat-fuzz --self-test`: the checks must see the failures they are there to find. Runs
/// importers that go wrong on purpose through the catalog harness, and layouts broken on
/// purpose through `LayoutRules`, and says which failure went unseen. `make fuzz` runs it
/// before fuzzing.
enum SelfTest {
    /// An importer that goes wrong on purpose, and the finding it must cause (nil: none).
    struct Case {
        let name: String
        let expected: FindingKind?
        let importer: CatalogImporter
    }

    /// The connection of the case that leaves a transaction open, closed when the harness
    /// reports it (before it puts the pristine file back).
    nonisolated(unsafe) static var leftOpen: SQLiteConnection?

    /// The failures are made through a connection of the harness's own: the catalog's is
    /// internal to labelcat.
    static let catalogCases: [Case] = [
        Case(name: "a refused input that commits a row", expected: .changedCatalog) { _, catalog, _ in
            try SQLiteConnection(path: catalog.path).execute("INSERT INTO token_groups (path, properties) VALUES ('self.test', '{}')")
            throw CatalogError.invalidInput("refused after committing")
        },
        Case(name: "a refused input that leaves a transaction open", expected: .changedCatalog) { _, catalog, _ in
            let connection = try SQLiteConnection(path: catalog.path)
            try connection.execute("BEGIN; INSERT INTO token_groups (path, properties) VALUES ('self.test', '{}')")
            leftOpen = connection
            throw CatalogError.invalidInput("refused in a transaction")
        },
        Case(name: "an accepted input that leaves a text without its label", expected: .unsoundCatalog) { _, catalog, _ in
            try SQLiteConnection(path: catalog.path).execute("""
                PRAGMA foreign_keys = OFF; INSERT INTO label_texts (label, locale, text) VALUES ('no.such', 'de', 'x');
                PRAGMA foreign_keys = ON
                """)
            return { _ in [] }
        },
        Case(name: "an accepted input that leaves a layout stale", expected: .unsoundCatalog) { _, catalog, _ in
            let connection = try SQLiteConnection(path: catalog.path)
            try connection.withoutTriggers {
                try connection.execute("UPDATE layouts SET input_hash = 'stale' WHERE label = 'fuzz.badge'")
            }
            return { _ in [] }
        },
        Case(name: "an accepted input stored other than it said", expected: .roundTrip) { _, catalog, _ in
            try catalog.setTexts([(label: "fuzz.title", locale: "de", text: "stored")])
            return ImportTargets.storedTexts([(label: "fuzz.title", locale: "de", text: "said")])
        },
        Case(name: "an accepted input that read an external entity's file", expected: .roundTrip) { _, catalog, _ in
            try catalog.setTexts([(label: "fuzz.title", locale: "de", text: "x \(FuzzTarget.canaryText) y")])
            return FuzzTarget.canaryUnread
        },
        Case(name: "a refused input", expected: nil) { _, _, _ in throw CatalogError.invalidInput("refused") },
        Case(name: "an accepted input, stored as it said", expected: nil) { _, catalog, _ in
            try catalog.setTexts([(label: "fuzz.title", locale: "de", text: "Zur Kasse!")])
            return ImportTargets.storedTexts([(label: "fuzz.title", locale: "de", text: "Zur Kasse!")])
        },
    ]

    /// Runs every case; returns what went wrong (empty: every failure was seen, and no other).
    static func run(scratch: ScratchDirectory) throws -> [String] {
        var seen: [FindingKind] = []
        Finding.capture = { kind, _ in
            seen.append(kind)
            leftOpen = nil
        }
        defer { Finding.capture = nil }
        var problems: [String] = []
        func expect(_ name: String, _ expected: FindingKind?) {
            if seen != (expected.map { [$0] } ?? []) {
                problems.append("\(name): expected \(expected?.rawValue ?? "no finding"), got \(seen.map(\.rawValue))")
            }
            seen = []
        }
        for test in catalogCases {
            // A harness each: every case is the first its harness sees (integrity checks included).
            try CatalogHarness(scratch: scratch).run([], test.importer)
            expect(test.name, test.expected)
        }

        var definition = LabelDefinition(name: "self.test", frame: Rect(x: 0, y: 0, width: 100, height: 40))
        definition.text = "Self test"
        let layout = try LayoutEngine().layout(definition)
        var outside = layout
        outside.lines[0].range.length += 10
        var infinite = layout
        infinite.textRect.width = .infinity
        for (name, layout, broken) in [("a layout as laid out", layout, false), ("a line's range past the text", outside, true),
                                       ("an infinite width", infinite, true)]
        where LayoutRules.broken(by: layout, of: definition, locale: "").isEmpty == broken {
            problems.append("\(name): \(broken ? "no rule broken" : "a rule broken")")
        }

        // The outputs' rules (HostileTargets): each must see what it is there to find.
        for (name, output, annotations, broken) in [
            ("a plain table", "name  text\nlabel  Zur Kasse\n", false, false),
            ("a line that starts a workflow command", "name\n::error title=X::y\n", false, true),
            ("one after white space and a carriage return", "a\r \u{A0}##[error]x\n", false, true),
            ("labelcat's own annotations", "::error title=T::m\nlabelcat: 1 finding\n", true, false),
            ("a raw escape character", "Zur\u{1B}[2JKasse\n", false, true),
            ("a raw right-to-left override", "label\u{202E}txt\n", false, true),
        ] where OutputRules.humanProblems(output, annotations: annotations).isEmpty == broken {
            problems.append("\(name): \(broken ? "no rule broken" : "a rule broken")")
        }
        if OutputRules.xmlProblems("<a><b></a>").isEmpty { problems.append("malformed XML: not seen") }
        if !OutputRules.xmlProblems("<a>&amp;<b/></a>").isEmpty { problems.append("well-formed XML: seen as malformed") }
        return problems
    }
}
