import LabelJSON

/// One thing an import yields, in file order: a file as it starts, then its texts, labels and
/// warnings.
public enum ImportedItem: Sendable, Hashable {
    case file(ImportedFile)
    case string(LocalizedString)
    case label(InterfaceLabel)
    case warning(ImportWarning)
}

/// The formats labelcat reads.
public enum FileFormat: String, Sendable, Hashable, CaseIterable {
    /// `.strings`: a strings table (old-style property list; or an XML property list).
    case stringsTable
    /// `.stringsdict`: plural, device and width rules.
    case stringsDictionary
    /// `.xcstrings`: a String Catalog.
    case stringCatalog
    /// `.xliff` from Xcode's export, alone or in an `.xcloc` folder.
    case xliff
    /// `.xib` and `.storyboard`.
    case interfaceBuilder
}

extension FileFormat {
    /// The format of Xcode's files with this path's extension (`.strings`, `.xcstrings`,
    /// `.storyboard`, …); nil for any other.
    public init?(pathExtension path: String) {
        guard let format = FileFinder.formatsByExtension[FileFinder.pathExtension(path)] else { return nil }
        self = format
    }
}

/// A file about to be read.
public struct ImportedFile: Sendable, Hashable {
    public var path: String
    public var format: FileFormat
    /// The locale its `*.lproj` folder (or `.xcloc`) names; "" for `Base.lproj`; nil where the
    /// file names its own locales (String Catalogs, XLIFF).
    public var locale: String?
    /// The strings table its texts belong to: the file's name without extension (String
    /// Catalogs and storyboards alike); nil for XLIFF, whose `<file>`s name theirs.
    public var table: String?

    public init(path: String, format: FileFormat, locale: String?, table: String?) {
        self.path = path
        self.format = format
        self.locale = locale
        self.table = table
    }
}

/// The state of a translation, as String Catalogs and XLIFF record it.
public enum TranslationState: String, Sendable, Hashable, CaseIterable {
    case translated
    case needsReview = "needs_review"
    /// Not translated yet: the value, if any, is a placeholder.
    case new
    /// The source text changed or went away since the translation was made.
    case stale
}

/// One text of a strings table in one locale: a `.strings` entry, one plural form or device
/// variation of a stringsdict or String Catalog entry, or an XLIFF target.
public struct LocalizedString: Sendable, Hashable {
    /// The table (`Localizable`, `Main`, `InfoPlist`).
    public var table: String
    public var key: String
    /// A BCP 47 language tag (`de`, `pt-BR`, `zh-Hans`); "" for `Base.lproj`.
    public var locale: String
    /// Which variant of the key's text: "" for the only one, else segments such as
    /// `plural.one`, `device.iphone`, `device.iphone.plural.other`,
    /// `plural.files.one.plural.folders.other` (see docs/xcode-files.md).
    public var variant: String
    /// The text, format specifiers and all.
    public var value: String
    /// The translation state, where the format records one.
    public var state: TranslationState?
    /// True for the development language's own text (a String Catalog's `sourceLanguage`, an
    /// XLIFF whose target language is its source language).
    public var isSourceLanguage = false
    /// A String Catalog key's `extractionState` (`manual`, `stale`, `extracted_with_value`, …).
    public var extractionState: String?
    /// False for a String Catalog key marked "Don't translate".
    public var shouldTranslate = true
    /// The translator's comment: a String Catalog `comment`, an XLIFF `<note>`, the comment
    /// above a `.strings` entry.
    public var comment: String?
    public var source: FileLocation

    public init(table: String, key: String, locale: String, variant: String = "", value: String,
                state: TranslationState? = nil, source: FileLocation) {
        self.table = table
        self.key = key
        self.locale = locale
        self.variant = variant
        self.value = value
        self.state = state
        self.source = source
    }

    /// Whether the text is laid out: every text the app shows. A `new` translation is a
    /// placeholder the app does not ship (it shows the development language instead), unless
    /// it is the development language's own text.
    public var isLaidOut: Bool { state != .new || isSourceLanguage }
}

/// A `UILabel` of an Interface Builder file, as a label definition in labelcat's JSON.
public struct InterfaceLabel: Sendable, Hashable {
    /// The definition: `name`, `key`, `text`, `frame`, `font`, `numberOfLines`, … (see
    /// docs/xcode-files.md for every field).
    public var definition: JSONValue
    /// The object ID Interface Builder gave the label (`abc-12-xyz`).
    public var objectID: String
    /// The strings table of its translations: the file's name without extension.
    public var table: String
    /// The locale of its own text: "" for `Base.lproj`.
    public var locale: String
    public var source: FileLocation

    public init(definition: JSONValue, objectID: String, table: String, locale: String, source: FileLocation) {
        self.definition = definition
        self.objectID = objectID
        self.table = table
        self.locale = locale
        self.source = source
    }
}

/// Something an import read past but a user should know.
public enum ImportWarning: Sendable, Hashable, CustomStringConvertible {
    /// A key given twice in one table: the last value wins, as Apple's reader does.
    case duplicateKey(FileLocation, key: String, firstLine: Int?)
    /// A `/*` comment still open at the end of a strings table (Apple's reader ignores the rest
    /// of the file too).
    case unterminatedComment(FileLocation)
    /// An Interface Builder label without a `<rect key="frame">`: skipped.
    case labelWithoutFrame(FileLocation, objectID: String)
    /// A file a folder search found but cannot read as what it is named (a strings table
    /// outside any `*.lproj` folder).
    case skippedFile(path: String, reason: String)

    public var description: String {
        switch self {
        case .duplicateKey(let location, let key, let firstLine):
            let first = firstLine.map { " (first on line \($0))" } ?? ""
            return "\(location): key \"\(key)\" given again\(first); the last value is used"
        case .unterminatedComment(let location):
            return "\(location): /* comment not closed; the rest of the file is ignored"
        case .labelWithoutFrame(let location, let objectID):
            return "\(location): label \(objectID) has no frame; skipped"
        case .skippedFile(let path, let reason):
            return "\(path): skipped: \(reason)"
        }
    }
}
