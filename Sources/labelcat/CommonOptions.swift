import LabelCatalog
import LabelModel

/// The options several commands take, each declared once, and the kinds of option whose
/// reading several commands share (`--locale`, `--category`) with a help of their own.
enum CommonOptions {
    /// `--db PATH`, which every command takes (`globalOptions`) unless it works without a
    /// catalog (`Command.withoutCatalog`).
    static let db = Option<String>("db", "PATH", help: "The catalog file (default: $LABELCAT_DB, else ./labelcat.sqlite).")

    /// `-h, --help`: the parser answers it with the command's help.
    static let help = Flag("help", short: "h", help: "Show help information.")

    /// `--json` of the commands that print a record or a list.
    static let json = Flag("json", help: "Print JSON (one object per line for lists).")

    /// `--config PATH` of the commands that bring a project's catalog up to date.
    static let config = Option<String>("config", "PATH", help: "The project file (default: labelcat.yml here or in a folder above, unless --db or $LABELCAT_DB is given).")

    /// `--device NAME`: the layouts on one device of the device table (labels of storyboard and
    /// xib scenes are laid out per device; other labels hold on every device).
    static let device = Option<String>("device", "NAME", help: "Only layouts on this device, e.g. 'iPhone 16 Pro Max' (labels in no scene hold on every device).")

    /// `--category CATEGORY` of the commands that show one label's layout.
    static let category = Option.category(help: "At this content size category (default: the first the catalog keeps).")
}

extension Option where Value == String {
    /// A `--locale LOCALE` option, read as every command reads a locale: `base` (any case) or
    /// `''` for the base text's locale (""), the spelling outputs write.
    static func locale(help: String) -> Option {
        Option("locale", "LOCALE", help: help) { text, _ in LocaleTag.isBase(text) ? "" : text }
    }
}

extension Option where Value == ContentSizeCategory {
    /// A `--category CATEGORY` option: one content size category, read by `contentSizeCategory(named:option:commandPath:)`.
    static func category(help: String) -> Option {
        Option("category", "CATEGORY", help: help) { name, commandPath in try contentSizeCategory(named: name, option: "category", commandPath: commandPath) }
    }
}

extension RepeatableOption where Value == ContentSizeCategory {
    /// A repeatable `--category CATEGORY` option, each value read by `contentSizeCategory(named:option:commandPath:)`.
    static func categories(help: String) -> RepeatableOption {
        RepeatableOption("category", "CATEGORY", help: help) { name, commandPath in
            try contentSizeCategory(named: name, option: "category", commandPath: commandPath)
        }
    }
}

/// The value of option `--OPTION` read as every command reads a category's name (any case, or
/// AX1-AX5); a name that is none is a usage error with a suggestion.
func contentSizeCategory(named name: String, option: String, commandPath: [String]) throws -> ContentSizeCategory {
    guard let category = ContentSizeCategory(named: name) else {
        let names = ContentSizeCategory.allCases.map(\.rawValue)
        throw UsageError(message: "The value '\(name)' of '--\(option)' is not a content size category.\(suggestion(name, names, prefix: "")) (one of \(names.joined(separator: ", ")), or AX1-AX5)",
                         commandPath: commandPath)
    }
    return category
}
