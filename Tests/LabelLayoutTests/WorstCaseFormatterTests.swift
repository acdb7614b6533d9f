@testable import LabelLayout
import LabelModel
import Testing

/// Worst-case arguments as ICU formats them, and laid out on real fonts.
@Suite("Worst-case arguments from ICU")
struct WorstCaseFormatterTests {
    let icu = ICUWorstCaseFormatter.shared

    @Test("Numbers: 8s grouped as the locale groups them, in its digits")
    func numbers() {
        #expect(icu.worstCase(of: .number(digits: 7), fractionDigits: 0, locale: "de") == "8.888.888")
        #expect(icu.worstCase(of: .number(digits: 7), fractionDigits: 0, locale: "ja") == "8,888,888")
        #expect(icu.worstCase(of: .number(digits: 4), fractionDigits: 1, locale: "de") == "8.888,8")
        #expect(icu.worstCase(of: .number(digits: 7), fractionDigits: 0, locale: "hi") == "88,88,888")
        #expect(icu.worstCase(of: .number(digits: 4), fractionDigits: 0, locale: "ar") == "٨٬٨٨٨")
        // The base text and pseudo-locales as English.
        #expect(icu.worstCase(of: .number(digits: 4), fractionDigits: 0, locale: "") == "8,888")
        #expect(icu.worstCase(of: .number(digits: 4), fractionDigits: 0, locale: "x-pseudo-accented") == "8,888")
    }

    @Test("Dates: the longest of every day of a year, so the longest month name")
    func dates() {
        #expect(icu.worstCase(of: .date(skeleton: "yMMMMd"), fractionDigits: 0, locale: "de") == "10. September 2028")
        #expect(icu.worstCase(of: .date(skeleton: "yMMMMd"), fractionDigits: 0, locale: "ja") == "2028年10月10日")
        #expect(icu.worstCase(of: .date(skeleton: "yMMMMd"), fractionDigits: 0, locale: "en") == "September 10, 2028")
    }

    @Test("Currency: the locale's symbol, grouping and fraction digits, or the declared currency's")
    func currency() {
        #expect(icu.worstCase(of: .currency(digits: 4, code: nil), fractionDigits: 0, locale: "de") == "8.888,88\u{A0}€")
        #expect(icu.worstCase(of: .currency(digits: 4, code: nil), fractionDigits: 0, locale: "ja") == "￥8,889")
        #expect(icu.worstCase(of: .currency(digits: 4, code: "EUR"), fractionDigits: 0, locale: "en-US") == "€8,888.88")
    }

    @Test("German and Japanese worst cases are longer than their samples, and laid out wider")
    func longestStrings() throws {
        var label = LabelDefinition(name: "worst.items", frame: Rect(x: 0, y: 0, width: 1000, height: 100))
        label.font = FontSpec(families: [Fonts.dejaVuFamily, Fonts.cjkFamily], size: 17)
        label.text = "%d items"
        label.texts = ["de": "%d Artikel", "ja": "%d 件の項目"]
        label.variantTexts = [TextKey(locale: "de", variant: "plural.other"): "%lld Artikel am %@"]
        label.arguments = [.number(3), .declared(.date(skeleton: "yMMMMd"), sample: .string("1. Mai"))]
        #expect(label.displayedText(locale: "de", variant: "worst", formatter: icu) == "8.888 Artikel")
        #expect(label.displayedText(locale: "ja", variant: "worst", formatter: icu) == "8,888 件の項目")
        #expect(label.displayedText(locale: "de", variant: "plural.other.worst", formatter: icu)
                == "8.888 Artikel am 10. September 2028")
        for (locale, variant) in [("de", ""), ("ja", ""), ("de", "plural.other")] {
            let sample = try engine.layout(label, locale: locale, variant: variant)
            let worst = try engine.layout(label, locale: locale, variant: WorstCase.variant(of: variant)!)
            #expect(worst.intrinsicSize.width > sample.intrinsicSize.width, "\(locale) \(variant)")
        }
    }

    @Test("A %d label that fits its sample may not fit its worst case")
    func fitsSampleNotWorst() throws {
        var label = LabelDefinition(name: "worst.count", frame: Rect(x: 0, y: 0, width: 1000, height: 30))
        label.font = FontSpec(families: [Fonts.dejaVuFamily], size: 17)
        label.text = "%d items"
        label.arguments = [.declared(.number(digits: 7), sample: nil)]
        let sampleWidth = try engine.layout(label).intrinsicSize.width
        let worstWidth = try engine.layout(label, variant: "worst").intrinsicSize.width
        label.frame.width = (sampleWidth + worstWidth) / 2
        #expect(try engine.layout(label).fits)
        let worst = try engine.layout(label, variant: "worst")
        #expect(!worst.fits && worst.truncated)
    }

    @Test("The input hash of a worst-case layout changes with the argument's declaration")
    func inputHash() throws {
        var label = LabelDefinition(name: "worst.hash", frame: Rect(x: 0, y: 0, width: 100, height: 30))
        label.text = "%d items"
        let undeclared = try engine.inputHash(label, locale: "de", variant: "worst")
        label.arguments = [.declared(.number(digits: 4), sample: nil)]
        let four = try engine.inputHash(label, locale: "de", variant: "worst")
        label.arguments = [.declared(.number(digits: 7), sample: nil)]
        let seven = try engine.inputHash(label, locale: "de", variant: "worst")
        label.arguments = [.declared(.currency(digits: 7, code: nil), sample: nil)]
        let currency = try engine.inputHash(label, locale: "de", variant: "worst")
        #expect(Set([undeclared, four, seven, currency]).count == 4)
        #expect(try engine.inputHash(label, locale: "de", variant: "") != currency)
    }
}
