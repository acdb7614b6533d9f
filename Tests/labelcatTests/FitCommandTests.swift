import Foundation
import LabelJSON
import Testing
import TestSupport

/// Fixes in `check`'s formats, `check --headroom` and `--min-category`, and `labelcat fit`
/// (docs/fixes.md), through the real binary.
@Suite("labelcat fit and fixes")
struct FitCommandTests {
    typealias Workspace = CLITests.Workspace

    /// Labels keyed to `Localizable:pay` (one line) and `Localizable:intro` (two lines), with
    /// German and Dutch texts of their own that fit or not.
    static let texts: [(label: String, key: String, locale: String, text: String)] = [
        ("cart.pay", "Localizable:pay", "de", "Jetzt sofort bezahlen und bestellen"),
        ("cart.pay", "Localizable:pay", "nl", "Betalen"),
        ("intro.text", "Localizable:intro", "de", "Kurz"),
        ("intro.text", "Localizable:intro", "nl", "Sluit de luidsprekerversterker aan op de ingang van het apparaat"),
    ]

    static func workspace() throws -> Workspace {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "cart.pay", "--frame", "0,0,160,30", "--lines", "1", "--text", "Pay now",
                              "--key", "Localizable:pay")
        try workspace.succeed("label", "set", "intro.text", "--frame", "0,0,200,44", "--lines", "2", "--text", "Short",
                              "--key", "Localizable:intro")
        for text in texts {
            try workspace.succeed("label", "set", text.label, "--locale", text.locale, "--text", text.text)
        }
        return workspace
    }

    @Test("check --json: each finding has a fix, and fit agrees with check on every text")
    func fitAgreesWithCheck() throws {
        let workspace = try Self.workspace()
        let check = try workspace.labelcat("check", "--json")
        #expect(check.status == 1)
        var failing: Set<String> = []
        for line in check.lines {
            let object = try CLITests.json(line)
            failing.insert("\(object["label"]?.string ?? "")/\(object["locale"]?.string ?? "")")
            let fix = try #require(object["fix"]?.object)
            #expect(fix["charactersOver"]?.number ?? 0 > 0)
            #expect(fix["width"]?.number != nil)
        }
        #expect(failing == ["cart.pay/de", "intro.text/nl"])
        for text in Self.texts {
            let fit = try workspace.labelcat("fit", text.key, "--locale", text.locale, "--text", text.text)
            let fails = failing.contains("\(text.label)/\(text.locale)")
            #expect(fit.status == (fails ? 1 : 0), "\(text.label) \(text.locale): \(fit.stdout)\(fit.stderr)")
            if fails { #expect(fit.stdout.contains("fits;") || fit.stdout.contains("too long")) }
        }
        // The same questions as NDJSON, and one that cannot be answered.
        var questions = Self.texts.map { text in
            var writer = JSONWriter(numberStyle: .millis, capacity: 128)
            writer.beginObject()
            writer.key("key"); writer.string(text.key)
            writer.key("locale"); writer.string(text.locale)
            writer.key("text"); writer.string(text.text)
            writer.endObject()
            return writer.string
        }
        questions.append(#"{"key": "Localizable:none", "text": "x"}"#)
        let answers = try workspace.labelcat(["fit", "-"], stdin: questions.joined(separator: "\n") + "\n")
        #expect(answers.status == 1)
        #expect(answers.lines.count == questions.count)
        for (text, line) in zip(Self.texts, answers.lines) {
            let answer = try CLITests.json(line)
            #expect(answer["fits"] == .bool(!failing.contains("\(text.label)/\(text.locale)")), "\(line)")
        }
        #expect(try CLITests.json(answers.lines.last!)["error"]?.string?.contains("no label shows") == true)
    }

    @Test("Every format carries the fix")
    func formats() throws {
        let workspace = try Self.workspace()
        let text = try workspace.labelcat("check")
        #expect(text.stdout.contains("characters too long at this font"))
        for format in ["github", "junit", "sarif"] {
            let run = try workspace.labelcat("check", "--format", format)
            #expect(run.stdout.contains("Fix: "), "\(format)")
        }
    }

    @Test("--headroom warns without failing; --min-category fails a text that does not fit at larger sizes")
    func headroom() throws {
        let workspace = try Workspace()
        try workspace.succeed("label", "set", "snug", "--frame", "0,0,70,30", "--lines", "1", "--text", "Pay now")
        try workspace.succeed("label", "set", "styled", "--frame", "0,0,120,30", "--lines", "1", "--text", "Continue",
                              "--text-style", "body")
        let warned = try workspace.labelcat("check", "--headroom", "20", "--json")
        #expect(warned.status == 0, "\(warned.stderr)")
        let kinds = try warned.lines.map { try CLITests.json($0)["kind"]?.string ?? "" }
        #expect(kinds.contains("tight"))
        let strict = try workspace.labelcat("check", "--min-category", "AX5", "--json")
        #expect(strict.status == 1)
        let finding = try CLITests.json(try #require(strict.lines.first { $0.contains("\"styled\"") }))
        #expect(finding["kind"]?.string == "category")
        #expect(finding["headroom"]?["fitsUpTo"]?.string != nil)
        let loose = try workspace.labelcat("check", "--min-category", "large")
        #expect(loose.status == 0)
        let bad = try workspace.labelcat("check", "--min-category", "AX9")
        #expect(bad.status == 64)
    }
}
