/// A number written in decimal: an optional sign, digits with an optional fraction, and an
/// optional exponent (`16`, `-0.5`, `.5`, `1e3`). Nothing else: no hexadecimal (`0x10`), no
/// `inf` or `nan`, no spaces, no `_`. Swift's `Double(_:)` alone would read `0x10` as 16.
public func parseDecimal<Text: StringProtocol>(_ text: Text) -> Double? {
    let bytes = Array(text.utf8)
    var index = 0
    func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
    var mantissaDigits = digits()
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        mantissaDigits += digits()
    }
    guard mantissaDigits > 0 else { return nil }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { return nil }
    }
    guard index == bytes.count, let number = Double(String(text)), number.isFinite else { return nil }
    return number
}
