import AutoLayout
import LabelJSON
import LabelLayout
import LabelModel
import LabelYAML

/// A team's labelcat set-up as its project file, `labelcat.yml`, gives it, every key and value
/// checked (docs/project-file.md). Paths are resolved against the file's folder; globs are
/// read; names of devices, content size categories and pseudolanguages are known ones; label
/// fields are checked as label definitions check them.
///
/// ```swift
/// guard let file = ProjectFile.find(from: ".") else { … }
/// let project = try ProjectConfiguration(contentsOf: file)
/// project.categories       // [.large, .accessibilityExtraExtraExtraLarge]
/// try project.labelRule(forKey: "Localizable:settings.general.title")?.fields.json(deviceWidth: 375)
/// ```
public struct ProjectConfiguration: Sendable, Hashable {
    /// The project file's path, as given.
    public var file: String
    /// The folder it is in: relative paths and path globs are read against it.
    public var folder: String

    /// What an import reads: files and folders, or path globs. Default: the project folder.
    public var sources: [ProjectPath]
    /// Path globs of files and folders an import leaves out (matched against paths relative
    /// to the project folder, and against each folder a path is in).
    public var exclude: [Glob]
    /// The language of the base texts; nil when not given.
    public var developmentLanguage: String?
    /// The locales checked (language tags, `base` for the base texts); nil: every locale the
    /// sources hold.
    public var locales: [String]?
    /// The devices scenes are laid out on; empty: each file on the device it was designed for.
    public var devices: [Device]
    /// The content size categories laid out; default `[.large]`.
    public var categories: [ContentSizeCategory]
    /// Xcode's pseudolanguages laid out for every label; default none.
    public var pseudoLanguages: [PseudoLanguage]
    /// The app's own font files (files, folders or path globs); nil: the files the app's
    /// Info.plist names under `UIAppFonts`.
    public var fonts: [ProjectPath]?
    /// Families set in other families; default none.
    public var fontSubstitutes: FontSubstitutes
    /// The system font's families (or font files), comma-separated as the engine takes them;
    /// nil: labelcat's own (`SystemFont.families`).
    public var defaultFamily: String?
    /// Design token files (DTCG JSON), resolved; default none.
    public var tokens: [ProjectPath]
    /// Labels made in code: one per strings-table key an entry matches.
    public var labels: [LabelRule]
    /// Changes to imported labels, applied in file order.
    public var overrides: [LabelOverride]
    /// Findings left out, with the reason.
    public var ignore: [IgnoreRule]
    /// The baseline file of accepted findings, resolved; nil: none.
    public var baseline: String?
    /// The catalog, resolved: a cache that can be deleted at any time.
    public var catalog: String

    /// The project file's name.
    public static let fileName = "labelcat.yml"
    /// The catalog's path when `catalog` is not given, relative to the project folder.
    public static let defaultCatalog = ".labelcat/catalog.sqlite"

    /// The settings of a file that sets nothing, for a project file at `file`.
    public init(file: String) {
        self.file = file
        folder = ProjectPath.folder(of: file)
        sources = [ProjectPath(spelling: ".", path: folder, glob: nil, line: nil)]
        exclude = []
        devices = []
        categories = [.large]
        pseudoLanguages = []
        fontSubstitutes = .none
        tokens = []
        labels = []
        overrides = []
        ignore = []
        catalog = ProjectPath.resolve(Self.defaultCatalog, in: folder)
    }

    /// Whether an import leaves `path` out: a path relative to the project folder (or under it,
    /// as sources resolve) matched by an `exclude` glob, itself or one of its folders.
    public func isExcluded(_ path: String) -> Bool {
        guard !exclude.isEmpty else { return false }
        let relative = ProjectPath.relative(path, to: folder)
        return exclude.contains { $0.matchesPathOrFolder(relative) }
    }

    /// The `labels` entry that makes a label of a strings-table key (`TABLE:KEY`); nil when
    /// none matches. Two entries matching one key is an error naming both lines.
    public func labelRule(forKey key: String) throws(ProjectError) -> LabelRule? {
        var found: LabelRule?
        for rule in labels where rule.keys.matches(key) {
            if let first = found {
                throw ProjectError(file: file, mark: rule.mark, key: ProjectKey.labels.rawValue,
                                   problem: .keyMatchedTwice(key: key, firstLine: first.mark.line, secondLine: rule.mark.line))
            }
            found = rule
        }
        return found
    }

    /// The fields the `overrides` matching a label's name set, merged in file order (a later
    /// entry's field replaces an earlier one's; frame members one by one); nil when none matches.
    public func overrideFields(forLabel name: String) -> LabelFields? {
        var merged: LabelFields?
        for override in overrides where override.label.matches(name) {
            merged = merged.map { $0.merging(override.fields) } ?? override.fields
        }
        return merged
    }

    /// The first `ignore` entry that covers a finding of a label in a locale ("" for the base
    /// text) at a content size category; nil when none does.
    public func ignoreRule(label: String, locale: String, category: ContentSizeCategory) -> IgnoreRule? {
        ignore.first { $0.matches(label: label, locale: locale, category: category) }
    }
}

/// The top-level keys of a project file, in the order they are read.
public enum ProjectKey: String, Sendable, CaseIterable {
    case sources, exclude, developmentLanguage, locales, devices, categories, pseudoLanguages, fonts
    case fontSubstitutes, defaultFamily, tokens, labels, overrides, ignore, baseline, catalog
}

