import LabelModel
/// Families laid out in other families, given by the user: `Avenir Next=Inter, Helvetica
/// Neue=Liberation Sans`. Apps name fonts iOS ships that Linux does not have; labelcat never
/// substitutes a family on its own, so a substitute is named once, here (the catalog's
/// `font_substitutes` setting, `measure --font-substitutes`), and every layout reports the face
/// it was set in. A family with a substitute is always set in it, installed or not.
public struct FontSubstitutes: Sendable, Hashable {
    /// The pairs, sorted by family (case-insensitively).
    public let pairs: [(family: String, substitute: String)]
    /// Substitutes by lowercased family.
    private let substitutes: [String: String]

    /// No substitutes.
    public static let none = FontSubstitutes(pairs: [])

    private init(pairs: [(family: String, substitute: String)]) {
        self.pairs = pairs.sorted { $0.family.lowercased() < $1.family.lowercased() }
        substitutes = Dictionary(pairs.map { ($0.family.lowercased(), $0.substitute) }, uniquingKeysWith: { $1 })
    }

    /// Reads comma-separated `FAMILY=SUBSTITUTE` pairs (spaces around names ignored; empty:
    /// none). A substitute is a family or a font file's path, not another substituted family.
    public init(parsing spelling: String) throws(LayoutError) {
        func invalid(_ message: String) -> LayoutError { .invalidField(field: "fontSubstitutes", message: message) }
        var pairs: [(family: String, substitute: String)] = []
        let parts = Substring(spelling).trimmingWhitespace.isEmpty ? [] : spelling.split(separator: ",", omittingEmptySubsequences: false)
        for part in parts {
            let trimmed = part.trimmingWhitespace
            let sides = trimmed.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                .map { $0.trimmingWhitespace }
            guard sides.count == 2, !sides[0].isEmpty, !sides[1].isEmpty else {
                throw invalid("\"\(trimmed)\" is not FAMILY=SUBSTITUTE (e.g. \"Avenir Next=Inter\")")
            }
            guard !sides.contains(where: { $0.unicodeScalars.contains("\0") }) else { throw invalid("a family name holds no U+0000") }
            guard !pairs.contains(where: { $0.family.lowercased() == sides[0].lowercased() }) else {
                throw invalid("\"\(sides[0])\" is given two substitutes")
            }
            pairs.append((sides[0], sides[1]))
        }
        let families = Set(pairs.map { $0.family.lowercased() })
        if let chained = pairs.first(where: { families.contains($0.substitute.lowercased()) }) {
            throw invalid("\"\(chained.substitute)\", the substitute of \"\(chained.family)\", has a substitute of its own")
        }
        self.init(pairs: pairs)
    }

    /// The family a label naming `family` is set in: its substitute, or itself.
    public func family(for family: String) -> String {
        substitutes.isEmpty ? family : substitutes[family.lowercased()] ?? family
    }

    /// The pairs as `parsing` reads them, sorted: `Avenir Next=Inter, Helvetica Neue=Liberation Sans`
    /// ("" for none).
    public var spelling: String {
        pairs.map { "\($0.family)=\($0.substitute)" }.joined(separator: ", ")
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.spelling == rhs.spelling }
    public func hash(into hasher: inout Hasher) { hasher.combine(spelling) }
}
