import LabelCatalog
import LabelJSON

/// `labelcat settings`: the catalog's settings, by their names with dashes (`default-family`).
let settingsCommand = Command(
    name: "settings",
    abstract: "Show or change the catalog's settings (default-family, categories, pseudo-locales, font-substitutes, development-language, devices).",
    discussion: CatalogSetting.allCases.map { "\(settingName($0)): \($0.summary)." }.joined(separator: "\n"),
    subcommands: [
        Command(name: "list", abstract: "List every setting and its value.", options: [CommonOptions.json]) { arguments in
            let catalog = try openCatalog(arguments, readOnly: true)
            let values = try catalog.settingValues()
            if arguments[CommonOptions.json] {
                for (setting, value) in values { writeOutput(#"{"name":\#(jsonString(settingName(setting))),"value":\#(jsonString(value))}"#) }
                return 0
            }
            var table = Table("name", "value")
            for (setting, value) in values { table.add(settingName(setting), value) }
            writeOutput(table.rendered, terminator: "")
            return 0
        },
        Command(name: "get", abstract: "Print a setting's value.",
                arguments: [ArgumentSpec(name: "name", help: "The setting: \(CatalogSetting.allCases.map(settingName).joined(separator: ", ")).")]) { arguments in
            let setting = try settingOption(arguments.positionals[0], arguments: arguments)
            let catalog = try openCatalog(arguments, readOnly: true)
            writeOutput(printable(try catalog.settingValues().first { $0.setting == setting }?.value ?? setting.defaultValue))
            return 0
        },
        Command(name: "set", abstract: "Change a setting; every label is laid out again under it (a chunk of labels per transaction).",
                discussion: """
                    categories large,extraExtraExtraLarge,accessibilityExtraExtraExtraLarge keeps every layout at \
                    those three content size categories (layouts of categories left out are removed); \
                    pseudo-locales accented,double lays out every label in those pseudolanguages too; \
                    default-family "Inter, Noto Sans CJK SC" sets the system font; \
                    font-substitutes "Avenir Next=Inter" sets labels in Avenir Next in Inter; \
                    devices "iPhone SE (3rd generation),iPhone 16 Pro Max" lays the labels of storyboard and \
                    xib scenes out on those two devices (names of the device table of docs/autolayout.md).
                    """,
                arguments: [ArgumentSpec(name: "name", help: "The setting: \(CatalogSetting.allCases.map(settingName).joined(separator: ", "))."),
                            ArgumentSpec(name: "value", help: "Its new value.")]) { arguments in
            let setting = try settingOption(arguments.positionals[0], arguments: arguments)
            let catalog = try openCatalog(arguments)
            let started = monotonicSeconds()
            let stored = try catalog.setSetting(setting, to: arguments.positionals[1])
            let summary = try catalog.layOutQueued()
            writeOutput("Set \(settingName(setting)) = \(stored.isEmpty ? "(none)" : printable(stored)); laid out \(counted(summary.written, "layout")) of \(counted(summary.labels, "label")) in \(formatted(monotonicSeconds() - started)) s.")
            return 0
        },
    ])

/// A setting's name on the command line: its key with dashes (`default_family` → `default-family`).
func settingName(_ setting: CatalogSetting) -> String {
    String(setting.key.map { $0 == "_" ? "-" : $0 })
}

/// The setting a command-line name stands for (a usage error for any other name).
func settingOption(_ name: String, arguments: ParsedArguments) throws -> CatalogSetting {
    let names = CatalogSetting.allCases.map(settingName)
    guard let setting = CatalogSetting.allCases.first(where: { settingName($0) == name || $0.key == name }) else {
        throw UsageError(message: "Unknown setting '\(name)'.\(suggestion(name, names, prefix: "")) (one of \(names.joined(separator: ", ")))",
                         commandPath: arguments.path)
    }
    return setting
}

/// A string as a JSON string literal.
private func jsonString(_ text: String) -> String {
    JSONValue.string(text).jsonString()
}
