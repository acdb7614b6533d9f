/// The command-line grammar of labelcat, in swift-argument-parser's manner (hand-written:
/// no outside packages): commands with subcommands, options as `--name value` or
/// `--name=value`, flags, positional arguments, generated help, and usage errors.

/// What the parser and the help know of an option or flag: its names, placeholder and help.
/// Commands do not build these: each option is declared once as a `Flag`, `Option` or
/// `RepeatableOption` (in a namespace such as `CheckOptions`), which carries its spec.
struct OptionSpec: Sendable {
    /// Long name without dashes (`db`), and an optional one-letter short name.
    let name: String
    var short: Character?
    /// Nil for a flag; else the value's placeholder (`PATH`).
    var valueName: String?
    let help: String
    /// Repeatable options collect every value.
    var repeatable = false
    /// A required option: shown without brackets, and its absence is a usage error.
    var required = false

    var synopsis: String {
        let names = (short.map { "-\($0), " } ?? "") + "--\(name)"
        return valueName.map { "\(names) <\($0)>" } ?? names
    }
}

/// An option a command declares: a `Flag`, `Option` or `RepeatableOption`, whose spec drives
/// parsing and help, and through which the command reads the option's value.
protocol CommandOption: Sendable {
    var spec: OptionSpec { get }
}

/// A flag, declared once: `arguments[flag]` is true when it was given.
struct Flag: CommandOption {
    let spec: OptionSpec

    init(_ name: String, short: Character? = nil, help: String) {
        spec = OptionSpec(name: name, short: short, valueName: nil, help: help)
    }
}

/// Reads an option's text into its value; a text it cannot read is a `UsageError` naming the
/// option and the value, for the command at `commandPath`.
typealias OptionReader<Value> = @Sendable (_ text: String, _ commandPath: [String]) throws -> Value

/// An option that takes a value, declared once: its name, placeholder and help, and how its
/// text is read. `try arguments[option]` is the value read, or nil when it was not given.
struct Option<Value>: CommandOption {
    let spec: OptionSpec
    let read: OptionReader<Value>

    init(_ name: String, _ valueName: String, help: String, required: Bool = false, read: @escaping OptionReader<Value>) {
        spec = OptionSpec(name: name, valueName: valueName, help: help, required: required)
        self.read = read
    }
}

extension Option where Value == String {
    /// An option whose value is its text.
    init(_ name: String, _ valueName: String, help: String, required: Bool = false) {
        self.init(name, valueName, help: help, required: required) { text, _ in text }
    }
}

/// An option that may be given several times, declared once: `try arguments[option]` is every
/// value read, in order (empty when it was not given).
struct RepeatableOption<Value>: CommandOption {
    let spec: OptionSpec
    let read: OptionReader<Value>

    init(_ name: String, _ valueName: String, help: String, read: @escaping OptionReader<Value>) {
        spec = OptionSpec(name: name, valueName: valueName, help: help, repeatable: true)
        self.read = read
    }
}

extension RepeatableOption where Value == String {
    /// A repeatable option whose values are their texts.
    init(_ name: String, _ valueName: String, help: String) {
        self.init(name, valueName, help: help) { text, _ in text }
    }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
    let name: String
    let help: String
    var optional = false
    var variadic = false
}

/// A command: what it does, what it takes, and how to run it.
struct Command: Sendable {
    let name: String
    let abstract: String
    var discussion: String = ""
    var arguments: [ArgumentSpec] = []
    var options: [any CommandOption] = []
    var subcommands: [Command] = []
    /// Nil for a command that works on the catalog `--db` names; else why it takes no `--db`
    /// ("it writes its own catalog, …"): its help leaves `--db` out and `--db` is a usage error.
    var withoutCatalog: String?
    /// Runs the command; returns the exit code. Nil for a command that only groups others.
    var run: (@Sendable (ParsedArguments) throws -> Int32)?
}

/// What the parser found for one command. Options are read only through their declarations
/// (`arguments[CheckOptions.shard]`), never by name.
struct ParsedArguments {
    /// The command path, e.g. ["labelcat", "token", "set"].
    var path: [String]
    var positionals: [String] = []
    /// The values given, by option name, and the flags given: the parser's alone.
    fileprivate var values: [String: [String]] = [:]
    fileprivate var flags: Set<String> = []

    /// True when the flag was given.
    subscript(flag: Flag) -> Bool {
        flags.contains(flag.spec.name)
    }

