import Foundation
@testable import LabelCatalog
import LabelJSON
import LabelLayout
import LabelModel
import Testing
import TestSupport

/// Every read-modify-write of the catalog runs in one `BEGIN IMMEDIATE` transaction (issue 20):
/// two processes editing one label, or an import racing `serve`, lose nothing.
@Suite("Read-modify-write")
struct ReadModifyWriteTests {
    /// Two writers, each on its own connection, adding 30 variant texts to one label: every
    /// one is kept (`label set` read the label outside its transaction and lost 13–16 of 60).
    @Test("updateLabel on two connections at once loses no text", .timeLimit(.minutes(10)))
    func concurrentUpdates() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        try Catalog.create(path: path).catalog.setLabels([LabelRecord(name: "L", text: "base", frame: Rect(x: 0, y: 0, width: 200, height: 40))])
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            do {
                let catalog = try Catalog.open(path: path)
                let locale = writer == 0 ? "de" : "fr"
                for index in 1...30 {
                    try catalog.updateLabel(named: "L") { stored in
                        var record = try #require(stored)
                        record.variantTexts[TextKey(locale: locale, variant: "plural.a\(index)")] = "\(locale) \(index)"
                        return record
                    }
                }
            } catch {
                failures.add("\(error)")
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        let catalog = try Catalog.open(path: path)
        #expect(try catalog.label(named: "L").variantTexts.count == 60)
    }

    @Test("updateLabel and updateToken see nothing stored as nil, and an error in the change leaves the catalog as it was")
    func updateOfNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        let catalog = try Catalog.create(path: path).catalog
        try catalog.updateLabel(named: "new") { stored in
            #expect(stored == nil)
            return LabelRecord(name: "new", text: "hi", frame: Rect(x: 0, y: 0, width: 100, height: 20))
        }
        try catalog.updateToken(named: "size.m") { stored in
            #expect(stored == nil)
            return Token(name: "size.m", type: .number, value: .number(12))
        }
        let before = try SQLiteShell.dump(path)
        struct Refused: Error {}
        #expect(throws: Refused.self) { try catalog.updateLabel(named: "new") { _ in throw Refused() } }
        #expect(throws: Refused.self) { try catalog.updateToken(named: "size.m") { _ in throw Refused() } }
        #expect(try SQLiteShell.dump(path) == before)
    }

    /// An import created a label (with its texts) after `serve` had read its chunk, in which
    /// the label did not exist yet; `serve` then deleted the label's texts as those of a label
    /// removed meanwhile.
    @Test("A recompute that read a label as missing keeps the texts it has by the time it writes")
    func importRacingServe() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        let catalog = try Catalog.create(path: path).catalog
        let counter = try catalog.changeCounter()
        // What the service computed from a snapshot in which "new.label" did not exist.
        let computed = ComputedItem(label: "new.label", exists: false)
        // Meanwhile an import creates it, with a German text.
        let importer = try Catalog.open(path: path)
        try importer.setLabels([LabelRecord(name: "new.label", text: "Hello", texts: ["de": "Hallo"],
                                            frame: Rect(x: 0, y: 0, width: 200, height: 40))])
        let summary = try catalog.write([computed], readAtCounter: counter)
        #expect(summary.requeued == 1)
        #expect(try catalog.label(named: "new.label").texts == ["de": "Hallo"])
        #expect(try catalog.database.scalarInt("SELECT count(*) FROM label_texts WHERE label = 'new.label'") == 1)
    }
}

/// Errors collected from worker threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func add(_ item: String) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
