/// An iPhone a scene can be laid out on: its screen in portrait, in points, with its safe area
/// and the ids Interface Builder's `<device id>` gives it (see docs/autolayout.md for the table
/// and how sure each value is).
public struct Device: Sendable, Hashable, CustomStringConvertible {
    /// The name a `devices` setting uses: `iPhone 16 Pro Max`. No name holds a comma.
    public var name: String
    /// The screen in portrait, in points.
    public var size: LayoutSize
    /// Pixels per point (2 or 3): intrinsic sizes are rounded up to this grid.
    public var scale: Int
    /// The safe area's insets in portrait (status bar or sensor housing at the top, home
    /// indicator at the bottom).
    public var safeAreaInsets: LayoutInsets
    /// The ids IB writes for it in `<device id>`.
    public var interfaceBuilderIDs: [String]

    public init(name: String, size: LayoutSize, scale: Int, safeAreaInsets: LayoutInsets, interfaceBuilderIDs: [String]) {
        self.name = name
        self.size = size
        self.scale = scale
        self.safeAreaInsets = safeAreaInsets
        self.interfaceBuilderIDs = interfaceBuilderIDs
    }

    public var description: String { name }

    /// The left and right layout margins of a view controller's root view on this device.
    public var rootLayoutMargins: LayoutInsets {
        let side = Self.rootLayoutMargin(forWidth: size.width)
        return LayoutInsets(top: 0, left: side, bottom: 0, right: side)
    }

    /// The side margin of a view controller's root view on a screen this wide (UIKit's
    /// `systemMinimumLayoutMargins`): 20 on the 414-point-wide phones (iPhone 8 Plus, 11,
    /// 11 Pro Max: IB's frames show it), 16 on every other width, the wider current phones
    /// included (a label pinned to both margins is 408 wide on an iPhone 16 Pro Max).
    public static func rootLayoutMargin(forWidth width: Double) -> Double {
        width == 414 ? 20 : 16
    }

    /// The layout margins of a view that is not a root view: 8 on each side.
    public static let defaultLayoutMargins = LayoutInsets(top: 8, left: 8, bottom: 8, right: 8)

    private static func phone(_ name: String, _ width: Double, _ height: Double, scale: Int, top: Double, bottom: Double,
                              ids: [String]) -> Device {
        Device(name: name, size: LayoutSize(width: width, height: height), scale: scale,
               safeAreaInsets: LayoutInsets(top: top, left: 0, bottom: bottom, right: 0), interfaceBuilderIDs: ids)
    }

    public static let iPhoneSE3 = phone("iPhone SE (3rd generation)", 375, 667, scale: 2, top: 20, bottom: 0, ids: ["retina4_7"])
    public static let iPhone16 = phone("iPhone 16", 393, 852, scale: 3, top: 59, bottom: 34, ids: ["retina6_12"])
    public static let iPhone16Plus = phone("iPhone 16 Plus", 430, 932, scale: 3, top: 59, bottom: 34, ids: ["retina6_72"])
    public static let iPhone16Pro = phone("iPhone 16 Pro", 402, 874, scale: 3, top: 62, bottom: 34, ids: ["retina6_3"])
    public static let iPhone16ProMax = phone("iPhone 16 Pro Max", 440, 956, scale: 3, top: 62, bottom: 34, ids: ["retina6_9"])

    /// The current iPhones.
    public static let current: [Device] = [iPhoneSE3, iPhone16, iPhone16Plus, iPhone16Pro, iPhone16ProMax]

    /// Older iPhones, for the other ids files are designed at.
    public static let older: [Device] = [
        phone("iPhone SE (1st generation)", 320, 568, scale: 2, top: 20, bottom: 0, ids: ["retina4_0"]),
        phone("iPhone 8 Plus", 414, 736, scale: 3, top: 20, bottom: 0, ids: ["retina5_5"]),
        phone("iPhone 11 Pro", 375, 812, scale: 3, top: 44, bottom: 34, ids: ["retina5_9"]),
        phone("iPhone 11", 414, 896, scale: 2, top: 48, bottom: 34, ids: ["retina6_1"]),
        phone("iPhone 11 Pro Max", 414, 896, scale: 3, top: 44, bottom: 34, ids: ["retina6_5"]),
        phone("iPhone 13", 390, 844, scale: 3, top: 47, bottom: 34, ids: ["retina6_0"]),
    ]

    /// Every device the table holds.
    public static let all: [Device] = current + older

    /// The device of this name, ignoring case and runs of spaces (`iphone 16  pro`); nil for
    /// none.
    public init?(named name: String) {
        let wanted = Self.folded(name)
        guard let device = Self.all.first(where: { Self.folded($0.name) == wanted }) else { return nil }
        self = device
    }

    /// The device IB means by a `<device id>` (`retina6_12`); nil for ids the table does not
    /// hold (iPads among them).
    public init?(interfaceBuilderID id: String) {
        guard let device = Self.all.first(where: { $0.interfaceBuilderIDs.contains(id) }) else { return nil }
        self = device
    }

    /// The devices a `devices` setting names, in its order: names separated by commas
    /// (`iPhone SE (3rd generation),iPhone 16 Pro Max`), spaces around each ignored.
    public static func list(from setting: String) throws(DeviceListError) -> [Device] {
        var devices: [Device] = []
        for part in setting.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part.trimmingSpaces)
            guard !name.isEmpty else { throw .emptyName(setting: setting) }
            guard let device = Device(named: name) else { throw .unknownName(name) }
            guard !devices.contains(device) else { throw .repeatedName(device.name) }
            devices.append(device)
        }
        return devices
    }

    /// Lowercased ASCII letters, runs of white space as one space, none at the ends.
    private static func folded(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}

/// Why a `devices` setting cannot be read.
public enum DeviceListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A name no device has.
    case unknownName(String)
    /// A device named twice.
    case repeatedName(String)
    /// Nothing between two commas, or before or after one (or an empty setting).
    case emptyName(setting: String)

    public var description: String {
        switch self {
        case .unknownName(let name):
            return "unknown device \"\(name)\" (known: \(Device.all.map(\.name).joined(separator: ", ")))"
        case .repeatedName(let name):
            return "device \"\(name)\" is named twice"
        case .emptyName(let setting):
            return "devices \"\(setting)\" has an empty name (separate names with single commas)"
        }
    }
}
