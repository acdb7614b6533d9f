import Foundation
import LabelJSON
import Testing
import TestSupport

/// The command-line experience of labelcat (docs/cli.md): help, usage errors, the catalog
/// path, `check`, locales and translation imports, `demo`, plain output, the CLI
/// reference and the README's tour — all through the real built binary (see `CLITestSupport.swift`).
@Suite("labelcat command line")
struct CLITests {
    // MARK: Fixtures

    /// Every command and subcommand below the root, as `labelcat --help-reference` lists them.
    static let commands: [[String]] = [
        ["init"],
        ["token"], ["token", "set"], ["token", "get"], ["token", "list"], ["token", "rm"], ["token", "import"], ["token", "export"],
        ["label"], ["label", "set"], ["label", "get"], ["label", "list"], ["label", "rm"], ["label", "import"], ["label", "export"],
        ["import"], ["settings"], ["settings", "list"], ["settings", "get"], ["settings", "set"],
        ["layout"], ["layout", "list"],
        ["check"], ["fit"], ["limits"], ["report"], ["recompute"], ["serve"], ["measure"], ["render"], ["demo"],
    ]

    /// The commands that use no catalog of the user's, and refuse `--db`.
    static let commandsWithoutCatalog: [[String]] = [["measure"], ["demo"]]

    /// The commands that take no positional argument (the others' help has an ARGUMENTS section).
    static let commandsWithoutArguments: [[String]] = [[], ["init"], ["token"], ["label"], ["token", "export"], ["settings"],
                                                       ["settings", "list"], ["serve"], ["demo"]]

    /// The seeds' labels, in the order the demo prints them.
    static let seedLabels = ["seed000.top", "seed000.middle", "seed000.bottom",
                             "seed003.top", "seed003.middle", "seed003.bottom", "seed004.insets"]

    /// A temporary directory with a catalog path in it (not created until `init`).
    final class Workspace: @unchecked Sendable {
        let directory: TemporaryDirectory
        let db: String

        init(initialized: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
            directory = try TemporaryDirectory(prefix: "labelcat-cli-tests")
            db = directory.path("catalog.sqlite")
            if initialized { try succeed("init", sourceLocation: sourceLocation) }
        }

        var root: URL { directory.root }

