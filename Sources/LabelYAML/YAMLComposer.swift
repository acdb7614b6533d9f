/// Builds the node tree of one document from libyaml's events, within the limits of
/// `YAMLDocument`: node count (aliases counted as the nodes they repeat), nesting depth, one
/// document, scalar keys given once, core-schema tags only.
struct YAMLComposer {
    /// A collection being read.
    private struct Frame {
        var isMapping: Bool
        /// A sequence's items so far.
        var items: [YAMLNode] = []
        /// A mapping's entries so far, the key waiting for its value, and the line of each key.
        var entries: [YAMLMappingEntry] = []
        var pendingKey: (YAMLScalar, YAMLMark)?
        var keyLines: [String: Int] = [:]
        var mark: YAMLMark
        var anchor: String?
        /// `nodeCount` before this collection was counted.
        var countBefore: Int
    }

    private let parser: YAMLParser
    private let file: String
    private let maximumNodes: Int
    private let maximumDepth: Int
    private var stack: [Frame] = []
    /// Anchored nodes by name, with how many nodes each holds.
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    private var nodeCount = 0
    private var root: YAMLNode?

    init(parser: YAMLParser, file: String, maximumNodes: Int, maximumDepth: Int) {
        self.parser = parser
        self.file = file
        self.maximumNodes = maximumNodes
        self.maximumDepth = maximumDepth
    }

    private func error(_ problem: YAMLProblem, at mark: YAMLMark?) -> YAMLError {
        YAMLError(file: file, mark: mark, problem: problem)
    }

    /// Reads the stream: nil when it holds no document.
    mutating func compose() throws(YAMLError) -> YAMLNode? {
        var documents = 0
        while true {
            switch try parser.next() {
            case .streamStart, .documentEnd:
                continue
            case .streamEnd:
                return root
            case .documentStart(let mark):
                documents += 1
                if documents > 1 { throw error(.multipleDocuments, at: mark) }
            case .alias(let anchor, let mark):
                guard let (node, size) = anchors[anchor] else {
                    let open = stack.contains { $0.anchor == anchor }
                    throw error(open ? .recursiveAlias(anchor) : .undefinedAlias(anchor), at: mark)
                }
                try count(size, at: mark)
                try add(node)
            case .scalar(let text, let style, let tag, let anchor, let mark):
                try count(1, at: mark)
                let scalar = YAMLScalar(text: text, style: style, tag: tag, value: try value(text, style: style, tag: tag, at: mark))
                let node = YAMLNode(.scalar(scalar), mark: mark)
                if let anchor { anchors[anchor] = (node, 1) }
                try add(node)
            case .sequenceStart(let tag, let anchor, let mark):
                try open(mapping: false, tag: tag, expected: YAMLTag.sequence, anchor: anchor, at: mark)
            case .mappingStart(let tag, let anchor, let mark):
                try open(mapping: true, tag: tag, expected: YAMLTag.mapping, anchor: anchor, at: mark)
            case .sequenceEnd, .mappingEnd:
                let frame = stack.removeLast()
                let node = YAMLNode(frame.isMapping ? .mapping(frame.entries) : .sequence(frame.items), mark: frame.mark)
                if let anchor = frame.anchor { anchors[anchor] = (node, nodeCount - frame.countBefore) }
                try add(node)
            }
        }
    }

    private mutating func count(_ nodes: Int, at mark: YAMLMark) throws(YAMLError) {
        nodeCount += nodes
        guard nodeCount <= maximumNodes else { throw error(.tooManyNodes(limit: maximumNodes), at: mark) }
    }

    private mutating func open(mapping: Bool, tag: String?, expected: String, anchor: String?, at mark: YAMLMark) throws(YAMLError) {
        if let tag, tag != expected, tag != YAMLTag.nonSpecific { throw error(.unsupportedTag(tag), at: mark) }
        guard stack.count < maximumDepth else { throw error(.tooDeep(limit: maximumDepth), at: mark) }
        let before = nodeCount
        try count(1, at: mark)
        stack.append(Frame(isMapping: mapping, mark: mark, anchor: anchor, countBefore: before))
    }

    /// Hands a finished node to the collection it is in (a mapping's key, or its value), or
    /// makes it the document's root.
    private mutating func add(_ node: YAMLNode) throws(YAMLError) {
        let top = stack.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return
        }
        if let (key, keyMark) = stack[top].pendingKey {
            stack[top].entries.append(YAMLMappingEntry(key: key, keyMark: keyMark, value: node))
            stack[top].pendingKey = nil
        } else {
            guard let key = node.scalar else { throw error(.complexKey, at: node.mark) }
            if let firstLine = stack[top].keyLines[key.text] { throw error(.duplicateKey(key.text, firstLine: firstLine), at: node.mark) }
            stack[top].keyLines[key.text] = node.mark.line
            stack[top].pendingKey = (key, node.mark)
        }
    }

    /// A scalar's value: by its tag when it has one, else by the core schema (plain) or a string.
    private func value(_ text: String, style: YAMLScalarStyle, tag: String?, at mark: YAMLMark) throws(YAMLError) -> YAMLScalarValue {
        guard let tag else { return style == .plain ? .resolving(plain: text) : .string(text) }
        let resolved = YAMLScalarValue.resolving(plain: text)
        switch tag {
        case YAMLTag.string, YAMLTag.nonSpecific:
            return .string(text)
        case YAMLTag.null:
            guard resolved == .null else { throw error(.tagMismatch(tag: tag, text: text), at: mark) }
            return .null
        case YAMLTag.bool:
            guard case .bool = resolved else { throw error(.tagMismatch(tag: tag, text: text), at: mark) }
            return resolved
        case YAMLTag.integer, YAMLTag.float:
            guard case .number(let number) = resolved,
                  tag == YAMLTag.float || (number.isFinite && number == number.rounded()) else {
                throw error(.tagMismatch(tag: tag, text: text), at: mark)
            }
            return resolved
        default:
            throw error(.unsupportedTag(tag), at: mark)
        }
    }
}
