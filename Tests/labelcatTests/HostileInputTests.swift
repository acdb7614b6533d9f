import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 20's reproducers, run through the real binary: files and catalogs a pull request may
/// change, made hostile. Each failed on the main branch before the issue was fixed.
@Suite("Hostile files and catalogs")
struct HostileInputTests {
    /// A directory with an initialised catalog.
    final class Workspace {
        let directory: TemporaryDirectory
        let db: String

        init(initialised: Bool = true) throws {
            directory = try TemporaryDirectory(prefix: "labelcat-hostile")
            db = directory.path("catalog.sqlite")
            if initialised { try succeed("init") }
        }

        func path(_ relative: String) -> String { directory.path(relative) }

        /// `labelcat --db CATALOG arguments…` in the workspace.
        func labelcat(_ arguments: [String], timeout: Double = 120, sourceLocation: SourceLocation = #_sourceLocation) throws -> CLI.Run {
            try CLI.labelcat(["--db", db] + arguments, in: directory.root, timeout: timeout, sourceLocation: sourceLocation)
        }

        func labelcat(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> CLI.Run {
            try labelcat(arguments, sourceLocation: sourceLocation)
        }

        @discardableResult
        func succeed(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> CLI.Run {
            let run = try labelcat(arguments, sourceLocation: sourceLocation)
            #expect(run.status == 0, "labelcat \(arguments.joined(separator: " ")): \(run.stderr)", sourceLocation: sourceLocation)
            return run
        }

        /// Runs SQL with the sqlite3 shell.
        @discardableResult
        func sqlite(_ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            let run = try CLI.program("/usr/bin/env", ["sqlite3", "-bail", db, sql], sourceLocation: sourceLocation)
            #expect(run.status == 0, "sqlite3 \(sql): \(run.stderr)", sourceLocation: sourceLocation)
            return run.stdout.trimmingCharacters(in: .newlines)
        }
    }

    // MARK: - Data loss

    /// Two shell loops at once, each setting 30 variant texts of one label in its own locale:
    /// all 60 commands exited 0 and 44–47 texts remained (`label set` read the label outside
    /// its write transaction and wrote all its texts back).
    @Test("Concurrent label set of one label loses no text", .timeLimit(.minutes(10)))
    func concurrentLabelSet() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "L", "--frame", "0,0,200,40", "--text", "base")
        let binary = try CLI.binary().path
        let script = """
            for i in $(seq 1 30); do
              "$0" --db "$1" label set L --locale "$2" --variant plural.a$i --text "$3$i" >/dev/null || echo "failed $2 $i" >&2
            done
            """
        let loops = try [("de", "a"), ("fr", "b")].map { locale, prefix in
            try BackgroundProcess("/bin/sh", ["-c", script, binary, workspace.db, locale, prefix], directory: workspace.directory.root.path)
        }
        for loop in loops {
            let run = try #require(loop.waitForExit(timeout: 240), "the loop did not finish")
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        }
        #expect(try workspace.sqlite("SELECT count(*) FROM label_texts WHERE label = 'L'") == "60")
    }