        /// `labelcat --db CATALOG arguments…`, run in the workspace.
        func labelcat(_ arguments: [String], stdin: String = "", environment: [String: String?] = [:],
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> CLI.Run {
            // Commands that use no catalog refuse --db.
            let database = CLITests.commandsWithoutCatalog.contains { arguments.starts(with: $0) } ? [] : ["--db", db]
            return try CLI.labelcat(database + arguments, in: root, environment: environment, stdin: stdin,
                                    sourceLocation: sourceLocation)
        }

        func labelcat(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> CLI.Run {
            try labelcat(arguments, sourceLocation: sourceLocation)
        }

        /// Runs a command that must exit 0; records its stderr otherwise.
        @discardableResult
        func succeed(_ arguments: [String], stdin: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws -> CLI.Run {
            let run = try labelcat(arguments, stdin: stdin, sourceLocation: sourceLocation)
            #expect(run.status == 0, "labelcat \(arguments.joined(separator: " ")) exited \(run.status): \(run.stderr)",
                    sourceLocation: sourceLocation)
            return run
        }

        @discardableResult
        func succeed(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> CLI.Run {
            try succeed(arguments, sourceLocation: sourceLocation)
        }

        /// `layout NAME [--locale L] --json`, parsed.
        func layout(_ name: String, locale: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
            let run = try succeed(["layout", name, "--json"] + (locale.map { ["--locale", $0] } ?? []), sourceLocation: sourceLocation)
            return try CLITests.json(run.stdout)
        }

        func dump() throws -> String { try CLI.dump(db) }
    }

    static func json(_ text: String) throws -> JSONValue {
        try JSONValue.parse(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The rows of a table printed by labelcat (header first), split into cells at runs of two
    /// or more spaces; stops at the first empty line.
    static func table(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            rows.append(line.split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
        return rows
    }

    /// A usage error: exit 64, nothing on stdout, `Error: …` naming what is wrong, then
    /// `Usage: labelcat COMMAND…` on stderr.
    static func expectUsageError(_ run: CLI.Run, naming names: [String], usage: String, suggestion: String? = nil,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 64, "exit \(run.status); stderr: \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, "stdout: \(run.stdout)", sourceLocation: sourceLocation)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let error = lines.first ?? ""
        #expect(error.hasPrefix("Error: "), "stderr: \(run.stderr)", sourceLocation: sourceLocation)
        for name in names {
            #expect(error.contains(name), "the error should name \(name): \(error)", sourceLocation: sourceLocation)
        }
        if let suggestion {
            #expect(error.contains("Did you mean '\(suggestion)'?"), "\(error)", sourceLocation: sourceLocation)
        }
        #expect(lines.count > 1 && lines[1].hasPrefix("Usage: \(usage)"),
                "the second line should be 'Usage: \(usage)…': \(run.stderr)", sourceLocation: sourceLocation)
    }

    // MARK: 1. Help

    @Test("--help of every command: exit 0 with OVERVIEW, USAGE and OPTIONS; -h and `help COMMAND` say the same",
          arguments: [[]] + commands)
    func help(_ path: [String]) throws {
        let help = try CLI.labelcat(path + ["--help"])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stderr.isEmpty, "\(help.stderr)")
        #expect(help.stdout.hasPrefix("OVERVIEW: "), "\(help.stdout)")
        let usage = "USAGE: " + (["labelcat"] + path).joined(separator: " ")
        #expect(help.stdout.contains("\n\(usage)\n") || help.stdout.contains("\n\(usage) "), "no '\(usage)' line: \(help.stdout)")
        #expect(help.stdout.contains("\nOPTIONS:\n"), "\(help.stdout)")
        #expect(help.stdout.contains("-h, --help"))
        #expect(help.stdout.contains("\nARGUMENTS:\n") == !Self.commandsWithoutArguments.contains(path),
                "ARGUMENTS lists the positional arguments, if any: \(help.stdout)")
        #expect(help.stdout.contains("--db <PATH>") == !Self.commandsWithoutCatalog.contains(path),
                "--db is listed by every command that takes it")

        let short = try CLI.labelcat(path + ["-h"])
        #expect(short.status == 0)
        #expect(short.stdout == help.stdout)

        let viaHelp = try CLI.labelcat(["help"] + path)
        #expect(viaHelp.status == 0, "\(viaHelp.stderr)")
        #expect(viaHelp.stdout == help.stdout, "`labelcat help \(path.joined(separator: " "))` differs from --help")
    }

    @Test("Command groups list their subcommands; running a group alone prints its help (exit 0)",
          arguments: [[], ["token"], ["label"]])
    func groups(_ path: [String]) throws {
        let help = try CLI.labelcat(path + ["--help"])
        #expect(help.stdout.contains("\nSUBCOMMANDS:\n"), "\(help.stdout)")
        let bare = try CLI.labelcat(path)
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(bare.stdout == help.stdout)
    }

    @Test("A required option is not shown as optional in the usage line (render --out)")
    func requiredOptionInUsage() throws {
        let help = try CLI.labelcat(["render", "--help"])
        let usage = help.stdout.split(separator: "\n").first { $0.hasPrefix("USAGE: ") } ?? ""
        #expect(usage.contains(" --out <FILE.png>"), "\(usage)")
        #expect(!usage.contains("[--out <FILE.png>]"), "render fails without --out, yet its usage shows it optional: \(usage)")
    }

    @Test("--help-reference has a section per command, each the command's --help in a code block")
    func helpReference() throws {
        let run = try CLI.labelcat(["--help-reference"])
        #expect(run.status == 0, "\(run.stderr)")
        var sections: [(path: [String], body: String)] = []
        var lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        while let line = lines.popFirst() {
            guard line.hasPrefix("### `"), line.hasSuffix("`") else { continue }
            let path = line.dropFirst(5).dropLast().split(separator: " ").map(String.init)
            while let next = lines.popFirst(), next != "```" {}
            var body = ""
            while let next = lines.popFirst(), next != "```" { body += next + "\n" }
            sections.append((path, body))
        }
        #expect(sections.map(\.path) == [["labelcat"]] + Self.commands.map { ["labelcat"] + $0 })
        for section in sections {
            let help = try CLI.labelcat(Array(section.path.dropFirst()) + ["--help"])
            #expect(section.body == help.stdout, "the reference section of \(section.path.joined(separator: " ")) is not its --help")
        }
    }

    @Test("--version: exit 0, `labelcat X.Y.Z …` on stdout")
    func version() throws {
        let run = try CLI.labelcat(["--version"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.wholeMatch(of: try Regex(#"labelcat \d+\.\d+\.\d+.*\n"#)) != nil, "\(run.stdout)")
    }

    // MARK: 2. Usage errors

    struct UsageCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let names: [String]
        let usage: String
        var suggestion: String?
        var testDescription: String { "labelcat " + arguments.joined(separator: " ") }
    }

    static let usageCases: [UsageCase] = [
        // Unknown subcommands, with a suggestion.
        UsageCase(arguments: ["tokne", "list"], names: ["'tokne'"], usage: "labelcat", suggestion: "token"),
        UsageCase(arguments: ["label", "lst"], names: ["'lst'"], usage: "labelcat label", suggestion: "list"),
        UsageCase(arguments: ["help", "lable"], names: ["'lable'"], usage: "labelcat", suggestion: "label"),
        // Unknown options, with a suggestion.
        UsageCase(arguments: ["label", "set", "x", "--fram", "0,0,10,10"], names: ["'--fram'"], usage: "labelcat label set", suggestion: "--frame"),
        UsageCase(arguments: ["check", "--jsn"], names: ["'--jsn'"], usage: "labelcat check", suggestion: "--json"),
        UsageCase(arguments: ["layout", "list", "--truncate"], names: ["'--truncate'"], usage: "labelcat layout list", suggestion: "--truncated"),
        UsageCase(arguments: ["init", "--version"], names: ["'--version'"], usage: "labelcat init"),
        UsageCase(arguments: ["check", "-x"], names: ["'-x'"], usage: "labelcat check"),
        // Missing arguments.
        UsageCase(arguments: ["layout"], names: ["<name>"], usage: "labelcat layout"),
        UsageCase(arguments: ["token", "set", "font.size.body"], names: ["<value>"], usage: "labelcat token set"),
        UsageCase(arguments: ["label", "import"], names: ["<file>"], usage: "labelcat label import"),
        UsageCase(arguments: ["render", "--out", "x.png"], names: ["<name-or-glob>"], usage: "labelcat render"),
        // Missing option values: at the end, and followed by another option.
        UsageCase(arguments: ["layout", "x", "--locale"], names: ["--locale"], usage: "labelcat layout"),
        UsageCase(arguments: ["layout", "x", "--locale", "--json"], names: ["--locale"], usage: "labelcat layout"),
        UsageCase(arguments: ["check", "--db"], names: ["--db"], usage: "labelcat check"),
        UsageCase(arguments: ["render", "x"], names: ["--out"], usage: "labelcat render"),
        // Unexpected extra arguments.
        UsageCase(arguments: ["layout", "a", "b"], names: ["'b'"], usage: "labelcat layout"),
        UsageCase(arguments: ["init", "extra"], names: ["'extra'"], usage: "labelcat init"),
        UsageCase(arguments: ["token", "get", "a", "b"], names: ["'b'"], usage: "labelcat token get"),
        // A flag given a value; an option given twice.
        UsageCase(arguments: ["check", "--json=yes"], names: ["'--json'"], usage: "labelcat check"),
        UsageCase(arguments: ["serve", "--once=true"], names: ["'--once'"], usage: "labelcat serve"),
        UsageCase(arguments: ["layout", "x", "--locale", "de", "--locale=fr"], names: ["'--locale'"], usage: "labelcat layout"),
        // Bad values.
        UsageCase(arguments: ["serve", "--poll-ms", "x"], names: ["'x'", "'--poll-ms'"], usage: "labelcat serve"),
        UsageCase(arguments: ["serve", "--poll-ms=0"], names: ["'0'", "'--poll-ms'"], usage: "labelcat serve"),
        UsageCase(arguments: ["render", "x", "--out", "x.png", "--columns", "0"], names: ["'--columns'"], usage: "labelcat render"),
        UsageCase(arguments: ["demo", "--scale", "x"], names: ["'x'", "'--scale'"], usage: "labelcat demo"),
        UsageCase(arguments: ["recompute", "--all", "seed*"], names: ["--all"], usage: "labelcat recompute"),
        UsageCase(arguments: ["label", "set", "x", "--locale", "de"], names: ["'--locale'", "'--text'"], usage: "labelcat label set"),
        UsageCase(arguments: ["label", "import", "texts.strings"], names: ["--locale"], usage: "labelcat label import"),
    ]

    @Test("Usage errors: exit 64, `Error: …` naming the argument or option, then `Usage:` on stderr",
          arguments: usageCases)
    func usageError(_ usageCase: UsageCase) throws {
        // No catalog: a mistake in the command line is reported before any catalog is needed.
        let workspace = try Workspace(initialized: false)
        let run = try workspace.labelcat(usageCase.arguments)
        Self.expectUsageError(run, naming: usageCase.names, usage: usageCase.usage, suggestion: usageCase.suggestion)
        #expect(!workspace.directory.exists("catalog.sqlite"), "a usage error must not create the catalog")
    }

    struct ValueCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let names: [String]
        let usage: String
        var testDescription: String { "labelcat " + arguments.joined(separator: " ") }
    }

    static let valueCases: [ValueCase] = [
        ValueCase(arguments: ["label", "set", "checkout.title", "--lines", "abc"], names: ["'abc'", "'--lines'"], usage: "labelcat label set"),
        ValueCase(arguments: ["label", "set", "checkout.title", "--frame", "1,2,3"], names: ["'1,2,3'", "'--frame'"], usage: "labelcat label set"),
        ValueCase(arguments: ["label", "set", "checkout.title", "--letter-spacing=wide"], names: ["'wide'", "'--letter-spacing'"], usage: "labelcat label set"),
        ValueCase(arguments: ["label", "set", "checkout.title", "--font", "Helvetica"], names: ["'--font'"], usage: "labelcat label set"),
        ValueCase(arguments: ["token", "set", "a", "1", "--type", "nubmer"], names: ["'nubmer'"], usage: "labelcat token set"),
    ]

    @Test("Bad option values on a catalog: exit 64 naming the value and option; the catalog is unchanged",
          arguments: valueCases)
    func badValue(_ valueCase: ValueCase) throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "checkout.title", "--frame", "0,0,200,30", "--text", "Pay")
        let before = try workspace.dump()
        let run = try workspace.labelcat(valueCase.arguments)
        Self.expectUsageError(run, naming: valueCase.names, usage: valueCase.usage)
        #expect(try workspace.dump() == before)
    }

    @Test("Bad option values are usage errors even where there is no catalog yet (as serve --poll-ms x is)",
          arguments: valueCases)
    func badValueWithoutCatalog(_ valueCase: ValueCase) throws {
        let workspace = try Workspace(initialized: false)
        let run = try workspace.labelcat(valueCase.arguments)
        Self.expectUsageError(run, naming: valueCase.names, usage: valueCase.usage)
    }

    @Test("`--opt=value` and `--opt value` are the same; --db goes before or after the command; values may start with '-'")
    func optionSpellings() throws {
        let workspace = try Workspace(initialized: false)
        let run = try CLI.labelcat(["--db=\(workspace.db)", "init"], in: workspace.root)
        #expect(run.status == 0, "\(run.stderr)")
        try workspace.succeed("label", "set", "a.title", "--frame", "0,0,200,30", "--text", "Pay", "--lines", "1",
                              "--valign", "top", "--letter-spacing", "-0.5")
        let equals = try CLI.labelcat(["label", "set", "b.title", "--frame=0,0,200,30", "--text=Pay", "--lines=1",
                                       "--valign=top", "--letter-spacing=-0.5", "--db=\(workspace.db)"], in: workspace.root)
        #expect(equals.status == 0, "\(equals.stderr)")
        var a = try Self.json(try workspace.succeed("label", "get", "a.title", "--json").stdout).object
        var b = try Self.json(try workspace.succeed("label", "get", "b.title", "--json").stdout).object
        #expect(a?["letterSpacing"] == .number(-0.5))
        a?["name"] = nil
        b?["name"] = nil
        #expect(a != nil && a == b)

        try workspace.succeed("label", "set", "a.title", "--locale", "de", "--text", "Bezahlen")
        let spaced = try workspace.succeed("layout", "a.title", "--locale", "de", "--json")
        let joined = try workspace.succeed("layout", "a.title", "--locale=de", "--json")
        let after = try CLI.labelcat(["layout", "a.title", "--json", "--locale=de", "--db", workspace.db], in: workspace.root)
        #expect(spaced.stdout == joined.stdout)
        #expect(after.stdout == spaced.stdout)
        #expect(try Self.json(spaced.stdout)["locale"] == .string("de"))

        // `--` ends the options: a label whose name starts with '-'.
        let dashed = try workspace.labelcat("label", "set", "--frame", "0,0,100,20", "--text", "x", "--", "-odd")
        #expect(dashed.status == 0, "\(dashed.stderr)")
        #expect(try Self.json(try workspace.succeed("label", "get", "--json", "--", "-odd").stdout)["name"] == .string("-odd"))
    }

    // MARK: 3. The catalog path

    @Test("--db, else $LABELCAT_DB, else ./labelcat.sqlite")
    func catalogPath() throws {
        let directory = try TemporaryDirectory()
        let root = directory.root
        // Nothing given: ./labelcat.sqlite in the working directory.
        var run = try CLI.labelcat(["init"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(directory.exists("labelcat.sqlite"))
        run = try CLI.labelcat(["label", "set", "cwd.label", "--frame", "0,0,100,20", "--text", "cwd"], in: root)
        #expect(run.status == 0, "\(run.stderr)")

        // $LABELCAT_DB wins over ./labelcat.sqlite.
        let envDB = directory.path("env.sqlite")
        run = try CLI.labelcat(["init"], in: root, environment: ["LABELCAT_DB": envDB])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(directory.exists("env.sqlite"))
        run = try CLI.labelcat(["label", "set", "env.label", "--frame", "0,0,100,20", "--text", "env"], in: root,
                               environment: ["LABELCAT_DB": envDB])
        #expect(run.status == 0, "\(run.stderr)")

        // --db wins over $LABELCAT_DB.
        run = try CLI.labelcat(["--db", "flag.sqlite", "init"], in: root, environment: ["LABELCAT_DB": envDB])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(directory.exists("flag.sqlite"))

        func names(_ environment: [String: String?], _ extra: [String] = []) throws -> [String] {
            let list = try CLI.labelcat(extra + ["label", "list", "--json"], in: root, environment: environment)
            #expect(list.status == 0, "\(list.stderr)")
            return try list.lines.map { try Self.json($0)["name"]?.string ?? "?" }
        }
        #expect(try names([:]) == ["cwd.label"])
        #expect(try names(["LABELCAT_DB": envDB]) == ["env.label"])
        #expect(try names(["LABELCAT_DB": envDB], ["--db", "flag.sqlite"]) == [])
        #expect(try names([:], ["--db", envDB]) == ["env.label"])
    }

    @Test("An empty $LABELCAT_DB counts as unset: ./labelcat.sqlite")
    func emptyEnvironmentPath() throws {
        let directory = try TemporaryDirectory()
        let run = try CLI.labelcat(["init"], in: directory.root, environment: ["LABELCAT_DB": ""])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(directory.exists("labelcat.sqlite"))
    }

    static let catalogCommands: [[String]] = [
        ["label", "list"], ["label", "get", "x"], ["label", "export"], ["label", "rm", "x"],
        ["label", "set", "x", "--frame", "0,0,100,20", "--text", "x"],
        ["token", "list"], ["token", "get", "x"], ["token", "export"], ["token", "set", "x", "17", "--type", "number"],
        ["layout", "x"], ["layout", "list"], ["check"], ["recompute", "--all"], ["serve", "--once"],
        ["render", "*", "--out", "x.png"], ["report", "--out", "report"],
    ]

    @Test("A missing catalog: exit 1, `Error: …` saying to run `labelcat init`, and no file is created",
          arguments: catalogCommands)
    func missingCatalog(_ arguments: [String]) throws {
        // Through the default path in an empty working directory…
        let directory = try TemporaryDirectory()
        var run = try CLI.labelcat(arguments, in: directory.root)
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(run.stderr.hasPrefix("Error: "), "\(run.stderr)")
        #expect(run.stderr.contains("labelcat init"), "\(run.stderr)")
        let files = try directory.contents()
        #expect(files == [], "files were created: \(files)")
        // …and through --db.
        run = try CLI.labelcat(["--db", directory.path("sub/missing.sqlite")] + arguments, in: directory.root)
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(run.stderr.contains("labelcat init"), "\(run.stderr)")
        #expect(run.stderr.contains("missing.sqlite"), "the error should name the file: \(run.stderr)")
        let filesAfter = try directory.contents()
        #expect(filesAfter == [], "files were created: \(filesAfter)")
    }

    // MARK: 4. check

    @Test("check: every text fits → exit 0 and a one-line summary; --json prints nothing")
    func checkPasses() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "ok.title", "--frame", "0,0,300,100", "--text", "Hello", "--lines", "0")
        try workspace.succeed("label", "set", "ok.title", "--locale", "de", "--text", "Hallo")
        let run = try workspace.succeed("check")
        #expect(run.lines.count == 1, "\(run.stdout)")
        #expect(run.stdout.contains("fit"), "\(run.stdout)")
        #expect(run.stdout.contains("2"), "two layouts (base and de): \(run.stdout)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let json = try workspace.succeed("check", "--json")
        #expect(json.stdout.isEmpty, "\(json.stdout)")
    }

    /// A catalog with one label that fits and one whose text is cut to one line.
    static func truncatedWorkspace() throws -> Workspace {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "ok.title", "--frame", "0,0,300,100", "--text", "Hello", "--lines", "0")
        try workspace.succeed("label", "set", "cart.title", "--frame", "0,0,120,30", "--lines", "1",
                              "--text", "Proceed to checkout now please")
        return workspace
    }

