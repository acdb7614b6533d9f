import LabelJSON
import LabelModel
import Testing

@Suite struct FormatArgumentsTests {
    @Test func specifiersAsFoundationReadsThem() {
        let format = "%@ %d %i %u %ld %lld %lu %f %.1f %1$@ %2$d %% %#@var@ %x %c %s %e %g %5.2f %-3d %'d"
        let found = FormatArguments.specifiers(in: format)
        let bytes = Array(format.utf8)
        #expect(found.map { String(decoding: bytes[$0.range], as: UTF8.self) }
            == ["%@", "%d", "%i", "%u", "%ld", "%lld", "%lu", "%f", "%.1f", "%1$@", "%2$d", "%%", "%#@var@", "%x", "%c", "%s", "%e", "%g", "%5.2f", "%-3d", "%'d"])
        #expect(found.map(\.argument) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, nil, 10, 11, 12, 13, 14, 15, 16, 17, 18])
        #expect(found[0].kind == .object)
        #expect(found[1].kind == .signedInteger)
        #expect(found[3].kind == .unsignedInteger)
        #expect(found[5].length == "ll")
        #expect(found[8].kind == .float && found[8].precision == 1)
        #expect(found[9].isPositional && !found[0].isPositional)
        #expect(found[11].kind == .percent)
        #expect(found[12].kind == .variable("var"))
        #expect(found[14].kind == .character)
        #expect(found[18].width == 5 && found[18].precision == 2)
        #expect(found[19].flags == "-" && found[19].width == 3)
    }

    @Test func defaultsPerType() {
        #expect(FormatArguments.apply(to: "%d of %@") == "88 of Sample")
        #expect(FormatArguments.apply(to: "%lld items", pluralForms: [.one]) == "1 items")
        #expect(FormatArguments.apply(to: "%f|%.1f|%.0f|%e|%g") == "88.000000|88.0|88|8.800000e+01|88")
        #expect(FormatArguments.apply(to: "%5d|%05d|%-4d|%+d|%.3d") == "   88|00088|88  |+88|088")
        #expect(FormatArguments.apply(to: "%x|%X|%o|%p") == "58|58|130|0x58")
        #expect(FormatArguments.apply(to: "%c%C|%s|%8@|%-8@|") == "WW|Sample|  Sample|Sample  |")
        #expect(FormatArguments.apply(to: "100%% sure") == "100% sure")
        #expect(FormatArguments.apply(to: "%#@count@ items", pluralForms: [.few]) == "3 items")
    }

    @Test func numbersAsWideAsTheirPluralForm() {
        let forms: [(PluralCategory, String)] = [(.zero, "0"), (.one, "1"), (.two, "2"), (.few, "3"), (.many, "11"), (.other, "88")]
        for (form, number) in forms {
            #expect(FormatArguments.apply(to: "%d", pluralForms: [form]) == number)
        }
        // One form: every number. Several: in argument order, the last for any further number.
        #expect(FormatArguments.apply(to: "Page %d of %d", pluralForms: [.one]) == "Page 1 of 1")
        #expect(FormatArguments.apply(to: "%2$d folders, %1$d files", pluralForms: [.one, .other]) == "88 folders, 1 files")
        #expect(FormatArguments.apply(to: "%d %d %d", pluralForms: [.one, .few]) == "1 3 3")
    }

    @Test func labelArgumentsArePositional() {
        let arguments: [FormatArgument] = [.number(3), .string("Anna"), .number(4.25)]
        #expect(FormatArguments.apply(to: "%2$@ has %1$d new, %3$.1f★", arguments: arguments) == "Anna has 3 new, 4.2★")
        #expect(FormatArguments.apply(to: "%@ and %@", arguments: [.string("A")]) == "A and Sample")
        #expect(FormatArguments.apply(to: "%@ / %@", arguments: [.number(3), .number(2.5)]) == "3 / 2.5")
        #expect(FormatArguments.apply(to: "%lld files", arguments: [.string("many")]) == "many files")
        #expect(FormatArguments.apply(to: "%c", arguments: [.number(0x263A)]) == "☺")
        #expect(FormatArguments.apply(to: "%#@n@ items", arguments: [.number(5)]) == "5 items")
    }

    @Test func argumentsFromJSON() throws {
        #expect(try FormatArgument.list(fromJSON: JSONValue.parse("[\"Anna\", 3, 2.5]"))
            == [.string("Anna"), .number(3), .number(2.5)])
        #expect(throws: LayoutError.invalidField(field: "arguments[1]", message: #"must be a string, a number or a {"type": …} object, got a boolean"#)) {
            try FormatArgument.list(fromJSON: JSONValue.parse("[\"a\", true]"))
        }
        #expect(throws: LayoutError.invalidField(field: "arguments", message: #"must be an array of strings, numbers and {"type": …} objects, got a string"#)) {
            try FormatArgument.list(fromJSON: .string("x"))
        }
    }

    @Test func aPercentThatStartsNoConversionStays() {
        for text in ["50% off", "100%", "% d", "%z", "50 % sicher", "%1$", "%#@open", "nothing here", ""] {
            #expect(FormatArguments.apply(to: text) == text)
        }
        // A `*` width takes an argument of its own.
        #expect(FormatArguments.specifiers(in: "%*d %@").map(\.argument) == [2, 3])
    }

    @Test func pluralFormsOfAVariantName() {
        #expect(PluralCategory.forms(inVariant: "") == [])
        #expect(PluralCategory.forms(inVariant: "plural.one") == [.one])
        #expect(PluralCategory.forms(inVariant: "device.iphone.plural.other") == [.other])
        #expect(PluralCategory.forms(inVariant: "plural.files.one.plural.folders.other") == [.one, .other])
        #expect(PluralCategory.forms(inVariant: "plural.one.plural.count.few") == [.one, .few])
        #expect(PluralCategory.forms(inVariant: "device.mac") == [])
        #expect(PluralCategory.forms(inVariant: "width.20") == [])
    }

    /// Found by `make fuzz`: `%9999999999c` padded to a million spaces, and a few such
    /// specifiers made a text of many megabytes from a short one, whose layout took seconds.
    @Test func widthsAndTheFilledInTextAreBounded() {
        #expect(FormatArguments.apply(to: "%99999999d").utf8.count == FormatArguments.maximumCount)
        #expect(FormatArguments.apply(to: "%.5000f", arguments: [.number(1)]).utf8.count == 2 + FormatArguments.maximumCount)
        let filled = FormatArguments.apply(to: String(repeating: "é%1024c", count: 2000))
        #expect(filled.utf8.count <= LabelDefinition.maximumTextBytes)
        #expect(filled.utf8.count > LabelDefinition.maximumTextBytes - 4)
        #expect(filled.hasPrefix("é" + String(repeating: " ", count: 1023) + "W"))
    }
}

