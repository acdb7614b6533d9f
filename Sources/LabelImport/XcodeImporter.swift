#if canImport(Glibc)
import Glibc
#endif
import LabelJSON

/// How an import reads what it finds.
public struct ImportOptions: Sendable, Hashable {
    /// The locale of strings tables and stringsdict files named on their own outside any
    /// `*.lproj` folder (those found in a folder are skipped with a warning).
    public var locale: String?
    /// The development language: which copy of an Interface Builder file that is localized by
    /// copies (`en.lproj/Main.storyboard`, `de.lproj/Main.storyboard`, no `Base.lproj`) defines the
    /// labels. Without it, English, else the first copy.
    public var developmentLanguage: String?

    public init(locale: String? = nil, developmentLanguage: String? = nil) {
        self.locale = locale
        self.developmentLanguage = developmentLanguage
    }
}

/// Everything one import read.
public struct ImportResult: Sendable {
    public var files: [ImportedFile] = []
    public var strings: [LocalizedString] = []
    public var labels: [InterfaceLabel] = []
    public var warnings: [ImportWarning] = []
}

/// Reads Xcode's files: strings tables, stringsdict files, String Catalogs, XLIFF (`.xliff`,
/// `.xcloc`) and Interface Builder documents, named one by one or found in folders.
///
/// ```swift
/// let importer = try XcodeImporter(paths: ["MyApp/"])
/// try importer.read { (item: ImportedItem) throws(CatalogError) in
///     switch item { case .string(let text): …; case .label(let label): …; default: break }
/// }
/// ```
///
/// Creating an importer finds the files (and fails on a path that cannot be read); `read`
/// reads them one after another, each in one pass, handing on every item as soon as it is
/// read, so memory stays flat however large the files.
public struct XcodeImporter: Sendable {
    /// One file to read, with what the plan decided about it.
    struct PlannedFile: Sendable, Hashable {
        var file: ImportedFile
        /// Interface Builder: what its labels become.
        var labelNamePrefix: String?
        /// XLIFF in an `.xcloc`: the catalog's target locale (from `contents.json`).
        var fallbackLocale: String?
    }

    let planned: [PlannedFile]
    /// Files found but not read, and why (a strings table outside any `*.lproj` folder).
    let skipped: [ImportWarning]

    /// The files that will be read, in order.
    public var files: [ImportedFile] { planned.map(\.file) }

    /// The locale a file's nearest `*.lproj` folder names ("" for `Base.lproj`); nil outside any.
    public static func lprojLocale(of path: String) -> String? {
        FileFinder.lprojLocale(of: path)
    }

    /// Plans an import of `paths`: files are read whatever their extension (recognized by
    /// content when it is not one of Xcode's), folders are searched (see docs/xcode-files.md
    /// for what a search skips).
    public init(paths: [String], options: ImportOptions = ImportOptions()) throws(ImportError) {
        var finder = FileFinder(options: options)
        for path in paths { try finder.add(path) }
        planned = finder.plan()
        skipped = finder.skipped
    }

    /// Reads every planned file (or those `including` accepts), handing each item to
    /// `handle` in file order. The warnings about files a search skipped come first.
    public func read<E: Error>(including: (ImportedFile) -> Bool = { _ in true },
                               _ handle: (ImportedItem) throws(E) -> Void) throws(ImportFailure<E>) {
        func emit(_ item: ImportedItem) throws(ImportFailure<E>) {
            do throws(E) { try handle(item) } catch { throw .handler(error) }
        }
        for warning in skipped { try emit(.warning(warning)) }
        for plannedFile in planned where including(plannedFile.file) {
            try emit(.file(plannedFile.file))
            try Self.read(plannedFile, emit: emit)
        }
    }

    /// Reads everything into memory (for small imports and tests).
    public func readAll() throws(ImportError) -> ImportResult {
        var result = ImportResult()
        do throws(ImportFailure<Never>) {
            try read { (item: ImportedItem) throws(Never) in
                switch item {
                case .file(let file): result.files.append(file)
                case .string(let string): result.strings.append(string)
                case .label(let label): result.labels.append(label)
                case .warning(let warning): result.warnings.append(warning)
                }
            }
        } catch {
            switch error {
            case .file(let failure): throw failure
            }
        }
        return result
    }

