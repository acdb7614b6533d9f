#if canImport(Glibc)
import Glibc
#endif

/// What an Xcode project says about its texts, read from `project.pbxproj` (an old-style
/// property list) and the files it names: the development region and known regions, the
/// folders that hold its localized files and Interface Builder files, its targets' Info.plist
/// files (`INFOPLIST_FILE`, from the build settings or the `.xcconfig` files they are based on)
/// and the fonts those name under `UIAppFonts`. Used to write a starting `labelcat.yml`
/// (docs/project-file.md).
///
/// ```swift
/// let project = try XcodeProject(contentsOf: "Shop.xcodeproj")
/// project.developmentRegion   // "en"
/// project.localizedFolders    // ["Shop", "ShopKit/Resources"]
/// ```
public struct XcodeProject: Sendable, Hashable {
    /// The largest `project.pbxproj` read (64 MiB; large apps' are about 10 MiB).
    public static let maximumProjectBytes = 64 << 20
    /// The largest Info.plist or `.xcconfig` file read (4 MiB).
    public static let maximumSettingsBytes = 4 << 20

    /// The `.xcodeproj` folder, as given.
    public var path: String
    /// The folder the project's paths are relative to: the one holding the `.xcodeproj`
    /// (with the project's `projectDirPath` when it sets one).
    public var folder: String
    /// `developmentRegion` as the project writes it (`en`); nil when absent.
    public var developmentRegion: String?
    /// `knownRegions` as written (`en`, `Base`, `de`).
    public var knownRegions: [String]
    /// The folders holding the project's strings tables, stringsdict files, String Catalogs and
    /// Interface Builder files (for a file in `X.lproj`, the folder holding `X.lproj`), outermost
    /// only, sorted; paths start with `folder`.
    public var localizedFolders: [String]
    /// The targets' Info.plist files, in target order, each once.
    public var infoPlists: [String]
    /// The fonts the Info.plist files name under `UIAppFonts`, each once.
    public var appFonts: [AppFont]
    /// What was named but could not be read or resolved (an Info.plist, an `.xcconfig` file,
    /// a build setting with a variable labelcat does not know).
    public var skipped: [ImportWarning]
}

extension XcodeProject {
    /// Reads `project.pbxproj` in the `.xcodeproj` folder `path`, then the files it names.
    public init(contentsOf path: String) throws(ImportError) {
        var reader = try XcodeProjectReader(projectPath: path)
        try reader.read()
        self = reader.project
    }
}

/// A font an app ships, as its Info.plist names it under `UIAppFonts`.
public struct AppFont: Sendable, Hashable {
    /// The name as written: a path inside the app bundle (`Fonts/Inter.otf`).
    public var name: String
    /// The font file in the project; nil when none was found.
    public var path: String?
    /// The Info.plist that names it.
    public var infoPlist: String

    public init(name: String, path: String?, infoPlist: String) {
        self.name = name
        self.path = path
        self.infoPlist = infoPlist
    }
}

/// Reads a project's objects: groups to file paths, targets to build settings.
private struct XcodeProjectReader {
    typealias Object = [(key: String, value: PropertyList, keyLine: Int)]

    var project: XcodeProject
    private let pbxproj: String
    private var objects: [String: Object] = [:]
    /// Every file reference's path, by object id.
    private var filePaths: [String: String] = [:]
    /// Every synchronized folder's path, by object id.
    private var synchronizedFolders: [String: String] = [:]
    private var visited: Set<String> = []
    private var localizedFiles: [String] = []

    init(projectPath: String) throws(ImportError) {
        var trimmed = projectPath
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        pbxproj = FileFinder.join(trimmed, "project.pbxproj")
        let parent = FileFinder.fileName(trimmed) == trimmed ? "." : String(trimmed.dropLast(FileFinder.fileName(trimmed).count + 1))
        project = XcodeProject(path: projectPath, folder: parent.isEmpty ? "/" : parent, developmentRegion: nil,
                               knownRegions: [], localizedFolders: [], infoPlists: [], appFonts: [], skipped: [])
    }

    private func malformed(_ line: Int?, _ message: String) -> ImportError {
        .malformed(FileLocation(file: pbxproj, line: line), key: nil, problem: .syntax(message))
    }

