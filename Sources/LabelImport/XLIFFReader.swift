import LabelModel

/// Reads XLIFF 1.2 as Xcode exports it (`.xliff`, alone or in an `.xcloc`): each
/// `<file original="…" source-language target-language>` holds one table (its name from
/// `original`: `App/en.lproj/Localizable.strings` → `Localizable`, `Main.storyboard` → `Main`,
/// `Info.plist` → `InfoPlist`), each `<trans-unit id>` one key, whose `<target>` (its text, inline
/// elements' text included) is the translation into the target language. Units without a
/// `<target>` are untranslated and skipped.
///
/// Units of a `.stringsdict` (ids `/KEY:dict/NSStringLocalizedFormatKey:dict/:string`,
/// `/KEY:dict/VAR:dict/FORM:dict/:string`) and of a String Catalog (`KEY`,
/// `KEY|==|plural.one`, `KEY|==|device.iphone.plural.other`,
/// `KEY|==|substitutions.VAR.plural.one`) are put back together and expanded into variants,
/// named as for the files themselves.
enum XLIFFReader {
    /// Reads one XLIFF file; `locale` stands in for a `<file>` without `target-language`.
    static func read<E: Error>(_ file: MappedFile, locale fallbackLocale: String?,
                               emit: (ImportedItem) throws(ImportFailure<E>) -> Void) throws(ImportFailure<E>) {
        let reader = try ImportFailure<E>.attempt { () throws(ImportError) in try document(file) }
        var current: FileSection?
        while let element = try ImportFailure<E>.attempt({ () throws(ImportError) in try reader.nextElement() }) {
            switch element.name {
            case "file":
                if let section = current { try section.flush(emit: emit) }
                let attributes = try ImportFailure<E>.attempt { () throws(ImportError) in try reader.attributes() }
                func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
                let original = attribute("original") ?? ""
                current = FileSection(path: file.path, original: original, line: reader.line(),
                                      sourceLanguage: attribute("source-language"),
                                      targetLanguage: attribute("target-language") ?? fallbackLocale)
            case "trans-unit":
                let unit = try ImportFailure<E>.attempt { () throws(ImportError) in try reader.readElement() }
                guard current != nil else {
                    throw .file(.malformed(FileLocation(file: file.path, line: unit.line, element: unit.tag(identifiedBy: "id")),
                                           key: unit.attribute("id"), problem: .syntax("<trans-unit> outside a <file>")))
                }
                try current!.add(unit, emit: emit)
            default:
                break
            }
        }
        if let section = current { try section.flush(emit: emit) }
    }

    /// A reader of an XLIFF 1.x document, past its `<xliff>` element; another document, or
    /// another version of XLIFF, is refused.
    static func document(_ file: MappedFile) throws(ImportError) -> XMLReader {
        let reader = try XMLReader(file: file)
        guard let root = try reader.nextElement() else {
            throw .malformed(FileLocation(file: file.path), key: nil, problem: .missing("the <xliff> element"))
        }
        let version = try reader.attributes().first { $0.name == "version" }?.value ?? "1.2"
        guard root.name == "xliff", version.hasPrefix("1.") else {
            let what = root.name == "xliff" ? "XLIFF \(version) (labelcat reads XLIFF 1.2)" : "<\(root.name)> where <xliff> was expected"
            throw .malformed(FileLocation(file: file.path, line: reader.line(), element: "<\(root.name)>"), key: nil,
                             problem: .unsupportedDocument(what))
        }
        return reader
    }

    /// What a `<file>` holds: a strings table, a stringsdict or a String Catalog.
    enum TableKind { case table, stringsDictionary, stringCatalog }

    /// The table a `<file original="…">` holds and its kind: `App/en.lproj/Localizable.strings`
    /// → `Localizable`, `Main.storyboard` → `Main`, `Info.plist` → `InfoPlist`.
    static func table(original: String) -> (name: String, kind: TableKind) {
        let name = original.split(separator: "/").last.map(String.init) ?? original
        let dot = name.lastIndex(of: ".")
        let base = dot.map { String(name[..<$0]) } ?? name
        let fileExtension = dot.map { String(name[name.index(after: $0)...]) } ?? ""
        let kind: TableKind = switch fileExtension {
        case "stringsdict": .stringsDictionary
        case "xcstrings": .stringCatalog
        default: .table
        }
        return (fileExtension == "plist" && base == "Info" ? "InfoPlist" : base, kind)
    }

    /// The key a `<trans-unit id>` is a unit of: the id itself in a strings table, the key of
    /// a String Catalog's variation (`KEY|==|plural.one`) or of a stringsdict's form
    /// (`/KEY:dict/…:dict/:string`); nil for an id of neither form.
    static func key(ofUnit id: String, in kind: TableKind) -> String? {
        switch kind {
        case .table: id
        case .stringCatalog: FileSection.catalogPath(id)?.0
        case .stringsDictionary: FileSection.stringsDictionaryPath(id)?.0
        }
    }

