@testable import LabelJSON
@testable import LabelLayout
import LabelModel
import Testing

/// The input hash covers every field of a definition, because it hashes the canonical JSON
/// (`LabelDefinition.writeJSON`), the one list of fields. The fields are enumerated from that
/// JSON, so a field added to the JSON is covered here without a change; a stored property
/// the JSON leaves out fails `everyPropertyIsInTheJSON`.
@Suite("Input hash")
struct InputHashTests {
    /// A definition whose every field differs from its default.
    static var base: LabelDefinition {
        var definition = LabelDefinition(name: "hash.base", frame: Rect(x: 3, y: 4, width: 240, height: 96))
        definition.text = "Base text"
        definition.texts = ["de": "Basistext", "ja": "基本"]
        definition.variantTexts = [TextKey(locale: "", variant: "plural.one"): "%d item",
                                   TextKey(locale: "de", variant: "plural.other"): "%d Dinge"]
        definition.arguments = [.string("Anna"), .number(3)]
        definition.font = FontSpec(families: ["DejaVu Sans", "Noto Sans CJK SC"], size: 15, weight: 700)
        definition.font.scalesWithCategory = .body
        definition.numberOfLines = 3
        definition.lineBreakMode = .wordWrap
        definition.textAlignment = .center
        definition.verticalAlignment = .bottom
        definition.contentInsets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        definition.lineHeight = 22
        definition.lineHeightMultiple = 1.25
        definition.lineSpacing = 2
        definition.letterSpacing = 0.5
        definition.truncationToken = "..."
        definition.textColor = Color(red: 1, green: 2, blue: 3)
        definition.backgroundColor = Color(red: 4, green: 5, blue: 6, alpha: 7)
        definition.scale = 2
        definition.lineBreakStrategy = .pushOut
        definition.adjustsFontSizeToFitWidth = true
        definition.minimumScaleFactor = 0.5
        definition.allowsDefaultTighteningForTruncation = true
        return definition
    }

    static func json(_ definition: LabelDefinition) throws -> JSONValue {
        try JSONValue.parse(definition.canonicalJSON)
    }

    /// The path of every leaf of a JSON value (array elements by index).
    static func leaves(_ value: JSONValue, path: [String] = []) -> [[String]] {
        switch value {
        case .object(let object): return object.flatMap { leaves($0.value, path: path + [$0.key]) }
        case .array(let elements): return elements.indices.flatMap { leaves(elements[$0], path: path + ["\($0)"]) }
        default: return [path]
        }
    }

    static func value(_ value: JSONValue, at path: [String]) -> JSONValue? {
        guard let first = path.first else { return value }
        switch value {
        case .object(let object): return object[first].flatMap { Self.value($0, at: Array(path.dropFirst())) }
        case .array(let elements): return Int(first).flatMap { elements.indices.contains($0) ? Self.value(elements[$0], at: Array(path.dropFirst())) : nil }
        default: return nil
        }
    }

    static func replacing(_ value: JSONValue, at path: [String], with new: JSONValue) -> JSONValue {
        guard let first = path.first else { return new }
        switch value {
        case .object(var object):
            object[first] = replacing(object[first] ?? .null, at: Array(path.dropFirst()), with: new)
            return .object(object)
        case .array(var elements):
            let index = Int(first)!
            elements[index] = replacing(elements[index], at: Array(path.dropFirst()), with: new)
            return .array(elements)
        default: return value
        }
    }

    /// Other values to try for a leaf: near numbers, a longer string, and for a string the
    /// reader refuses, the values its message lists ("expected one of a, b, c").
    static func candidates(for value: JSONValue, at path: [String], in document: JSONValue) -> [JSONValue] {
        if let number = value.number { return [number + 1, number - 1, number * 2, number / 2, number + 0.5].map(JSONValue.number) }
        if case .bool(let flag) = value { return [.bool(!flag)] }
        guard let text = value.string else { return [] }
        var values: [JSONValue] = [.string(text + "x"), .string("#102030"), .string("#10203040")]
        do {
            _ = try LabelDefinition(json: replacing(document, at: path, with: .string(text + "x")))
        } catch {
            if case .invalidField(_, let message) = error, let list = message.split(separator: "expected one of ").last {
                values += list.dropLast(message.hasSuffix(")") ? 1 : 0).split(separator: ",")
                    .map { .string(String($0).filter { $0 != " " }) }
            }
        }
        return values
    }

