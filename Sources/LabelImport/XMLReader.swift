import CLibXML2

/// A part of an XML element's content.
enum XMLNode: Equatable {
    case element(XMLElement)
    case text(String)
}

/// An XML element read whole, with the line its start tag is on.
struct XMLElement: Equatable {
    var name: String
    var attributes: [(name: String, value: String)]
    var content: [XMLNode]
    var line: Int

    static func == (lhs: XMLElement, rhs: XMLElement) -> Bool {
        lhs.name == rhs.name && lhs.line == rhs.line && lhs.content == rhs.content
            && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
            && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
    }

    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The child elements.
    var elements: [XMLElement] {
        content.compactMap { if case .element(let element) = $0 { return element } else { return nil } }
    }

    /// The first child element named `name`.
    func element(_ name: String) -> XMLElement? {
        for case .element(let element) in content where element.name == name { return element }
        return nil
    }

    /// The first child element named `name` whose `key` attribute is `key` (Interface Builder).
    func element(_ name: String, key: String) -> XMLElement? {
        for case .element(let element) in content where element.name == name && element.attribute("key") == key {
            return element
        }
        return nil
    }

    /// The text directly inside.
    var text: String {
        var text = ""
        for case .text(let part) in content { text += part }
        return text
    }

    /// All text inside, of child elements too, in document order.
    var textContent: String {
        var text = ""
        for node in content {
            switch node {
            case .text(let part): text += part
            case .element(let element): text += element.textContent
            }
        }
        return text
    }

    /// The start tag with one identifying attribute, for messages: `<trans-unit id="greeting">`.
    func tag(identifiedBy attribute: String? = nil) -> String {
        guard let attribute, let value = self.attribute(attribute) else { return "<\(name)>" }
        return "<\(name) \(attribute)=\"\(value)\">"
    }
}

/// A streaming XML reader over libxml2's `xmlTextReader`: start tags one after another, any of
/// them read whole on demand. Entities are not loaded from outside, nor is the network used;
/// the reader owns its libxml2 state and frees it when it goes away.
final class XMLReader {
    private let reader: xmlTextReaderPtr
    private let input: MappedFile
    private var failure: (line: Int, message: String)?
    private var skipsSubtree = false

    /// libxml2 is initialized once per process, before any thread uses it.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    init(file: MappedFile) throws(ImportError) {
        _ = Self.initialized
        input = file
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOCDATA.rawValue)
        let bytes = file.bytes
        guard bytes.count > 0 else {
            throw .malformed(FileLocation(file: file.path), key: nil, problem: .xml("the file is empty"))
        }
        let created: xmlTextReaderPtr? = bytes.withMemoryRebound(to: CChar.self) { chars in
            xmlReaderForMemory(chars.baseAddress, Int32(clamping: chars.count), file.path, nil, options)
        }
        guard let created else { throw .unreadable(path: file.path, reason: "libxml2 could not start reading") }
        reader = created
        xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
            guard let context, let error else { return }
            let reader = Unmanaged<XMLReader>.fromOpaque(context).takeUnretainedValue()
            reader.record(error.pointee)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        xmlFreeTextReader(reader)
    }

    var path: String { input.path }

    private func record(_ error: xmlError) {
        guard failure == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = error.message.map { String(cString: $0) } ?? "unknown error"
        while message.last?.isWhitespace == true { message.removeLast() }
        failure = (Int(error.line), message)
    }

    private func readFailed() -> ImportError {
        let line = failure?.line ?? Int(xmlTextReaderGetParserLineNumber(reader))
        return .malformed(FileLocation(file: input.path, line: line > 0 ? line : nil), key: nil,
                          problem: .xml(failure?.message ?? "the document ends too early"))
    }

    /// Moves to the next start tag (past the subtree of an element read whole) and returns its
    /// name and depth (0 for the root); nil at the end of the document.
    func nextElement() throws(ImportError) -> (name: String, depth: Int)? {
        while true {
            let status = skipsSubtree ? xmlTextReaderNext(reader) : xmlTextReaderRead(reader)
            skipsSubtree = false
            if status < 0 || failure != nil { throw readFailed() }
            if status == 0 { return nil }
            input.release(before: Int(xmlTextReaderByteConsumed(reader)))
            if xmlTextReaderNodeType(reader) == Int32(XML_READER_TYPE_ELEMENT.rawValue) {
                let name = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
                return (name, Int(xmlTextReaderDepth(reader)))
            }
        }
    }

    /// The attributes of the element the reader is at, without reading its content.
    func attributes() -> [(name: String, value: String)] {
        guard let node = xmlTextReaderCurrentNode(reader) else { return [] }
        return Self.attributes(of: node)
    }

    /// The line of the element the reader is at.
    func line() -> Int {
        guard let node = xmlTextReaderCurrentNode(reader) else { return Int(xmlTextReaderGetParserLineNumber(reader)) }
        return Self.line(of: node)
    }

    /// The line of an element's start tag. libxml2 keeps lines past 65,535 only on text nodes,
    /// as the line where the text ends (`xmlGetLineNo` gives an element that line of its first
    /// child: one too many after a line break); the text right after the start tag, less its
    /// line breaks, gives the exact line.
    private static func line(of node: xmlNodePtr) -> Int {
        let recorded = Int(node.pointee.line)
        guard recorded == 65535 else { return recorded }
        if let text = node.pointee.children, text.pointee.type == XML_TEXT_NODE,
           let end = text.pointee.psvi, let content = text.pointee.content {
            var breaks = 0
            var cursor = content
            while cursor.pointee != 0 {
                if cursor.pointee == 0x0A { breaks += 1 }
                cursor += 1
            }
            return Int(bitPattern: end) - breaks
        }
        return Int(xmlGetLineNo(node))
    }

    /// The element the reader is at, read whole; the next `nextElement` continues after it.
    func readElement() throws(ImportError) -> XMLElement {
        guard let node = xmlTextReaderExpand(reader), failure == nil else { throw readFailed() }
        skipsSubtree = true
        return Self.element(node)
    }

    private static func element(_ node: xmlNodePtr) -> XMLElement {
        var content: [XMLNode] = []
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                content.append(.element(element(current)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let text = current.pointee.content { content.append(.text(String(cString: text))) }
            default:
                break
            }
            child = current.pointee.next
        }
        let name = node.pointee.name.map { String(cString: $0) } ?? ""
        return XMLElement(name: name, attributes: attributes(of: node), content: content, line: line(of: node))
    }

    private static func attributes(of node: xmlNodePtr) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = current.pointee.name.map { String(cString: $0) } ?? ""
            var value = ""
            var child = current.pointee.children
            while let text = child {
                if let content = text.pointee.content { value += String(cString: content) }
                child = text.pointee.next
            }
            result.append((name, value))
            attribute = current.pointee.next
        }
        return result
    }
}
