import LabelCatalog
import LabelJSON
import LabelModel

/// Known findings a team accepts for now: `check` with a baseline fails only on findings not
/// in it. The file is JSON, one finding per line, sorted, so it diffs well (docs/ci.md):
///
/// ```json
/// {
///   "format": "labelcat-baseline",
///   "version": 1,
///   "findings": [
///     {"label": "cart.title", "locale": "de", "variant": "", "category": "large", "kind": "truncated"},
///     {"label": "Main.storyboard/abc-12-xyz", "locale": "de", "variant": "", "category": "large", "kind": "clipped", "device": "iPhone SE (3rd generation)"}
///   ]
/// }
/// ```
///
/// `device` is written only for a label of a scene (laid out once per device); a file without
/// it reads as "" (a label in no scene), so baselines written before devices stay as they were.
public struct Baseline: Sendable, Equatable {
    public static let format = "labelcat-baseline"
    public static let version = 1

    public var entries: Set<FindingIdentity>

    public init(entries: Set<FindingIdentity> = []) {
        self.entries = entries
    }

    /// Reads a baseline file's text; `file` names it in errors.
    public init(json bytes: [UInt8], file: String) throws(BaselineError) {
        let document: JSONValue
        do {
            document = try JSONValue.parse(bytes)
        } catch {
            throw BaselineError(file: file, reason: "not JSON: \(error)")
        }
        guard let object = document.object else { throw BaselineError(file: file, reason: "must be a JSON object") }
        if let format = object["format"], format != .string(Self.format) {
            throw BaselineError(file: file, reason: "format: must be \"\(Self.format)\", got \(format.jsonString())")
        }
        if let version = object["version"], version != .number(Double(Self.version)) {
            throw BaselineError(file: file, reason: "version: \(version.jsonString()) is not supported (this labelcat reads version \(Self.version))")
        }
        guard let findings = object["findings"]?.array else {
            throw BaselineError(file: file, reason: "findings: must be an array of findings")
        }
        var entries: Set<FindingIdentity> = []
        for (index, finding) in findings.enumerated() {
            func field(_ name: String, required: Bool = true) throws(BaselineError) -> String? {
                guard let value = finding[name] else {
                    if required { throw BaselineError(file: file, reason: "findings[\(index)].\(name): is missing") }
                    return nil
                }
                guard let string = value.string else {
                    throw BaselineError(file: file, reason: "findings[\(index)].\(name): must be a string, got \(value.kindDescription)")
                }
                return string
            }
            guard finding.object != nil else { throw BaselineError(file: file, reason: "findings[\(index)]: must be an object") }
            let kindName = try field("kind")!
            guard let kind = FindingKind(rawValue: kindName) else {
                throw BaselineError(file: file, reason: "findings[\(index)].kind: unknown kind \"\(kindName)\" (kinds: \(FindingKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            entries.insert(FindingIdentity(label: try field("label")!, locale: try field("locale")!,
                                           variant: try field("variant", required: false) ?? "",
                                           category: try field("category", required: false) ?? Finding.defaultCategory,
                                           kind: kind, device: try field("device", required: false) ?? ""))
        }
        self.entries = entries
    }

    /// The file's text: the header, then each finding on a line of its own, sorted, its
    /// members in identity order.
    public var json: String {
        var text = "{\n  \"format\": \"\(Self.format)\",\n  \"version\": \(Self.version),\n  \"findings\": ["
        for (index, entry) in entries.sorted().enumerated() {
            let members = [("label", entry.label), ("locale", entry.locale), ("variant", entry.variant),
                           ("category", entry.category), ("kind", entry.kind.rawValue)] + (entry.device.isEmpty ? [] : [("device", entry.device)])
            let line = members.map { "\"\($0.0)\": \(JSONValue.string($0.1).jsonString())" }.joined(separator: ", ")
            text += (index == 0 ? "\n    {" : ",\n    {") + line + "}"
        }
        return text + (entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    }

    /// This baseline with the part a check covered replaced by what it found: entries the
    /// check did not cover (other labels, locales, categories) are kept as they are.
    public func updated(with result: CheckResult) -> Baseline {
        Baseline(entries: entries.filter { !result.covers($0) }.union(result.findings.map(\.identity)))
    }
}

/// A baseline file that cannot be read.
public struct BaselineError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var reason: String