    /// The option's value, read (a value it cannot read is a usage error); nil when not given.
    subscript<Value>(option: Option<Value>) -> Value? {
        get throws {
            guard let text = values[option.spec.name]?.last else { return nil }
            return try option.read(text, path)
        }
    }

    /// Every value of the repeatable option, read in order; empty when it was not given.
    subscript<Value>(option: RepeatableOption<Value>) -> [Value] {
        get throws {
            try (values[option.spec.name] ?? []).map { try option.read($0, path) }
        }
    }

    /// True when the option or flag was given (whether or not its value can be read).
    func isGiven(_ option: some CommandOption) -> Bool {
        values[option.spec.name] != nil || flags.contains(option.spec.name)
    }
}

/// A mistake in how the command was called: exit code 64 with the command's usage.
struct UsageError: Error {
    let message: String
    let commandPath: [String]
}

/// What the parser decided to do.
enum ParseOutcome {
    case run(Command, ParsedArguments)
    case help(Command, path: [String])
    case version
    /// The CLI reference in Markdown (docs/cli.md, kept in step by a test).
    case reference
}

/// Options every command accepts, before or after the command name.
let globalOptions: [any CommandOption] = [CommonOptions.db, CommonOptions.help]

func parse(_ arguments: [String], root: Command) throws -> ParseOutcome {
    var command = root
    var path = [root.name]
    var parsed = ParsedArguments(path: path)
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
            if parsed.positionals.isEmpty, !onlyPositionals,
               let sub = command.subcommands.first(where: { $0.name == argument }) {
                command = sub
                path.append(sub.name)
                parsed.path = path
                continue
            }
            if argument == "help", parsed.positionals.isEmpty, command.name == root.name {
                var target = root
                var targetPath = [root.name]
                for name in arguments[index...] {
                    guard let sub = target.subcommands.first(where: { $0.name == name }) else {
                        throw UsageError(message: "Unknown command '\(name)'.\(suggestion(name, target.subcommands.map(\.name), prefix: ""))",
                                         commandPath: targetPath)
                    }
                    target = sub
                    targetPath.append(name)
                }
                return .help(target, path: targetPath)
            }
            if !command.subcommands.isEmpty, command.run == nil {
                throw UsageError(message: "Unknown command '\(argument)'.\(suggestion(argument, command.subcommands.map(\.name), prefix: ""))",
                                 commandPath: path)
            }
            parsed.positionals.append(argument)
            continue
        }
        if argument == "--" { onlyPositionals = true; continue }
        if argument == "--version", path.count == 1 { return .version }
        if argument == "--help-reference", path.count == 1 { return .reference }
        var name: String
        var inlineValue: String?
        if argument.hasPrefix("--") {
            name = String(argument.dropFirst(2))
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
        } else {
            guard argument.count == 2 else {
                throw UsageError(message: "Unknown option '\(argument)'.", commandPath: path)
            }
            let letter = argument.last!
            let known = (command.options + globalOptions).map(\.spec).first { $0.short == letter }
            guard let known else { throw UsageError(message: "Unknown option '\(argument)'.", commandPath: path) }
            name = known.name
        }
        let available = (command.options + globalOptions).map(\.spec)
        guard let option = available.first(where: { $0.name == name }) else {
            throw UsageError(message: "Unknown option '--\(name)'.\(suggestion(name, available.map(\.name), prefix: "--"))",
                             commandPath: path)
        }
        if option.name == CommonOptions.help.spec.name { return .help(command, path: path) }
        guard option.valueName != nil else {
            if inlineValue != nil { throw UsageError(message: "The flag '--\(name)' does not take a value.", commandPath: path) }
            parsed.flags.insert(name)
            continue
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else {
            guard index < arguments.count, arguments[index] == "-" || !arguments[index].hasPrefix("--") else {
                throw UsageError(message: "Missing value for '--\(name) <\(option.valueName!)>'.", commandPath: path)
            }
            value = arguments[index]
            index += 1
        }
        if !option.repeatable, parsed.values[name] != nil {
            throw UsageError(message: "The option '--\(name)' was given more than once.", commandPath: path)
        }
        parsed.values[name, default: []].append(value)
    }
    guard command.run != nil else { return .help(command, path: path) }
    if let reason = command.withoutCatalog, parsed.isGiven(CommonOptions.db) {
        throw UsageError(message: "'\(path.joined(separator: " "))' does not take '--db': \(reason).", commandPath: path)
    }
    for option in command.options.map(\.spec) where option.required && parsed.values[option.name] == nil {
        throw UsageError(message: "Missing expected option '--\(option.name) <\(option.valueName ?? "")>'.", commandPath: path)
    }
    let required = command.arguments.filter { !$0.optional }.count
    if parsed.positionals.count < required {
        let missing = command.arguments[parsed.positionals.count]
        throw UsageError(message: "Missing expected argument '<\(missing.name)>'.", commandPath: path)
    }
    if command.arguments.last?.variadic != true, parsed.positionals.count > command.arguments.count {
        throw UsageError(message: "Unexpected argument '\(parsed.positionals[command.arguments.count])'.", commandPath: path)
    }
    return .run(command, parsed)
}

