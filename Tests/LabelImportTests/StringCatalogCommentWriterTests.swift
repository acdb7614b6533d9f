import Foundation
import LabelImport
import Testing
import TestSupport

/// `StringCatalogCommentWriter` (docs/fixes.md, "Into a String Catalog"): labelcat's last line
/// of a key's comment written, every other byte kept, whatever the file's layout.
@Suite struct StringCatalogCommentWriterTests {
    static let limit = StringCatalogCommentWriter.Limit(width: 120, lines: 2)

    static func write(_ text: String, name: String = "Localizable.xcstrings",
                      limits: [String: StringCatalogCommentWriter.Limit] = ["Localizable:pay": limit]) throws -> (after: String, keys: Int) {
        let directory = try TemporaryDirectory()
        let path = try directory.write(name, text)
        let keys = try StringCatalogCommentWriter.write(path, limits: limits)
        return (try String(contentsOfFile: path, encoding: .utf8), keys)
    }

    @Test("Compact JSON (as another tool writes it): the member goes in with the file's own separator, no line breaks")
    func compact() throws {
        let (after, keys) = try Self.write(#"{"sourceLanguage":"en","strings":{"pay":{"localizations":{}},"other":{}},"version":"1.0"}"#)
        #expect(keys == 1)
        #expect(after == #"{"sourceLanguage":"en","strings":{"pay":{"comment":"[labelcat: max 120 pt, 2 lines]","localizations":{}},"other":{}},"version":"1.0"}"#)
    }

    @Test("CR LF line ends and tabs are kept; an inserted member uses them")
    func crlf() throws {
        let text = "{\r\n\t\"sourceLanguage\" : \"en\",\r\n\t\"strings\" : {\r\n\t\t\"pay\" : {\r\n\t\t\t\"extractionState\" : \"manual\"\r\n\t\t}\r\n\t}\r\n}\r\n"
        let (after, _) = try Self.write(text)
        #expect(after == text.replacing("\"pay\" : {\r\n", with: "\"pay\" : {\r\n\t\t\t\"comment\" : \"[labelcat: max 120 pt, 2 lines]\",\r\n"))
    }

    @Test("Only a last line that is labelcat's is replaced: an escaped backslash before n is the human's text")
    func ownedLineOnly() throws {
        func comment(_ raw: String) -> String {
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"pay\" : {\n      \"comment\" : \"\(raw)\"\n    }\n  }\n}\n"
        }
        let note = "[labelcat: max 120 pt, 2 lines]"
        let cases: [(before: String, after: String)] = [
            (#"Pay\n[labelcat: max 9 pt, 1 line]"#, #"Pay\n"# + note),
            (#"[labelcat: max 9 pt, 1 line]"#, note),
            // `\\n` is a backslash and an n in the text, not a line break: the bracket is the human's.
            (#"C:\\n[labelcat: max 9 pt, 1 line]"#, #"C:\\n[labelcat: max 9 pt, 1 line]\n"# + note),
            (#"see [labelcat: docs]\nthen"#, #"see [labelcat: docs]\nthen\n"# + note),
            ("", note),
        ]
        for (before, after) in cases {
            #expect(try Self.write(comment(before)).after == comment(after), "\(before)")
        }
    }

    @Test("Keys of another table, members named strings deeper down, and keys with no limit are left alone")
    func otherKeys() throws {
        let text = """
            {
              "sourceLanguage" : "en",
              "meta" : {
                "strings" : {
                  "pay" : {

                  }
                }
              },
              "strings" : {
                "pay" : {

                }
              }
            }

            """
        let (after, keys) = try Self.write(text, name: "Main.xcstrings")
        #expect(keys == 0)
        #expect(after == text)
        let (mine, count) = try Self.write(text)
        #expect(count == 1)
        #expect(mine == text.replacing("""
              "strings" : {
                "pay" : {

                }
              }
            }
            """, with: """
              "strings" : {
                "pay" : {
                  "comment" : "[labelcat: max 120 pt, 2 lines]"
                }
              }
            }
            """))
    }

    @Test("A file with no strings object, or that is not JSON, is refused")
    func refused() throws {
        #expect(throws: LimitsWriteError.self) { try Self.write(#"{"sourceLanguage":"en"}"#) }
        #expect(throws: LimitsWriteError.self) { try Self.write(#"{"strings":{"pay":{"comment":"a"}}} x"#) }
        #expect(throws: LimitsWriteError.self) { try Self.write(#"{"strings":{"pay":{"comment":"a\x"}}}"#) }
    }
}
