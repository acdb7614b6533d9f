import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `labelcat serve` on catalogs of thousands of labels: a token edit over several chunks, a
/// service killed and restarted, two services with editors beside them, a label edited while
/// its batch is computed. Each lays out on every core and starts several processes. They run
/// in parallel with every other test: no more tests run at once than the machine has cores
/// (each holds a thread while its processes run), and every wait is generous (a minute or
/// more per step, ten per test), so sharing the cores makes them slower, never wrong. (Run
/// one after another, the last of them only started once every other test had finished.)
/// `swift test --skip ServiceLoadTests` leaves them out of a quick run. Helpers are
/// `ServiceCommandTests`' and in ServiceTestSupport.swift.
@Suite("labelcat serve under load",
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs /usr/bin/sqlite3"))
struct ServiceLoadTests {
    // MARK: 1. Chunks

    @Test("serve drains a token edit that reaches more labels than one chunk (2,048)", .timeLimit(.minutes(10)))
    func tokenEditOverSeveralChunks() throws {
        let fixture = try ServiceFixture()
        try fixture.generate(labels: 8_000, seed: 8)
        let initial = try fixture.labelcat(["recompute", "--all"], timeout: 300)
        #expect(initial.status == 0, "\(initial)")
        let dependents = try fixture.int("SELECT count(*) FROM label_dependencies WHERE token = 'font.size.body';")
        #expect(dependents > 2048, "the catalog should have more than one chunk of labels using font.size.body (has \(dependents))")
        let sample = try fixture.sqlite("SELECT label FROM label_dependencies WHERE token = 'font.size.body' ORDER BY label DESC LIMIT 1;")
        for round in 1...4 {
            try fixture.sqlite("UPDATE tokens SET value = json_object('value', \(17 + round), 'unit', 'px') WHERE name = 'font.size.body';")
            let once = try fixture.labelcat(["serve", "--once"], timeout: 300)
            #expect(once.status == 0 && !once.signaled, "round \(round): serve --once \(once)")
            guard once.status == 0, !once.signaled else { break }
            // One log line per chunk written: together they lay out every dependent once.
            let chunks = ServeBatchLine.all(once.stderr).map(\.labels)
            #expect(chunks.reduce(0, +) == dependents && chunks.allSatisfy { $0 <= 2048 }, "round \(round): \(once.stderr)")
            #expect(try fixture.storedFontSize(sample) == "\(17 + round)")
        }
        _ = try fixture.labelcat(["serve", "--once"], timeout: 300) // whatever a crash left queued
        try ServiceCommandTests.expectSettled(fixture)
    }

    // MARK: 2. Killed services

    @Test("serve killed (SIGKILL) at random moments and restarted five times loses nothing", .timeLimit(.minutes(10)))
    func killAndRestart() throws {
        let started = ServiceProcess.seconds()
        let fixture = try ServiceFixture()
        let labels = 12_000
        try fixture.generate(labels: labels, seed: 3)
        #expect(try fixture.int("SELECT count(*) FROM layouts;") == 0)
        // Work of every kind: 'all' (no layouts exist yet), text entries, label entries.
        try fixture.sqlite("""
            UPDATE settings SET value = value WHERE key = 'default_family';
            UPDATE label_texts SET text = text || ' ✓' WHERE label GLOB 'screen000[0-4]*';
            UPDATE labels SET frame_width = frame_width + 1 WHERE name GLOB 'screen001*';
            """)
        #expect(try fixture.queueCount > 1000)

        var generator = SystemRandomNumberGenerator()
        var history: [String] = []
        for round in 1...5 {
            let service = try fixture.serve(["--poll-ms", "50"])
            let pause = Double.random(in: 0.2...1.5, using: &generator)
            usleep(UInt32(pause * 1_000_000))
            let wasRunning = service.isRunning
            service.signal(SIGKILL)
            let run = service.waitForExit(timeout: ServiceCommandTests.patience)
            #expect(wasRunning && run?.signaled == true && run?.status == SIGKILL,
                    "round \(round): serve ended before it was killed: \(run.map { "\($0)" } ?? "still running")")
            let state = try fixture.sqlite("""
                SELECT count(*) || ' queued, ' || (SELECT count(*) FROM recompute_queue q JOIN recompute_claims c ON q.id BETWEEN c.first_id AND c.last_id)
                    || ' claimed' FROM recompute_queue;
                """)
            history.append(String(format: "round %d: killed after %.2f s (%@ layouts; %@)", round, pause,
                                  try fixture.sqlite("SELECT count(*) FROM layouts;"), state))
            // Edits between the restarts: a token many labels use, a label, a locale text.
            try fixture.sqlite("""
                UPDATE tokens SET value = json_object('value', \(17 + round), 'unit', 'px') WHERE name = 'font.size.body';
                UPDATE labels SET text = 'round \(round)' WHERE name = 'screen00002.label07';
                UPDATE label_texts SET text = 'Runde \(round)' WHERE label = 'screen00003.label00' AND locale = 'de';
                """)
        }
        let claimed = try fixture.int("SELECT count(*) FROM recompute_queue q JOIN recompute_claims c ON q.id BETWEEN c.first_id AND c.last_id;")
        history.append("claimed by killed services: \(claimed)")

        let once = try fixture.labelcat(["serve", "--once"], timeout: 300)
        #expect(once.status == 0 && !once.signaled, "serve --once: \(once)")
        ServiceCommandTests.expectOnlyLogLines(once.stderr)
        #expect(!ServeBatchLine.all(once.stderr).isEmpty, "serve --once logged no batch: \(once.stderr)")
        #expect(try fixture.layoutText("screen00002.label07").hasPrefix("round"), "\(show { try fixture.layoutText("screen00002.label07") })")
        #expect(try fixture.sqlite("SELECT text FROM labels WHERE name = 'screen00002.label07';") == "round 5")
        let bodyLabel = try fixture.sqlite("SELECT label FROM label_dependencies WHERE token = 'font.size.body' ORDER BY label LIMIT 1;")
        #expect(try fixture.storedFontSize(bodyLabel) == "22")
        try ServiceCommandTests.expectSettled(fixture)
        #expect(try fixture.int("SELECT count(*) FROM layouts;") == labels + (try fixture.int("SELECT count(*) FROM label_texts;")))
        history.append(String(format: "elapsed %.1f s", ServiceProcess.seconds() - started))
        print("killAndRestart:\n" + history.joined(separator: "\n"))
    }

    // MARK: 3. Concurrency

    /// Thread-safe list of what concurrent editors saw.
    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func add(_ item: String) { lock.lock(); items.append(item); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
    }

    @Test("Two services on one catalog while labelcat and sqlite3 edit it: no 'database is locked', nothing lost, nothing duplicated",
          .timeLimit(.minutes(10)))
    func concurrentEditing() throws {
        let fixture = try ServiceFixture()
        try fixture.generate(labels: 3_000, seed: 4)
        let initial = try fixture.labelcat(["recompute", "--all"], timeout: 300)
        #expect(initial.status == 0, "\(initial)")
        try fixture.sqlite("UPDATE labels SET frame_width = frame_width + 2 WHERE name GLOB 'screen000[0-4]*';") // work for the services
        let services = [try fixture.serve(["--poll-ms", "20"]), try fixture.serve(["--poll-ms", "20"])]
        for service in services { ServiceCommandTests.waitUntilWatching(service) }

        let labelcat = try ServiceProcess.labelcat()
        let db = fixture.db
        let failures = Collector()
        let cliExpected = Collector()
        let sqlExpected = Collector()
        let rounds = 25
        let group = DispatchGroup()
        // labelcat edits: texts of existing labels, new labels, locale texts (screens 100–119 only).
        DispatchQueue.global().async(group: group) {
            for round in 0..<rounds {
                let label = String(format: "screen%05d.label%02d", 100 + round % 20, round % 20)
                var commands = [["label", "set", label, "--text", "cli \(round) 编辑"],
                                ["label", "set", "concurrent.cli\(round)", "--text", "new \(round)", "--frame", "0,0,375,80", "--lines", "0"]]
                if round % 3 == 0 { commands.append(["label", "set", "concurrent.cli\(round)", "--locale", "de", "--text", "neu \(round)"]) }
                for arguments in commands {
                    do {
                        let run = try ServiceProcess.run(labelcat, ["--db", db] + arguments, timeout: 120)
                        if run.status != 0 || run.signaled { failures.add("labelcat \(arguments.joined(separator: " ")): \(run)") }
                    } catch {
                        failures.add("labelcat \(arguments.joined(separator: " ")): \(error)")
                    }
                }
                cliExpected.add("\(label)|cli \(round) 编辑")
            }
        }
        // sqlite3 edits: bulk frame changes, single texts, a locale text, a token (screens 120–129 and 135 only).
        DispatchQueue.global().async(group: group) {
            for round in 0..<rounds {
                let label = String(format: "screen%05d.label%02d", 120 + round % 10, round % 20)
                let sql = """
                    UPDATE labels SET frame_width = frame_width + 1 WHERE name GLOB 'screen000\(round % 10)[0-4]*';
                    UPDATE labels SET text = 'sql \(round)' WHERE name = '\(label)';
                    UPDATE label_texts SET text = 'texte \(round)' WHERE label = 'screen00135.label00' AND locale = 'fr';
                    \(round % 5 == 0 ? "UPDATE tokens SET value = json_object('value', \(20 + round / 5), 'unit', 'px') WHERE name = 'font.size.title';" : "")
                    """
                do {
                    let run = try ServiceFixture.sqlite(db: db, sql)
                    if run.status != 0 || run.signaled { failures.add("sqlite3 round \(round): \(run)") }
                } catch {
                    failures.add("sqlite3 round \(round): \(error)")
                }
                sqlExpected.add("\(label)|sql \(round)")
            }
        }
        let finished = group.wait(timeout: .now() + 600)
        #expect(finished == .success, "the editors did not finish within 10 minutes")
        let locked = failures.all.filter { $0.contains("database is locked") || $0.contains("busy") }
        #expect(locked.isEmpty, "edits failed with a lock error: \(locked)")
        #expect(failures.all.isEmpty, "edits failed: \(failures.all)")

        let drained = try eventually(timeout: 180) { try fixture.queueCount == 0 }
        #expect(drained, "queue: \(show { try fixture.rows("SELECT * FROM recompute_queue LIMIT 10;") })")
        for service in services {
            #expect(service.isRunning, "a service ended before it was stopped: \(show { service.waitForExit(timeout: 5).map { "\($0)" } ?? "?" })")
            if let run = ServiceCommandTests.stop(service) { ServiceCommandTests.expectOnlyLogLines(run.stderr) }
        }
        // A labelcat edit recomputes everything queued, entries a service has claimed too, so the
        // queue can be empty while a service's batch is still being computed. That batch then
        // queues a label edited meanwhile again (its log line says so) before the service stops.
        // Only such entries may be left; `serve --once` follows them.
        let requeuedByLastBatches = services.compactMap { ServeBatchLine.all($0.stderr).last?.requeued }.reduce(0, +)
        let left = try fixture.rows("""
            SELECT kind, (SELECT claimed_by FROM recompute_claims WHERE id BETWEEN first_id AND last_id) FROM recompute_queue;
            """)
        #expect(left.count <= requeuedByLastBatches && left.allSatisfy { $0 == "label|" },
                "left queued: \(left); queued again by the services' last batches: \(requeuedByLastBatches)")
        if !left.isEmpty { try fixture.succeed("serve", "--once", timeout: 300) }

        // Nothing lost: the last edit of every label is in the catalog and in its layout.
        var last: [String: String] = [:]
        for entry in cliExpected.all + sqlExpected.all {
            let parts = entry.split(separator: "|", maxSplits: 1).map(String.init)
            last[parts[0]] = parts[1]
        }
        #expect(last.count == 40)
        for (label, text) in last.sorted(by: { $0.key < $1.key }) {
            let stored = try fixture.sqlite("SELECT text FROM labels WHERE name = '\(label)';")
            #expect(stored == text, "\(label)")
        }
        for round in 0..<rounds {
            #expect(try fixture.layoutText("concurrent.cli\(round)") == "new \(round)")
            if round % 3 == 0 { #expect(try fixture.layoutText("concurrent.cli\(round)", locale: "de") == "neu \(round)") }
        }
        #expect(try fixture.layoutText("screen00135.label00", locale: "fr") == "texte \(rounds - 1)")
        try ServiceCommandTests.expectSettled(fixture)
        // No duplicated work: no queue entry was claimed by both services.
        let logged = services.flatMap { ServeBatchLine.all($0.stderr) }.map(\.entries).reduce(0, +)
        let sequence = try fixture.int("SELECT seq FROM sqlite_sequence WHERE name = 'recompute_queue';")
        #expect(logged <= sequence, "the services logged \(logged) queue entries; only \(sequence) were ever queued")
    }

    @Test("serve requeues a label edited while its batch was being computed, and computes it again")
    func editedWhileComputed() throws {
        let fixture = try ServiceFixture()
        try fixture.generate(labels: 4_000, seed: 5)
        let target = "screen00001.label05"
        try fixture.sqlite("""
            UPDATE labels SET frame_width = 375, frame_height = 400, number_of_lines = 0, line_break_mode = 'wordWrap',
                text = 'start' WHERE name = '\(target)';
            """)
        #expect(try fixture.labelcat(["recompute", "--all"], timeout: 300).status == 0)
        #expect(try fixture.labelcat(["serve", "--once"], timeout: 300).status == 0) // the entry of the edit above
        let service = try fixture.serve(["--poll-ms", "20"])
        ServiceCommandTests.waitUntilWatching(service)
        // 4,000 label entries: the first batch (1,024 labels, the target among them) takes a while.
        try fixture.sqlite("UPDATE labels SET frame_x = frame_x + 1;")
        var edits = 0
        let deadline = ServiceProcess.seconds() + 120
        while service.isRunning, !ServeBatchLine.all(service.stderr).contains(where: { $0.entries > 1000 }),
              ServiceProcess.seconds() < deadline {
            edits += 1
            try fixture.sqlite("UPDATE labels SET text = 'edit \(edits)' WHERE name = '\(target)';")
        }
        let done = try eventually(timeout: 180) { try fixture.queueCount == 0 }
        #expect(done, "serve: \(service.stderr)")
        guard let run = ServiceCommandTests.stop(service) else { return }
        let batches = ServeBatchLine.all(run.stderr)
        #expect(batches.contains { $0.requeued > 0 },
                "\(edits) edits of \(target) during the first batch, none reported as edited meanwhile: \(run.stderr)")
        #expect(try fixture.layoutText(target) == "edit \(edits)")
        try ServiceCommandTests.expectSettled(fixture)
    }
}
