import Foundation

/// The inputs this process ran since its target's state was last reset (the catalog put back),
/// so a failure that depends on what ran before it — a cache left by an earlier input — can be
/// run again in order: `history.log` in the scratch directory, each input as a 4-byte
/// little-endian length and its bytes. Kept to `limit` bytes (then started afresh). A finding
/// saves a copy beside its input; after a crash or a hang `make fuzz` copies it beside
/// libFuzzer's artifact, and `make fuzz-reproduce` runs every input of it.
enum InputHistory {
    static let limit = 4 << 20
    nonisolated(unsafe) private static var descriptor: Int32 = -1
    nonisolated(unsafe) private static var size = 0
    nonisolated(unsafe) private(set) static var path = ""

    static func open(in scratch: ScratchDirectory) {
        path = scratch.path("history.log")
        descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o644)
    }

    static func record(_ input: [UInt8]) {
        guard descriptor >= 0 else { return }
        if size + input.count + 4 > limit { reset() }
        var record = withUnsafeBytes(of: UInt32(input.count).littleEndian, Array.init)
        record.append(contentsOf: input)
        size += record.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Forgets the inputs so far: what they did is gone too.
    static func reset() {
        guard descriptor >= 0 else { return }
        ftruncate(descriptor, 0)
        size = 0
    }

    /// Copies the history to `destination`.
    static func save(to destination: String) {
        guard descriptor >= 0 else { return }
        try? FileManager.default.copyItem(atPath: path, toPath: destination)
    }
}
