import Foundation
import LabelJSON
import Testing
import TestSupport

/// `labelcat limits` (docs/fixes.md, "Limits for translators"), through the real binary.
@Suite("labelcat limits")
struct LimitsCommandTests {
    typealias Workspace = CLITests.Workspace

    /// `Localizable:cart.pay` shown by two labels (160 wide, and 160 wide with 8-point insets on
    /// each side: 144 inner), `Main:ttl-LB-001.text` by a 300-point title and
    /// `Localizable:%lld items` by a two-line label 200.5 wide; German texts of their own.
    static func workspace() throws -> Workspace {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "cart.pay", "--frame", "0,0,160,30", "--lines", "1", "--text", "Pay now",
                              "--key", "Localizable:cart.pay")
        try workspace.succeed("label", "set", "sheet.pay", "--frame", "0,0,160,30", "--lines", "1", "--text", "Pay now",
                              "--key", "Localizable:cart.pay", "--insets", "0,8,0,8")
        try workspace.succeed("label", "set", "sheet.pay", "--locale", "de", "--text", "Jetzt bezahlen")
        try workspace.succeed("label", "set", "home.title", "--frame", "0,0,300,21", "--lines", "1", "--text", "Welcome to the shop",
                              "--key", "Main:ttl-LB-001.text")
        try workspace.succeed("label", "set", "cart.count", "--frame", "0,0,200.5,44", "--lines", "2", "--text", "%lld items",
                              "--key", "Localizable:%lld items")
        return workspace
    }

    static func limits(_ workspace: Workspace, _ arguments: [String] = []) throws -> [String: JSONValue] {
        let run = try workspace.succeed(["limits"] + arguments)
        var byKey: [String: JSONValue] = [:]
        for line in run.lines where !line.isEmpty {
            let object = try CLITests.json(line)
            byKey[object["key"]?.string ?? ""] = object
        }
        return byKey
    }

    @Test("A key shown by two labels takes the narrower, and its characters agree with the layout")
    func narrowerLabel() throws {
        let workspace = try Self.workspace()
        let limits = try Self.limits(workspace)
        #expect(limits.keys.sorted() == ["Localizable:%lld items", "Localizable:cart.pay", "Main:ttl-LB-001.text"])
        let pay = try #require(limits["Localizable:cart.pay"])
        #expect(pay["label"]?.string == "sheet.pay")
        #expect(pay["device"] == .null)
        #expect(pay["category"]?.string == "large")
        #expect(pay["lines"]?.number == 1)
        #expect(pay["font"]?["size"]?.number == 17)
        #expect(pay["font"]?["weight"]?.number == 400)
        #expect(pay["font"]?["family"]?.string == "Inter")
        // The width is the layout's bounds less the insets.
        let layout = try workspace.layout("sheet.pay")
        let width = try #require(layout["bounds"]?["width"]?.number) - 16
        #expect(pay["width"]?.number == width)
        // Characters: the width over the average advance of the text ("Pay now" on one line).
        let line = try #require(layout["lines"]?.array?.first?["rect"]?["width"]?.number)
        let estimate = try #require(pay["characters"]?["base"]?.number)
        let range = (width * 7 / (line + 0.0005)).rounded(.down)...(width * 7 / (line - 0.0005)).rounded(.down)
        #expect(range.contains(estimate), "\(estimate) not in \(range)")
        // German is measured in its own text: longer words, another average.
        let german = try #require(pay["characters"]?["de"]?.number)
        #expect(german > 0)
        // Two lines of 200.5 points: the width is kept as laid out, the characters count both lines.
        let count = try #require(limits["Localizable:%lld items"])
        #expect(count["width"]?.number == 200.5)
        #expect(count["lines"]?.number == 2)
        #expect((count["characters"]?["base"]?.number ?? 0) > (pay["characters"]?["base"]?.number ?? 0) * 2)
        // A glob of keys; none matching is exit 2; a bad format is a usage error.
        #expect(try Self.limits(workspace, ["Localizable:cart*"]).keys.sorted() == ["Localizable:cart.pay"])
        let none = try workspace.labelcat("limits", "Nothing:*")
        #expect(none.status == 2)
        #expect(none.stdout.isEmpty)
        CLITests.expectUsageError(try workspace.labelcat("limits", "--format", "xml"), naming: ["'xml'", "--format"],
                                  usage: "labelcat limits")
    }

    @Test("A label that cannot be laid out is left out with a warning; unlimited lines give no estimate")
    func leftOutAndUnlimited() throws {
        let workspace = try Self.workspace()
        try workspace.succeed("label", "set", "promo", "--frame", "0,0,90,30", "--lines", "1", "--text", "Sale",
                              "--key", "Localizable:cart.pay", "--font", #"{"family": "Proxima Nova", "size": 17}"#)
        try workspace.succeed("label", "set", "notes", "--frame", "0,0,250,200", "--lines", "0", "--text", "Notes",
                              "--key", "Localizable:notes")
        let run = try workspace.succeed("limits", "Localizable:[cn]*")
        #expect(run.stderr.contains("Warning: label 'promo' is left out"), "\(run.stderr)")
        let lines = run.lines.filter { !$0.isEmpty }.map { try? CLITests.json($0) }
        // One object per key per line, ordered by key; the 90-point label in a missing font is not the limit.
        #expect(lines.map { $0?["key"]?.string } == ["Localizable:cart.pay", "Localizable:notes"])
        #expect(lines.first??["label"]?.string == "sheet.pay")
        // Unlimited lines in a fixed height: the lines the height holds. Self-sizing: no estimate.
        #expect((lines.last??["characters"]?["base"]?.number ?? 0) > 100)
        try workspace.succeed("label", "set", "notes", "--frame", "0,0,250,auto", "--lines", "0")
        let unlimited = try CLITests.json(try workspace.succeed("limits", "Localizable:notes").stdout)
        #expect(unlimited["characters"]?["base"] == .null)
        #expect(unlimited["lines"]?.number == 0)
        let csv = try workspace.succeed("limits", "Localizable:notes", "--format", "csv")
        #expect(csv.stdout.hasSuffix("\r\nLocalizable:notes,base,,250,0,Inter,17,400,notes,,large\r\n"), "\(csv.stdout)")
    }

    @Test("The tightest category: a text style's larger sizes hold fewer characters")
    func largestCategory() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "body", "--frame", "0,0,200,60", "--lines", "2", "--text-style", "body",
                              "--text", "Your order is on its way", "--key", "Localizable:shipped")
        try workspace.succeed("settings", "set", "categories", "large,accessibilityExtraExtraExtraLarge,small")
        let limit = try #require(try Self.limits(workspace)["Localizable:shipped"])
        #expect(limit["category"]?.string == "accessibilityExtraExtraExtraLarge")
        #expect(limit["font"]?["size"]?.number == 53)
    }

    @Test("A label of a scene laid out on two devices takes the narrower device's frame")
    func narrowerDevice() throws {
        let (directory, db) = try SceneCommandTests.imported()
        _ = directory
        let set = try CLI.labelcat(db + ["settings", "set", "devices", "iPhone 16 Pro Max,iPhone SE (3rd generation)"])
        #expect(set.status == 0, "\(set.stderr)")
        var widths: [String: Double] = [:]
        for device in ["iPhone 16 Pro Max", "iPhone SE (3rd generation)"] {
            widths[device] = try SceneCommandTests.layout(db, SceneCommandTests.title, ["--device", device])["frame"]?["width"]?.number
        }
        #expect(widths == ["iPhone 16 Pro Max": 408, "iPhone SE (3rd generation)": 343])
        let run = try CLI.labelcat(db + ["limits", "Welcome:ttl-LB-001.text"])
        #expect(run.status == 0, "\(run.stderr)")
        let limit = try CLITests.json(run.stdout)
        #expect(limit["width"]?.number == 343)
        #expect(limit["device"]?.string == "iPhone SE (3rd generation)")
        #expect(limit["label"]?.string == SceneCommandTests.title)
        #expect(limit["characters"]?["de"]?.number != nil)
    }

    @Test("CSV: a header, a row per key and locale, RFC 4180 quoting and CRLF line ends")
    func csv() throws {
        let workspace = try Self.workspace()
        try workspace.succeed("label", "set", "odd, \"quoted\"", "--frame", "0,0,100,20", "--lines", "1", "--text", "Hi",
                              "--key", "Localizable:Hello, \"world\"\nagain")
        let run = try workspace.succeed("limits", "--format", "csv")
        let rows = Self.parseCSV(run.stdout)
        #expect(rows.first == ["key", "locale", "characters", "width", "lines", "fontFamily", "fontSize", "fontWeight", "label",
                               "device", "category"])
        let odd = try #require(rows.first { $0.first == "Localizable:Hello, \"world\"\nagain" })
        #expect(odd[1] == "base")
        #expect(odd[3] == "100")
        #expect(odd[8] == "odd, \"quoted\"")
        #expect(run.stdout.contains("\"Localizable:Hello, \"\"world\"\"\nagain\",base,"))
        #expect(run.stdout.contains(",\"odd, \"\"quoted\"\"\",,large\r\n"))
        // A key or name a spreadsheet would run as a formula is written as text.
        try workspace.succeed("label", "set", "=cmd|' /C calc'!A0", "--frame", "0,0,100,20", "--text", "Hi",
                              "--key", "=HYPERLINK(\"http://example.com\")")
        let formulas = Self.parseCSV(try workspace.succeed("limits", "--format", "csv").stdout)
        let formula = try #require(formulas.first { $0.first?.contains("HYPERLINK") == true })
        #expect(formula[0] == "'=HYPERLINK(\"http://example.com\")" && formula[8] == "'=cmd|' /C calc'!A0", "\(formula)")
        let pay = rows.filter { $0.first == "Localizable:cart.pay" }.map { $0[1] }
        #expect(pay == ["base", "de"])
        #expect(run.stdout.hasSuffix("\r\n"))
        #expect(!run.stdout.replacing("\r\n", with: "").contains("\r"))
    }

    /// RFC 4180 records: fields split at commas, quoted fields with doubled quotes and line breaks.
    static func parseCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = text.replacing("\r\n", with: "\u{1}")[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    field.append(character == "\u{1}" ? "\r\n" : character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(field); field = ""
            } else if character == "\u{1}" {
                row.append(field); field = ""
                rows.append(row); row = []
            } else {
                field.append(character)
            }
        }
        return rows
    }

    /// An `.xcloc` as Xcode exports it for German: `contents.json`, the source files in `Source
    /// Contents`, and `Localized Contents/de.xliff` with a `<file>` for a storyboard and one for
    /// a String Catalog.
    static let xliff = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">
          <file original="Shop/Base.lproj/Main.storyboard" source-language="en" target-language="de" datatype="plaintext">
            <header>
              <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="15.4" build-num="15F31d"/>
            </header>
            <body>
              <trans-unit id="ttl-LB-001.text" xml:space="preserve">
                <source>Welcome to the shop</source>
                <target state="translated">Willkommen im Shop</target>
                <note>Class = "UILabel"; text = "Welcome to the shop"; ObjectID = "ttl-LB-001";</note>
              </trans-unit>
            </body>
          </file>
          <file original="Shop/Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">
            <header>
              <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="15.4" build-num="15F31d"/>
            </header>
            <body>
              <!-- <trans-unit id="cart.pay"> in a comment is no unit -->
              <trans-unit id="%lld items|==|plural.one" xml:space="preserve">
                <source>%lld item</source>
                <target state="translated">%lld Artikel</target>
                <note/>
              </trans-unit>
              <trans-unit id="%lld items|==|plural.other" xml:space="preserve">
                <source>%lld items</source>
                <target state="translated">%lld Artikel</target>
                <note/>
              </trans-unit>
              <trans-unit id="cart.pay" xml:space="preserve"
                          maxwidth="12" size-unit="char">
                <source>Pay now</source>
                <target state="needs-review-translation"><![CDATA[<trans-unit id="x">]]> &lt;trans-unit&gt;</target>
                <note>The pay button</note>
              </trans-unit>
              <trans-unit id="no.label" xml:space="preserve">
                <source>Shown by no label</source>
                <target state="new">Von keinem Label gezeigt</target>
                <note/>
              </trans-unit>
            </body>
          </file>
        </xliff>

        """

    /// The xliff with exactly the widths inserted (and the old ones replaced in place).
    static let expected = xliff
        .replacing(#"<trans-unit id="ttl-LB-001.text" xml:space="preserve">"#,
                   with: #"<trans-unit id="ttl-LB-001.text" xml:space="preserve" maxwidth="300" size-unit="pixel">"#)
        .replacing(#"<trans-unit id="%lld items|==|plural.one" xml:space="preserve">"#,
                   with: #"<trans-unit id="%lld items|==|plural.one" xml:space="preserve" maxwidth="200" size-unit="pixel">"#)
        .replacing(#"<trans-unit id="%lld items|==|plural.other" xml:space="preserve">"#,
                   with: #"<trans-unit id="%lld items|==|plural.other" xml:space="preserve" maxwidth="200" size-unit="pixel">"#)
        .replacing(#"maxwidth="12" size-unit="char">"#, with: #"maxwidth="144" size-unit="pixel">"#)

    static func writeCatalog(_ workspace: Workspace, xliff: String = xliff) throws -> String {
        try workspace.directory.write("de.xcloc/contents.json", """
            {
              "developmentRegion" : "en",
              "project" : "Shop.xcodeproj",
              "targetLocale" : "de",
              "toolInfo" : {
                "toolBuildNumber" : "15F31d",
                "toolID" : "com.apple.dt.xcode",
                "toolName" : "Xcode",
                "toolVersion" : "15.4"
              },
              "version" : "1.0"
            }
            """)
        try workspace.directory.write("de.xcloc/Source Contents/Shop/Localizable.xcstrings", #"{"sourceLanguage": "en", "strings": {}, "version": "1.0"}"#)
        try workspace.directory.write("de.xcloc/Localized Contents/de.xliff", xliff)
        return workspace.directory.path("de.xcloc")
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("An .xcloc round-trips with only maxwidth and size-unit added")
    func xclocRoundTrip() throws {
        let workspace = try Self.workspace()
        let catalog = try Self.writeCatalog(workspace)
        let xliff = catalog + "/Localized Contents/de.xliff"
        let others = try [catalog + "/contents.json", catalog + "/Source Contents/Shop/Localizable.xcstrings"].map(Self.bytes)
        let run = try workspace.succeed("limits", "--xliff", catalog)
        #expect(run.stdout.contains("de.xliff: 4 units with a width"), "\(run.stdout)")
        #expect(try Self.bytes(xliff) == Array(Self.expected.utf8))
        #expect(try [catalog + "/contents.json", catalog + "/Source Contents/Shop/Localizable.xcstrings"].map(Self.bytes) == others)
        #expect(try workspace.directory.contents("de.xcloc/Localized Contents") == ["de.xliff"])
        // Again: nothing changes; --format prints the limits too.
        let again = try workspace.succeed("limits", "--xliff", catalog, "--format", "json")
        #expect(again.lines.filter { !$0.isEmpty }.count == 3)
        #expect(again.stderr.contains("4 units with a width"))
        #expect(try Self.bytes(xliff) == Array(Self.expected.utf8))
        // The importer still reads it.
        #expect(try workspace.labelcat("import", catalog).status == 0)
    }

    @Test("A symbolic link is not written through, nor is a file whose units cannot be placed")
    func refusals() throws {
        let workspace = try Self.workspace()
        let real = try workspace.directory.write("real.xliff", Self.xliff)
        try FileManager.default.createSymbolicLink(atPath: workspace.directory.path("link.xliff"), withDestinationPath: real)
        let link = try workspace.labelcat("limits", "--xliff", workspace.directory.path("link.xliff"))
        #expect(link.status == 1)
        #expect(link.stderr.contains("link.xliff: not a regular file"), "\(link.stderr)")
        #expect(try Self.bytes(real) == Array(Self.xliff.utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: workspace.directory.path("link.xliff")) == real)
        // In an .xcloc: one linked file refuses the whole folder, the other file is not written either.
        let catalog = try Self.writeCatalog(workspace)
        try FileManager.default.createSymbolicLink(atPath: catalog + "/Localized Contents/fr.xliff", withDestinationPath: real)
        let folder = try workspace.labelcat("limits", "--xliff", catalog)
        #expect(folder.status == 1)
        #expect(try Self.bytes(catalog + "/Localized Contents/de.xliff") == Array(Self.xliff.utf8))
        // A folder without XLIFF in its Localized Contents.
        try workspace.directory.write("empty.xcloc/Localized Contents/notes.txt", "")
        let empty = try workspace.labelcat("limits", "--xliff", workspace.directory.path("empty.xcloc"))
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("Localized Contents: cannot be read: it holds no .xliff file"), "\(empty.stderr)")
        // A unit an entity makes is read by libxml2 but is not in the text: refused with its line.
        let entity = Self.xliff
            .replacing(#"<?xml version="1.0" encoding="UTF-8"?>"#,
                       with: #"<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE xliff [<!ENTITY unit '<trans-unit id="cart.pay"><source>x</source></trans-unit>'>]>"#)
            .replacing("<!-- <trans-unit id=\"cart.pay\"> in a comment is no unit -->", with: "&unit;")
        let made = try workspace.directory.write("entity.xliff", entity)
        let refused = try workspace.labelcat("limits", "--xliff", made)
        #expect(refused.status == 1)
        // libxml2 gives what an entity made no line: the error names the next start tag's.
        #expect(refused.stderr.contains("entity.xliff:21 <trans-unit id=\"cart.pay\">: cannot place the width"), "\(refused.stderr)")
        #expect(refused.stderr.contains("from an entity"))
        #expect(try Self.bytes(made) == Array(entity.utf8))
    }

    /// A String Catalog as Xcode writes it (2-space indent, ` : ` separators, members sorted,
    /// an empty key as `{\n\n    }`): a plural key with an old labelcat line as its comment, a
    /// key with a human comment of two lines and a quote, one without a comment, an empty one,
    /// and one no label shows.
    static let stringCatalog = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld items" : {
              "comment" : "[labelcat: max 99 pt, 3 lines]",
              "localizations" : {
                "de" : {
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld Artikel"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld Artikel"
                        }
                      }
                    }
                  }
                }
              }
            },
            "cart.pay" : {
              "comment" : "The button that pays: \"Pay now\"\nShown under the total.",
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Jetzt bezahlen"
                  }
                }
              }
            },
            "cart.total" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Summe"
                  }
                }
              }
            },
            "greeting" : {

            },
            "not.shown" : {
              "comment" : "No label shows this."
            }
          },
          "version" : "1.0"
        }
        """#

    /// The catalog with exactly the limits written into the comments.
    static let expectedStringCatalog = stringCatalog
        .replacing(#""comment" : "[labelcat: max 99 pt, 3 lines]","#, with: #""comment" : "[labelcat: max 200 pt, 2 lines]","#)
        .replacing(#"Shown under the total.","#, with: #"Shown under the total.\n[labelcat: max 144 pt, 1 line]","#)
        .replacing("\"cart.total\" : {\n      \"localizations\"",
                   with: "\"cart.total\" : {\n      \"comment\" : \"[labelcat: max 90 pt, any number of lines]\",\n      \"localizations\"")
        .replacing("\"greeting\" : {\n\n    }", with: "\"greeting\" : {\n      \"comment\" : \"[labelcat: max 120 pt, 1 line]\"\n    }")

    @Test("--xcstrings writes each limit as the last line of the key's comment: human comments kept, every other byte as Xcode wrote it, idempotent")
    func stringCatalogRoundTrip() throws {
        let workspace = try Self.workspace()
        try workspace.succeed("label", "set", "cart.total", "--frame", "0,0,90,21", "--lines", "0", "--text", "Total",
                              "--key", "Localizable:cart.total")
        try workspace.succeed("label", "set", "greeting", "--frame", "0,0,120,21", "--lines", "1", "--text", "Hi",
                              "--key", "Localizable:greeting")
        let path = try workspace.directory.write("Localizable.xcstrings", Self.stringCatalog)
        let run = try workspace.succeed("limits", "--xcstrings", path)
        #expect(run.stdout.contains("Localizable.xcstrings: 4 keys with a limit in its comment"), "\(run.stdout)")
        #expect(String(decoding: try Self.bytes(path), as: UTF8.self) == Self.expectedStringCatalog)
        // Again: nothing changes, the file is not even written (the same inode).
        let inode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
        let again = try workspace.succeed("limits", "--xcstrings", path, "--format", "json")
        #expect(again.stderr.contains("4 keys with a limit"), "\(again.stderr)")
        #expect(again.lines.filter { !$0.isEmpty }.count == 5)
        #expect(try Self.bytes(path) == Array(Self.expectedStringCatalog.utf8))
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == inode)
        #expect(try workspace.directory.contents().filter { $0.hasSuffix(".tmp") }.isEmpty)
        // A narrower label: only labelcat's line changes.
        try workspace.succeed("label", "set", "sheet.pay", "--insets", "0,10,0,10")
        try workspace.succeed("limits", "--xcstrings", path)
        #expect(try Self.bytes(path) == Array(Self.expectedStringCatalog.replacing("max 144 pt", with: "max 140 pt").utf8))
        // The importer reads the comments back, human text first.
        let imported = try workspace.labelcat("import", path)
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    @Test("--xcstrings refuses a symbolic link, and a file that is not a String Catalog, leaving it as it was")
    func stringCatalogRefusals() throws {
        let workspace = try Self.workspace()
        let real = try workspace.directory.write("real.xcstrings", Self.stringCatalog)
        let link = workspace.directory.path("Localizable.xcstrings")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        let linked = try workspace.labelcat("limits", "--xcstrings", link)
        #expect(linked.status == 1)
        #expect(linked.stderr.contains("Localizable.xcstrings: not a regular file"), "\(linked.stderr)")
        #expect(try Self.bytes(real) == Array(Self.stringCatalog.utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)

        let broken = String(Self.stringCatalog.dropLast(40))
        let cut = try workspace.directory.write("Cut/Localizable.xcstrings", broken)
        let refused = try workspace.labelcat("limits", "--xcstrings", cut)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Localizable.xcstrings:"), "\(refused.stderr)")
        #expect(try Self.bytes(cut) == Array(broken.utf8))

        // A comment that is no string, of a key with a limit.
        let notString = Self.stringCatalog.replacing(#""comment" : "[labelcat: max 99 pt, 3 lines]""#, with: #""comment" : 3"#)
        let shaped = try workspace.directory.write("Shape/Localizable.xcstrings", notString)
        let shape = try workspace.labelcat("limits", "--xcstrings", shaped)
        #expect(shape.status == 1)
        #expect(shape.stderr.contains("Localizable.xcstrings:5: key \"%lld items\": comment must be a string"), "\(shape.stderr)")
        #expect(try Self.bytes(shaped) == Array(notString.utf8))
    }
}
