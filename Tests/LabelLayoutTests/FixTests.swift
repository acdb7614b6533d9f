import LabelLayout
import LabelModel
import Testing

/// The fix of a text that does not fit (docs/fixes.md): each suggested change, applied and laid
/// out again, fits, and the next smaller change does not.
@Suite("Fixes and headroom")
struct FixTests {
    /// Texts that do not fit: a one-line label too narrow, two lines too few, a fixed height
    /// too short, a long Dutch word in two lines.
    static let subjects: [(String, LabelDefinition)] = {
        var oneLine = latinLabel("Jetzt sofort bezahlen", width: 120, height: 30, mode: .truncateTail, lines: 1)
        oneLine.name = "one.line"
        var twoLines = latinLabel("Sluit de luidsprekerversterker aan", width: 170, height: 100, mode: .truncateTail, lines: 2)
        twoLines.name = "two.lines"
        var short = latinLabel("Un texte beaucoup trop long pour cette boîte", width: 200, height: 40, lines: 0)
        short.name = "short.box"
        var word = latinLabel("Sluit de luidsprekerversterker aan", width: 190, height: 100, mode: .wordWrap, lines: 2)
        word.name = "long.word"
        return [("one line", oneLine), ("two lines", twoLines), ("short box", short), ("long word", word)]
    }()

    @Test("Every suggested change fits when applied; the next smaller one does not",
          arguments: subjects.map(\.1))
    func fixesFit(_ definition: LabelDefinition) throws {
        let subject = LayoutSubject(definition)
        #expect(try !engine.fits(subject))
        let fix = try #require(try engine.fix(subject))
        #expect(!fix.isEmpty)
        func fits(_ change: (inout LabelDefinition) -> Void) throws -> Bool {
            var changed = definition
            change(&changed)
            return try engine.fits(LayoutSubject(changed))
        }
        if let lines = fix.numberOfLines {
            #expect(try fits { $0.numberOfLines = lines; $0.frame.height = fix.height ?? $0.frame.height })
            #expect(try !fits { $0.numberOfLines = lines - 1; $0.frame.height = fix.height ?? $0.frame.height })
        } else if let height = fix.height {
            #expect(try fits { $0.frame.height = height })
            #expect(try !fits { $0.frame.height = height - 1 / Double($0.scale) })
        }
        if let width = fix.width {
            #expect(try fits { $0.frame.width = width })
            #expect(try !fits { $0.frame.width = width - 1 / Double($0.scale) })
        }
        if let factor = fix.minimumScaleFactor {
            #expect(try fits { $0.adjustsFontSizeToFitWidth = true; $0.minimumScaleFactor = factor })
            #expect(try !fits { $0.adjustsFontSizeToFitWidth = true; $0.minimumScaleFactor = factor + 0.01 })
        }
        let over = try #require(fix.charactersOver)
        #expect(over > 0)
        let characters = Array(definition.text)
        #expect(try fits { $0.text = String(characters.dropLast(over)) })
        #expect(try !fits { $0.text = String(characters.dropLast(over - 1)) })
        if let hyphenation = fix.hyphenation {
            let text = definition.text.replacing(hyphenation.word, with: hyphenation.hyphenated)
            #expect(try fits { $0.text = text })
        }
    }

    @Test("A one-line label: width and scale factor, no line count when lines are limited to one")
    func oneLine() throws {
        let definition = Self.subjects[0].1
        let fix = try #require(try engine.fix(LayoutSubject(definition)))
        #expect(fix.numberOfLines.map { $0 >= 2 } == true)
        #expect(fix.minimumScaleFactor != nil)
        #expect(fix.width! > 120)
        #expect(fix.hyphenation == nil)
    }

    @Test("A long word in two lines: a hyphen inside it makes the text fit")
    func hyphenation() throws {
        let fix = try #require(try engine.fix(LayoutSubject(Self.subjects[3].1)))
        let hyphenation = try #require(fix.hyphenation)
        #expect(hyphenation.word == "luidsprekerversterker")
        #expect(fix.minimumScaleFactor == nil, "a wrapping label of two lines does not shrink")
    }

    @Test("A text that fits has no fix")
    func fitsHasNoFix() throws {
        #expect(try engine.fix(LayoutSubject(latinLabel("OK", width: 200))) == nil)
    }

    @Test("Headroom: the room on the line, spare lines, and the largest category that fits")
    func headroom() throws {
        var label = latinLabel("Pay now", width: 200, height: 30, mode: .truncateTail, lines: 1)
        let layout = try engine.layout(label)
        var room = try engine.headroom(LayoutSubject(label))
        expectClose(try #require(room.width), 200 - layout.lines[0].rect.width, "spare width")
        #expect(room.lines == 0)
        #expect(room.fitsUpTo == .accessibilityExtraExtraExtraLarge, "a fixed size fits at every category")
        // A text style grows with the category: it stops fitting at some category, and the
        // next category up does not fit.
        label.font = FontSpec(families: [Fonts.dejaVuFamily], textStyle: .body)
        label.frame.height = 200
        room = try engine.headroom(LayoutSubject(label))
        let largest = try #require(room.fitsUpTo)
        #expect(largest >= .large && largest < .accessibilityExtraExtraExtraLarge)
        let next = ContentSizeCategory.allCases[ContentSizeCategory.allCases.firstIndex(of: largest)! + 1]
        #expect(try engine.fits(LayoutSubject(label, category: largest)))
        #expect(try !engine.fits(LayoutSubject(label, category: next)))
        // Unlimited lines and a self-sizing height: no limit.
        var grows = latinLabel("Pay now", width: 200, lines: 0)
        grows.isSelfSizing = true
        room = try engine.headroom(LayoutSubject(grows))
        #expect(room.width == nil && room.lines == nil)
    }
}
