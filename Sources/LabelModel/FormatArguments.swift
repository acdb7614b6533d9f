#if canImport(Glibc)
import Glibc
#endif
import LabelJSON

/// A CLDR plural category, as the keys of `.stringsdict` plural rules and String Catalog
/// `plural` variations name them.
public enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other

    /// The number a sample argument takes in a text of this category: as wide as the category
    /// implies in the languages that use it (`few` is 3 in Slavic languages and Arabic, `many`
    /// is 11 in Russian, Ukrainian, Polish and Arabic). `other` is 88, two of a wide digit.
    public var sampleNumber: Int {
        switch self {
        case .zero: return 0
        case .one: return 1
        case .two: return 2
        case .few: return 3
        case .many: return 11
        case .other: return 88
        }
    }

    /// The plural categories a variant name selects, in order: `plural.one` → [.one],
    /// `device.iphone.plural.files.one.plural.folders.other` → [.one, .other].
    public static func forms(inVariant variant: String) -> [PluralCategory] {
        var variant = variant
        guard variant.withUTF8({ $0.contains(UInt8(ascii: "p")) }) else { return [] }
        let parts = variant.split(separator: ".", omittingEmptySubsequences: false)
        var forms: [PluralCategory] = []
        var index = 0
        while index < parts.count {
            guard parts[index] == "plural" else { index += 1; continue }
            // `plural.FORM` when the segment ends after one part, else `plural.VARIABLE.FORM`.
            let named = index + 2 < parts.count && !variantKeywords.contains(String(parts[index + 2]))
            let formIndex = named ? index + 2 : index + 1
            if formIndex < parts.count, let form = PluralCategory(rawValue: String(parts[formIndex])) {
                forms.append(form)
            }
            index = formIndex + 1
        }
        return forms
    }

    /// The words that start a segment of a variant name.
    static let variantKeywords: Set<String> = ["plural", "device", "width", WorstCase.segment]
}