    /// The largest strings table or stringsdict read (32 MiB): their readers hold a whole file
    /// (as UTF-16 text, or as an XML tree), so a larger one is refused before it is read, and
    /// memory stays bounded whatever a file's size (a 2 GB file of zeros costs nothing to commit).
    /// The streaming readers (String Catalogs, XLIFF, Interface Builder) take files of any size.
    public static let maximumWholeFileBytes = 32 << 20

    private static func read<E: Error>(_ planned: PlannedFile,
                                       emit: (ImportedItem) throws(ImportFailure<E>) -> Void) throws(ImportFailure<E>) {
        let file = try ImportFailure<E>.attempt { () throws(ImportError) in try MappedFile(path: planned.file.path) }
        if [.stringsTable, .stringsDictionary].contains(planned.file.format), file.count > maximumWholeFileBytes {
            throw .file(.tooLarge(path: file.path, bytes: file.count, limit: maximumWholeFileBytes))
        }
        let table = planned.file.table ?? ""
        let locale = planned.file.locale ?? ""
        switch planned.file.format {
        case .stringsTable:
            try StringsTableReader.read(file, table: table, locale: locale, emit: emit)
        case .stringsDictionary:
            try StringsDictionaryReader.read(file, table: table, locale: locale, emit: emit)
        case .stringCatalog:
            try StringCatalogReader.read(file, table: table, emit: emit)
        case .xliff:
            try XLIFFReader.read(file, locale: planned.fallbackLocale, emit: emit)
        case .interfaceBuilder:
            let role: InterfaceBuilderReader.Role = planned.labelNamePrefix.map { .labels(namePrefix: $0) } ?? .translations
            try InterfaceBuilderReader.read(file, table: table, locale: locale, role: role, emit: emit)
        }
    }
}

/// Finds the files of an import and decides what each is.
struct FileFinder {
    let options: ImportOptions
    private(set) var found: [XcodeImporter.PlannedFile] = []
    private(set) var skipped: [ImportWarning] = []
    private var seen: Set<String> = []
    private var visitedFolders: Set<[UInt64]> = []

    init(options: ImportOptions) {
        self.options = options
    }

    /// Folders a search does not enter: other people's code and build products.
    static let skippedFolders: Set<String> = ["Pods", "Carthage", "DerivedData", "node_modules"]
    static let skippedFolderExtensions: Set<String> = ["xcodeproj", "xcworkspace", "xcassets", "framework", "xcframework", "app", "dSYM"]

    static let formatsByExtension: [String: FileFormat] = [
        "strings": .stringsTable, "stringsdict": .stringsDictionary, "xcstrings": .stringCatalog,
        "xliff": .xliff, "xlf": .xliff, "xib": .interfaceBuilder, "storyboard": .interfaceBuilder,
    ]

