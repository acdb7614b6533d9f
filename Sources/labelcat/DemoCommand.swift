import LabelJSON
import LabelLayout

/// `labelcat demo`: the seeds' labels, laid out.
let demoCommand = Command(
    name: "demo",
    abstract: "Lay out the seed documents' labels and print where their text goes.",
    discussion: """
        The seeds are UILabel subclasses with vertical alignment (top, middle, bottom) and content \
        insets: Chinese text in 350 × 200 labels, 200 × 80 centered labels, and an inset label.
        """,
    options: [.flag("json", help: "Print each layout as JSON (one per line).")],
    run: runDemo)

func runDemo(_ arguments: ParsedArguments) throws -> Int32 {
    let engine = LayoutEngine()
    let output = OutputStream.standardOutput
    var table = Table("label", "frame", "valign", "insets", "lines", "textRect (x, y, w, h)", "first line")
    for label in SeedLabels.all {
        let layout = try engine.layout(label)
        if arguments.flag("json") {
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
    if !arguments.flag("json") {
        output.write(table.rendered)
        output.write("\nFont: \(try engine.primaryFace(for: FontSpec()).family) (the default family). Rects are in label coordinates; lines shown/needed.\n")
    }
    output.flush()
    return 0
}
