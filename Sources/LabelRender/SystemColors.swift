import AutoLayout
import LabelModel

/// Light or dark: which of a system colour's two values a picture uses.
public enum Appearance: String, Sendable, CaseIterable {
    case light
    case dark
}

/// UIKit's named colours as Interface Builder writes them (`systemColor="…"`), with the values
/// Apple documents for iOS in light and dark appearance (sRGB; alpha where the colour is
/// translucent). The one table every picture of a scene resolves colours from
/// (docs/autolayout.md, "Pictures of scenes").
public enum SystemColors {
    private static func rgb(_ hex: UInt32, _ alpha: Double = 1) -> Color {
        Color(red: UInt8(hex >> 16 & 0xFF), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF),
              alpha: UInt8((alpha * 255).rounded()))
    }

    private static func gray(_ white: Double, _ alpha: Double = 1) -> Color {
        let value = UInt8((white * 255).rounded())
        return Color(red: value, green: value, blue: value, alpha: UInt8((alpha * 255).rounded()))
    }

    /// Each colour's light and dark value, by the name IB writes.
    public static let table: [String: (light: Color, dark: Color)] = {
        var table: [String: (light: Color, dark: Color)] = [
            // Backgrounds.
            "systemBackgroundColor": (rgb(0xFFFFFF), rgb(0x000000)),
            "secondarySystemBackgroundColor": (rgb(0xF2F2F7), rgb(0x1C1C1E)),
            "tertiarySystemBackgroundColor": (rgb(0xFFFFFF), rgb(0x2C2C2E)),
            "systemGroupedBackgroundColor": (rgb(0xF2F2F7), rgb(0x000000)),
            "secondarySystemGroupedBackgroundColor": (rgb(0xFFFFFF), rgb(0x1C1C1E)),
            "tertiarySystemGroupedBackgroundColor": (rgb(0xF2F2F7), rgb(0x2C2C2E)),
            "groupTableViewBackgroundColor": (rgb(0xF2F2F7), rgb(0x000000)),
            // Text.
            "labelColor": (rgb(0x000000), rgb(0xFFFFFF)),
            "secondaryLabelColor": (rgb(0x3C3C43, 0.6), rgb(0xEBEBF5, 0.6)),
            "tertiaryLabelColor": (rgb(0x3C3C43, 0.3), rgb(0xEBEBF5, 0.3)),
            "quaternaryLabelColor": (rgb(0x3C3C43, 0.18), rgb(0xEBEBF5, 0.16)),
            "placeholderTextColor": (rgb(0x3C3C43, 0.3), rgb(0xEBEBF5, 0.3)),
            "linkColor": (rgb(0x007AFF), rgb(0x0984FF)),
            "darkTextColor": (rgb(0x000000), rgb(0x000000)),
            "lightTextColor": (gray(1, 0.6), gray(1, 0.6)),
            // Separators and fills.
            "separatorColor": (rgb(0x3C3C43, 0.29), rgb(0x545458, 0.6)),
            "opaqueSeparatorColor": (rgb(0xC6C6C8), rgb(0x38383A)),
            "systemFillColor": (rgb(0x787880, 0.2), rgb(0x787880, 0.36)),
            "secondarySystemFillColor": (rgb(0x787880, 0.16), rgb(0x787880, 0.32)),
            "tertiarySystemFillColor": (rgb(0x767680, 0.12), rgb(0x767680, 0.24)),
            "quaternarySystemFillColor": (rgb(0x747480, 0.08), rgb(0x767680, 0.18)),
            // Grays.
            "systemGrayColor": (rgb(0x8E8E93), rgb(0x8E8E93)),
            "systemGray2Color": (rgb(0xAEAEB2), rgb(0x636366)),
            "systemGray3Color": (rgb(0xC7C7CC), rgb(0x48484A)),
            "systemGray4Color": (rgb(0xD1D1D6), rgb(0x3A3A3C)),
            "systemGray5Color": (rgb(0xE5E5EA), rgb(0x2C2C2E)),
            "systemGray6Color": (rgb(0xF2F2F7), rgb(0x1C1C1E)),
            // Tints.
            "systemBlueColor": (rgb(0x007AFF), rgb(0x0A84FF)),
            "systemBrownColor": (rgb(0xA2845E), rgb(0xAC8E68)),
            "systemCyanColor": (rgb(0x32ADE6), rgb(0x64D2FF)),
            "systemGreenColor": (rgb(0x34C759), rgb(0x30D158)),
            "systemIndigoColor": (rgb(0x5856D6), rgb(0x5E5CE6)),
            "systemMintColor": (rgb(0x00C7BE), rgb(0x63E6E2)),
            "systemOrangeColor": (rgb(0xFF9500), rgb(0xFF9F0A)),
            "systemPinkColor": (rgb(0xFF2D55), rgb(0xFF375F)),
            "systemPurpleColor": (rgb(0xAF52DE), rgb(0xBF5AF2)),
            "systemRedColor": (rgb(0xFF3B30), rgb(0xFF453A)),
            "systemTealColor": (rgb(0x30B0C7), rgb(0x40C8E0)),
            "systemYellowColor": (rgb(0xFFCC00), rgb(0xFFD60A)),
            "tintColor": (rgb(0x007AFF), rgb(0x0A84FF)),
        ]
        // The fixed colours of UIColor, the same in both appearances.
        let fixed: [String: Color] = [
            "blackColor": gray(0), "darkGrayColor": gray(1.0 / 3), "grayColor": gray(0.5), "lightGrayColor": gray(2.0 / 3),
            "whiteColor": gray(1), "clearColor": gray(0, 0), "redColor": rgb(0xFF0000), "greenColor": rgb(0x00FF00),
            "blueColor": rgb(0x0000FF), "cyanColor": rgb(0x00FFFF), "yellowColor": rgb(0xFFFF00),
            "magentaColor": rgb(0xFF00FF), "orangeColor": rgb(0xFF8000), "purpleColor": rgb(0x800080),
            "brownColor": rgb(0x996633),
        ]
        for (name, color) in fixed { table[name] = (color, color) }
        return table
    }()

    /// A named colour's value in an appearance; nil for a name the table does not hold.
    public static func color(named name: String, appearance: Appearance) -> Color? {
        table[name].map { appearance == .light ? $0.light : $0.dark }
    }

    /// What a view whose root shows no colour of its own is seen on: `systemBackgroundColor`.
    public static func screen(_ appearance: Appearance) -> Color {
        color(named: "systemBackgroundColor", appearance: appearance)!
    }
}

extension InterfaceColor {
    /// The colour as drawn: components as written (every RGB and grey colour space taken as
    /// sRGB), a system colour from `SystemColors`; nil for an asset catalog's colour or a
    /// system colour the table does not hold (the view is drawn without a fill).
    public func resolved(_ appearance: Appearance) -> Color? {
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        switch self {
        case .rgb(let red, let green, let blue, let alpha, _):
            return Color(red: byte(red), green: byte(green), blue: byte(blue), alpha: byte(alpha))
        case .white(let white, let alpha, _):
            return Color(red: byte(white), green: byte(white), blue: byte(white), alpha: byte(alpha))
        case .system(let name):
            return SystemColors.color(named: name, appearance: appearance)
        case .named:
            return nil
        }
    }
}
