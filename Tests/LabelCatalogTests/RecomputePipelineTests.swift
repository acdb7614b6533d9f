@testable import LabelCatalog
import LabelJSON
import LabelLayout
import LabelModel
import Testing
import TestSupport

/// The recompute pipeline (three chunks in flight: read, laid out, written) and the writer's
/// rows (texts bound in place; a layout read as stored is updated, and inserted if it is gone).
@Suite("Recompute pipeline")
struct RecomputePipelineTests {
    static let frame = Rect(x: 0, y: 0, width: 120, height: 40)

    @Test("Rows are written as computed: texts bound in place, empty texts empty, not NULL")
    func rowsWrittenAsComputed() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let names = (0..<5000).map { "größe.ü\($0)" }
        try catalog.setLabels(names.map { LabelRecord(name: $0, text: "Länge \($0)", texts: ["de": "Größe"],
                                                   frame: Rect(x: 0, y: 0, width: 400, height: 40)) })
        let summary = try catalog.recomputeAll(matching: [], force: true)
        #expect(summary.written == 10_000)
        #expect(try column(catalog.database, "SELECT DISTINCT label FROM layouts ORDER BY label", []) == names.sorted())
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM layouts WHERE variant = '' AND device = ''") == 10_000)
        let layout = try catalog.layout(label: "größe.ü42", locale: "")
        #expect(layout.lines.map(\.text).joined(separator: " ") == "Länge größe.ü42")
        #expect(try rawLayout(catalog, "größe.ü42")?.inputHash == layout.inputHash)
    }

    @Test("A layout read as stored and removed before the write is inserted again")
    func storedRowRemovedMeanwhile() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([LabelRecord(name: "L", text: "Hello", texts: ["de": "Hallo"], frame: Self.frame)])
        let counter = try catalog.changeCounter()
        let computed = Catalog.compute([RecomputeItem(label: "L", locales: nil)], records: try catalog.records(for: ["L"]),
                                       resolvers: try catalog.resolvers(), stored: try catalog.storedStates(for: ["L"]),
                                       force: true, settings: catalog.settings, engine: catalog.engine)
        #expect(computed[0].rows.count == 2 && computed[0].rows.allSatisfy(\.wasStored))
        try catalog.database.withoutTriggers { try catalog.database.execute("DELETE FROM layouts WHERE label = 'L' AND locale = 'de'") }
        #expect(try catalog.changeCounter() == counter)
        let summary = try catalog.write(computed, readAtCounter: counter)
        #expect(summary.written == 2)
        #expect(try column(catalog.database, "SELECT locale FROM layouts WHERE label = 'L' ORDER BY locale", []) == ["", "de"])
    }

    @Test("A label of two chunks in flight at once is written once and queued again")
    func labelInTwoChunksInFlight() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels(["A", "B", "C"].map { LabelRecord(name: $0, text: "Text \($0)", frame: Self.frame) })
        try catalog.database.execute("DELETE FROM recompute_queue")
        var chunks = [["A", "B"], ["B", "C"]].map { RecomputeChunk(items: $0.map { RecomputeItem(label: $0, locales: nil) }) }
        let summary = try catalog.recompute(chunks: { chunks.isEmpty ? nil : chunks.removeFirst() }, force: true)
        #expect(summary.labels == 3)
        #expect(summary.requeued == 1)
        #expect(try column(catalog.database, "SELECT name FROM recompute_queue", []) == ["B"])
        // Chunks that share no label are written whole.
        chunks = [["A"], ["B"], ["C"]].map { RecomputeChunk(items: $0.map { RecomputeItem(label: $0, locales: nil) }) }
        let disjoint = try catalog.recompute(chunks: { chunks.isEmpty ? nil : chunks.removeFirst() }, force: true, disjoint: true)
        #expect(disjoint.labels == 3 && disjoint.requeued == 0)
    }
}
