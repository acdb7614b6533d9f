@testable import LabelCatalog
import LabelJSON
import LabelLayout
import LabelModel
import Testing
import TestSupport

/// `LabelResolver` resolves each distinct style once (and each token-reading field value once)
/// and shares what its workers resolved: what it gives must be what resolving each label on
/// its own gives.
@Suite("Recompute: styles resolved once")
struct StyleCacheTests {
    /// Labels of many styles sharing field values: typography and font-object references,
    /// insets and colors by token and literal, literals mixed in.
    static func labels(count: Int) -> [LabelRecord] {
        let fonts: [JSONValue] = [
            .string("{typography.body}"), .string("{typography.tall}"), .string("{font.family.cjk}"),
            .object(JSONObject([("family", .string("{font.family.cjk}")), ("size", .string("{font.size.default}"))])),
            .object(JSONObject([("size", .number(15))])),
        ]
        let insets: [JSONValue?] = [nil, .string("{spacing.card}"), .string("{spacing.loose}"),
                                    .object(JSONObject([("top", .string("{spacing.m}")), ("left", .number(4))]))]
        let colors: [JSONValue?] = [nil, .string("{color.accent}"), .string("#202020")]
        let lines: [JSONValue] = [.number(0), .number(1), .string("{lines.max}")]
        return (0..<count).map { index in
            var style = JSONObject([("font", fonts[index % fonts.count]), ("numberOfLines", lines[index / 3 % lines.count])])
            if let inset = insets[index / 2 % insets.count] { style["contentInsets"] = inset }
            if let color = colors[index / 5 % colors.count] { style["textColor"] = color }
            return LabelRecord(name: "style.label\(index)", text: index % 2 == 0 ? "Ein Text, der umbrechen kann" : "经过别名的文字",
                               texts: index % 4 == 0 ? ["de": "Noch ein Text"] : [:],
                               frame: Rect(x: 0, y: Double(index), width: Double(80 + index % 7 * 40), height: 60),
                               isSelfSizing: index % 6 == 5, style: style)
        }
    }

    @Test("Every layout's input hash and dependencies are those of the label resolved on its own")
    func hashesUnchangedByTheCache() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let labels = Self.labels(count: 240)
        try catalog.setLabels(labels)
        _ = try catalog.recomputeAll(matching: [], force: true)
        let tokens = try catalog.tokenSet()
        for label in labels {
            let record = try catalog.label(named: label.name)
            let alone = try record.resolve(tokens: tokens)
            for locale in [""] + record.locales {
                let row = try #require(try rawLayout(catalog, label.name, locale: locale))
                #expect(row.error == nil, "\(label.name): \(row.error ?? "")")
                #expect(row.inputHash == (try catalog.engine.inputHash(alone.definition, locale: locale)), "\(label.name) \(locale)")
            }
            let stored = try column(catalog.database, "SELECT token FROM label_dependencies WHERE label = ? ORDER BY token",
                                    [.text(label.name)])
            #expect(stored == alone.dependencies.sorted(), "\(label.name)")
        }
    }

    @Test("Resolvers shared between workers give each label its own definition, dependencies and errors")
    func sharedResolversMatchResolvingAlone() throws {
        let directory = try TemporaryDirectory()
        let catalog = try makeCatalog(in: directory)
        let tokens = try catalog.tokenSet()
        // A label of a known style whose own text is too long, and one whose token is unknown:
        // the long way, with errors naming them.
        var tooLong = Self.labels(count: 1)[0]
        tooLong.name = "style.tooLong"
        tooLong.text = String(repeating: "x", count: LabelDefinition.maximumTextBytes + 1)
        var unknown = Self.labels(count: 2)[1]
        unknown.name = "style.unknown"
        unknown.style["textColor"] = .string("{color.missing}")
        let labels = Self.labels(count: 120) + [tooLong, unknown]
        let resolvers = ResultSlots(repeating: LabelResolver(tokens: tokens), count: 2)
        for round in 0..<2 {
            for (index, record) in labels.enumerated() {
                var resolver = resolvers.take(index % 2)
                defer { resolvers.set(index % 2, resolver) }
                let alone = Result { () throws(CatalogError) in try record.resolve(tokens: tokens) }
                let cached = Result { () throws(CatalogError) in try resolver.resolve(record) }
                switch (alone, cached) {
                case let (.success(expected), .success(got)):
                    #expect(got.definition == expected.definition, "\(record.name), round \(round)")
                    #expect(got.dependencies == expected.dependencies, "\(record.name), round \(round)")
                case let (.failure(expected), .failure(got)):
                    #expect(got.description == expected.description)
                    #expect(got.description.contains(record.name))
                default:
                    Issue.record("\(record.name), round \(round): \(alone) alone, \(cached) cached")
                }
            }
            LabelResolver.share(resolvers, count: 2)
        }
    }
}