/// A sample argument of a format string: a label's own (`"arguments": ["Anna", 3]`), or a
/// declaration of what the argument is (`{"type": "number", "digits": 7}`), from which a
/// layout of the worst case is made besides the sample's (`WorstCase`).
public indirect enum FormatArgument: Sendable, Hashable {
    case string(String)
    case number(Double)
    /// What the argument is, and its sample (nil: the specifier's default sample).
    case declared(ArgumentKind, sample: FormatArgument?)

    /// The arguments of a JSON array of strings, finite numbers and declarations (a label's
    /// `arguments`); an error names `field` and the element's index.
    public static func list(fromJSON value: JSONValue, field: String = "arguments") throws(LayoutError) -> [FormatArgument] {
        guard let elements = value.array else {
            throw .invalidField(field: field, message: "must be an array of strings, numbers and {\"type\": …} objects, got \(value.kindDescription)")
        }
        var arguments: [FormatArgument] = []
        for (index, element) in elements.enumerated() {
            switch element {
            case .string(let text): arguments.append(.string(text))
            case .number(let number) where number.isFinite: arguments.append(.number(number))
            case .object: arguments.append(try declaration(fromJSON: element, field: "\(field)[\(index)]"))
            default:
                throw .invalidField(field: "\(field)[\(index)]", message: "must be a string, a number or a {\"type\": …} object, got \(element.kindDescription)")
            }
        }
        return arguments
    }

    /// `{"type": "number"|"date"|"currency", "digits", "skeleton", "currency", "sample"}`.
    private static func declaration(fromJSON value: JSONValue, field: String) throws(LayoutError) -> FormatArgument {
        var reader = try FieldReader(value, field: field, expected: "an object {type, …}")
        var type: String?
        var digits: Int?
        var skeleton: String?
        var currency: String?
        var sample: FormatArgument?
        try reader.optional("type") { value, path throws(LayoutError) in
            guard let name = value.string else { throw FieldReader.typeError(path, "a string", value) }
            type = name
        }
        try reader.optional("digits") { value, path throws(LayoutError) in
            let number = try FieldReader.integer(value, path, minimum: 1)
            guard number <= ArgumentKind.maximumDigits else {
                throw .invalidField(field: path, message: "must be an integer from 1 to \(ArgumentKind.maximumDigits), got \(number)")
            }
            digits = number
        }
        try reader.optional("skeleton") { value, path throws(LayoutError) in
            guard let text = value.string, !text.isEmpty, text.utf8.count < 64,
                  text.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw .invalidField(field: path, message: "must be an ICU date skeleton of letters (e.g. \"yMMMMd\"), got \(value.jsonString())")
            }
            skeleton = text
        }
        try reader.optional("currency") { value, path throws(LayoutError) in
            guard let code = value.string, code.utf8.count == 3, code.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else {
                throw .invalidField(field: path, message: "must be an ISO 4217 code of 3 capital letters (e.g. \"EUR\"), got \(value.jsonString())")
            }
            currency = code
        }
        try reader.optional("sample") { value, path throws(LayoutError) in
            switch value {
            case .string(let text): sample = .string(text)
            case .number(let number) where number.isFinite: sample = .number(number)
            default: throw .invalidField(field: path, message: "must be a string or a number, got \(value.kindDescription)")
            }
        }
        try reader.refuseUnknownMembers()
        func refuse(_ member: String, _ value: Any?) throws(LayoutError) {
            if value != nil { throw .invalidField(field: "\(field).\(member)", message: "does not apply to type \(type ?? "")") }
        }
        let kind: ArgumentKind
        switch type {
        case "number":
            try refuse("skeleton", skeleton); try refuse("currency", currency)
            kind = .number(digits: digits ?? ArgumentKind.defaultDigits)
        case "currency":
            try refuse("skeleton", skeleton)
            kind = .currency(digits: digits ?? ArgumentKind.defaultDigits, code: currency)
        case "date":
            try refuse("digits", digits); try refuse("currency", currency)
            kind = .date(skeleton: skeleton ?? ArgumentKind.defaultSkeleton)
        case nil:
            throw .invalidField(field: "\(field).type", message: "is required (number, date or currency)")
        case let other?:
            throw .invalidField(field: "\(field).type", message: "unknown value \(JSONValue.string(other).jsonString()) (expected one of number, date, currency)")
        }
        return .declared(kind, sample: sample)
    }

    /// Writes the argument as its JSON element (a declaration with every member it has).
    func write<Sink: JSONSink>(into writer: inout Sink) {
        switch self {
        case .string(let string): writer.string(string)
        case .number(let number): writer.number(number)
        case .declared(let kind, let sample):
            writer.beginObject()
            writer.key("type")
            switch kind {
            case .number(let digits):
                writer.string("number")
                writer.key("digits"); writer.number(digits)
            case .currency(let digits, let code):
                writer.string("currency")
                writer.key("digits"); writer.number(digits)
                if let code { writer.key("currency"); writer.string(code) }
            case .date(let skeleton):
                writer.string("date")
                writer.key("skeleton"); writer.string(skeleton)
            }
            if let sample {
                writer.key("sample")
                sample.write(into: &writer)
            }
            writer.endObject()
        }
    }

    /// The sample a layout of the sample texts shows: the argument, or a declaration's sample
    /// (nil: the specifier's default).
    var sample: FormatArgument? {
        if case .declared(_, let sample) = self { return sample }
        return self
    }
}

/// What a format argument is, as a label declares it, for the longest value it plausibly takes
/// in a locale (`WorstCase`).
public enum ArgumentKind: Sendable, Hashable {
    /// A whole number of at most `digits` digits, grouped as the locale groups them.
    case number(digits: Int)
    /// A date in the locale's pattern for an ICU skeleton (`yMMMMd`: day, month name, year).
    case date(skeleton: String)
    /// An amount of money with `digits` digits before the decimal separator, in the locale's
    /// currency (or `code`'s), with its symbol, grouping and fraction digits.
    case currency(digits: Int, code: String?)

