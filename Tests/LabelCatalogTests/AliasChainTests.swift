import Foundation
@testable import LabelCatalog
import LabelJSON
import LabelModel
import Testing
import TestSupport

/// Long chains of aliases: followed iteratively (a chain can never exhaust the stack), at most
/// `TokenSet.maximumAliasDepth` aliases deep, refused beyond with an error naming that maximum,
/// and resolved in time linear in the chain's length.
@Suite("Alias chains")
struct AliasChainTests {
    /// The issue's reproducer: `{"c": {"$type": "number", "t0": "{c.t1}", …, "tN": 5}}`, a chain
    /// of `aliases` aliases ending in a number.
    static func chainDocument(aliases: Int, typed: Bool = true) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = typed ? [("$type", .string("number"))] : []
        for index in 0..<aliases {
            members.append(("t\(index)", .object(JSONObject([("$value", .string("{c.t\(index + 1)}"))]))))
        }
        var last = JSONObject([("$value", .number(5))])
        if !typed { last["$type"] = .string("number") }
        members.append(("t\(aliases)", .object(last)))
        return .object(JSONObject([("c", .object(JSONObject(members)))]))
    }

    static func chainTokens(aliases: Int, from first: Int = 0) -> [Token] {
        (first...aliases).map { index in
            Token(name: "c.t\(index)", type: .number, value: index == aliases ? .number(5) : .string("{c.t\(index + 1)}"))
        }
    }

    @Test("A chain of 100,000 aliases is refused (typed or inheriting its type), naming the maximum depth; nothing is written",
          arguments: [true, false])
    func longChainRefused(typed: Bool) throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let before = try SQLiteShell.dump(catalog.path)
        let error = expectCatalogError(["c.t0", "longer than \(TokenSet.maximumAliasDepth)"]) {
            try catalog.importDesignTokens(Self.chainDocument(aliases: 100_000, typed: typed))
        }
        if case .aliasChainTooLong(_, let maximum)? = error {
            #expect(maximum == TokenSet.maximumAliasDepth)
        } else {
            Issue.record("expected aliasChainTooLong, got \(String(describing: error))")
        }
        #expect(try SQLiteShell.dump(catalog.path) == before)
    }

    @Test("A chain of exactly the maximum depth is imported, resolves, and a label at its start is laid out")
    func chainAtMaximum() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let depth = TokenSet.maximumAliasDepth
        #expect(try catalog.importDesignTokens(Self.chainDocument(aliases: depth)) == depth + 1)
        var tokens = try catalog.tokenSet()
        let resolved = try tokens.resolve("c.t0")
        #expect(resolved.value == .number(5))
        #expect(resolved.dependencies.count == depth + 1)
        try catalog.setLabels([LabelRecord(name: "chain.label", text: "Chain", frame: Rect(x: 0, y: 0, width: 200, height: 40),
                                           style: JSONObject([("numberOfLines", .string("{c.t0}"))]))])
        #expect(try catalog.layout(label: "chain.label").lineCount == 1)
        #expect(try column(catalog.database, "SELECT count(*) FROM label_dependencies WHERE label = 'chain.label'") == ["\(depth + 1)"])
        // Who uses the chain's end: every token before it, and the label.
        let users = try catalog.dependents(ofToken: "c.t\(depth)")
        #expect(users.labels == ["chain.label"])
        #expect(users.tokens.count == depth)
        // One alias more, added at the start, is too deep for that token alone.
        expectCatalogError(["c.start", "longer than \(depth)"]) {
            try catalog.setTokens([Token(name: "c.start", type: .number, value: .string("{c.t0}"))])
        }
    }

    @Test("Depth counts the whole chain, whichever part was resolved first")
    func depthCountsResolvedParts() throws {
        var tokens = TokenSet(Self.chainTokens(aliases: TokenSet.maximumAliasDepth + 1))
        // The second half first: its chain is short enough.
        #expect(try tokens.resolve("c.t500").value == .number(5))
        #expect(throws: CatalogError.self) { _ = try tokens.resolve("c.t0") }
        #expect(try tokens.resolve("c.t1").value == .number(5), "c.t1 is exactly the maximum deep")
    }

    @Test("A chain longer than the maximum put in by hand: an unrelated edit works, the label records the error, nothing crashes")
    func longChainByHand() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setTokens([Token(name: "c.t0", type: .number, value: .number(2))])
        try catalog.setLabels([LabelRecord(name: "chain.label", text: "Chain", frame: Rect(x: 0, y: 0, width: 200, height: 40),
                                           style: JSONObject([("numberOfLines", .string("{c.t0}"))]))])
        // c.t0 becomes the start of 12,000 aliases, as the sqlite3 shell can make them (no check).
        try SQLiteShell.run(catalog.path, aliasChainSQL(aliases: 12_000))

        var tokens = try catalog.tokenSet()
        #expect(throws: CatalogError.self) { _ = try tokens.resolve("c.t0") }
        // An unrelated edit goes through; the queued label it recomputes records its error.
        try catalog.setLabels([demoTopLabel()])
        #expect(try catalog.layout(label: "demo.top").lineCount != nil)
        expectCatalogError(["chain.label", "longer than \(TokenSet.maximumAliasDepth)"]) { try catalog.layout(label: "chain.label") }
        #expect(try catalog.dependents(ofToken: "c.t12000").tokens.count == 12_000)
        #expect(try catalog.exportDesignTokens()["c"]?["t0"] != nil)
        expectCatalogError(["longer than"]) { try catalog.exportDesignTokens(resolved: true) }
        // An edit of the label itself is refused while its chain is too long.
        expectCatalogError(["chain.label", "longer than"]) {
            try catalog.setLabels([LabelRecord(name: "chain.label", text: "Edited", frame: Rect(x: 0, y: 0, width: 200, height: 40),
                                               style: JSONObject([("numberOfLines", .string("{c.t0}"))]))])
        }
    }

    @Test("A cycle through a long chain is refused naming the cycle")
    func longCycle() throws {
        var chain = Self.chainTokens(aliases: 900)
        chain[900].value = .string("{c.t0}")
        var tokens = TokenSet(chain)
        do {
            _ = try tokens.resolve("c.t450")
            Issue.record("a cycle resolved")
        } catch {
            guard case .aliasCycle(let names) = error else { Issue.record("expected a cycle, got \(error)"); return }
            #expect(names.count == 902 && names.first == "c.t450" && names.last == "c.t450")
        }
    }
}
