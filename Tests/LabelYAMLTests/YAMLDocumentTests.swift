import Foundation
@testable import LabelYAML
import Testing
import TestSupport

/// Parses `text`; the error it fails with, or an issue when it does not fail.
private func yamlError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> YAMLError? {
    do {
        let document = try YAMLDocument(parsing: text, file: "t.yml")
        Issue.record("expected an error, read \(String(describing: document.root))", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

private func root(_ text: String) throws -> YAMLNode {
    let document = try YAMLDocument(parsing: text, file: "t.yml")
    return try #require(document.root)
}

@Suite struct YAMLScalarTests {
    @Test("Plain scalars by the core schema; quoted and block scalars are strings")
    func coreSchema() throws {
        let node = try root("""
            a: 01
            b: "01"
            c: yes
            d: true
            e: ~
            f:
            g: 0x1F
            h: 0o17
            i: -.inf
            j: 1e3
            k: .5
            l: 5.
            m: +5
            n: 'it''s'
            o: |
              two
              lines
            p: >
              folded
              text
            q: device - 32
            r: .NaN
            s: 1_000
            t: False
            """)
        func value(_ key: String) -> YAMLScalarValue? { node[key]?.scalar?.value }
        #expect(value("a") == .number(1))
        #expect(value("b") == .string("01"))
        #expect(value("c") == .string("yes"))
        #expect(value("d") == .bool(true))
        #expect(value("e") == .null)
        #expect(value("f") == .null)
        #expect(value("g") == .number(31))
        #expect(value("h") == .number(15))
        #expect(value("i") == .number(-.infinity))
        #expect(value("j") == .number(1000))
        #expect(value("k") == .number(0.5))
        #expect(value("l") == .number(5))
        #expect(value("m") == .number(5))
        #expect(value("n") == .string("it's"))
        #expect(value("o") == .string("two\nlines\n"))
        #expect(value("p") == .string("folded text\n"))
        #expect(value("q") == .string("device - 32"))
        if case .number(let number) = value("r") { #expect(number.isNaN) } else { Issue.record("r is not a number") }
        #expect(value("s") == .string("1_000"))
        #expect(value("t") == .bool(false))
        #expect(node["a"]?.scalar?.style == .plain)
        #expect(node["b"]?.scalar?.style == .doubleQuoted)
        #expect(node["n"]?.scalar?.style == .singleQuoted)
        #expect(node["o"]?.scalar?.style == .literal)
        #expect(node["p"]?.scalar?.style == .folded)
        // The text as written stays available: `01` is 1, written "01".
        #expect(node["a"]?.scalar?.text == "01")
        #expect(node["a"]?.scalar?.string == "01")
        #expect(node["e"]?.scalar?.string == nil)
    }

    @Test("Tags: the core schema's decide the value; others are refused")
    func tags() throws {
        let node = try root("""
            a: !!str 12
            b: !!int "12"
            c: !!float 2
            d: ! 12
            e: !!bool true
            f: !!null ~
            g: !!seq [1]
            h: !!map {x: 1}
            """)
        #expect(node["a"]?.scalar == YAMLScalar(text: "12", style: .plain, tag: "tag:yaml.org,2002:str", value: .string("12")))
        #expect(node["b"]?.scalar?.value == .number(12))
        #expect(node["c"]?.scalar?.value == .number(2))
        #expect(node["d"]?.scalar?.value == .string("12"))
        #expect(node["e"]?.scalar?.value == .bool(true))
        #expect(node["f"]?.scalar?.value == .null)
        #expect(node["g"]?.sequence?.count == 1)
        #expect(node["h"]?.mapping?.count == 1)

        let mismatch = yamlError("a: !!int abc\n")
        #expect(mismatch?.mark == YAMLMark(line: 1, column: 4))
        #expect(mismatch?.problem == .tagMismatch(tag: "tag:yaml.org,2002:int", text: "abc"))
        #expect(mismatch?.description == "t.yml:1:4: \"abc\" is not a valid !!int")
        #expect(yamlError("a: !!bool yes\n")?.problem == .tagMismatch(tag: "tag:yaml.org,2002:bool", text: "yes"))
        #expect(yamlError("a: !!int 1.5\n")?.problem == .tagMismatch(tag: "tag:yaml.org,2002:int", text: "1.5"))
        let custom = yamlError("x:\n  a: !color red\n")
        #expect(custom?.mark == YAMLMark(line: 2, column: 6))
        #expect(custom?.problem == .unsupportedTag("!color"))
        #expect(yamlError("a: !!set {x}\n")?.problem == .unsupportedTag("tag:yaml.org,2002:set"))
        #expect(yamlError("a: !!map [1]\n")?.problem == .unsupportedTag("tag:yaml.org,2002:map"))
    }
}

@Suite struct YAMLStructureTests {
    @Test("Mappings keep their order; every node and key has its line and column")
    func positions() throws {
        let node = try root("""
            # a comment
            sources: [App/, "Shared/Localizable.xcstrings"]
            labels:
              - keys: "Localizable:settings.*.title"
                frame: {width: device - 32, height: auto}
            zeta: 1
            alpha: 2
            """)
        let entries = try #require(node.mapping)
        #expect(entries.map(\.key.text) == ["sources", "labels", "zeta", "alpha"])
        #expect(entries.map(\.keyMark) == [YAMLMark(line: 2, column: 1), YAMLMark(line: 3, column: 1),
                                           YAMLMark(line: 6, column: 1), YAMLMark(line: 7, column: 1)])
        #expect(node.mark == YAMLMark(line: 2, column: 1))
        let sources = try #require(node["sources"]?.sequence)
        #expect(sources.map(\.mark) == [YAMLMark(line: 2, column: 11), YAMLMark(line: 2, column: 17)])
        let label = try #require(node["labels"]?.sequence?.first)
        #expect(label.mark == YAMLMark(line: 4, column: 5))
        let frame = try #require(label["frame"])
        #expect(frame.mark == YAMLMark(line: 5, column: 12))
        let width = try #require(frame.mapping?.first)
        #expect(width.keyMark == YAMLMark(line: 5, column: 13))
        #expect(width.value.mark == YAMLMark(line: 5, column: 20))
        #expect(width.value.scalar?.text == "device - 32")
        #expect(node.kindDescription == "a mapping")
        #expect(node["labels"]?.kindDescription == "a list")
    }

    @Test("Columns count characters, not bytes")
    func columnsInCharacters() throws {
        let node = try root("größe: [ä, b]\n")
        #expect(node["größe"]?.sequence?.map(\.mark.column) == [9, 12])
    }

    @Test("An empty file, or one of comments only, holds no document; `---` alone holds null")
    func emptyDocuments() throws {
        #expect(try YAMLDocument(parsing: "", file: "t.yml").root == nil)
        #expect(try YAMLDocument(parsing: "# nothing here\n\n", file: "t.yml").root == nil)
        #expect(try YAMLDocument(parsing: "---\n", file: "t.yml").root?.scalar?.value == .null)
        #expect(try YAMLDocument(parsing: "---\na: 1\n...\n", file: "t.yml").root?["a"]?.scalar?.value == .number(1))
    }

    @Test("A second document is refused at its ---")
    func multipleDocuments() {
        let error = yamlError("a: 1\n---\nb: 2\n")
        #expect(error?.mark == YAMLMark(line: 2, column: 1))
        #expect(error?.problem == .multipleDocuments)
        #expect(error?.description == "t.yml:2:1: a second document (---): the file must hold one")
    }

    @Test("A key given twice names both lines")
    func duplicateKeys() {
        let error = yamlError("""
            sources: [A]
            labels: []
            sources: [B]
            """)
        #expect(error?.mark == YAMLMark(line: 3, column: 1))
        #expect(error?.problem == .duplicateKey("sources", firstLine: 1))
        #expect(error?.description == "t.yml:3:1: key \"sources\" given twice (first at line 1)")
        // Nested, in flow style, and compared by text whatever the quoting.
        #expect(yamlError("a:\n  b: 1\n  'b': 2\n")?.problem == .duplicateKey("b", firstLine: 2))
        #expect(yamlError("{x: 1, \"x\": 2}")?.problem == .duplicateKey("x", firstLine: 1))
        // The same key in two mappings is fine.
        #expect(throws: Never.self) { try YAMLDocument(parsing: "- a: 1\n- a: 2\n", file: "t.yml") }
    }

    @Test("A key that is a list or a mapping is refused")
    func complexKeys() {
        let error = yamlError("? [a, b]\n: c\n")
        #expect(error?.problem == .complexKey)
        #expect(error?.mark == YAMLMark(line: 1, column: 3))
    }

    @Test("Nesting up to 64 levels is read; deeper is refused")
    func depth() throws {
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try YAMLDocument(parsing: deepest, file: "t.yml") }
        let tooDeep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        let error = yamlError(tooDeep)
        #expect(error?.problem == .tooDeep(limit: 64))
        #expect(error?.mark == YAMLMark(line: 1, column: 65))
        // A million opening brackets stop at the limit, not at the end of the text.
        let huge = yamlError(String(repeating: "[", count: 1_000_000))
        #expect(huge?.problem == .tooDeep(limit: 64))
    }

    @Test("Nodes past the limit are refused: collections, scalars and keys all count")
    func nodeCount() throws {
        // [a, b, {k: v}] is 6 nodes: the list, a, b, the mapping, k, v.
        let text = Array("[a, b, {k: v}]".utf8)
        #expect(try YAMLDocument(parsing: text, file: "t.yml", maximumNodes: 6).root?.sequence?.count == 3)
        #expect(throws: YAMLError(file: "t.yml", mark: YAMLMark(line: 1, column: 12), problem: .tooManyNodes(limit: 5))) {
            try YAMLDocument(parsing: text, file: "t.yml", maximumNodes: 5)
        }
        #expect(YAMLDocument.maximumNodes == 1_000_000)
    }
}

