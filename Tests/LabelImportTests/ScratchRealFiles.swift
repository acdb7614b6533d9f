import Testing
import LabelImport
#if canImport(Glibc)
import Glibc
#endif

@Test func scratchRealFiles() throws {
    guard let root = getenv("REAL_FILES").map({ String(cString: $0) }) else { return }
    for folder in root.split(separator: ":").map(String.init) {
        let importer = try XcodeImporter(paths: [folder])
        var counts: [String: Int] = [:]
        do {
            try importer.read { (item: ImportedItem) throws(Never) in
                switch item {
                case .file(let f): counts["file.\(f.format)", default: 0] += 1
                case .string(let s): counts["string", default: 0] += 1; if !s.variant.isEmpty { counts["variant", default: 0] += 1 }
                case .label: counts["label", default: 0] += 1
                case .warning(let w): counts["warning", default: 0] += 1; if counts["warning"]! < 6 { print("WARN", w) }
                }
            }
        } catch {
            print("FAIL", folder, error)
        }
        print(folder, counts.sorted { $0.key < $1.key })
    }
}

@Test func scratchPrintCatalog() throws {
    guard getenv("PRINT_CATALOG") != nil else { return }
    let r = try XcodeImporter(paths: [String(cString: getenv("PRINT_CATALOG"))]).readAll()
    for s in r.strings { print("\(s.key) | \(s.locale) | \(s.variant) | \(s.value) | \(String(describing: s.state)) | \(s.source.line ?? 0) | src=\(s.isSourceLanguage)") }
}

@Test func scratchPrintLabels() throws {
    guard getenv("PRINT_LABELS") != nil else { return }
    let r = try XcodeImporter(paths: [String(cString: getenv("PRINT_LABELS"))]).readAll()
    for l in r.labels { print("LABEL", l.definition.jsonString()) }
}

@Test func scratchLastLabelLine() throws {
    guard getenv("LAST_LABEL") != nil else { return }
    let r = try XcodeImporter(paths: [String(cString: getenv("LAST_LABEL"))]).readAll()
    print("LASTLINE", r.labels.last!.source.line!, r.labels.last!.objectID)
}

@Test func scratchLabelLines() throws {
    guard getenv("LABEL_LINES") != nil else { return }
    let r = try XcodeImporter(paths: [String(cString: getenv("LABEL_LINES"))]).readAll()
    for l in r.labels { print("LINE", l.source.line!) }
}

@Test func scratchStringLines() throws {
    guard getenv("STRING_LINES") != nil else { return }
    let r = try XcodeImporter(paths: [String(cString: getenv("STRING_LINES"))]).readAll()
    for l in r.strings { print("SLINE", l.source.line!) }
}
