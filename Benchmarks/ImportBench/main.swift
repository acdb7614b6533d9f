// labelcat-import-bench: reads Xcode's files (as `labelcat import` will) and counts what it
// read, without a catalog: the readers' own speed and memory. Prints one line:
//   import files=N strings=S labels=L warnings=W seconds=T max_rss_mb=M
#if canImport(Glibc)
import Glibc
#endif
import LabelImport

func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

let paths = Array(CommandLine.arguments.dropFirst())
guard !paths.isEmpty else {
    print("usage: labelcat-import-bench PATH…")
    exit(64)
}
var counts = (files: 0, strings: 0, labels: 0, warnings: 0, bytes: 0)
let start = monotonicSeconds()
do {
    let importer = try XcodeImporter(paths: paths)
    try importer.read { (item: ImportedItem) throws(Never) in
        switch item {
        case .file: counts.files += 1
        case .string(let string): counts.strings += 1; counts.bytes += string.value.utf8.count
        case .label: counts.labels += 1
        case .warning: counts.warnings += 1
        }
    }
} catch {
    print("labelcat-import-bench: \(error)")
    exit(1)
}
let seconds = monotonicSeconds() - start
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print("import files=\(counts.files) strings=\(counts.strings) labels=\(counts.labels) warnings=\(counts.warnings)",
      "text_bytes=\(counts.bytes) seconds=\((seconds * 1000).rounded() / 1000) max_rss_mb=\(usage.ru_maxrss / 1024)")
