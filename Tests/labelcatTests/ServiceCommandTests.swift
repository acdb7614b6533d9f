import Foundation
import LabelJSON
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `labelcat serve` and `labelcat recompute` (docs/catalog.md), run as the real built binary on
/// temporary catalogs, with the sqlite3 shell making edits behind labelcat's back. Helpers are
/// in ServiceTestSupport.swift. Each test has a catalog and services of its own, so they run in
/// parallel with each other and with every other suite; the services on catalogs of thousands
/// of labels are in `ServiceLoadTests`. Every "eventually" is a poll with a generous time
/// limit, never a fixed sleep.
@Suite("labelcat serve and recompute",
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs /usr/bin/sqlite3"))
struct ServiceCommandTests {
    /// How long a running service may take to notice and process an edit (the machine may be busy).
    static let patience = 60.0

    /// Waits for `serve` to print its start line (so it has opened the catalog).
    static func waitUntilWatching(_ service: BackgroundProcess, sourceLocation: SourceLocation = #_sourceLocation) {
        let started = eventually(timeout: patience) { service.stderr.contains("serve: watching") || !service.isRunning }
        #expect(started && service.isRunning,
                "serve did not start or stopped at once (\(service.isRunning ? "running" : "ended: \(show { service.waitForExit(timeout: 5).map { "\($0)" } ?? "?" })")): \(service.stderr)",
                sourceLocation: sourceLocation)
    }

    /// SIGTERM (or SIGINT), then the service must exit 0 by itself.
    @discardableResult
    static func stop(_ service: BackgroundProcess, with signal: Int32 = SIGTERM, timeout: Double = patience,
                     sourceLocation: SourceLocation = #_sourceLocation) -> ServiceRun? {
        service.signal(signal)
        let run = service.waitForExit(timeout: timeout)
        #expect(run != nil, "serve did not exit within \(Int(timeout)) s of signal \(signal): \(service.stderr)", sourceLocation: sourceLocation)
        if let run {
            #expect(run.status == 0 && !run.signaled, "serve after signal \(signal): \(run)", sourceLocation: sourceLocation)
        }
        return run
    }

    /// Every line a service printed is its start line or a batch line.
    static func expectOnlyLogLines(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let unexpected = ServiceRun.lines(stderr).filter { !$0.hasPrefix("serve: watching ") && !$0.hasPrefix("serve: the catalog stayed busy") && ServeBatchLine($0) == nil }
        #expect(unexpected.isEmpty, "unexpected lines from serve:\n\(unexpected.prefix(40).joined(separator: "\n"))",
                sourceLocation: sourceLocation)
    }

    /// Everything computed, nothing left: no stale, missing or orphaned layout, no layout
    /// error, an empty queue and a sound file.
    static func expectSettled(_ fixture: ServiceFixture, layoutErrorsAllowed: Bool = false,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let stale = try fixture.staleLayouts(sourceLocation: sourceLocation)
        #expect(stale.isEmpty, "\(stale.count) stale layouts, e.g. \(stale.first?.prefix(300) ?? "")", sourceLocation: sourceLocation)
        let missing = try fixture.missingLayouts()
        #expect(missing.isEmpty, "labels/locales without a layout: \(missing)", sourceLocation: sourceLocation)
        let orphans = try fixture.orphanLayouts()
        #expect(orphans.isEmpty, "layouts of labels/locales that do not exist: \(orphans)", sourceLocation: sourceLocation)
        if !layoutErrorsAllowed {
            let errors = try fixture.rows("SELECT label || '/' || locale || ': ' || error FROM layouts WHERE error IS NOT NULL LIMIT 5;")
            #expect(errors.isEmpty, "layouts with errors: \(errors)", sourceLocation: sourceLocation)
        }
        let queue = try fixture.rows("SELECT id, kind, name, locale FROM recompute_queue LIMIT 10;")
        #expect(try fixture.int("SELECT count(*) FROM recompute_claims;") == 0, "claims left", sourceLocation: sourceLocation)
        #expect(queue.isEmpty, "queue not empty: \(queue)", sourceLocation: sourceLocation)
        let rows = try fixture.int("SELECT count(*) FROM layouts;")
        let expected = try fixture.int("SELECT (SELECT count(*) FROM labels) + (SELECT count(*) FROM label_texts);")
        #expect(rows == expected, "\(rows) layout rows for \(expected) label texts", sourceLocation: sourceLocation)
        let duplicates = try fixture.rows("SELECT label, locale, count(*) FROM layouts GROUP BY label, locale HAVING count(*) > 1 LIMIT 5;")
        #expect(duplicates.isEmpty, "duplicate layouts: \(duplicates)", sourceLocation: sourceLocation)
        #expect(try fixture.sqlite("PRAGMA integrity_check;") == "ok", sourceLocation: sourceLocation)
        #expect(try fixture.sqlite("PRAGMA foreign_key_check;") == "", sourceLocation: sourceLocation)
    }

    // MARK: 1. External edits

    @Test("serve notices sqlite3 edits (a label's text; one locale's text: only that locale; a new label; a removed locale; a removed label); SIGTERM exits 0 with a log line per batch")
    func externalEdits() throws {
        let fixture = try ServiceFixture()
        try fixture.succeed("label", "set", "demo.a", "--text", "Hello", "--frame", "0,0,300,60")
        try fixture.succeed("label", "set", "demo.a", "--locale", "de", "--text", "Hallo")
        try fixture.succeed("label", "set", "demo.a", "--locale", "fr", "--text", "Salut")
        try fixture.succeed("label", "set", "demo.b", "--text", "Other", "--frame", "0,0,300,60")
        #expect(try fixture.queueCount == 0, "labelcat edits recompute in-process and leave the queue empty")
        let service = try fixture.serve(["--poll-ms", "50"])
        Self.waitUntilWatching(service)

        // The base text, changed behind labelcat's back.
        let before = try fixture.computedAt()
        try fixture.sqlite("UPDATE labels SET text = 'Goodbye 世界' WHERE name = 'demo.a';")
        var recomputed = try eventually(timeout: Self.patience) {
            try fixture.layoutText("demo.a") == "Goodbye 世界" && fixture.queueCount == 0
        }
        #expect(recomputed, "layout of demo.a: \(show { try fixture.layoutText("demo.a") }), queue: \(show { try fixture.rows("SELECT * FROM recompute_queue;") }); serve: \(service.stderr)")
        var after = try fixture.computedAt()
        #expect(after["demo.a/"] != before["demo.a/"])
        #expect(after["demo.b/"] == before["demo.b/"], "a label that was not edited was rewritten")
        #expect(after["demo.a/de"] == before["demo.a/de"] && after["demo.a/fr"] == before["demo.a/fr"],
                "the base text is no input of the de/fr layouts; they were rewritten anyway")
        #expect(try fixture.staleLayouts().isEmpty)

        // One locale's text: only that locale is recomputed.
        try fixture.sqlite("UPDATE label_texts SET text = 'Guten Tag' WHERE label = 'demo.a' AND locale = 'de';")
        recomputed = try eventually(timeout: Self.patience) {
            try fixture.layoutText("demo.a", locale: "de") == "Guten Tag" && fixture.queueCount == 0
        }
        #expect(recomputed, "de layout of demo.a: \(show { try fixture.layoutText("demo.a", locale: "de") }); serve: \(service.stderr)")
        let afterLocale = try fixture.computedAt()
        #expect(afterLocale["demo.a/de"] != after["demo.a/de"])
        #expect(afterLocale["demo.a/"] == after["demo.a/"], "the base layout was rewritten for a de text change")
        #expect(afterLocale["demo.a/fr"] == after["demo.a/fr"], "the fr layout was rewritten for a de text change")
        #expect(afterLocale["demo.b/"] == after["demo.b/"])
        after = afterLocale

        // A label inserted with sqlite3 gets its layouts; a locale deleted with sqlite3 loses its layout.
        try fixture.sqlite("""
            INSERT INTO labels (name, text, frame_x, frame_y, frame_width, frame_height) VALUES ('demo.new', 'Brand new', 0, 0, 300, 60);
            INSERT INTO label_texts (label, locale, text) VALUES ('demo.new', 'ja', '新しい');
            DELETE FROM label_texts WHERE label = 'demo.a' AND locale = 'fr';
            """)
        recomputed = try eventually(timeout: Self.patience) {
            try fixture.layoutText("demo.new") == "Brand new" && fixture.layoutText("demo.new", locale: "ja") == "新しい"
                && fixture.layoutText("demo.a", locale: "fr") == "<none>" && fixture.queueCount == 0
        }
        #expect(recomputed, "after insert/delete: \(show { try fixture.rows("SELECT label, locale FROM layouts;") }); serve: \(service.stderr)")
        var final = try fixture.computedAt()
        #expect(final["demo.a/"] == after["demo.a/"] && final["demo.a/de"] == after["demo.a/de"] && final["demo.b/"] == after["demo.b/"])

        // A label deleted with sqlite3 (foreign keys off: nothing cascades) loses its layouts.
        try fixture.sqlite("DELETE FROM labels WHERE name = 'demo.b';")
        recomputed = try eventually(timeout: Self.patience) {
            try fixture.int("SELECT count(*) FROM layouts WHERE label = 'demo.b';") == 0 && fixture.queueCount == 0
        }
        #expect(recomputed, "layouts of the deleted label: \(show { try fixture.rows("SELECT label, locale FROM layouts;") }); serve: \(service.stderr)")
        try Self.expectSettled(fixture)
        final = try fixture.computedAt()
        #expect(final["demo.a/"] == after["demo.a/"] && final["demo.a/de"] == after["demo.a/de"])

        // SIGTERM: exit 0; a start line, then one line per batch, accounting for every queue entry
        // (1 label update, 2 entries for the label_texts update, 1 + 1 inserts, 1 text delete, 1 label delete).
        guard let run = Self.stop(service) else { return }
        let lines = ServiceRun.lines(run.stderr)
        #expect(lines.first == "serve: watching \(fixture.db) (poll 50 ms)", "stderr: \(run.stderr)")
        Self.expectOnlyLogLines(run.stderr)
        let batches = ServeBatchLine.all(run.stderr)
        #expect(batches.count >= 4, "one log line per batch: \(run.stderr)")
        #expect(batches.map(\.entries).reduce(0, +) == 7, "queue entries in the log: \(run.stderr)")
        #expect(batches.allSatisfy { $0.failed == 0 && $0.requeued == 0 }, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test("serve: --poll-ms must be a positive whole number; serve on a missing catalog fails")
    func serveBadArguments() throws {
        let fixture = try ServiceFixture()
        for value in ["0", "-5", "fast"] {
            let run = try fixture.labelcat(["serve", "--poll-ms", value], timeout: 60)
            #expect(run.status == 64 && run.stderr.contains("--poll-ms"), "serve --poll-ms \(value): \(run)")
        }
        let missing = try ServiceProcess.run(try ServiceProcess.labelcat(), ["--db", fixture.path("nope.sqlite"), "serve", "--once"], timeout: 60)
        #expect(missing.status != 0 && !missing.signaled && !missing.stderr.isEmpty, "\(missing)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("nope.sqlite")), "serve created a catalog file")
    }

    @Test("serve stops on SIGTERM even when started with SIGTERM and SIGINT blocked (as children of Dispatch threads are)")
    func blockedStopSignals() throws {
        // The harness can start a process with the signals blocked.
        let sleeper = try BackgroundProcess("/bin/sleep", ["60"], blockedSignals: [SIGTERM, SIGINT])
        #expect(sleeper.blockedSignals.isSuperset(of: [SIGTERM, SIGINT]), "the test cannot start a process with signals blocked")
        sleeper.signal(SIGKILL)
        _ = sleeper.waitForExit(timeout: Self.patience)

        let fixture = try ServiceFixture()
        let service = try fixture.serve(["--poll-ms", "50"], blockedSignals: [SIGTERM, SIGINT])
        Self.waitUntilWatching(service)
        try fixture.succeed("label", "set", "demo.a", "--text", "Hello", "--frame", "0,0,300,60")
        Self.stop(service, timeout: 15)
    }

    @Test("serve: a default_family change made with sqlite3 (it queues 'all') recomputes layouts with the new family")
    func defaultFamilyChange() throws {
        let fixture = try ServiceFixture()
        try fixture.succeed("label", "set", "demo.a", "--text", "Hello", "--frame", "0,0,300,60")
        // The stored line height tells the face: 20.574 is Inter's at 17 pt (the system font's first family).
        let lineHeight = "SELECT json_extract(lines, '$[0].rect.height') FROM layouts WHERE label = 'demo.a';"
        #expect(try fixture.sqlite(lineHeight) == "20.574")
        let service = try fixture.serve(["--poll-ms", "50"])
        Self.waitUntilWatching(service)
        try fixture.sqlite("UPDATE settings SET value = 'DejaVu Sans' WHERE key = 'default_family';")
        let drained = try eventually(timeout: Self.patience) {
            try fixture.queueCount == 0 && !ServeBatchLine.all(service.stderr).isEmpty
        }
        #expect(drained, "serve: \(service.stderr)")
        Self.stop(service)
        let height = try fixture.sqlite(lineHeight)
        #expect(height == "19.789",
                "after the 'all' entry was drained the line height is \(height), not DejaVu Sans's 19.789 at 17 pt (serve: \(service.stderr.trimmingCharacters(in: .newlines)))")
        let stale = try fixture.staleLayouts()
        #expect(stale.isEmpty, "the queue is empty but layout list --stale reports \(stale.count) stale layouts")
        let family = try CLITests.json(try fixture.succeed("layout", "demo.a", "--json").stdout)["font"]?["family"]
        #expect(family == .string("DejaVu Sans"))
    }

    // MARK: 2. Aliases

    @Test("serve follows alias chains: editing the end of size.a → size.b → size.c (or re-pointing the chain) recomputes the label")
    func aliasChain() throws {
        let fixture = try ServiceFixture()
        let tokens = fixture.path("tokens.json")
        try Data(#"""
            {
              "family": {"cjk": {"$type": "fontFamily", "$value": ["Noto Sans CJK SC"]}},
              "size": {
                "$type": "dimension",
                "c": {"$value": {"value": 15, "unit": "px"}},
                "b": {"$value": "{size.c}"},
                "a": {"$value": "{size.b}"}
              },
              "typography": {"x": {"$type": "typography", "$value": {"fontFamily": "{family.cjk}", "fontSize": "{size.a}", "fontWeight": 400}}}
            }
            """#.utf8).write(to: URL(fileURLWithPath: tokens))
        try fixture.succeed("token", "import", tokens)
        try fixture.succeed("label", "set", "demo.t", "--text", "文字中间显示", "--frame", "0,0,300,80", "--font", "{typography.x}")
        try fixture.succeed("label", "set", "demo.plain", "--text", "不用令牌", "--frame", "0,0,300,80", "--font", #"{"family": "Noto Sans CJK SC", "size": 15}"#)
        let fontSize = "SELECT CAST(round(json_extract(lines, '$[0].rect.height') / 1.448) AS INTEGER) FROM layouts WHERE label = 'demo.t';"
        #expect(try fixture.sqlite(fontSize) == "15")
        #expect(try fixture.rows("SELECT token FROM label_dependencies WHERE label = 'demo.t' ORDER BY token;")
                == ["family.cjk", "size.a", "size.b", "size.c", "typography.x"])
        let plainBefore = try fixture.computedAt("demo.plain")

        let service = try fixture.serve(["--poll-ms", "50"])
        Self.waitUntilWatching(service)
        // The literal at the end of the chain.
        try fixture.sqlite(#"UPDATE tokens SET value = '{"value": 30, "unit": "px"}' WHERE name = 'size.c';"#)
        var done = try eventually(timeout: Self.patience) { try fixture.sqlite(fontSize) == "30" && fixture.queueCount == 0 }
        #expect(done, "font size \(show { try fixture.sqlite(fontSize) }); serve: \(service.stderr)")
        #expect(try fixture.sqlite("SELECT printf('%g', width) FROM layouts WHERE label = 'demo.t';") == "180",
                "six CJK characters at 30 pt are 180 pt wide")

        // The middle of the chain re-pointed at a new token; then that token edited.
        try fixture.sqlite(#"""
            BEGIN;
            INSERT INTO tokens (name, type, value) VALUES ('size.d', 'dimension', '{"value": 24, "unit": "px"}');
            UPDATE tokens SET value = '"{size.d}"' WHERE name = 'size.b';
            COMMIT;
            """#)
        done = try eventually(timeout: Self.patience) { try fixture.sqlite(fontSize) == "24" && fixture.queueCount == 0 }
        #expect(done, "font size \(show { try fixture.sqlite(fontSize) }); serve: \(service.stderr)")
        #expect(try fixture.rows("SELECT token FROM label_dependencies WHERE label = 'demo.t' ORDER BY token;")
                == ["family.cjk", "size.a", "size.b", "size.d", "typography.x"])
        try fixture.sqlite(#"UPDATE tokens SET value = '{"value": 12, "unit": "px"}' WHERE name = 'size.d';"#)
        done = try eventually(timeout: Self.patience) { try fixture.sqlite(fontSize) == "12" && fixture.queueCount == 0 }
        #expect(done, "font size \(show { try fixture.sqlite(fontSize) }); serve: \(service.stderr)")
        // The old end of the chain no longer matters.
        let beforeUnused = try fixture.computedAt("demo.t")
        try fixture.sqlite(#"UPDATE tokens SET value = '{"value": 40, "unit": "px"}' WHERE name = 'size.c';"#)
        done = try eventually(timeout: Self.patience) { try fixture.queueCount == 0 }
        #expect(done)
        #expect(try fixture.sqlite(fontSize) == "12")
        #expect(try fixture.computedAt("demo.t") == beforeUnused, "a token the label no longer uses rewrote its layout")
        guard let run = Self.stop(service, with: SIGINT) else { return }
        Self.expectOnlyLogLines(run.stderr)
        #expect(try fixture.computedAt("demo.plain") == plainBefore, "a label using none of the tokens was rewritten")

        // Without a running service: the edit is queued, and serve --once drains it and exits 0.
        try fixture.sqlite(#"UPDATE tokens SET value = '{"value": 20, "unit": "px"}' WHERE name = 'size.d';"#)
        #expect(try fixture.queueCount == 2)
        let once = try fixture.labelcat(["serve", "--once"], timeout: 120)
        #expect(once.status == 0 && !once.signaled, "\(once)")
        #expect(ServeBatchLine.all(once.stderr).map(\.entries) == [2], "serve --once: \(once.stderr)")
        #expect(!once.stderr.contains("serve: watching"), "serve --once does not watch")
        #expect(try fixture.sqlite(fontSize) == "20")
        try Self.expectSettled(fixture)
    }

    // MARK: 3. Bulk recompute

    @Test("recompute --all and the freshness record: a full check records it; then only queued edits (sqlite3 edits of labels and of layouts) are recomputed; a hand-emptied queue or a changed font file brings the full check back")
    func freshnessRecord() throws {
        let fixture = try ServiceFixture()
        try fixture.generate(labels: 300, seed: 9)
        // A label whose font is a file named by path: a copy, so the test can touch it.
        let fontCopy = fixture.path("CopiedFont.ttf")
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: fontCopy)
        try fixture.succeed("label", "set", "zz.path", "--text", "Path font", "--frame", "0,0,200,40",
                            "--font", #"{"family": "\#(fontCopy)", "size": 15}"#)
        let labels = 301

        // make_catalog.py empties the queue by hand: the record is void, so this is a full check.
        let full = try #require(Self.summary(try fixture.labelcat(["recompute", "--all"])))
        #expect(full.labels == labels && !full.byRecord, "\(full)")
        try Self.expectSettled(fixture)

        // The record holds: nothing to do, and no label read.
        let quiet = try #require(Self.summary(try fixture.labelcat(["recompute", "--all"])))
        #expect(quiet.byRecord && quiet.labels == 0 && quiet.written == 0, "\(quiet)")

        // sqlite3 edits of a label and of layout rows are queued, and only they are recomputed.
        try fixture.sqlite("""
            UPDATE labels SET text = 'edited by hand' WHERE name = 'screen00001.label02';
            DELETE FROM layouts WHERE label = 'screen00002.label03';
            UPDATE layouts SET truncated = 1 - truncated WHERE label = 'screen00003.label04' AND locale = '';
            """)
        let queued = try #require(Self.summary(try fixture.labelcat(["recompute", "--all"])))
        #expect(queued.byRecord && queued.labels == 3, "\(queued)")
        #expect(try fixture.layoutText("screen00001.label02").hasPrefix("edited"))
        try Self.expectSettled(fixture)

        // A queue emptied by hand voids the record: the next run checks every label and finds the edit.
        try fixture.sqlite("""
            UPDATE labels SET text = 'edited again' WHERE name = 'screen00004.label05';
            DELETE FROM recompute_queue;
            """)
        let voided = try #require(Self.summary(try fixture.labelcat(["recompute", "--all"])))
        #expect(!voided.byRecord && voided.labels == labels && voided.written == 1, "\(voided)")
        #expect(try fixture.layoutText("screen00004.label05").hasPrefix("edited"))

        // A font file named by path changes (its modification time): the environment differs, so
        // every label is checked and the label using that file is recomputed.
        let before = try fixture.computedAt("zz.path")
        var times = [timespec(tv_sec: 1_700_000_000, tv_nsec: 0), timespec(tv_sec: 1_700_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, fontCopy, &times, 0) == 0)
        let touched = try #require(Self.summary(try fixture.labelcat(["recompute", "--all"])))
        #expect(!touched.byRecord && touched.labels == labels && touched.written == 1, "\(touched)")
        #expect(try fixture.computedAt("zz.path") != before)
        try Self.expectSettled(fixture)
        let settled = try #require(Self.summary(try fixture.labelcat(["recompute", "--all"])))
        #expect(settled.byRecord && settled.labels == 0, "\(settled)")

        // Reads answer the same with the record (no hash checked) and without it (every hash checked).
        let queries = [["layout", "list", "--json"], ["layout", "list"], ["check", "--json"], ["layout", "list", "--stale", "--json"]]
        let byRecord = try queries.map { try fixture.labelcat($0).stdout }
        try fixture.sqlite("INSERT INTO recompute_queue (kind, name) VALUES ('label', 'nothing'); DELETE FROM recompute_queue;")
        #expect(try fixture.int("SELECT environment IS NULL FROM layout_state;") == 1, "a hand-emptied queue voids the record")
        let byHashes = try queries.map { try fixture.labelcat($0).stdout }
        for (index, query) in queries.enumerated() {
            #expect(byRecord[index] == byHashes[index], "\(query.joined(separator: " ")) differs with and without the record")
        }
        #expect(byRecord[0].split(separator: "\n").count == (try fixture.int("SELECT count(*) FROM layouts;")))
    }

    /// `recompute`'s summary line; `byRecord` when the freshness record answered (only queued
    /// edits were recomputed).
    static func summary(_ run: ServiceRun) -> (labels: Int, written: Int, unchanged: Int, byRecord: Bool)? {
        let pattern = #/Recomputed (\d+) labels: (\d+) layouts written, (\d+) unchanged( \(only queued edits; [^)]*\))? in [0-9.]+ s \(\d+ labels/s\)\./#
        guard run.lines.count == 1, let match = run.lines[0].wholeMatch(of: pattern) else { return nil }
        return (Int(match.1) ?? -1, Int(match.2) ?? -1, Int(match.3) ?? -1, match.4 != nil)
    }

    @Test("recompute --all --force, then --all (all unchanged), then a glob touches only its labels")
    func bulkRecompute() throws {
        let fixture = try ServiceFixture()
        try fixture.generate(labels: 600, seed: 6)
        let layouts = try fixture.int("SELECT (SELECT count(*) FROM labels) + (SELECT count(*) FROM label_texts);")

        let forced = try fixture.labelcat(["recompute", "--all", "--force"])
        #expect(forced.status == 0 && !forced.signaled, "\(forced)")
        #expect(forced.stderr.isEmpty, "no progress bar when standard error is not a terminal: \(forced.stderr)")
        let first = Self.summary(forced)
        #expect(first?.labels == 600 && first?.written == layouts && first?.unchanged == 0, "stdout: \(forced.stdout)")
        try Self.expectSettled(fixture)

        // --verify checks every input hash (the freshness record would answer otherwise).
        let again = try fixture.labelcat(["recompute", "--all", "--verify"])
        #expect(again.status == 0, "\(again)")
        let second = Self.summary(again)
        #expect(second?.labels == 600 && second?.written == 0 && second?.unchanged == layouts && second?.byRecord == false,
                "stdout: \(again.stdout)")

        // A glob: only its labels, and only their stale layouts without --force.
        try fixture.sqlite("""
            UPDATE labels SET text = 'changed one' WHERE name = 'screen00001.label03';
            UPDATE labels SET text = 'changed two' WHERE name = 'screen00002.label04';
            """)
        let screen1 = try fixture.int("SELECT count(*) FROM layouts WHERE label GLOB 'screen00001.*';")
        let before = try fixture.computedAt()
        let glob = try fixture.labelcat(["recompute", "screen00001.*"])
        #expect(glob.status == 0, "\(glob)")
        let third = Self.summary(glob)
        #expect(third?.labels == 20 && third?.written == 1 && third?.unchanged == screen1 - 1, "stdout: \(glob.stdout)")
        let afterGlob = try fixture.computedAt()
        let changed = afterGlob.keys.filter { afterGlob[$0] != before[$0] }.sorted()
        #expect(changed == ["screen00001.label03/"], "rewritten: \(changed)")
        #expect(try fixture.layoutText("screen00001.label03").hasPrefix("changed"))
        let stale = try fixture.staleLayouts().map { (try? JSONValue.parse($0))?["name"]?.string ?? $0 }
        #expect(stale == ["screen00002.label04"], "stale after the glob: \(stale)")

        // --force with a glob rewrites every layout of its labels and nothing else.
        let forcedGlob = try fixture.labelcat(["recompute", "--force", "screen00001.*", "screen00003.label1*"])
        #expect(forcedGlob.status == 0, "\(forcedGlob)")
        let screen3 = try fixture.int("SELECT count(*) FROM layouts WHERE label GLOB 'screen00003.label1*';")
        let fourth = Self.summary(forcedGlob)
        #expect(fourth?.labels == 30 && fourth?.written == screen1 + screen3 && fourth?.unchanged == 0, "stdout: \(forcedGlob.stdout)")
        let afterForce = try fixture.computedAt()
        let rewritten = Set(afterForce.keys.filter { afterForce[$0] != afterGlob[$0] })
        let expected = Set(afterForce.keys.filter { $0.hasPrefix("screen00001.") || $0.hasPrefix("screen00003.label1") })
        #expect(rewritten == expected, "rewritten \(rewritten.count), expected \(expected.count): extra \(rewritten.subtracting(expected).sorted().prefix(5))")

        // Nothing matches: nothing to do, exit 0.
        let none = try fixture.labelcat(["recompute", "nothing.*"])
        #expect(none.status == 0 && Self.summary(none)?.labels == 0, "\(none)")
        // Globs and --all together are a usage error.
        let both = try fixture.labelcat(["recompute", "--all", "screen*"])
        #expect(both.status == 64 && both.stderr.contains("--all"), "\(both)")
    }
}
