import LabelJSON
import LabelModel
import Testing

/// A formatter that shows what it was asked for, so the worst-case rules are tested apart from
/// ICU (LabelLayoutTests tests ICU's values).
private struct EchoFormatter: WorstCaseFormatter {
    func worstCase(of kind: ArgumentKind, fractionDigits: Int, locale: String) -> String? {
        switch kind {
        case .number(let digits): "N\(digits).\(fractionDigits)@\(locale)"
        case .currency(let digits, let code): "C\(digits)\(code ?? "")@\(locale)"
        case .date(let skeleton): "D\(skeleton)@\(locale)"
        }
    }
}

@Suite("Worst-case arguments")
struct WorstCaseTests {
    @Test("Declarations read from and write to the arguments array; defaults are filled in")
    func declarationsRoundTrip() throws {
        let json = try JSONValue.parse(#"""
            ["Anna", 3, {"type": "number"}, {"type": "number", "digits": 7, "sample": 12},
             {"type": "date"}, {"type": "currency", "digits": 5, "currency": "JPY", "sample": "¥5"}]
            """#)
        let arguments = try FormatArgument.list(fromJSON: json)
        #expect(arguments == [.string("Anna"), .number(3), .declared(.number(digits: 4), sample: nil),
                              .declared(.number(digits: 7), sample: .number(12)), .declared(.date(skeleton: "yMMMMd"), sample: nil),
                              .declared(.currency(digits: 5, code: "JPY"), sample: .string("¥5"))])
        var definition = LabelDefinition(name: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        definition.arguments = arguments
        var writer = JSONWriter()
        definition.writeJSON(into: &writer)
        let written = try #require(try JSONValue.parse(writer.string)["arguments"])
        #expect(written == (try JSONValue.parse(#"""
            ["Anna", 3, {"type": "number", "digits": 4}, {"type": "number", "digits": 7, "sample": 12},
             {"type": "date", "skeleton": "yMMMMd"}, {"type": "currency", "digits": 5, "currency": "JPY", "sample": "¥5"}]
            """#)))
        #expect(try FormatArgument.list(fromJSON: written) == arguments)
    }

    @Test("Bad declarations are errors naming the element and member",
          arguments: [(#"[{"digits": 3}]"#, "arguments[0].type"), (#"[1, {"type": "weight"}]"#, "arguments[1].type"),
                      (#"[{"type": "number", "digits": 0}]"#, "arguments[0].digits"),
                      (#"[{"type": "number", "digits": 16}]"#, "arguments[0].digits"),
                      (#"[{"type": "date", "digits": 3}]"#, "arguments[0].digits"),
                      (#"[{"type": "date", "skeleton": "y-M"}]"#, "arguments[0].skeleton"),
                      (#"[{"type": "currency", "currency": "eur"}]"#, "arguments[0].currency"),
                      (#"[{"type": "number", "sample": [1]}]"#, "arguments[0].sample"),
                      (#"[{"type": "number", "size": 3}]"#, "arguments[0].size")])
    func badDeclarations(_ json: String, _ field: String) throws {
        #expect {
            _ = try FormatArgument.list(fromJSON: try JSONValue.parse(json))
        } throws: { error in
            guard case LayoutError.invalidField(let named, _)? = error as? LayoutError else { return false }
            return named == field
        }
    }

    @Test("Worst-case variants: of the plain text, device variants and the other and many plural forms")
    func variants() {
        #expect(WorstCase.variant(of: "") == "worst")
        #expect(WorstCase.variant(of: "plural.other") == "plural.other.worst")
        #expect(WorstCase.variant(of: "plural.many") == "plural.many.worst")
        #expect(WorstCase.variant(of: "device.ipad") == "device.ipad.worst")
        #expect(WorstCase.variant(of: "plural.one") == nil)
        #expect(WorstCase.variant(of: "plural.files.one.plural.folders.other") == nil)
        #expect(WorstCase.variant(of: "worst") == nil)
        #expect(WorstCase.textVariant(of: "plural.other.worst") == "plural.other")
        #expect(PluralCategory.forms(inVariant: "plural.other.worst") == [.other])
    }

    @Test("A worst-case variant shows its text's variant, every numeric specifier and declared argument at its worst")
    func displayedText() {
        var definition = LabelDefinition(name: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        definition.text = "%d items"
        definition.texts = ["de": "%d Artikel"]
        definition.variantTexts = [TextKey(locale: "de", variant: "plural.other"): "%lld Dinge, %.1f kg, %x, %@"]
        let formatter = EchoFormatter()
        #expect(definition.displayedText(locale: "", variant: "worst", formatter: formatter) == "N4.0@ items")
        #expect(definition.displayedText(locale: "de", variant: "worst", formatter: formatter) == "N4.0@de Artikel")
        #expect(definition.displayedText(locale: "de", variant: "plural.other.worst", formatter: formatter)
                == "N4.0@de Dinge, N4.1@de kg, 58, Sample")
        // Without a formatter, or in another variant, the samples.
        #expect(definition.displayedText(locale: "de", variant: "plural.other.worst") == "88 Dinge, 88.0 kg, 58, Sample")
        #expect(definition.displayedText(locale: "de", variant: "plural.other", formatter: formatter) == "88 Dinge, 88.0 kg, 58, Sample")

        definition.text = "%1$@ on %2$@ for %3$@ (%4$d)"
        definition.arguments = [.declared(.number(digits: 7), sample: .string("12")), .declared(.date(skeleton: "MMMMd"), sample: nil),
                                .declared(.currency(digits: 3, code: nil), sample: .string("$5")), .number(2)]
        #expect(definition.displayedText(locale: "", variant: "", formatter: formatter) == "12 on Sample for $5 (2)")
        #expect(definition.displayedText(locale: "ja", variant: "worst", formatter: formatter) == "N7.0@ja on DMMMMd@ja for C3@ja (N4.0@ja)")
    }

    @Test("Which texts have a worst case: numeric specifiers, or declared arguments")
    func applies() {
        #expect(WorstCase.applies(to: "%d items", arguments: nil))
        #expect(WorstCase.applies(to: "%#@files@", arguments: nil))
        #expect(!WorstCase.applies(to: "Hello %@", arguments: nil))
        #expect(!WorstCase.applies(to: "50%% off, %x", arguments: nil))
        #expect(!WorstCase.applies(to: "No specifiers", arguments: [.declared(.number(digits: 3), sample: nil)]))
        #expect(WorstCase.applies(to: "%@ items", arguments: [.declared(.number(digits: 3), sample: nil)]))
    }
}