    @Test("check with truncation: exit 1, a table of label, locale, kind, lines shown/needed, how far over and the visible text")
    func checkFails() throws {
        let workspace = try Self.truncatedWorkspace()
        let layout = try workspace.layout("cart.title")
        let needed = Int(layout["neededLineCount"]?.number ?? -1)
        let shown = Int(layout["lineCount"]?.number ?? -1)
        let visible = layout["lines"]?.array?.first?["text"]?.string ?? "?"
        #expect(layout["truncated"] == .bool(true))
        #expect(needed > shown && shown == 1)
        #expect(visible.hasPrefix("Proceed") && visible.hasSuffix("…"), "\(visible)")

        let run = try workspace.labelcat("check")
        #expect(run.status == 1, "\(run.stderr)")
        let rows = Self.table(run.stdout)
        #expect(rows.first == ["label", "locale", "kind", "lines shown/needed", "over", "visible text", "fix"], "\(run.stdout)")
        #expect(rows.dropFirst().map { Array($0.prefix(4)) + [$0.dropLast().last ?? ""] } == [["cart.title", "base", "truncated", "\(shown)/\(needed)", visible]],
                "\(run.stdout)")
        #expect(rows.dropFirst().first?[4].hasPrefix("width +") == true, "\(run.stdout)")
        #expect(rows.dropFirst().first?.last?.contains("fits") == true, "the fix: \(run.stdout)")
        #expect(!run.stdout.contains("ok.title"))
        #expect(run.stderr.contains("1 of 2"), "a count on stderr: \(run.stderr)")
    }

