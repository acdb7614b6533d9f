import AutoLayout
import Dispatch
import LabelCatalog
import LabelLayout
import LabelModel
import LabelRender

extension HTMLReport {
    /// Around a label's frame in the picture of a finding cut from its scene, in points (cut
    /// to the scene's edges).
    public static let sceneCropMargin = 24.0
    /// Pixels per point of a scene's thumbnail.
    public static let thumbnailScale = 0.4
    /// Pixels per point of a whole scene's picture (opened from its thumbnail); the cuts around
    /// findings are at the report's scale.
    public static let sceneScale = 1.0

    /// One scene laid out for one text of its labels: what a scene picture shows.
    struct SceneKey: Hashable, Sendable, Comparable {
        var file: String
        var scene: String
        var locale: String
        var variant: String
        var category: String
        var device: String

        var name: String { "\(file)/\(scene)" }

        static func < (lhs: Self, rhs: Self) -> Bool {
            let left = (lhs.file, lhs.scene, lhs.device, lhs.locale.isEmpty ? 0 : 1, lhs.locale)
            let right = (rhs.file, rhs.scene, rhs.device, rhs.locale.isEmpty ? 0 : 1, rhs.locale)
            return left != right ? left < right : (lhs.variant, lhs.category) < (rhs.variant, rhs.category)
        }
    }

    /// What was drawn of one scene job: the whole scene, its thumbnail, and a picture cut
    /// around each label asked for (by view id).
    struct ScenePictures: Sendable {
        var full: Picture
        var thumbnail: Picture
        var crops: [String: Picture]
    }

    /// Draws the report's scene pictures: each scene × text once, on all cores, each picture
    /// named by the hash of the scene's layout inputs (`SceneInputs.inputHash`), the scale and
    /// `Renderer.pictureVersion`, so a picture an earlier report in the folder holds is kept,
    /// not drawn again. The scene is solved again on every report (cheap next to encoding).
    struct ScenePainter {
        let catalog: Catalog
        let scale: Double
        var reader: SceneInputsReader
        var jobs: [Job] = []
        var slots: [SceneKey: Int] = [:]

        struct Job: Sendable {
            var key: SceneKey
            /// What the scene is laid out from, or why it cannot be read.
            var inputs: SceneInputs?
            var failure: String
            /// The views to cut a picture around.
            var views: Set<String>
        }

        /// What a worker made of one job.
        struct Outcome: Sendable {
            var pictures: ScenePictures
            var files: Set<String> = []
            var staged: [ReportDirectory.StagedFile] = []
            var failure: ReportError?
        }

        init(catalog: Catalog, scale: Double) throws {
            self.catalog = catalog
            self.scale = scale
            reader = try SceneInputsReader(catalog: catalog)
        }

        /// The index of a scene job in `paint`'s result; `view`, when given, is cut out of it.
        mutating func request(_ key: SceneKey, view: String? = nil) -> Int {
            let index: Int
            if let known = slots[key] {
                index = known
            } else {
                var inputs: SceneInputs?
                var failure = ""
                do {
                    inputs = try reader.inputs(file: key.file, scene: key.scene, locale: key.locale, variant: key.variant,
                                               category: ContentSizeCategory(rawValue: key.category),
                                               device: key.device.isEmpty ? nil : key.device)
                } catch {
                    failure = "\(error)"
                }
                jobs.append(Job(key: key, inputs: inputs, failure: failure, views: []))
                index = jobs.count - 1
                slots[key] = index
            }
            if let view { jobs[index].views.insert(view) }
            return index
        }

        /// Solves, draws and encodes every job on all cores; keeps the pictures the folder
        /// holds. Returns each job's pictures, the files the page shows and the new ones staged.
        func paint(into folder: ReportDirectory) throws(ReportError) -> (pictures: [ScenePictures], files: Set<String>,
                                                                           staged: [ReportDirectory.StagedFile]) {
            let jobs = jobs
            let engine = catalog.engine
            let scale = scale
            let outcomes = Renderer.drawOnEveryCore(jobs) { job, renderer in
                Self.draw(job, engine: engine, renderer: &renderer, scale: scale, folder: folder)
            }
            var pictures: [ScenePictures] = []
            var files: Set<String> = []
            var staged: [ReportDirectory.StagedFile] = []
            var failure: ReportError?
            for outcome in outcomes {
                pictures.append(outcome.pictures)
                files.formUnion(outcome.files)
                staged += outcome.staged
                if failure == nil, let error = outcome.failure { failure = error }
            }
            if let failure {
                folder.discard(staged)
                throw failure
            }
            return (pictures, files, staged)
        }

