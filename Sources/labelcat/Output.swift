#if canImport(Glibc)
import Glibc
#endif
import LabelJSON
import Synchronization

/// Prints to standard output: how every command prints (never the standard library's `print`).
/// The text goes through `OutputStream`, so it keeps its order with what is written to
/// standard error, and no line of it can be taken for a CI workflow command (`write(_:)`).
func writeOutput(_ text: String = "", terminator: String = "\n") {
    OutputStream.standardOutput.write(text + terminator)
}

/// Buffered writing to a file descriptor: `measure` writes millions of small JSON lines, so
/// bytes are gathered and written in large blocks.
///
/// Text written goes out with every line that a CI runner would read as a workflow command
/// (`::error …`, `##[error]…`) defused (`defusingWorkflowCommands`): values are shown through
/// `printable` where they are put into text, and this is the guarantee for whole lines. The
/// annotations of `check --format github`, the only workflow commands labelcat writes, go
/// through `writeWorkflowCommands`.
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

    /// Writes text, no line of which starts a workflow command.
    func write(_ text: String) {
        write(Array(defusingWorkflowCommands(text).utf8))
    }

    /// Writes workflow commands labelcat made (`check --format github`) as they are.
    func writeWorkflowCommands(_ text: String) {
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

/// Reads a file descriptor line by line in large blocks, in constant memory. A read that
/// fails is an error naming the input, never an early end.
final class LineReader {
    private let descriptor: Int32
    /// What the input is called in messages: the path, or "standard input".
    let name: String
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next newline goes on (the bytes before it have none).
    private var searched = 0
    private var atEnd = false
    /// What one `read` fills.
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    /// Opens a path, or standard input for "-".
    convenience init(path: String) throws(CommandError) {
        if path == "-" {
            self.init(descriptor: 0, name: "standard input")
            return
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw CommandError("cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        self.init(descriptor: descriptor, name: "'\(path)'")
    }

    deinit {
        if descriptor > 2 { close(descriptor) }
    }

    /// The next line without its newline (and without a trailing CR), or nil at the end.
    func nextLine() throws(CommandError) -> ArraySlice<UInt8>? {
        while true {
            if let newline = firstNewline(from: max(start, searched)) {
                var line = buffer[start..<newline]
                if line.last == 0x0D { line = line.dropLast() }
                start = newline + 1
                searched = start
                return line
            }
            searched = buffer.count
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                return line
            }
            if start > 0 {
                buffer.removeFirst(start)
                searched -= start
                start = 0
            }
            try fill()
        }
    }

    /// Everything not read yet.
    func readRest() throws(CommandError) -> [UInt8] {
        while !atEnd { try fill() }
        let rest = Array(buffer[start...])
        start = buffer.count
        searched = start
        return rest
    }

    private func firstNewline(from offset: Int) -> Int? {
        buffer.withUnsafeBytes { bytes in
            guard offset < bytes.count, let found = memchr(bytes.baseAddress! + offset, 0x0A, bytes.count - offset) else { return nil }
            return UnsafeRawPointer(found) - bytes.baseAddress!
        }
    }

    private func fill() throws(CommandError) {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        if count < 0 {
            let failure = errno
            if failure == EINTR { return }
            throw CommandError("cannot read \(name): \(String(cString: strerror(failure)))")
        }
        if count == 0 { atEnd = true }
        chunk.withUnsafeBufferPointer { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }
}

/// A failure the CLI reports as `Error: …` with exit code 1.
struct CommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Makes the folder `path` when it is missing (one level); an existing folder is kept, and a
/// symbolic link or a file there is refused with `reason`, why a folder is wanted.
func makeFolder(_ path: String, mode: mode_t, because reason: String) throws {
    var status = stat()
    if lstat(path, &status) == 0 {
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw CommandError("'\(printable(path))' is not a folder (a symbolic link or a file); \(reason)")
        }
        return
    }
    guard mkdir(path, mode) == 0 else {
        throw CommandError("cannot make the folder '\(printable(path))': \(String(cString: strerror(errno)))")
    }
}
