#if canImport(Glibc)
import Glibc
#endif
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
/// them read whole on demand. The reader owns its libxml2 state and frees it when it goes away.
///
/// Entities follow one rule, in attributes and in text alike (docs/security.md): libxml2
/// expands the document's own (internal) entities, within its limits on how much text entities
/// may make (a document whose entities expand past them is refused with libxml2's message and
/// the line); a reference to an entity that is not declared is refused with its line, never
/// dropped; a document that declares an external entity (one naming another file or a URL) is
/// refused, and no file or network is ever read for one. Every attribute value and text, once
/// expanded, is at most `maximumValueBytes`; a longer one is refused with its line.
final class XMLReader {
    private let reader: xmlTextReaderPtr
    private let input: MappedFile
    private var failure: (line: Int, message: String)?
    private var skipsSubtree = false
    private var checkedDeclarations = false

    /// The longest attribute value or text (after its entities are expanded): the longest text
    /// a label may hold (`LabelDefinition.maximumTextBytes`, 1 MiB).
    static let maximumValueBytes = 1 << 20

    /// libxml2 is initialized once per process, before any thread uses it, with a loader of
    /// external entities and DTDs that loads nothing: labelcat reads no file but the one given.
    private static let initialized: Bool = {
        xmlInitParser()
        xmlSetExternalEntityLoader { _, _, _ in nil }
        return true
    }()

    init(file: MappedFile) throws(ImportError) {
        _ = Self.initialized
        input = file
        xmlResetLastError()
        // NOENT: entities are replaced by their text (libxml2's limits apply), not left as
        // references for each reader to join or drop.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOCDATA.rawValue
                            | XML_PARSE_NOENT.rawValue)
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

    /// Keeps the first error, and the warning of an undeclared entity (which libxml2 only warns
    /// of in a document with an external DTD, and would leave out of the text).
    private func record(_ error: xmlError) {
        guard failure == nil else { return }
        guard error.level.rawValue >= XML_ERR_ERROR.rawValue || error.code == Int32(XML_WAR_UNDECLARED_ENTITY.rawValue) else { return }
        failure = (Int(error.line), Self.message(of: error))
    }

    /// libxml2's message, trimmed; its words for entities that expand past its limits named.
    private static func message(of error: xmlError) -> String {
        var message = error.message.map { String(cString: $0) } ?? "unknown error"
        while message.last?.isWhitespace == true { message.removeLast() }
        if error.code == Int32(XML_ERR_ENTITY_LOOP.rawValue) {
            message = "its entities expand to more text than libxml2 allows (\(message))"
        }
        return message
    }

    private func readFailed() -> ImportError {
        // An error libxml2 raised past the reader's handler (it does so for some entity
        // errors) is its last error.
        if failure == nil, let last = xmlGetLastError(), last.pointee.level.rawValue >= XML_ERR_ERROR.rawValue {
            failure = (Int(last.pointee.line), Self.message(of: last.pointee))
        }
        let line = failure?.line ?? Int(xmlTextReaderGetParserLineNumber(reader))
        return .malformed(FileLocation(file: input.path, line: line > 0 ? line : nil), key: nil,
                          problem: .xml(failure?.message ?? "the document ends too early"))
    }

    private func failed(_ line: Int, _ message: String) -> ImportError {
        .malformed(FileLocation(file: input.path, line: line > 0 ? line : nil), key: nil, problem: .xml(message))
    }

