import AutoLayout
import Foundation
import LabelJSON
import LabelLayout
import LabelModel
import LabelProject
import LabelYAML
import Testing
import TestSupport

/// A project folder with the files the examples name.
private func projectFolder() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    _ = directory.url("App/Fonts", directory: true)
    try directory.write("Shared/Localizable.xcstrings", "{}")
    try directory.write("Design/tokens.json", "{}")
    try directory.write("Fonts/Brand.ttf", "")
    return directory
}

/// Reads `text` as `labelcat.yml` in `directory`.
private func read(_ text: String, in directory: TemporaryDirectory) throws -> ProjectConfiguration {
    let path = try directory.write("labelcat.yml", text)
    return try ProjectConfiguration(contentsOf: path)
}

/// The error reading `text` fails with; an issue when it does not fail.
private func readError(_ text: String, in directory: TemporaryDirectory,
                       sourceLocation: SourceLocation = #_sourceLocation) -> ProjectError? {
    do {
        _ = try read(text, in: directory)
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch let error as ProjectError {
        return error
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

@Suite struct ProjectConfigurationTests {
    static let example = """
        sources: [App/, Shared/Localizable.xcstrings]   # what import reads (files, folders, globs)
        exclude: ["**/Debug.storyboard", "**/*Tests*/**"]
        developmentLanguage: en        # the base text's language
        devices: [iPhone SE (3rd generation), iPhone 16 Pro Max]
        categories: [large, accessibilityExtraExtraExtraLarge]
        pseudoLanguages: [accented, double, rtl]
        fonts: [App/Fonts/]            # the app's own font files
        fontSubstitutes: {Avenir Next: Inter}
        tokens: Design/tokens.json
        labels:                        # labels built in code: one per matching key
          - keys: "Localizable:settings.*.title"
            frame: {width: device - 32, height: auto}
            font: {textStyle: body}
            numberOfLines: 1
        overrides:                     # changes to imported labels that survive every import
          Settings.storyboard/nX1-F1-Frd: {numberOfLines: 2}
        ignore:
          - label: Bookmarks.storyboard/061-pX-T9z
            reason: its text is set in code
        baseline: labelcat-baseline.json

        """

    @Test("The documented example reads, every key typed")
    func example() throws {
        let directory = try projectFolder()
        let root = directory.root.path
        let project = try read(Self.example, in: directory)
        #expect(project.file == root + "/labelcat.yml")
        #expect(project.folder == root)
        #expect(project.sources.map(\.path) == [root + "/App", root + "/Shared/Localizable.xcstrings"])
        #expect(project.sources.map(\.spelling) == ["App/", "Shared/Localizable.xcstrings"])
        #expect(project.sources.map(\.line) == [1, 1])
        #expect(project.exclude.map(\.pattern) == ["**/Debug.storyboard", "**/*Tests*/**"])
        #expect(project.developmentLanguage == "en")
        #expect(project.locales == nil)
        #expect(project.devices.map(\.name) == ["iPhone SE (3rd generation)", "iPhone 16 Pro Max"])
        #expect(project.devices.map(\.size.width) == [375, 440])
        #expect(project.categories == [.large, .accessibilityExtraExtraExtraLarge])
        #expect(project.pseudoLanguages == [.accented, .double, .rtl])
        #expect(project.fonts?.map(\.path) == [root + "/App/Fonts"])
        #expect(project.fontSubstitutes.spelling == "Avenir Next=Inter")
        #expect(project.defaultFamily == nil)
        #expect(project.tokens.map(\.path) == [root + "/Design/tokens.json"])
        #expect(project.baseline == root + "/labelcat-baseline.json")
        #expect(project.catalog == root + "/.labelcat/catalog.sqlite")

        let rule = try #require(project.labels.first)
        #expect(rule.keys.description == "Localizable:settings.*.title")
        #expect(rule.mark.line == 11)
        #expect(rule.fields.frame == FrameFields(x: 0, y: 0, width: .difference(.device, .number(32)), height: .auto))
        #expect(rule.fields.lines == ["frame": 12, "font": 13, "numberOfLines": 14])
        let json = rule.fields.json(deviceWidth: 375)
        #expect(json["frame"] == .object(JSONObject([("x", .number(0)), ("y", .number(0)), ("width", .number(343)), ("height", .null)])))
        #expect(json["font"] == .object(JSONObject([("textStyle", .string("body"))])))
        #expect(json["numberOfLines"] == .number(1))
        #expect(rule.fields.json(deviceWidth: 440)["frame"]?["width"] == .number(408))
        #expect(try project.labelRule(forKey: "Localizable:settings.general.title") == rule)
        #expect(try project.labelRule(forKey: "Localizable:settings.title") == nil)
        #expect(try project.labelRule(forKey: "Other:settings.general.title") == nil)

        #expect(project.overrideFields(forLabel: "Settings.storyboard/nX1-F1-Frd")?.fields == JSONObject([("numberOfLines", .number(2))]))
        #expect(project.overrideFields(forLabel: "Settings.storyboard/other") == nil)
        #expect(project.ignoreRule(label: "Bookmarks.storyboard/061-pX-T9z", locale: "de", category: .large)?.reason
            == "its text is set in code")
        #expect(project.ignoreRule(label: "Bookmarks.storyboard/other", locale: "de", category: .large) == nil)

        #expect(project.isExcluded(root + "/App/Base.lproj/Debug.storyboard"))
        #expect(project.isExcluded("AppTests/en.lproj/Localizable.strings"))
        #expect(!project.isExcluded(root + "/App/Base.lproj/Main.storyboard"))
    }

    @Test("An empty file, or one of comments only, sets nothing: the defaults")
    func defaults() throws {
        let directory = try TemporaryDirectory()
        for text in ["", "# nothing yet\n", "---\n"] {
            let project = try read(text, in: directory)
            #expect(project.sources.map(\.path) == [directory.root.path])
            #expect(project.sources.first?.line == nil)
            #expect(project.exclude.isEmpty)
            #expect(project.developmentLanguage == nil)
            #expect(project.locales == nil)
            #expect(project.devices.isEmpty)
            #expect(project.categories == [.large])
            #expect(project.pseudoLanguages.isEmpty)
            #expect(project.fonts == nil)
            #expect(project.fontSubstitutes == .none)
            #expect(project.defaultFamily == nil)
            #expect(project.tokens.isEmpty)
            #expect(project.labels.isEmpty && project.overrides.isEmpty && project.ignore.isEmpty)
            #expect(project.baseline == nil)
            #expect(project.catalog == directory.root.path + "/.labelcat/catalog.sqlite")
        }
        // A file named without a folder resolves against ".".
        let document = try YAMLDocument(parsing: "catalog: cache/c.sqlite\nbaseline: ../b.json\n", file: "labelcat.yml")
        let project = try ProjectConfiguration(document: document)
        #expect(project.folder == ".")
        #expect(project.catalog == "cache/c.sqlite")
        #expect(project.baseline == "../b.json")
        #expect(project.sources.map(\.path) == ["."])
    }

    @Test("Devices by name (case and spaces aside, older iPhones too) or Interface Builder id, each once")
    func devices() throws {
        let directory = try projectFolder()
        let project = try read("devices: [retina6_9, iphone  16, iPhone 8 Plus, iPhone 16]\n", in: directory)
        #expect(project.devices == [.iPhone16ProMax, .iPhone16, Device(named: "iPhone 8 Plus")!])
    }

    @Test("Paths resolve against the file's folder; globs keep the folder their search starts in")
    func paths() throws {
        let directory = try projectFolder()
        let root = directory.root.path
        let project = try read("""
            sources: [./App, "App/**/*.strings", App/../Shared/Localizable.xcstrings, \(root)/Design]
            fonts: "Fonts/*.ttf"
            catalog: /tmp/x/../labelcat.sqlite
            defaultFamily: [Inter, Fonts/Brand.ttf]
            fontSubstitutes:
              Avenir Next: Fonts/Brand.ttf
              Helvetica Neue: Liberation Sans
            """, in: directory)
        #expect(project.sources.map(\.path) == [root + "/App", root + "/App", root + "/Shared/Localizable.xcstrings", root + "/Design"])
        #expect(project.sources.map { $0.glob?.pattern } == [nil, "App/**/*.strings", nil, nil])
        #expect(project.fonts?.first?.glob?.matches("Fonts/Brand.ttf") == true)
        #expect(project.fonts?.first?.path == root + "/Fonts")
        #expect(project.catalog == "/tmp/labelcat.sqlite")
        #expect(project.defaultFamily == "Inter, \(root)/Fonts/Brand.ttf")
        #expect(project.fontSubstitutes.spelling == "Avenir Next=\(root)/Fonts/Brand.ttf, Helvetica Neue=Liberation Sans")
    }

    @Test("Token references are left to the catalog; literal values are checked as a label definition checks them")
    func labelFields() throws {
        let directory = try projectFolder()
        let project = try read("""
            labels:
              - keys: "Localizable:onboarding.*"
                frame: {x: 16, y: 8, width: (device - 48) / 2, height: 40}
                font: {family: "{font.family.brand}", size: "{font.size.body}", weight: semi-bold}
                textColor: "{color.text}"
                contentInsets: {top: 4, left: "{space.small}"}
                lineBreakMode: wordWrap
                arguments: [Anna, 3]
                adjustsFontSizeToFitWidth: true
                minimumScaleFactor: 0.5
            """, in: directory)
        let fields = try #require(project.labels.first?.fields)
        #expect(fields.frame == FrameFields(x: 16, y: 8, width: .quotient(.difference(.device, .number(48)), .number(2)), height: .points(40)))
        #expect(fields.fields["font"]?["family"] == .string("{font.family.brand}"))
        #expect(fields.fields["textColor"] == .string("{color.text}"))
        #expect(fields.fields["arguments"] == .array([.string("Anna"), .number(3)]))
        #expect(fields.fields["adjustsFontSizeToFitWidth"] == .bool(true))
        #expect(fields.fields.keys == ["font", "textColor", "contentInsets", "lineBreakMode", "arguments",
                                       "adjustsFontSizeToFitWidth", "minimumScaleFactor"])
        #expect(fields.json(deviceWidth: 402)["frame"]?["width"] == .number(177))
    }

    @Test("Aliases repeat a value; merge keys are refused with what to do instead")
    func aliases() throws {
        let directory = try projectFolder()
        let project = try read("""
            labels:
              - keys: "Localizable:a.*"
                frame: &cell {width: device - 32}
                font: &body {textStyle: body}
              - keys: "Localizable:b.*"
                frame: *cell
                font: *body
            """, in: directory)
        #expect(project.labels.count == 2)
        #expect(project.labels[0].fields.frame == project.labels[1].fields.frame)
        let error = readError("""
            labels:
              - keys: "Localizable:a.*"
                <<: {frame: {width: 100}}
            """, in: directory)
        #expect(error?.line == 3)
        #expect(error?.key == "labels.<<")
        #expect(error?.problem == .invalidValue("merge keys (<<) are not read: write the fields, or an alias (*name) for a whole value"))
    }

    @Test("Overrides merge in file order, field by field and frame member by member")
    func overrides() throws {
        let directory = try projectFolder()
        let project = try read("""
            overrides:
              Settings.storyboard/*: {numberOfLines: 0, frame: {width: 200}, textAlignment: center}
              Settings.storyboard/abc-12-xyz:
                numberOfLines: 2
                frame: {height: auto}
                key: "Localizable:settings.title"
            """, in: directory)
        let merged = try #require(project.overrideFields(forLabel: "Settings.storyboard/abc-12-xyz"))
        #expect(merged.fields == JSONObject([("numberOfLines", .number(2)), ("textAlignment", .string("center")),
                                             ("key", .string("Localizable:settings.title"))]))
        #expect(merged.frame == FrameFields(width: .number(200), height: .auto))
        #expect(merged.json(deviceWidth: 375)["frame"] == .object(JSONObject([("width", .number(200)), ("height", .null)])))
        #expect(merged.lines["numberOfLines"] == 4)
        let other = try #require(project.overrideFields(forLabel: "Settings.storyboard/other"))
        #expect(other.fields["numberOfLines"] == .number(0))
        #expect(project.overrides.map(\.mark.line) == [2, 3])
    }

    @Test("Ignore entries match a label glob, and a locale and category when given")
    func ignore() throws {
        let directory = try projectFolder()
        let project = try read("""
            ignore:
              - label: "Main.storyboard/*"
                locale: pt_BR
                category: AccessibilityExtraExtraExtraLarge
                reason: the Portuguese copy is being rewritten
              - label: Cell.xib/title
                locale: base
                reason: set in code
            """, in: directory)
        #expect(project.ignoreRule(label: "Main.storyboard/a", locale: "pt-BR", category: .accessibilityExtraExtraExtraLarge)?.mark.line == 2)
        #expect(project.ignoreRule(label: "Main.storyboard/a", locale: "pt-br", category: .large) == nil)
        #expect(project.ignoreRule(label: "Main.storyboard/a", locale: "de", category: .accessibilityExtraExtraExtraLarge) == nil)
        #expect(project.ignoreRule(label: "Cell.xib/title", locale: "", category: .large)?.reason == "set in code")
        #expect(project.ignoreRule(label: "Cell.xib/title", locale: "fr", category: .large) == nil)
    }

    @Test("A key two labels entries match is an error naming both lines")
    func keyMatchedTwice() throws {
        let directory = try projectFolder()
        let project = try read("""
            labels:
              - keys: "Localizable:settings.*"
                frame: {width: device}
              - keys: "Localizable:*.title"
                frame: {width: device - 32}
            """, in: directory)
        #expect(try project.labelRule(forKey: "Localizable:settings.sound")?.mark.line == 2)
        #expect(try project.labelRule(forKey: "Localizable:about.title")?.mark.line == 4)
        #expect(throws: ProjectError(file: project.file, mark: YAMLMark(line: 4, column: 5), key: "labels",
                                     problem: .keyMatchedTwice(key: "Localizable:settings.title", firstLine: 2, secondLine: 4))) {
            try project.labelRule(forKey: "Localizable:settings.title")
        }
        do {
            _ = try project.labelRule(forKey: "Localizable:settings.title")
        } catch {
            #expect(error.description == "\(project.file):4:5: labels: the key \"Localizable:settings.title\" matches the entries at lines 2 and 4; a key may match one entry only")
        }
    }

    /// Each bad file, the line and key its error names, and the message.
    @Test("Every bad key or value names the file, line and key", arguments: [
        ("sorces: [App/]", 1, "sorces", #"unknown key (did you mean "sources"?)"#),
        ("Sources: [App/]", 1, "Sources", #"unknown key (did you mean "sources"?)"#),
        ("sources: []", 1, "sources", "lists no source (leave the key out to read the project folder)"),
        ("sources: [App/, Missing/]", 1, "sources", #""<root>/Missing" does not exist"#),
        ("sources:\n  - App/\n  - \"Nowhere/**/*.strings\"", 3, "sources", #""<root>/Nowhere" does not exist"#),
        ("sources: [\"/abs/*.xib\"]", 1, "sources", #""/abs/*.xib": a glob is relative to the project folder; leave out the leading /"#),
        ("sources: {App: yes}", 1, "sources", "must be a string or a list of strings, found a mapping"),
        ("exclude: [\"a/x**/b\"]", 1, "exclude", #""a/x**/b": ** must be a whole path component (**/x, x/**)"#),
        ("exclude: [\"App/[ab\"]", 1, "exclude", #""App/[ab": a [ set is not closed with ]"#),
        ("exclude: [/Pods]", 1, "exclude", #""/Pods": an exclude glob is relative to the project folder; leave out the leading /"#),
        ("developmentLanguage: english!", 1, "developmentLanguage", #""english!" is not a language tag (en, de, pt-BR, zh-Hans)"#),
        ("developmentLanguage: base", 1, "developmentLanguage", #""base" is not a language tag (en, de, pt-BR, zh-Hans)"#),
        ("developmentLanguage:", 1, "developmentLanguage", "must be a string, found nothing (null) (in YAML a # after a space starts a comment: quote a value that starts with #)"),
        ("locales: [en, de_DE, x]", 1, "locales", #""x" is not a language tag (en, de, pt-BR, zh-Hans, or base for the base texts)"#),
        ("locales: []", 1, "locales", "lists no locale (leave the key out to check every locale)"),
        ("devices: [iPhone SE]", 1, "devices", #"unknown device "iPhone SE" (did you mean "iPhone SE (3rd generation)"?)"#),
        ("devices:\n  - iPhone 16\n  - iPhone 15", 3, "devices", #"unknown device "iPhone 15" (did you mean "iPhone 16"?)"#),
        ("devices: [Pixel 9]", 1, "devices", #"unknown device "Pixel 9" (expected one of iPhone SE (3rd generation), iPhone 16, iPhone 16 Plus, iPhone 16 Pro, iPhone 16 Pro Max, iPhone SE (1st generation), iPhone 8 Plus, iPhone 11 Pro, iPhone 11, iPhone 11 Pro Max, iPhone 13)"#),
        ("categories: [larg]", 1, "categories", #"unknown content size category "larg" (did you mean "large"?)"#),
        ("categories: []", 1, "categories", "lists no content size category (leave the key out for large)"),
        ("pseudoLanguages: [acented]", 1, "pseudoLanguages", #"unknown pseudolanguage "acented" (did you mean "accented"?)"#),
        ("fonts: [Missing.ttf]", 1, "fonts", #""<root>/Missing.ttf" does not exist"#),
        ("fontSubstitutes:\n  Avenir: Inter\n  avenir: Roboto", 3, "fontSubstitutes.avenir", #""avenir" is given two substitutes"#),
        ("fontSubstitutes:\n  A: B\n  B: C", 3, "fontSubstitutes.B", #""B", the substitute of "A", has a substitute of its own"#),
        ("fontSubstitutes: {\"A=B\": C}", 1, "fontSubstitutes.A=B", "a family name must not be empty, and holds no = and no comma"),
        ("fontSubstitutes: {A: Fonts/Missing.ttf}", 1, "fontSubstitutes.A", #""<root>/Fonts/Missing.ttf" does not exist"#),
        ("fontSubstitutes: [A]", 1, "fontSubstitutes", "must be a mapping, found a list"),
        ("defaultFamily: [Inter, \"A, B\"]", 1, "defaultFamily", #""A, B": a family name holds no comma and no U+0000"#),
        ("tokens: \"Design/*.json\"", 1, "tokens", #""Design/*.json": takes a path, not a glob"#),
        ("tokens: Design/colors.json", 1, "tokens", #""<root>/Design/colors.json" does not exist"#),
        ("labels: {keys: x}", 1, "labels", "must be a list, found a mapping"),
        ("labels:\n  - frame: {width: 100}", 2, "labels.keys", "is required"),
        ("labels:\n  - keys: \"Localizable:a\"", 2, "labels.frame", "is required"),
        ("labels:\n  - keys: \"Localizable:a\"\n    frame: {height: 20}", 3, "labels.frame.width", "is required"),
        ("labels:\n  - keys: settings.*\n    frame: {width: 100}", 2, "labels.keys", #""settings.*": must be TABLE:GLOB, a strings table and a glob of its keys (Localizable:settings.*)"#),
        ("labels:\n  - keys: \"Localizable:[a\"\n    frame: {width: 100}", 2, "labels.keys", #""Localizable:[a": a [ set is not closed with ]"#),
        ("labels:\n  - keys: \"L:a\"\n    frame: {width: device - 400}", 3, "labels.frame.width", "device - 400 is -25 on iPhone SE (3rd generation) (375 pt wide): a width must be from 0 to 1000000"),
        ("devices: [iPhone 16 Pro Max]\nlabels:\n  - keys: \"L:a\"\n    frame: {width: device / 0}", 4, "labels.frame.width", "device / 0 is inf on iPhone 16 Pro Max (440 pt wide): a width must be from 0 to 1000000"),
        ("labels:\n  - keys: \"L:a\"\n    frame: {width: device -}", 3, "labels.frame.width", #"cannot read "device -": expected a number, device or ( at the end at character 9 (expected a number or an expression of device, e.g. device - 32)"#),
        ("labels:\n  - keys: \"L:a\"\n    frame: {width: true}", 3, "labels.frame.width", "must be a number or an expression of device (device - 32), found a boolean"),
        ("labels:\n  - keys: \"L:a\"\n    frame: {width: -5}", 3, "labels.frame.width", "must be a number from 0 to 1000000, found -5"),
        ("labels:\n  - keys: \"L:a\"\n    frame: {width: 100, height: tall}", 3, "labels.frame.height", "must be a number or auto, found a string"),
        ("labels:\n  - keys: \"L:a\"\n    frame: {width: 100, depth: 3}", 3, "labels.frame.depth", "unknown key"),
        ("labels:\n  - keys: \"L:a\"\n    frame: {width: 100}\n    numberOfLines: -1", 4, "labels.numberOfLines", "must be an integer ≥ 0, got -1"),
        ("labels:\n  - keys: \"L:a\"\n    frame: {width: 100}\n    font:\n      textStyle: body\n      size: 0", 6, "labels.font.size", "must be 0.01–10000, got 0"),
        ("labels:\n  - keys: \"L:a\"\n    frame: {width: 100}\n    lineBreakMode: wrap", 4, "labels.lineBreakMode", #"unknown value "wrap" (expected one of wordWrap, charWrap, clip, truncateHead, truncateTail, truncateMiddle)"#),
        ("labels:\n  - keys: \"L:a\"\n    frame: {width: 100}\n    textColor: #FF0000", 4, "labels.textColor", "must be a value, found nothing (null) (in YAML a # after a space starts a comment: quote a value that starts with #)"),
        ("labels:\n  - keys: \"L:a\"\n    frame: {width: 100}\n    fnot: {size: 3}", 4, "labels.fnot", #"unknown key (did you mean "font"?)"#),
        ("labels:\n  - keys: \"L:a\"\n    frame: {width: 100}\n    text: Hello", 4, "labels.text", "a labels entry makes one label per key it matches, named after the key, with the key's texts: it takes no text"),
        ("labels:\n  - keys: \"L:a\"\n    key: \"L:b\"\n    frame: {width: 100}", 3, "labels.key", "a labels entry gives keys (TABLE:GLOB), not key"),
        ("labels:\n  - keys: \"L:a\"\n    frame: {width: 100}\n    lineHeight: .inf", 4, "labels.lineHeight", "must be a finite number, found .inf"),
        ("overrides: [a]", 1, "overrides", "must be a mapping, found a list"),
        ("overrides:\n  Main.storyboard/abc: {numberOfLine: 2}", 2, "overrides.Main.storyboard/abc.numberOfLine", #"unknown key (did you mean "numberOfLines"?)"#),
        ("overrides:\n  Main.storyboard/abc: {key: nocolon}", 2, "overrides.Main.storyboard/abc.key", #""nocolon" is not TABLE:KEY (a strings table, a colon, the key)"#),
        ("overrides:\n  Main.storyboard/abc: {}", 2, "overrides.Main.storyboard/abc", "sets no field"),
        ("overrides:\n  \" lead\": {numberOfLines: 1}", 2, "overrides. lead", LabelDefinition.nameRule),
        ("overrides:\n  Main.storyboard/abc: {text: Hi}", 2, "overrides.Main.storyboard/abc.text", "an override changes how a label is laid out; its name and texts come from the import"),
        ("overrides:\n  Main.storyboard/abc:\n    frame: {x: 1e9}", 3, "overrides.Main.storyboard/abc.frame.x", "must be a number from -1000000 to 1000000, found 1e9"),
        ("ignore:\n  - label: a", 2, "ignore.reason", "is required"),
        ("ignore:\n  - reason: why", 2, "ignore.label", "is required"),
        ("ignore:\n  - label: a\n    reason: \" \"", 3, "ignore.reason", "must say why"),
        ("ignore:\n  - label: a\n    reason: r\n    category: huge", 4, "ignore.category", #"unknown content size category "huge" (expected one of extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge, accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge)"#),
        ("ignore:\n  - label: a\n    reason: r\n    locale: \"?\"", 4, "ignore.locale", #""?" is not a language tag (en, pt-BR, or base for the base texts)"#),
        ("ignore:\n  - label: a\n    reason: r\n    kind: truncated", 4, "ignore.kind", "unknown key"),
        ("baseline: [a, b]", 1, "baseline", "must be a string, found a list"),
        ("catalog: \"\"", 1, "catalog", "must not be empty"),
    ] as [(String, Int, String, String)])
    func badValues(text: String, line: Int, key: String, message: String) throws {
        let directory = try projectFolder()
        let error = readError(text, in: directory)
        let root = directory.root.path
        #expect(error?.file == root + "/labelcat.yml")
        #expect(error?.line == line)
        #expect(error?.key == key)
        #expect(error?.problem.description == message.replacingOccurrences(of: "<root>", with: root))
        #expect(error?.description.hasPrefix("\(root)/labelcat.yml:\(line):") == true)
        #expect(error?.description.hasSuffix(": \(key): " + message.replacingOccurrences(of: "<root>", with: root)) == true)
    }

    @Test("YAML errors come through with their position; a project file must be a mapping")
    func yamlErrors() throws {
        let directory = try projectFolder()
        let root = directory.root.path
        let duplicate = readError("sources: [App/]\nlabels: []\nsources: [Shared/]\n", in: directory)
        #expect(duplicate == ProjectError(file: root + "/labelcat.yml", mark: YAMLMark(line: 3, column: 1),
                                          problem: .yaml(.duplicateKey("sources", firstLine: 1))))
        #expect(duplicate?.description == "\(root)/labelcat.yml:3:1: key \"sources\" given twice (first at line 1)")
        let syntax = readError("sources: [App/\n", in: directory)
        #expect(syntax?.line == 2)
        let list = readError("- sources\n", in: directory)
        #expect(list?.problem == .invalidValue("a project file is a mapping of keys (sources, labels, …), found a list"))
        #expect(list?.line == 1)
        let missing = root + "/nowhere/labelcat.yml"
        #expect(throws: ProjectError(file: missing, problem: .yaml(.unreadable("No such file or directory")))) {
            try ProjectConfiguration(contentsOf: missing)
        }
        // A key with a control character is printed escaped.
        let escaped = readError("\"so\\e[2Jurces\": [App/]\n", in: directory)
        #expect(escaped?.description == "\(root)/labelcat.yml:1:1: so\\u{1B}[2Jurces: unknown key")
    }

    @Test("Every key of the file format is described in docs/project-file.md")
    func documented() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/project-file.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for key in ProjectKey.allCases {
            #expect(text.contains("### `\(key.rawValue)`"), "docs/project-file.md has no section for \(key.rawValue)")
        }
    }
}
