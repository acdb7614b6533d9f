/// Xcode's pseudolanguages, applied to a text so that what breaks in translation breaks before
/// any translation exists. Format specifiers (`%@`, `%1$d`, `%#@count@`, `%%`) pass through
/// unchanged, so a pseudo text takes the same arguments as its source.
///
/// ```swift
/// PseudoLanguage.double.apply(to: "Save %@")   // "Save %@ Save %1$@"
/// PseudoLanguage.accented.apply(to: "Save")    // "Šååṽéé"
/// PseudoLanguage.bounded.apply(to: "Save")     // "[# Save #]"
/// ```
public enum PseudoLanguage: String, Sendable, CaseIterable {
    /// Xcode's Double-Length Pseudolanguage: the text twice, separated by a space. The copy's
    /// specifiers are numbered (`%@` → `%1$@`), so it shows the same arguments again.
    case double
    /// Latin letters with diacritics (taller glyphs, so clipped accents show) and every vowel
    /// written twice, which lengthens English text by about 40%.
    case accented
    /// Xcode's Bounded String Pseudolanguage: `[# ` before and ` #]` after, so a truncated or
    /// clipped end is visible.
    case bounded
    /// Xcode's Right-to-Left Pseudolanguage with right-to-left strings: a right-to-left mark
    /// (the paragraph is right-to-left, so natural alignment is right) and the text inside a
    /// right-to-left override (U+202E … U+202C), so Latin letters run right to left.
    case rtl

    /// The pseudo-locale laid out with this pseudolanguage: a private-use language tag,
    /// `x-pseudo-double`, `x-pseudo-accented`, `x-pseudo-bounded`, `x-pseudo-rtl`.
    public var locale: String { "x-pseudo-" + rawValue }

    /// The pseudolanguage of a pseudo-locale tag (compared without regard to case), or nil.
    public init?(locale: String) {
        let prefix = "x-pseudo-"
        guard locale.utf8.count > prefix.utf8.count, locale.lowercased().hasPrefix(prefix),
              let language = Self(rawValue: String(locale.lowercased().dropFirst(prefix.count))) else { return nil }
        self = language
    }

    /// The pseudolanguage of a name as users write it: the language (`accented`) or its
    /// pseudo-locale (`x-pseudo-accented`), without regard to case; nil for anything else.
    public init?(named name: String) {
        guard let language = Self(rawValue: name.lowercased()) ?? Self(locale: name) else { return nil }
        self = language
    }

    /// The pseudo text of `text`.
    public func apply(to text: String) -> String {
        switch self {
        case .double: return Self.doubled(text)
        case .accented: return Self.accented(text)
        case .bounded: return "[# " + text + " #]"
        case .rtl: return "\u{200F}\u{202E}" + text + "\u{202C}"
        }
    }

    private static func doubled(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        let specifiers = FormatArguments.specifiers(in: text)
        let bytes = Array(text.utf8)
        var copy: [UInt8] = []
        copy.reserveCapacity(bytes.count + 4 * specifiers.count)
        var copied = 0
        for specifier in specifiers where !specifier.isPositional {
            guard let argument = specifier.argument else { continue }
            // `%` then the argument's number: `%d` → `%1$d`, `%#@n@` → `%1$#@n@`.
            copy.append(contentsOf: bytes[copied...specifier.range.lowerBound])
            copy.append(contentsOf: Array("\(argument)$".utf8))
            copied = specifier.range.lowerBound + 1
        }
        copy.append(contentsOf: bytes[copied...])
        return text + " " + String(decoding: copy, as: UTF8.self)
    }

    private static func accented(_ text: String) -> String {
        let specifiers = FormatArguments.specifiers(in: text)
        var result = String.UnicodeScalarView()
        var specifierIndex = 0
        var offset = 0
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            defer { offset += width }
            while specifierIndex < specifiers.count, specifiers[specifierIndex].range.upperBound <= offset {
                specifierIndex += 1
            }
            if specifierIndex < specifiers.count, specifiers[specifierIndex].range.contains(offset) {
                result.append(scalar)
                continue
            }
            guard scalar.isASCII, let accented = accentedLetters[Int(scalar.value)] else {
                result.append(scalar)
                continue
            }
            result.append(accented)
            if vowels.contains(scalar) { result.append(accented) }
        }
        return String(result)
    }

    private static let vowels: Set<Unicode.Scalar> = ["a", "e", "i", "o", "u", "y", "A", "E", "I", "O", "U", "Y"]

    /// ASCII letter → a letter with a diacritic, indexed by ASCII code.
    private static let accentedLetters: [Unicode.Scalar?] = {
        var table = [Unicode.Scalar?](repeating: nil, count: 128)
        let upper = Array("ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŦÛṼŴẊÝŽ".unicodeScalars)
        let lower = Array("åƀçðéƒĝĥîĵķļṁñöþǫŕšŧûṽŵẋýž".unicodeScalars)
        for index in 0..<26 {
            table[0x41 + index] = upper[index]
            table[0x61 + index] = lower[index]
        }
        return table
    }()
}
