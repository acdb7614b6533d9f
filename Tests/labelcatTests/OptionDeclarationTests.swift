@testable import labelcat
import LabelModel
import Testing

/// Every command's options, as declared once (`Flag`, `Option`, `RepeatableOption` in each
/// command's namespace): each has a help and a name of its own in its command, and the built
/// binary's `--help` shows every one (docs/cli.md is that help).
@Suite("labelcat option declarations")
struct OptionDeclarationTests {
    /// Every command of the table, the root first, with its path.
    static let commands: [(path: [String], command: Command)] = {
        var found: [(path: [String], command: Command)] = []
        func add(_ command: Command, path: [String]) {
            found.append((path, command))
            for sub in command.subcommands { add(sub, path: path + [sub.name]) }
        }
        add(rootCommand, path: [rootCommand.name])
        return found
    }()

    @Test("every declared option has a help, and a name and short name of its own in its command")
    func namesAndHelps() {
        let global = globalOptions.map(\.spec)
        for (path, command) in Self.commands {
            let specs = command.options.map(\.spec)
            let name = path.joined(separator: " ")
            for spec in specs + global {
                #expect(spec.help.contains { !$0.isWhitespace }, "'\(name)': --\(spec.name) has no help")
                #expect(!spec.name.isEmpty && !spec.name.hasPrefix("-"), "'\(name)': option named '\(spec.name)'")
                #expect(spec.valueName.map { !$0.isEmpty } ?? true, "'\(name)': --\(spec.name) has an empty placeholder")
            }
            let names = (specs + global).map(\.name)
            #expect(Set(names).count == names.count, "'\(name)' declares an option name twice: \(names.sorted())")
            let shorts = (specs + global).compactMap(\.short)
            #expect(Set(shorts).count == shorts.count, "'\(name)' declares a short name twice: \(shorts)")
        }
        #expect(Self.commands.count > 30, "the walk found \(Self.commands.count) commands")
    }

    @Test("label set takes an option for every field of the model's field table")
    func labelSetFollowsTheFieldTable() throws {
        let labelSet = try #require(Self.commands.first { $0.path == ["labelcat", "label", "set"] }?.command)
        let names = Set(labelSet.options.map(\.spec.name))
        for field in LabelField.all {
            #expect(names.contains(field.option.name), "no --\(field.option.name) for \(field.key)")
        }
    }

    @Test("every option a command declares is in the built binary's --help of that command, with its help",
          arguments: OptionDeclarationTests.commands.map(\.path))
    func optionsInHelp(_ path: [String]) throws {
        let command = try #require(Self.commands.first { $0.path == path }?.command)
        let run = try CLI.labelcat(Array(path.dropFirst()) + ["--help"])
        #expect(run.status == 0, "\(run.stderr)")
        let usage = run.stdout.split(separator: "\n").first { $0.hasPrefix("USAGE: ") }.map(String.init) ?? ""
        var shown = command.options.map(\.spec)
        if command.withoutCatalog == nil { shown.append(CommonOptions.db.spec) }
        shown.append(CommonOptions.help.spec)
        for spec in shown {
            // A row of OPTIONS: the synopsis, then the help on the same line or the next.
            #expect(run.stdout.contains("\n  \(spec.synopsis) ") || run.stdout.contains("\n  \(spec.synopsis)\n"),
                    "'\(path.joined(separator: " ")) --help' has no row for \(spec.synopsis)")
            #expect(run.stdout.contains(spec.help), "'\(path.joined(separator: " ")) --help' lacks the help of --\(spec.name)")
        }
        if command.run != nil {
            for spec in command.options.map(\.spec) {
                #expect(usage.contains("--\(spec.name)"), "the usage of '\(path.joined(separator: " "))' lacks --\(spec.name): \(usage)")
            }
        }
    }
}
