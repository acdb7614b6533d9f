#if canImport(Glibc)
import Glibc
#endif

/// What a catalog path names, checked before SQLite opens it (docs/security.md): a folder or
/// anything else that is not a regular file is refused, so SQLite neither reports a folder as
/// "disk I/O error" nor makes `/dev/null-journal` beside a device.
enum CatalogFile {
    /// Refuses a path naming a folder, a device, a FIFO or a socket (followed through symbolic
    /// links); a missing path and a regular file pass.
    static func check(_ path: String) throws(CatalogError) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw .notACatalog(path: path, reason: "it is a folder; give the catalog file's path")
        case S_IFCHR, S_IFBLK: throw .notACatalog(path: path, reason: "it is a device, not a regular file")
        case S_IFIFO: throw .notACatalog(path: path, reason: "it is a FIFO, not a regular file")
        default: throw .notACatalog(path: path, reason: "it is not a regular file")
        }
    }
}

/// Which file a path names: its device and inode (`stat`, through symbolic links). Two equal
/// identities are the same file; a file deleted and created again at a path has another.
struct FileIdentity: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file at `path`; nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
