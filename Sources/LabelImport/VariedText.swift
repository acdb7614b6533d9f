#if canImport(Glibc)
import Glibc
#endif
import LabelModel

/// The text of one key in one locale with its variations, as String Catalogs, stringsdict
/// files and XLIFF exports of them all describe it: a text, or variations by `plural`,
/// `device` or `width` (nested), whose texts may refer to substitutions (`%#@name@`) with plural
/// forms of their own. `expanded()` turns it into one plain text per variant.
struct VariedText {
    struct Leaf {
        var value: String
        var state: TranslationState?
        var line: Int?
    }

    indirect enum Content {
        case leaf(Leaf)
        /// Variations of one kind (`plural`, `device`, `width`) by case, in file order.
        case variations(kind: String, cases: [(name: String, content: Content)])
    }

    /// A `%#@name@` substitution: its plural forms, and the argument and conversion its
    /// `%arg` placeholder stands for (String Catalogs; a stringsdict's value type).
    struct Substitution {
        var name: String
        var argumentNumber: Int?
        var formatSpecifier: String?
        var forms: [(category: PluralCategory, leaf: Leaf)] = []
    }

    var content: Content
    var substitutions: [String: Substitution] = [:]

    /// The most variants one key of one locale may have (every plural form of every variable
    /// times every device): a guard against a file that would multiply without end.
    static let maximumVariants = 4096

    /// One text per variant, with its variant name (see docs/xcode-files.md): the variations'
    /// segments in nesting order (`device.iphone`, `width.20`, `plural.one`), then one segment per
    /// substitution the text refers to, in argument order — `plural.FORM` when the text has one
    /// plural dimension in all, else `plural.NAME.FORM` for each substitution.
    func expanded() throws(ImportProblem) -> [ExpandedText] {
        var result: [ExpandedText] = []
        try walk(content, segments: [], hasOwnPlural: false, into: &result)
        return result
    }

    private func walk(_ content: Content, segments: [String], hasOwnPlural: Bool,
                      into result: inout [ExpandedText]) throws(ImportProblem) {
        switch content {
        case .leaf(let leaf):
            try expand(leaf, segments: segments, hasOwnPlural: hasOwnPlural, into: &result)
        case .variations(let kind, let cases):
            for (name, inner) in cases {
                try walk(inner, segments: segments + ["\(kind).\(name)"],
                         hasOwnPlural: hasOwnPlural || kind == "plural", into: &result)
            }
        }
    }

    /// The substitutions `text` refers to, and those their forms refer to, ordered by argument.
    private func referencedSubstitutions(of text: String) throws(ImportProblem) -> [Substitution] {
        var found: [(argument: Int, substitution: Substitution)] = []
        var pending = [text]
        var seen: Set<String> = []
        while let next = pending.popLast() {
            for specifier in FormatArguments.specifiers(in: next) {
                guard case .variable(let name) = specifier.kind, seen.insert(name).inserted else { continue }
                guard let substitution = substitutions[name], !substitution.forms.isEmpty else {
                    throw .undefinedSubstitution(name)
                }
                found.append((substitution.argumentNumber ?? specifier.argument ?? 0, substitution))
                pending.append(contentsOf: substitution.forms.map(\.leaf.value))
            }
        }
        return found.sorted { ($0.argument, $0.substitution.name) < ($1.argument, $1.substitution.name) }.map(\.substitution)
    }

    private func expand(_ leaf: Leaf, segments: [String], hasOwnPlural: Bool,
                        into result: inout [ExpandedText]) throws(ImportProblem) {
        let used = leaf.value.containsPercent ? try referencedSubstitutions(of: leaf.value) : []
        guard !used.isEmpty else {
            result.append(ExpandedText(variant: segments.joined(separator: "."), value: leaf.value,
                                       state: leaf.state, line: leaf.line))
            return
        }
        let namesForms = used.count + (hasOwnPlural ? 1 : 0) > 1
        var combinations = 1
        for substitution in used {
            combinations *= substitution.forms.count
            guard combinations <= Self.maximumVariants else {
                throw .shape(path: "substitutions", expected: "at most \(Self.maximumVariants) combinations of forms",
                             found: "more")
            }
        }
        // Every combination of forms, the last substitution varying fastest.
        var choice = [Int](repeating: 0, count: used.count)
        for _ in 0..<combinations {
            var selected: [String: (Substitution, Leaf)] = [:]
            var variant = segments
            var state = leaf.state
            var line = leaf.line
            for (index, substitution) in used.enumerated() {
                let form = substitution.forms[choice[index]]
                selected[substitution.name] = (substitution, form.leaf)
                variant.append(namesForms ? "plural.\(substitution.name).\(form.category.rawValue)"
                                          : "plural.\(form.category.rawValue)")
                state = Self.weaker(state, form.leaf.state)
                line = form.leaf.line ?? line
            }
            let value = try Self.compose(leaf.value, selected: selected, depth: 0)
            result.append(ExpandedText(variant: variant.joined(separator: "."), value: value, state: state, line: line))
            var position = used.count - 1
            while position >= 0 {
                choice[position] += 1
                if choice[position] < used[position].forms.count { break }
                choice[position] = 0
                position -= 1
            }
        }
    }