    /// The digits of a number that declares none, and of a numeric specifier (`%d`, `%lld`,
    /// `%.1f`, `%#@var@`) whose argument is not declared: 4, up to 9,999.
    public static let defaultDigits = 4
    /// The most digits a declaration may give (above that a double is not exact).
    public static let maximumDigits = 15
    /// The skeleton of a date that names none: day, full month name and year.
    public static let defaultSkeleton = "yMMMMd"
}

/// Formats the worst case of an argument in a locale: what a layout of a `worst` variant shows
/// (the engine's is ICU's; LabelModel has no locale data).
public protocol WorstCaseFormatter: Sendable {
    /// The longest plausible value of `kind` in `locale` (a BCP 47 tag; "" is the base text),
    /// with `fractionDigits` digits after the decimal separator for a number; nil when the
    /// locale's data cannot format it (the sample is shown then).
    func worstCase(of kind: ArgumentKind, fractionDigits: Int, locale: String) -> String?
}

/// The worst-case variants of texts: besides its samples, a text with format specifiers is laid
/// out with the longest value each argument plausibly takes in the layout's locale, as the
/// variant named after the text's own variant with `.worst` added (`worst`, `plural.other.worst`,
/// `device.ipad.worst`). Numbers of a declared `number` argument, and of every numeric specifier
/// whose argument is not declared, take `ArgumentKind.defaultDigits` digits unless declared
/// otherwise; `%@`, `%c`, `%x`, `%o` and `%p` arguments have a worst case only when declared.
public enum WorstCase {
    /// The last segment of a worst-case variant's name.
    public static let segment = "worst"

    /// True for a worst-case variant's name (`worst`, `plural.other.worst`).
    public static func isWorstCase(variant: String) -> Bool {
        variant == segment || variant.hasSuffix("." + segment)
    }

    /// The variant whose text a worst-case variant shows (`plural.other.worst` → `plural.other`).
    public static func textVariant(of variant: String) -> String {
        guard isWorstCase(variant: variant) else { return variant }
        return variant == segment ? "" : String(variant.dropLast(segment.utf8.count + 1))
    }

    /// The worst-case variant of a text's variant, or nil when its text is not shown with large
    /// numbers: a plural form other than `other` and `many` (`plural.one` is not shown with
    /// 9,999; in Russian and Polish `many` is).
    public static func variant(of variant: String) -> String? {
        guard !isWorstCase(variant: variant),
              PluralCategory.forms(inVariant: variant).allSatisfy({ $0 == .other || $0 == .many }) else { return nil }
        return variant.isEmpty ? segment : variant + "." + segment
    }

    /// True when a text has a specifier with a worst case (`FormatArguments.applyWorstCase`).
    public static func applies(to text: String, arguments: [FormatArgument]?) -> Bool {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return false }
        return FormatArguments.specifiers(in: text).contains { FormatArguments.worstKind(of: $0, arguments: arguments ?? []) != nil }
    }
}

/// One printf-style conversion in a format string, as Foundation reads them
/// (`%@ %d %i %u %ld %lld %f %.1f %1$@ %% %#@name@ %x %c %s %e %g`, with flags, width,
/// precision, length modifiers and an `n$` position).
public struct FormatSpecifier: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `%%`.
        case percent
        /// `%@`, `%s`, `%S`: an object or a string.
        case object
        /// `%d %i %D`.
        case signedInteger
        /// `%u %x %X %o %U %O`.
        case unsignedInteger
        /// `%f %F %e %E %g %G %a %A`.
        case float
        /// `%c %C`.
        case character
        /// `%p`.
        case pointer
        /// `%#@name@`: a plural variable (resolved by the strings file, a number here).
        case variable(String)
    }

    public var kind: Kind
    /// The UTF-8 byte range of the whole specifier in its format string.
    public var range: Range<Int>
    /// The 1-based argument it formats (its `n$`, or the next one in order); nil for `%%`.
    public var argument: Int?
    /// True when the argument number was written (`%2$@`).
    public var isPositional: Bool
    public var flags: String
    public var width: Int?
    public var precision: Int?
    /// `h`, `hh`, `l`, `ll`, `q`, `L`, `z`, `t`, `j` or empty.
    public var length: String
    /// The conversion character (`d`, `@`, `f`, …; `@` for a variable).
    public var conversion: Character

    /// True for conversions that format a number.
    public var isNumeric: Bool {
        switch kind {
        case .signedInteger, .unsignedInteger, .float, .variable: return true
        default: return false
        }
    }
}

