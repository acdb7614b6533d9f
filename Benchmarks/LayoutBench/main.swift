// labelcat-bench: the engine's in-process speed on a corpus of label definitions (NDJSON; a
// definition's "locale", "variant" and "contentSizeCategory" choose its text and size, as
// `labelcat measure` reads them).
// Definitions are parsed before timing starts; the first 2,000 are laid out once untimed so
// font loading is excluded, as in the Pango baseline. Times are the process's CPU time, as the
// Pango baseline's (on a shared machine, time spent waiting for a core is not ours). Prints one line:
//   engine labels=N us_per_label=X max_rss_mb=Y total_lines=L
//
// labelcat-bench --categories CORPUS: the cost of every content size category. Each label's
// fixed size is made to scale with the body text style (UIFontMetrics), so its 12 categories
// have 12 sizes; then, in interleaved rounds, every label is laid out at `large` alone
// (`layout`) and at all 12 categories (`layouts(categories:)`). Prints one line with the
// median round of each:
//   categories labels=N rounds=R one_us_per_label=X twelve_us_per_label=Y ratio=Z
#if canImport(Glibc)
import Glibc
#endif
import LabelJSON
import LabelLayout
import LabelModel

func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The corpus's lines as layout requests: a definition, with the text its "locale",
/// "variant" and "contentSizeCategory" members choose, as `labelcat measure` reads them.
func readCorpus(_ path: String) -> [LayoutRequest] {
    guard let file = fopen(path, "r") else {
        print("labelcat-bench: cannot open \(path)")
        exit(1)
    }
    var requests: [LayoutRequest] = []
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    while getline(&line, &capacity, file) > 0 {
        let text = String(cString: line!)
        do {
            requests.append(try LayoutRequest(json: try JSONValue.parse(text)))
        } catch {
            print("labelcat-bench: line \(requests.count + 1): \(error)")
            exit(1)
        }
    }
    fclose(file)
    return requests
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.count {
case 1:
    let requests = readCorpus(arguments[0])
    let engine = LayoutEngine()
    for request in requests.prefix(2000) { _ = try engine.layout(request) }
    var totalLines = 0
    let start = cpuSeconds()
    for request in requests {
        totalLines += try engine.layout(request).lineCount
    }
    let elapsed = cpuSeconds() - start
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let microseconds = elapsed * 1e6 / Double(requests.count)
    print("engine labels=\(requests.count) us_per_label=\((microseconds * 1000).rounded() / 1000) max_rss_mb=\(usage.ru_maxrss / 1024) total_lines=\(totalLines)")
case 2 where arguments[0] == "--categories":
    var definitions = readCorpus(arguments[1]).map(\.definition)
    for index in definitions.indices { definitions[index].font.scalesWithCategory = .body }
    let engine = LayoutEngine()
    let categories = ContentSizeCategory.allCases
    for definition in definitions.prefix(2000) { _ = try engine.layouts(definition, categories: categories) }
    var one: [Double] = []
    var twelve: [Double] = []
    var checksum = 0
    let rounds = 3
    for _ in 0..<rounds {
        var start = cpuSeconds()
        for definition in definitions { checksum &+= try engine.layout(definition, category: .large).lineCount }
        one.append((cpuSeconds() - start) * 1e6 / Double(definitions.count))
        start = cpuSeconds()
        for definition in definitions {
            for layout in try engine.layouts(definition, categories: categories) { checksum &+= layout.lineCount }
        }
        twelve.append((cpuSeconds() - start) * 1e6 / Double(definitions.count))
    }
    let ratio = median(twelve) / median(one)
    print("categories labels=\(definitions.count) rounds=\(rounds) one_us_per_label=\((median(one) * 1000).rounded() / 1000) twelve_us_per_label=\((median(twelve) * 1000).rounded() / 1000) ratio=\((ratio * 1000).rounded() / 1000) checksum=\(checksum)")
default:
    print("usage: labelcat-bench [--categories] CORPUS.ndjson")
    exit(64)
}
