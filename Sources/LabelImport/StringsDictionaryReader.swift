import LabelModel

/// Reads a `.stringsdict` (an XML property list): for each key, `NSStringLocalizedFormatKey`
/// with its variables (`NSStringFormatSpecTypeKey` = `NSStringPluralRuleType`, an optional
/// `NSStringFormatValueTypeKey`, and the plural forms `zero` … `other`), or a
/// `NSStringDeviceSpecificRuleType` dictionary (device → text) or a
/// `NSStringVariableWidthRuleType` dictionary (width → text). Each plural form, device and
/// width becomes its own text (see `VariedText.expanded`).
enum StringsDictionaryReader {
    static let formatKey = "NSStringLocalizedFormatKey"
    static let deviceRule = "NSStringDeviceSpecificRuleType"
    static let widthRule = "NSStringVariableWidthRuleType"

    static func read<E: Error>(_ file: MappedFile, table: String, locale: String,
                               emit: (ImportedItem) throws(ImportFailure<E>) -> Void) throws(ImportFailure<E>) {
        let list = try ImportFailure<E>.attempt { () throws(ImportError) in
            let reader = try XMLReader(file: file)
            guard try reader.nextElement() != nil else {
                throw .malformed(FileLocation(file: file.path), key: nil, problem: .missing("the <plist> element"))
            }
            return try PropertyList.read(document: reader.readElement(), file: file.path)
        }
        guard let entries = list.dictionary else {
            throw .file(.malformed(FileLocation(file: file.path, line: list.line), key: nil,
                                   problem: .shape(path: "plist", expected: "a dictionary of keys", found: list.kindDescription)))
        }
        var firstLines: [String: Int] = [:]
        for entry in entries {
            if let first = firstLines[entry.key] {
                try emit(.warning(.duplicateKey(FileLocation(file: file.path, line: entry.keyLine), key: entry.key, firstLine: first)))
            }
            firstLines[entry.key] = firstLines[entry.key] ?? entry.keyLine
        }
        // A key given twice: the last one counts, emitted once.
        var lastIndex: [String: Int] = [:]
        for (index, entry) in entries.enumerated() { lastIndex[entry.key] = index }
        for (index, entry) in entries.enumerated() where lastIndex[entry.key] == index {
            let location = FileLocation(file: file.path, line: entry.keyLine)
            let texts: [ExpandedText]
            do throws(ImportProblem) {
                texts = try variedText(entry.value).expanded()
            } catch {
                throw .file(.malformed(location, key: entry.key, problem: error))
            }
            for text in texts {
                let string = LocalizedString(table: table, key: entry.key, locale: locale, variant: text.variant,
                                             value: text.value, source: FileLocation(file: file.path, line: text.line ?? entry.keyLine))
                try emit(.string(string))
            }
        }
    }

    /// The varied text of one entry's dictionary.
    static func variedText(_ value: PropertyList) throws(ImportProblem) -> VariedText {
        guard let members = value.dictionary else {
            throw .shape(path: "value", expected: "a dictionary", found: value.kindDescription)
        }
        var content: VariedText.Content?
        var substitutions: [String: VariedText.Substitution] = [:]
        for member in members {
            switch member.key {
            case formatKey:
                guard let text = member.value.string else {
                    throw .shape(path: formatKey, expected: "a string", found: member.value.kindDescription)
                }
                content = .leaf(VariedText.Leaf(value: text, line: member.value.line))
            case deviceRule, widthRule:
                guard let cases = member.value.dictionary else {
                    throw .shape(path: member.key, expected: "a dictionary", found: member.value.kindDescription)
                }
                var variations: [(name: String, content: VariedText.Content)] = []
                for item in cases {
                    guard let text = item.value.string else {
                        throw .shape(path: "\(member.key).\(item.key)", expected: "a string", found: item.value.kindDescription)
                    }
                    variations.append((item.key, .leaf(VariedText.Leaf(value: text, line: item.value.line))))
                }
                content = .variations(kind: member.key == deviceRule ? "device" : "width", cases: variations)
            default:
                substitutions[member.key] = try variable(named: member.key, member.value)
            }
        }
        guard let content else { throw .missing(formatKey) }
        return VariedText(content: content, substitutions: substitutions)
    }

    /// A plural variable's dictionary.
    private static func variable(named name: String, _ value: PropertyList) throws(ImportProblem) -> VariedText.Substitution {
        guard let members = value.dictionary else {
            throw .shape(path: name, expected: "a dictionary (a variable's plural rule)", found: value.kindDescription)
        }
        var substitution = VariedText.Substitution(name: name)
        var specType: String?
        for member in members {
            switch member.key {
            case "NSStringFormatSpecTypeKey":
                specType = member.value.string
                guard specType != nil else {
                    throw .shape(path: "\(name).\(member.key)", expected: "a string", found: member.value.kindDescription)
                }
            case "NSStringFormatValueTypeKey":
                guard let type = member.value.string else {
                    throw .shape(path: "\(name).\(member.key)", expected: "a string", found: member.value.kindDescription)
                }
                substitution.formatSpecifier = type
            default:
                guard let category = PluralCategory(rawValue: member.key) else {
                    throw .unknownPluralCategory(member.key)
                }
                guard let text = member.value.string else {
                    throw .shape(path: "\(name).\(member.key)", expected: "a string", found: member.value.kindDescription)
                }
                substitution.forms.append((category, VariedText.Leaf(value: text, line: member.value.line)))
            }
        }
        guard let specType else { throw .missing("\(name).NSStringFormatSpecTypeKey") }
        guard specType == "NSStringPluralRuleType" else { throw .unknownVariation(specType) }
        return substitution
    }
}
