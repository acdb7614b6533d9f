/// Why a writer of translators' limits (`XLIFFWidthWriter`, `StringCatalogCommentWriter`)
/// wrote nothing.
public enum LimitsWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file (or folder) cannot be read, is too large, or is not what it is named (XLIFF 1.2
    /// that libxml2 reads, a String Catalog's JSON).
    case unreadable(ImportError)
    /// A path that is a symbolic link, or not a regular file (a folder where an `.xcloc`'s
    /// folder was expected): labelcat writes only over a regular file.
    case notRegularFile(path: String)
    /// A `<trans-unit>` whose start tag labelcat cannot find in the file's text where libxml2
    /// read it (a tag made by an entity, a prefixed name, an id it cannot compare).
    case unplaceable(FileLocation, reason: String)
    /// Writing the new file or renaming it over the old one failed.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let error): "\(error)"
        case .notRegularFile(let path): "\(path): not a regular file (a symbolic link, a folder, a FIFO or a device); labelcat writes only over a regular file"
        case .unplaceable(let location, let reason): "\(location): cannot place the width: \(reason)"
        case .cannotWrite(let path, let reason): "\(path): cannot be written: \(reason)"
        }
    }
}