    /// The state of a text made of parts: the least finished part's.
    static func weaker(_ a: TranslationState?, _ b: TranslationState?) -> TranslationState? {
        func rank(_ state: TranslationState?) -> Int {
            switch state {
            case nil: return 0
            case .translated?: return 1
            case .stale?: return 2
            case .needsReview?: return 3
            case .new?: return 4
            }
        }
        return rank(a) >= rank(b) ? a : b
    }

    /// `text` with each `%#@name@` replaced by the selected form of `name`. In a form, `%arg`
    /// becomes the substitution's conversion (`%lld`); when the text has several arguments, the
    /// form's unnumbered conversions are numbered from the substitution's argument (`%d` →
    /// `%2$d`), so every number still formats its own argument.
    static func compose(_ text: String, selected: [String: (Substitution, Leaf)], depth: Int) throws(ImportProblem) -> String {
        let specifiers = FormatArguments.specifiers(in: text)
        guard specifiers.contains(where: { if case .variable = $0.kind { return true } else { return false } }) else {
            return text
        }
        guard depth < 8 else { throw .shape(path: "substitutions", expected: "nested at most 8 deep", found: "deeper") }
        let argumentCount = Set(specifiers.compactMap(\.argument)).count
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var copied = 0
        for specifier in specifiers {
            guard case .variable(let name) = specifier.kind else { continue }
            guard let (substitution, leaf) = selected[name] else { throw .undefinedSubstitution(name) }
            let argument = substitution.argumentNumber ?? specifier.argument ?? 1
            let position = argumentCount > 1 ? "\(argument)$" : ""
            var form = leaf.value.replacingAll("%arg", with: "%" + position + (substitution.formatSpecifier ?? "d"))
            if argumentCount > 1 { form = numbered(form, from: argument) }
            form = try compose(form, selected: selected, depth: depth + 1)
            output.append(contentsOf: bytes[copied..<specifier.range.lowerBound])
            output.append(contentsOf: form.utf8)
            copied = specifier.range.upperBound
        }
        output.append(contentsOf: bytes[copied...])
        return String(decoding: output, as: UTF8.self)
    }

    /// `text` with its unnumbered conversions numbered from `first` on.
    private static func numbered(_ text: String, from first: Int) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var copied = 0
        var next = first
        for specifier in FormatArguments.specifiers(in: text) where !specifier.isPositional && specifier.argument != nil {
            output.append(contentsOf: bytes[copied...specifier.range.lowerBound])
            output.append(contentsOf: "\(next)$".utf8)
            next += 1
            copied = specifier.range.lowerBound + 1
        }
        output.append(contentsOf: bytes[copied...])
        return String(decoding: output, as: UTF8.self)
    }
}

/// One plain text of a varied text.
struct ExpandedText: Equatable {
    var variant: String
    var value: String
    var state: TranslationState?
    var line: Int?
}

extension VariedText.Content {
    /// This content with `leaf` placed at `path` (kind and case pairs, outermost first),
    /// making the variations on the way; false when a text already stands where variations
    /// would go, or variations of another kind.
    static func inserting(_ leaf: VariedText.Leaf, at path: ArraySlice<(kind: String, name: String)>,
                          into content: Self?) -> Self? {
        guard let (kind, name) = path.first else {
            return .leaf(leaf)
        }
        switch content {
        case nil:
            guard let inner = inserting(leaf, at: path.dropFirst(), into: nil) else { return nil }
            return .variations(kind: kind, cases: [(name, inner)])
        case .leaf?:
            // Variations replace a plain text of the same key (Xcode exports one or the other).
            return inserting(leaf, at: path, into: nil)
        case .variations(let existingKind, var cases)?:
            guard existingKind == kind else { return nil }
            if let index = cases.firstIndex(where: { $0.name == name }) {
                guard let inner = inserting(leaf, at: path.dropFirst(), into: cases[index].content) else { return nil }
                cases[index].content = inner
            } else {
                guard let inner = inserting(leaf, at: path.dropFirst(), into: nil) else { return nil }
                cases.append((name, inner))
            }
            return .variations(kind: kind, cases: cases)
        }
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, firstRange(of: target) != nil else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
