#if canImport(Glibc)
import Glibc
#endif

/// How the writers of translators' limits put a file's new bytes in place.
enum FileReplacement {
    /// `bytes` with each edit's range replaced by its text (the edits in order, not overlapping):
    /// everything else stays as the file had it.
    static func splice(_ bytes: UnsafeBufferPointer<UInt8>, _ edits: [(range: Range<Int>, text: [UInt8])]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.text.count })
        var position = 0
        for edit in edits {
            output.append(contentsOf: bytes[position..<edit.range.lowerBound])
            output.append(contentsOf: edit.text)
            position = edit.range.upperBound
        }
        output.append(contentsOf: bytes[position...])
        return output
    }

    /// Writes `bytes` to a new file beside `path` (never through a symbolic link), with
    /// `path`'s permissions, and renames it over `path`.
    static func replace(_ path: String, with bytes: [UInt8], mode: mode_t) throws(LimitsWriteError) {
        let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: MappedFile.errorText()) }
        var offset = 0
        var failure: String?
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                failure = MappedFile.errorText()
                break
            }
            offset += written
        }
        if failure == nil, fchmod(descriptor, mode) != 0 || fsync(descriptor) != 0 { failure = MappedFile.errorText() }
        if close(descriptor) != 0, failure == nil { failure = MappedFile.errorText() }
        if failure == nil, rename(temporary, path) != 0 { failure = MappedFile.errorText() }
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: failure)
        }
    }
}
