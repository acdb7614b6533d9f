import LabelCatalog
import LabelJSON
import LabelModel

/// `check --format sarif`: a SARIF 2.1.0 log, as GitHub code scanning and other SARIF
/// viewers read it. One rule per finding kind; one result per finding, located at the file
/// and line its text came from when known (a relative path is relative to `%SRCROOT%`, the
/// repository's root), else by a logical location naming the label. `partialFingerprints`
/// carries the finding's identity, so a result keeps its identity while its numbers change.
/// With a baseline, each result has a `baselineState` (`new` or `unchanged`); entries that
/// now fit are left out, as a result that is gone. A finding an `ignore` entry of the project
/// file leaves out is a result with an external suppression whose justification is the
/// entry's reason, after the others.
public enum SARIFReport {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The key of the identity in `partialFingerprints`.
    public static let fingerprintKey = "labelcatFinding/v1"

    /// The SARIF log; `toolVersion` is labelcat's version.
    public static func render(_ outcome: CheckOutcome, toolVersion: String) -> String {
        let kinds = FindingKind.allCases
        let rules: [JSONValue] = kinds.map { kind in
            .object(JSONObject([
                ("id", .string(ruleID(kind))),
                ("name", .string(kind.description.sarifRuleName)),
                ("shortDescription", .object(JSONObject([("text", .string(kind.description.title))]))),
                ("fullDescription", .object(JSONObject([("text", .string(kind.description.explanation))]))),
                ("help", .object(JSONObject([("text", .string(kind.description.explanation + " " + kind.description.advice))]))),
                ("defaultConfiguration", .object(JSONObject([("level", .string(kind.description.severity.rawValue))]))),
            ]))
        }
        var results: [JSONValue] = []
        let suppressed = outcome.ignored.map { ($0.finding, Optional($0.reason)) }
        for (finding, ignoreReason) in outcome.result.findings.map({ ($0, String?.none) }) + suppressed {
            var result = JSONObject([
                ("ruleId", .string(ruleID(finding.kind))),
                ("ruleIndex", .number(Double(kinds.firstIndex(of: finding.kind)!))),
                ("level", .string(finding.kind.description.severity.rawValue)),
                ("message", .object(JSONObject([("text", .string(([finding.summary] + finding.details).joined(separator: "\n")))]))),
                ("locations", .array([location(finding)])),
                ("partialFingerprints", .object(JSONObject([(fingerprintKey, .string(fingerprint(finding.identity)))]))),
            ])
            if let ignoreReason {
                result["suppressions"] = .array([.object(JSONObject([("kind", .string("external")), ("justification", .string(ignoreReason))]))])
            }
            if outcome.baseline != nil {
                result["baselineState"] = .string(outcome.isNew(finding) ? "new" : "unchanged")
            }
            result["properties"] = .object(properties(finding))
            results.append(.object(result))
        }
        let driver = JSONObject([
            ("name", .string("labelcat")),
            ("version", .string(toolVersion)),
            ("rules", .array(rules)),
        ])
        let run = JSONObject([
            ("tool", .object(JSONObject([("driver", .object(driver))]))),
            ("results", .array(results)),
        ])
        let log = JSONValue.object(JSONObject([
            ("$schema", .string(schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ]))
        return log.prettyString() + "\n"
    }

    public static func ruleID(_ kind: FindingKind) -> String { "labelcat/\(kind.rawValue)" }

    /// The finding's identity as one string: label, locale, variant, category, kind and (for a
    /// label of a scene) device, joined with `/` (each part percent-encoded where it holds `/`
    /// or `%`).
    public static func fingerprint(_ identity: FindingIdentity) -> String {
        ([identity.label, identity.locale, identity.variant, identity.category, identity.kind.rawValue]
            + (identity.device.isEmpty ? [] : [identity.device]))
            .map { $0.replacingPercentAndSlash() }.joined(separator: "/")
    }

    static func location(_ finding: Finding) -> JSONValue {
        let logical = JSONValue.array([.object(JSONObject([
            ("name", .string(finding.label)),
            ("fullyQualifiedName", .string(finding.text.displayName)),
            ("kind", .string("resource")),
        ]))])
        guard let source = finding.source else { return .object(JSONObject([("logicalLocations", logical)])) }
        var artifact = JSONObject([("uri", .string(uri(source.file)))])
        if !source.file.hasPrefix("/") { artifact["uriBaseId"] = .string("%SRCROOT%") }
        var physical = JSONObject([("artifactLocation", .object(artifact))])
        if let line = source.line, line > 0 {
            physical["region"] = .object(JSONObject([("startLine", .number(Double(line)))]))
        }
        return .object(JSONObject([("physicalLocation", .object(physical)), ("logicalLocations", logical)]))
    }

    /// A path as a URI reference: `file://` for an absolute path, bytes outside RFC 3986's
    /// unreserved characters and `/` percent-encoded.
    static func uri(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                encoded += "%"
                encoded.unicodeScalars.append(hex[Int(byte >> 4)])
                encoded.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    /// The finding's fields, for tools that read SARIF property bags.
    static func properties(_ finding: Finding) -> JSONObject {
        func rounded(_ value: Double) -> JSONValue { .number((value * 1000).rounded() / 1000) }
        var properties = JSONObject([
            ("label", .string(finding.label)), ("locale", .string(finding.locale)), ("variant", .string(finding.variant)),
            ("category", .string(finding.category)), ("kind", .string(finding.kind.rawValue)),
            ("linesShown", .number(Double(finding.linesShown))), ("linesNeeded", .number(Double(finding.linesNeeded))),
            ("widthOver", rounded(finding.widthOver)), ("heightOver", rounded(finding.heightOver)),
            ("lines", .array(finding.lines.map(JSONValue.string))),
        ])
        if let key = finding.source?.key { properties["key"] = .string(key) }
        if let headroom = finding.headroom {
            properties["headroom"] = .object(JSONObject([
                ("width", headroom.width.map(rounded) ?? .null), ("lines", headroom.lines.map { .number(Double($0)) } ?? .null),
                ("fitsUpTo", headroom.fitsUpTo.map { .string($0.rawValue) } ?? .null),
            ]))
        }
        if let error = finding.error { properties["error"] = .string(error) }
        if let fix = finding.fix {
            func optional(_ value: Double?) -> JSONValue { value.map(rounded) ?? .null }
            properties["fix"] = .object(JSONObject([
                ("numberOfLines", optional(fix.numberOfLines.map(Double.init))), ("height", optional(fix.height)),
                ("minimumScaleFactor", optional(fix.minimumScaleFactor)), ("width", optional(fix.width)),
                ("charactersOver", optional(fix.charactersOver.map(Double.init))),
                ("hyphenation", fix.hyphenation.map { hyphenation in
                    .object(JSONObject([("word", .string(hyphenation.word)), ("offset", .number(Double(hyphenation.offset))),
                                        ("hyphenated", .string(hyphenation.hyphenated))]))
                } ?? .null),
            ]))
        }
        return properties
    }
}

extension String {
    /// `%` as `%25` and `/` as `%2F`.
    func replacingPercentAndSlash() -> String {
        var output = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "%": output += "%25"
            case "/": output += "%2F"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
