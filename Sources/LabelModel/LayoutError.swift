/// Why a label could not be laid out. Every message names what failed: the field, the font
/// family or the file.
public enum LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A definition field holds a bad value (`field` is a dotted path such as `frame.width`).
    case invalidField(field: String, message: String)
    /// No installed font is of this family.
    case fontNotFound(family: String)
    /// A font file that cannot be read as a font.
    case unreadableFontFile(path: String)
    /// ICU refused a request (an unknown locale, out of memory).
    case textServices(String)

    public var description: String {
        switch self {
        case .invalidField(let field, let message): return "\(field): \(message)"
        case .fontNotFound(let family): return "font.family: no installed font of family \"\(family)\" (see fc-list)"
        case .unreadableFontFile(let path): return "font.family: \"\(path)\" is not a readable font file"
        case .textServices(let message): return "text services: \(message)"
        }
    }
}
