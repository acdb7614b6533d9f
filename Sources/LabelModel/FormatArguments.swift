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
    static let variantKeywords: Set<String> = ["plural", "device", "width"]
}

/// A sample argument of a format string: a label's own (`"arguments": ["Anna", 3]`).
public enum FormatArgument: Sendable, Hashable {
    case string(String)
    case number(Double)

    /// The arguments of a JSON array of strings and finite numbers (a label's `arguments`);
    /// an error names `field` and the element's index.
    public static func list(fromJSON value: JSONValue, field: String = "arguments") throws(LayoutError) -> [FormatArgument] {
        guard let elements = value.array else {
            throw .invalidField(field: field, message: "must be an array of strings and numbers, got \(value.kindDescription)")
        }
        var arguments: [FormatArgument] = []
        for (index, element) in elements.enumerated() {
            switch element {
            case .string(let text): arguments.append(.string(text))
            case .number(let number) where number.isFinite: arguments.append(.number(number))
            default:
                throw .invalidField(field: "\(field)[\(index)]", message: "must be a string or a number, got \(element.kindDescription)")
            }
        }
        return arguments
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
                let supplied = specifier.argument.flatMap { $0 <= arguments.count ? arguments[$0 - 1] : nil }
                output.append(contentsOf: render(specifier, argument: supplied, sampleNumber: numbers[specifier.argument ?? 0]))
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
            case nil: text = Array(sampleObject.utf8)
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
            case nil: return pad(Array(sampleCharacter.utf8), specifier)
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