/// Replaces the format specifiers of a label's text by sample arguments before layout: the
/// label's own `arguments` (positional: the first is `%1$…` or the first specifier), else a
/// default per type — numbers as wide as the text's plural variant implies
/// (`PluralCategory.sampleNumber`), `FormatArguments.sampleObject` for `%@`/`%s`, `"W"` for
/// `%c`. Widths, precisions and flags apply as printf applies them in the C locale, which
/// labelcat never changes (`%.1f` of 88 is `88.0`); a width or precision over 1024 counts as
/// 1024, and a text the arguments would make longer than 1 MiB is cut there.
///
/// ```swift
/// FormatArguments.apply(to: "%d of %@", pluralForms: [.one]) // "1 of Sample"
/// FormatArguments.apply(to: "%1$@ has %2$.1f", arguments: [.string("Anna"), .number(4.5)]) // "Anna has 4.5"
/// ```
///
/// Text without a `%` comes back unchanged at once. A `%` that starts no valid conversion stays
/// as written; so does a `%` followed by a space (Foundation would read `% o` of "50% off" as an
/// octal conversion with the space flag, which no translator means).
public enum FormatArguments {
    /// The default sample of `%@`, `%s` and `%S`: a short word.
    public static let sampleObject = "Sample"
    /// The default sample of `%c` and `%C`: a wide letter.
    public static let sampleCharacter = "W"

    /// The specifiers of a format string, in order.
    public static func specifiers(in format: String) -> [FormatSpecifier] {
        var format = format
        return format.withUTF8 { bytes in specifiers(in: bytes) }
    }

    /// The text with every specifier replaced by its sample argument.
    public static func apply(to format: String, arguments: [FormatArgument] = [],
                             pluralForms: [PluralCategory] = []) -> String {
        fill(format, arguments: arguments, pluralForms: pluralForms, worstCase: nil)
    }

    /// The text with every specifier that has a worst case (`WorstCase`) replaced by it, as
    /// `formatter` formats it in `locale`, and the others by their samples as `apply` does.
    /// A worst case ignores the specifier's width and flags; a `%f` shows as many fraction
    /// digits as its precision (6 without one, as printf), a `%d` none.
    public static func applyWorstCase(to format: String, arguments: [FormatArgument] = [], pluralForms: [PluralCategory] = [],
                                      locale: String, formatter: any WorstCaseFormatter) -> String {
        fill(format, arguments: arguments, pluralForms: pluralForms) { specifier in
            guard let kind = worstKind(of: specifier, arguments: arguments) else { return nil }
            let fraction = specifier.kind == .float ? specifier.precision ?? 6 : 0
            return formatter.worstCase(of: kind, fractionDigits: min(fraction, 15), locale: locale).map { Array($0.utf8) }
        }
    }

    /// What a specifier's worst case is: its argument's declaration, else a number of the
    /// default digits for a decimal numeric specifier; nil for none.
    static func worstKind(of specifier: FormatSpecifier, arguments: [FormatArgument]) -> ArgumentKind? {
        guard let argument = specifier.argument else { return nil }
        if argument <= arguments.count, case .declared(let kind, _) = arguments[argument - 1] { return kind }
        switch specifier.kind {
        case .signedInteger, .variable: return .number(digits: ArgumentKind.defaultDigits)
        case .unsignedInteger where "uU".contains(specifier.conversion): return .number(digits: ArgumentKind.defaultDigits)
        case .float where "fF".contains(specifier.conversion): return .number(digits: ArgumentKind.defaultDigits)
        default: return nil
        }
    }

