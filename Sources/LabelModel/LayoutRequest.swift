import LabelJSON

/// A definition and which of its layouts to compute: what `measure` reads. Besides the
/// definition's own fields, the JSON object may carry `"locale"`, `"variant"` and
/// `"contentSizeCategory"`; those missing take the defaults given.
///
/// ```swift
/// let request = try LayoutRequest(json: .parse(#"{"name": "a", "text": "Hi", "contentSizeCategory": "extraLarge",
///                                                 "frame": {"x": 0, "y": 0, "width": 100, "height": 40}}"#))
/// let layout = try LayoutEngine().layout(request)
/// ```
public struct LayoutRequest: Sendable, Hashable {
    public var definition: LabelDefinition
    public var locale: String
    public var variant: String
    public var category: ContentSizeCategory

    public init(definition: LabelDefinition, locale: String = "", variant: String = "", category: ContentSizeCategory = .large) {
        self.definition = definition
        self.locale = locale
        self.variant = variant
        self.category = category
    }

    public init(json: JSONValue, locale: String = "", variant: String = "", category: ContentSizeCategory = .large) throws(LayoutError) {
        guard var object = json.object else {
            throw .invalidField(field: "definition", message: "must be a JSON object, got \(json.kindDescription)")
        }
        func take(_ key: String) throws(LayoutError) -> String? {
            guard let value = object[key] else { return nil }
            object[key] = nil
            guard let text = value.string else {
                throw .invalidField(field: key, message: "must be a string, got \(value.kindDescription)")
            }
            return text
        }
        let requestedLocale = try take("locale")
        let requestedVariant = try take("variant")
        let requestedCategory = try take("contentSizeCategory")
        self.init(definition: try LabelDefinition(json: .object(object)), locale: requestedLocale ?? locale,
                  variant: requestedVariant ?? variant,
                  category: try requestedCategory.map { text throws(LayoutError) in try ContentSizeCategory.named(text) } ?? category)
    }
}
