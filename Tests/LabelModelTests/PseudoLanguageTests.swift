import LabelModel
import Testing

@Suite struct PseudoLanguageTests {
    @Test func doubleRepeatsTheTextAndItsArguments() {
        #expect(PseudoLanguage.double.apply(to: "Save") == "Save Save")
        #expect(PseudoLanguage.double.apply(to: "Save %@") == "Save %@ Save %1$@")
        #expect(PseudoLanguage.double.apply(to: "%d of %d") == "%d of %d %1$d of %2$d")
        #expect(PseudoLanguage.double.apply(to: "%2$@ %1$@") == "%2$@ %1$@ %2$@ %1$@")
        #expect(PseudoLanguage.double.apply(to: "100%% of %#@n@") == "100%% of %#@n@ 100%% of %1$#@n@")
        #expect(PseudoLanguage.double.apply(to: "") == "")
        // Formatted, the copy shows the same arguments as the original.
        let doubled = PseudoLanguage.double.apply(to: "%d of %@")
        #expect(FormatArguments.apply(to: doubled, pluralForms: [.one]) == "1 of Sample 1 of Sample")
    }

    @Test func accentedLettersAndLongerVowels() {
        #expect(PseudoLanguage.accented.apply(to: "Save") == "Šååṽéé")
        #expect(PseudoLanguage.accented.apply(to: "Hello %@!") == "Ĥééļļöö %@!")
        #expect(PseudoLanguage.accented.apply(to: "%1$lld items, %#@files@") == "%1$lld îîŧééṁš, %#@files@")
        #expect(PseudoLanguage.accented.apply(to: "Grüße 123") == "Ĝŕüßéé 123")
        #expect(PseudoLanguage.accented.apply(to: "ABCXYZ") == "ÅÅƁÇẊÝÝŽ")
    }

    @Test func boundedAndRightToLeft() {
        #expect(PseudoLanguage.bounded.apply(to: "Save %@") == "[# Save %@ #]")
        #expect(PseudoLanguage.rtl.apply(to: "Save %@") == "\u{200F}\u{202E}Save %@\u{202C}")
        #expect(FormatArguments.specifiers(in: PseudoLanguage.rtl.apply(to: "%d items")).map(\.kind) == [.signedInteger])
    }
}
