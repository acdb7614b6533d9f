import Foundation
import LabelProject
import Testing
import TestSupport

@Suite struct GlobTests {
    private func name(_ pattern: String) throws -> Glob { try Glob(pattern, kind: .name) }
    private func path(_ pattern: String) throws -> Glob { try Glob(pattern, kind: .path) }

    @Test("Name globs: * crosses dots and slashes, ? is one character, sets and negated sets")
    func names() throws {
        #expect(try name("checkout.*").matches("checkout.title"))
        #expect(try name("checkout.*").matches("checkout.a.b"))
        #expect(try !name("checkout.*").matches("checkout"))
        #expect(try name("Settings.storyboard/*").matches("Settings.storyboard/nX1-F1-Frd"))
        #expect(try name("*").matches(""))
        #expect(try name("a?c").matches("abc"))
        #expect(try name("a?c").matches("a😀c"))
        #expect(try !name("a?c").matches("ac"))
        #expect(try name("[a-c]x").matches("bx"))
        #expect(try !name("[^a-c]x").matches("bx"))
        #expect(try name("[^a-c]x").matches("dx"))
        #expect(try name("[]]").matches("]"))
        #expect(try name("[a-]").matches("-"))
        #expect(try name("[!a]").matches("!"))
        #expect(try !name("A*").matches("abc"))
        #expect(try name("*.title").matches("settings.general.title"))
        #expect(try name("a*b*c").matches("aXXbYYbZZc"))
        #expect(try !name("a*b*c").matches("aXXbYYbZZ"))
    }

    @Test("Path globs: * stays in one component, ** spans folders, a trailing ** needs something inside")
    func paths() throws {
        let debug = try path("**/Debug.storyboard")
        #expect(debug.matches("Debug.storyboard"))
        #expect(debug.matches("App/Debug.storyboard"))
        #expect(debug.matches("App/Base.lproj/Debug.storyboard"))
        #expect(!debug.matches("App/Debug.storyboard/x"))
        let tests = try path("**/*Tests*/**")
        #expect(tests.matches("AppTests/x.swift"))
        #expect(tests.matches("a/MyTests/b/c.xib"))
        #expect(!tests.matches("AppTests"))
        #expect(!tests.matches("App/ShopTests.swift"))
        #expect(try !path("*.strings").matches("en.lproj/Localizable.strings"))
        #expect(try path("*/*.strings").matches("en.lproj/Localizable.strings"))
        #expect(try path("App/**/*.xib").matches("App/Cell.xib"))
        #expect(try path("App/**/*.xib").matches("App/a/b/Cell.xib"))
        #expect(try path("./App//*.xib/").matches("App/Cell.xib"))
        #expect(try path("[!.]*").matches("App"))
        #expect(try !path("[!.]*").matches(".git"))
        // An exclude covers what is inside a matching folder.
        #expect(try path("**/Pods").matchesPathOrFolder("Pods/Alamofire/en.lproj/A.strings"))
        #expect(try path("Vendor").matchesPathOrFolder("Vendor/x/y.xib"))
        #expect(try !path("Vendor").matchesPathOrFolder("App/Vendor.xib"))
    }

    @Test func literalPrefixes() throws {
        #expect(try path("App/Resources/**/*.strings").literalPrefix == "App/Resources")
        #expect(try path("**/x").literalPrefix == "")
        #expect(try path("/abs/*.xib").literalPrefix == "/abs")
        #expect(try path("App/Main.storyboard").literalPrefix == "App/Main.storyboard")
        #expect(try name("settings.*.title").literalPrefix == "settings.")
        #expect(try name("a").isLiteral)
        #expect(try !name("a*").isLiteral)
    }

    @Test("Bad globs say what is wrong")
    func errors() {
        #expect(throws: GlobError(pattern: "a[bc", reason: "a [ set is not closed with ]")) { try Glob("a[bc", kind: .name) }
        #expect(throws: GlobError(pattern: "", reason: "a glob must not be empty")) { try Glob("", kind: .path) }
        #expect(throws: GlobError(pattern: "a/x**/b", reason: "** must be a whole path component (**/x, x/**)")) {
            try Glob("a/x**/b", kind: .path)
        }
        // In a name glob `**` is two stars: any run.
        #expect(throws: Never.self) { try Glob("a**b", kind: .name) }
    }

    @Test("Name globs agree with SQLite's GLOB, the catalog's matcher, on 4,000 random patterns and texts")
    func agreesWithSQLite() throws {
        // A linear congruential generator: the same cases every run.
        var state: UInt64 = 24
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let patternAlphabet = Array("ab./*?[]^-")
        let textAlphabet = Array("ab./-]^")
        var cases: [(pattern: String, text: String)] = []
        for _ in 0..<4000 {
            let pattern = String((0..<random(7)).map { _ in patternAlphabet[random(patternAlphabet.count)] })
            let text = String((0..<random(6)).map { _ in textAlphabet[random(textAlphabet.count)] })
            cases.append((pattern, text))
        }
        let script = cases.map { "SELECT '\($0.text)' GLOB '\($0.pattern)';" }.joined(separator: "\n") + "\n"
        let run = try runProgram("/usr/bin/sqlite3", [":memory:"], stdin: script)
        #expect(run.status == 0, "\(run.stderr)")
        let answers = run.lines
        try #require(answers.count == cases.count)
        var disagreements: [String] = []
        for ((pattern, text), answer) in zip(cases, answers) {
            let sqlite = answer == "1"
            let ours: Bool
            if pattern.isEmpty {
                ours = text.isEmpty // the empty glob: refused by Glob, matching only "" in SQLite
            } else if let glob = try? Glob(pattern, kind: .name) {
                ours = glob.matches(text)
            } else {
                ours = false // an unclosed set matches nothing in SQLite
            }
            if ours != sqlite { disagreements.append("'\(text)' GLOB '\(pattern)': SQLite \(sqlite), ours \(ours)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }
}