    mutating func read() throws(ImportError) {
        let file = try MappedFile(path: pbxproj)
        guard file.count <= XcodeProject.maximumProjectBytes else {
            throw .unreadable(path: pbxproj, reason: "\(file.count) bytes, over the limit of \(XcodeProject.maximumProjectBytes >> 20) MiB")
        }
        let root = try StringsTableParser.parsePropertyList(TextEncoding.utf16Units(of: file.bytes, file: pbxproj), file: pbxproj)
        guard let rootEntries = root.dictionary, let objectList = Self.member(rootEntries, "objects")?.dictionary else {
            throw malformed(root.line, "a project file is a dictionary with objects")
        }
        for entry in objectList {
            guard let object = entry.value.dictionary else { throw malformed(entry.keyLine, "object \(entry.key) is not a dictionary") }
            objects[entry.key] = object
        }
        guard let rootID = Self.member(rootEntries, "rootObject")?.string, let projectObject = objects[rootID],
              Self.string(projectObject, "isa") == "PBXProject" else {
            throw malformed(root.line, "rootObject names no PBXProject")
        }
        if let directory = Self.string(projectObject, "projectDirPath"), !directory.isEmpty {
            project.folder = directory.hasPrefix("/") ? directory : FileFinder.join(project.folder, directory)
        }
        project.developmentRegion = Self.string(projectObject, "developmentRegion")
        project.knownRegions = Self.strings(projectObject, "knownRegions")
        if let mainGroup = Self.string(projectObject, "mainGroup") {
            walk(mainGroup, parent: project.folder, depth: 0)
        }
        project.localizedFolders = Self.outermost(localizedFiles.map(Self.folderHolding) + synchronizedLocalizedFolders())
        readInfoPlists(projectObject)
    }

    // MARK: Groups and files

    /// Resolves the paths of a group's children, recording file references and synchronized folders.
    private mutating func walk(_ id: String, parent: String?, depth: Int) {
        guard depth < 64, visited.insert(id).inserted, let object = objects[id] else { return }
        let path = resolvedPath(object, parent: parent)
        switch Self.string(object, "isa") {
        case "PBXGroup", "PBXVariantGroup", "XCVersionGroup":
            for child in Self.strings(object, "children") { walk(child, parent: path, depth: depth + 1) }
        case "PBXFileReference":
            guard let path else { return }
            filePaths[id] = path
            if FileFinder.formatsByExtension[FileFinder.pathExtension(path)] != nil { localizedFiles.append(path) }
        case "PBXFileSystemSynchronizedRootGroup":
            if let path { synchronizedFolders[id] = path }
        default:
            break
        }
    }

    /// An object's path by its `sourceTree`: in its group's folder (`<group>`), the project
    /// folder (`SOURCE_ROOT`) or absolute; nil for build products and SDK files.
    private func resolvedPath(_ object: Object, parent: String?) -> String? {
        let path = Self.string(object, "path")
        let base: String?
        switch Self.string(object, "sourceTree") ?? "<group>" {
        case "<group>": base = parent
        case "SOURCE_ROOT": base = project.folder
        case "<absolute>": return path
        default: return nil
        }
        guard let base else { return nil }
        guard let path, !path.isEmpty else { return base }
        return path.hasPrefix("/") ? path : Self.normalized(FileFinder.join(base, path))
    }

    /// The folders of the Xcode files an import would find in the synchronized folders.
    private mutating func synchronizedLocalizedFolders() -> [String] {
        var folders: [String] = []
        for folder in synchronizedFolders.values.sorted() {
            do {
                folders += try XcodeImporter(paths: [folder]).files.map { Self.folderHolding($0.path) }
            } catch {
                note(.skippedFile(path: folder, reason: error.description))
            }
        }
        return folders
    }

    /// The folder a localized file belongs to: the one holding its `*.lproj` folder, else its own.
    static func folderHolding(_ path: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        if let last = parts.last, last.hasSuffix(".lproj") { parts = parts.dropLast() }
        let folder = parts.joined(separator: "/")
        return folder.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : folder
    }

    /// The folders none of the others holds, sorted, each once.
    static func outermost(_ folders: [String]) -> [String] {
        let unique = Set(folders).sorted()
        return unique.filter { folder in
            !unique.contains { other in other != folder && (other == "." ? !folder.hasPrefix("/") : folder.hasPrefix(other + "/")) }
        }
    }

    /// A path with `.` components and folders followed by `..` worked out.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    // MARK: Info.plist files and fonts

