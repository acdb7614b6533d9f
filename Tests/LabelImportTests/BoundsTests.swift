import Foundation
import LabelImport
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// What a hostile file may cost is bounded by rules, not by its size (issue 20): files read
/// whole are refused over 32 MiB before they are read, and a String Catalog's strings and its
/// localizations' variations are refused before they are made.
@Suite("Bounds on what a file may cost")
struct BoundsTests {
    @Test("A strings table or stringsdict over 32 MiB is refused before it is read (a sparse file of zeros)",
          arguments: ["de.lproj/Localizable.strings", "de.lproj/Localizable.stringsdict"])
    func wholeFiles(_ name: String) throws {
        let file = try ScratchFile(name, [])
        #expect(truncate(file.path, off_t(XcodeImporter.maximumWholeFileBytes + 1)) == 0)
        let error = importError([file.path])
        guard case .tooLarge(let path, let bytes, let limit)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(path == file.path && bytes == XcodeImporter.maximumWholeFileBytes + 1 && limit == 32 << 20)
    }

    static func catalog(localization: String) -> String {
        """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "key" : {
              "localizations" : {
                "de" : \(localization)
              }
            }
          }
        }
        """
    }

    @Test("A String Catalog string over 1 MiB is refused at its line, before it is made")
    func longString() throws {
        let value = String(repeating: "x", count: (1 << 20) + 1)
        let file = try ScratchFile("Localizable.xcstrings", Array(Self.catalog(localization: #"{ "stringUnit" : { "state" : "translated", "value" : "\#(value)" } }"#).utf8))
        let located = importError([file.path])?.located
        #expect(located?.line == 6, "\(String(describing: located))")
        guard case .json(let message)? = located?.problem else { Issue.record("\(String(describing: located))"); return }
        #expect(message.contains("a string longer than 1048576 bytes"), "\(message)")
        // Escapes count as what they decode to: 1 MiB of `\u0041` is 1 MiB of text, and over it.
        let escaped = String(repeating: "\\u0041", count: (1 << 20) + 1)
        let other = try ScratchFile("Localizable.xcstrings", Array(Self.catalog(localization: #"{ "stringUnit" : { "state" : "translated", "value" : "\#(escaped)" } }"#).utf8))
        #expect(importError([other.path])?.located.map { "\($0.problem)".contains("longer than") } == true)
    }

    @Test("A localization's variations over 16 MiB are refused at their line, before they are made")
    func largeVariations() throws {
        let cases = (0..<300_000).map { #""d\#($0)" : { "stringUnit" : { "state" : "translated", "value" : "x" } }"# }.joined(separator: ",\n")
        let file = try ScratchFile("Localizable.xcstrings", Array(Self.catalog(localization: #"{ "variations" : { "device" : { \#(cases) } } }"#).utf8))
        let located = importError([file.path])?.located
        guard case .json(let message)? = located?.problem else { Issue.record("\(String(describing: located))"); return }
        #expect(message.contains("variations is larger than 16 MiB"), "\(message)")
        #expect(located?.line == 6, "\(message)")
    }
}