    @Test("Changing any field of a definition (every leaf of its canonical JSON) changes the input hash")
    func everyFieldChangesTheHash() throws {
        let engine = LayoutEngine()
        let base = Self.base
        let chain = try engine.fonts.chain(for: base.font)
        let document = try Self.json(base)
        let paths = Self.leaves(document)
        #expect(paths.count >= 25, "fields: \(paths)")
        for path in paths {
            // The text a leaf holds is read by the layout of its locale and variant.
            let text = switch path.first {
            case "texts": TextKey(locale: path[1], variant: path.count > 2 ? path[2] : "")
            case "text": TextKey(locale: "", variant: path.count > 1 ? path[1] : "")
            default: TextKey(locale: "")
            }
            let baseHash = InputHash.of(base, text: text, category: .large, chain: chain)
            let old = try #require(Self.value(document, at: path))
            var changed: LabelDefinition?
            for candidate in Self.candidates(for: old, at: path, in: document) where candidate != old {
                guard let definition = try? LabelDefinition(json: Self.replacing(document, at: path, with: candidate)),
                      definition.canonicalJSON != base.canonicalJSON else { continue }
                changed = definition
                break
            }
            guard let changed else {
                Issue.record("found no valid other value for \(path.joined(separator: ".")) (\(old.jsonString())): add one to `candidates`")
                continue
            }
            #expect(InputHash.of(changed, text: text, category: .large, chain: chain) != baseHash,
                    "changing \(path.joined(separator: ".")) kept the hash")
            // Hashed with its style's recorded words: the same hash.
            let byStyle = InputHash.finish(InputHash.fields(of: changed, text: text, style: StyleHashWords(of: changed)),
                                           category: .large, chain: chain)
            #expect(byStyle == InputHash.of(changed, text: text, category: .large, chain: chain),
                    "\(path.joined(separator: ".")): the hash by style words differs")
        }
    }

    @Test("A label hashed with the style words of another label of its style (other name, texts, frame) hashes as alone")
    func styleWordsServeEveryLabelOfTheStyle() throws {
        let engine = LayoutEngine()
        let style = StyleHashWords(of: Self.base)
        var other = Self.base
        other.name = "hash.other"
        other.text = "Another, longer text to lay out"
        other.texts = ["fr": "Autre"]
        other.variantTexts = [:]
        other.frame = Rect(x: 0, y: 9, width: 120, height: 0)
        other.isSelfSizing = true
        for definition in [Self.base, other] {
            for (locale, category) in [("", ContentSizeCategory.large), ("de", .large), ("fr", .large), ("", .accessibilityLarge)] {
                let own = try engine.layout(definition, locale: locale, category: category)
                let byStyle = try engine.layout(definition, style: style, locale: locale, category: category)
                #expect(byStyle.json == own.json)
                #expect(byStyle.inputHash == own.inputHash)
                #expect(try engine.inputHash(definition, style: style, locale: locale, category: category) == own.inputHash)
            }
        }
    }

    @Test("A locale's hash covers the text it shows, not the other locales' texts")
    func otherLocalesTextsAreNotInTheHash() throws {
        let engine = LayoutEngine()
        var changed = Self.base
        changed.texts["ja"] = "別の"
        let chain = try engine.fonts.chain(for: changed.font)
        func hash(_ definition: LabelDefinition, _ locale: String, variant: String = "",
                  category: ContentSizeCategory = .large) -> String {
            InputHash.of(definition, text: TextKey(locale: locale, variant: variant), category: category, chain: chain)
        }
        for locale in ["", "de"] {
            #expect(hash(changed, locale) == hash(Self.base, locale))
        }
        #expect(hash(changed, "ja") != hash(Self.base, "ja"))
        #expect(hash(Self.base, "de") != hash(Self.base, ""))
        #expect(hash(Self.base, "", variant: "plural.one") != hash(Self.base, ""))
        #expect(hash(Self.base, "", category: .accessibilityLarge) != hash(Self.base, ""))
    }

    @Test("A layout given the input hash its caller had is the layout hashed by the engine")
    func layoutWithKnownHash() throws {
        let engine = LayoutEngine()
        for (locale, category) in [("", ContentSizeCategory.large), ("de", .large), ("", .accessibilityLarge)] {
            let hash = try engine.inputHash(Self.base, locale: locale, category: category)
            let given = try engine.layout(Self.base, locale: locale, category: category, inputHash: hash)
            let own = try engine.layout(Self.base, locale: locale, category: category)
            #expect(given.json == own.json)
            #expect(given.inputHash == hash)
        }
    }

    @Test("Self-sizing (frame.height null) and a fixed height hash apart")
    func selfSizingIsInTheHash() throws {
        let engine = LayoutEngine()
        var selfSizing = Self.base
        selfSizing.isSelfSizing = true
        selfSizing.frame.height = 0
        let chain = try engine.fonts.chain(for: selfSizing.font)
        #expect(InputHash.of(selfSizing, text: TextKey(locale: ""), category: .large, chain: chain)
                != InputHash.of(Self.base, text: TextKey(locale: ""), category: .large, chain: chain))
        #expect(try LabelDefinition(json: Self.json(selfSizing)) == selfSizing)
    }

    @Test("Every stored property of a definition is in its canonical JSON (so in the hash)")
    func everyPropertyIsInTheJSON() throws {
        let document = try Self.json(Self.base)
        // Fields the JSON spells otherwise: variants live in `text`/`texts`, self-sizing is a
        // null `frame.height`, and a font has a text style or a size.
        let renamed = ["families": "family", "variantTexts": "texts", "isSelfSizing": "frame", "textStyle": "size"]
        func keys(_ value: Any) -> Set<String> {
            Set(Mirror(reflecting: value).children.compactMap { $0.label.map { renamed[$0] ?? $0 } })
        }
        // Fields written only when not their default are left out here (FieldTableTests sets
        // each and finds it written and hashed).
        let omitted = Set(LabelField.all.filter(\.omittedAtDefault).map(\.key))
        #expect(keys(Self.base).subtracting(omitted) == Set(document.object?.keys ?? []), "LabelDefinition's properties vs its JSON")
        for (name, value) in [("font", Self.base.font as Any), ("contentInsets", Self.base.contentInsets), ("frame", Self.base.frame)] {
            #expect(keys(value) == Set(document[name]?.object?.keys ?? []), "\(name)'s properties vs its JSON")
        }
    }
}