        /// One job on a worker: solved, and each of its pictures drawn unless the folder holds it.
        static func draw(_ job: Job, engine: LayoutEngine, renderer: inout Renderer?, scale: Double,
                         folder: ReportDirectory) -> Outcome {
            guard let inputs = job.inputs else {
                let failed = Picture.failed(job.failure)
                return Outcome(pictures: ScenePictures(full: failed, thumbnail: failed,
                                                       crops: Dictionary(uniqueKeysWithValues: job.views.map { ($0, failed) })))
            }
            let layout = inputs.layout(engine: engine)
            let stem = stem(job.key)
            let caption = ([LocaleTag.name(job.key.locale), job.key.variant, layout.device].filter { !$0.isEmpty })
                .joined(separator: " · ")
            var outcome = Outcome(pictures: ScenePictures(full: .failed("not drawn"), thumbnail: .failed("not drawn"), crops: [:]))
            var detailed: LabelRender.Canvas?
            do {
                func picture(_ name: String, width: Double, height: Double, draw: () throws -> LabelRender.Canvas) throws -> Picture {
                    let picture = Picture.image(file: "images/" + name, width: width, height: height)
                    outcome.files.insert(name)
                    if folder.pictures.contains(name) { return picture }
                    do {
                        outcome.staged.append(try folder.stage(try draw().encodePNG(), picture: name))
                    } catch let error as ReportError {
                        outcome.failure = error
                    }
                    return picture
                }
                if renderer == nil { renderer = try Renderer(engine: engine) }
                let drawer = renderer!
                // The scene at the report's scale, drawn once for all the cuts that are not kept.
                func drawDetailed() throws -> LabelRender.Canvas {
                    if let detailed { return detailed }
                    let drawn = try drawer.renderScenes([layout], captions: [], scale: scale, legend: false)
                    detailed = drawn
                    return drawn
                }
                let legendHeight = 2 * Renderer.ScenePicture.legendRowHeight + 2 * Renderer.ScenePicture.legendPadding
                outcome.pictures.full = try picture(fileName(stem, inputs.inputHash, "full", scale: sceneScale),
                                                    width: max(layout.size.width, 1), height: layout.size.height + legendHeight) {
                    try drawer.renderScenes([layout], captions: [caption], scale: sceneScale)
                }
                outcome.pictures.thumbnail = try picture(fileName(stem + "@thumbnail", inputs.inputHash, "thumbnail", scale: thumbnailScale),
                                                         width: layout.size.width * thumbnailScale,
                                                         height: layout.size.height * thumbnailScale) {
                    try drawer.renderScenes([layout], captions: [], scale: thumbnailScale, legend: false)
                }
                for view in job.views.sorted() {
                    guard let label = layout.labels.first(where: { $0.view == view }) else {
                        outcome.pictures.crops[view] = .failed("the label is not shown in its scene")
                        continue
                    }
                    let crop = cropRect(label.frameInRoot, in: layout.size)
                    outcome.pictures.crops[view] = try picture(fileName(stem + "@" + view, inputs.inputHash, "crop", scale: scale),
                                                               width: crop.width, height: crop.height) {
                        try drawDetailed().cropped(x: Int((crop.x * scale).rounded(.down)), y: Int((crop.y * scale).rounded(.down)),
                                               width: Int((crop.width * scale).rounded(.up)),
                                               height: Int((crop.height * scale).rounded(.up)))
                    }
                }
            } catch {
                let failed = Picture.failed("\(error)")
                outcome.pictures = ScenePictures(full: failed, thumbnail: failed,
                                                 crops: Dictionary(uniqueKeysWithValues: job.views.map { ($0, failed) }))
            }
            return outcome
        }

        /// A label's frame grown by `sceneCropMargin`, cut to the scene.
        static func cropRect(_ frame: LayoutRect, in size: LayoutSize) -> Rect {
            let left = max(0, frame.x - sceneCropMargin), top = max(0, frame.y - sceneCropMargin)
            let right = min(size.width, frame.x + frame.width + sceneCropMargin)
            let bottom = min(size.height, frame.y + frame.height + sceneCropMargin)
            return Rect(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top))
        }

        /// `scene@Main.storyboard@vc1@de@iPhone_16`: the scene and text, as picture names are made.
        static func stem(_ key: SceneKey) -> String {
            var parts = ["scene", key.file, key.scene, LocaleTag.name(key.locale)]
            if !key.variant.isEmpty { parts.append(key.variant) }
            if key.category != Finding.defaultCategory { parts.append(key.category) }
            if !key.device.isEmpty { parts.append(key.device) }
            return String(parts.joined(separator: "@").unicodeScalars.prefix(Painter.maximumStemLength).map { scalar -> Character in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", ".", "-", "_", "@": return Character(scalar)
                default: return "_"
                }
            })
        }

        /// The stem, then 16 hex digits of the hash of what the picture shows.
        static func fileName(_ stem: String, _ inputHash: String, _ kind: String, scale: Double) -> String {
            var hasher = StableHasher()
            hasher.combine(inputHash)
            hasher.combine(kind)
            hasher.combine(scale.description)
            hasher.combine(Renderer.pictureVersion)
            return stem + "." + hasher.hexDigest.prefix(16) + ".png"
        }
    }
}