    private static func fill(_ format: String, arguments: [FormatArgument], pluralForms: [PluralCategory],
                             worstCase: ((FormatSpecifier) -> [UInt8]?)?) -> String {
        var format = format
        guard format.withUTF8({ $0.contains(UInt8(ascii: "%")) }) else { return format }
        return format.withUTF8 { bytes in
            let found = specifiers(in: bytes)
            guard !found.isEmpty else { return String(decoding: bytes, as: UTF8.self) }
            let numbers = sampleNumbers(for: found, pluralForms: pluralForms)
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16 * found.count)
            var copied = 0
            for specifier in found {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<specifier.range.lowerBound]))
                copied = specifier.range.upperBound
                if let worst = worstCase?(specifier) {
                    output.append(contentsOf: worst)
                } else {
                    let supplied = specifier.argument.flatMap { $0 <= arguments.count ? arguments[$0 - 1].sample : nil }
                    output.append(contentsOf: render(specifier, argument: supplied, sampleNumber: numbers[specifier.argument ?? 0]))
                }
                if output.count > LabelDefinition.maximumTextBytes { return cutToLimit(output) }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return output.count > LabelDefinition.maximumTextBytes ? cutToLimit(output) : String(decoding: output, as: UTF8.self)
        }
    }

    /// A filled-in text longer than a text may be (1 MiB), cut there at a character boundary:
    /// arguments never make a text longer than one a label may hold.
    private static func cutToLimit(_ output: [UInt8]) -> String {
        var end = LabelDefinition.maximumTextBytes
        while end > 0, output[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: output[..<end], as: UTF8.self)
    }

    // MARK: Parsing

    static func specifiers(in bytes: UnsafeBufferPointer<UInt8>) -> [FormatSpecifier] {
        var result: [FormatSpecifier] = []
        var nextArgument = 1
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == UInt8(ascii: "%") else { index += 1; continue }
            if let (specifier, end) = parseSpecifier(bytes, at: index, nextArgument: &nextArgument) {
                result.append(specifier)
                index = end
            } else {
                index += 1
            }
        }
        return result
    }

    /// The specifier starting at the `%` at `start`, and the offset after it; nil when none does.
    private static func parseSpecifier(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int,
                                       nextArgument: inout Int) -> (FormatSpecifier, Int)? {
        let count = bytes.count
        var index = start + 1
        guard index < count else { return nil }
        if bytes[index] == UInt8(ascii: "%") {
            return (FormatSpecifier(kind: .percent, range: start..<index + 1, argument: nil, isPositional: false,
                                    flags: "", width: nil, precision: nil, length: "", conversion: "%"), index + 1)
        }
        // `n$`
        var position: Int?
        var digitsEnd = index
        while digitsEnd < count, isDigit(bytes[digitsEnd]) { digitsEnd += 1 }
        if digitsEnd > index, digitsEnd < count, bytes[digitsEnd] == UInt8(ascii: "$") {
            position = number(bytes, index..<digitsEnd)
            guard position! > 0 else { return nil }
            index = digitsEnd + 1
        }
        // `%#@name@`
        if index + 1 < count, bytes[index] == UInt8(ascii: "#"), bytes[index + 1] == UInt8(ascii: "@") {
            var nameEnd = index + 2
            while nameEnd < count, bytes[nameEnd] != UInt8(ascii: "@"), bytes[nameEnd] != UInt8(ascii: "%") { nameEnd += 1 }
            guard nameEnd < count, bytes[nameEnd] == UInt8(ascii: "@"), nameEnd > index + 2 else { return nil }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 2)..<nameEnd]), as: UTF8.self)
            let argument = takeArgument(position, &nextArgument)
            return (FormatSpecifier(kind: .variable(name), range: start..<nameEnd + 1, argument: argument,
                                    isPositional: position != nil, flags: "", width: nil, precision: nil,
                                    length: "", conversion: "@"), nameEnd + 1)
        }
        var flags = ""
        while index < count, let flag = flagCharacter(bytes[index]) { flags.append(flag); index += 1 }
        let widthPart = countPart(bytes, &index)
        let width = widthPart.value
        var starArguments = widthPart.fromArgument ? 1 : 0
        var precision: Int?
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let precisionPart = countPart(bytes, &index)
            precision = precisionPart.fromArgument ? nil : precisionPart.value ?? 0
            starArguments += precisionPart.fromArgument ? 1 : 0
        }
        let lengthStart = index
        while index < count, index - lengthStart < 2, isLengthModifier(bytes[index]) { index += 1 }
        let length = String(decoding: UnsafeBufferPointer(rebasing: bytes[lengthStart..<index]), as: UTF8.self)
        guard ["", "h", "hh", "l", "ll", "q", "L", "z", "t", "j"].contains(length), index < count else { return nil }
        let kind: FormatSpecifier.Kind
        switch bytes[index] {
        case UInt8(ascii: "@"), UInt8(ascii: "s"), UInt8(ascii: "S"): kind = .object
        case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "D"): kind = .signedInteger
        case UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"),
             UInt8(ascii: "U"), UInt8(ascii: "O"): kind = .unsignedInteger
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"),
             UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"): kind = .float
        case UInt8(ascii: "c"), UInt8(ascii: "C"): kind = .character
        case UInt8(ascii: "p"): kind = .pointer
        default: return nil
        }
        // A `*` width or precision takes the next argument in order before the value's own.
        for _ in 0..<starArguments where position == nil { nextArgument += 1 }
        let argument = takeArgument(position, &nextArgument)
        return (FormatSpecifier(kind: kind, range: start..<index + 1, argument: argument, isPositional: position != nil,
                                flags: flags, width: width, precision: precision, length: length,
                                conversion: Character(Unicode.Scalar(bytes[index]))), index + 1)
    }

    /// The largest width or precision honoured; a larger one counts as this. Real format
    /// strings use a few; this keeps a typo such as `%99999999d` from making a long text.
    public static let maximumCount = 1024

    /// A width or a precision at `index`: digits, or `*` (given by an argument).
    private static func countPart(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> (value: Int?, fromArgument: Bool) {
        if index < bytes.count, bytes[index] == UInt8(ascii: "*") {
            index += 1
            return (nil, true)
        }
        let start = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return (index > start ? number(bytes, start..<index) : nil, false)
    }

    private static func takeArgument(_ position: Int?, _ nextArgument: inout Int) -> Int {
        if let position { return position }
        defer { nextArgument += 1 }
        return nextArgument
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var value = 0
        for index in range { value = min(value * 10 + Int(bytes[index] - 0x30), maximumCount) }
        return value
    }

    /// printf's flags, but not the space: see the type's documentation.
    private static func flagCharacter(_ byte: UInt8) -> Character? {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "#"), UInt8(ascii: "0"), UInt8(ascii: "'"):
            return Character(Unicode.Scalar(byte))
        default: return nil
        }
    }

    private static func isLengthModifier(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "h"), UInt8(ascii: "l"), UInt8(ascii: "q"), UInt8(ascii: "L"),
             UInt8(ascii: "z"), UInt8(ascii: "t"), UInt8(ascii: "j"): return true
        default: return false
        }
    }

    // MARK: Sample values

    /// The sample number of each argument that a numeric specifier formats, by argument number:
    /// one plural form applies to every number; several apply in order to the numeric
    /// arguments in ascending argument order (the last form to any further ones).
    static func sampleNumbers(for specifiers: [FormatSpecifier], pluralForms: [PluralCategory]) -> [Int: Int] {
        var numeric: [Int] = []
        for specifier in specifiers where specifier.isNumeric {
            if let argument = specifier.argument, !numeric.contains(argument) { numeric.append(argument) }
        }
        numeric.sort()
        var numbers: [Int: Int] = [:]
        for (rank, argument) in numeric.enumerated() {
            let form = pluralForms.isEmpty ? .other : pluralForms[min(rank, pluralForms.count - 1)]
            numbers[argument] = form.sampleNumber
        }
        return numbers
    }

    /// The text of one specifier with its argument (given, or the sample).
    static func render(_ specifier: FormatSpecifier, argument: FormatArgument?, sampleNumber: Int?) -> [UInt8] {
        let number = Double(sampleNumber ?? PluralCategory.other.sampleNumber)
        switch specifier.kind {
        case .percent:
            return [UInt8(ascii: "%")]
        case .variable:
            if case .string(let text)? = argument { return Array(text.utf8) }
            return printf(specifier, integer: argumentNumber(argument) ?? number, conversion: "d")
        case .signedInteger, .unsignedInteger, .pointer:
            if case .string(let text)? = argument { return pad(Array(text.utf8), specifier) }
            let conversion: Character
            switch specifier.conversion {
            case "D": conversion = "d"
            case "U": conversion = "u"
            case "O": conversion = "o"
            case "p": conversion = "x"
            default: conversion = specifier.conversion
            }
            let digits = printf(specifier, integer: argumentNumber(argument) ?? number, conversion: conversion)
            return specifier.conversion == "p" ? Array("0x".utf8) + digits : digits
        case .float:
            if case .string(let text)? = argument { return pad(Array(text.utf8), specifier) }
            return printf(specifier, double: argumentNumber(argument) ?? number)
        case .object:
            var text: [UInt8]
            switch argument {
            case .string(let value)?: text = Array(value.utf8)
            case .number(let value)?: text = Array(shortest(value).utf8)
            case .declared?, nil: text = Array(sampleObject.utf8)
            }
            if let precision = specifier.precision {
                text = Array(String(String(decoding: text, as: UTF8.self).prefix(precision)).utf8)
            }
            return pad(text, specifier)
        case .character:
            switch argument {
            case .string(let value)?: return pad(Array(String(value.prefix(1)).utf8), specifier)
            case .number(let value)?:
                let scalar = value >= 0 && value < 0x110000 ? Unicode.Scalar(UInt32(value)) : nil
                return pad(Array(String(Character(scalar ?? "W")).utf8), specifier)
            case .declared?, nil: return pad(Array(sampleCharacter.utf8), specifier)
            }
        }
    }

    private static func argumentNumber(_ argument: FormatArgument?) -> Double? {
        if case .number(let value)? = argument { return value }
        return nil
    }

    /// A number as `%@` shows it: no trailing `.0`.
    private static func shortest(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// Width and the `-` flag applied to text, counting characters as `%@` does.
    private static func pad(_ text: [UInt8], _ specifier: FormatSpecifier) -> [UInt8] {
        guard let width = specifier.width else { return text }
        let characters = String(decoding: text, as: UTF8.self).count
        guard characters < width else { return text }
        let padding = [UInt8](repeating: UInt8(ascii: " "), count: width - characters)
        return specifier.flags.contains("-") ? text + padding : padding + text
    }

    /// printf's own rendering of an integer conversion (flags, width, precision kept; the
    /// length modifier replaced by `ll`).
    private static func printf(_ specifier: FormatSpecifier, integer value: Double, conversion: Character) -> [UInt8] {
        let clamped = value.isFinite ? max(min(value.rounded(.towardZero), 9.2e18), -9.2e18) : 0
        let cFormat = "%" + specifier.flags + (specifier.width.map(String.init) ?? "")
            + (specifier.precision.map { "." + String($0) } ?? "") + "ll" + String(conversion)
        return format(cFormat, Int64(clamped))
    }

    private static func printf(_ specifier: FormatSpecifier, double value: Double) -> [UInt8] {
        let cFormat = "%" + specifier.flags + (specifier.width.map(String.init) ?? "")
            + (specifier.precision.map { "." + String($0) } ?? "") + String(specifier.conversion)
        return format(cFormat, value)
    }

    private static func format(_ cFormat: String, _ value: any CVarArg) -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: 64)
        let written = withVaList([value]) { arguments in
            buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, cFormat, arguments) }
        }
        if written >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(written) + 1)
            _ = withVaList([value]) { arguments in
                buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, cFormat, arguments) }
            }
        }
        return buffer.prefix(Int(max(written, 0))).map { UInt8(bitPattern: $0) }
    }
}

extension String {
    /// Whether the text has a `%` (so may hold format specifiers): one `memchr` over its UTF-8.
    package var containsPercent: Bool {
        var text = self
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(UInt8(ascii: "%")), bytes.count) != nil
        }
    }
}