/// A path a project file names: as written, resolved against the project folder, and, when it
/// holds a wildcard, its glob (relative to the project folder).
public struct ProjectPath: Sendable, Hashable, CustomStringConvertible {
    /// As written in the file.
    public var spelling: String
    /// Resolved against the project folder, `.` and `..` components worked out. For a glob, the
    /// folder its matches are searched in (its components before the first wildcard).
    public var path: String
    /// The path glob, matched against paths relative to the project folder; nil for a plain path.
    public var glob: Glob?
    /// The line it is written on; nil for a default.
    public var line: Int?
    /// Where it is written (line and column); nil for a default.
    public var mark: YAMLMark?

    public var description: String { spelling }

    /// The folder of a file path: `.` for a bare name, `/` for a file in the root.
    static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        let folder = String(file[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// `path` resolved against `folder` (unless absolute), `.` and `..` components worked out
    /// where they can be, without touching the file system.
    static func resolve(_ path: String, in folder: String) -> String {
        let joined = path.hasPrefix("/") ? path : folder + "/" + path
        let absolute = joined.hasPrefix("/")
        var parts: [Substring] = []
        for part in joined.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let body = parts.joined(separator: "/")
        return absolute ? "/" + body : (body.isEmpty ? "." : body)
    }

    /// A path relative to `folder` when it is inside it (as `resolve` writes paths), else as given.
    public static func relativeToProject(_ path: String, in folder: String) -> String {
        relative(path, to: folder)
    }

    /// A path relative to `folder` when it is inside it (as `resolve` writes paths), else as given.
    static func relative(_ path: String, to folder: String) -> String {
        let resolved = resolve(path, in: folder)
        if folder == "." { return resolved }
        let base = resolve(folder, in: ".")
        if resolved == base { return "." }
        let prefix = base == "/" ? "/" : base + "/"
        return resolved.hasPrefix(prefix) ? String(resolved.dropFirst(prefix.count)) : resolved
    }
}

/// A `labels` entry: the strings-table keys it makes labels of, and their fields.
public struct LabelRule: Sendable, Hashable {
    public var keys: KeyPattern
    /// The label fields; the frame is complete (`x`, `y` 0 and `height` auto unless given).
    public var fields: LabelFields
    /// Where the entry starts.
    public var mark: YAMLMark
}

/// A `keys` pattern, `TABLE:GLOB`: a strings table (a name glob too) and a name glob of its keys.
public struct KeyPattern: Sendable, Hashable, CustomStringConvertible {
    public let table: Glob
    public let key: Glob

    public var description: String { table.pattern + ":" + key.pattern }

    /// Reads `TABLE:GLOB` (split at the first colon; both sides non-empty).
    public init(_ spelling: String) throws(GlobError) {
        guard let colon = spelling.firstIndex(of: ":"), colon != spelling.startIndex, spelling.index(after: colon) != spelling.endIndex else {
            throw GlobError(pattern: spelling, reason: "must be TABLE:GLOB, a strings table and a glob of its keys (Localizable:settings.*)")
        }
        table = try Glob(String(spelling[..<colon]), kind: .name)
        key = try Glob(String(spelling[spelling.index(after: colon)...]), kind: .name)
    }

    /// Whether a key `TABLE:KEY` (split at its first colon) matches.
    public func matches(_ tableKey: String) -> Bool {
        guard let colon = tableKey.firstIndex(of: ":") else { return false }
        return table.matches(String(tableKey[..<colon])) && key.matches(String(tableKey[tableKey.index(after: colon)...]))
    }
}

/// An `overrides` entry: the label name or name glob, and the fields it sets.
public struct LabelOverride: Sendable, Hashable {
    public var label: Glob
    /// The fields; the frame, when given, holds only the members written.
    public var fields: LabelFields
    public var mark: YAMLMark
}

/// An `ignore` entry: findings of labels matching `label`, of one locale and one content size
/// category when given, left out for `reason`.
public struct IgnoreRule: Sendable, Hashable {
    public var label: Glob
    /// A language tag (`base` for the base text); nil: every locale.
    public var locale: String?
    /// nil: every category.
    public var category: ContentSizeCategory?
    public var reason: String
    public var mark: YAMLMark

    /// Whether the entry covers a finding of a label in a locale ("" for the base text) at a
    /// category. Locales compare without regard to case, `_` as `-`.
    public func matches(label name: String, locale findingLocale: String, category findingCategory: ContentSizeCategory) -> Bool {
        guard label.matches(name) else { return false }
        if let category, category != findingCategory { return false }
        if let locale, LocaleName.normalized(locale) != LocaleName.normalized(findingLocale) { return false }
        return true
    }
}

/// Language tags as a project file writes them.
enum LocaleName {
    /// Lowercased with `_` as `-`; `base` (any case) as "" (the base text).
    static func normalized(_ tag: String) -> String {
        let lowered = tag.lowercased()
        return lowered == "base" ? "" : String(lowered.map { $0 == "_" ? "-" : $0 })
    }

    /// True for a BCP 47 language tag as Xcode names locales: a language of 2–8 letters, then
    /// subtags of 1–8 letters or digits, separated by `-` or `_` (`en`, `pt-BR`, `zh_Hant_TW`, `mul`).
    static func isValid(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let language = parts.first, (2...8).contains(language.count),
              language.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        }
    }
}
