import LabelJSON
import Testing

@Suite struct JSONPullParserTests {
    private func withParser<T>(_ text: String, _ body: (inout JSONPullParser) throws -> T) throws -> T {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONPullParser(bytes: buffer)
            return try body(&parser)
        }
    }

    @Test func membersOneByOneWithTheirLines() throws {
        let text = "{\n  \"a\": 1,\n  \"b\": {\"c\": [true, null], \"d\": \"x\"},\n  \"e\": {}\n}\n"
        let read = try withParser(text) { parser in
            var read: [String] = []
            try parser.beginObject()
            while let key = try parser.nextMember() {
                let line = parser.line(at: parser.offset)
                if key == "b" {
                    try parser.beginObject()
                    while let inner = try parser.nextMember() { read.append("b.\(inner)=\(try parser.value().jsonString())") }
                } else {
                    read.append("\(key)@\(line)=\(try parser.value().jsonString())")
                }
            }
            try parser.end()
            return read
        }
        #expect(read == ["a@2=1", "b.c=[true,null]", "b.d=\"x\"", "e@4={}"])
    }

    @Test func aCopyReadsAheadWithoutMovingTheOriginal() throws {
        let keys = try withParser("{\"big\": [1, 2, 3], \"late\": \"here\"}") { parser in
            try parser.beginObject()
            _ = try parser.nextMember()
            var lookahead = parser
            try lookahead.skipValue()
            let ahead = try lookahead.nextMember()
            let value = try parser.value()
            return [ahead ?? "-", value.jsonString(), try parser.nextMember() ?? "-"]
        }
        #expect(keys == ["late", "[1,2,3]", "late"])
    }

    @Test func skippingChecksWithoutBuilding() throws {
        let text = "{\"a\": [1, {\"b\": [[], {}]}, \"x\"], \"c\": 2}"
        let rest = try withParser(text) { parser in
            try parser.beginObject()
            _ = try parser.nextMember()
            try parser.skipValue()
            return [try parser.nextMember() ?? "-", try parser.value().jsonString()]
        }
        #expect(rest == ["c", "2"])
        for bad in ["{\"a\": [1 2]}", "{\"a\": [1,", "{\"a\": {\"b\" 1}}", "{\"a\": [" + String(repeating: "[", count: 600)] {
            #expect(throws: JSONParseError.self) {
                try withParser(bad) { parser in
                    try parser.beginObject()
                    _ = try parser.nextMember()
                    try parser.skipValue()
                }
            }
        }
    }

    @Test(arguments: [
        ("{\"a\": 1, \"a\": 2}", "duplicate key \"a\"", 9),
        ("{\"a\": 1 \"b\": 2}", "expected ',' or '}'", 8),
        ("{\"a\" 1}", "expected ':'", 5),
        ("{\"a\": 1", "unexpected end of input in an object", 7),
        ("[1]", "expected an object, found '['", 0),
        ("{} x", "unexpected text after the document", 3),
    ])
    func errorsAsTheDocumentParserReportsThem(text: String, message: String, offset: Int) {
        do {
            try withParser(text) { parser in
                try parser.beginObject()
                while try parser.nextMember() != nil { _ = try parser.value() }
                try parser.end()
            }
            Issue.record("no error for \(text)")
        } catch let error as JSONParseError {
            #expect(error.message == message)
            #expect(error.offset == offset)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
