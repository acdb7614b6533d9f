import Foundation
import LabelJSON
import Testing
import TestSupport

/// Storyboards laid out by Auto Layout through the real binary (docs/autolayout.md, "In the
/// catalog"): LabelImportTests' `Fixtures/Devices`, a storyboard as Xcode writes it designed at
/// an iPhone SE (375 points), with German texts. Its scene holds a title pinned to both margins,
/// a line pinned on its leading side only, and a label inside a scroll view.
@Suite struct SceneCommandTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LabelImportTests/Fixtures/Devices").path

    static let title = "Welcome.storyboard/ttl-LB-001"
    static let delivery = "Welcome.storyboard/dlv-LB-002"
    static let terms = "Welcome.storyboard/trm-LB-004"

    /// A catalog with the fixture imported.
    static func imported() throws -> (TemporaryDirectory, [String]) {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("c.sqlite")]
        #expect(try CLI.labelcat(db + ["init"]).status == 0)
        let run = try CLI.labelcat(db + ["import", fixture])
        #expect(run.status == 0, "\(run.stderr)")
        return (directory, db)
    }

    static func layout(_ db: [String], _ label: String, _ extra: [String] = []) throws -> JSONValue {
        let run = try CLI.labelcat(db + ["layout", label, "--json"] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        return try JSONValue.parse(run.stdout)
    }

    static func frame(_ json: JSONValue) -> [Double] {
        ["x", "y", "width", "height"].map { json["frame"]?[$0]?.number ?? -1 }
    }

    @Test("Each label is laid out in the frame Auto Layout gives it, on the device the file was designed at")
    func designedDevice() throws {
        let (directory, db) = try Self.imported()
        _ = directory
        // Pinned to both margins of a 375-point root: 16 + 343 + 16, 20 below the safe area's top (20).
        let title = try Self.layout(db, Self.title)
        #expect(title["device"]?.string == "iPhone SE (3rd generation)")
        #expect(title["frameSource"]?.string == "autoLayout")
        #expect(Self.frame(title).prefix(3) == [16, 40, 343])
        #expect(title["bounds"]?["width"]?.number == 343)
        // Inside a scroll view: at the content's (20, 10), the scroll view 16 below the line above it.
        let terms = try Self.layout(db, Self.terms, ["--locale", "de"])
        #expect(terms["frameSource"]?.string == "autoLayout")
        #expect(terms["frame"]?["x"]?.number == 20)
        // The scroll view's content grows with the German text: nothing is clipped or truncated.
        #expect(terms["sceneFindings"] == nil)
        #expect(terms["truncated"] == .bool(false))
    }

    @Test("German text of a label pinned on one side runs past the screen: check finds it clipped")
    func clippedGerman() throws {
        let (directory, db) = try Self.imported()
        _ = directory
        let run = try CLI.labelcat(db + ["check", "--json"])
        #expect(run.status == 1)
        let findings = try run.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        let kinds = findings.map { "\($0["label"]?.string ?? "") \($0["locale"]?.string ?? "") \($0["kind"]?.string ?? "")" }
        #expect(kinds == ["\(Self.delivery) de clipped"])
        // The English text fits on the screen.
        let english = try Self.layout(db, Self.delivery)
        #expect(english["sceneFindings"] == nil)
        let german = try Self.layout(db, Self.delivery, ["--locale", "de"])
        let clipped = german["sceneFindings"]?.array?.first
        #expect(clipped?["kind"]?.string == "clipped")
        #expect(clipped?["boundary"]?.string == "screen")
        #expect((clipped?["overflow"]?["right"]?.number ?? 0) > 100)
    }

    @Test("A devices setting lays every scene out on each device: 408 points between the margins of an iPhone 16 Pro Max")
    func devicesSetting() throws {
        let (directory, db) = try Self.imported()
        _ = directory
        let set = try CLI.labelcat(db + ["settings", "set", "devices", "iPhone SE (3rd generation),iPhone 16 Pro Max"])
        #expect(set.status == 0, "\(set.stderr)")
        let large = try Self.layout(db, Self.title, ["--device", "iPhone 16 Pro Max"])
        #expect(large["device"]?.string == "iPhone 16 Pro Max")
        // Margins 16, safe area top 62: y = 82.
        #expect(Self.frame(large).prefix(3) == [16, 82, 408])
        let small = try Self.layout(db, Self.title, ["--device", "iPhone SE (3rd generation)"])
        #expect(Self.frame(small)[2] == 343)
        // check --device looks at that device's layouts only.
        let check = try CLI.labelcat(db + ["check", "--json", "--device", "iPhone 16 Pro Max"])
        let devices = Set(try check.stdout.split(separator: "\n").map { try JSONValue.parse(String($0))["device"]?.string ?? "" })
        #expect(devices == ["iPhone 16 Pro Max"])
        // Headroom is measured in the frame of each device: the title has 408 − 343 = 65 points
        // more on the larger iPhone.
        func headroom(_ device: String) throws -> Double {
            let run = try CLI.labelcat(db + ["check", Self.title, "--json", "--headroom", "1000", "--locale", "base", "--device", device])
            return try JSONValue.parse(String(run.stdout.prefix { $0 != "\n" }))["headroom"]?["width"]?.number ?? -1
        }
        let room = try (small: headroom("iPhone SE (3rd generation)"), large: headroom("iPhone 16 Pro Max"))
        #expect(room.small > 0 && abs(room.large - room.small - 65) < 0.01, "\(room)")
        // An unknown name is refused, naming it, and leaves the setting as it was.
        let bad = try CLI.labelcat(db + ["settings", "set", "devices", "iPhone 99"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("unknown device \"iPhone 99\""))
    }

    @Test("fit lays a scene's label out in the frame Auto Layout gives it with the text tried, on each of its devices")
    func fitInSolvedFrame() throws {
        let (directory, db) = try Self.imported()
        _ = directory
        // The line is pinned on its leading side only: it grows with its text, past the 101
        // points Interface Builder saved, so a longer German text still shows on its one line.
        let grows = try CLI.labelcat(db + ["fit", "Welcome:dlv-LB-002.text", "--locale", "de", "--text", "Kostenlose Lieferung"])
        #expect(grows.status == 0, "\(grows.stdout)\(grows.stderr)")
        #expect(grows.lines.first?.contains("large  on iPhone SE (3rd generation)  fits") == true, "\(grows.stdout)")
        // The title's width is the screen's less its margins on each device (in the devices
        // setting's order): 343 and 408 points.
        #expect(try CLI.labelcat(db + ["settings", "set", "devices", "iPhone SE (3rd generation),iPhone 16 Pro Max"]).status == 0)
        let question = #"{"key": "Welcome:ttl-LB-001.text", "locale": "de", "text": "Willkommen in unserem neuen Laden für alles"}"#
        let answer = try CLI.labelcat(db + ["fit", "-"], stdin: question + "\n")
        #expect(answer.status == 0, "\(answer.stderr)")
        let verdicts = try #require(try JSONValue.parse(answer.stdout)["labels"]?.array).compactMap(\.object)
        #expect(verdicts.map { "\($0["device"]?.string ?? "?") \($0["fits"] == .bool(true))" }
                == ["iPhone SE (3rd generation) false", "iPhone 16 Pro Max true"], "\(answer.stdout)")
        #expect(verdicts.first?["fix"]?.object?["width"]?.number.map { $0 > 343 && $0 <= 408 } == true, "\(answer.stdout)")
    }

    @Test("fit: a text that fits its label but runs it past the screen does not fit, and says what solving found")
    func fitClippedByScene() throws {
        let (directory, db) = try Self.imported()
        _ = directory
        // The line grows with its text (pinned on its leading side only): one line always fits
        // its frame, but this one runs it past the right of the 375-point screen.
        let long = "Kostenlose Lieferung für alle Bestellungen ab zwanzig Euro"
        let run = try CLI.labelcat(db + ["fit", "Welcome:dlv-LB-002.text", "--locale", "de", "--text", long])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.lines.first?.contains("large  on iPhone SE (3rd generation)  does not fit: clipped: reaches past its screen: ") == true,
                "\(run.stdout)")
        let question = #"{"key": "Welcome:dlv-LB-002.text", "locale": "de", "text": "\#(long)"}"#
        let answer = try CLI.labelcat(db + ["fit", "-"], stdin: question + "\n")
        #expect(answer.status == 0, "\(answer.stderr)")
        let json = try JSONValue.parse(answer.stdout)
        #expect(json["fits"] == .bool(false))
        let verdict = try #require(json["labels"]?.array?.first)
        #expect(verdict["fits"] == .bool(false) && verdict["linesShown"] == verdict["linesNeeded"] && verdict["fix"] == .null)
        let clipped = verdict["sceneFindings"]?.array?.first
        #expect(clipped?["kind"]?.string == "clipped" && clipped?["boundary"]?.string == "screen", "\(answer.stdout)")
        #expect((clipped?["overflow"]?["right"]?.number ?? 0) > 0)
    }

    @Test("Importing an unchanged storyboard again writes nothing")
    func reimportWritesNothing() throws {
        let (directory, db) = try Self.imported()
        _ = try CLI.labelcat(db + ["check"])
        let before = try CLI.dump(directory.path("c.sqlite"))
        let again = try CLI.labelcat(db + ["import", Self.fixture])
        #expect(again.status == 0)
        #expect(again.stdout.contains("0 layouts"))
        #expect(try CLI.dump(directory.path("c.sqlite")) == before)
    }

    @Test("check --verbose counts the scene labels Auto Layout placed")
    func verboseCounts() throws {
        let (directory, db) = try Self.imported()
        _ = directory
        let run = try CLI.labelcat(db + ["check", "--verbose"])
        #expect(run.stdout.contains("3 of 3 scene labels placed by Auto Layout."))
    }

    @Test("The report pictures a label of a scene cut out of its scene, in the frame the scene gave it on the finding's device")
    func reportPictureInSolvedFrame() throws {
        let (directory, db) = try Self.imported()
        let german = try Self.layout(db, Self.delivery, ["--locale", "de"])
        let solvedWidth = german["bounds"]?["width"]?.number ?? 0
        let saved = try JSONValue.parse(try CLI.labelcat(db + ["label", "get", Self.delivery, "--json"]).stdout)
        // Sized by Auto Layout to its German text: wider than the frame IB saved for the English one.
        #expect(solvedWidth > (saved["frame"]?["width"]?.number ?? .infinity))
        let report = try CLI.labelcat(db + ["report", "--out", directory.path("report")])
        #expect(report.status == 0, "\(report.stderr)")
        let page = try String(contentsOfFile: directory.path("report/index.html"), encoding: .utf8)
        let figure = try #require(page.components(separatedBy: "<figure>").first { $0.contains("alt=\"\(Self.delivery) [de]\"") })
        #expect(figure.contains("src=\"images/scene@"), "cut out of its scene: \(figure)")
        // The cut is the solved frame with up to 24 points around it, cut to the scene: the German
        // label is wider than the 375-point screen, so the cut is the scene's whole width.
        let width = try #require(figure.firstMatch(of: #/ width="(\d+)"/#).flatMap { Double($0.1) }, "\(figure)")
        #expect(solvedWidth > 375 && width == 375, "\(width) for a label \(solvedWidth) wide")
    }
}
