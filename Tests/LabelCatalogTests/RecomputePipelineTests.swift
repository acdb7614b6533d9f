#if canImport(Glibc)
import Glibc
#endif
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

    @Test("Labels read with a style table share a style when its columns hold the same values, and resolve as read alone")
    func sharedStyles() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let styles: [JSONObject] = [
            JSONObject([("font", .string("{typography.body}")), ("contentInsets", .string("{spacing.card}"))]),
            JSONObject([("font", .object(JSONObject([("size", .number(15))]))), ("numberOfLines", .number(2))]),
            JSONObject([("font", .object(JSONObject([("size", .number(15))]))), ("numberOfLines", .number(3))]),
            JSONObject([("font", .object(JSONObject([("size", .number(15.5))]))), ("numberOfLines", .number(2))]),
            JSONObject([("textAlignment", .string("center"))]),
            JSONObject(),
        ]
        // Three labels of each style, so each style is met again after the others.
        let records = (0..<18).map { index in
            LabelRecord(name: "label.\(index)", text: "Text \(index)", texts: index % 2 == 0 ? ["de": "Text"] : [:],
                        frame: Rect(x: 0, y: Double(index), width: 120, height: 40), style: styles[index % styles.count])
        }
        try catalog.setLabels(records)
        let keys = LabelKeys.names(records.map(\.name))
        let table = StyleTable()
        let shared = try catalog.records(for: keys, styles: table)
        #expect(shared.records == (try catalog.records(for: keys)))
        for first in records {
            for second in records {
                #expect((shared.styleKeys[first.name] == shared.styleKeys[second.name]) == (first.style == second.style),
                        "\(first.name) and \(second.name)")
            }
        }
        // A second read finds the styles of the first: the same keys.
        #expect(try catalog.records(for: keys, styles: table).styleKeys == shared.styleKeys)
        var resolver = LabelResolver(tokens: try catalog.tokenSet())
        for record in records {
            let byColumns = try resolver.resolveForLayout(shared.records[record.name]!, style: shared.styleKeys[record.name])
            let alone = try record.resolve(tokens: try catalog.tokenSet())
            #expect(byColumns.definition == alone.definition && byColumns.style.dependencies == alone.dependencies, "\(record.name)")
        }
    }

    @Test("Rows go 32 to a statement and the rest one by one: every row stored with its own layout and input hash")
    func rowsInBatches() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        // 35 labels of two texts: 70 rows, two statements of 32 rows and six rows alone.
        let labels = (0..<35).map { LabelRecord(name: "L\($0)", text: "Hello number \($0)", texts: ["de": "Hallo Nummer \($0)"],
                                                frame: Rect(x: 0, y: 0, width: Double(60 + $0), height: 40)) }
        try catalog.setLabels(labels)
        let summary = try catalog.recomputeAll(matching: ["*"], force: true)
        #expect(summary.written == 70)
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM layouts") == 70)
        for record in labels {
            let definition = try record.resolve(tokens: try catalog.tokenSet()).definition
            for locale in ["", "de"] {
                let stored = try #require(try rawLayout(catalog, record.name, locale: locale))
                let own = try catalog.engine.layout(definition, locale: locale)
                #expect(stored.inputHash == own.inputHash, "\(record.name) \(locale)")
                #expect(stored.json == (try JSONValue.parse(own.json)), "\(record.name) \(locale)")
            }
        }
    }

    @Test("A pass over every label starts with a small chunk and doubles it up to the chunk size")
    func chunksStartSmall() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let count = Catalog.firstChunkSize * 15 + 100 // 256, 512, 1024, 2048 then what is left
        try catalog.setLabels((0..<count).map { LabelRecord(name: "label.\(100_000 + $0)", text: "Text \($0)", frame: Self.frame) })
        var done: [Int] = []
        let summary = try catalog.recomputeAll(matching: [], force: true) { labels, total in
            #expect(total == count)
            done.append(labels)
        }
        #expect(summary.labels == count)
        #expect(done == [256, 768, 1792, 3840, 3940])
        // A drain of the queue claims its chunks the same way.
        try catalog.database.execute("UPDATE labels SET text = text || '.'")
        var entries: [Int] = []
        let drained = try catalog.drainQueue(afterChunk: { finished, _ in entries.append(finished) })
        #expect(drained.labels == count)
        #expect(entries == [256, 512, 1024, 2048, 100])
    }

    @Test("A forced recompute reads only which layouts are stored and their truncated flags, and still removes those a label no longer has")
    func forcedReadsStoredKeys() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([LabelRecord(name: "L", text: "Hello", texts: ["de": "Hallo"], frame: Self.frame,
                                           style: JSONObject([("font", .string("{typography.body}"))]))])
        // Layouts of a text the label does not have, and of no content size category.
        try catalog.database.withoutTriggers {
            try catalog.database.execute("""
                INSERT INTO layouts (label, locale, input_hash, computed_at) VALUES ('L', 'fr', 'x', 'then');
                INSERT INTO layouts (label, category, input_hash, computed_at) VALUES ('L', 'gigantic', 'x', 'then')
                """)
        }
        let full = try #require(try catalog.storedStates(for: ["L"])["L"])
        let keys = try #require(try catalog.storedStates(for: ["L"], force: true)["L"])
        #expect(keys.layouts.map(\.key) == full.layouts.map(\.key) && keys.layouts.allSatisfy(\.hash.isEmpty))
        #expect(keys.layouts.map(\.truncated) == full.layouts.map(\.truncated))
        #expect(full.layouts.count == 3 && full.layouts.allSatisfy { !$0.hash.isEmpty })
        #expect(keys.dependencies == full.dependencies && !keys.dependencies.isEmpty)
        #expect(keys.strays == full.strays && keys.strays.count == 1)
        let summary = try catalog.recomputeAll(matching: [], force: true)
        #expect(summary.written == 2)
        #expect(try column(catalog.database, "SELECT locale || '/' || category FROM layouts ORDER BY locale", []) == ["/large", "de/large"])
    }

    @Test("A row whose stored `truncated` stays is written without that column (its index entry left alone); a changed one with it")
    func truncatedKeptWhenSame() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let long = String(repeating: "A long text that cannot fit. ", count: 8)
        try catalog.setLabels([LabelRecord(name: "L", text: long, frame: Self.frame)])
        let stored = try catalog.storedStates(for: ["L"])
        #expect(stored["L"]?.layouts.map(\.truncated) == [1])
        #expect(try catalog.storedStates(for: ["L"], force: true)["L"]?.layouts.map(\.truncated) == [1], "read for --force too")
        func row(_ text: String, force: Bool = false) throws -> LayoutRow? {
            Catalog.compute([RecomputeItem(label: "L", locales: nil)], records: ["L": LabelRecord(name: "L", text: text, frame: Self.frame)],
                            resolvers: try catalog.resolvers(), stored: stored, force: force, settings: catalog.settings,
                            engine: catalog.engine)[0].rows.first
        }
        #expect(try row(long + "!")?.keepsTruncated == true)
        #expect(try row("Short")?.keepsTruncated == false)
        #expect(try row(long + "!", force: true)?.keepsTruncated == true, "--force too")
        #expect(try row("Short", force: true)?.keepsTruncated == false)
        #expect(!LayoutColumn.upsertSQL(rows: 1, keepingTruncated: true).contains("truncated = excluded.truncated"))
        #expect(LayoutColumn.upsertSQL(rows: 1).contains("truncated = excluded.truncated"))
        // Written through the labels' own recompute: the flag and the index of truncated layouts follow.
        let indexed = "SELECT count(*) FROM layouts INDEXED BY layouts_truncated WHERE truncated AND label = 'L'"
        try catalog.setLabels([LabelRecord(name: "L", text: long + "!", frame: Self.frame)])
        #expect(try column(catalog.database, "SELECT truncated FROM layouts WHERE label = 'L'") == ["1"])
        #expect(try catalog.database.scalarInt(indexed) == 1)
        try catalog.setLabels([LabelRecord(name: "L", text: "Short", frame: Self.frame)])
        #expect(try column(catalog.database, "SELECT truncated FROM layouts WHERE label = 'L'") == ["0"])
        #expect(try catalog.database.scalarInt(indexed) == 0)
        // A forced recompute sets a stored flag that is not the layout's (made so by hand here).
        try catalog.database.withoutTriggers { try catalog.database.execute("UPDATE layouts SET truncated = 5 WHERE label = 'L'") }
        #expect(try catalog.database.scalarInt(indexed) == 1)
        _ = try catalog.recomputeAll(matching: [], force: true)
        #expect(try column(catalog.database, "SELECT truncated FROM layouts WHERE label = 'L'") == ["0"])
        #expect(try catalog.database.scalarInt(indexed) == 0)
        #expect(try catalog.database.scalarText("PRAGMA integrity_check") == "ok")
    }

    @Test("Triggers switched off stay off until the outermost switch ends")
    func triggersOffNest() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels([LabelRecord(name: "L", text: "Hello", frame: Self.frame)])
        func queued() throws -> Int { try catalog.database.scalarInt("SELECT count(*) FROM recompute_queue") ?? -1 }
        let before = try queued()
        try catalog.database.withoutTriggers {
            try catalog.database.withoutTriggers { try catalog.database.execute("UPDATE labels SET text = 'A' WHERE name = 'L'") }
            try catalog.database.execute("UPDATE labels SET text = 'B' WHERE name = 'L'")
        }
        #expect(try queued() == before, "neither edit queued the label")
        try catalog.database.execute("UPDATE labels SET text = 'C' WHERE name = 'L'")
        #expect(try queued() == before + 1)
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
        #expect(computed[0].rows.count == 2)
        try catalog.database.withoutTriggers { try catalog.database.execute("DELETE FROM layouts WHERE label = 'L' AND locale = 'de'") }
        #expect(try catalog.changeCounter() == counter)
        let summary = try catalog.write(computed, readAtCounter: counter)
        #expect(summary.written == 2)
        #expect(try column(catalog.database, "SELECT locale FROM layouts WHERE label = 'L' ORDER BY locale", []) == ["", "de"])
    }

    @Test("A chunk naming most labels of its range is read by range, a sparse one name by name; both lay out the same")
    func chunkKeys() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let names = (0..<100).map { "label.\(1000 + $0)" }
        try catalog.setLabels(names.map { LabelRecord(name: $0, text: "Text \($0)", frame: Self.frame) })
        guard case .range(let first, let last) = try catalog.keys(of: names.filter { !$0.hasSuffix("7") }.reversed()) else {
            Issue.record("90 of 100 labels: not a range"); return
        }
        #expect(first == "label.1000" && last == "label.1099")
        guard case .names(let sparse) = try catalog.keys(of: ["label.1000", "label.1050", "label.1099"]) else {
            Issue.record("3 of 100 labels: not by name"); return
        }
        #expect(sparse.count == 3)
        // A queue naming 90 of the labels (their texts changed): each is laid out, none other.
        try catalog.database.execute("DELETE FROM recompute_queue")
        try catalog.database.execute("UPDATE labels SET text = 'Changed' WHERE name NOT GLOB '*7'")
        let summary = try catalog.layOutQueued()
        #expect(summary.labels == 90 && summary.written == 90)
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM layouts WHERE lines LIKE '%Changed%'") == 90)
    }

    @Test("A label of two chunks in flight at once is written once and queued again")
    func labelInTwoChunksInFlight() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels(["A", "B", "C"].map { LabelRecord(name: $0, text: "Text \($0)", frame: Self.frame) })
        try catalog.database.execute("DELETE FROM recompute_queue")
        var chunks = [["A", "B"], ["B", "C"]].map { RecomputeChunk(items: $0.map { RecomputeItem(label: $0, locales: nil) }) }
        let summary = try catalog.recompute(chunks: { _ in chunks.isEmpty ? nil : chunks.removeFirst() }, force: true)
        #expect(summary.labels == 3)
        #expect(summary.requeued == 1)
        #expect(try column(catalog.database, "SELECT name FROM recompute_queue", []) == ["B"])
        // Chunks that share no label are written whole.
        chunks = [["A"], ["B"], ["C"]].map { RecomputeChunk(items: $0.map { RecomputeItem(label: $0, locales: nil) }) }
        let disjoint = try catalog.recompute(chunks: { _ in chunks.isEmpty ? nil : chunks.removeFirst() }, force: true, disjoint: true)
        #expect(disjoint.labels == 3 && disjoint.requeued == 0)
    }

    @Test("A drain claims entries in id order, expands label entries to each label once in name order, and deletes by runs of ids")
    func drainClaimsAndDeletes() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        try catalog.setLabels(["a", "b", "c", "d"].map { LabelRecord(name: $0, text: "Text \($0)", frame: Self.frame) })
        try catalog.database.execute("INSERT INTO recompute_queue (kind, name) VALUES ('label', 'b'), ('label', 'a'), ('label', 'c'), ('label', 'a'), ('label', 'd')")
        let queued = try column(catalog.database, "SELECT name FROM recompute_queue ORDER BY id", [])
        #expect(queued == ["b", "a", "c", "a", "d"])
        // Another process holds the third entry: this one claims around it.
        let third = try catalog.database.scalarInt("SELECT id FROM recompute_queue ORDER BY id LIMIT 1 OFFSET 2")!
        try catalog.database.execute("INSERT INTO recompute_claims (first_id, last_id, claimed_by, claimed_at) VALUES (\(third), \(third), 1, 0)")
        let claimed = try catalog.claim(limit: 3)
        #expect(claimed.map(\.name) == ["b", "a", "a"])
        // One claim per run of entries taken, around the one held.
        #expect(try column(catalog.database, "SELECT first_id || '-' || last_id FROM recompute_claims WHERE claimed_by <> 1 ORDER BY first_id", [])
                == ["\(third - 2)-\(third - 1)", "\(third + 1)-\(third + 1)"])
        #expect(try catalog.claim(limit: 3).map(\.name) == ["d"])
        #expect(try catalog.expand(claimed).map(\.label) == ["a", "b"])
        #expect(Catalog.runs(of: claimed.map(\.id)) == [third - 2...third - 1, third + 1...third + 1])
        #expect(Catalog.runs(of: [7, 3, 4, 9, 8, 5, 5]) == [3...5, 7...9])
        _ = try catalog.write([], readAtCounter: try catalog.changeCounter(), deletingQueueEntries: claimed.map(\.id))
        #expect(try column(catalog.database, "SELECT name FROM recompute_queue ORDER BY id", []) == ["c", "d"])
        // Its finished claims are gone; the one of `d`, unfinished, and the other process's stay.
        #expect(try column(catalog.database, "SELECT claimed_by FROM recompute_claims ORDER BY first_id", []).count == 2)
        try catalog.releaseClaims(of: Int(getpid()))
        #expect(try column(catalog.database, "SELECT first_id FROM recompute_claims", []) == ["\(third)"])
    }
}
