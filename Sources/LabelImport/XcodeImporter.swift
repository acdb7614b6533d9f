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
    /// labels. Without it, the Xcode project's `developmentRegion` when the import finds one,
    /// else English, else the first copy.
    public var developmentLanguage: String?
    /// Globs of files and folders a search leaves out (docs/xcode-files.md, *Finding files*):
    /// a glob without `/` is matched against each file's and folder's name (`Debug.storyboard`,
    /// `*Tests`), one with `/` against its path below the folder named (`App/Debug.storyboard`,
    /// `LocalPackages/*`); `*` matches `/` too.
    public var excluded: [String]
    /// A file named on its own that is in none of Xcode's formats, or a strings table whose
    /// locale is unknown, is skipped with a warning instead of failing the import.
    public var skipsUnreadableFiles: Bool

    public init(locale: String? = nil, developmentLanguage: String? = nil, excluded: [String] = [],
                skipsUnreadableFiles: Bool = false) {
        self.locale = locale
        self.developmentLanguage = developmentLanguage
        self.excluded = excluded
        self.skipsUnreadableFiles = skipsUnreadableFiles
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
    public let skipped: [ImportWarning]
    /// The development region of the first Xcode project (`*.xcodeproj/project.pbxproj`) the
    /// import found or was given (`developmentRegion = en;`); nil when it found none.
    public let developmentRegion: String?
    /// Tables named alike in several folders, told apart by their folders (`App/Localizable`,
    /// `Widget/Localizable`), sorted; docs/xcode-files.md, *Tables*.
    public let qualifiedTables: [String]

    /// The files that will be read, in order.
    public var files: [ImportedFile] { planned.map(\.file) }

    /// For an Interface Builder file of `files` that defines labels, what their names start
    /// with (`Main.storyboard`, `App/Main.storyboard`: labels are `PREFIX/ID`); nil for other
    /// files and for copies that only translate (docs/xcode-files.md).
    public func labelNamePrefix(ofFile index: Int) -> String? {
        planned[index].labelNamePrefix
    }

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
        (planned, qualifiedTables) = finder.plan()
        skipped = finder.skipped
        developmentRegion = finder.developmentRegion
    }

    /// Reads every planned file (or those `including` accepts), handing each item to
    /// `handle` in file order. The warnings about files a search skipped come first. The
    /// first file that cannot be read stops it (`readFile` reads one file at a time).
    public func read<E: Error>(including: (ImportedFile) -> Bool = { _ in true },
                               _ handle: (ImportedItem) throws(E) -> Void) throws(ImportFailure<E>) {
        do throws(E) {
            for warning in skipped { try handle(.warning(warning)) }
        } catch {
            throw .handler(error)
        }
        for index in planned.indices where including(planned[index].file) {
            try readFile(at: index, handle)
        }
    }

    /// Reads the file at `index` of `files`, handing on `.file` and then its items: a caller
    /// that reads file by file can skip a file that cannot be read and go on with the next.
    public func readFile<E: Error>(at index: Int, _ handle: (ImportedItem) throws(E) -> Void) throws(ImportFailure<E>) {
        func emit(_ item: ImportedItem) throws(ImportFailure<E>) {
            do throws(E) { try handle(item) } catch { throw .handler(error) }
        }
        try emit(.file(planned[index].file))
        try Self.read(planned[index], emit: emit)
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
    /// The first Xcode project's `developmentRegion`.
    private(set) var developmentRegion: String?
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
        guard !isExcluded(name: Self.fileName(path), relativePath: path) else { return }
        if status.st_mode & S_IFMT == S_IFDIR {
            switch Self.pathExtension(path) {
            case "xcloc": try addLocalizationCatalog(path)
            case "xcodeproj": readDevelopmentRegion(project: path)
            default: try search(path, root: path)
            }
        } else if status.st_mode & S_IFMT == S_IFREG {
            if Self.fileName(path) == "project.pbxproj" {
                readDevelopmentRegion(projectFile: path)
                return
            }
            var format = Self.formatsByExtension[Self.pathExtension(path)]
            if format == nil {
                do throws(ImportError) { format = try Self.sniff(path) } catch {
                    guard options.skipsUnreadableFiles else { throw error }
                    skipped.append(.skippedFile(path: path, reason: "not a strings table, stringsdict, String Catalog, XLIFF or Interface Builder file"))
                    return
                }
            }
            try addFile(path, format: format!, named: true)
        } else {
            throw .unreadable(path: path, reason: "neither a file nor a folder")
        }
    }

    private mutating func search(_ folder: String, root: String) throws(ImportError) {
        var status = stat()
        guard stat(folder, &status) == 0 else { throw .unreadable(path: folder, reason: MappedFile.errorText()) }
        guard visitedFolders.insert([UInt64(status.st_dev), UInt64(status.st_ino)]).inserted else { return }
        for name in try Self.entries(of: folder) {
            guard !name.hasPrefix(".") else { continue }
            let path = Self.join(folder, name)
            guard !isExcluded(name: name, relativePath: Self.relativePath(path, below: root)) else { continue }
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
                } else if pathExtension == "xcodeproj" {
                    readDevelopmentRegion(project: path)
                } else if !Self.skippedFolders.contains(name), !Self.skippedFolderExtensions.contains(pathExtension) {
                    try search(path, root: root)
                }
            } else if entry.st_mode & S_IFMT == S_IFREG, let format = Self.formatsByExtension[Self.pathExtension(name)] {
                try addFile(path, format: format, named: false)
            }
        }
    }

    /// True when an exclusion glob matches a file or folder: a glob without `/` its name, one
    /// with `/` its path below the folder named (or the path as given).
    func isExcluded(name: String, relativePath: String) -> Bool {
        options.excluded.contains { glob in
            fnmatch(glob, glob.contains("/") ? relativePath : name, 0) == 0
        }
    }

    /// `path` without the folder `root` it was found in (and the `/` after it).
    static func relativePath(_ path: String, below root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Notes the `developmentRegion` of an `.xcodeproj` folder's `project.pbxproj`.
    private mutating func readDevelopmentRegion(project folder: String) {
        readDevelopmentRegion(projectFile: Self.join(folder, "project.pbxproj"))
    }

    /// Notes the `developmentRegion = …;` of a `project.pbxproj` (the first project's wins; a
    /// file that cannot be read or names none is passed over).
    private mutating func readDevelopmentRegion(projectFile path: String) {
        guard developmentRegion == nil, let file = try? MappedFile(path: path) else { return }
        developmentRegion = Self.developmentRegion(in: file.bytes)
    }

    /// The value of the first `developmentRegion = VALUE;` in a project file: a locale of at
    /// most 35 letters, digits, `-` and `_` (quotes around it allowed), `_` read as `-`, an old
    /// project's language name (`English`) as its code.
    static func developmentRegion(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let needle = Array("developmentRegion".utf8)
        guard bytes.count >= needle.count else { return nil }
        var index = 0
        while index <= bytes.count - needle.count {
            guard bytes[index] == needle[0], Array(bytes[index..<(index + needle.count)]) == needle else {
                index += 1
                continue
            }
            var cursor = index + needle.count
            func skipSpaces() { while cursor < bytes.count, [9, 10, 13, 32].contains(bytes[cursor]) { cursor += 1 } }
            skipSpaces()
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else { index += 1; continue }
            cursor += 1
            skipSpaces()
            var value: [UInt8] = []
            while cursor < bytes.count, value.count <= 35, bytes[cursor] != UInt8(ascii: ";") {
                let byte = bytes[cursor]
                if byte != UInt8(ascii: "\"") { value.append(byte) }
                cursor += 1
            }
            let allowed = value.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
            guard !value.isEmpty, value.count <= 35, allowed else { return nil }
            let region = String(decoding: value, as: UTF8.self)
            return legacyLanguageNames[region] ?? region.replacingAll("_", with: "-")
        }
        return nil
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
                if named, !options.skipsUnreadableFiles { throw .unknownLocale(path: path) }
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
    /// translations; labels named by file name, with parent folders where two files share one;
    /// tables named alike in several folders told apart (`qualifyTables`). Returns the plan and
    /// the qualified tables.
    func plan() -> (files: [XcodeImporter.PlannedFile], qualifiedTables: [String]) {
        var plan = found
        // Copies of one document: same file name in sibling `*.lproj` folders.
        var groups: [String: [Int]] = [:]
        for (index, planned) in plan.enumerated() where planned.file.format == .interfaceBuilder {
            groups[Self.documentIdentity(planned.file.path), default: []].append(index)
        }
        var defining: [Int] = []
        for members in groups.values {
            let locales = members.map { plan[$0].file.locale ?? "" }
            let preferred = [""] + [options.developmentLanguage ?? developmentRegion, "en"].compactMap { $0 }
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
        let qualified = Self.qualifyTables(&plan)
        return (plan, qualified)
    }

    /// Tables whose names collide: texts of one locale given by files of the same table in
    /// several bundles (the folder holding a file's `*.lproj` folder, or holding the file
    /// itself when it is in none: an app's and its extension's `en.lproj/Localizable.strings`).
    /// Every file of such a table (its storyboards too) gets its bundle's folders in front, as
    /// few as tell the bundles apart (`App/Localizable`, `Widget/Localizable`); other tables
    /// keep their names, wherever their files lie. XLIFF names its tables inside the file and
    /// is left as it is. Returns the new table names.
    static func qualifyTables(_ plan: inout [XcodeImporter.PlannedFile]) -> [String] {
        var bundlesByTable: [String: [String: [String]]] = [:]
        // The locales each table's bundles give texts in (nil: a String Catalog, any locale).
        var localesByTable: [String: [String: Set<String?>]] = [:]
        for planned in plan {
            guard let table = planned.file.table, planned.file.format != .xliff else { continue }
            let bundle = bundleFolders(of: planned.file.path)
            let identity = bundle.joined(separator: "/")
            bundlesByTable[table, default: [:]][identity] = bundle
            // A storyboard that defines labels gives none of its table's texts.
            guard !(planned.file.format == .interfaceBuilder && planned.labelNamePrefix != nil) else { continue }
            localesByTable[table, default: [:]][identity, default: []].insert(planned.file.format == .stringCatalog ? nil : planned.file.locale)
        }
        func collide(_ locales: [Set<String?>]) -> Bool {
            for (index, one) in locales.enumerated() {
                for other in locales[(index + 1)...] where one.contains(nil) || other.contains(nil) || !one.isDisjoint(with: other) {
                    return true
                }
            }
            return false
        }
        var renamed: [String: [String: String]] = [:]
        for (table, bundles) in bundlesByTable where bundles.count > 1 && collide(Array(localesByTable[table, default: [:]].values)) {
            let folders = Array(bundles.values)
            var depth = 1
            while depth < (folders.map(\.count).max() ?? 0),
                  Set(folders.map { $0.suffix(depth).joined(separator: "/") }).count < folders.count {
                depth += 1
            }
            for (identity, bundle) in bundles {
                let prefix = bundle.suffix(depth).joined(separator: "/")
                renamed[table, default: [:]][identity] = prefix.isEmpty ? table : prefix + "/" + table
            }
        }
        guard !renamed.isEmpty else { return [] }
        for index in plan.indices {
            guard let table = plan[index].file.table, plan[index].file.format != .xliff,
                  let names = renamed[table] else { continue }
            plan[index].file.table = names[bundleFolders(of: plan[index].file.path).joined(separator: "/")]
        }
        return renamed.values.flatMap(\.values).sorted()
    }

    /// The folders of a file's bundle: those above its nearest `*.lproj` folder, else those
    /// it is in (`.` left out).
    static func bundleFolders(of path: String) -> [String] {
        var folders = path.split(separator: "/").dropLast().map(String.init)
        if let lproj = folders.lastIndex(where: { $0.hasSuffix(".lproj") }) { folders = Array(folders[..<lproj]) }
        return folders.filter { $0 != "." }
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
