import CFileSync
import LabelRender
#if canImport(Glibc)
import Glibc
#endif

/// Why a report could not be written.
public enum ReportError: Error, Sendable, CustomStringConvertible {
    /// The directory holds other files and no earlier labelcat report.
    case notAReportDirectory(path: String, entries: [String])
    /// A file or directory could not be made, written or removed.
    case file(path: String, reason: String)

    public var description: String {
        switch self {
        case .notAReportDirectory(let path, let entries):
            let list = entries.prefix(5).joined(separator: ", ") + (entries.count > 5 ? ", …" : "")
            return "'\(path)' is not empty (\(list)) and holds no labelcat report; choose an empty or new directory"
        case .file(let path, let reason):
            return "'\(path)': \(reason)"
        }
    }

    static func system(_ path: String, _ action: String) -> ReportError {
        .file(path: path, reason: "cannot \(action): \(String(cString: strerror(errno)))")
    }
}

/// The directory a report is written to: `index.html` and `images/*.png`. A new or empty
/// directory is used as it is; one holding an earlier report is reused: its pictures that the
/// new report shows again are kept, the others removed once the new page is in place; any
/// other directory is refused, so a report never mixes with other files.
///
/// Nothing inside the directory is followed through a symbolic link (docs/security.md): an
/// `images` or `index.html` that is a link (or not a directory, not a regular file) is
/// refused, only regular files are kept as pictures, and every file is written to a temporary
/// name beside it and renamed over it, so a link put in its place is replaced, never written
/// through. The report is synced once (`commit`): every new file reaches the disk before any
/// is renamed into place, so a crash or a full disk leaves the old files, never an empty or
/// partial one under a picture's or the page's name.
struct ReportDirectory {
    let path: String
    var images: String { path + "/images" }
    var index: String { path + "/index.html" }

    /// The marker an earlier report's `index.html` carries.
    static let generatorMarker = "<meta name=\"generator\" content=\"labelcat"

    /// True when this report made `images` (it goes again when the report fails).
    private(set) var madeImages = false
    /// The regular `.png` files `images` held: pictures an earlier report drew, kept when the
    /// new report shows them again.
    private(set) var pictures: Set<String> = []
    /// Every `.png` entry `images` held (files, links or anything else): removed by `commit`
    /// unless the new report shows it.
    private(set) var earlierEntries: [String] = []

    /// A picture written under a temporary name in `images`, renamed to `name` by `commit`.
    struct StagedFile: Sendable {
        var temporary: String
        var name: String
    }

    /// Makes the directory ready for a new report. `path` may name folders that do not exist
    /// yet; the report's path is then as they were made (`a/b/../c` is `a/c`).
    init(path: String) throws(ReportError) {
        self.path = try Self.makeDirectory(path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path)
        var entries: [String] = []
        for name in try Self.entries(self.path) {
            // A report that stopped halfway left its temporary page: not the user's.
            if Self.isTemporary(name, of: "index.html") {
                guard unlink(self.path + "/" + name) == 0 else { throw .system(self.path + "/" + name, "remove it") }
            } else {
                entries.append(name)
            }
        }
        if !entries.isEmpty {
            guard entries.contains("index.html") else { throw .notAReportDirectory(path: self.path, entries: entries) }
            try Self.requireRegularFile(index)
            guard Self.head(of: index).contains(Self.generatorMarker) else {
                throw .notAReportDirectory(path: self.path, entries: entries)
            }
        }
        if try Self.requireDirectory(images) {
            for (name, isRegularFile) in try Self.typedEntries(images) {
                if Self.isTemporary(name, of: nil) {
                    // A report that stopped halfway left it. `unlink` removes a link itself, never what it points to.
                    guard unlink(images + "/" + name) == 0 else { throw .system(images + "/" + name, "remove it") }
                } else if name.hasSuffix(".png") {
                    earlierEntries.append(name)
                    if isRegularFile { pictures.insert(name) }
                }
            }
        } else {
            guard mkdir(images, 0o755) == 0 else { throw .system(images, "create it") }
            madeImages = true
        }
    }

    /// Takes back what a report that failed wrote: its new pictures (under their temporary
    /// names, or renamed), and `images` when it made it, so the directory can take the next
    /// report. Pictures an earlier report drew are left.
    func discard(_ staged: [StagedFile]) {
        for file in staged {
            unlink(file.temporary)
            if !pictures.contains(file.name) { unlink(images + "/" + file.name) }
        }
        if madeImages { rmdir(images) }
    }

    /// Writes a new picture under a temporary name in `images` (not synced: `commit` syncs
    /// the report once). Safe to call from several threads at once.
    func stage(_ png: PNGData, picture name: String) throws(ReportError) -> StagedFile {
        let path = images + "/" + name
        let temporary = try png.withUnsafeBytes { bytes throws(ReportError) in try Self.writeTemporary(bytes, beside: path) }
        return StagedFile(temporary: temporary, name: name)
    }

