#if canImport(Glibc)
import Glibc
#endif

/// A file's bytes, mapped read-only into memory (unmapped when this goes away). Readers go
/// through a file once, front to back, and hand back what they have passed with
/// `release(before:)`, so a file of hundreds of megabytes never sits in memory whole.
final class MappedFile {
    let path: String
    private let base: UnsafeMutableRawPointer?
    let count: Int
    private var released = 0

    init(path: String) throws(ImportError) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: Self.errorText()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, reason: Self.errorText()) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        count = Int(status.st_size)
        guard count > 0 else {
            base = nil
            return
        }
        guard let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            throw .unreadable(path: path, reason: Self.errorText())
        }
        madvise(mapped, count, MADV_SEQUENTIAL)
        base = mapped
    }

    deinit {
        if let base { munmap(base, count) }
    }

    /// The bytes; valid while this object lives.
    var bytes: UnsafeBufferPointer<UInt8> {
        guard let base else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Lets the kernel drop the pages before `offset` from memory (they are read again from the
    /// file if touched). Cheap to call often: it acts every 8 MiB.
    func release(before offset: Int) {
        guard let base, offset - released >= 8 << 20 else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = offset / page * page
        guard end > released else { return }
        madvise(base + released, end - released, MADV_DONTNEED)
        released = end
    }

    static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
