#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Buffered writing to a file descriptor: `measure` writes millions of small JSON lines, so
/// bytes are gathered and written in large blocks.
final class OutputStream: Sendable {
    static let standardOutput = OutputStream(descriptor: 1)
    static let standardError = OutputStream(descriptor: 2)

    private let descriptor: Int32
    private let buffer = Mutex<[UInt8]>([])
    private let flushThreshold = 1 << 16

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func write(_ bytes: [UInt8]) {
        buffer.withLock { buffer in
            buffer.append(contentsOf: bytes)
            if buffer.count >= flushThreshold { drain(&buffer) }
        }
    }

    func write(_ text: String) {
        write(Array(text.utf8))
    }

    func flush() {
        buffer.withLock { drain(&$0) }
    }

    private func drain(_ buffer: inout [UInt8]) {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                break // a closed pipe: nothing more can be said
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// True when the descriptor is a terminal.
    var isTerminal: Bool { isatty(descriptor) == 1 }
}

/// Reads a file descriptor line by line in large blocks, in constant memory.
final class LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Opens a path, or standard input for "-".
    convenience init(path: String) throws(CommandError) {
        if path == "-" {
            self.init(descriptor: 0)
            return
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw CommandError("cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        self.init(descriptor: descriptor)
    }

    deinit {
        if descriptor > 2 { close(descriptor) }
    }

    /// The next line without its newline (and without a trailing CR), or nil at the end.
    func nextLine() -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                var line = buffer[start..<newline]
                if line.last == 0x0D { line = line.dropLast() }
                start = newline + 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                return line
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            fill()
        }
    }

    /// Everything not read yet.
    func readRest() -> [UInt8] {
        while !atEnd { fill() }
        let rest = Array(buffer[start...])
        start = buffer.count
        return rest
    }

    private func fill() {
        let chunk = 1 << 16
        let oldCount = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + oldCount, chunk) }
        if count < 0, errno == EINTR {
            buffer.removeLast(chunk)
            return
        }
        buffer.removeLast(chunk - max(0, count))
        if count <= 0 { atEnd = true }
    }
}

/// A failure the CLI reports as `Error: …` with exit code 1.
struct CommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