    /// The targets' `INFOPLIST_FILE` (or the project's, for a target that sets none), then
    /// each file's `UIAppFonts`.
    private mutating func readInfoPlists(_ projectObject: Object) {
        let projectConfigurations = configurations(of: projectObject)
        for targetID in Self.strings(projectObject, "targets") {
            guard let target = objects[targetID] else { continue }
            let name = Self.string(target, "name") ?? ""
            // An empty setting is no Info.plist (a target that generates its own).
            var values = configurations(of: target).compactMap { setting("INFOPLIST_FILE", of: $0) }.filter { !$0.isEmpty && $0 != "\"\"" }
            if values.isEmpty {
                values = projectConfigurations.compactMap { setting("INFOPLIST_FILE", of: $0) }.filter { !$0.isEmpty && $0 != "\"\"" }
            }
            for value in values {
                guard let plist = expand(value, target: name) else {
                    note(.skippedFile(path: value, reason: "INFOPLIST_FILE of target \(name) uses a build setting labelcat does not know"))
                    continue
                }
                if !project.infoPlists.contains(plist) { project.infoPlists.append(plist) }
            }
        }
        for plist in project.infoPlists {
            for name in appFontNames(plist) where !project.appFonts.contains(where: { $0.name == name }) {
                project.appFonts.append(AppFont(name: name, path: fontFile(named: name, besides: plist), infoPlist: plist))
            }
        }
    }

    /// Records something skipped, once.
    private mutating func note(_ warning: ImportWarning) {
        if !project.skipped.contains(warning) { project.skipped.append(warning) }
    }

    /// The build configurations of a target or project.
    private func configurations(of object: Object) -> [Object] {
        guard let listID = Self.string(object, "buildConfigurationList"), let list = objects[listID] else { return [] }
        return Self.strings(list, "buildConfigurations").compactMap { objects[$0] }
    }

    /// A build setting of a configuration: its own, else from the `.xcconfig` it is based on.
    private mutating func setting(_ key: String, of configuration: Object) -> String? {
        if let settings = Self.member(configuration, "buildSettings")?.dictionary, let value = Self.string(settings, key) {
            return value
        }
        var xcconfig: String?
        if let reference = Self.string(configuration, "baseConfigurationReference") {
            xcconfig = filePaths[reference]
        } else if let anchor = Self.string(configuration, "baseConfigurationReferenceAnchor"),
                  let folder = synchronizedFolders[anchor], let relative = Self.string(configuration, "baseConfigurationReferenceRelativePath") {
            xcconfig = Self.normalized(FileFinder.join(folder, relative))
        }
        guard let xcconfig else { return nil }
        return xcconfigSetting(key, in: xcconfig, depth: 0)
    }