@Suite struct YAMLAliasTests {
    @Test("An alias is a copy of the anchored value, with the positions where it was written")
    func expanded() throws {
        let node = try root("""
            labels:
              - keys: "Localizable:a.*"
                font: &body {textStyle: body}
              - keys: "Localizable:b.*"
                font: *body
            """)
        let labels = try #require(node["labels"]?.sequence)
        #expect(labels[1]["font"] == labels[0]["font"])
        #expect(labels[1]["font"]?.mark == YAMLMark(line: 3, column: 11))
        #expect(labels[1]["font"]?["textStyle"]?.scalar?.text == "body")
    }

    @Test("Unknown and recursive aliases are refused")
    func refused() {
        let unknown = yamlError("a: *nowhere\n")
        #expect(unknown?.problem == .undefinedAlias("nowhere"))
        #expect(unknown?.mark == YAMLMark(line: 1, column: 4))
        #expect(unknown?.description == "t.yml:1:4: alias *nowhere refers to no anchor &nowhere before it")
        let recursive = yamlError("a: &loop [1, *loop]\n")
        #expect(recursive?.problem == .recursiveAlias("loop"))
        #expect(recursive?.mark == YAMLMark(line: 1, column: 14))
    }

    @Test("A billion laughs is refused once a million nodes are counted, at once and in little memory")
    func billionLaughs() {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        let clock = ContinuousClock()
        var error: YAMLError?
        let elapsed = clock.measure { error = yamlError(text) }
        #expect(error?.problem == .tooManyNodes(limit: 1_000_000))
        // a..f hold 672,610 nodes; the first *f on line 7 passes the million.
        #expect(error?.mark == YAMLMark(line: 7, column: 8))
        #expect(elapsed < .seconds(5))
    }
}

