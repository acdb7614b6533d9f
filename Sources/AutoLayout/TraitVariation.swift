/// How a view or a constraint differs in some size classes: IB's
/// `<variation key="heightClass=compact-widthClass=compact" constant="8"/>` and the masks inside
/// it. The base size class (`key="default"`) is not kept as a variation: the reader applies its
/// masks (`View.isInstalled`, `Constraint.isInstalled`).
public struct TraitVariation: Sendable, Hashable {
    /// The size classes as IB writes them: `heightClass=compact-widthClass=regular`.
    public var key: String
    /// Constraints the variation installs (`<mask key="constraints"><include reference=…>`).
    public var includedConstraints: [String]
    /// Constraints the variation removes (`<exclude reference=…>`).
    public var excludedConstraints: [String]
    /// Subviews the variation installs (`<mask key="subviews"><include reference=…>`).
    public var includedSubviews: [String]
    /// Subviews the variation removes.
    public var excludedSubviews: [String]
    /// The attributes it changes, as written (`constant`, `axis`, `distribution`, `hidden`, …).
    public var attributes: [String: String]

    public init(key: String, includedConstraints: [String] = [], excludedConstraints: [String] = [],
                includedSubviews: [String] = [], excludedSubviews: [String] = [], attributes: [String: String] = [:]) {
        self.key = key
        self.includedConstraints = includedConstraints
        self.excludedConstraints = excludedConstraints
        self.includedSubviews = includedSubviews
        self.excludedSubviews = excludedSubviews
        self.attributes = attributes
    }

    /// The traits the key names: `["heightClass": "compact", "widthClass": "regular"]`.
    public var traits: [String: String] {
        var traits: [String: String] = [:]
        for part in key.split(separator: "-") {
            let pair = part.split(separator: "=", maxSplits: 1)
            traits[String(pair[0])] = pair.count == 2 ? String(pair[1]) : ""
        }
        return traits
    }

    /// Whether the variation applies to a device with these traits: every trait it names has
    /// the device's value (`["widthClass": "compact", "heightClass": "regular"]` is an iPhone
    /// in portrait).
    public func applies(to deviceTraits: [String: String]) -> Bool {
        traits.allSatisfy { deviceTraits[$0.key] == $0.value }
    }

    /// The size classes of an iPhone in portrait: compact width, regular height.
    public static let iPhonePortrait = ["widthClass": "compact", "heightClass": "regular"]
}
