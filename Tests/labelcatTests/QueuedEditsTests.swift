import Foundation
import Testing

/// Many queued edits naming the same labels (label edits and token edits reaching them, made
/// with the sqlite3 shell behind labelcat's back): one pass of `recompute --all` or
/// `serve --once` recomputes each label once, however many entries name it.
@Suite("Queued edits: each label once per pass", .serialized,
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs /usr/bin/sqlite3"))
struct QueuedEditsTests {
    static let labels = 2_000
    static let editsPerLabel = 10
    static let tokenEdits = 40

    /// 20,000 label edits (every label's text, ten times), then 40 edits of a size token that
    /// most labels use through typography aliases, all queued by the triggers.
    static func queueEdits(_ fixture: ServiceFixture, round: Int) throws {
        var sql = "BEGIN;\n"
        for edit in 1...editsPerLabel {
            sql += "UPDATE labels SET text = text || ' \(round).\(edit)';\n"
        }
        for edit in 1...tokenEdits {
            sql += #"UPDATE tokens SET value = '{"value": \#(20 + 2 * round + edit % 2), "unit": "px"}' WHERE name = 'font.size.body';"# + "\n"
        }
        sql += "COMMIT;"
        try fixture.sqlite(sql)
        #expect(try fixture.queueCount == labels * editsPerLabel + 2 * tokenEdits)
    }

    @Test("20,000 queued label edits and 40 token edits: recompute --all and serve --once lay out each label once")
    func eachLabelOncePerPass() throws {
        let fixture = try ServiceFixture()
        try fixture.generate(labels: Self.labels, seed: 16)
        // A full pass records the freshness record; from then on --all drains the queue.
        try fixture.succeed("recompute", "--all", timeout: 600)
        let layouts = try fixture.int("SELECT (SELECT count(*) FROM labels) + (SELECT count(*) FROM label_texts);")

        try Self.queueEdits(fixture, round: 1)
        let run = try fixture.succeed("recompute", "--all", timeout: 600)
        let summary = try #require(ServiceCommandTests.summary(run), "\(run)")
        #expect(summary.byRecord, "\(run.stdout)")
        #expect(summary.labels == Self.labels, "each label once: \(run.stdout)")
        #expect(summary.written + summary.unchanged == layouts, "each layout once: \(run.stdout)")
        #expect(try fixture.queueCount == 0)

        try Self.queueEdits(fixture, round: 2)
        let served = try fixture.succeed("serve", "--once", timeout: 600)
        let batches = ServeBatchLine.all(served.stderr)
        #expect(batches.map(\.entries).reduce(0, +) == Self.labels * Self.editsPerLabel + 2 * Self.tokenEdits, "\(served.stderr)")
        #expect(batches.map(\.labels).reduce(0, +) == Self.labels, "each label once: \(served.stderr)")
        #expect(batches.map { $0.written + $0.unchanged }.reduce(0, +) == layouts, "each layout once: \(served.stderr)")
        try ServiceCommandTests.expectSettled(fixture)
    }
}