@Suite struct YAMLErrorTests {
    @Test("libyaml's problem, with its line and column and what it was reading")
    func syntaxErrors() {
        let unclosed = yamlError("sources: [App/, Shared/\nexclude: []\n")
        #expect(unclosed?.mark == YAMLMark(line: 2, column: 8))
        if case .syntax(let problem, let context, let contextMark) = unclosed?.problem {
            #expect(problem == "did not find expected ',' or ']'")
            #expect(context == "while parsing a flow sequence")
            #expect(contextMark == YAMLMark(line: 1, column: 10))
        } else {
            Issue.record("expected a syntax error, got \(String(describing: unclosed))")
        }
        #expect(unclosed?.description == "t.yml:2:8: did not find expected ',' or ']' (while parsing a flow sequence at line 1, column 10)")

        let nested = yamlError("a: b: c\n")
        #expect(nested?.description == "t.yml:1:5: mapping values are not allowed in this context")
        let tab = yamlError("a:\n\t- b\n")
        #expect(tab?.mark?.line == 2)
    }

    @Test("Bytes that are not text name their line and column")
    func readerErrors() {
        var bytes = Array("a: 1\nb: x".utf8)
        bytes.append(0xFF)
        bytes += Array("y\n".utf8)
        #expect(throws: YAMLError(file: "t.yml", mark: YAMLMark(line: 2, column: 5),
                                  problem: .syntax(problem: "invalid leading UTF-8 octet: byte 0xFF", context: nil, contextMark: nil))) {
            try YAMLDocument(parsing: bytes, file: "t.yml")
        }
        let control = yamlError("a: 1\nb: x\u{7}y\n")
        #expect(control?.mark == YAMLMark(line: 2, column: 5))
        #expect(control?.description == "t.yml:2:5: control characters are not allowed: U+7")
    }

    @Test("UTF-16 with a byte order mark is read")
    func utf16() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "größe: ä\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let document = try YAMLDocument(parsing: bytes, file: "t.yml")
        #expect(document.root?["größe"]?.scalar?.text == "ä")
    }

    @Test("Values from the file are printed escaped: control characters, bidi controls, long texts")
    func printable() {
        let error = yamlError("\"a\\e[31m\\u202Eb\": 1\n\"a\\e[31m\\u202Eb\": 2\n")
        #expect(error?.description == #"t.yml:2:1: key "a\u{1B}[31m\u{202E}b" given twice (first at line 1)"#)
        #expect(PrintableText.quoted("say \"hi\"\n::error::x") == #""say \"hi\"\n::error::x""#)
        let long = PrintableText.escaped(String(repeating: "x", count: 1000))
        #expect(long == String(repeating: "x", count: PrintableText.maximumCharacters) + "…")
        let file = YAMLError(file: "dir\n::error::/t.yml", mark: YAMLMark(line: 1, column: 1), problem: .complexKey)
        #expect(!file.description.contains("\n"))
    }
}

