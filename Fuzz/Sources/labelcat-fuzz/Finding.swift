import Foundation

/// What the harness finds wrong besides crashes and hangs (those libFuzzer sees itself).
enum FindingKind: String, CaseIterable {
    /// A refused input left the catalog different from before, or a transaction open.
    case changedCatalog = "changed-catalog"
    /// An accepted input left the catalog unsound: `PRAGMA integrity_check`,
    /// `foreign_key_check`, or a stale layout after the edit that should have recomputed it.
    case unsoundCatalog = "unsound-catalog"
    /// An accepted input was stored differently from what it said.
    case roundTrip = "round-trip"
    /// A layout broke a rule every layout keeps (docs/fuzzing.md).
    case layout
    /// An output broke a rule every output keeps (docs/security.md): a line that starts a
    /// workflow command, a raw control or bidirectional character where people read it, a
    /// machine format that does not read back.
    case output
}

/// Reports findings. Under `make fuzz` (`$LABELCAT_FUZZ_FINDINGS` names a directory) each is
/// saved there, the input as `KIND-HASH` (with `KIND-HASH.history`, the inputs before it:
/// `InputHistory`) and a line in `findings.tsv`, and fuzzing goes on.
/// Otherwise (a saved input run by hand) the process aborts, so the run fails like a crash.
enum Finding {
    static let directory = ProcessInfo.processInfo.environment["LABELCAT_FUZZ_FINDINGS"]
    /// When set (by the self-test), findings go here and nowhere else.
    nonisolated(unsafe) static var capture: ((FindingKind, String) -> Void)?

    static func report(_ kind: FindingKind, _ message: String, input: [UInt8]) {
        let line = message.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
        if let capture { return capture(kind, line) }
        guard let directory else {
            FileHandle.standardError.write(Data("labelcat-fuzz: \(kind.rawValue): \(line)\n".utf8))
            abort()
        }
        let name = "\(kind.rawValue)-\(hexHash(input))"
        let path = (directory as NSString).appendingPathComponent(name)
        FileHandle.standardError.write(Data("labelcat-fuzz: \(kind.rawValue): \(line) (input: \(path))\n".utf8))
        guard !FileManager.default.fileExists(atPath: path) else { return }
        _ = FileManager.default.createFile(atPath: path, contents: Data(input))
        InputHistory.save(to: path + ".history")
        let log = (directory as NSString).appendingPathComponent("findings.tsv")
        if !FileManager.default.fileExists(atPath: log) { _ = FileManager.default.createFile(atPath: log, contents: nil) }
        if let handle = FileHandle(forWritingAtPath: log) {
            handle.seekToEndOfFile()
            handle.write(Data("\(kind.rawValue)\t\(name)\t\(line)\n".utf8))
            handle.closeFile()
        }
    }

    /// FNV-1a, 64 bits, in hex: names a saved input by its content.
    static func hexHash(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
