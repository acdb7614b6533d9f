import AutoLayout
import Testing

@Suite struct DeviceTests {
    @Test func theCurrentIPhonesWithTheirIDs() {
        let table = Device.current.map { "\($0.name) \(Int($0.size.width))x\(Int($0.size.height)) @\($0.scale)x \($0.interfaceBuilderIDs)" }
        #expect(table == [
            "iPhone SE (3rd generation) 375x667 @2x [\"retina4_7\"]",
            "iPhone 16 393x852 @3x [\"retina6_12\"]",
            "iPhone 16 Plus 430x932 @3x [\"retina6_72\"]",
            "iPhone 16 Pro 402x874 @3x [\"retina6_3\"]",
            "iPhone 16 Pro Max 440x956 @3x [\"retina6_9\"]",
        ])
        #expect(Device.iPhone16.safeAreaInsets == LayoutInsets(top: 59, left: 0, bottom: 34, right: 0))
        #expect(Device.iPhone16ProMax.safeAreaInsets.top == 62)
        #expect(Device.iPhoneSE3.safeAreaInsets == LayoutInsets(top: 20, left: 0, bottom: 0, right: 0))
    }

    @Test func everyIDAndNameIsUnique() {
        let ids = Device.all.flatMap(\.interfaceBuilderIDs)
        #expect(Set(ids).count == ids.count)
        #expect(Set(Device.all.map { $0.name.lowercased() }).count == Device.all.count)
        #expect(Device.all.allSatisfy { !$0.name.contains(",") })
    }

    @Test func lookUpByInterfaceBuilderID() {
        #expect(Device(interfaceBuilderID: "retina6_12") == .iPhone16)
        #expect(Device(interfaceBuilderID: "retina4_7") == .iPhoneSE3)
        #expect(Device(interfaceBuilderID: "retina6_1")?.size == LayoutSize(width: 414, height: 896))
        #expect(Device(interfaceBuilderID: "retina6_5")?.size == LayoutSize(width: 414, height: 896))
        #expect(Device(interfaceBuilderID: "retina5_9")?.size == LayoutSize(width: 375, height: 812))
        #expect(Device(interfaceBuilderID: "retina5_5")?.size == LayoutSize(width: 414, height: 736))
        #expect(Device(interfaceBuilderID: "retina4_0")?.size == LayoutSize(width: 320, height: 568))
        #expect(Device(interfaceBuilderID: "retina6_0")?.size.width == 390)
        #expect(Device(interfaceBuilderID: "ipad9_7") == nil)
    }

    @Test func lookUpByNameIgnoresCaseAndSpaces() {
        #expect(Device(named: "iPhone 16 Pro Max") == .iPhone16ProMax)
        #expect(Device(named: "  iphone  16   pro max ") == .iPhone16ProMax)
        #expect(Device(named: "iPhone SE (3rd generation)") == .iPhoneSE3)
        #expect(Device(named: "iPhone 16 Pro Max Ultra") == nil)
    }

    /// 20 on the 414-point phones (seen in IB's frames), 16 on every other width: 343 on a
    /// 375-point phone, 408 on an iPhone 16 Pro Max (issue 23).
    @Test func rootViewMarginsByWidth() {
        #expect(Device.all.map { "\(Int($0.size.width)):\(Int($0.rootLayoutMargins.left))" }
            == ["375:16", "393:16", "430:16", "402:16", "440:16", "320:16", "414:20", "375:16", "414:20", "414:20", "390:16"])
        #expect(Device.iPhone16.rootLayoutMargins == LayoutInsets(top: 0, left: 16, bottom: 0, right: 16))
        #expect(Device.iPhone16ProMax.rootLayoutMargins == LayoutInsets(top: 0, left: 16, bottom: 0, right: 16))
        #expect(Device.rootLayoutMargin(forWidth: 413.5) == 16)
    }

    @Test func aDevicesSettingNamesDevicesInOrder() throws {
        #expect(try Device.list(from: "iPhone SE (3rd generation),iPhone 16 Pro Max") == [.iPhoneSE3, .iPhone16ProMax])
        #expect(try Device.list(from: " iPhone 16 , iPhone SE (3rd generation) ") == [.iPhone16, .iPhoneSE3])
        #expect(try Device.list(from: "iPhone 16 Plus") == [.iPhone16Plus])
    }

    @Test func aBadDevicesSettingIsRefusedWithTheName() {
        #expect(throws: DeviceListError.unknownName("iPhone 17")) { try Device.list(from: "iPhone 16,iPhone 17") }
        #expect(throws: DeviceListError.repeatedName("iPhone 16")) { try Device.list(from: "iPhone 16,iphone 16") }
        #expect(throws: DeviceListError.emptyName(setting: "iPhone 16,,iPhone 16 Pro")) { try Device.list(from: "iPhone 16,,iPhone 16 Pro") }
        #expect(throws: DeviceListError.emptyName(setting: "")) { try Device.list(from: "") }
        #expect(DeviceListError.unknownName("iPhone 17").description.hasPrefix("unknown device \"iPhone 17\" (known: iPhone SE (3rd generation), iPhone 16,"))
    }
}
