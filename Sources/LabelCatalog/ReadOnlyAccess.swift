#if canImport(Glibc)
import Glibc
#endif

/// How labelcat reads a catalog it cannot write.
///
/// A catalog in WAL mode is read with the help of its `-shm` file (the WAL's shared-memory
/// index), which SQLite creates beside the catalog. Where it cannot:
/// - On a read-only mount nothing can change the file, so it is opened `immutable` (no locks,
///   no `-shm`), unless its `-wal` holds changes (then SQLite must read them through the `-shm`
///   file, which must already exist).
/// - In a directory this process cannot write, a `-shm` file another process left is used
///   read-only. Without one, no process has the catalog open for writing (a writer keeps its
///   `-shm`), and the file is opened `immutable`; a writer that starts during that read is not
///   seen by it.
enum ReadOnlyAccess {
    /// True when this process can write the catalog: the file, and in WAL mode its `-wal` and
    /// `-shm` (existing and writable, or creatable in a writable directory).
    static func canWrite(_ path: String) -> Bool {
        guard access(path, W_OK) == 0 else { return false }
        if access(directory(of: path), W_OK) == 0 { return true }
        return ["-wal", "-shm"].allSatisfy { access(path + $0, W_OK) == 0 }
    }

    /// How to open a catalog this process will only read.
    static func mode(for path: String) -> Database.OpenMode {
        isOnReadOnlyMount(path) && !walHoldsChanges(path) ? .immutable : .readOnly
    }

    /// True for SQLite's refusal to open a WAL catalog read-only because it cannot create the
    /// `-shm` file (an unwritable directory, a read-only mount).
    static func cannotMakeSharedMemory(_ error: DatabaseError) -> Bool {
        [.SQLITE_READONLY_DIRECTORY, .SQLITE_READONLY_CANTINIT, .SQLITE_CANTOPEN].contains(error.extendedResultCode)
    }

    /// The mode to retry with after `cannotMakeSharedMemory`: immutable when the `-wal` holds
    /// nothing (the file alone is the whole catalog); else the catalog cannot be read here.
    static func fallback(for path: String) throws(CatalogError) -> Database.OpenMode {
        guard !walHoldsChanges(path) else {
            throw .unreadable(path: path, reason: "its write-ahead log '\(path)-wal' holds changes that SQLite reads through a '-shm' file, and there is none beside it and none can be made there")
        }
        return .immutable
    }

    /// True when the file is on a file system mounted read-only.
    static func isOnReadOnlyMount(_ path: String) -> Bool {
        var info = statvfs()
        return statvfs(path, &info) == 0 && info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// True when the catalog's `-wal` file exists and is not empty.
    static func walHoldsChanges(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) == 0 && info.st_size > 0
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
