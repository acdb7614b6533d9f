import Foundation

/// The target's own directory for its catalog and the files readers take, under
/// `$LABELCAT_FUZZ_SCRATCH`, else `/dev/shm` (a memory file system: putting the catalog back
/// after each accepted input costs a twentieth of what it costs on disk), else the temporary
/// directory; removed at exit.
final class ScratchDirectory: Sendable {
    let path: String

    init() throws {
        let parent = ProcessInfo.processInfo.environment["LABELCAT_FUZZ_SCRATCH"]
            ?? (access("/dev/shm", W_OK) == 0 ? "/dev/shm" : NSTemporaryDirectory())
        path = (parent as NSString).appendingPathComponent("labelcat-fuzz-\(getpid())")
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        ScratchDirectory.removedAtExit = path
        atexit { if let path = ScratchDirectory.removedAtExit { try? FileManager.default.removeItem(atPath: path) } }
    }

    /// The directory libFuzzer's exit removes (its callback cannot capture).
    nonisolated(unsafe) private static var removedAtExit: String?

    /// `path/relative`.
    func path(_ relative: String) -> String { (path as NSString).appendingPathComponent(relative) }

    /// Writes `bytes` to `relative` (making its folders) and returns the file's path: how an
    /// input reaches a reader that takes paths.
    @discardableResult
    func write(_ bytes: [UInt8], to relative: String) throws -> String {
        let file = path(relative)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file]) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file]) }
        return file
    }

    func remove(_ relative: String) {
        unlink(path(relative))
    }
}
