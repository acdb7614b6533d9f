/// The user's text size (`UIContentSizeCategory`): an input of every layout, since labels set
/// in a text style, or scaled with one, grow and shrink with it. `large` is iOS's default.
public enum ContentSizeCategory: String, Sendable, CaseIterable, Comparable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// Position from the smallest (0) to the largest (11).
    package var index: Int {
        switch self {
        case .extraSmall: 0
        case .small: 1
        case .medium: 2
        case .large: 3
        case .extraLarge: 4
        case .extraExtraLarge: 5
        case .extraExtraExtraLarge: 6
        case .accessibilityMedium: 7
        case .accessibilityLarge: 8
        case .accessibilityExtraLarge: 9
        case .accessibilityExtraExtraLarge: 10
        case .accessibilityExtraExtraExtraLarge: 11
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }
}

extension ContentSizeCategory {
    /// The category a UIKit name stands for, in any case (`large`, `LARGE`,
    /// `accessibilityExtraLarge`), or an accessibility category's short name as iOS's settings
    /// number them (`AX1` = `accessibilityMedium` … `AX5` = `accessibilityExtraExtraExtraLarge`):
    /// the one reading of a category's name, for settings, definitions and every command's
    /// options. Nil for a name that is none.
    public init?(named name: String) {
        let lowered = name.lowercased()
        if lowered.count == 3, lowered.hasPrefix("ax"), let number = Int(lowered.dropFirst(2)), (1...5).contains(number) {
            self = Self.allCases[Self.accessibilityMedium.index + number - 1]
            return
        }
        guard let category = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered }) else { return nil }
        self = category
    }

    /// The same, an error naming `field` and listing the names for a name that is none.
    public static func named(_ name: String, field: String = "contentSizeCategory") throws(LayoutError) -> ContentSizeCategory {
        guard let category = ContentSizeCategory(named: name) else {
            throw .invalidField(field: field, message: "unknown content size category \"\(name)\" (expected one of \(names))")
        }
        return category
    }

    /// Every category's UIKit name, from the smallest, comma-separated (for messages).
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// A Dynamic Type text style (`UIFont.TextStyle`): a font size for each content size category,
/// as iOS sets `preferredFont(forTextStyle:)`, and a weight (headline is semibold).
public enum TextStyle: String, Sendable, CaseIterable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// Point sizes from `extraSmall` to `accessibilityExtraExtraExtraLarge`, as measured on iOS,
    /// by style (`row`): one table, read for every layout.
    private static let sizes: [[Double]] = [
        [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60], // largeTitle
        [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58], // title1
        [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56], // title2
        [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55], // title3
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53], // headline, body
        [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51], // callout
        [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49], // subheadline
        [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44], // footnote
        [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43], // caption1
        [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41], // caption2
    ]

    private var row: Int {
        switch self {
        case .largeTitle: 0
        case .title1: 1
        case .title2: 2
        case .title3: 3
        case .headline, .body: 4
        case .callout: 5
        case .subheadline: 6
        case .footnote: 7
        case .caption1: 8
        case .caption2: 9
        }
    }

    /// The style's point size at a content size category.
    public func pointSize(in category: ContentSizeCategory) -> Double { Self.sizes[row][category.index] }

    /// The style's weight when the label names none: semibold (600) for headline, else regular.
    public var defaultWeight: Int { self == .headline ? 600 : 400 }
}

extension FontSpec {
    /// The point size a layout at `category` uses: a text style's size at that category; a
    /// fixed size scaled with a style (`UIFontMetrics`) by the ratio of that style's size at
    /// the category to its size at `large`; else the fixed size.
    public func pointSize(in category: ContentSizeCategory) -> Double {
        if let textStyle { return textStyle.pointSize(in: category) }
        if let scalesWithCategory {
            return size * scalesWithCategory.pointSize(in: category) / scalesWithCategory.pointSize(in: .large)
        }
        return size
    }
}
