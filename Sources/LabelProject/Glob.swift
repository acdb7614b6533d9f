/// A glob, checked when it is made, matched without regard to anything but its text.
///
/// Two kinds, as labelcat.yml uses them (docs/project-file.md, "Globs"):
/// - `name` globs match label names and strings-table keys with SQLite's GLOB rules, as the
///   catalog matches names: `*` any run of characters (`/` and `.` too), `?` one character,
///   `[abc]`, `[a-z]`, `[^abc]` a set; case-sensitive.
/// - `path` globs match paths relative to the project folder, one path component at a time:
///   `*` and `?` never match `/`, `**` as a whole component matches any number of folders
///   (none too; at the end, one or more components: what is inside a folder), and sets take
///   `^` or `!` to negate. `.` components and doubled or trailing
///   slashes are ignored.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        case name
        case path
    }

    /// One piece of a pattern.
    enum Token: Sendable, Hashable {
        case literal(Unicode.Scalar)
        /// `?`
        case anyCharacter
        /// `*`
        case anyRun
        /// `[…]`: inclusive ranges (a single character is a range of one).
        case set([ClosedRange<UInt32>], negated: Bool)
    }

    /// A path glob's component: `**`, or tokens.
    enum Component: Sendable, Hashable {
        case anyFolders
        case tokens([Token])
    }

    /// The pattern as written.
    public let pattern: String
    public let kind: Kind
    /// Name globs: the whole pattern; path globs: one entry per component.
    private let components: [Component]

    public var description: String { pattern }

    /// Reads a pattern; an error says what is wrong with it (an unclosed `[`, `**` inside a
    /// path component, an empty pattern).
    public init(_ pattern: String, kind: Kind) throws(GlobError) {
        self.pattern = pattern
        self.kind = kind
        guard !pattern.isEmpty else { throw GlobError(pattern: pattern, reason: "a glob must not be empty") }
        switch kind {
        case .name:
            components = [.tokens(try Self.tokens(Substring(pattern), pattern: pattern, negation: ["^"]))]
        case .path:
            var parts: [Component] = []
            for part in Self.pathComponents(pattern) {
                if part == "**" {
                    if parts.last != .anyFolders { parts.append(.anyFolders) }
                } else if part.contains("**") {
                    throw GlobError(pattern: pattern, reason: "** must be a whole path component (**/x, x/**)")
                } else {
                    parts.append(.tokens(try Self.tokens(part, pattern: pattern, negation: ["^", "!"])))
                }
            }
            components = parts
        }
    }

    /// True when `text` holds a glob character (`*`, `?`, `[`).
    public static func hasWildcards(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// True for a glob without wildcards: it matches its own text alone.
    public var isLiteral: Bool { !Self.hasWildcards(pattern) }

    /// For a path glob, the leading components without wildcards, joined (`App/Resources` for
    /// `App/Resources/**/*.strings`): the folder a search for its matches starts in ("" for
    /// none). For a name glob, the text before the first wildcard.
    public var literalPrefix: String {
        switch kind {
        case .name:
            return String(pattern.unicodeScalars.prefix { $0 != "*" && $0 != "?" && $0 != "[" }.map(Character.init))
        case .path:
            var parts: [String] = []
            for part in Self.pathComponents(pattern) {
                guard !Self.hasWildcards(String(part)) else { break }
                parts.append(String(part))
            }
            return (pattern.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
        }
    }

    /// Whether the glob matches all of `text` (a name, or a path relative to the project folder).
    public func matches(_ text: String) -> Bool {
        switch kind {
        case .name:
            guard case .tokens(let tokens) = components.first else { return false }
            return Self.match(tokens[...], Array(text.unicodeScalars)[...])
        case .path:
            let parts = Self.pathComponents(text).map { Array($0.unicodeScalars) }
            return matchPath(components[...], parts[...])
        }
    }

    /// For a path glob: whether it matches `path` or one of the folders `path` is in (so
    /// `**/Tests` covers every file under any `Tests` folder).
    public func matchesPathOrFolder(_ path: String) -> Bool {
        let parts = Self.pathComponents(path).map { Array($0.unicodeScalars) }
        guard !parts.isEmpty else { return false }
        for count in 1...parts.count where matchPath(components[...], parts.prefix(count)) { return true }
        return false
    }

    // MARK: Matching

    private func matchPath(_ pattern: ArraySlice<Component>, _ path: ArraySlice<[Unicode.Scalar]>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        switch first {
        case .anyFolders:
            let rest = pattern.dropFirst()
            // A trailing `**` stands for what is inside a folder: one component at least.
            if rest.isEmpty { return !path.isEmpty }
            var remaining = path
            while true {
                if matchPath(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        case .tokens(let tokens):
            guard let part = path.first, Self.match(tokens[...], part[...]) else { return false }
            return matchPath(pattern.dropFirst(), path.dropFirst())
        }
    }

    /// Matches tokens against characters, `*` by backtracking to the last `*` only (linear in
    /// practice, never exponential).
    static func match(_ tokens: ArraySlice<Token>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        var tokenIndex = tokens.startIndex
        var textIndex = text.startIndex
        var starToken: Int?
        var starText = 0
        while textIndex < text.endIndex {
            if tokenIndex < tokens.endIndex {
                switch tokens[tokenIndex] {
                case .anyRun:
                    starToken = tokenIndex
                    starText = textIndex
                    tokenIndex += 1
                    continue
                case .anyCharacter:
                    tokenIndex += 1
                    textIndex += 1
                    continue
                case .literal(let scalar) where scalar == text[textIndex]:
                    tokenIndex += 1
                    textIndex += 1
                    continue
                case .set(let ranges, let negated) where ranges.contains { $0.contains(text[textIndex].value) } != negated:
                    tokenIndex += 1
                    textIndex += 1
                    continue
                default:
                    break
                }
            }
            guard let star = starToken else { return false }
            tokenIndex = star + 1
            starText += 1
            textIndex = starText
        }
        while tokenIndex < tokens.endIndex, tokens[tokenIndex] == .anyRun { tokenIndex += 1 }
        return tokenIndex == tokens.endIndex
    }

    // MARK: Reading patterns

    /// The components of a path, without empty and `.` ones.
    static func pathComponents(_ path: String) -> [Substring] {
        path.split(separator: "/").filter { $0 != "." }
    }

    private static func tokens(_ text: Substring, pattern: String, negation: Set<Unicode.Scalar>) throws(GlobError) -> [Token] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "*":
                if tokens.last != .anyRun { tokens.append(.anyRun) }
            case "?":
                tokens.append(.anyCharacter)
            case "[":
                var negated = false
                if index < scalars.count, negation.contains(scalars[index]) {
                    negated = true
                    index += 1
                }
                var ranges: [ClosedRange<UInt32>] = []
                var first = true
                while true {
                    guard index < scalars.count else {
                        throw GlobError(pattern: pattern, reason: "a [ set is not closed with ]")
                    }
                    let member = scalars[index]
                    index += 1
                    if member == "]", !first { break }
                    first = false
                    if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] != "]" {
                        let upper = scalars[index + 1]
                        index += 2
                        // As in SQLite, a reversed range (`z-a`) holds its first character only.
                        ranges.append(member.value...max(member.value, upper.value))
                    } else {
                        ranges.append(member.value...member.value)
                    }
                }
                tokens.append(.set(ranges, negated: negated))
            default:
                tokens.append(.literal(scalar))
            }
        }
        return tokens
    }
}

/// A glob that cannot be read.
public struct GlobError: Error, Sendable, Hashable, CustomStringConvertible {
    public var pattern: String
    public var reason: String

    public init(pattern: String, reason: String) {
        self.pattern = pattern
        self.reason = reason
    }

    public var description: String { reason }
}