@Suite struct YAMLFileTests {
    @Test("Reads a file; refuses missing files, folders, FIFOs (without waiting) and files over 16 MiB before reading them")
    func files() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("labelcat.yml", "sources: [App/]\n")
        #expect(try YAMLDocument(contentsOf: path).root?["sources"]?.sequence?.first?.scalar?.text == "App/")
        #expect(try YAMLDocument(contentsOf: path).file == path)

        let missing = directory.path("missing.yml")
        #expect(throws: YAMLError(file: missing, problem: .unreadable("No such file or directory"))) {
            try YAMLDocument(contentsOf: missing)
        }
        #expect(throws: YAMLError(file: directory.root.path, problem: .unreadable("not a regular file"))) {
            try YAMLDocument(contentsOf: directory.root.path)
        }
        let fifo = directory.path("fifo.yml")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: YAMLError(file: fifo, problem: .unreadable("not a regular file"))) {
            try YAMLDocument(contentsOf: fifo)
        }
        // A sparse file of 1 GiB: refused from its size, nothing read.
        let large = try directory.write("large.yml", "a: 1\n")
        #expect(truncate(large, 1 << 30) == 0)
        #expect(throws: YAMLError(file: large, problem: .tooLarge(bytes: 1 << 30, limit: 16 << 20))) {
            try YAMLDocument(contentsOf: large)
        }
        #expect(throws: YAMLError(file: "big", problem: .tooLarge(bytes: (16 << 20) + 1, limit: 16 << 20))) {
            try YAMLDocument(parsing: [UInt8](repeating: 0x20, count: (16 << 20) + 1), file: "big")
        }
        #expect(YAMLError(file: large, problem: .tooLarge(bytes: 1 << 30, limit: 16 << 20)).description
            == "\(large): 1073741824 bytes, over the limit of 16 MiB for a YAML file")
    }
}
