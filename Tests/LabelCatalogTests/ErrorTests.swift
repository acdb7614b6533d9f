import Foundation
@testable import LabelCatalog
import LabelJSON
import LabelModel
import Testing
import TestSupport

/// Errors are typed end to end: SQLite's result codes by name, a label's failure as the
/// catalog error that caused it, and messages that state the problem without naming the CLI's
/// commands or flags (the CLI adds those).
@Suite("Errors")
struct ErrorTests {
    @Test("Result codes are named; a primary code matches its extended codes, not the other way")
    func resultCodes() throws {
        #expect(ResultCode.SQLITE_READONLY ~= ResultCode.SQLITE_READONLY_DIRECTORY)
        #expect(!(ResultCode.SQLITE_READONLY_DIRECTORY ~= ResultCode.SQLITE_READONLY))
        #expect(!(ResultCode.SQLITE_BUSY ~= ResultCode.SQLITE_READONLY_DIRECTORY))
        #expect(ResultCode.SQLITE_READONLY_DIRECTORY.primaryResultCode == .SQLITE_READONLY)
        #expect(ResultCode.SQLITE_NOTADB.description == "file is not a database")

        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        do {
            try catalog.database.statement("INSERT INTO label_texts (label, locale, text) VALUES ('no.such', 'de', 'x')").run()
            Issue.record("a row referencing no label was inserted")
        } catch {
            #expect(error.resultCode == .SQLITE_CONSTRAINT)
            #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY)
            switch error.extendedResultCode {
            case .SQLITE_CONSTRAINT: break
            default: Issue.record("a switch on a primary code must match its extended codes")
            }
        }
    }

    @Test("A token edit that leaves a label unable to be laid out throws breaksLabel with the label's typed error; nothing changes")
    func tokenEditBreakingALabel() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([demoTopLabel()])
        let before = try SQLiteShell.dump(catalog.path)
        do {
            try catalog.setTokens([Token(name: "font.family.cjk", type: .fontFamily, value: .string("No Such Family 7"))])
            Issue.record("a token edit breaking demo.top went through")
        } catch let error as CatalogError {
            guard case .breaksLabel(let tokens, .cannotLayOut(let label, .fontNotFound(let family))) = error else {
                Issue.record("expected breaksLabel(cannotLayOut(fontNotFound)), got \(error)")
                return
            }
            #expect(tokens == ["font.family.cjk"] && label == "demo.top" && family == "No Such Family 7")
            #expect(error.description.contains("font.family.cjk") && error.description.contains("demo.top"), "\(error)")
        }
        do {
            try catalog.setTokens([Token(name: "lines.max", type: .number, value: .number(-1))])
            try catalog.setLabels([LabelRecord(name: "uses.lines", frame: Rect(x: 0, y: 0, width: 10, height: 10),
                                               style: JSONObject([("numberOfLines", .string("{lines.max}"))]))])
            Issue.record("a label with numberOfLines -1 was set")
        } catch let error as CatalogError {
            guard case .invalidLabel(let label, _) = error else { Issue.record("expected invalidLabel, got \(error)"); return }
            #expect(label == "uses.lines")
        }
        try catalog.setTokens([Token(name: "lines.max", type: .number, value: .number(3))])
        #expect(try SQLiteShell.dump(catalog.path) != before, "lines.max changed")
    }

    /// One value of every case.
    static let everyError: [CatalogError] = [
        .missingCatalog(path: "a.sqlite"), .notACatalog(path: "a.sqlite", reason: "not a SQLite database"),
        .emptyDatabase(path: "a.sqlite"), .schemaTooNew(path: "a.sqlite", found: 9, supported: 3),
        .schemaOutdated(path: "a.sqlite", found: 1, supported: 3), .readOnly(path: "a.sqlite"),
        .staleLayouts(path: "a.sqlite", labels: ["a.b"]), .unreadable(path: "a.sqlite", reason: "why"),
        .unknownLabel("a.b"), .unknownLabels(["a.b"]), .unknownLocale(label: "a.b", locale: "de", available: ["fr"]),
        .unknownToken("t.x"), .invalidLabel(label: "a.b", reason: "why"),
        .cannotLayOut(label: "a.b", error: .fontNotFound(family: "X")), .invalidToken(token: "t.x", reason: "why"),
        .breaksLabel(tokens: ["t.x"], error: .invalidLabel(label: "a.b", reason: "why")), .aliasCycle(chain: ["t.x", "t.x"]),
        .aliasChainTooLong(token: "t.x", maximum: 1000), .tokenInUse(token: "t.x", labels: ["a.b"], tokens: []),
        .invalidInput("why"), .database(DatabaseError(extendedResultCode: .SQLITE_BUSY, message: "database is locked")),
    ]

    @Test("Catalog messages name no command or flag of the CLI", arguments: everyError)
    func messagesNameNoFlags(_ error: CatalogError) {
        let message = error.description
        #expect(!message.contains("--") && !message.contains("labelcat init") && !message.contains("labelcat recompute"), "\(message)")
        #expect(!message.isEmpty)
    }

    @Test("Numbers in token strings are decimal", arguments: [
        ("16", 16.0), ("-0.5", -0.5), (".5", 0.5), ("5.", 5), ("1e3", 1000), ("+2E-1", 0.2),
        ("0x10", nil), ("0X1P4", nil), ("inf", nil), ("nan", nil), ("", nil), ("-", nil), (".", nil), ("1e", nil),
        ("1_000", nil), (" 1", nil), ("1 ", nil), ("١٢", nil), ("1e999", nil),
    ] as [(String, Double?)])
    func decimalNumbers(_ text: String, _ expected: Double?) {
        #expect(parseDecimal(text) == expected, "\(text)")
    }
}