    /// Refuses a document that declares an external entity (general or parameter): its text
    /// would be another file's, which labelcat does not read. Its line is the declaration's.
    private func checkDeclarations() throws(ImportError) {
        checkedDeclarations = true
        // Through the current node: xmlTextReaderCurrentDoc would make the reader keep (and
        // leave to its caller to free) every node it reads.
        guard let subset = xmlTextReaderCurrentNode(reader)?.pointee.doc?.pointee.intSubset else { return }
        var declaration = subset.pointee.children
        while let node = declaration {
            declaration = node.pointee.next
            guard node.pointee.type == XML_ENTITY_DECL else { continue }
            let entity = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlEntity.self)
            switch entity.pointee.etype {
            case XML_EXTERNAL_GENERAL_PARSED_ENTITY, XML_EXTERNAL_GENERAL_UNPARSED_ENTITY, XML_EXTERNAL_PARAMETER_ENTITY:
                let name = entity.pointee.name.map { String(cString: $0) } ?? ""
                throw failed(declarationLine(of: name), "the document declares the external entity '\(name)'; labelcat reads no file but the one it is given")
            default:
                continue
            }
        }
    }

    /// The line of `<!ENTITY NAME` (or `<!ENTITY % NAME`) in the file (1 when not found).
    private func declarationLine(of name: String) -> Int {
        let bytes = input.bytes
        let keyword = Array("<!ENTITY".utf8)
        let wanted = Array(name.utf8)
        var line = 1
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A { line += 1 }
            if bytes[index] == keyword[0], bytes.count - index > keyword.count,
               bytes[index..<index + keyword.count].elementsEqual(keyword) {
                var cursor = index + keyword.count
                while cursor < bytes.count, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "%")].contains(bytes[cursor]) { cursor += 1 }
                if bytes.count - cursor >= wanted.count, bytes[cursor..<cursor + wanted.count].elementsEqual(wanted) { return line }
            }
            index += 1
        }
        return 1
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
                if !checkedDeclarations { try checkDeclarations() }
                let name = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
                return (name, Int(xmlTextReaderDepth(reader)))
            }
        }
    }

    /// The attributes of the element the reader is at, without reading its content.
    func attributes() throws(ImportError) -> [(name: String, value: String)] {
        guard let node = xmlTextReaderCurrentNode(reader) else { return [] }
        return try attributes(of: node)
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
        return try element(node)
    }

    private func element(_ node: xmlNodePtr) throws(ImportError) -> XMLElement {
        var content: [XMLNode] = []
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                content.append(.element(try element(current)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let text = current.pointee.content { content.append(.text(try value(text, in: node, what: "a text"))) }
            case XML_ENTITY_REF_NODE:
                throw unexpandedEntity(current, in: node)
            default:
                break
            }
            child = current.pointee.next
        }
        let name = node.pointee.name.map { String(cString: $0) } ?? ""
        return XMLElement(name: name, attributes: try attributes(of: node), content: content, line: Self.line(of: node))
    }

    private func attributes(of node: xmlNodePtr) throws(ImportError) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = current.pointee.name.map { String(cString: $0) } ?? ""
            var value = ""
            var child = current.pointee.children
            while let text = child {
                // Entities are expanded (NOENT): an attribute holds text alone.
                guard text.pointee.type == XML_TEXT_NODE else { throw unexpandedEntity(text, in: node) }
                if let content = text.pointee.content { value += try self.value(content, in: node, what: "the attribute \(name)") }
                child = text.pointee.next
            }
            guard value.utf8.count <= Self.maximumValueBytes else { throw tooLong("the attribute \(name)", of: node) }
            result.append((name, value))
            attribute = current.pointee.next
        }
        return result
    }

    /// A text's content as a string, refused when longer than `maximumValueBytes` (its length
    /// is measured before a string is made of it).
    private func value(_ text: UnsafeMutablePointer<xmlChar>, in node: xmlNodePtr, what: @autoclosure () -> String) throws(ImportError) -> String {
        guard strnlen(UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self), Self.maximumValueBytes + 1) <= Self.maximumValueBytes else {
            throw tooLong(what(), of: node)
        }
        return String(cString: text)
    }

    private func tooLong(_ what: String, of node: xmlNodePtr) -> ImportError {
        let name = node.pointee.name.map { String(cString: $0) } ?? ""
        return failed(Self.line(of: node), "\(what) of <\(name)> is longer than \(Self.maximumValueBytes) bytes (1 MiB) once its entities are expanded")
    }

    /// An entity left as a reference (one libxml2 could not expand): refused, never dropped.
    private func unexpandedEntity(_ reference: xmlNodePtr, in node: xmlNodePtr) -> ImportError {
        let name = reference.pointee.name.map { String(cString: $0) } ?? ""
        return failed(Self.line(of: node), "the entity '&\(name);' is not declared in the document")
    }
}