    /// The last value an `.xcconfig` file (with the files it `#include`s) gives a setting.
    private mutating func xcconfigSetting(_ key: String, in path: String, depth: Int) -> String? {
        guard depth < 8 else { return nil }
        guard let text = readText(path) else { return nil }
        var value: String?
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = Substring(rawLine)
            if let comment = line.firstRange(of: "//") { line = line[..<comment.lowerBound] }
            line = Self.trimmed(line)[...]
            if line.hasPrefix("#include") {
                let optional = line.hasPrefix("#include?")
                guard let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close else { continue }
                let included = String(line[line.index(after: open)..<close])
                let includedPath = included.hasPrefix("/") ? included : Self.normalized(FileFinder.join(Self.folderOf(path), included))
                if !optional || access(includedPath, R_OK) == 0, let found = xcconfigSetting(key, in: includedPath, depth: depth + 1) {
                    value = found
                }
                continue
            }
            if let (name, setting) = Self.assignment(line), name == key { value = setting }
        }
        return value
    }

    /// A settings file's text; nil (and a note) when it cannot be read.
    private mutating func readText(_ path: String) -> String? {
        do {
            let file = try MappedFile(path: path)
            guard file.count <= XcodeProject.maximumSettingsBytes else {
                note(.skippedFile(path: path, reason: "\(file.count) bytes, over the limit of \(XcodeProject.maximumSettingsBytes >> 20) MiB"))
                return nil
            }
            return String(decoding: file.bytes, as: UTF8.self)
        } catch {
            note(.skippedFile(path: path, reason: error.description))
            return nil
        }
    }

    /// A path-valued setting with `$(SRCROOT)`, `$(PROJECT_DIR)`, `$(SOURCE_ROOT)` and
    /// `$(TARGET_NAME)` worked out, relative to the project folder; nil when another variable
    /// remains.
    private func expand(_ value: String, target: String) -> String? {
        var text = value
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
        for variable in ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"] {
            text = text.replacingAll("$(\(variable))", with: project.folder).replacingAll("${\(variable)}", with: project.folder)
        }
        text = text.replacingAll("$(TARGET_NAME)", with: target).replacingAll("${TARGET_NAME}", with: target)
        guard !text.contains("$("), !text.contains("${"), !text.isEmpty else { return nil }
        return Self.normalized(text.hasPrefix("/") ? text : FileFinder.join(project.folder, text))
    }

    /// The `UIAppFonts` of an Info.plist (XML, or old-style); none, with a note, when it cannot be read.
    private mutating func appFontNames(_ plist: String) -> [String] {
        let list: PropertyList
        do throws(ImportError) {
            let file = try MappedFile(path: plist)
            guard file.count <= XcodeProject.maximumSettingsBytes else {
                note(.skippedFile(path: plist, reason: "\(file.count) bytes, over the limit of \(XcodeProject.maximumSettingsBytes >> 20) MiB"))
                return []
            }
            if file.bytes.starts(with: Array("bplist".utf8)) { throw .malformed(FileLocation(file: plist), key: nil, problem: .binaryPropertyList) }
            if StringsTableReader.isXML(file.bytes) {
                let reader = try XMLReader(file: file)
                guard try reader.nextElement() != nil else { return [] }
                list = try PropertyList.read(document: reader.readElement(), file: plist)
            } else {
                list = try StringsTableParser.parsePropertyList(TextEncoding.utf16Units(of: file.bytes, file: plist), file: plist)
            }
        } catch {
            note(.skippedFile(path: plist, reason: error.description))
            return []
        }
        guard let entries = list.dictionary, let fonts = Self.member(entries, "UIAppFonts") else { return [] }
        guard case .array(let items) = fonts.value else {
            note(.skippedFile(path: plist, reason: "UIAppFonts is \(fonts.kindDescription), not an array of file names"))
            return []
        }
        return items.compactMap(\.string).filter { !$0.isEmpty }
    }

    /// The project's file for a `UIAppFonts` name: a file reference whose path ends with the
    /// name (or has its file name), else a file of that name beside the Info.plist or in a
    /// synchronized folder.
    private func fontFile(named name: String, besides plist: String) -> String? {
        let fileName = FileFinder.fileName(name)
        let references = filePaths.values.sorted()
        if let exact = references.first(where: { $0.hasSuffix("/" + name) }) ?? references.first(where: { FileFinder.fileName($0) == fileName }) {
            return exact
        }
        for folder in [Self.folderOf(plist)] + synchronizedFolders.values.sorted() {
            let candidate = Self.normalized(FileFinder.join(folder, name))
            if access(candidate, R_OK) == 0 { return candidate }
        }
        return nil
    }

    // MARK: Objects

    static func member(_ object: Object, _ key: String) -> PropertyList? {
        object.first { $0.key == key }?.value
    }

    static func string(_ object: Object, _ key: String) -> String? {
        member(object, key)?.string
    }

    static func strings(_ object: Object, _ key: String) -> [String] {
        guard case .array(let items)? = member(object, key)?.value else { return [] }
        return items.compactMap(\.string)
    }

    /// A build setting line: `NAME = value`, or `NAME[sdk=…][arch=…] = value` (any condition
    /// is taken); nil for anything else.
    static func assignment(_ line: Substring) -> (name: String, value: String)? {
        var index = line.startIndex
        while index < line.endIndex, line[index].isLetter || line[index].isNumber || line[index] == "_" { index = line.index(after: index) }
        let name = String(line[..<index])
        guard !name.isEmpty else { return nil }
        while index < line.endIndex {
            if line[index] == " " || line[index] == "\t" {
                index = line.index(after: index)
            } else if line[index] == "[", let close = line[index...].firstIndex(of: "]") {
                index = line.index(after: close)
            } else {
                break
            }
        }
        guard index < line.endIndex, line[index] == "=" else { return nil }
        return (name, trimmed(line[line.index(after: index)...]))
    }

    static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    static func folderOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
