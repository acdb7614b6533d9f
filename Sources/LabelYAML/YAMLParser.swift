import CYAML

/// One event of libyaml's event parser, copied out of libyaml's memory.
enum YAMLEvent {
    case streamStart
    case streamEnd
    case documentStart(YAMLMark)
    case documentEnd
    case alias(anchor: String, mark: YAMLMark)
    /// `tag` is nil when none was written.
    case scalar(text: String, style: YAMLScalarStyle, tag: String?, anchor: String?, mark: YAMLMark)
    case sequenceStart(tag: String?, anchor: String?, mark: YAMLMark)
    case sequenceEnd
    case mappingStart(tag: String?, anchor: String?, mark: YAMLMark)
    case mappingEnd
}

/// libyaml's event parser over bytes in memory. It owns the `yaml_parser_t` and a copy of the
/// input (libyaml reads it in place), and frees both when it goes away.
final class YAMLParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: UnsafeMutableBufferPointer<UInt8>
    /// The input's length (`input` has room for one byte at least).
    private let length: Int
    private let file: String

    init(bytes: [UInt8], file: String) throws(YAMLError) {
        self.file = file
        length = bytes.count
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        input = .allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        // On failure libyaml frees what it allocated and leaves the parser zeroed, so `deinit`
        // (which runs, the object being whole) may delete it.
        guard yaml_parser_initialize(parser) != 0 else {
            throw YAMLError(file: file, problem: .syntax(problem: "libyaml could not start (out of memory)", context: nil, contextMark: nil))
        }
        yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        input.deallocate()
    }

    /// The next event; an error when libyaml refuses the text.
    func next() throws(YAMLError) -> YAMLEvent {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) != 0 else { throw failure() }
        defer { yaml_event_delete(&event) }
        let mark = Self.mark(event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_STREAM_END_EVENT: return .streamEnd
        case YAML_DOCUMENT_START_EVENT: return .documentStart(mark)
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_ALIAS_EVENT:
            return .alias(anchor: Self.string(event.data.alias.anchor) ?? "", mark: mark)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
            let style: YAMLScalarStyle
            switch scalar.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            return .scalar(text: text, style: style, tag: Self.string(scalar.tag), anchor: Self.string(scalar.anchor), mark: mark)
        case YAML_SEQUENCE_START_EVENT:
            let start = event.data.sequence_start
            return .sequenceStart(tag: Self.string(start.tag), anchor: Self.string(start.anchor), mark: mark)
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let start = event.data.mapping_start
            return .mappingStart(tag: Self.string(start.tag), anchor: Self.string(start.anchor), mark: mark)
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        default:
            throw YAMLError(file: file, mark: mark, problem: .syntax(problem: "an event libyaml does not document", context: nil, contextMark: nil))
        }
    }

    /// libyaml's error as a `YAMLError`: its problem at its position, and its context.
    private func failure() -> YAMLError {
        let state = parser.pointee
        let problem = Self.string(state.problem) ?? "unknown error"
        switch state.error {
        case YAML_MEMORY_ERROR:
            return YAMLError(file: file, problem: .syntax(problem: "out of memory", context: nil, contextMark: nil))
        case YAML_READER_ERROR:
            // The reader (encoding, forbidden characters) gives a byte offset, not a mark.
            var detail = problem
            if state.problem_value >= 0 {
                detail += ": " + (problem.contains("octet")
                    ? "byte 0x" + String(state.problem_value, radix: 16, uppercase: true)
                    : "U+" + String(state.problem_value, radix: 16, uppercase: true))
            }
            return YAMLError(file: file, mark: mark(ofByte: state.problem_offset),
                             problem: .syntax(problem: detail, context: nil, contextMark: nil))
        default:
            let context = Self.string(state.context)
            return YAMLError(file: file, mark: Self.mark(state.problem_mark),
                             problem: .syntax(problem: problem, context: context,
                                              contextMark: context == nil ? nil : Self.mark(state.context_mark)))
        }
    }

    /// The line and column of a byte of the input (for reader errors).
    private func mark(ofByte offset: Int) -> YAMLMark {
        let end = min(offset, length)
        var line = 1
        var lineStart = 0
        for index in 0..<end where input[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: UnsafeBufferPointer(rebasing: input[lineStart..<end]), as: UTF8.self).unicodeScalars.count + 1
        return YAMLMark(line: line, column: column)
    }

    private static func mark(_ mark: yaml_mark_t) -> YAMLMark {
        YAMLMark(line: mark.line + 1, column: mark.column + 1)
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