    /// `report --out DIR` with `DIR/images -> ../victim` deleted every picture in `victim/` and
    /// wrote there; a symlinked `DIR/index.html` overwrote its target.
    @Test("report never writes through a symbolic link in its folder")
    func reportThroughSymlinks() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "long", "--frame", "0,0,40,20", "--lines", "1", "--text", "far too long for this label")
        let victim = workspace.directory.url("victim", directory: true).path
        try workspace.directory.write("victim/keep.png", "not a picture of labelcat's")
        try workspace.directory.write("victim/index.html", "precious")

        // A report folder whose images folder is a link.
        try workspace.succeed("report", "--out", "first")
        try FileManager.default.removeItem(atPath: workspace.path("first/images"))
        try FileManager.default.createSymbolicLink(atPath: workspace.path("first/images"), withDestinationPath: "../victim")
        let images = try workspace.labelcat("report", "--out", "first")
        #expect(images.status == 1, "\(images.stdout)")
        #expect(images.stderr.contains("symbolic link"), "\(images.stderr)")
        #expect(try workspace.directory.contents("victim") == ["index.html", "keep.png"])

        // A report folder whose page is a link.
        try workspace.succeed("report", "--out", "second")
        try FileManager.default.removeItem(atPath: workspace.path("second/index.html"))
        try FileManager.default.createSymbolicLink(atPath: workspace.path("second/index.html"), withDestinationPath: victim + "/index.html")
        let page = try workspace.labelcat("report", "--out", "second")
        #expect(page.status == 1, "\(page.stdout)")
        #expect(page.stderr.contains("symbolic link"), "\(page.stderr)")
        #expect(try String(contentsOfFile: victim + "/index.html", encoding: .utf8) == "precious")
    }

    /// On a full disk `report` left a 0-byte index.html, and the next run refused the folder.
    @Test("report on a full disk leaves no empty page, and the next run writes the report",
          .enabled(if: RenderCommandTests.canMount, "mounting a tmpfs is not permitted here (needs root and CAP_SYS_ADMIN)"))
    func reportOnFullDisk() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "long", "--frame", "0,0,40,20", "--lines", "1", "--text", "far too long for this label")
        let disk = workspace.directory.url("disk", directory: true).path
        let mount = try runProgram("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk])
        try #require(mount.status == 0, "mount: \(mount.stderr)")
        defer { _ = try? runProgram("/bin/umount", [disk]) }
        let fill = try runProgram("/bin/sh", ["-c", "mkdir \"$0\"/report && cat /dev/zero > \"$0\"/fill", disk])
        #expect(fill.stderr.contains("No space left on device"), "\(fill.stderr)")
        let full = try workspace.labelcat("report", "--out", disk + "/report")
        #expect(full.status == 1)
        #expect(!FileManager.default.fileExists(atPath: disk + "/report/index.html"), "a partial page was left")
        try FileManager.default.removeItem(atPath: disk + "/fill")
        try workspace.succeed("report", "--out", disk + "/report")
        let page = try String(contentsOfFile: disk + "/report/index.html", encoding: .utf8)
        #expect(page.contains("</html>"))
    }

    /// `render --out P` replaced a FIFO, a symbolic link (or, as root, `/dev/null`) with a PNG.
    @Test("render refuses an --out that is not a regular file", arguments: ["fifo", "link", "folder"])
    func renderOverSpecialFiles(_ kind: String) throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "a", "--frame", "0,0,40,20", "--text", "a")
        let target = workspace.path("target")
        try workspace.directory.write("elsewhere.txt", "keep")
        switch kind {
        case "fifo": #expect(mkfifo(target, 0o644) == 0)
        case "link": try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: workspace.path("elsewhere.txt"))
        default: try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        }
        let run = try workspace.labelcat("render", "a", "--out", target)
        #expect(run.status == 1)
        #expect(run.stderr.contains(kind == "link" ? "symbolic link" : kind == "fifo" ? "not a regular file" : "folder"), "\(run.stderr)")
        var info = stat()
        #expect(lstat(target, &info) == 0)
        let type = info.st_mode & S_IFMT
        #expect(type == (kind == "fifo" ? S_IFIFO : kind == "link" ? S_IFLNK : S_IFDIR), "\(target) was replaced")
        #expect(try String(contentsOfFile: workspace.path("elsewhere.txt"), encoding: .utf8) == "keep")
    }

    // MARK: - Crashes

    /// `label set w --frame 0,0,1e19,20` then `render w` died of SIGILL ("Double value cannot
    /// be converted to Int"); a storyboard frame of 1e19 imported and crashed `report`.
    @Test("A frame of 1e19 is refused from the command line and from a storyboard; one put in by hand cannot crash render")
    func hugeFrames() throws {
        let workspace = try Workspace()
        let set = try workspace.labelcat("label", "set", "w", "--frame", "0,0,1e19,20", "--text", "a\nb", "--lines", "1")
        #expect(set.status == 1)
        #expect(set.stderr.contains("frame.width"), "\(set.stderr)")

        try workspace.directory.write("App/Base.lproj/Main.storyboard", storyboard(labels: [("wid-01-abc", "wide", "1e19")]))
        // Lenient: the file is skipped with a warning naming its line; strict: refused.
        let imported = try workspace.labelcat("import", workspace.path("App"))
        #expect(imported.status == 0)
        #expect(imported.stderr.contains("Main.storyboard:4") && imported.stderr.contains("frame.width"), "\(imported.stderr)")
        #expect(!(try workspace.succeed("label", "list").stdout.contains("wide")))
        let strict = try workspace.labelcat("import", "--strict", workspace.path("App"))
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("Main.storyboard:4") && strict.stderr.contains("frame.width"), "\(strict.stderr)")

        try workspace.succeed("label", "set", "w", "--frame", "0,0,100,20", "--text", "a\nb", "--lines", "1")
        try workspace.sqlite("UPDATE labels SET frame_width = 1e19 WHERE name = 'w'")
        for arguments in [["render", "w", "--out", workspace.path("w.png")], ["report", "--out", workspace.path("report")]] {
            let run = try workspace.labelcat(arguments)
            #expect(run.status == 1 || run.status == 0, "\(arguments[0]) crashed: exit \(run.status), \(run.stderr)")
            #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
        }
    }

    /// A 2 GB `.strings` of zeros took 42 s and 8.4 GB before "expected a quoted key"; strings
    /// tables over 32 MiB are refused before they are read (a sparse file costs no disk).
    @Test("A strings table over 32 MiB is refused before it is read")
    func hugeStringsTable() throws {
        let workspace = try Workspace()
        let path = workspace.path("App/de.lproj/Localizable.strings")
        try workspace.directory.write("App/de.lproj/Localizable.strings", "")
        #expect(truncate(path, 40 << 20) == 0)
        let started = Date()
        let run = try workspace.labelcat("import", "--strict", path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("larger than the 33554432 bytes (32 MiB)"), "\(run.stderr)")
        #expect(Date().timeIntervalSince(started) < 10)
    }

    /// A 500 MB String Catalog value took 1 GB before the 1 MiB check: the value is refused
    /// by the JSON reader at its line, before it is made.
    @Test("A String Catalog string over 1 MiB is refused at its line before it is read")
    func hugeStringCatalogValue() throws {
        let workspace = try Workspace()
        let huge = String(repeating: "x", count: (1 << 20) + 10)
        let path = try workspace.directory.write("Localizable.xcstrings", """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "key" : {
                  "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "\(huge)" } } }
                }
              }
            }
            """)
        let run = try workspace.labelcat("import", "--strict", path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("Localizable.xcstrings:5") && run.stderr.contains("a string longer than 1048576 bytes"), "\(run.stderr)")
    }

    // MARK: - Injection

    /// Every line labelcat prints (stdout and stderr) that would start a GitHub Actions workflow
    /// command, and every raw control or bidi character.
    static func injected(_ output: String, annotations: Bool = false) -> [String] {
        var problems: [String] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0.isWhitespace }
            if trimmed.hasPrefix("::") || trimmed.hasPrefix("##[") {
                // labelcat's own annotations: a command, its properties, then its message.
                let own = annotations && ["::error file=", "::error title=", "::warning ", "::notice title="].contains { line.hasPrefix($0) }
                if !own { problems.append("a workflow command: \(line)") }
            }
        }
        for scalar in output.unicodeScalars {
            switch scalar.value {
            case 0x0A: continue
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
                problems.append("U+\(String(scalar.value, radix: 16, uppercase: true)) raw")
            default: continue
            }
        }
        return problems
    }

    @Test("Names, keys, texts and messages from files reach no output raw: no line starts a workflow command, no control or bidi character")
    func injection() throws {
        let workspace = try Workspace()
        let evilText = "Zur\u{1B}[2J\u{7}Kasse\u{7F}\u{202E}txt.exe"
        // Two storyboards of one name: their labels are named after their folders, one of which
        // is a workflow command. The German text is hostile, a key is given twice.
        func narrow(_ id: String) -> String { storyboard(labels: [(id, "a text far too long for so narrow a label", "30")]) }
        try workspace.directory.write("proj/::error title=X::msg/Base.lproj/Main.storyboard", narrow("evl-01-abc"))
        try workspace.directory.write("proj/other/Base.lproj/Main.storyboard", narrow("oth-01-abc"))
        try workspace.directory.write("proj/::error title=X::msg/de.lproj/Main.strings",
                                      "\"evl-01-abc.text\" = \"\(evilText)\";\n\"dup\\n::error title=FAKE::x\" = \"a\";\n\"dup\\n::error title=FAKE::x\" = \"b\";\n")
        let imported = try workspace.labelcat("import", "--verbose", workspace.path("proj"))
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("Warning:"), "the duplicate key is warned of: \(imported.stderr)")
        try workspace.succeed("check", "--update-baseline", workspace.path("baseline.json"))
        // A baseline entry whose name would start a command in the "Gone" list.
        var baseline = try String(contentsOfFile: workspace.path("baseline.json"), encoding: .utf8)
        baseline = baseline.replacingOccurrences(of: "\"findings\": [", with: #""findings": [{"label": "::error title=GONE::x\n::warning::y", "locale": "", "kind": "lines"}, "#)
        try baseline.write(toFile: workspace.path("baseline.json"), atomically: true, encoding: .utf8)

        var outputs: [(String, CLI.Run, Bool)] = [("import --verbose", imported, false)]
        for arguments in [["check"], ["check", "--baseline", workspace.path("baseline.json")], ["label", "list"], ["layout", "list"],
                          ["layout", "::error title=X::msg/Main.storyboard/evl-01-abc", "--locale", "de"],
                          ["check", "--format", "github"], ["check", "--format", "github", "--baseline", workspace.path("baseline.json")],
                          ["check", "--format", "junit"], ["check", "--format", "sarif"], ["check", "--format", "json"]] {
            outputs.append((arguments.joined(separator: " "), try workspace.labelcat(arguments), arguments.contains("github")))
        }
        // A parse error naming a key, and a refused object ID.
        try workspace.directory.write("bad/de.lproj/Bad.strings", "\"key\\n::error title=P::x\" = \"a\"\n\"next\" = \"b\";\n")
        outputs.append(("a parse error", try workspace.labelcat("import", workspace.path("bad")), false))
        try workspace.directory.write("ids/Base.lproj/Main.storyboard", storyboard(labels: [("a&#10;::error title=ID::x", "x", "30")]))
        outputs.append(("a refused object ID", try workspace.labelcat("import", workspace.path("ids")), false))
        for (command, run, annotations) in outputs {
            let problems = Self.injected(run.stdout, annotations: annotations) + Self.injected(run.stderr)
            #expect(problems.isEmpty, "\(command): \(problems.prefix(5))\nstdout: \(run.stdout.prefix(3000))\nstderr: \(run.stderr.prefix(1000))")
        }
        // The HTML report is a file a CI step may print: a key no label has, its name a line
        // break and a command, starts no line of it.
        _ = try workspace.labelcat("report", "--out", workspace.path("report"))
        let page = try String(contentsOfFile: workspace.path("report/index.html"), encoding: .utf8)
        let commands = page.split(separator: "\n").filter { line in
            let trimmed = line.drop { $0.isWhitespace }
            return trimmed.hasPrefix("::") || trimmed.hasPrefix("##[")
        }
        #expect(commands.isEmpty, "\(commands.prefix(3))")
        #expect(page.contains("dup&#10;::error title=FAKE::x"), "the key is shown, its line break as a reference")
        // What was escaped is shown, not lost.
        let list = try workspace.succeed("label", "list")
        #expect(list.stdout.contains(#"\u{3A}:error title=X::msg/Main.storyboard/evl-01-abc"#), "\(list.stdout)")
        #expect(imported.stderr.contains(#"dup\n::error title=FAKE::x"#), "\(imported.stderr)")
    }

    // MARK: - Untrusted catalogs and the service

    /// A catalog's own trigger (a recursive CTE on every label update) hung `label set` forever.
    @Test("A catalog with triggers, views, tables or indexes labelcat did not make is refused, naming them",
          arguments: [("trigger labels_grow (on labels)", """
                        CREATE TRIGGER labels_grow AFTER UPDATE ON labels BEGIN
                          WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n;
                        END;
                        """),
                       ("view everything", "CREATE VIEW everything AS SELECT * FROM labels;"),
                       ("table notes", "CREATE TABLE notes (body TEXT);"),
                       ("index labels_by_text (on labels)", "CREATE INDEX labels_by_text ON labels (text);"),
                       ("trigger labels_updated (on labels)", """
                        DROP TRIGGER labels_updated;
                        CREATE TRIGGER labels_updated AFTER UPDATE ON labels BEGIN SELECT 1; END;
                        """)])
    func foreignSchema(_ name: String, _ sql: String) throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "a", "--frame", "0,0,100,20", "--text", "a")
        try workspace.sqlite(sql)
        let before = try CLI.dump(workspace.db)
        for arguments in [["label", "set", "a", "--text", "b"], ["label", "list"], ["serve", "--once"]] {
            let run = try workspace.labelcat(arguments, timeout: 60)
            #expect(run.status == 1, "\(arguments.joined(separator: " ")): \(run.stdout)")
            #expect(run.stderr.contains(name), "\(arguments.joined(separator: " ")): \(run.stderr)")
        }
        #expect(try CLI.dump(workspace.db) == before)
    }

    /// `serve` kept watching a deleted catalog forever and never drained the new one's queue.
    @Test("serve follows a catalog replaced at its path, and exits 1 when it is removed", .timeLimit(.minutes(10)))
    func serveReplacedCatalog() throws {
        let workspace = try Workspace()
        let service = try BackgroundProcess(try CLI.binary().path, ["--db", workspace.db, "serve", "--poll-ms", "50"],
                                            directory: workspace.directory.root.path)
        defer { if service.isRunning { service.signal(SIGKILL); _ = service.waitForExit(timeout: 30) } }
        #expect(eventually(timeout: 30) { service.stderr.contains("watching") })
        for suffix in ["", "-wal", "-shm"] { unlink(workspace.db + suffix) }
        try workspace.succeed("init")
        try workspace.succeed("label", "set", "a", "--frame", "0,0,100,20", "--text", "a")
        // An edit by hand queues the label; only a service watching this file lays it out again.
        try workspace.sqlite("UPDATE labels SET text = 'changed by hand' WHERE name = 'a'")
        let drained = eventually(timeout: 60) { (try? workspace.sqlite("SELECT count(*) FROM recompute_queue")) == "0" }
        #expect(drained, "the new catalog's queue was never drained: \(service.stderr)")
        #expect(service.stderr.contains("opening the catalog at its path"), "\(service.stderr)")

        for suffix in ["", "-wal", "-shm"] { unlink(workspace.db + suffix) }
        let ended = service.waitForExit(timeout: 60)
        #expect(ended?.status == 1, "\(String(describing: ended))")
        #expect(ended?.stderr.contains("was removed") == true, "\(String(describing: ended))")
    }

    // MARK: - Smaller

    @Test("--db naming a folder says so; --db naming a device is refused and nothing is made beside it")
    func catalogPaths() throws {
        let workspace = try Workspace(initialised: false)
        let folder = workspace.directory.url("some-dir", directory: true).path
        let run = try CLI.labelcat(["--db", folder + "/", "label", "list"], in: workspace.directory.root)
        #expect(run.status == 1)
        #expect(run.stderr.contains("folder"), "\(run.stderr)")
        #expect(!run.stderr.contains("disk I/O error"), "\(run.stderr)")
        // SQLite would make its journal and WAL beside the device: they must not appear (and
        // are taken away again if they do, but for any that were there before).
        let beside = ["/dev/null-journal", "/dev/null-wal", "/dev/null-shm"]
        let before = beside.filter { FileManager.default.fileExists(atPath: $0) }
        let device = try CLI.labelcat(["--db", "/dev/null", "init"], in: workspace.directory.root)
        let made = beside.filter { !before.contains($0) && FileManager.default.fileExists(atPath: $0) }
        for path in made { unlink(path) }
        #expect(device.status == 1)
        #expect(device.stderr.contains("not a regular file") || device.stderr.contains("device"), "\(device.stderr)")
        #expect(made.isEmpty, "made beside /dev/null: \(made)")
    }

    @Test("render --scale 1e-300 says to choose a larger scale")
    func tinyScale() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "a", "--frame", "0,0,100,20", "--text", "a")
        let run = try workspace.labelcat("render", "a", "--scale", "1e-300", "--out", workspace.path("a.png"))
        #expect(run.status == 1)
        #expect(run.stderr.contains("larger --scale"), "\(run.stderr)")
    }

    /// A label name over 250 bytes gave a report without pictures ("File name too long") and
    /// exit 0.
    @Test("A label name over 250 bytes gets its pictures in the report")
    func longLabelName() throws {
        let workspace = try Workspace()
        let name = "screen." + String(repeating: "x", count: 300)
        try workspace.succeed("label", "set", name, "--frame", "0,0,40,20", "--lines", "1", "--text", "far too long for this label")
        try workspace.succeed("label", "set", name, "--locale", "de", "--text", "auch viel zu lang für dieses Label")
        let run = try workspace.succeed("report", "--out", "report")
        let page = try String(contentsOfFile: workspace.path("report/index.html"), encoding: .utf8)
        #expect(!page.contains("No picture"), "\(run.stdout)")
        #expect(try workspace.directory.contents("report/images").count == 2, "\(run.stdout)")
    }

    @Test("report --out a/b/../c makes a/c and no stray a/b")
    func reportDotDot() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "a", "--frame", "0,0,100,20", "--text", "a")
        try workspace.succeed("report", "--out", "a/b/../c")
        #expect(workspace.directory.exists("a/c/index.html"))
        #expect(!workspace.directory.exists("a/b"), "a stray a/b was made")
    }

    /// A folder search skipped files past PATH_MAX, FIFOs and links to devices in silence,
    /// although the docs promise a warning.
    @Test("A folder search warns of what it skips: a FIFO, a link to a device, a path past PATH_MAX")
    func skippedFiles() throws {
        let workspace = try Workspace()
        try workspace.directory.write("App/de.lproj/Localizable.strings", "\"a\" = \"b\";\n")
        #expect(mkfifo(workspace.path("App/de.lproj/Pipe.strings"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: workspace.path("App/de.lproj/Zero.strings"), withDestinationPath: "/dev/zero")
        // Folders nested past PATH_MAX (4096 bytes), made one at a time from inside.
        var descriptor = open(workspace.path("App"), O_RDONLY | O_DIRECTORY)
        let component = String(repeating: "d", count: 200)
        for _ in 0..<22 {
            #expect(mkdirat(descriptor, component, 0o755) == 0)
            let next = openat(descriptor, component, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            descriptor = next
        }
        close(descriptor)
        let run = try workspace.labelcat("import", workspace.path("App"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("Pipe.strings: skipped: not a regular file"), "\(run.stderr)")
        #expect(run.stderr.contains("Zero.strings: skipped: not a regular file"), "\(run.stderr)")
        #expect(run.stderr.contains("skipped: cannot be read: File name too long"), "\(run.stderr)")
        _ = try? runProgram("/bin/rm", ["-rf", workspace.path("App")])
    }
}

extension HostileInputTests {
    /// Every command prints through `writeOutput` (Output.swift), whose lines cannot start a
    /// workflow command; the standard library's `print` would bypass it (and its order with
    /// standard error).
    @Test("The command-line tool prints only through writeOutput, never the standard library's print")
    func noPlainPrint() throws {
        let folder = CLI.packageRoot.appendingPathComponent("Sources/labelcat")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let source = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let calls = source.split(separator: "\n").filter { $0.contains(/(^|[^A-Za-z_.])print\(/) }
            #expect(calls.isEmpty, "\(name): \(calls)")
        }
    }
}