    /// Puts the report in place: writes the page under a temporary name, syncs the file
    /// system once (the page and every staged picture reach the disk), renames the pictures
    /// and then the page into place, syncs both folders (the renames), and removes the
    /// earlier report's pictures that are not in `keeping`. The page's path must not be a
    /// link or anything but a regular file. On an error nothing is renamed over the old page;
    /// the caller discards `staged`.
    func commit(page: String, staged: [StagedFile], keeping: Set<String>) throws(ReportError) {
        try Self.requireRegularFile(index, mayBeMissing: true)
        let pageTemporary = try Array(page.utf8).withUnsafeBytes { bytes in
            Result { () throws(ReportError) in try Self.writeTemporary(bytes, beside: index) }
        }.get()
        var failure: ReportError?
        if labelcat_syncfs(path) != 0 {
            failure = .system(path, "write the report")
        } else {
            for file in staged where rename(file.temporary, images + "/" + file.name) != 0 {
                failure = .system(images + "/" + file.name, "write it")
                break
            }
            if failure == nil, rename(pageTemporary, index) != 0 { failure = .system(index, "write it") }
        }
        if let failure {
            unlink(pageTemporary)
            throw failure
        }
        for folder in [images, path] where labelcat_fsync_directory(folder) != 0 {
            throw .system(folder, "write the report")
        }
        for name in earlierEntries where !keeping.contains(name) {
            // `unlink` removes a link itself, never what it points to.
            unlink(images + "/" + name)
        }
    }

    /// Writes a file whole under a temporary name beside `path` (`.NAME.PID.N.tmp`, created
    /// anew: never through a link) and returns the temporary's path; on an error nothing is
    /// left.
    static func writeTemporary(_ bytes: UnsafeRawBufferPointer, beside path: String) throws(ReportError) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = "\(directory).\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .system(path, "write it") }
        var offset = 0
        var failure: ReportError?
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                failure = .system(path, "write it")
                break
            }
            offset += written
        }
        if close(descriptor) != 0, failure == nil { failure = .system(path, "write it") }
        if let failure {
            unlink(temporary)
            throw failure
        }
        return temporary
    }

    /// True for a temporary file labelcat writes beside `name` (`.index.html.PID.N.tmp`), or
    /// beside any file when `name` is nil.
    static func isTemporary(_ entry: String, of name: String?) -> Bool {
        entry.hasPrefix("." + (name.map { $0 + "." } ?? "")) && entry.hasSuffix(".tmp")
    }

    /// Refuses a path that is a symbolic link or is there and is not a regular file.
    static func requireRegularFile(_ path: String, mayBeMissing: Bool = false) throws(ReportError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if mayBeMissing, errno == ENOENT { return }
            throw .system(path, "read it")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFLNK: throw .file(path: path, reason: "is a symbolic link; labelcat does not follow links inside a report folder")
        default: throw .file(path: path, reason: "is not a regular file")
        }
    }

    /// True when the path is a directory (not a symbolic link to one), false when there is
    /// nothing there; anything else is refused.
    static func requireDirectory(_ path: String) throws(ReportError) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw .system(path, "read it") }
            return false
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return true
        case S_IFLNK: throw .file(path: path, reason: "is a symbolic link; labelcat does not follow links inside a report folder")
        default: throw .file(path: path, reason: "is not a directory")
        }
    }

    /// Creates a directory and the parents it lacks, and returns its path as made. The longest
    /// part of the path that exists is taken as the system resolves it; of the rest, `.` is
    /// skipped and `..` takes back the folder before it (which does not exist yet, so it is no
    /// link): `a/b/../c` makes `a/c`, never a stray `a/b`.
    static func makeDirectory(_ path: String) throws(ReportError) -> String {
        let absolute = path.hasPrefix("/")
        let components = path.split(separator: "/").map(String.init)
        func joined(_ parts: some Collection<String>) -> String {
            let text = parts.joined(separator: "/")
            return absolute ? "/" + text : (text.isEmpty ? "." : text)
        }
        var existing = components.count
        var info = stat()
        while existing > 0, stat(joined(components[..<existing]), &info) != 0 { existing -= 1 }
        var made = Array(components[..<existing])
        var pending: [String] = []
        for component in components[existing...] {
            switch component {
            case ".": continue
            case "..": if pending.isEmpty { made.append(component) } else { pending.removeLast() }
            default: pending.append(component)
            }
        }
        for component in pending {
            made.append(component)
            guard mkdir(joined(made), 0o755) == 0 || errno == EEXIST else { throw .system(joined(made), "create it") }
        }
        let directory = pending.isEmpty ? path : joined(made)
        guard stat(directory, &info) == 0 else { throw .system(directory, "create it") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .file(path: directory, reason: "is not a directory") }
        return directory
    }

    /// The names in a directory, without `.` and `..`, sorted.
    static func entries(_ path: String) throws(ReportError) -> [String] {
        guard let directory = opendir(path) else { throw .system(path, "read it") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The names in a directory, without `.` and `..`, each with whether it is a regular file
    /// (not a link to one).
    static func typedEntries(_ path: String) throws(ReportError) -> [(name: String, isRegularFile: Bool)] {
        guard let directory = opendir(path) else { throw .system(path, "read it") }
        defer { closedir(directory) }
        var entries: [(name: String, isRegularFile: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard name != ".", name != ".." else { continue }
            var isRegularFile = Int(entry.pointee.d_type) == Int(DT_REG)
            if Int(entry.pointee.d_type) == Int(DT_UNKNOWN) {
                var info = stat()
                isRegularFile = lstat(path + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
            }
            entries.append((name, isRegularFile))
        }
        return entries
    }

    /// The first 4 KiB of a regular file as text ("" when it cannot be read); a link is not
    /// followed.
    static func head(of path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        return String(decoding: buffer[0..<max(0, count)], as: UTF8.self)
    }
}
