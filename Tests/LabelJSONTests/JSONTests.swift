import LabelJSON
import Testing

@Suite("JSON parser and writer")
struct JSONTests {
    // MARK: Round trips

    @Test("Parse → write → parse gives the same value, members in document order")
    func roundTrip() throws {
        let text = #"{"b":1,"a":[true,false,null,"x",{"z":{},"y":[]}],"c":-2.5,"d":"\u00e9"}"#
        let value = try JSONValue.parse(text)
        #expect(value.object?.keys == ["b", "a", "c", "d"])
        let written = value.jsonString()
        #expect(written == #"{"b":1,"a":[true,false,null,"x",{"z":{},"y":[]}],"c":-2.5,"d":"é"}"#)
        #expect(try JSONValue.parse(written) == value)
    }

    @Test("White space is allowed between tokens", arguments: [" {\n\t\"a\" :\r [ 1 , 2 ] } \n", "\n\n 7 \n"])
    func whitespace(_ text: String) throws {
        _ = try JSONValue.parse(text)
    }

    @Test("Scalars at the top level")
    func scalars() throws {
        #expect(try JSONValue.parse("true") == .bool(true))
        #expect(try JSONValue.parse("null") == .null)
        #expect(try JSONValue.parse("\"s\"") == .string("s"))
        #expect(try JSONValue.parse("-0.25") == .number(-0.25))
    }

