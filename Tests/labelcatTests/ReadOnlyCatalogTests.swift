import Foundation
import LabelJSON
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Catalogs labelcat cannot write: on a read-only bind mount, and in a directory the user
/// cannot write (labelcat run as `nobody`). Queries answer; edits, and recomputing a stale
/// layout, are refused saying why.
@Suite("Read-only catalogs")
struct ReadOnlyCatalogTests {
    typealias Fixture = CatalogCommandTests.Fixture
    typealias Run = MeasureCommandTests.Run

    static let setpriv = "/usr/bin/setpriv"
    static let nobody = ["--reuid=nobody", "--regid=nogroup", "--clear-groups"]

    /// True when this process may bind-mount (root, and not refused by the container).
    static let mountPermitted: Bool = {
        guard getuid() == 0, let directory = try? TemporaryDirectory(prefix: "labelcat-mount-probe") else { return false }
        let source = directory.url("source", directory: true).path
        let target = directory.url("target", directory: true).path
        guard (try? runProgram("/bin/mount", ["--bind", source, target]))?.status == 0 else { return false }
        _ = try? runProgram("/bin/umount", [target])
        return true
    }()

    /// True when labelcat can be run as `nobody` (root, setpriv, a binary `nobody` may run).
    static let nobodyCanRun: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: setpriv),
              case .success(let binary) = MeasureCommandTests.binary else { return false }
        return (try? runProgram(setpriv, nobody + [binary.path, "--version"]))?.status == 0
    }()

    /// A copy of the template catalog (fresh layouts) in a directory of its own, prepared by
    /// `prepare` (run with write access), then made read-only by `protect`.
    final class ReadOnlyCopy {
        let fixture: Fixture
        let protectedDirectory: String
        private var mounted = false

        /// - Parameters:
        ///   - mount: true for a read-only bind mount of the fixture's directory; false for the
        ///     fixture's directory itself (unwritable for `nobody`).
        ///   - checkpoint: make the catalog one file, its WAL checkpointed into it (as a copied
        ///     catalog usually is).
        init(mount: Bool, checkpoint: Bool = true, prepare: (Fixture) throws -> Void = { _ in }) throws {
            fixture = try Fixture()
            try prepare(fixture)
            if checkpoint {
                _ = try fixture.sqlite("PRAGMA wal_checkpoint(TRUNCATE);")
                for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: fixture.db + suffix) }
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fixture.directory.root.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: fixture.db)
            guard mount else {
                protectedDirectory = fixture.directory.root.path
                return
            }
            protectedDirectory = fixture.directory.url("mounted", directory: true).path
            let source = fixture.directory.root.path
            for arguments in [["--bind", source, protectedDirectory], ["-o", "remount,ro,bind", protectedDirectory]] {
                let run = try runProgram("/bin/mount", arguments)
                guard run.status == 0 else { throw ServiceTestError(description: "mount \(arguments): \(run.stderr)") }
                mounted = true
            }
        }

        deinit {
            if mounted { _ = try? runProgram("/bin/umount", [protectedDirectory]) }
        }

        /// The catalog as the protected place shows it.
        var db: String { protectedDirectory + "/catalog.sqlite" }

        /// `labelcat --db <protected catalog> arguments…`, as root on the mount or as `nobody`.
        func labelcat(_ arguments: [String], asNobody: Bool) throws -> Run {
            let binary = try CLI.binary().path
            if asNobody { return try CLI.program(setpriv, nobody + [binary, "--db", db] + arguments) }
            return try CLI.labelcat(["--db", db] + arguments)
        }
    }

    /// The queries of the issue answer, the same as on a writable copy; an edit is refused as
    /// read-only and changes nothing.
    static func expectQueriesAnswer(_ copy: ReadOnlyCopy, asNobody: Bool) throws {
        let writable = try Fixture()
        let before = try CLI.dump(copy.fixture.db)
        for query in [["label", "list"], ["layout", "demo.top", "--json"], ["check"], ["layout", "list"], ["token", "get", "font.size.body", "--resolved"]] {
            let run = try copy.labelcat(query, asNobody: asNobody)
            let expected = try writable.labelcat(query)
            #expect(run.status == 0, "\(query): \(run.stderr)")
            #expect(run.stdout == expected.stdout, "\(query) read-only vs writable")
        }
        let edit = try copy.labelcat(["label", "set", "demo.top", "--text", "new"], asNobody: asNobody)
        #expect(edit.status == 1)
        #expect(edit.stderr.contains("read-only"), "\(edit.stderr)")
        #expect(try CLI.dump(copy.fixture.db) == before)
    }

    @Test("On a read-only bind mount: label list, layout, check and token get answer; edits are refused",
          .enabled(if: mountPermitted, "bind mounts are not permitted here (needs root and a container that allows mount)"))
    func readOnlyMount() throws {
        try Self.expectQueriesAnswer(try ReadOnlyCopy(mount: true), asNobody: false)
    }

    @Test("In a directory the user cannot write (run as nobody): label list, layout, check and token get answer; edits are refused",
          .enabled(if: nobodyCanRun, "needs root, setpriv and a labelcat binary that nobody may run"))
    func unwritableDirectory() throws {
        try Self.expectQueriesAnswer(try ReadOnlyCopy(mount: false), asNobody: true)
    }

    @Test("A stale layout on a read-only catalog: layout and check say it is stale and cannot be recomputed there; list still answers",
          .enabled(if: mountPermitted || nobodyCanRun, "needs a bind mount or nobody"))
    func staleLayoutReadOnly() throws {
        let copy = try ReadOnlyCopy(mount: Self.mountPermitted) { fixture in
            try fixture.sqlite("UPDATE labels SET text = '改过了' WHERE name = 'demo.top';")
        }
        let asNobody = !Self.mountPermitted
        for query in [["layout", "demo.top"], ["check"]] {
            let run = try copy.labelcat(query, asNobody: asNobody)
            #expect(run.status == 1, "\(query): \(run.stdout)")
            for fragment in ["demo.top", "stale", "read-only", "labelcat recompute"] {
                #expect(run.stderr.contains(fragment), "\(query): \(run.stderr)")
            }
        }
        let list = try copy.labelcat(["label", "list"], asNobody: asNobody)
        #expect(list.status == 0 && list.stdout.contains("改过了"), "\(list.stderr)")
    }

    @Test("A label that cannot be laid out, on a read-only catalog: layout reports its recorded error, not 'stale'",
          .enabled(if: mountPermitted || nobodyCanRun, "needs a bind mount or nobody"))
    func recordedErrorReadOnly() throws {
        let copy = try ReadOnlyCopy(mount: Self.mountPermitted) { fixture in
            try fixture.succeed("token", "rm", "spacing.card", "--force")
        }
        let run = try copy.labelcat(["layout", "demo.top"], asNobody: !Self.mountPermitted)
        #expect(run.status == 1)
        #expect(run.stderr.contains("spacing.card") && !run.stderr.contains("stale"), "\(run.stderr)")
    }

    @Test("On a read-only mount, a write-ahead log holding changes is read through its -shm file; without one, the error says why",
          .enabled(if: mountPermitted, "bind mounts are not permitted here"))
    func walOnReadOnlyMount() throws {
        // A copy taken while a writer had changes in the WAL: the catalog, its -wal and -shm.
        let writer = try Fixture()
        let snapshot = try TemporaryDirectory(prefix: "labelcat-wal-snapshot")
        let script = """
            import shutil, sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("PRAGMA wal_autocheckpoint = 0")
            db.execute("UPDATE labels SET text = 'from the WAL' WHERE name = 'demo.top'")
            db.commit()
            for suffix in ("", "-wal", "-shm"):
                shutil.copy(sys.argv[1] + suffix, sys.argv[2] + "/catalog.sqlite" + suffix)
            """
        let python = try CLI.program("/usr/bin/env", ["python3", "-c", script, writer.db, snapshot.root.path])
        try #require(python.status == 0, "\(python.stderr)")
        for keepSharedMemory in [true, false] {
            let copy = try ReadOnlyCopy(mount: true, checkpoint: false) { fixture in
                for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: fixture.db + suffix) }
                try FileManager.default.removeItem(atPath: fixture.db)
                for suffix in keepSharedMemory ? ["", "-wal", "-shm"] : ["", "-wal"] {
                    try FileManager.default.copyItem(atPath: snapshot.path("catalog.sqlite") + suffix, toPath: fixture.db + suffix)
                }
            }
            let run = try copy.labelcat(["label", "list"], asNobody: false)
            if keepSharedMemory {
                #expect(run.status == 0 && run.stdout.contains("from the WAL"), "\(run)")
            } else {
                #expect(run.status == 1)
                #expect(run.stderr.contains("-wal") && run.stderr.contains("-shm"), "\(run.stderr)")
            }
        }
    }
}
