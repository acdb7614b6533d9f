import LabelCatalog
import LabelLayout
import LabelModel
import LabelRender

/// A static report of a check for people (docs/ci.md, "The report"): one `index.html` with
/// its pictures in `images/`, no server, nothing loaded from the network. A summary of the
/// findings per locale and category; each finding with its picture beside the base text's
/// (drawn with the debug outlines: bounds, inset box, text rect, baselines), filterable by
/// locale, category, kind (and, with a baseline, new or known); the labels that fit, folded.
///
/// ```swift
/// let outcome = CheckOutcome(result: try catalog.check())
/// let written = try HTMLReport(outcome: outcome, toolVersion: "0.1.0").write(to: "report", catalog: catalog)
/// ```
public struct HTMLReport {
    public var outcome: CheckOutcome
    public var toolVersion: String
    /// Pixels per point of the pictures (shown at their size in points).
    public var scale: Double
    /// At most this many fitting labels are listed by name.
    public static let fittingListLimit = 5000

    public init(outcome: CheckOutcome, toolVersion: String, scale: Double = 2) {
        self.outcome = outcome
        self.toolVersion = toolVersion
        self.scale = scale
    }

    /// What a report wrote.
    public struct Written: Sendable {
        /// The page's path.
        public var index: String
        /// The pictures' paths.
        public var images: [String]
    }

    /// Writes the report into `directory` (created when missing; an earlier report there is
    /// replaced). Pictures are laid out from the labels' current definitions in `catalog`.
    public func write(to directory: String, catalog: Catalog) throws -> Written {
        let folder = try ReportDirectory(path: directory)
        var painter = try Painter(catalog: catalog, folder: folder, scale: scale)
        do {
            var entries: [FindingEntry] = []
            for (index, finding) in outcome.result.findings.enumerated() {
                var entry = FindingEntry(id: index + 1, finding: finding, isNew: outcome.isNew(finding))
                if finding.kind.description.hasLayout {
                    entry.picture = try painter.picture(of: finding.text)
                    if !finding.locale.isEmpty {
                        entry.basePicture = try painter.picture(of: CheckedText(label: finding.label, locale: "",
                                                                                   variant: finding.variant, category: finding.category))
                    }
                }
                entries.append(entry)
            }
            try folder.write(page(entries, catalogPath: catalog.path), to: folder.index)
        } catch {
            // A full disk, say: the folder is left as it was found (but for an earlier report's pictures).
            folder.discard(painter.written)
            throw error
        }
        return Written(index: folder.index, images: painter.written)
    }

    /// One finding on the page, with its pictures.
    struct FindingEntry {
        var id: Int
        var finding: Finding
        var isNew: Bool
        var picture: Picture?
        var basePicture: Picture?
    }

    /// A picture written to `images/`, or why it could not be drawn (a picture that was drawn
    /// but could not be written fails the report: it is not a finding of the check).
    enum Picture {
        case image(file: String, width: Double, height: Double)
        case failed(String)
    }

    /// Draws pictures into the report's `images/`, each text once.
    struct Painter {
        let catalog: Catalog
        let folder: ReportDirectory
        let scale: Double
        let renderer: Renderer
        var resolver: LabelResolver
        var drawn: [CheckedText: Picture] = [:]
        var usedNames: Set<String> = []
        var written: [String] = []

        /// The longest stem of a picture's file name: room for `-NNNNN.png` and the temporary
        /// name it is written under first (`.NAME.PID.N.tmp`) within 255 bytes.
        static let maximumStemLength = 200

        init(catalog: Catalog, folder: ReportDirectory, scale: Double) throws {
            self.catalog = catalog
            self.folder = folder
            self.scale = scale
            renderer = try Renderer(engine: catalog.engine)
            resolver = LabelResolver(tokens: try catalog.tokenSet())
        }

        mutating func picture(of text: CheckedText) throws(ReportError) -> Picture {
            if let known = drawn[text] { return known }
            let picture: Picture
            let canvas: Canvas
            let labelPicture: LabelPicture
            do {
                let definition = try resolver.resolve(try catalog.label(named: text.label)).definition
                let category = ContentSizeCategory(rawValue: text.category) ?? .large
                labelPicture = LabelPicture(definition: definition,
                                            layout: try catalog.engine.layout(definition, locale: text.locale,
                                                                              variant: text.variant, category: category))
                canvas = try renderer.renderLabel(labelPicture, scale: scale, debug: true)
            } catch {
                picture = .failed("\(error)")
                drawn[text] = picture
                return picture
            }
            let name = fileName(for: text)
            let path = folder.images + "/" + name
            do { try canvas.writePNG(to: path) } catch { throw .file(path: path, reason: error.description) }
            written.append(path)
            picture = .image(file: "images/" + name, width: labelPicture.layout.bounds.width,
                             height: labelPicture.layout.bounds.height)
            drawn[text] = picture
            return picture
        }

        /// `cart.title@de.png`: the label, locale (or `base`), variant and category when not
        /// `large`, with anything but ASCII letters, digits, `.`, `-` and `_` as `_`, at most
        /// `maximumStemLength` characters (file systems take 255 bytes a name); a number is
        /// added when two texts come out the same.
        mutating func fileName(for text: CheckedText) -> String {
            var parts = [text.label, LocaleTag.name(text.locale)]
            if !text.variant.isEmpty { parts.append(text.variant) }
            if text.category != Finding.defaultCategory { parts.append(text.category) }
            let stem = String(parts.joined(separator: "@").unicodeScalars.prefix(Self.maximumStemLength).map { scalar -> Character in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", ".", "-", "_", "@": return Character(scalar)
                default: return "_"
                }
            })
            var name = stem + ".png"
            var number = 2
            while !usedNames.insert(name).inserted {
                name = "\(stem)-\(number).png"
                number += 1
            }
            return name
        }
    }
}
