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
/// directory is used as it is; one holding an earlier report has that report's images
/// removed first; any other directory is refused, so a report never mixes with other files.
struct ReportDirectory {
    let path: String
    var images: String { path + "/images" }
    var index: String { path + "/index.html" }

    /// The marker an earlier report's `index.html` carries.
    static let generatorMarker = "<meta name=\"generator\" content=\"labelcat"

    /// Makes the directory ready for a new report.
    init(path: String) throws(ReportError) {
        self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        try Self.makeDirectory(self.path)
        let entries = try Self.entries(self.path)
        if !entries.isEmpty {
            guard entries.contains("index.html"), Self.head(of: index).contains(Self.generatorMarker) else {
                throw .notAReportDirectory(path: self.path, entries: entries)
            }
            if entries.contains("images") {
                for name in try Self.entries(images) where name.hasSuffix(".png") {
                    guard unlink(images + "/" + name) == 0 else { throw .system(images + "/" + name, "remove it") }
                }
            }
        }
        try Self.makeDirectory(images)
    }

    /// Writes a file (replacing it).
    func write(_ text: String, to path: String) throws(ReportError) {
        guard let file = fopen(path, "wb") else { throw .system(path, "write it") }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        guard fclose(file) == 0, written == bytes.count else { throw .system(path, "write it") }
    }

    /// Creates a directory and its parents when missing.
    static func makeDirectory(_ path: String) throws(ReportError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .file(path: path, reason: "is not a directory") }
            return
        }
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !parent.isEmpty { try makeDirectory(parent) }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw .system(path, "create it") }
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

    /// The first 4 KiB of a file as text ("" when it cannot be read).
    static func head(of path: String) -> String {
        guard let file = fopen(path, "rb") else { return "" }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = fread(&buffer, 1, buffer.count, file)
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }
}