    @Test("check --json: one JSON object per failing layout (NDJSON) with its lines as an array, exit 1")
    func checkJSON() throws {
        let workspace = try Self.truncatedWorkspace()
        try workspace.succeed("label", "set", "ok.title", "--locale", "de", "--text",
                              String(repeating: "Sehr lange deutsche Beschriftung ", count: 12))
        let run = try workspace.labelcat("check", "--json")
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.lines.count == 2, "\(run.stdout)")
        var seen: [String] = []
        for line in run.lines {
            let object = try Self.json(line)
            let name = object["label"]?.string ?? "?"
            let locale = object["locale"]?.string ?? "?"
            seen.append("\(name)/\(locale)")
            let layout = try workspace.layout(name, locale: locale)
            #expect(object["linesShown"] == layout["lineCount"])
            #expect(object["linesNeeded"] == layout["neededLineCount"])
            #expect(object["status"] == .string("new"))
            #expect(object["lines"] == .array((layout["lines"]?.array ?? []).compactMap { $0["text"] }), "\(line)")
            #expect(object["lines"]?.array?.last?.string?.hasSuffix("…") == true, "\(line)")
        }
        #expect(seen.sorted() == ["cart.title/", "ok.title/de"])
    }

    @Test("check --locale de lists only German texts; --locale '' only base texts; a glob narrows the labels; matching nothing exits 2")
    func checkLocale() throws {
        let workspace = try Self.truncatedWorkspace()
        try workspace.succeed("label", "set", "ok.title", "--frame", "0,0,300,30", "--lines", "1")
        try workspace.succeed("label", "set", "ok.title", "--locale", "de", "--text",
                              "Hallo und herzlich willkommen in unserem wunderbaren Laden")
        let german = try workspace.labelcat("check", "--locale", "de")
        #expect(german.status == 1)
        #expect(Self.table(german.stdout).dropFirst().map { Array($0.prefix(2)) } == [["ok.title", "de"]], "\(german.stdout)")
        let base = try workspace.labelcat("check", "--locale=")
        #expect(base.status == 1)
        #expect(Self.table(base.stdout).dropFirst().map { Array($0.prefix(2)) } == [["cart.title", "base"]], "\(base.stdout)")
        let written = try workspace.labelcat("check", "--locale", "base")
        #expect(Self.table(written.stdout) == Self.table(base.stdout), "the base locale is read as it is written: base")
        let french = try workspace.labelcat("check", "--locale", "fr")
        #expect(french.status == 2, "no French texts: nothing to check")
        #expect(french.stderr.contains("locale 'fr'"), "\(french.stderr)")
        let glob = try workspace.labelcat("check", "cart.*")
        #expect(glob.status == 1)
        #expect(Self.table(glob.stdout).dropFirst().map { Array($0.prefix(2)) } == [["cart.title", "base"]], "\(glob.stdout)")
        let nothing = try workspace.labelcat("check", "nothing.*")
        #expect(nothing.status == 2)
        #expect(nothing.stderr.contains("no label matches 'nothing.*'"), "\(nothing.stderr)")
    }

    // MARK: 5. Locales and translations

    @Test("label set --locale, layout --locale, layout list --locale")
    func locales() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "checkout.title", "--frame", "0,0,200,30", "--lines", "1", "--text", "Pay")
        let set = try workspace.succeed("label", "set", "checkout.title", "--locale", "de", "--text",
                                        "Jetzt bezahlen und die Bestellung abschließen")
        #expect(set.stdout.contains("truncated"), "label set reports the German layout: \(set.stdout)")

        let german = try workspace.layout("checkout.title", locale: "de")
        #expect(german["locale"] == .string("de"))
        #expect(german["truncated"] == .bool(true))
        #expect(german["lines"]?.array?.first?["text"]?.string?.hasPrefix("Jetzt") == true)
        let base = try workspace.layout("checkout.title")
        #expect(base["locale"] == .string(""))
        #expect(base["lines"]?.array?.first?["text"] == .string("Pay"))

        let plain = try workspace.succeed("layout", "checkout.title", "--locale", "de")
        #expect(plain.stdout.hasPrefix("checkout.title [de]:"), "\(plain.stdout)")
        #expect(plain.stdout.contains("Jetzt"))

        let list = try workspace.succeed("layout", "list", "--locale", "de")
        #expect(Self.table(list.stdout).dropFirst().map { Array($0.prefix(2)) } == [["checkout.title", "de"]], "\(list.stdout)")
        let all = try workspace.succeed("layout", "list")
        #expect(Self.table(all.stdout).dropFirst().map { Array($0.prefix(2)) } == [["checkout.title", "base"], ["checkout.title", "de"]],
                "\(all.stdout)")
        let json = try workspace.succeed("layout", "list", "--locale", "de", "--json")
        #expect(json.lines.count == 1)
        #expect(try Self.json(json.stdout)["locale"] == .string("de"))
        let truncated = try workspace.succeed("layout", "list", "--truncated", "--json")
        #expect(try truncated.lines.map { try Self.json($0)["locale"]?.string } == ["de"])
    }

    /// Two labels: a one-line title and an unlimited body.
    static func translationWorkspace() throws -> Workspace {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "checkout.title", "--frame", "0,0,200,30", "--lines", "1", "--text", "Pay")
        try workspace.succeed("label", "set", "cart.empty", "--frame", "0,0,300,100", "--lines", "0", "--text", "Empty")
        return workspace
    }

    static func texts(_ workspace: Workspace, _ name: String) throws -> JSONValue? {
        try json(try workspace.succeed("label", "get", name, "--json").stdout)["texts"]
    }

    @Test("label import of a JSON strings table (locale \"\" = base text), from a file and from stdin; check reports the German text")
    func importStringsTable() throws {
        let workspace = try Self.translationWorkspace()
        let table = #"""
            {"de": {"checkout.title": "Jetzt bezahlen und die Bestellung abschließen", "cart.empty": "Leer"},
             "fr": {"checkout.title": "Payer"},
             "": {"cart.empty": "Your cart is empty"}}
            """#
        let path = try workspace.directory.write("translations.json", table)
        let run = try workspace.succeed("label", "import", path)
        #expect(run.stdout.contains("4"), "four texts: \(run.stdout)")

        let title = try Self.json(try workspace.succeed("label", "get", "checkout.title", "--json").stdout)
        #expect(title["text"] == .string("Pay"))
        #expect(title["texts"]?["de"] == .string("Jetzt bezahlen und die Bestellung abschließen"))
        #expect(title["texts"]?["fr"] == .string("Payer"))
        let empty = try Self.json(try workspace.succeed("label", "get", "cart.empty", "--json").stdout)
        #expect(empty["text"] == .string("Your cart is empty"))
        #expect(empty["texts"]?["de"] == .string("Leer"))

        let check = try workspace.labelcat("check")
        #expect(check.status == 1)
        let rows = Self.table(check.stdout).dropFirst().map { $0 }
        #expect(rows.map { Array($0.prefix(2)) } == [["checkout.title", "de"]], "\(check.stdout)")
        #expect(rows.first?.dropLast().last?.hasPrefix("Jetzt bezahlen") == true, "the visible German text: \(check.stdout)")

        // Standard input.
        let stdin = try workspace.succeed(["label", "import", "-"], stdin: #"{"it": {"checkout.title": "Paga"}}"#)
        #expect(stdin.stdout.contains("1"), "\(stdin.stdout)")
        #expect(try Self.texts(workspace, "checkout.title")?["it"] == .string("Paga"))
    }

    static let germanStrings = """
        \u{FEFF}/* Localizable.strings (German).
           "checkout.title" = "not this: inside a comment"; */

        "checkout.title" = "Zur \\"Kasse\\" gehen und jetzt sofort bezahlen";   // trailing comment
        // "cart.empty" = "commented out";
        "cart.empty"
            =
            "Dein Warenkorb ist leer.\\nSt\\U00F6bere ein wenig \\\\ Tab:\\tEnde";
        """

    @Test(".strings import: comments, escapes, the locale from de.lproj; check reports the German text")
    func importStringsFile() throws {
        let workspace = try Self.translationWorkspace()
        let path = try workspace.directory.write("Resources/de.lproj/Localizable.strings", Self.germanStrings)
        let run = try workspace.succeed("label", "import", path)
        #expect(run.stdout.contains("2"), "two texts: \(run.stdout)")
        #expect(run.stdout.contains("de"), "\(run.stdout)")

        #expect(try Self.texts(workspace, "checkout.title")?["de"] == .string(#"Zur "Kasse" gehen und jetzt sofort bezahlen"#))
        #expect(try Self.texts(workspace, "cart.empty")?["de"] == .string("Dein Warenkorb ist leer.\nStöbere ein wenig \\ Tab:\tEnde"))
        #expect(try Self.json(try workspace.succeed("label", "get", "checkout.title", "--json").stdout)["text"] == .string("Pay"),
                "the base text is untouched")

        let check = try workspace.labelcat("check")
        #expect(check.status == 1)
        let rows = Self.table(check.stdout).dropFirst().map { $0 }
        #expect(rows.map { Array($0.prefix(2)) } == [["checkout.title", "de"]], "\(check.stdout)")
        #expect(rows.first?.dropLast().last?.hasPrefix(#"Zur "Kasse""#) == true, "the visible German text: \(check.stdout)")
        #expect(rows.first?.dropLast().last?.hasSuffix("…") == true, "\(check.stdout)")

        // --locale for a file outside an .lproj folder; Base.lproj is the base text.
        let french = try workspace.directory.write("fr.strings", #""checkout.title" = "Payer";"#)
        try workspace.succeed("label", "import", french, "--locale", "fr")
        #expect(try Self.texts(workspace, "checkout.title")?["fr"] == .string("Payer"))
        let base = try workspace.directory.write("Base.lproj/Localizable.strings", #""cart.empty" = "Nothing here";"#)
        try workspace.succeed("label", "import", base)
        #expect(try Self.json(try workspace.succeed("label", "get", "cart.empty", "--json").stdout)["text"] == .string("Nothing here"))
    }

    struct RefusedImport: Sendable, CustomTestStringConvertible {
        let file: String
        let contents: String
        let mentions: String
        var testDescription: String { file }
    }

    static let refusedImports: [RefusedImport] = [
        RefusedImport(file: "de.lproj/Localizable.strings",
                      contents: "\"checkout.title\" = \"Neu\";\n\"no.such.label\" = \"X\";\n", mentions: "no.such.label"),
        RefusedImport(file: "table.json",
                      contents: #"{"de": {"checkout.title": "Neu", "no.such.label": "X"}}"#, mentions: "no.such.label"),
        RefusedImport(file: "broken.lproj/Localizable.strings",
                      contents: "\"cart.empty\" = \"Leer\"\n\"checkout.title\" = \"Neu\";\n", mentions: "cart.empty"),
    ]

    @Test("A translation file with an unknown label (or a syntax error) is refused and changes nothing",
          arguments: refusedImports)
    func refusedImport(_ refused: RefusedImport) throws {
        let workspace = try Self.translationWorkspace()
        let path = try workspace.directory.write(refused.file, refused.contents)
        let before = try workspace.dump()
        let run = try workspace.labelcat("label", "import", path)
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(run.stderr.hasPrefix("Error: "), "\(run.stderr)")
        #expect(run.stderr.contains(refused.mentions), "\(run.stderr)")
        #expect(try workspace.dump() == before, "the catalog changed")
    }

    // MARK: 6. demo

    @Test("demo --out DIR: a table of the seven seed labels, DIR/demo.png and DIR/demo.sqlite, which labelcat can query")
    func demo() throws {
        let directory = try TemporaryDirectory()
        let out = directory.path("preview")
        let run = try CLI.labelcat(["demo", "--out", out], in: directory.root)
        #expect(run.status == 0, "\(run.stderr)")
        let rows = Self.table(run.stdout)
        #expect(rows.first?.first == "label", "\(run.stdout)")
        #expect(rows.dropFirst().map { $0.first ?? "" } == Self.seedLabels, "\(run.stdout)")
        // The seeds' text is Chinese: the demo names the face it is set in, not the system font.
        #expect(run.stdout.contains("Font: Noto Sans CJK SC, the seeds' token"), "\(run.stdout)")
        #expect(try directory.contents("preview").filter { !$0.hasPrefix("demo.sqlite-") } == ["demo.png", "demo.sqlite"])
        let png = try Data(contentsOf: URL(fileURLWithPath: out + "/demo.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "not a PNG")

        let layout = try CLI.labelcat(["--db", out + "/demo.sqlite", "layout", "seed000.top", "--json"], in: directory.root)
        #expect(layout.status == 0, "\(layout.stderr)")
        let json = try Self.json(layout.stdout)
        #expect(json["name"] == .string("seed000.top"))
        #expect(json["lines"]?.array?.first?["text"]?.string?.hasPrefix("看我居上对齐了啊") == true)
        let labels = try CLI.labelcat(["--db", out + "/demo.sqlite", "label", "list", "--json"], in: directory.root)
        #expect(try labels.lines.map { try Self.json($0)["name"]?.string ?? "" }.sorted() == Self.seedLabels.sorted())
        #expect(try directory.contents() == ["preview"], "demo wrote outside DIR")
    }

    /// demo replaces DIR/demo.sqlite: it refuses --db (before or after its name), so it can never
    /// replace another catalog, and it does not read $LABELCAT_DB. measure uses no catalog.
    @Test("demo and measure refuse --db and touch nothing",
          arguments: [("demo", ["--db", "mine.sqlite", "demo"]), ("demo", ["demo", "--db", "mine.sqlite"]),
                      ("measure", ["--db", "mine.sqlite", "measure"])])
    func refusesDatabase(_ command: String, _ arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        let mine = try directory.write("mine.sqlite", "not to be touched")
        let run = try CLI.labelcat(arguments, in: directory.root, stdin: MeasureCommandTests.definition("a"))
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: 'labelcat \(command)' does not take '--db': "), "\(run.stderr)")
        #expect(try directory.contents() == ["mine.sqlite"])
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "not to be touched")
    }

    @Test("demo ignores $LABELCAT_DB: its catalog is DIR/demo.sqlite")
    func demoIgnoresEnvironment() throws {
        let directory = try TemporaryDirectory()
        let mine = try directory.write("mine.sqlite", "not to be touched")
        let run = try CLI.labelcat(["demo", "--json"], in: directory.root, environment: ["LABELCAT_DB": mine])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(directory.exists("out/demo.sqlite"))
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "not to be touched")
    }

    @Test("demo without --out writes ./out; demo --json prints one layout per seed label")
    func demoDefaults() throws {
        let directory = try TemporaryDirectory()
        let run = try CLI.labelcat(["demo", "--json"], in: directory.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(directory.exists("out/demo.png") && directory.exists("out/demo.sqlite"))
        #expect(try run.lines.map { try Self.json($0)["name"]?.string ?? "" } == Self.seedLabels)
        // Again over the existing output: rebuilt, not refused.
        let again = try CLI.labelcat(["demo"], in: directory.root)
        #expect(again.status == 0, "\(again.stderr)")
    }

    // MARK: 7. Output

    /// Every table and message a session prints, with stdout a file (not a terminal).
    static func sessionOutputs() throws -> [(command: String, run: CLI.Run)] {
        let directory = try TemporaryDirectory()
        let db = directory.path("out/demo.sqlite")
        var outputs: [(String, CLI.Run)] = []
        func run(_ arguments: [String]) throws {
            outputs.append((arguments.joined(separator: " "), try CLI.labelcat(arguments, in: directory.root,
                                                                               environment: ["LABELCAT_DB": db])))
        }
        try run(["demo"])
        try run(["token", "set", "font.size.body", #"{"value": 16.123456, "unit": "px"}"#])
        try run(["label", "set", "seed003.top", "--frame", "87.123456,100.98765,200.4444,80.55555", "--text", "Ein Text, der nicht passt, weil er zu lang ist"])
        try run(["label", "set", "seed003.top", "--locale", "de", "--text", "Text oben anzeigen, bitte sehr"])
        for arguments in [["label", "list"], ["token", "list"], ["token", "get", "typography.body", "--resolved"],
                          ["layout", "seed000.top"], ["layout", "seed003.top", "--locale", "de"], ["layout", "list"],
                          ["check"], ["recompute", "--all", "--force"], ["serve", "--once"],
                          ["render", "seed*", "--out", "out/sheet.png", "--sheet"], ["demo", "--out", "again"]] {
            try run(arguments)
        }
        return outputs
    }

    @Test("No ANSI escape codes (nor progress bars) when stdout and stderr are not terminals; numbers in tables have at most 3 decimals")
    func plainOutput() throws {
        let decimals = try Regex(#"\d\.\d{4,}"#)
        for (command, run) in try Self.sessionOutputs() {
            #expect(run.status == 0 || command == "check", "labelcat \(command): exit \(run.status): \(run.stderr)")
            #expect(!run.stdout.contains("\u{1B}"), "ANSI codes in the output of labelcat \(command)")
            #expect(!run.stderr.contains("\u{1B}"), "ANSI codes on stderr of labelcat \(command)")
            #expect(!run.stderr.contains("\r"), "a progress bar on stderr of labelcat \(command)")
            guard !command.hasPrefix("token") else { continue } // token values are JSON as given
            let long = run.stdout.matches(of: decimals).map { String(run.stdout[$0.range]) }
            #expect(long.isEmpty, "labelcat \(command) prints numbers with more than 3 decimals: \(long)\n\(run.stdout)")
        }
    }

    @Test("On a terminal, table headers are bold unless NO_COLOR is set",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func terminalStyle() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "a.title", "--frame", "0,0,200,30", "--text", "Pay")
        let binary = try CLI.binary().path
        let command = "'\(binary)' --db '\(workspace.db)' layout list"
        let styled = try CLI.program("/usr/bin/script", ["-qec", command, "/dev/null"], in: workspace.root)
        #expect(styled.stdout.contains("\u{1B}[1m"), "\(styled.stdout.debugDescription)")
        let plain = try CLI.program("/usr/bin/script", ["-qec", command, "/dev/null"], in: workspace.root,
                                    environment: ["NO_COLOR": "1"])
        #expect(plain.stdout.contains("a.title"))
        #expect(!plain.stdout.contains("\u{1B}"), "\(plain.stdout.debugDescription)")
    }

    // MARK: 8. README

    static func readme() throws -> String {
        try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test("docs/cli.md: the CLI reference between the cli-reference markers is `labelcat --help-reference`")
    func cliReferencePage() throws {
        let page = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let start = "<!-- cli-reference:start -->\n"
        let end = "<!-- cli-reference:end -->"
        guard let startRange = page.range(of: start),
              let endRange = page.range(of: end, range: startRange.upperBound..<page.endIndex) else {
            Issue.record("docs/cli.md has no '<!-- cli-reference:start -->' … '<!-- cli-reference:end -->' section")
            return
        }
        let section = String(page[startRange.upperBound..<endRange.lowerBound])
        let reference = try CLI.labelcat(["--help-reference"])
        #expect(reference.status == 0)
        #expect(!reference.stdout.isEmpty)
        guard section != reference.stdout else { return }
        let ours = section.split(separator: "\n", omittingEmptySubsequences: false)
        let theirs = reference.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let index = (0..<min(ours.count, theirs.count)).first { ours[$0] != theirs[$0] } ?? min(ours.count, theirs.count)
        Issue.record("""
            docs/cli.md's CLI reference is not `labelcat --help-reference` (run `make docs`); \
            first difference at line \(index + 1) of the section:
              docs/cli.md:      \(index < ours.count ? String(ours[index]) : "(end)")
              --help-reference: \(index < theirs.count ? String(theirs[index]) : "(end)")
            """)
    }

    @Test("README and docs/ stand alone: no references to documents outside the repository")
    func docsStandAlone() throws {
        let root = CLI.packageRoot
        var pages = ["README.md"]
        for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
        where name.hasSuffix(".md") { pages.append("docs/" + name) }
        for page in pages {
            let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("SPEC §") || line.contains("../shared") {
                Issue.record("\(page):\(number + 1) points outside the repository: \(line)")
            }
        }
    }

    @Test("README: the tour works pasted into `bash -e` (after `labelcat demo --out out`, with labelcat on PATH)")
    func readmeTour() throws {
        let lines = try Self.readme().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let marker = lines.firstIndex(of: "<!-- tour -->") else {
            Issue.record("README.md has no '<!-- tour -->' line")
            return
        }
        var index = marker + 1
        while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces).isEmpty { index += 1 }
        guard index < lines.count, lines[index] == "```sh" else {
            Issue.record("'<!-- tour -->' is not followed by a ```sh block")
            return
        }
        var script: [String] = []
        index += 1
        while index < lines.count, lines[index] != "```" {
            if !lines[index].hasPrefix("make ") { script.append(lines[index]) }
            index += 1
        }
        #expect(index < lines.count, "the tour's code block is not closed")
        #expect(script.contains { $0.hasPrefix("labelcat ") }, "the tour runs no labelcat command")

        let directory = try TemporaryDirectory(prefix: "labelcat-tour")
        let demo = try CLI.labelcat(["demo", "--out", "out"], in: directory.root)
        #expect(demo.status == 0, "\(demo.stderr)")
        let path = try directory.write("tour.sh", script.joined(separator: "\n") + "\n")
        let binDirectory = try CLI.binary().deletingLastPathComponent().path
        let systemPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let run = try CLI.program("/bin/bash", ["-e", "-x", path], in: directory.root,
                                  environment: ["PATH": "\(binDirectory):\(systemPath)"], timeout: 300)
        #expect(run.status == 0, "the tour failed (exit \(run.status)); its trace ends:\n\(run.stderr.suffix(3000))")
    }
}