    @Test("Objects keep member order and compare in order")
    func objectOrder() throws {
        let ab = try JSONValue.parse(#"{"a":1,"b":2}"#)
        let ba = try JSONValue.parse(#"{"b":2,"a":1}"#)
        #expect(ab != ba)
        #expect(ab["a"] == .number(1))
        #expect(ab["missing"] == nil)
        var object = ab.object!
        object["c"] = .string("3")
        object["a"] = nil
        #expect(object.keys == ["b", "c"])
        #expect(JSONValue.object(object).jsonString() == #"{"b":2,"c":"3"}"#)
    }

    // MARK: Malformed documents

    @Test("Malformed documents are refused",
          arguments: ["", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "[1 2]", "tru", "nul", "01", "1.", ".5",
                      "1e", "-", "+1", "NaN", "Infinity", "\"abc", "'a'", "[1]x", "{} {}", "\"\\x\"", "\"\\u12\"",
                      "\"\\u12G4\""])
    func malformed(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
    }

    @Test("Control characters must be escaped inside strings")
    func controlCharacters() {
        #expect(throws: JSONParseError.self) { try JSONValue.parse("\"a\nb\"") }
        #expect(throws: JSONParseError.self) { try JSONValue.parse("\"a\u{1}b\"") }
        #expect(throws: JSONParseError.self) { try JSONValue.parse("\"\\n\u{9}\"") }
    }

    @Test("Errors give the byte offset")
    func errorOffset() {
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse("[1, 2, x]") }
        #expect(error?.offset == 7)
        #expect(error?.description.contains("byte 7") == true)
    }

    @Test("Duplicate keys are refused, naming the key")
    func duplicateKeys() {
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(#"{"a":1,"b":2,"a":3}"#) }
        #expect(error?.message.contains("duplicate") == true)
        #expect(error?.message.contains("\"a\"") == true)
        // Also in a nested object, and keys equal only after unescaping.
        #expect(throws: JSONParseError.self) { try JSONValue.parse(#"{"o":{"k":1,"k":1}}"#) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse(#"{"a":1,"\u0061":2}"#) }
        // The same key in sibling objects is fine.
        #expect(throws: Never.self) { try JSONValue.parse(#"[{"a":1},{"a":2}]"#) }
        // In an object of many members (found through a set of keys, not a search per key).
        let members = (0..<60_000).map { #""k\#($0)":\#($0)"# }
        let large = try? JSONValue.parse("{" + members.joined(separator: ",") + "}")
        #expect(large?.object?.count == 60_000)
        let repeated = #expect(throws: JSONParseError.self) { try JSONValue.parse("{" + members.joined(separator: ",") + #","k17":0}"#) }
        #expect(repeated?.message.contains(#""k17""#) == true)
    }

    // MARK: Escapes and Unicode

    @Test("Escapes are decoded")
    func escapes() throws {
        let value = try JSONValue.parse(#""\"\\\/\b\f\n\r\t\u0041\u00e9\u4e2d""#)
        #expect(value == .string("\"\\/\u{8}\u{C}\n\r\tAé中"))
    }

    @Test("The writer escapes what it must, and nothing else")
    func writerEscapes() throws {
        let value = JSONValue.string("q\"b\\s/n\nr\rt\t\u{8}\u{1F}é中😀")
        let written = value.jsonString()
        #expect(written == #""q\"b\\s/n\nr\rt\t\u0008\u001f"# + "é中😀\"")
        #expect(try JSONValue.parse(written) == value)
    }

    @Test("Every control character round-trips")
    func allControlCharacters() throws {
        let text = String(decoding: (0..<32).map { UInt8($0) }, as: UTF8.self)
        let written = JSONValue.string(text).jsonString()
        #expect(!written.utf8.contains { $0 < 0x20 })
        #expect(try JSONValue.parse(written) == .string(text))
    }

    @Test("Surrogate pairs")
    func surrogatePairs() throws {
        #expect(try JSONValue.parse(#""\uD83D\uDE00""#) == .string("😀"))
        #expect(try JSONValue.parse(#""\ud83d\ude00x""#) == .string("😀x"))
        #expect(try JSONValue.parse(#""\uDBFF\uDFFF""#) == .string("\u{10FFFF}"))
        // Raw UTF-8 for the same character is the same string.
        #expect(try JSONValue.parse("\"😀\"") == .string("😀"))
        // Unpaired or reversed surrogates are refused.
        for bad in [#""\uD83D""#, #""\uD83Dx""#, #""\uDE00""#, #""\uDE00\uD83D""#, #""\uD83D\u0041""#, #""\uD83D\uD83D""#] {
            let error = #expect(throws: JSONParseError.self, "\(bad)") { try JSONValue.parse(bad) }
            #expect(error?.message.contains("surrogate") == true, "\(bad)")
        }
    }

    @Test("Raw UTF-8 must be well-formed",
          arguments: [[0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
                      [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE4, 0xB8], [0xFF]] as [[UInt8]])
    func badUTF8(_ bytes: [UInt8]) {
        let document = [0x22] + bytes + [0x22]
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(document) }
        #expect(error?.message.contains("UTF-8") == true)
    }

    @Test("Well-formed UTF-8 of every length is accepted")
    func goodUTF8() throws {
        let text = "a é 中 😀 \u{10FFFF} \u{FFFD} \u{E000}"
        #expect(try JSONValue.parse("\"\(text)\"") == .string(text))
    }

    // MARK: Numbers

    @Test("Numbers parse exactly",
          arguments: [("0", 0.0), ("-0.5", -0.5), ("17", 17), ("24.616", 24.616), ("0.1", 0.1), ("1e3", 1000),
                      ("1E-7", 1e-7), ("2.5e+2", 250), ("-4.896", -4.896), ("123456789012345678901234567890", 1.2345678901234568e29),
                      ("0.30000000000000004", 0.30000000000000004), ("9007199254740993", 9007199254740992),
                      ("5e-324", Double.leastNonzeroMagnitude), ("1.7976931348623157e308", 1.7976931348623157e308)])
    func numbers(_ text: String, _ expected: Double) throws {
        #expect(try JSONValue.parse(text) == .number(expected))
    }

    @Test("Numbers out of Double's range are refused", arguments: ["1e999", "-1e400", "1e309"])
    func outOfRange(_ text: String) {
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
        #expect(error?.message.contains("out of range") == true)
    }

    /// The exact style writes the shortest text that reads back as the same Double.
    @Test("Exact number style round-trips",
          arguments: [0.0, 1, -1, 17, 24.616, 0.1, 0.30000000000000004, 1.0 / 3, 49.333333333333336, -4.896,
                      1e-7, Double.leastNonzeroMagnitude, 1.7976931348623157e308, 123456789.125, 1e15, 1e21, 2.5e-5, -123.456])
    func exactStyle(_ number: Double) throws {
        let written = JSONValue.number(number).jsonString(numberStyle: .exact)
        #expect(try JSONValue.parse(written) == .number(number), "\(written)")
    }

    @Test("Exact style writes integers without a fraction")
    func exactIntegers() {
        #expect(JSONValue.number(17).jsonString() == "17")
        #expect(JSONValue.number(-350).jsonString() == "-350")
        #expect(JSONValue.number(2.5).jsonString() == "2.5")
        var writer = JSONWriter(numberStyle: .exact)
        writer.number(42)
        #expect(writer.string == "42")
    }

    /// Layout geometry is written rounded to at most three decimals, trailing zeros dropped.
    @Test("Millis number style",
          arguments: [(49.333333333333336, "49.333"), (150.66666666666666, "150.667"), (24.616, "24.616"),
                      (19.72, "19.72"), (-4.896, "-4.896"), (340, "340"), (2.5, "2.5"), (0.0004, "0"),
                      (0.0006, "0.001"), (-0.0006, "-0.001"), (0.05, "0.05"), (99.9996, "100"), (0, "0"),
                      (-75.33333, "-75.333"), (1.1, "1.1"), (0.007, "0.007"), (-123456789012.3456, "-123456789012.346"),
                      (1e16, "1e+16")])
    func millisStyle(_ number: Double, _ expected: String) {
        #expect(JSONValue.number(number).jsonString(numberStyle: .millis) == expected)
    }

    @Test("Millis style: at most 3 decimals, within half a thousandth")
    func millisProperty() throws {
        var generator = SplitMix64(seed: 0x1abe1ca7)
        for _ in 0..<2000 {
            let number = Double.random(in: -100_000...100_000, using: &generator)
            let written = JSONValue.number(number).jsonString(numberStyle: .millis)
            let decimals = written.split(separator: ".").dropFirst().first?.count ?? 0
            #expect(decimals <= 3, "\(written)")
            let back = try #require(JSONValue.parse(written).number)
            #expect(abs(back - number) <= 0.0005 + 1e-9, "\(number) → \(written)")
        }
    }

    @Test("Non-finite numbers are never written as NaN or Infinity")
    func nonFinite() {
        for style in [JSONWriter.NumberStyle.exact, .millis] {
            for number in [Double.nan, .infinity, -.infinity] {
                let written = JSONValue.number(number).jsonString(numberStyle: style)
                #expect(written == "0")
            }
        }
    }

    // MARK: Nesting

    /// 512 levels parse; the 513th is refused with a message, not a stack overflow.
    @Test("Deep nesting limit")
    func nesting() throws {
        func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        #expect(throws: Never.self) { try JSONValue.parse(nested(512)) }
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(nested(513)) }
        #expect(error?.message.contains("nesting") == true)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(nested(1_000_000)) }
        // Objects count too.
        let objects = String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 600)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(objects) }
    }

    // MARK: Writer

    @Test("The writer separates members and elements")
    func writer() {
        var writer = JSONWriter(numberStyle: .millis)
        writer.beginObject()
        writer.key("a"); writer.number(1.23456)
        writer.key("b")
        writer.beginArray()
        writer.bool(true); writer.null(); writer.string("x"); writer.number(3)
        writer.beginObject(); writer.endObject()
        writer.endArray()
        let awkwardKey: String = "needs \"escape\""
        writer.key(awkwardKey); writer.string("")
        writer.endObject()
        #expect(writer.string == #"{"a":1.235,"b":[true,null,"x",3,{}],"needs \"escape\"":""}"#)
        writer.reset()
        writer.beginArray(); writer.endArray()
        #expect(writer.string == "[]")
        writer.reset()
        writer.beginArray(); writer.number(Int.min); writer.number(-7); writer.number(0.5); writer.endArray()
        #expect(writer.string == "[-9223372036854775808,-7,0.5]")
        writer.reset()
        writer.beginObject()
        writer.key("a key of more than sixty bytes, spaces and all, written as it is given"); writer.number(1)
        writer.key("b"); writer.number(2)
        writer.endObject()
        #expect(writer.string == #"{"a key of more than sixty bytes, spaces and all, written as it is given":1,"b":2}"#)
    }
}

/// A small deterministic generator, so the property test checks the same numbers every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
