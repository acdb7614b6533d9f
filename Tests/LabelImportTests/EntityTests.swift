import Foundation
import LabelImport
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// XML entities follow one rule, in attributes and in text (issue 20): libxml2 expands the
/// document's own entities within its limits, or the file is refused with its line; an
/// undeclared entity is refused, never dropped; an external entity is refused and never read;
/// and no attribute value or text is longer than 1 MiB once expanded.
@Suite("XML entities")
struct EntityTests {
    static func xliff(doctype: String = "", target: String, id: String = "greeting") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        \(doctype)
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
            <body>
              <trans-unit id="\(id)" xml:space="preserve">
                <source>Hello</source>
                <target state="translated">\(target)</target>
              </trans-unit>
            </body>
          </file>
        </xliff>
        """
    }

    static func storyboard(doctype: String = "", text: String) -> String {
        TestSupport.storyboard(doctype: doctype, labels: [("lbl-01-abc", text, "200")])
    }

    static func importText(_ name: String, _ text: String) throws -> ImportResult {
        let file = try ScratchFile(name, Array(text.utf8))
        return try importAll([file.path])
    }

    static func refusal(_ name: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Located? {
        let file = try ScratchFile(name, Array(text.utf8))
        return importError([file.path], sourceLocation: sourceLocation)?.located
    }

    /// `<target>Hallo &n;!</target>` was stored as `Hallo !`.
    @Test("An entity in element text is expanded, not dropped")
    func entityInText() throws {
        let result = try Self.importText("de.xliff", Self.xliff(doctype: #"<!DOCTYPE xliff [<!ENTITY n "Welt">]>"#, target: "Hallo &n;!"))
        #expect(result.texts(table: "Localizable", locale: "de") == ["greeting": "Hallo Welt!"])
    }

    @Test("An entity in an attribute is expanded the same way")
    func entityInAttribute() throws {
        let result = try Self.importText("Base.lproj/Main.storyboard",
                                         Self.storyboard(doctype: #"<!DOCTYPE document [<!ENTITY n "Welt">]>"#, text: "Hallo &n;!"))
        #expect(result.labels.first?.definition["text"]?.string == "Hallo Welt!")
    }

    /// A 111 KB storyboard with a 50,000-character entity referenced 20,000 times in `text`
    /// took 1.6 GB and 9.5 s (the reader joined every reference itself).
    @Test("Entities that expand past libxml2's limits are refused with the line, in attributes and in text",
          arguments: ["attribute", "text"])
    func amplification(_ place: String) throws {
        let entity = #"<!DOCTYPE document [<!ENTITY a "\#(String(repeating: "A", count: 50_000))">]>"#
        let references = String(repeating: "&a;", count: 20_000)
        let document = place == "attribute" ? Self.storyboard(doctype: entity, text: references)
            : Self.xliff(doctype: entity.replacingOccurrences(of: "document", with: "xliff"), target: references)
        let started = Date()
        let located = try Self.refusal(place == "attribute" ? "Base.lproj/Main.storyboard" : "de.xliff", document)
        #expect(Date().timeIntervalSince(started) < 5, "refused at once, not after gigabytes")
        guard case .xml(let message)? = located?.problem else { Issue.record("\(String(describing: located))"); return }
        #expect(located?.line != nil, "\(message)")
        #expect(message.contains("entit") || message.contains("too long"), "\(message)")
    }

    @Test("An undeclared entity is refused with its line, never dropped (with or without an external DTD)",
          arguments: ["", #"<!DOCTYPE xliff PUBLIC "-//X//DTD X//EN" "http://example.com/x.dtd">"#])
    func undeclared(_ doctype: String) throws {
        let located = try Self.refusal("de.xliff", Self.xliff(doctype: doctype, target: "Hallo &n;!"))
        #expect(located?.line == 8, "\(String(describing: located))")
        guard case .xml(let message)? = located?.problem else { Issue.record("\(String(describing: located))"); return }
        #expect(message.contains("'n'") || message.contains("&n;"), "\(message)")
    }

    /// No file is read for an external entity: a document that declares one is refused.
    @Test("An external entity is refused naming it, and its file is never read",
          arguments: [#"<!ENTITY x SYSTEM "file:///etc/hostname">"#, #"<!ENTITY % p SYSTEM "file:///etc/hostname"> %p;"#])
    func external(_ declaration: String) throws {
        let located = try Self.refusal("de.xliff", Self.xliff(doctype: "<!DOCTYPE xliff [\(declaration)]>",
                                                              target: declaration.contains("%") ? "Hallo" : "Hallo &x;"))
        guard case .xml(let message)? = located?.problem else { Issue.record("\(String(describing: located))"); return }
        #expect(located?.line == 2, "\(message)")
        #expect(message.contains("external entity"), "\(message)")
    }

    @Test("An attribute or a text longer than 1 MiB once expanded is refused with its line")
    func lengthCap() throws {
        // 16 × 70,000 characters: within libxml2's limits (the file itself is large), over 1 MiB.
        let chunk = String(repeating: "B", count: 70_000)
        let entity = #"<!DOCTYPE document [<!ENTITY b "\#(chunk)">]>"#
        let long = String(repeating: "&b;", count: 16) + String(repeating: "C", count: 200_000)
        let located = try Self.refusal("Base.lproj/Main.storyboard", Self.storyboard(doctype: entity, text: long))
        guard case .xml(let message)? = located?.problem else { Issue.record("\(String(describing: located))"); return }
        #expect(message.contains("1 MiB"), "\(message)")
        #expect(located?.line == 4, "\(message)")
        let plain = try Self.refusal("de.xliff", Self.xliff(target: String(repeating: "D", count: (1 << 20) + 1)))
        guard case .xml(let text)? = plain?.problem else { Issue.record("\(String(describing: plain))"); return }
        #expect(text.contains("1 MiB"), "\(text)")
    }
}
