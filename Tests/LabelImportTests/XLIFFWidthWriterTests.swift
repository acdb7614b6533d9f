import Foundation
import LabelImport
import Testing
import TestSupport

/// `XLIFFWidthWriter` (docs/fixes.md, "Into XLIFF"): widths placed in the start tags libxml2
/// read, nothing else changed; what cannot be placed is refused and not written.
@Suite struct XLIFFWidthWriterTests {
    static func document(_ units: String, original: String = "App/en.lproj/Localizable.strings") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="\(original)" source-language="en" target-language="de" datatype="plaintext">
            <body>
        \(units)
            </body>
          </file>
        </xliff>

        """
    }

    static func write(_ text: String, widths: [String: Int]) throws -> (before: String, after: String, units: Int) {
        let directory = try TemporaryDirectory()
        let path = try directory.write("de.xliff", text)
        let written = try XLIFFWidthWriter.write([path], widths: widths)
        return (text, try String(contentsOfFile: path, encoding: .utf8), written.first?.units ?? -1)
    }

    @Test("Attributes in single quotes, over lines, with character references in the id")
    func oddStartTags() throws {
        let units = """
                  <trans-unit\tid='a&amp;b&#x41;'
                     xml:space='preserve'  ><source>x</source></trans-unit>
                  <trans-unit id="plain" maxwidth='5'><source>y</source></trans-unit>
                  <trans-unit id="other"><source>z</source></trans-unit>
            """
        let result = try Self.write(Self.document(units), widths: ["Localizable:a&bA": 120, "Localizable:plain": 7])
        #expect(result.units == 2)
        let expected = Self.document(units)
            .replacing("xml:space='preserve'  >", with: "xml:space='preserve' maxwidth=\"120\" size-unit=\"pixel\"  >")
            .replacing("<trans-unit id=\"plain\" maxwidth='5'>", with: "<trans-unit id=\"plain\" maxwidth='7' size-unit=\"pixel\">")
        #expect(result.after == expected)
    }

    @Test("Every unit of a stringsdict key gets its key's width")
    func stringsDictionary() throws {
        let units = """
                  <trans-unit id="/items:dict/NSStringLocalizedFormatKey:dict/:string"><source>%#@n@</source></trans-unit>
                  <trans-unit id="/items:dict/n:dict/one:dict/:string"><source>%d item</source></trans-unit>
            """
        let result = try Self.write(Self.document(units, original: "App/en.lproj/Localizable.stringsdict"),
                                    widths: ["Localizable:items": 80])
        #expect(result.units == 2)
        #expect(result.after.components(separatedBy: "maxwidth=\"80\" size-unit=\"pixel\"").count == 3)
    }

    @Test("A unit with a namespace prefix cannot be placed: refused, the file as it was")
    func prefixedUnit() throws {
        let text = Self.document("""
                  <x:trans-unit xmlns:x="urn:oasis:names:tc:xliff:document:1.2" id="a"><x:source>x</x:source></x:trans-unit>
            """)
        let directory = try TemporaryDirectory()
        let path = try directory.write("de.xliff", text)
        #expect {
            _ = try XLIFFWidthWriter.write([path], widths: ["Localizable:a": 10])
        } throws: { error in
            "\(error)".contains("de.xliff:5 <trans-unit id=\"a\">: cannot place the width")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        #expect(try directory.contents() == ["de.xliff"])
    }

    @Test("Nothing to change: the file is not written")
    func nothingToChange() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("de.xliff", Self.document(#"      <trans-unit id="a"><source>x</source></trans-unit>"#))
        let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        #expect(try XLIFFWidthWriter.write([path], widths: ["Other:a": 10]).first?.units == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == before)
    }
}
