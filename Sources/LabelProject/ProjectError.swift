import LabelYAML

/// Why a project file cannot be used: the file, the line and column, the key (a dotted path
/// such as `labels.frame.width`, `overrides.Main.storyboard/abc-12-xyz.numberOfLines`) and
/// what is wrong. Printed as `file:line:column: key: problem`, every value from the file made
/// printable.
public struct ProjectError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var mark: YAMLMark?
    public var key: String?
    public var problem: ProjectProblem

    public init(file: String, mark: YAMLMark? = nil, key: String? = nil, problem: ProjectProblem) {
        self.file = file
        self.mark = mark
        self.key = key
        self.problem = problem
    }

    /// The line, when the error has a position.
    public var line: Int? { mark?.line }

    public var description: String {
        var text = PrintableText.escaped(file)
        if let mark { text += ":\(mark)" }
        text += ": "
        if let key { text += PrintableText.escaped(key) + ": " }
        return text + problem.description
    }
}

/// What is wrong in a project file.
public enum ProjectProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not YAML labelcat can read (or cannot be read at all).
    case yaml(YAMLProblem)
    /// A key the file format does not have; `suggestion` is the known key it is closest to.
    case unknownKey(suggestion: String?)
    /// A required key is absent (the error's key names it).
    case missingKey
    /// A value of the wrong kind or out of range: what was expected, what was found.
    case invalidValue(String)
    /// A name not in a fixed list (a device, a content size category, a pseudolanguage, a
    /// label definition field): the kind of name, the name, the closest known one, and all.
    case unknownName(kind: String, name: String, suggestion: String?, known: [String])
    /// A path that does not exist (as resolved against the project folder).
    case missingPath(String)
    /// A strings-table key two `labels` entries match: the key and both entries' lines.
    case keyMatchedTwice(key: String, firstLine: Int, secondLine: Int)

    public var description: String {
        switch self {
        case .yaml(let problem):
            return problem.description
        case .unknownKey(let suggestion):
            return "unknown key" + (suggestion.map { " (did you mean \(PrintableText.quoted($0))?)" } ?? "")
        case .missingKey:
            return "is required"
        case .invalidValue(let message):
            return message
        case .unknownName(let kind, let name, let suggestion, let known):
            let hint = suggestion.map { "did you mean \(PrintableText.quoted($0))?" } ?? "expected one of \(known.joined(separator: ", "))"
            return "unknown \(kind) \(PrintableText.quoted(name)) (\(hint))"
        case .missingPath(let path):
            return "\(PrintableText.quoted(path)) does not exist"
        case .keyMatchedTwice(let key, let firstLine, let secondLine):
            return "the key \(PrintableText.quoted(key)) matches the entries at lines \(firstLine) and \(secondLine); a key may match one entry only"
        }
    }
}

/// The known word closest to a misspelt one, for "did you mean" hints.
enum Suggestion {
    /// The candidate equal to `word` but for case, else the one a prefix of which `word` is
    /// (`iPhone SE` → `iPhone SE (3rd generation)`), else the nearest by edit distance (letters
    /// inserted, deleted, replaced or swapped, without regard to case) when it is close enough:
    /// at most a third of the word's length, at least 1, at most 3.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        guard !lowered.isEmpty else { return nil }
        if let same = candidates.first(where: { $0.lowercased() == lowered }) { return same }
        if lowered.count >= 3, let extended = candidates.first(where: { $0.lowercased().hasPrefix(lowered) }) { return extended }
        let limit = min(3, max(1, lowered.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(Array(lowered.unicodeScalars), Array(candidate.lowercased().unicodeScalars))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// The optimal string alignment distance (Levenshtein with adjacent swaps). Words past 64
    /// characters are not compared (the distance is their length difference plus 64).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard a.count <= 64, b.count <= 64 else { return abs(a.count - b.count) + 64 }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var twoBack: [Int] = []
        var previous: [Int] = []
        var row = Array(0...b.count)
        for i in 1...a.count {
            twoBack = previous
            previous = row
            row = [Int](repeating: 0, count: b.count + 1)
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], twoBack[j - 2] + 1)
                }
            }
        }
        return row[b.count]
    }
}
