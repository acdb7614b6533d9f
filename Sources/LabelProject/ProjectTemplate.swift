import LabelImport
import LabelYAML

/// A starting `labelcat.yml` for an Xcode project, commented so a person can finish it: the
/// folders holding the project's localized and Interface Builder files as `sources`, its
/// development region and known regions as `developmentLanguage` and `locales`, the fonts its
/// Info.plist files name under `UIAppFonts` as `fonts`, and every other key as a commented-out
/// example.
public enum ProjectTemplate {
    /// The file's text for `project`, written in `folder` (the project's paths are made relative
    /// to it; give it in the same form, relative or absolute, as the project's path).
    public static func text(for project: XcodeProject, in folder: String) -> String {
        var lines: [String] = []
        func add(_ line: String = "") { lines.append(line) }
        func comment(_ text: String) { add("# " + PrintableText.escaped(text)) }
        func relative(_ path: String) -> String { ProjectPath.relative(path, to: folder) }

        comment("labelcat.yml: labelcat's set-up for \(fileName(project.path)), written from the project to start from.")
        comment("Keys commented out show an example; labelcat's docs/project-file.md explains every key.")
        for warning in project.skipped { comment("Note: \(warning)") }
        add()

        let sources = project.localizedFolders.map(relative)
        if sources.isEmpty {
            comment("The project names no localized or Interface Builder files: an import reads this whole folder.")
            add("# sources: [.]")
        } else {
            comment("What an import reads: the folders holding the project's strings tables, String Catalogs")
            comment("and Interface Builder files.")
            add("sources:")
            for source in sources { add("  - " + scalar(source == "." ? "." : source + "/")) }
        }
        comment("Files and folders an import leaves out (path globs, relative to this folder).")
        add("# exclude: [\"**/*Tests*/**\"]")
        add()

        if let region = project.developmentRegion, let language = locale(ofRegion: region), !language.isEmpty {
            comment("The language of the base texts: the project's development region.")
            add("developmentLanguage: " + scalar(language))
        } else {
            comment("The language of the base texts (the project names no development region labelcat can read).")
            add("# developmentLanguage: en")
        }
        var locales: [String] = []
        for region in project.knownRegions {
            if let locale = locale(ofRegion: region), !locale.isEmpty, !locales.contains(locale) { locales.append(locale) }
        }
        if locales.isEmpty {
            comment("The locales checked (default: every locale the sources hold).")
            add("# locales: [en, de]")
        } else {
            comment("The locales checked: the project's known regions.")
            add("locales: [" + locales.map(scalar).joined(separator: ", ") + "]")
        }
        add()

        comment("The devices scenes are laid out on (default: each file on the device it was designed for).")
        add("# devices: [iPhone SE (3rd generation), iPhone 16 Pro Max]")
        comment("The text sizes laid out (default: large).")
        add("# categories: [large, accessibilityExtraExtraExtraLarge]")
        comment("Xcode's pseudolanguages, laid out for every label.")
        add("# pseudoLanguages: [accented, double, rtl]")
        add()

        let found = project.appFonts.compactMap(\.path)
        if found.isEmpty {
            comment("The app's own font files, folders or globs (the project's Info.plist files name none under UIAppFonts).")
            add("# fonts: [App/Fonts/]")
        } else {
            comment("The app's own fonts: the files its Info.plist names under UIAppFonts.")
            add("fonts:")
            for path in found { add("  - " + scalar(relative(path))) }
        }
        for font in project.appFonts where font.path == nil {
            comment("\(relative(font.infoPlist)) names \(font.name) under UIAppFonts; no such file was found in the project.")
        }
        comment("Families set in other families: fonts the app names but does not ship.")
        add("# fontSubstitutes: {Avenir Next: Inter}")
        comment("The system font's families (default: labelcat's stand-in for SF Pro).")
        add("# defaultFamily: [Inter, Noto Sans CJK SC]")
        add()

        comment("Design tokens (DTCG JSON) labels may refer to.")
        add("# tokens: Design/tokens.json")
        comment("Labels made in code: one per strings-table key an entry's glob matches.")
        add("# labels:")
        add("#   - keys: \"Localizable:settings.*.title\"")
        add("#     frame: {width: device - 32, height: auto}")
        add("#     font: {textStyle: body}")
        add("#     numberOfLines: 1")
        comment("Changes to imported labels, kept by every import.")
        add("# overrides:")
        add("#   Main.storyboard/abc-12-xyz: {numberOfLines: 2}")
        comment("Findings left out, with the reason.")
        add("# ignore:")
        add("#   - label: Main.storyboard/abc-12-xyz")
        add("#     reason: its text is set in code")
        comment("The findings accepted for now.")
        add("# baseline: labelcat-baseline.json")
        comment("The catalog: a cache, deleted at will (default: \(ProjectConfiguration.defaultCatalog)).")
        add("# catalog: \(ProjectConfiguration.defaultCatalog)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The last component of a path (`Shop.xcodeproj`).
    private static func fileName(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed.split(separator: "/").last ?? trimmed)
    }

    /// A region as a locale: `Base` as "", the old names (`English`) as languages, `_` as `-`;
    /// nil when it is no language tag.
    static func locale(ofRegion region: String) -> String? {
        guard let locale = XcodeImporter.lprojLocale(of: region + ".lproj/File") else { return nil }
        return locale.isEmpty || LocaleName.isValid(locale) ? locale : nil
    }

    /// `text` as a YAML scalar that reads back as that string: plain when it is plainly a
    /// string (letters, digits, spaces inside, `_ . / ( ) + -`, starting with a letter or
    /// digit, and no word YAML reads as null or a boolean), else double-quoted with escapes.
    static func scalar(_ text: String) -> String {
        let ambiguous: Set<String> = ["null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE",
                                      "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
                                      "y", "Y", "n", "N"]
        let scalars = Array(text.unicodeScalars)
        func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_./()+-".unicodeScalars.contains(scalar))
        }
        if text == "." { return text }
        if let first = scalars.first, let last = scalars.last, first.isASCII, first.properties.isAlphabetic, last != " ",
           scalars.allSatisfy({ isWordCharacter($0) || $0 == " " }), !ambiguous.contains(text) {
            return text
        }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F..<0xA0).contains(value) || value == 0x2028 || value == 0x2029
                    || (0x200E...0x200F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0xFEFF {
                    let hex = String(value, radix: 16, uppercase: true)
                    quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
