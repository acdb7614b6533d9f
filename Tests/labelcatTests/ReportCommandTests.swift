import Foundation
import LabelJSON
import Testing
import TestSupport

/// `labelcat report` (docs/ci.md) opened in a real browser: headless Chromium loads the page
/// from disk, takes a screenshot and dumps the DOM after its script ran, with the filter
/// chosen in the address (`index.html#locale=de`); the DOM is read with Python's HTML parser.
@Suite("labelcat report")
struct ReportCommandTests {
    typealias Workspace = CLITests.Workspace

    static let chromium = "/usr/bin/chromium"

    /// `CheckCommandTests.workspace()` plus `broken.title`, whose font is removed by hand so
    /// it cannot be laid out (base and German: two findings of kind error).
    static func workspace() throws -> Workspace {
        let workspace = try CheckCommandTests.workspace()
        try workspace.succeed("label", "set", "broken.title", "--frame", "0,0,200,30", "--text", "Broken")
        try workspace.succeed("label", "set", "broken.title", "--locale", "de", "--text", "Kaputt")
        _ = try CLI.program("/usr/bin/env", ["sqlite3", workspace.db,
                                             "UPDATE labels SET font = '{\"family\": \"No Such Family\"}' WHERE name = 'broken.title'"])
        return workspace
    }

    /// Runs headless Chromium on a page with a fresh profile; nil (and an issue) when it is
    /// not installed.
    static func chromium(_ arguments: [String], page: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CLI.Run? {
        guard FileManager.default.isExecutableFile(atPath: chromium) else {
            Issue.record("\(chromium) is not installed (make test installs the chromium package)", sourceLocation: sourceLocation)
            return nil
        }
        let profile = try TemporaryDirectory(prefix: "labelcat-chromium")
        let run = try CLI.program(chromium, ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                             "--user-data-dir=\(profile.path("profile"))"] + arguments + [page],
                                  timeout: 90, sourceLocation: sourceLocation)
        #expect(run.status == 0, "chromium exited \(run.status): \(run.stderr.suffix(2000))", sourceLocation: sourceLocation)
        return run
    }

    /// The page's findings, pictures and filter state as the browser left them.
    struct Page {
        struct Finding {
            var label: String
            var locale: String
            var kind: String
            var hidden: Bool
            /// `src`, the `width` attribute, and `data-natural-width` (set by the page's script
            /// once the picture loaded; 0 when it failed).
            /// `deferred` is the `data-src` of a picture the page's script loads when it comes near.
            var images: [(src: String, width: Int, naturalWidth: Int?, deferred: String?)]
        }

        var findings: [Finding]
        var shown: String
        var fitting: [String]

        var visible: [String] { findings.filter { !$0.hidden }.map { "\($0.label)/\($0.locale)" } }
    }

