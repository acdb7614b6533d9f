#if canImport(Glibc)
import Glibc
#endif
import LabelCatalog
import LabelJSON
import LabelLayout
import LabelRender

/// `labelcat demo`: the seeds' labels, laid out.
let demoCommand = Command(
    name: "demo",
    abstract: "Build a catalog of the seed documents' labels (DIR/demo.sqlite), print where their text goes, and draw them (DIR/demo.png).",
    discussion: """
        The seeds are UILabel subclasses with vertical alignment (top, middle, bottom) and content \
        insets: Chinese text in 350 × 200 labels, 200 × 80 centered labels, and an inset label. \
        The picture shows them at their frames; seed 003's labels, from a screen of their own, \
        are drawn on a second screen to the right of the first.
        The catalog is always DIR/demo.sqlite, made afresh (a file already there is \
        replaced). demo takes no --db and does not read $LABELCAT_DB, so it can never replace \
        another catalog; point other commands at the demo with --db DIR/demo.sqlite.
        """,
    options: [DemoOptions.json, DemoOptions.out, DemoOptions.scale],
    withoutCatalog: "it writes its own catalog, DIR/demo.sqlite (choose DIR with --out)",
    run: runDemo)

/// The options of `demo`.
enum DemoOptions {
    static let json = Flag("json", help: "Print each layout as JSON (one per line).")
    static let out = Option<String>("out", "DIR", help: "Write DIR/demo.sqlite and DIR/demo.png (default: out).")
    static let scale = Option.scale(help: "Pixels per point of the picture (default 3, the labels' scale).")
}

func runDemo(_ arguments: ParsedArguments) throws -> Int32 {
    let directory = try arguments[DemoOptions.out] ?? "out"
    let scale = try arguments[DemoOptions.scale] ?? 3
    let json = arguments[DemoOptions.json]
    let output = OutputStream.standardOutput
    try makeDirectories(directory)
    let folder = directory.hasSuffix("/") ? directory : directory + "/"

    // The seeds' tokens and labels, in a catalog of their own.
    let catalogPath = folder + "demo.sqlite"
    let catalog = try SeedLabels.buildCatalog(at: catalogPath)
    let tokens = try catalog.tokenSet()
    var pictures: [LabelPicture] = []
    // Seed 003's labels come from another screen and would cover seed 000's: the picture puts
    // that screen to the right of the first (frames shifted by one screen width and a gap).
    let secondScreen = Set(SeedLabels.seed003.map(\.name))
    var table = Table("label", "frame", "valign", "insets", "lines shown/needed", "textRect (x, y, w, h)", "first line")
    for name in SeedLabels.records.map(\.name) {
        let record = try catalog.label(named: name)
        var picture = try storedPicture(record, locale: "", catalog: catalog, tokens: tokens)
        let label = picture.definition
        let layout = picture.layout
        if secondScreen.contains(label.name) { picture.definition.frame.x += SeedLabels.screenWidth + Renderer.screenMargin }
        pictures.append(picture)
        if json {
            output.write(layout.json + "\n")
            continue
        }
        let frame = label.frame
        let insets = label.contentInsets
        let rect = layout.textRect
        table.add(label.name,
                  "\(formatted(frame.x)),\(formatted(frame.y)) \(formatted(frame.width))×\(formatted(frame.height))",
                  label.verticalAlignment.rawValue,
                  insets == .zero ? "-" : "\(formatted(insets.top)),\(formatted(insets.left)),\(formatted(insets.bottom)),\(formatted(insets.right))",
                  "\(layout.lineCount)/\(layout.neededLineCount)",
                  "\(formatted(rect.x)), \(formatted(rect.y)), \(formatted(rect.width)), \(formatted(rect.height))",
                  layout.lines.first?.text ?? "")
    }
    if !json {
        output.write(table.rendered)
        let families = Set(pictures.map(\.layout.font.family)).sorted().joined(separator: ", ")
        output.write("\nFont: \(families), the seeds' token font.family.system: their text is Chinese, which iOS sets in PingFang SC. Rects are in label coordinates.\n")
    }

    // The seeds' screens: every label at its frame, as their screenshots show them.
    let path = folder + "demo.png"
    let canvas = try drawing(hint: "choose a smaller --scale") { try Renderer(engine: catalog.engine).renderScreen(pictures, scale: scale) }
    try canvas.writePNG(to: path)
    let note = "Wrote \(path) (\(canvas.width) × \(canvas.height) px, \(formatted(scale))×) and the catalog \(catalogPath).\n"
    if json {
        OutputStream.standardError.write(note)
        OutputStream.standardError.flush()
    } else {
        output.write(note)
    }
    output.flush()
    return 0
}

/// `mkdir -p`.
func makeDirectories(_ path: String) throws {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
        prefix += component
        if mkdir(prefix, 0o777) != 0, errno != EEXIST {
            throw CommandError("cannot make the directory '\(prefix)': \(String(cString: strerror(errno)))")
        }
        prefix += "/"
    }
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
        throw CommandError("'\(path)' is not a directory")
    }
}
