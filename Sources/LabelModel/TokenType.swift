/// The token types labelcat understands: DTCG's `dimension`, `number`, `fontFamily`,
/// `fontWeight`, `typography`, `color`, and labelcat's own `insets`.
public enum TokenType: String, Sendable, CaseIterable {
    case dimension, number, fontFamily, fontWeight, typography, color, insets
}