    /// Loads `index.html#fragment` and reads the DOM after the page's script ran.
    static func page(_ index: String, fragment: String, chromiumArguments: [String] = [],
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> Page? {
        guard let run = try chromium(chromiumArguments + ["--dump-dom"], page: "file://\(index)#\(fragment)",
                                     sourceLocation: sourceLocation) else { return nil }
        let parsed = try runProgram("/usr/bin/env", ["python3", "-c", domReader], stdin: run.stdout, timeout: 60)
        #expect(parsed.status == 0, "the DOM does not parse: \(parsed.stderr)", sourceLocation: sourceLocation)
        let json = try JSONValue.parse(parsed.stdout)
        return Page(
            findings: (json["findings"]?.array ?? []).map { finding in
                Page.Finding(label: finding["label"]?.string ?? "", locale: finding["locale"]?.string ?? "",
                             kind: finding["kind"]?.string ?? "", hidden: finding["hidden"] == .bool(true),
                             images: (finding["images"]?.array ?? []).map { image in
                                 (image["src"]?.string ?? "", Int(image["width"]?.number ?? -1), image["naturalWidth"]?.number.map { Int($0) },
                                  image["deferred"]?.string)
                             })
            },
            shown: json["shown"]?.string ?? "",
            fitting: (json["fitting"]?.array ?? []).compactMap(\.string))
    }

    /// Python: the articles of class `finding` (their data attributes, `hidden`, pictures),
    /// the `#shown` text, and the names listed under "Labels that fit".
    static let domReader = #"""
import json, sys
from html.parser import HTMLParser

class Reader(HTMLParser):
    def __init__(self):
        super().__init__()
        self.findings, self.fitting, self.shown = [], [], ""
        self.in_shown = self.in_fitting = self.in_name = False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "article" and "finding" in classes:
            self.findings.append({"label": a.get("data-label"), "locale": a.get("data-locale"), "kind": a.get("data-kind"),
                                  "hidden": "hidden" in a, "images": []})
        elif tag == "img" and self.findings and not self.in_fitting:
            natural = a.get("data-natural-width")
            self.findings[-1]["images"].append({"src": a.get("src"), "width": int(a.get("width", "-1")),
                                                "naturalWidth": int(natural) if natural is not None else None,
                                                "deferred": a.get("data-src")})
        elif tag == "output" and a.get("id") == "shown":
            self.in_shown = True
        elif tag == "section" and a.get("id") == "fitting":
            self.in_fitting = True
        elif tag == "span" and self.in_fitting and "name" in classes:
            self.in_name = True
    def handle_endtag(self, tag):
        if tag == "output":
            self.in_shown = False
        elif tag == "section":
            self.in_fitting = False
        elif tag == "span":
            self.in_name = False
    def handle_data(self, data):
        if self.in_shown:
            self.shown += data
        if self.in_name:
            self.fitting.append(data)

reader = Reader()
reader.feed(sys.stdin.read())
print(json.dumps({"findings": reader.findings, "shown": reader.shown, "fitting": reader.fitting}))
"""#

    /// A picture's file name without the hash of what it shows (`cart.title@de.0123456789abcdef.png`
    /// is `cart.title@de.png`).
    static func stem(_ name: String) -> String {
        name.replacingOccurrences(of: #"\.[0-9a-f]{16}\.png$"#, with: ".png", options: .regularExpression)
    }

    static func isPNG(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    }

    @Test("Many findings: the first 40 findings' pictures load at once, later ones when the page's script sees them near (a filter bringing them up)")
    func deferredPictures() throws {
        let workspace = try Workspace()
        let labels = (0..<44).map { index in
            #"{"name": "long.\#(String(format: "%02d", index))", "text": "A text far too long for its label", "#
                + #""frame": {"x": 0, "y": 0, "width": 60, "height": 24}, "font": {"family": "DejaVu Sans", "size": 17}, "numberOfLines": 1}"#
        }
        try workspace.directory.write("labels.ndjson", Array(labels.joined(separator: "\n").utf8))
        try workspace.succeed("label", "import", workspace.directory.path("labels.ndjson"))
        try workspace.succeed("label", "set", "long.43", "--locale", "de", "--text", "Ein viel zu langer Text für sein Label")
        let out = workspace.directory.path("report")
        try workspace.succeed("report", "--out", out)

        guard let page = try Self.page(out + "/index.html", fragment: "") else { return }
        #expect(page.findings.count == 45)
        let pictures = page.findings.flatMap { finding in finding.images.map { (finding.label, $0.src, $0.deferred, $0.naturalWidth ?? 0) } }
        let loadedAtOnce = pictures.filter { !$0.1.isEmpty && $0.2 == nil }.map(\.0)
        let deferred = pictures.filter { $0.1.isEmpty && $0.2?.hasPrefix("images/") == true }.map(\.0)
        #expect(Set(loadedAtOnce) == Set(page.findings.prefix(40).map(\.label)), "\(loadedAtOnce)")
        #expect(Set(deferred) == Set(page.findings.suffix(5).map(\.label)), "pictures far below the window wait: \(deferred)")
        #expect((pictures.first?.3 ?? 0) > 0, "the first picture loaded")

        // Filtered to German, the last finding is the only one shown, at the top: its pictures load.
        guard let german = try Self.page(out + "/index.html", fragment: "locale=de", chromiumArguments: ["--virtual-time-budget=5000"]) else { return }
        let shown = german.findings.filter { !$0.hidden }
        #expect(shown.map(\.label) == ["long.43"])
        let shownPictures = shown.flatMap(\.images)
        #expect(!shownPictures.isEmpty && shownPictures.allSatisfy { !$0.src.isEmpty && $0.deferred == nil && ($0.naturalWidth ?? 0) > 0 },
                "\(shownPictures)")
    }

    @Test("The report in Chromium: every finding with its pictures (loaded), the fitting labels folded, filters from the address hide the others")
    func reportInBrowser() throws {
        let workspace = try Self.workspace()
        let out = workspace.directory.path("report")
        let run = try workspace.succeed("report", "--out", out)
        #expect(run.stdout == "Wrote \(out)/index.html and 4 pictures: 4 findings in 8 texts of 4 labels.\n", "\(run.stdout)")
        let index = out + "/index.html"
        let images = try workspace.directory.contents("report/images")
        #expect(images.map(Self.stem) == ["body.text@base.png", "body.text@fr.png", "cart.title@base.png", "cart.title@de.png"], "\(images)")
        for image in images { #expect(Self.isPNG(out + "/images/" + image), "\(image) is not a PNG") }
        let html = try String(contentsOfFile: index, encoding: .utf8)
        #expect(!html.contains("http://") && !html.replacingOccurrences(of: "https://", with: "").contains("src=\"//"),
                "nothing is loaded from the network")
        #expect(html.components(separatedBy: "loading=\"lazy\"").count - 1 == 4, "every picture is loaded when it comes into view")

        // What check finds is what the page shows.
        let check = try workspace.labelcat("check", "--json")
        let expected = try check.lines.map { line -> String in
            let object = try CLITests.json(line)
            let locale = object["locale"]?.string ?? ""
            return "\(object["label"]?.string ?? "")/\(locale.isEmpty ? "base" : locale)/\(object["kind"]?.string ?? "")"
        }
        #expect(expected.count == 4)

        guard let all = try Self.page(index, fragment: "") else { return }
        #expect(all.findings.map { "\($0.label)/\($0.locale)/\($0.kind)" } == expected)
        #expect(all.visible.count == 4)
        #expect(all.shown == "4 of 4 findings shown")
        for finding in all.findings {
            let expectedImages = finding.kind == "error" ? 0 : (finding.locale == "base" ? 1 : 2)
            #expect(finding.images.count == expectedImages, "\(finding.label) [\(finding.locale)]: \(finding.images)")
            for image in finding.images {
                #expect(image.naturalWidth == image.width * 2, "\(image.src) loaded at 2 pixels per point: \(image)")
                #expect(Self.isPNG(out + "/" + image.src))
            }
            if finding.locale != "base", finding.kind != "error" {
                #expect(finding.images.map { Self.stem($0.src) } == ["images/\(finding.label)@\(finding.locale).png", "images/\(finding.label)@base.png"],
                        "its picture beside the base text's")
            }
        }
        #expect(all.fitting == ["ok.title"], "labels that fit: \(all.fitting)")

        guard let german = try Self.page(index, fragment: "locale=de") else { return }
        #expect(german.visible == ["broken.title/de", "cart.title/de"])
        #expect(german.findings.count == 4, "the others are there, hidden")
        #expect(german.shown == "2 of 4 findings shown")
        #expect(german.findings.filter { !$0.hidden }.flatMap(\.images).allSatisfy { ($0.naturalWidth ?? 0) > 0 })

        guard let frenchLines = try Self.page(index, fragment: "kind=lines&locale=fr") else { return }
        #expect(frenchLines.visible == ["body.text/fr"])
        guard let errors = try Self.page(index, fragment: "kind=error&locale=base") else { return }
        #expect(errors.visible == ["broken.title/base"])
        guard let none = try Self.page(index, fragment: "locale=it") else { return }
        #expect(none.visible.isEmpty)
        #expect(none.shown == "0 of 4 findings shown")

        // A screenshot, as a reviewer would see the page filtered to German.
        let screenshot = workspace.directory.path("screenshot.png")
        guard try Self.chromium(["--screenshot=\(screenshot)", "--window-size=1200,1600", "--hide-scrollbars"],
                                page: "file://\(index)#locale=de") != nil else { return }
        #expect(Self.isPNG(screenshot))
        let size = (try? FileManager.default.attributesOfItem(atPath: screenshot)[.size] as? Int) ?? 0
        #expect(size > 20_000, "a screenshot of a page with pictures and text: \(size) bytes")
    }

    @Test("report --baseline marks findings new or known; a second report replaces the first; a directory of other files is refused")
    func rewriteAndRefuse() throws {
        let workspace = try CheckCommandTests.workspace()
        let baseline = workspace.directory.path("baseline.json")
        try workspace.directory.write("baseline.json", #"{"findings": [{"label": "cart.title", "locale": "de", "kind": "truncated"}]}"#)
        let out = workspace.directory.path("report")
        try workspace.succeed("report", "--out", out, "--baseline", baseline)
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(html.contains("data-label=\"cart.title\" data-locale=\"de\" data-variant=\"\" data-category=\"large\" data-kind=\"truncated\" data-status=\"known\""))
        #expect(html.contains("data-label=\"body.text\" data-locale=\"fr\" data-variant=\"\" data-category=\"large\" data-kind=\"lines\" data-status=\"new\""))
        #expect(html.contains("<select id=\"filter-status\""))

        try workspace.succeed("label", "set", "cart.title", "--locale", "de", "--text", "Zahlen")
        let again = try workspace.succeed("report", "--out", out, "--baseline", baseline)
        #expect(again.stdout.contains("and 2 pictures: 1 new finding, 0 known (in the baseline), 1 now fits in 6 texts of 3 labels."), "\(again.stdout)")
        #expect(try workspace.directory.contents("report/images").map(Self.stem) == ["body.text@base.png", "body.text@fr.png"], "the old pictures are gone")
        #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8).contains("cart.title [de] (truncated): now fits"))

        try workspace.directory.write("other/notes.txt", "mine")
        let refused = try workspace.labelcat("report", "--out", workspace.directory.path("other"))
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is not empty (notes.txt) and holds no labelcat report"), "\(refused.stderr)")
        #expect(try workspace.directory.contents("other") == ["notes.txt"])
    }

    /// A file's inode and modification time: unchanged when a picture was kept, not redrawn.
    static func identity(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else { return "missing" }
        return "\(info.st_ino)@\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    @Test("A second report keeps every picture; after a one-text change it redraws that one picture alone")
    func rerunKeepsPictures() throws {
        let workspace = try CheckCommandTests.workspace()
        let out = workspace.directory.path("report")
        try workspace.succeed("report", "--out", out)
        func pictures() throws -> [String: String] {
            Dictionary(uniqueKeysWithValues: try workspace.directory.contents("report/images").map { ($0, Self.identity(out + "/images/" + $0)) })
        }
        let first = try pictures()
        #expect(first.count == 4)
        let firstPage = try String(contentsOfFile: out + "/index.html", encoding: .utf8)

        try workspace.succeed("report", "--out", out)
        #expect(try pictures() == first, "every picture kept: same names, inodes and modification times")
        #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8) == firstPage, "the same page")

        // One text changed (still too long): its picture alone is drawn again, under a new name.
        try workspace.succeed("label", "set", "cart.title", "--locale", "de", "--text", "Jetzt sofort bezahlen und gleich bestellen")
        try workspace.succeed("report", "--out", out)
        let third = try pictures()
        #expect(third.count == 4)
        let kept = third.filter { first[$0.key] == $0.value }
        #expect(kept.count == 3, "\(third) after \(first)")
        let redrawn = Set(third.keys).subtracting(first.keys)
        #expect(redrawn.map(Self.stem) == ["cart.title@de.png"], "\(redrawn)")
        let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        for name in third.keys { #expect(page.contains("images/\(name)"), "the page shows \(name)") }
        #expect(Set(try workspace.directory.contents("report")) == ["images", "index.html"], "no temporary file is left")
    }

    @Test("A picture replaced by a link is drawn again over the link, never written through it; other files named .png go")
    func rerunReplacesLinkedPicture() throws {
        let workspace = try CheckCommandTests.workspace()
        let out = workspace.directory.path("report")
        try workspace.succeed("report", "--out", out)
        try workspace.directory.write("victim.png", "precious")
        let pictures = try workspace.directory.contents("report/images")
        let linked = try #require(pictures.first)
        try FileManager.default.removeItem(atPath: out + "/images/" + linked)
        try FileManager.default.createSymbolicLink(atPath: out + "/images/" + linked, withDestinationPath: workspace.directory.path("victim.png"))
        try FileManager.default.createSymbolicLink(atPath: out + "/images/stray.png", withDestinationPath: workspace.directory.path("victim.png"))

        try workspace.succeed("report", "--out", out)
        #expect(try String(contentsOfFile: workspace.directory.path("victim.png"), encoding: .utf8) == "precious")
        #expect(try workspace.directory.contents("report/images") == pictures, "the stray link is gone")
        var info = stat()
        #expect(lstat(out + "/images/" + linked, &info) == 0 && info.st_mode & S_IFMT == S_IFREG, "drawn again as a regular file")
        #expect(Self.isPNG(out + "/images/" + linked))
    }
}
