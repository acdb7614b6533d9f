import LabelImport
import Testing

@Suite struct StringsTableTests {
    /// `en.lproj/Localizable.strings` is UTF-16 little-endian with a byte order mark, as Xcode writes.
    @Test func readsUTF16WithByteOrderMark() throws {
        let path = Fixtures.path("Project/App/en.lproj/Localizable.strings")
        let result = try importAll([path])
        #expect(result.files == [ImportedFile(path: path, format: .stringsTable, locale: "en", table: "Localizable")])
        let entries = result.strings.map { "\($0.key)=\($0.value)@\($0.source.line ?? 0)" }
        #expect(entries == [
            "login.title=Log in@2",
            "login.with=Log in with %@@5",
            "passcode.failures=%i Failed Passcode Attempts@7",
            "escapes=Tab\there \"quoted\" back\\slash\nnew line é 😀 A’@10",
            "unquoted_key=unquoted.value@11",
            "single=quoted@12",
            "Log in with email=Log in with email@13",
            "duplicate=second@15",
        ])
        #expect(result.strings.allSatisfy { $0.table == "Localizable" && $0.locale == "en" && $0.variant.isEmpty && $0.state == nil })
        #expect(result.strings[0].comment == "Title of the login screen")
        #expect(result.strings[1].comment == "%@ is the name of a service")
        #expect(result.strings[2].comment == nil)
        #expect(result.warnings == [.duplicateKey(FileLocation(file: path, line: 15), key: "duplicate", firstLine: 14)])
    }

    @Test func readsUTF8AndUTF16WithoutByteOrderMark() throws {
        let text = "/* c */\n\"a\" = \"Grüße\";\n"
        let expected = ["a": "Grüße"]
        for bytes in [Array(text.utf8), [0xEF, 0xBB, 0xBF] + Array(text.utf8), utf16(text, bigEndian: true), utf16(text, bigEndian: false)] {
            let file = try ScratchFile("de.lproj/T.strings", bytes)
            let result = try importAll([file.path])
            #expect(result.texts(table: "T", locale: "de") == expected)
            #expect(result.strings.first?.source.line == 2)
        }
    }

    @Test func readsBracedTablesXMLPropertyListsAndEmptyFiles() throws {
        let braced = try ScratchFile("fr.lproj/T.strings", "{\n  \"a\" = \"b\";\n  c = d;\n}\n")
        #expect(try importAll([braced.path]).texts(table: "T", locale: "fr") == ["a": "b", "c": "d"])
        let xml = try ScratchFile("fr.lproj/T.strings", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>a</key>
                <string>b &amp; c</string>
            </dict>
            </plist>
            """)
        let result = try importAll([xml.path])
        #expect(result.texts(table: "T", locale: "fr") == ["a": "b & c"])
        #expect(result.strings.first?.source.line == 4)
        let empty = try ScratchFile("fr.lproj/T.strings", "  // nothing here\n")
        #expect(try importAll([empty.path]).strings.isEmpty)
    }

    @Test func unterminatedCommentIsAWarning() throws {
        let file = try ScratchFile("de.lproj/T.strings", "\"a\" = \"b\";\n/* \"c\" = \"d\";\n")
        let result = try importAll([file.path])
        #expect(result.texts(table: "T", locale: "de") == ["a": "b"])
        #expect(result.warnings == [.unterminatedComment(FileLocation(file: file.path, line: 2))])
    }

    /// Every malformed variant names the file, the line and (when known) the key.
    @Test(arguments: [
        ("\"a\" = \"b\";\n\"c\" = \"unterminated;\n", 2, "c", ImportProblem.unterminatedString),
        ("\"a\" = \"\\U\";", 1, "a", .badEscape("\\U without hex digits")),
        ("\n\"a\" = \"\\UD83D alone\";", 2, "a", .badEscape("\\UD83D (half of a surrogate pair)")),
        ("\"a\" = \"\\376\";", 1, "a", .badEscape("\\376 (no character in the NeXTSTEP encoding)")),
        ("\"a\" = \"b\"\n\"c\" = \"d\";", 2, "a", .syntax("expected ';' after the value")),
        ("\"a\" \"b\";", 1, "a", .syntax("expected '=' or ';' after the key, found '\"'")),
        ("\"a\" = (\"x\");", 1, "a", .notAString(found: "an array")),
        ("\"a\" = { \"x\" = \"y\"; };", 1, "a", .notAString(found: "a dictionary")),
        ("\"a\" = \"b\";\n@", 2, nil, .syntax("expected a quoted key, found '@'")),
        ("\"a\" = ;", 1, "a", .syntax("expected a quoted value, found ';'")),
        ("\"a\" =", 1, "a", .syntax("expected a value after '='")),
        ("{ \"a\" = \"b\";", 1, nil, .syntax("expected '}' at the end of the dictionary")),
        ("{ \"a\" = \"b\"; } \"c\"", 1, nil, .syntax("unexpected text after the closing '}'")),
        ("(\"a\", \"b\")", 1, nil, .syntax("a strings table must be a dictionary of strings, found an array")),
    ] as [(String, Int, String?, ImportProblem)])
    func malformedTablesAreRefused(text: String, line: Int, key: String?, problem: ImportProblem) throws {
        let file = try ScratchFile("de.lproj/Broken.strings", text)
        let error = importError([file.path])
        #expect(error?.located == Located(file: file.path, line: line, key: key, problem: problem))
    }

    @Test func bytesThatAreNotTextAreRefused() throws {
        let invalid = try ScratchFile("de.lproj/T.strings", [0x22, 0x61, 0x22, 0x3D, 0x0A, 0x22, 0xFF, 0x22, 0x3B])
        #expect(importError([invalid.path]) == .notText(FileLocation(file: invalid.path, line: 2),
                                                        detail: "byte 6 is not UTF-8 (nor is the file UTF-16)"))
        let binary = try ScratchFile("de.lproj/T.strings", Array("bplist00\u{1}\u{2}".utf8))
        #expect(importError([binary.path])?.located == Located(file: binary.path, line: 1, key: nil, problem: .binaryPropertyList))
    }

    /// The UTF-16 fixture cut short: mid-character (an odd number of bytes), and mid-string.
    @Test func truncatedFilesAreRefused() throws {
        let bytes = try Fixtures.bytes("Project/App/en.lproj/Localizable.strings")
        let odd = try ScratchFile("en.lproj/Localizable.strings", Array(bytes.prefix(101)))
        #expect(importError([odd.path]) == .notText(FileLocation(file: odd.path), detail: "UTF-16 text of an odd number of bytes"))
        // Cut inside the value of "login.with" (line 5): two bytes of mark, two per UTF-16 unit.
        let kept = "/* Title of the login screen */\n\"login.title\" = \"Log in\";\n\n/* %@ is the name of a service */\n\"login.with\" = \"Log in"
        let truncated = try ScratchFile("en.lproj/Localizable.strings", Array(bytes.prefix(2 + 2 * kept.utf16.count)))
        #expect(importError([truncated.path])?.located == Located(file: truncated.path, line: 5, key: "login.with", problem: .unterminatedString))
    }

    private func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { unit in bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    }
}
