import LabelJSON

/// Translations as JSON, `{"de": {"checkout.title": "Zur Kasse"}}`: texts by locale, then by
/// label name; locale "" holds base texts. What `setTexts` takes, read from a document.
public enum JSONStringsTable {
    /// The table's entries in document order, or nil when `document` is not such a table (a
    /// label definition, an empty object, a member that is not an object of strings).
    public static func entries(_ document: JSONValue) -> [(label: String, locale: String, text: String)]? {
        guard let locales = document.object, locales["name"] == nil, locales.count > 0 else { return nil }
        var entries: [(label: String, locale: String, text: String)] = []
        for (locale, names) in locales {
            guard let names = names.object else { return nil }
            for (name, text) in names {
                guard let text = text.string else { return nil }
                entries.append((name, locale, text))
            }
        }
        return entries
    }
}
