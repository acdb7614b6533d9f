#if canImport(Glibc)
import Glibc
#endif
import LabelImport
import LabelLayout

extension ProjectConfiguration {
    /// The most font files a project's `fonts` entries find (a folder or glob over a whole
    /// disk is a mistake, not an app's fonts).
    public static let maximumFontFiles = 4096

    /// The app's own font files (docs/project-file.md, *App fonts*): those `fonts` names
    /// (files; `.ttf`, `.otf`, `.ttc` and `.otc` files in folders, searched without following
    /// links to folders; files a glob matches), else those the `UIAppFonts` of the Info.plist
    /// files of the Xcode projects in the project folder name. Sorted, each once.
    public func appFontFiles() -> [String] {
        guard let fonts else { return Self.xcodeAppFonts(in: folder) }
        var found: Set<String> = []
        for entry in fonts {
            if let glob = entry.glob {
                Self.walk(entry.path, limit: Self.maximumFontFiles - found.count) { path in
                    if glob.matches(ProjectPath.relative(path, to: folder)), FontLibrary.isFontPath(path) { found.insert(path) }
                }
            } else if Self.isFolder(entry.path) {
                Self.walk(entry.path, limit: Self.maximumFontFiles - found.count) { path in
                    if FontLibrary.isFontPath(path) { found.insert(path) }
                }
            } else {
                found.insert(entry.path)
            }
        }
        return found.sorted()
    }

    /// The font files of the Xcode projects (`*.xcodeproj`) directly in `folder`.
    static func xcodeAppFonts(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var files: Set<String> = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard name.hasSuffix(".xcodeproj"), let project = try? XcodeProject(contentsOf: folder + "/" + name) else { continue }
            for font in project.appFonts { if let path = font.path { files.insert(path) } }
        }
        return files.sorted()
    }

    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Calls `visit` with every regular file under `folder` (links to folders not followed),
    /// at most `limit` of them.
    static func walk(_ folder: String, limit: Int, _ visit: (String) -> Void) {
        var pending = [folder]
        var count = 0
        while let current = pending.popLast(), count < limit {
            guard let directory = opendir(current) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory), count < limit {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                guard name != ".", name != ".." else { continue }
                let path = current == "/" ? "/" + name : current + "/" + name
                var status = stat()
                guard lstat(path, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: pending.append(path)
                case S_IFREG, S_IFLNK:
                    count += 1
                    visit(path)
                default: break
                }
            }
        }
    }
}