/// " Did you mean '--lines'?" for the closest known name, or "".
func suggestion(_ name: String, _ candidates: [String], prefix: String) -> String {
    let scored = candidates.map { ($0, editDistance(name, $0)) }.min { $0.1 < $1.1 }
    guard let (best, distance) = scored, distance <= max(2, name.count / 3) else { return "" }
    return " Did you mean '\(prefix)\(best)'?"
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    // Optimal string alignment: an adjacent transposition ("lsit" → "list") counts as one edit.
    var rows = [Array(0...b.count)]
    for i in 1...max(1, a.count) where !a.isEmpty {
        var row = [i] + Array(repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], rows[i - 2][j - 2] + 1) }
        }
        rows.append(row)
    }
    return a.isEmpty ? b.count : rows[a.count][b.count]
}

// MARK: - Help

func usageLine(_ command: Command, path: [String]) -> String {
    var parts = [path.joined(separator: " ")]
    if path.count == 1 { parts.append("[\(CommonOptions.db.spec.synopsis)]") }
    if !command.subcommands.isEmpty, command.run == nil {
        parts.append("<subcommand>")
        return parts.joined(separator: " ")
    }
    for argument in command.arguments {
        var text = "<\(argument.name)>"
        if argument.variadic { text += " ..." }
        parts.append(argument.optional ? "[\(text)]" : text)
    }
    for option in command.options.map(\.spec) {
        let text = option.valueName.map { "--\(option.name) <\($0)>" } ?? "--\(option.name)"
        parts.append((option.required ? text : "[\(text)]") + (option.repeatable ? " ..." : ""))
    }
    return parts.joined(separator: " ")
}

func helpText(_ command: Command, path: [String]) -> String {
    var text = "OVERVIEW: \(command.abstract)\n"
    if !command.discussion.isEmpty { text += "\n\(command.discussion)\n" }
    text += "\nUSAGE: \(usageLine(command, path: path))\n"
    func section(_ title: String, _ rows: [(String, String)]) {
        guard !rows.isEmpty else { return }
        text += "\n\(title):\n"
        for (name, help) in rows {
            let label = "  \(name)"
            if label.count <= 24 {
                text += label.padding(to: 26) + help + "\n"
            } else {
                text += label + "\n" + String(repeating: " ", count: 26) + help + "\n"
            }
        }
    }
    section("ARGUMENTS", command.arguments.map { ("<\($0.name)>", $0.help) })
    var options = command.options.map { ($0.spec.synopsis, $0.spec.help) }
    if command.withoutCatalog == nil { options.append((CommonOptions.db.spec.synopsis, CommonOptions.db.spec.help)) }
    if path.count == 1 { options.append(("--version", "Show the version.")) }
    options.append((CommonOptions.help.spec.synopsis, CommonOptions.help.spec.help))
    section("OPTIONS", options)
    section("SUBCOMMANDS", command.subcommands.map { ($0.name, $0.abstract) })
    if !command.subcommands.isEmpty {
        text += "\n  See '\(path[0]) help <subcommand>' for detailed help.\n"
    }
    return text
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

/// Every command's help, as Markdown: what docs/cli.md holds.
func referenceText(_ root: Command) -> String {
    var text = ""
    func add(_ command: Command, path: [String]) {
        text += "### `\(path.joined(separator: " "))`\n\n```\n\(helpText(command, path: path))```\n\n"
        for sub in command.subcommands { add(sub, path: path + [sub.name]) }
    }
    add(root, path: [root.name])
    return text
}
