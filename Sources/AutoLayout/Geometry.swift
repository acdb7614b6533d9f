/// A rectangle in points in its superview's coordinates, as `CGRect` (y grows downwards).
public struct LayoutRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var size: LayoutSize { LayoutSize(width: width, height: height) }
}

/// A size in points, as `CGSize`.
public struct LayoutSize: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// Insets from a rectangle's edges in points, as `UIEdgeInsets`.
public struct LayoutInsets: Sendable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = LayoutInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A layout priority, as `UILayoutPriority`: 1000 is required, lower ones are satisfied as
/// well as they can be, stronger first.
public struct Priority: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public var rawValue: Float

    public init(rawValue: Float) {
        self.rawValue = rawValue
    }

    public init(_ value: Float) {
        rawValue = value
    }

    /// 1000: must hold.
    public static let required = Priority(1000)
    /// 750: UIKit's default compression resistance.
    public static let defaultHigh = Priority(750)
    /// 250: UIKit's default content hugging.
    public static let defaultLow = Priority(250)
    /// 50: the priority of a view's wish to be as small as it can (`systemLayoutSizeFitting`).
    public static let fittingSizeLevel = Priority(50)

    public var isRequired: Bool { rawValue >= 1000 }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        rawValue == rawValue.rounded() ? String(Int(rawValue)) : String(rawValue)
    }
}

/// A priority per axis: content hugging or compression resistance.
public struct AxisPriorities: Sendable, Hashable {
    public var horizontal: Priority
    public var vertical: Priority

    public init(horizontal: Priority, vertical: Priority) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// UIKit's content hugging of a view whose file says none: 250 on both axes.
    public static let defaultHugging = AxisPriorities(horizontal: .defaultLow, vertical: .defaultLow)
    /// UIKit's compression resistance of a view whose file says none: 750 on both axes.
    public static let defaultCompressionResistance = AxisPriorities(horizontal: .defaultHigh, vertical: .defaultHigh)
}