    /// The XLIFF state of a `<target>` as a translation state; nil for none or an `x-` state.
    static func state(_ name: String?) throws(ImportProblem) -> TranslationState? {
        switch name {
        case nil: return nil
        case "new"?, "needs-translation"?: return .new
        case "translated"?, "final"?, "signed-off"?: return .translated
        case "needs-review-translation"?, "needs-review-l10n"?, "needs-review-adaptation"?,
             "needs-adaptation"?, "needs-l10n"?: return .needsReview
        case let custom? where custom.hasPrefix("x-"): return nil
        case let unknown?: throw .unknownState(unknown)
        }
    }
}

/// One `<file>` of an XLIFF document as it is read.
private struct FileSection {
    struct Unit {
        var path: String
        var value: String
        var state: TranslationState?
        var line: Int
        var note: String?
    }

    let path: String
    let table: String
    let kind: XLIFFReader.TableKind
    let locale: String?
    let isSourceLanguage: Bool
    /// Units of a stringsdict or String Catalog by key, keys in first-seen order.
    var units: [String: [Unit]] = [:]
    var keys: [String] = []

    init(path: String, original: String, line: Int, sourceLanguage: String?, targetLanguage: String?) {
        self.path = path
        (table, kind) = XLIFFReader.table(original: original)
        locale = targetLanguage
        isSourceLanguage = targetLanguage != nil && targetLanguage == sourceLanguage
    }

    func location(_ unit: XMLElement) -> FileLocation {
        FileLocation(file: path, line: unit.line, element: unit.tag(identifiedBy: "id"))
    }

    mutating func add<E: Error>(_ element: XMLElement, emit: (ImportedItem) throws(ImportFailure<E>) -> Void) throws(ImportFailure<E>) {
        guard let id = element.attribute("id") else {
            throw .file(.malformed(location(element), key: nil, problem: .missing("the id of <trans-unit>")))
        }
        guard let locale, let target = element.element("target") else { return }
        let state: TranslationState?
        do throws(ImportProblem) {
            state = try XLIFFReader.state(target.attribute("state"))
        } catch {
            throw .file(.malformed(location(element), key: id, problem: error))
        }
        let note = element.element("note").map(\.textContent).flatMap { $0.isEmpty ? nil : $0 }
        switch kind {
        case .table:
            var string = LocalizedString(table: table, key: id, locale: locale, value: target.textContent, state: state,
                                         source: location(element))
            string.comment = note
            string.isSourceLanguage = isSourceLanguage
            try emit(.string(string))
        case .stringsDictionary, .stringCatalog:
            guard let (key, unitPath) = kind == .stringCatalog ? Self.catalogPath(id) : Self.stringsDictionaryPath(id) else {
                let expected = kind == .stringCatalog ? "KEY or KEY|==|VARIATION" : "/KEY:dict/…:dict/:string"
                throw .file(.malformed(location(element), key: id, problem: .syntax("a trans-unit id of the form \(expected)")))
            }
            if units[key] == nil { keys.append(key) }
            units[key, default: []].append(Unit(path: unitPath, value: target.textContent, state: state,
                                                line: element.line, note: note))
        }
    }

    /// `KEY|==|plural.one` → (KEY, `plural.one`); a plain id → (id, "").
    static func catalogPath(_ id: String) -> (String, String)? {
        guard let range = id.firstRange(of: "|==|") else { return (id, "") }
        return (String(id[..<range.lowerBound]), String(id[range.upperBound...]))
    }

