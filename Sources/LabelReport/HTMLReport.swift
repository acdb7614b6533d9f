import Dispatch
import LabelCatalog
import LabelLayout
import LabelModel
import LabelRender

/// A static report of a check for people (docs/ci.md, "The report"): one `index.html` with
/// its pictures in `images/`, no server, nothing loaded from the network. A summary of the
/// findings per locale and category; each finding with its picture beside the base text's
/// (drawn with the debug outlines: bounds, inset box, text rect, baselines), filterable by
/// locale, category, kind (and, with a baseline, new or known); the labels that fit, folded.
/// A finding of a label of a storyboard or xib scene is pictured cut out of its scene, beside
/// the same cut of the base texts' scene; each scene has a section with a thumbnail per
/// checked locale and the list of its findings (`HTMLReport+Scenes.swift`).
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
    /// replaced). Pictures are laid out from the labels' current definitions in `catalog`,
    /// drawn on all cores, and named by what they show, so a picture an earlier report in the
    /// folder already holds is kept rather than drawn again (docs/ci.md, "The report").
    public func write(to directory: String, catalog: Catalog) throws -> Written {
        let folder = try ReportDirectory(path: directory)
        var painter = try Painter(catalog: catalog, scale: scale)
        var scenePainter = try ScenePainter(catalog: catalog, scale: scale)
        let links = try catalog.sceneLinks()
        if outcome.result.findings.count * 4 >= outcome.result.labelCount {
            painter.resolveAll(matching: outcome.result.scope.glob)
        }
        var entries: [FindingEntry] = []
        var requests: [(entry: Int, picture: Int?, base: Int?)] = []
        var sceneRequests: [(entry: Int, picture: Int, base: Int?, view: String)] = []
        for (index, finding) in outcome.result.findings.enumerated() {
            entries.append(FindingEntry(id: index + 1, finding: finding, isNew: outcome.isNew(finding)))
            let link = links[finding.label]
            if let link { entries[index].scene = "\(link.file)/\(link.scene)" }
            guard finding.kind.description.hasLayout else { continue }
            if let link {
                // A label of a scene is pictured inside its scene, beside the base texts' scene.
                let key = SceneKey(file: link.file, scene: link.scene, locale: finding.locale, variant: finding.variant,
                                   category: finding.category, device: finding.device)
                var base = key
                base.locale = ""
                sceneRequests.append((index, scenePainter.request(key, view: link.view),
                                      finding.locale.isEmpty ? nil : scenePainter.request(base, view: link.view), link.view))
                continue
            }
            let base = finding.locale.isEmpty ? nil
                : painter.request(CheckedText(label: finding.label, locale: "", variant: finding.variant, category: finding.category,
                                              device: finding.device))
            requests.append((index, painter.request(finding.text), base))
        }
        // Every scene with a checked label, in every checked locale: its thumbnails.
        var thumbnails: [String: [(key: SceneKey, job: Int)]] = [:]
        let category = outcome.result.categories.first ?? Finding.defaultCategory
        var seen: Set<SceneKey> = []
        for text in outcome.result.checked where text.variant.isEmpty && text.category == category {
            guard let link = links[text.label] else { continue }
            let key = SceneKey(file: link.file, scene: link.scene, locale: text.locale, variant: "", category: category, device: text.device)
            guard seen.insert(key).inserted else { continue }
            thumbnails[key.name, default: []].append((key, scenePainter.request(key)))
        }
        // A scene whose findings are all of texts not checked in the first category still gets its base picture.
        for entry in entries {
            guard let link = links[entry.finding.label], thumbnails["\(link.file)/\(link.scene)"] == nil else { continue }
            let key = SceneKey(file: link.file, scene: link.scene, locale: "", variant: "", category: category, device: entry.finding.device)
            thumbnails[key.name] = [(key, scenePainter.request(key))]
        }

        let painted = try painter.paint(into: folder)
        let scenePainted: (pictures: [ScenePictures], files: Set<String>, staged: [ReportDirectory.StagedFile])
        do {
            scenePainted = try scenePainter.paint(into: folder)
        } catch {
            folder.discard(painted.staged)
            throw error
        }
        for request in requests {
            entries[request.entry].picture = request.picture.map { painted.pictures[$0] }
            entries[request.entry].basePicture = request.base.map { painted.pictures[$0] }
        }
        for request in sceneRequests {
            entries[request.entry].picture = scenePainted.pictures[request.picture].crops[request.view]
            entries[request.entry].basePicture = request.base.flatMap { scenePainted.pictures[$0].crops[request.view] }
        }
        let scenes = thumbnails.keys.sorted().enumerated().map { index, name in
            SceneSection(name: name, anchor: "scene-\(index + 1)",
                         pictures: thumbnails[name]!.sorted { $0.key < $1.key }.map { ($0.key, scenePainted.pictures[$0.job]) },
                         findings: entries.filter { $0.scene == name }.map(\.id))
        }
        let staged = painted.staged + scenePainted.staged
        do {
            try folder.commit(page: page(entries, scenes: scenes, catalogPath: catalog.path), staged: staged,
                              keeping: painted.files.union(scenePainted.files))
        } catch {
            // A full disk, say: the folder is left as it was found.
            folder.discard(staged)
            throw error
        }
        return Written(index: folder.index, images: painted.files.union(scenePainted.files).sorted().map { folder.images + "/" + $0 })
    }

    /// A scene on the page: its thumbnail in every checked locale and its findings.
    struct SceneSection {
        /// `FILE/SCENE`, and the element id the findings link to.
        var name: String
        var anchor: String
        var pictures: [(key: SceneKey, pictures: ScenePictures)]
        /// The ids of its findings.
        var findings: [Int]
    }

    /// One finding on the page, with its pictures.
    struct FindingEntry {
        var id: Int
        var finding: Finding
        var isNew: Bool
        var picture: Picture?
        var basePicture: Picture?
        /// `FILE/SCENE` of the label's scene; nil for a label in no scene.
        var scene: String?
    }

    /// A picture in `images/`, or why it could not be drawn (a picture that was drawn but
    /// could not be written fails the report: it is not a finding of the check).
    enum Picture: Sendable {
        case image(file: String, width: Double, height: Double)
        case failed(String)
    }

    /// Lays out and draws the report's pictures, each text once. Texts are requested in page
    /// order on the calling thread (which reads the catalog: labels are resolved there, once
    /// each); `paint` then lays them out, draws and encodes them on every core, each worker
    /// with its own `Renderer`, and writes each new picture under a temporary name.
    ///
    /// A picture's file is named by its text and a hash of everything it shows — the layout's
    /// input hash (every field of the resolved definition, the text, the category, the fonts'
    /// files and the engine's version), the scale and `Renderer.pictureVersion` — so a file of
    /// that name in the folder is that very picture, and is kept.
    struct Painter {
        let catalog: Catalog
        let scale: Double
        var resolver: LabelResolver
        /// Each requested text once, in request order, with its definition or why it has none.
        var jobs: [Job] = []
        var slots: [CheckedText: Int] = [:]
        var definitions: [String: Job.Input] = [:]

        /// The longest stem of a picture's file name: room for `.HASH.png` and the temporary
        /// name it is written under first (`.NAME.PID.N.tmp`) within 255 bytes.
        static let maximumStemLength = 200

        /// A text to draw: its label's resolved definition, or why the label does not resolve.
        struct Job: Sendable {
            enum Input: Sendable {
                case definition(LabelDefinition)
                case failed(String)
            }

            var text: CheckedText
            var input: Input
        }

        /// What `paint` made: a picture per requested text, the files the page shows, and the
        /// new ones written under temporary names (to be renamed by `ReportDirectory.commit`).
        struct Painted {
            var pictures: [Picture]
            var files: Set<String>
            var staged: [ReportDirectory.StagedFile]
        }

        /// What a worker made of one job.
        enum Outcome: Sendable {
            case kept(Picture, file: String)
            case drawn(Picture, ReportDirectory.StagedFile)
            case failed(Picture)
            case notWritten(ReportError)
        }

        init(catalog: Catalog, scale: Double) throws {
            self.catalog = catalog
            self.scale = scale
            resolver = LabelResolver(tokens: try catalog.tokenSet())
        }

        /// Reads and resolves every label matching `glob` at once, for a report that pictures
        /// most of them (one query for all rather than three a label).
        mutating func resolveAll(matching glob: String) {
            guard let records = try? catalog.labels(matching: glob) else { return }
            for record in records where definitions[record.name] == nil {
                definitions[record.name] = input { record }
            }
        }

        /// The definition of the label `read` returns, resolved; or why there is none.
        private mutating func input(_ read: () throws -> LabelRecord) -> Job.Input {
            do {
                return .definition(try resolver.resolve(try read()).definition)
            } catch {
                return .failed("\(error)")
            }
        }

        /// The index of a text's picture in `paint`'s result.
        mutating func request(_ text: CheckedText) -> Int {
            if let known = slots[text] { return known }
            let input: Job.Input
            if let known = definitions[text.label] {
                input = known
            } else {
                let catalog = catalog
                input = self.input { try catalog.label(named: text.label) }
                definitions[text.label] = input
            }
            jobs.append(Job(text: text, input: placed(input, text)))
            slots[text] = jobs.count - 1
            return jobs.count - 1
        }

        /// A label of a scene drawn in the frame its scene gave it on the text's device (its
        /// own frame for a label in no scene).
        private func placed(_ input: Job.Input, _ text: CheckedText) -> Job.Input {
            guard !text.device.isEmpty, case .definition(let definition) = input else { return input }
            do {
                let stored = try catalog.layout(label: text.label, locale: text.locale, variant: text.variant,
                                                category: ContentSizeCategory(rawValue: text.category), device: text.device)
                return .definition(stored.placed(definition))
            } catch {
                return .failed("\(error)")
            }
        }

        /// Lays out, draws and encodes every requested picture on all cores; keeps those the
        /// folder already holds. On a write error, what was written is taken back.
        func paint(into folder: ReportDirectory) throws(ReportError) -> Painted {
            let jobs = jobs
            let engine = catalog.engine
            let scale = scale
            let outcomes = Renderer.drawOnEveryCore(jobs) { job, renderer in
                Self.draw(job, engine: engine, renderer: &renderer, scale: scale, folder: folder)
            }
            var painted = Painted(pictures: [], files: [], staged: [])
            var failure: ReportError?
            for outcome in outcomes {
                switch outcome {
                case .kept(let picture, let file):
                    painted.pictures.append(picture)
                    painted.files.insert(file)
                case .drawn(let picture, let staged):
                    painted.pictures.append(picture)
                    painted.files.insert(staged.name)
                    painted.staged.append(staged)
                case .failed(let picture):
                    painted.pictures.append(picture)
                case .notWritten(let error):
                    if failure == nil { failure = error }
                }
            }
            if let failure {
                folder.discard(painted.staged)
                throw failure
            }
            return painted
        }

        /// One job on a worker: laid out, named, and unless the folder holds it, drawn,
        /// encoded and written under a temporary name.
        static func draw(_ job: Job, engine: LayoutEngine, renderer: inout Renderer?, scale: Double,
                          folder: ReportDirectory) -> Outcome {
            let png: PNGData
            let name: String
            let picture: Picture
            let definition: LabelDefinition
            switch job.input {
            case .definition(let resolved): definition = resolved
            case .failed(let reason): return .failed(.failed(reason))
            }
            do {
                let text = job.text
                let layout = try engine.layout(definition, locale: text.locale, variant: text.variant,
                                               category: ContentSizeCategory(rawValue: text.category) ?? .large)
                name = fileName(for: text, inputHash: layout.inputHash, scale: scale)
                picture = .image(file: "images/" + name, width: layout.bounds.width, height: layout.bounds.height)
                if folder.pictures.contains(name) { return .kept(picture, file: name) }
                if renderer == nil { renderer = try Renderer(engine: engine) }
                png = try renderer!.renderLabel(LabelPicture(definition: definition, layout: layout), scale: scale, debug: true).encodePNG()
            } catch {
                return .failed(.failed("\(error)"))
            }
            do {
                return .drawn(picture, try folder.stage(png, picture: name))
            } catch {
                return .notWritten(error)
            }
        }

        /// `cart.title@de.0123456789abcdef.png`: the label, locale (or `base`), variant and
        /// category when not `large`, with anything but ASCII letters, digits, `.`, `-`, `_`
        /// and `@` as `_`, at most `maximumStemLength` characters (file systems take 255 bytes
        /// a name); then 16 hex digits of the hash of what the picture shows.
        static func fileName(for text: CheckedText, inputHash: String, scale: Double) -> String {
            var parts = [text.label, LocaleTag.name(text.locale)]
            if !text.variant.isEmpty { parts.append(text.variant) }
            if text.category != Finding.defaultCategory { parts.append(text.category) }
            let stem = String(parts.joined(separator: "@").unicodeScalars.prefix(maximumStemLength).map { scalar -> Character in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", ".", "-", "_", "@": return Character(scalar)
                default: return "_"
                }
            })
            var hasher = StableHasher()
            hasher.combine(inputHash)
            hasher.combine(scale.description)
            hasher.combine(Renderer.pictureVersion)
            return stem + "." + hasher.hexDigest.prefix(16) + ".png"
        }
    }
}
