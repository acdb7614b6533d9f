#if canImport(Glibc)
import Glibc
#endif

/// Finds a folder's project file as git finds `.git`: in the folder, else in its parent, and so
/// on up to the root of the file system.
public enum ProjectFile {
    /// The nearest `labelcat.yml` at or above `folder` (made absolute, symbolic links
    /// resolved), as an absolute path; nil when no folder up to the root has one. Only a regular
    /// file (or a link to one) counts.
    public static func find(from folder: String) -> String? {
        guard let start = realpath(folder, nil) else { return nil }
        defer { free(start) }
        var current = String(cString: start)
        while true {
            let candidate = (current == "/" ? "" : current) + "/" + ProjectConfiguration.fileName
            var status = stat()
            if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG { return candidate }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }
}
