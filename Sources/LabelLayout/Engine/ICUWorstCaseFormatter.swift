import CICU
import LabelModel
import Synchronization

/// The worst cases of format arguments as ICU formats them in a locale (`WorstCase`): no locale
/// data of labelcat's own. Each value is made once per process (up to `cacheLimit` of them).
///
/// - A number of `digits` digits is made of 8s (`8888`: 8 is among the widest digits of
///   proportional fonts, and most fonts' digits are tabular, all as wide), formatted with the
///   locale's digits, grouping and separators: de `8.888`, ar `٨٬٨٨٨`, hi `88,88,888`.
/// - A currency amount is the same number with `.88` added, formatted as the locale's currency
///   (or the declared one) with its symbol and fraction digits: de `8.888,88 €`, ja `￥8,889`.
/// - A date is the longest, in code points, of every day of 2028 in the locale's pattern for the
///   skeleton (so the longest month name, and weekday when the skeleton has one): de
///   `28. September 2028`, ja `2028年12月28日`; the first of equally long ones.
///
/// The base text (locale "") and pseudo-locales are formatted as English. A locale ICU cannot
/// format gives nil, and the layout shows the sample.
public final class ICUWorstCaseFormatter: WorstCaseFormatter {
    public static let shared = ICUWorstCaseFormatter()

    private struct Key: Hashable {
        var kind: ArgumentKind
        var fractionDigits: Int
        var locale: String
    }

    private let cache = Mutex<[Key: String?]>([:])

    public init() {}

    public func worstCase(of kind: ArgumentKind, fractionDigits: Int, locale: String) -> String? {
        let key = Key(kind: kind, fractionDigits: fractionDigits, locale: locale)
        if let known = cache.withLock({ $0[key] }) { return known }
        let value = Self.format(kind, fractionDigits: fractionDigits, locale: Self.icuLocale(locale))
        cache.withLock { cache in
            if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = value
        }
        return value
    }

    /// The most values kept: real catalogs have a few per locale; a catalog of hostile
    /// declarations (a skeleton per label) does not grow the process without bound.
    static let cacheLimit = 4096

    /// The locale ICU formats a label locale's values in: English for the base text and
    /// pseudo-locales.
    static func icuLocale(_ locale: String) -> String {
        locale.isEmpty || PseudoLanguage(locale: locale) != nil ? "en" : locale
    }

    private static func format(_ kind: ArgumentKind, fractionDigits: Int, locale: String) -> String? {
        switch kind {
        case .number(let digits):
            let fraction = fractionDigits > 0 ? "." + String(repeating: "8", count: fractionDigits) : ""
            guard let value = Double(String(repeating: "8", count: digits) + fraction) else { return nil }
            return utf16 { lc_format_number(locale, value, Int32(fractionDigits), 0, nil, $0, $1) }
        case .currency(let digits, let code):
            guard let value = Double(String(repeating: "8", count: digits) + ".88") else { return nil }
            return utf16 { lc_format_number(locale, value, 0, 1, code ?? "", $0, $1) }
        case .date(let skeleton):
            return utf16 { lc_format_longest_date(locale, skeleton, Int32(firstDayOf2028), 366, $0, $1) }
        }
    }

    /// 2028-01-01 in days since 1970-01-01 (a leap year: every day of the year occurs).
    static let firstDayOf2028 = 21_184

    /// The UTF-16 an ICU call writes, as a string; nil when it fails.
    private static func utf16(_ call: (UnsafeMutablePointer<UInt16>, Int32) -> Int32) -> String? {
        var buffer = [UInt16](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress!, Int32($0.count)) }
        guard length >= 0 else { return nil }
        return String(decoding: buffer[..<Int(length)], as: UTF16.self)
    }
}
