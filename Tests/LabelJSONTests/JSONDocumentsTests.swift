import LabelJSON
import Testing

@Suite("Multi-document inputs: an array, one document, or NDJSON")
struct JSONDocumentsTests {
    @Test("An array gives its elements, wherever its lines break")
    func array() throws {
        #expect(try JSONValue.documents(Array(" \n[{\"a\": 1},\n 2]\n".utf8)) == [.object(JSONObject([("a", .number(1))])), .number(2)])
        #expect(try JSONValue.documents(Array("[]".utf8)) == [])
    }

    @Test("One document over several lines is one document")
    func oneDocument() throws {
        #expect(try JSONValue.documents(Array("{\n  \"a\": [1,\n 2]\n}\n".utf8)) == [try JSONValue.parse(#"{"a": [1, 2]}"#)])
    }

    @Test("NDJSON: a document per line; blank lines and CRLF endings are fine")
    func ndjson() throws {
        let documents = try JSONValue.documents(Array("{\"a\": 1}\r\n\n  \t\n{\"b\": 2}\n".utf8))
        #expect(documents == [try JSONValue.parse(#"{"a": 1}"#), try JSONValue.parse(#"{"b": 2}"#)])
        #expect(try JSONValue.documents(Array(" \n\n".utf8)) == [])
    }

    @Test("A bad NDJSON line is named by its number (blank lines counted)")
    func badLine() {
        #expect {
            try JSONValue.documents(Array("{\"a\": 1}\n\n{\"b\": }\n".utf8))
        } throws: { error in
            let error = error as? JSONDocumentsError
            return error?.line == 3 && error?.description.hasPrefix("line 3: malformed JSON at byte") == true
        }
    }

    @Test("A bad array is one error, with no line")
    func badArray() {
        #expect {
            try JSONValue.documents(Array("[{\"a\": 1},\n{\"b\": ]".utf8))
        } throws: { error in
            (error as? JSONDocumentsError)?.line == nil
        }
    }
}