    /// `/KEY:dict/NSStringLocalizedFormatKey:dict/:string` → (KEY, "");
    /// `/KEY:dict/VAR:dict/FORM:dict/:string` → (KEY, "VAR/FORM").
    static func stringsDictionaryPath(_ id: String) -> (String, String)? {
        let suffix = ":dict/:string"
        guard id.hasPrefix("/"), id.hasSuffix(suffix), id.count > suffix.count + 1 else { return nil }
        let inner = String(id.dropFirst().dropLast(suffix.count))
        let formatSuffix = ":dict/" + StringsDictionaryReader.formatKey
        if inner.hasSuffix(formatSuffix) { return (String(inner.dropLast(formatSuffix.count)), "") }
        var parts = inner.split(separator: ":dict/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3 else { return nil }
        let form = parts.removeLast()
        let variable = parts.removeLast()
        return (parts.joined(separator: ":dict/"), variable + "/" + form)
    }

    /// Puts each key's units together and hands on its texts.
    func flush<E: Error>(emit: (ImportedItem) throws(ImportFailure<E>) -> Void) throws(ImportFailure<E>) {
        guard let locale else { return }
        for key in keys {
            let keyUnits = units[key] ?? []
            let first = keyUnits[0]
            let varied: VariedText
            do throws(ImportProblem) {
                varied = try kind == .stringCatalog ? Self.catalogText(keyUnits) : Self.stringsDictionaryText(keyUnits)
            } catch {
                throw .file(.malformed(FileLocation(file: path, line: first.line), key: key, problem: error))
            }
            let texts: [ExpandedText]
            do throws(ImportProblem) {
                texts = try varied.expanded()
            } catch {
                // A unit of the key is not translated yet: the key is, as a whole, untranslated.
                if case .undefinedSubstitution = error { continue }
                throw .file(.malformed(FileLocation(file: path, line: first.line), key: key, problem: error))
            }
            for text in texts {
                var string = LocalizedString(table: table, key: key, locale: locale, variant: text.variant, value: text.value,
                                             state: text.state, source: FileLocation(file: path, line: text.line ?? first.line))
                string.comment = first.note
                string.isSourceLanguage = isSourceLanguage
                try emit(.string(string))
            }
        }
    }

    private static func leaf(_ unit: Unit) -> VariedText.Leaf {
        VariedText.Leaf(value: unit.value, state: unit.state, line: unit.line)
    }

    /// A String Catalog key from its units: the plain unit, variation paths
    /// (`device.iphone.plural.one`) and substitution forms (`substitutions.NAME.plural.one`).
    static func catalogText(_ units: [Unit]) throws(ImportProblem) -> VariedText {
        var content: VariedText.Content?
        var substitutions: [String: VariedText.Substitution] = [:]
        for unit in units {
            if unit.path.isEmpty {
                if content == nil { content = .leaf(leaf(unit)) }
                continue
            }
            if unit.path.hasPrefix("substitutions.") {
                let rest = unit.path.dropFirst("substitutions.".count)
                guard let marker = rest.ranges(of: ".plural.").last,
                      let category = PluralCategory(rawValue: String(rest[marker.upperBound...])) else {
                    throw .unknownVariation(unit.path)
                }
                let name = String(rest[..<marker.lowerBound])
                substitutions[name, default: VariedText.Substitution(name: name, formatSpecifier: "lld")].forms
                    .append((category, leaf(unit)))
                continue
            }
            let parts = unit.path.split(separator: ".").map(String.init)
            guard parts.count % 2 == 0 else { throw .unknownVariation(unit.path) }
            var path: [(kind: String, name: String)] = []
            for index in stride(from: 0, to: parts.count, by: 2) {
                guard parts[index] == "plural" || parts[index] == "device" else { throw .unknownVariation(parts[index]) }
                if parts[index] == "plural", PluralCategory(rawValue: parts[index + 1]) == nil {
                    throw .unknownPluralCategory(parts[index + 1])
                }
                path.append((parts[index], parts[index + 1]))
            }
            if case .leaf? = content { content = nil }
            guard let inserted = VariedText.Content.inserting(leaf(unit), at: path[...], into: content) else {
                throw .unknownVariation(unit.path)
            }
            content = inserted
        }
        guard let content else { throw .missing("the unit of the key itself") }
        return VariedText(content: content, substitutions: substitutions)
    }

    /// A stringsdict key from its units: the format (`""`) and the variables' forms (`VAR/FORM`).
    static func stringsDictionaryText(_ units: [Unit]) throws(ImportProblem) -> VariedText {
        var content: VariedText.Content?
        var substitutions: [String: VariedText.Substitution] = [:]
        for unit in units {
            if unit.path.isEmpty {
                content = .leaf(leaf(unit))
                continue
            }
            let parts = unit.path.split(separator: "/", maxSplits: 1).map(String.init)
            let (variable, form) = (parts[0], parts.count > 1 ? parts[1] : "")
            if variable == StringsDictionaryReader.deviceRule || variable == StringsDictionaryReader.widthRule {
                let kind = variable == StringsDictionaryReader.deviceRule ? "device" : "width"
                guard let inserted = VariedText.Content.inserting(leaf(unit), at: [(kind, form)][...], into: content) else {
                    throw .unknownVariation(unit.path)
                }
                content = inserted
                continue
            }
            guard let category = PluralCategory(rawValue: form) else { throw .unknownPluralCategory(form) }
            substitutions[variable, default: VariedText.Substitution(name: variable)].forms.append((category, leaf(unit)))
        }
        if content == nil, substitutions.count == 1, let variable = substitutions.keys.first {
            // Xcode leaves out a format that is nothing but its one variable (`%#@count@`).
            content = .leaf(VariedText.Leaf(value: "%#@\(variable)@", state: nil, line: units[0].line))
        }
        guard let content else { throw .missing(StringsDictionaryReader.formatKey) }
        return VariedText(content: content, substitutions: substitutions)
    }
}
