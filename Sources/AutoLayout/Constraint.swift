/// One `<constraint>` of an Interface Builder file, as `NSLayoutConstraint`:
/// `firstItem.firstAttribute  relation  secondItem.secondAttribute × multiplier + constant`,
/// or `firstItem.firstAttribute  relation  constant` when there is no second item.
public struct Constraint: Sendable, Hashable {
    /// The IB object id (`hGt-9x-abc`).
    public var id: String
    /// The view or layout guide id of the first item. IB leaves it out when it is the view
    /// holding the constraint; the reader fills that view's id in.
    public var firstItem: String
    public var firstAttribute: Attribute
    public var relation: Relation
    /// The view or guide id of the second item; nil for a constant (a width or height alone).
    public var secondItem: String?
    /// Nil exactly when `secondItem` is nil.
    public var secondAttribute: Attribute?
    /// 1 unless written (`"1:1"`, `"2/3"`, `"271:152"`, `"0.75"`: see `Constraint.multiplier(from:)`).
    public var multiplier: Double
    public var constant: Double
    /// 1000 (required) unless written.
    public var priority: Priority
    /// `symbolic="YES"`: IB's "standard" spacing; `constant` holds the value IB used.
    public var isSymbolic: Bool
    /// The view whose `<constraints>` holds it (UIKit installs it there).
    public var holder: String
    /// The constraint's `identifier`, which UIKit prints in its logs.
    public var identifier: String?
    /// False when the file's base (any width, any height) size class leaves it out
    /// (`<variation key="default"><mask key="constraints"><exclude reference=…>`).
    public var isInstalled: Bool
    /// Changes for other size classes (`<variation key="heightClass=compact" constant="8"/>`).
    public var variations: [TraitVariation]
    /// The line of the `<constraint>` element, when read from a file.
    public var line: Int?

    public init(id: String, firstItem: String, firstAttribute: Attribute, relation: Relation = .equal,
                secondItem: String? = nil, secondAttribute: Attribute? = nil, multiplier: Double = 1,
                constant: Double = 0, priority: Priority = .required, isSymbolic: Bool = false, holder: String,
                identifier: String? = nil, isInstalled: Bool = true, variations: [TraitVariation] = [], line: Int? = nil) {
        self.id = id
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.isSymbolic = isSymbolic
        self.holder = holder
        self.identifier = identifier
        self.isInstalled = isInstalled
        self.variations = variations
        self.line = line
    }

    /// The items it names: the first, and the second when there is one.
    public var items: [String] {
        secondItem.map { [firstItem, $0] } ?? [firstItem]
    }

    /// The multiplier IB wrote: a ratio `"a:b"` or `"a/b"` (a ÷ b), or a decimal number; nil
    /// for anything else, a zero divisor, or a value that is not finite.
    public static func multiplier(from text: String) -> Double? {
        for separator in [":", "/"] as [Character] where text.contains(separator) {
            let parts = text.split(separator: separator, omittingEmptySubsequences: false)
            guard parts.count == 2, let numerator = finiteNumber(parts[0]), let denominator = finiteNumber(parts[1]),
                  denominator != 0 else { return nil }
            let ratio = numerator / denominator
            return ratio.isFinite ? ratio : nil
        }
        return finiteNumber(Substring(text))
    }

    /// A decimal number as IB writes them (`12`, `-0.5`, `2.2250738585072014e-308`), finite.
    static func finiteNumber(_ text: Substring) -> Double? {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              let value = Double(trimmed), value.isFinite else { return nil }
        return value
    }
}

/// A constraint's relation, as `NSLayoutConstraint.Relation`.
public enum Relation: String, Sendable, Hashable, CaseIterable {
    case equal
    case greaterThanOrEqual
    case lessThanOrEqual
}

/// A constraint attribute, as `NSLayoutConstraint.Attribute`; the raw value is IB's spelling.
public enum Attribute: String, Sendable, Hashable, CaseIterable {
    case leading, trailing, left, right, top, bottom, width, height, centerX, centerY
    /// IB writes `baseline` for the last baseline.
    case lastBaseline = "baseline"
    case firstBaseline
    case leadingMargin, trailingMargin, leftMargin, rightMargin, topMargin, bottomMargin
    case centerXWithinMargins, centerYWithinMargins

    /// IB's spelling, or `lastBaseline` (accepted too).
    public init?(interfaceBuilderName name: String) {
        if name == "lastBaseline" {
            self = .lastBaseline
        } else {
            self.init(rawValue: name)
        }
    }

    /// The axis the attribute lies on.
    public var axis: Axis {
        switch self {
        case .leading, .trailing, .left, .right, .width, .centerX,
             .leadingMargin, .trailingMargin, .leftMargin, .rightMargin, .centerXWithinMargins:
            return .horizontal
        case .top, .bottom, .height, .centerY, .lastBaseline, .firstBaseline,
             .topMargin, .bottomMargin, .centerYWithinMargins:
            return .vertical
        }
    }

    /// True for the attributes measured from the item's layout margins rather than its edges.
    public var isMargin: Bool {
        switch self {
        case .leadingMargin, .trailingMargin, .leftMargin, .rightMargin, .topMargin, .bottomMargin,
             .centerXWithinMargins, .centerYWithinMargins:
            return true
        default:
            return false
        }
    }

    /// True for a size (`width`, `height`) rather than a position.
    public var isSize: Bool { self == .width || self == .height }
}

/// A layout axis, as `NSLayoutConstraint.Axis`.
public enum Axis: String, Sendable, Hashable, CaseIterable {
    case horizontal
    case vertical
}
