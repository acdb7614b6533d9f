import LabelJSON
import LabelModel

/// `check`'s and `report`'s options about room to spare (docs/fixes.md, "Headroom").
let headroomOptions: [OptionSpec] = [
    .option("headroom", "PT", help: "Warn about texts that fit with less than PT points to spare (kind tight; does not fail)."),
    .option("min-category", "CATEGORY",
            help: "Fail texts that do not fit at every content size category up to CATEGORY (a name, or AX1-AX5; kind category)."),
]

/// `--headroom PT`: a decimal number of points, not negative.
func headroomBelow(_ arguments: ParsedArguments) throws -> Double? {
    guard let text = arguments.value("headroom") else { return nil }
    guard let points = parseDecimal(text), points >= 0 else {
        throw UsageError(message: "The value '\(text)' of '--headroom' must be a decimal number of points, 0 or more.",
                         commandPath: arguments.path)
    }
    return points
}

/// `--min-category CATEGORY`, read by the one parser of category names.
func minimumCategory(_ arguments: ParsedArguments) throws -> ContentSizeCategory? {
    guard let name = arguments.value("min-category") else { return nil }
    guard let category = ContentSizeCategory(named: name) else {
        throw UsageError(message: "The value '\(name)' of '--min-category' is not a content size category (one of \(ContentSizeCategory.names), or AX1-AX5).",
                         commandPath: arguments.path)
    }
    return category
}
