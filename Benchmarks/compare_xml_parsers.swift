// Compares the two XML parsers available on Linux on the same work: every element's name and
// attributes and every text node, as Swift strings. Built outside the package (Foundation is
// not a dependency of labelcat):
//
//   swiftc -O -I Sources/CLibXML2 -Xcc -I/usr/include/libxml2 Benchmarks/compare_xml_parsers.swift \
//       -o .build/bench/compare-xml-parsers
//   /usr/bin/time -f "%e s %M KB" .build/bench/compare-xml-parsers libxml2 FILE
//   /usr/bin/time -f "%e s %M KB" .build/bench/compare-xml-parsers foundation FILE
//
// Prints: parser elements=N attribute_bytes=A text_bytes=T seconds=S
import CLibXML2
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

struct Totals {
    var elements = 0
    var attributeBytes = 0
    var textBytes = 0
}

final class FoundationCounter: NSObject, XMLParserDelegate {
    var totals = Totals()

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        totals.elements += 1
        for (_, value) in attributes { totals.attributeBytes += value.utf8.count }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        totals.textBytes += string.utf8.count
    }
}

func foundation(_ path: String) -> Totals {
    let parser = XMLParser(contentsOf: URL(fileURLWithPath: path))!
    let counter = FoundationCounter()
    parser.delegate = counter
    guard parser.parse() else { fatalError("XMLParser: \(String(describing: parser.parserError))") }
    return counter.totals
}

func libxml2(_ path: String) -> Totals {
    var totals = Totals()
    let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOCDATA.rawValue)
    guard let reader = xmlReaderForFile(path, nil, options) else { fatalError("xmlReaderForFile failed") }
    defer { xmlFreeTextReader(reader) }
    while true {
        let status = xmlTextReaderRead(reader)
        guard status == 1 else {
            if status < 0 { fatalError("libxml2 failed") }
            break
        }
        switch xmlTextReaderNodeType(reader) {
        case Int32(XML_READER_TYPE_ELEMENT.rawValue):
            totals.elements += 1
            _ = String(cString: xmlTextReaderConstLocalName(reader))
            while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                _ = String(cString: xmlTextReaderConstLocalName(reader))
                totals.attributeBytes += String(cString: xmlTextReaderConstValue(reader)).utf8.count
            }
        case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue),
             Int32(XML_READER_TYPE_WHITESPACE.rawValue):
            totals.textBytes += String(cString: xmlTextReaderConstValue(reader)).utf8.count
        default:
            break
        }
    }
    return totals
}

let arguments = CommandLine.arguments
guard arguments.count == 3, ["libxml2", "foundation"].contains(arguments[1]) else {
    print("usage: compare-xml-parsers libxml2|foundation FILE")
    exit(64)
}
let start = Date()
let totals = arguments[1] == "libxml2" ? libxml2(arguments[2]) : foundation(arguments[2])
let seconds = Date().timeIntervalSince(start)
print("\(arguments[1]) elements=\(totals.elements) attribute_bytes=\(totals.attributeBytes) text_bytes=\(totals.textBytes)",
      "seconds=\((seconds * 1000).rounded() / 1000)")
