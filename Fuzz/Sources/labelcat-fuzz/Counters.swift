import Foundation

/// What a process did, by name ("inputs refused": 812): written at exit to
/// `$LABELCAT_FUZZ_FINDINGS/counts-PID.tsv` for `make fuzz` to sum (a process that crashed
/// writes none).
enum Counters {
    nonisolated(unsafe) private static var counts: [String: Int] = [:]

    static func add(_ name: String) {
        if counts.isEmpty, let directory = Finding.directory {
            Counters.file = (directory as NSString).appendingPathComponent("counts-\(getpid()).tsv")
            atexit { Counters.write() }
        }
        counts[name, default: 0] += 1
    }

    nonisolated(unsafe) private static var file: String?

    private static func write() {
        guard let file else { return }
        let lines = counts.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)\n" }.joined()
        _ = FileManager.default.createFile(atPath: file, contents: Data(lines.utf8))
    }
}