    public var description: String { "baseline '\(file)': \(reason)" }
}

/// What a check found, set against a baseline (without one, every finding is new).
public struct CheckOutcome: Sendable {
    public var result: CheckResult
    public var baseline: Baseline?
    /// Findings not in the baseline: these fail the check.
    public var new: [Finding]
    /// Findings in the baseline.
    public var known: [Finding]
    /// Baseline entries covered by the check whose text was checked and now fits.
    public var fixed: [FindingIdentity]
    /// Baseline entries covered by the check whose text now has a finding of another kind
    /// instead (that finding is new).
    public var changed: [FindingIdentity]
    /// Baseline entries covered by the check whose text no longer exists (the label, its
    /// text for that locale, or the category is gone).
    public var gone: [FindingIdentity]
    /// Findings left out by an `ignore` entry of the project file, with its reason: neither
    /// new nor known, counted apart.
    public var ignored: [IgnoredFinding]
    /// Baseline entries covered by the check whose text has findings an `ignore` entry left
    /// out: still there, so neither fixed, changed nor gone.
    public var ignoredInBaseline: [FindingIdentity]

    /// `ignoring` gives the reason a finding is left out (an `ignore` entry's), nil to keep it.
    public init(result: CheckResult, baseline: Baseline? = nil, ignoring: (Finding) -> String? = { _ in nil }) {
        var ignored: [IgnoredFinding] = []
        let findings = result.findings.filter { finding in
            guard let reason = ignoring(finding) else { return true }
            ignored.append(IgnoredFinding(finding: finding, reason: reason))
            return false
        }
        self.ignored = ignored
        self.result = result
        // Every output reads the findings from here: the ignored ones are gone from it.
        self.result.findings = findings
        self.baseline = baseline
        guard let baseline else {
            new = findings
            known = []
            fixed = []
            changed = []
            gone = []
            ignoredInBaseline = []
            return
        }
        new = findings.filter { !baseline.entries.contains($0.identity) }
        known = findings.filter { baseline.entries.contains($0.identity) }
        let found = Set(findings.map(\.identity))
        let textsWithFindings = Set(findings.map(\.text))
        let ignoredTexts = Set(ignored.map(\.finding.text))
        let covered = baseline.entries.filter { result.covers($0) && !found.contains($0) }.sorted()
        ignoredInBaseline = covered.filter { ignoredTexts.contains($0.text) }
        let missing = covered.filter { !ignoredTexts.contains($0.text) }
        // Of the checked texts, only those of entries no finding matched are looked up.
        let missingTexts = Set(missing.map(\.text))
        let checkedTexts = missingTexts.isEmpty ? [] : Set(result.checked.lazy.filter { missingTexts.contains($0) })
        fixed = missing.filter { checkedTexts.contains($0.text) && !textsWithFindings.contains($0.text) }
        changed = missing.filter { textsWithFindings.contains($0.text) }
        gone = missing.filter { !checkedTexts.contains($0.text) }
    }

    /// True when the finding is not in the baseline (every finding, without one).
    public func isNew(_ finding: Finding) -> Bool {
        baseline.map { !$0.entries.contains(finding.identity) } ?? true
    }

    /// 1 when there are new findings of a kind that fails (every kind but the warnings `tight`
    /// and `ambiguous`), else 0.
    public var exitCode: Int32 { new.contains { $0.kind.description.fails } ? 1 : 0 }

    /// The reasons findings were ignored for, each with how many, in the order first met.
    public var ignoredReasons: [(reason: String, count: Int)] {
        var reasons: [(reason: String, count: Int)] = []
        for entry in ignored {
            if let index = reasons.firstIndex(where: { $0.reason == entry.reason }) {
                reasons[index].count += 1
            } else {
                reasons.append((entry.reason, 1))
            }
        }
        return reasons
    }
}

/// A finding an `ignore` entry of the project file left out, and the entry's reason.
public struct IgnoredFinding: Sendable {
    public var finding: Finding
    public var reason: String

    public init(finding: Finding, reason: String) {
        self.finding = finding
        self.reason = reason
    }
}
