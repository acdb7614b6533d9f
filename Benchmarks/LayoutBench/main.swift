// labelcat-bench: the engine's in-process speed on a corpus of label definitions (NDJSON).
// Definitions are parsed before timing starts; the first 2,000 are laid out once untimed so
// font loading is excluded, as in the Pango baseline. Prints one line:
//   engine labels=N us_per_label=X max_rss_mb=Y total_lines=L
#if canImport(Glibc)
import Glibc
#endif
import LabelJSON
import LabelLayout

func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

guard CommandLine.arguments.count == 2, let file = fopen(CommandLine.arguments[1], "r") else {
    print("usage: labelcat-bench CORPUS.ndjson")
    exit(64)
}
var definitions: [LabelDefinition] = []
var line: UnsafeMutablePointer<CChar>?
var capacity = 0
while getline(&line, &capacity, file) > 0 {
    let text = String(cString: line!)
    do {
        definitions.append(try LabelDefinition(json: try JSONValue.parse(text)))
    } catch {
        print("labelcat-bench: line \(definitions.count + 1): \(error)")
        exit(1)
    }
}
fclose(file)

let engine = LayoutEngine()
for definition in definitions.prefix(2000) { _ = try engine.layout(definition) }
var totalLines = 0
let start = monotonicSeconds()
for definition in definitions {
    totalLines += try engine.layout(definition).lineCount
}
let elapsed = monotonicSeconds() - start
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
let microseconds = elapsed * 1e6 / Double(definitions.count)
print("engine labels=\(definitions.count) us_per_label=\((microseconds * 1000).rounded() / 1000) max_rss_mb=\(usage.ru_maxrss / 1024) total_lines=\(totalLines)")
