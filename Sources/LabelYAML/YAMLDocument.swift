#if canImport(Glibc)
import Glibc
#endif

/// One YAML document read with libyaml into a tree of nodes, each with its line and column
/// (docs/project-file.md, "How the file is read").
///
/// ```swift
/// let document = try YAMLDocument(contentsOf: "labelcat.yml")
/// document.root?["sources"]?.sequence?.first?.scalar?.text // "App/"
/// ```
///
/// Every file may be hostile, so reading is bounded: at most `maximumBytes` of input,
/// `maximumNodes` nodes (an alias counts as every node it repeats, so a "billion laughs" file
/// is refused after a million), collections nested at most `maximumDepth` deep. Aliases
/// (`*name`) are expanded: a copy of the anchored node, with the positions where it was
/// written. A key given twice in one mapping, a mapping key that is not a scalar, a second
/// document and a tag outside the core schema are errors. Merge keys (`<<`) are ordinary keys.
public struct YAMLDocument: Sendable, Hashable {
    /// The largest file read: 16 MiB.
    public static let maximumBytes = 16 << 20
    /// The most nodes a document may have, aliases counted as the nodes they repeat.
    public static let maximumNodes = 1_000_000
    /// The deepest nesting of lists and mappings.
    public static let maximumDepth = 64

    /// The file the document was read from, as given.
    public var file: String
    /// The document's root node; nil when the file holds no document (empty, or comments only).
    public var root: YAMLNode?

    /// Reads the YAML file at `path` (UTF-8, or UTF-16 with a byte order mark).
    public init(contentsOf path: String) throws(YAMLError) {
        try self.init(parsing: Self.readFile(path), file: path)
    }

    /// Reads YAML text; `file` names it in errors.
    public init(parsing bytes: [UInt8], file: String) throws(YAMLError) {
        try self.init(parsing: bytes, file: file, maximumNodes: Self.maximumNodes)
    }

    /// Reads YAML text with another node limit (tests).
    init(parsing bytes: [UInt8], file: String, maximumNodes: Int) throws(YAMLError) {
        guard bytes.count <= Self.maximumBytes else {
            throw YAMLError(file: file, problem: .tooLarge(bytes: bytes.count, limit: Self.maximumBytes))
        }
        self.file = file
        var composer = YAMLComposer(parser: try YAMLParser(bytes: bytes, file: file), file: file,
                                    maximumNodes: maximumNodes, maximumDepth: Self.maximumDepth)
        root = try composer.compose()
    }

    /// Reads YAML text; `file` names it in errors.
    public init(parsing text: String, file: String) throws(YAMLError) {
        try self.init(parsing: Array(text.utf8), file: file)
    }

    /// The bytes of a regular file, refused past `maximumBytes` before they are read.
    static func readFile(_ path: String) throws(YAMLError) -> [UInt8] {
        func failure(_ reason: String) -> YAMLError { YAMLError(file: path, problem: .unreadable(reason)) }
        func systemError() -> YAMLError { failure(String(cString: strerror(errno))) }
        // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused just below).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw systemError() }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw systemError() }
        guard status.st_mode & S_IFMT == S_IFREG else { throw failure("not a regular file") }
        guard Int(status.st_size) <= maximumBytes else {
            throw YAMLError(file: path, problem: .tooLarge(bytes: Int(status.st_size), limit: maximumBytes))
        }
        // Read in chunks until the end, refusing the file once it passes the limit (it may have
        // grown since fstat).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let read = chunk.withUnsafeMutableBytes { buffer in Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
            if read < 0 {
                if errno == EINTR { continue }
                throw systemError()
            }
            if read == 0 { break }
            bytes.append(contentsOf: chunk[0..<read])
            guard bytes.count <= maximumBytes else {
                throw YAMLError(file: path, problem: .tooLarge(bytes: bytes.count, limit: maximumBytes))
            }
        }
        return bytes
    }
}