    mutating func add(_ path: String) throws(ImportError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .unreadable(path: path, reason: MappedFile.errorText()) }
        if status.st_mode & S_IFMT == S_IFDIR {
            if Self.pathExtension(path) == "xcloc" {
                try addLocalizationCatalog(path)
            } else {
                try search(path)
            }
        } else if status.st_mode & S_IFMT == S_IFREG {
            var format = Self.formatsByExtension[Self.pathExtension(path)]
            if format == nil { format = try Self.sniff(path) }
            try addFile(path, format: format!, named: true)
        } else {
            throw .unreadable(path: path, reason: "neither a file nor a folder")
        }
    }

    private mutating func search(_ folder: String) throws(ImportError) {
        var status = stat()
        guard stat(folder, &status) == 0 else { throw .unreadable(path: folder, reason: MappedFile.errorText()) }
        guard visitedFolders.insert([UInt64(status.st_dev), UInt64(status.st_ino)]).inserted else { return }
        for name in try Self.entries(of: folder) {
            guard !name.hasPrefix(".") else { continue }
            let path = Self.join(folder, name)
            var entry = stat()
            guard stat(path, &entry) == 0 else {
                // A link to nowhere, a path longer than the system takes (PATH_MAX), a loop of
                // links: said, not passed over in silence.
                skipped.append(.skippedFile(path: path, reason: "cannot be read: \(MappedFile.errorText())"))
                continue
            }
            if entry.st_mode & S_IFMT != S_IFDIR, entry.st_mode & S_IFMT != S_IFREG {
                // A FIFO, a device (or a link to one), a socket: never opened (a FIFO would block).
                if Self.formatsByExtension[Self.pathExtension(name)] != nil {
                    skipped.append(.skippedFile(path: path, reason: "not a regular file (a FIFO, a device or a socket)"))
                }
                continue
            }
            if entry.st_mode & S_IFMT == S_IFDIR {
                let pathExtension = Self.pathExtension(name)
                if pathExtension == "xcloc" {
                    try addLocalizationCatalog(path)
                } else if !Self.skippedFolders.contains(name), !Self.skippedFolderExtensions.contains(pathExtension) {
                    try search(path)
                }
            } else if entry.st_mode & S_IFMT == S_IFREG, let format = Self.formatsByExtension[Self.pathExtension(name)] {
                try addFile(path, format: format, named: false)
            }
        }
    }

    /// An `.xcloc`: the XLIFF files of `Localized Contents`, in the locale `contents.json` names.
    /// `Source Contents` (copies of the project's own files) is not read.
    private mutating func addLocalizationCatalog(_ folder: String) throws(ImportError) {
        var locale: String?
        let contentsPath = Self.join(folder, "contents.json")
        if access(contentsPath, R_OK) == 0 {
            let contents = try MappedFile(path: contentsPath)
            do throws(JSONParseError) {
                locale = try JSONValue.parse(contents.bytes)["targetLocale"]?.string
            } catch {
                throw .malformed(FileLocation(file: contentsPath), key: nil, problem: .json(error.description))
            }
        }
        let localized = Self.join(folder, "Localized Contents")
        for name in try Self.entries(of: localized) where Self.pathExtension(name) == "xliff" {
            let path = Self.join(localized, name)
            guard seen.insert(path).inserted else { continue }
            found.append(.init(file: ImportedFile(path: path, format: .xliff, locale: nil, table: nil), fallbackLocale: locale))
        }
    }

    private mutating func addFile(_ path: String, format: FileFormat, named: Bool) throws(ImportError) {
        guard seen.insert(path).inserted else { return }
        let lproj = Self.lprojLocale(of: path)
        var file = ImportedFile(path: path, format: format, locale: lproj, table: Self.baseName(path))
        switch format {
        case .stringsTable, .stringsDictionary:
            guard let locale = lproj ?? options.locale else {
                if named { throw .unknownLocale(path: path) }
                skipped.append(.skippedFile(path: path, reason: "not inside a *.lproj folder, so its locale is unknown"))
                return
            }
            file.locale = locale
        case .stringCatalog:
            file.locale = nil
        case .xliff:
            file.locale = nil
            file.table = nil
        case .interfaceBuilder:
            file.locale = lproj ?? ""
        }
        found.append(.init(file: file))
    }

    /// The plan: files in the order found; Interface Builder files localized by copies read
    /// once for labels (the Base copy, else the development language's) and otherwise for
    /// translations; labels named by file name, with parent folders where two files share one.
    func plan() -> [XcodeImporter.PlannedFile] {
        var plan = found
        // Copies of one document: same file name in sibling `*.lproj` folders.
        var groups: [String: [Int]] = [:]
        for (index, planned) in plan.enumerated() where planned.file.format == .interfaceBuilder {
            groups[Self.documentIdentity(planned.file.path), default: []].append(index)
        }
        var defining: [Int] = []
        for members in groups.values {
            let locales = members.map { plan[$0].file.locale ?? "" }
            let preferred = [""] + [options.developmentLanguage, "en"].compactMap { $0 }
            let chosen = preferred.lazy.compactMap { locale in locales.firstIndex(of: locale) }.first ?? 0
            defining.append(members[chosen])
        }
        for index in defining {
            plan[index].labelNamePrefix = Self.fileName(plan[index].file.path)
        }
        // Labels named `File.storyboard/ID`; where two defining files share a file name, their
        // parent folders (without `*.lproj`) are added until the names differ.
        var byName: [String: [Int]] = [:]
        for index in defining { byName[Self.fileName(plan[index].file.path), default: []].append(index) }
        for members in byName.values where members.count > 1 {
            let folders = members.map { Self.folders(of: plan[$0].file.path) }
            var depth = 1
            while depth < (folders.map(\.count).max() ?? 0),
                  Set(folders.map { $0.suffix(depth).joined(separator: "/") }).count < members.count {
                depth += 1
            }
            for (member, memberFolders) in zip(members, folders) {
                let prefix = memberFolders.suffix(depth).joined(separator: "/")
                let name = Self.fileName(plan[member].file.path)
                plan[member].labelNamePrefix = prefix.isEmpty ? name : prefix + "/" + name
            }
        }
        return plan
    }

    // MARK: Paths

    static func pathExtension(_ path: String) -> String {
        let name = fileName(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    static func fileName(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed.split(separator: "/").last ?? trimmed)
    }

    /// The file name without its extension: the table of a strings file or a storyboard.
    static func baseName(_ path: String) -> String {
        let name = fileName(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The folders a path is in, without `*.lproj` folders, outermost first.
    static func folders(of path: String) -> [String] {
        path.split(separator: "/").dropLast().filter { !$0.hasSuffix(".lproj") && $0 != "." }.map(String.init)
    }

    /// A path with its `*.lproj` folder left out: copies of one localized document share it.
    static func documentIdentity(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).filter { !$0.hasSuffix(".lproj") }.joined(separator: "/")
    }

    /// The locale of the nearest `*.lproj` folder around a file: `de.lproj` → `de`,
    /// `pt_BR.lproj` → `pt-BR`, `Base.lproj` → "", the old names (`English.lproj`) by their
    /// languages; nil outside any.
    static func lprojLocale(of path: String) -> String? {
        guard let folder = path.split(separator: "/").dropLast().last(where: { $0.hasSuffix(".lproj") }) else { return nil }
        let name = String(folder.dropLast(".lproj".count))
        if name == "Base" { return "" }
        if let language = legacyLanguageNames[name] { return language }
        return name.replacingAll("_", with: "-")
    }

    /// The language names of old `*.lproj` folders.
    static let legacyLanguageNames = [
        "English": "en", "French": "fr", "German": "de", "Japanese": "ja", "Spanish": "es",
        "Italian": "it", "Dutch": "nl", "Swedish": "sv", "Danish": "da", "Norwegian": "nb",
        "Finnish": "fi", "Portuguese": "pt", "Korean": "ko", "Russian": "ru", "Polish": "pl",
    ]

    /// The names in a folder, sorted (so an import reads in the same order everywhere).
    static func entries(of folder: String) throws(ImportError) -> [String] {
        guard let directory = opendir(folder) else { throw .unreadable(path: folder, reason: MappedFile.errorText()) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The format of a file whose extension is not one of Xcode's, from its first bytes.
    static func sniff(_ path: String) throws(ImportError) -> FileFormat {
        let file = try MappedFile(path: path)
        let head = String(decoding: file.bytes.prefix(4096), as: UTF8.self)
        if head.firstRange(of: "<xliff") != nil { return .xliff }
        if head.firstRange(of: "<document") != nil, head.firstRange(of: "InterfaceBuilder") != nil { return .interfaceBuilder }
        if head.firstRange(of: "NSStringLocalizedFormatKey") != nil || head.firstRange(of: "NSStringDeviceSpecificRuleType") != nil {
            return .stringsDictionary
        }
        let trimmed = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("{"), head.firstRange(of: "\"sourceLanguage\"") != nil { return .stringCatalog }
        // A strings table: its first entry or comment, or UTF-16 text (no other format is).
        if trimmed.hasPrefix("\"") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("//")
            || TextEncoding.detect(file.bytes).0 != .utf8 {
            return .stringsTable
        }
        throw .unsupportedFile(path: path)
    }
}
