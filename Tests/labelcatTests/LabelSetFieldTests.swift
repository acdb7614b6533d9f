import LabelJSON
import LabelModel
import Testing

/// `label set` has an option for every field of the model's table (`LabelField.all`), and each
/// sets its field: the CLI side of `FieldTableTests`.
@Suite struct LabelSetFieldTests {
    /// A value of `field` other than its default, as `label set` takes it, and as the stored
    /// definition then holds it.
    static func value(_ field: LabelField) -> (text: String, json: JSONValue)? {
        switch field.kind {
        case .integer(let range):
            let value = range.lowerBound == 0 ? 2 : range.lowerBound
            return (String(value), .number(Double(value)))
        case .number(_, let maximum): return ("0.5", .number(min(0.5, maximum)))
        case .enumeration(let cases):
            let value = cases.first { .string($0) != field.defaultValue }!
            return (value, .string(value))
        case .bool: return ("on", .bool(true))
        case .color: return ("#12345678", .string("#12345678"))
        case .text: return ("[more]", .string("[more]"))
        case .font: return (#"{"family": "DejaVu Sans", "size": 21}"#, .object(JSONObject([("family", .string("DejaVu Sans")), ("size", .number(21))])))
        case .insets: return ("3,4,5,6", .object(JSONObject([("top", .number(3)), ("left", .number(4)), ("bottom", .number(5)), ("right", .number(6))])))
        case .arguments: return (#"["Anna", 3]"#, .array([.string("Anna"), .number(3)]))
        case .priorities: return ("999,1", .object(JSONObject([("horizontal", .number(999)), ("vertical", .number(1))])))
        case .device: return ("iPhone 16 Pro", .string("iPhone 16 Pro"))
        }
    }

    @Test("label set --help lists an option for every field of the table, and each option sets its field")
    func everyFieldHasItsOption() throws {
        let workspace = try CLITests.Workspace()
        let help = try workspace.succeed("label", "set", "--help").stdout
        var arguments = ["label", "set", "fields", "--text", "Some text", "--frame", "0,0,120,80"]
        var expected = JSONObject()
        for field in LabelField.all {
            #expect(help.contains("--\(field.option.name)"), "label set has no --\(field.option.name) for \(field.key)")
            guard field.option.shared == nil, let (text, json) = Self.value(field) else { continue }
            arguments += ["--\(field.option.name)", text]
            expected[field.key] = json
        }
        try workspace.succeed(arguments)
        let stored = try CLITests.json(try workspace.succeed("label", "get", "fields", "--json").stdout)
        for (key, json) in expected {
            #expect(stored[key] == json, "\(key): \(stored[key]?.jsonString() ?? "nil")")
        }
        // The options two fields share (--autoshrink) set both.
        try workspace.succeed("label", "set", "fields", "--autoshrink", "0.5")
        let shrinking = try CLITests.json(try workspace.succeed("label", "get", "fields", "--json").stdout)
        #expect(shrinking["adjustsFontSizeToFitWidth"] == .bool(true) && shrinking["minimumScaleFactor"] == .number(0.5))
    }

    @Test("label set refuses a priority out of 1…1000 and an unknown device, naming the field")
    func autoLayoutFieldsAreChecked() throws {
        let workspace = try CLITests.Workspace()
        let priority = try workspace.labelcat("label", "set", "a", "--frame", "0,0,100,20", "--content-hugging", "0,250")
        #expect(priority.status != 0 && priority.stderr.contains("contentHugging.horizontal"), "\(priority.stderr)")
        let device = try workspace.labelcat("label", "set", "a", "--frame", "0,0,100,20", "--device", "iPhone 99")
        #expect(device.status != 0 && device.stderr.contains("device") && device.stderr.contains("iPhone 99"), "\(device.stderr)")
    }
}
