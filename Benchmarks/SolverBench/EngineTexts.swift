import AutoLayout
import LabelImport
import LabelJSON
import LabelLayout
import LabelModel

/// Measures the labels of an Interface Builder file with the engine, at the fonts and texts the
/// Interface Builder importer reads for them (or texts given instead). Each measurement is kept:
/// solving again asks the cache, and the layouts made can be timed again on their own.
final class EngineTexts: LabelTextMeasuring {
    let engine: LayoutEngine
    /// Definitions by label object id.
    var definitions: [String: LabelDefinition] = [:]
    /// Texts to lay out instead of the definitions', by label object id.
    var texts: [String: String] = [:]
    /// Every layout made, as the definition it was made for.
    private(set) var layouts: [LabelDefinition] = []
    private var cache: [Key: LabelTextMetrics] = [:]

    private struct Key: Hashable {
        var id: String
        var width: Double?
        var scale: Int
    }

    init(engine: LayoutEngine) {
        self.engine = engine
    }

    /// The base-language labels of the file at `path`, as the importer reads them.
    func load(path: String) throws {
        definitions = [:]
        texts = [:]
        cache = [:]
        for label in try XcodeImporter(paths: [path]).readAll().labels where label.locale.isEmpty {
            // The catalog's `key` (the strings table entry) is no part of a definition.
            guard case .object(var object) = label.definition else { continue }
            object["key"] = nil
            definitions[label.objectID] = try LabelDefinition(json: .object(object))
        }
    }

    func forgetMeasurements() {
        cache = [:]
        layouts = []
    }

    func metrics(of label: View, width: Double?, scale: Int) -> LabelTextMetrics? {
        let key = Key(id: label.id, width: width, scale: scale)
        if let cached = cache[key] { return cached }
        guard var definition = definitions[label.id] else { return nil }
        if let text = texts[label.id] {
            definition.text = text
            definition.texts = [:]
        }
        // sizeThatFits: the width given (or none), any height.
        definition.scale = scale
        definition.frame = Rect(x: 0, y: 0, width: width ?? 1_000_000, height: 0)
        definition.isSelfSizing = true
        guard let layout = try? engine.layout(definition) else { return nil }
        layouts.append(definition)
        let metrics = LabelTextMetrics(size: LayoutSize(width: layout.intrinsicSize.width, height: layout.intrinsicSize.height),
                                       firstBaseline: layout.lines.first?.baseline ?? 0,
                                       lastBaseline: layout.lines.last?.baseline ?? 0)
        cache[key] = metrics
        return metrics
    }
}
