import LabelJSON
import LabelModel

/// Where a label of an Interface Builder scene was placed on a device, as a layout row records
/// it (docs/autolayout.md, "In the catalog").
public struct LayoutPlacement: Sendable, Hashable {
    /// Where a frame comes from.
    public enum Source: String, Sendable, Hashable {
        /// Solved from the scene's constraints and its labels' texts.
        case autoLayout
        /// The frame Interface Builder saved, because the label's layout depends on something
        /// not modelled (`savedReason` says what).
        case saved
    }

    /// The frame in the scene's root view's coordinates.
    public var frame: Rect
    public var source: Source
    /// Why the saved frame was kept: a code to count by (`sceneNote.viewKindNotModelled`,
    /// `constraintNotModelled.baseline`, …) and a sentence.
    public var savedReason: (code: String, description: String)?
    /// What solving found: `clipped`, `unsatisfiable`, `ambiguous`.
    public var findings: [SceneFinding]

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.frame == rhs.frame && lhs.source == rhs.source && lhs.savedReason?.code == rhs.savedReason?.code
            && lhs.savedReason?.description == rhs.savedReason?.description && lhs.findings == rhs.findings
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(frame)
        hasher.combine(source)
        hasher.combine(savedReason?.code)
        hasher.combine(findings)
    }

    /// Reads a row's frame columns (selected with `LayoutColumn.selectList`); nil for a label
    /// in no scene.
    init?(row statement: Statement) {
        guard let sourceText = statement.text(LayoutColumn.frameSource), let source = Source(rawValue: sourceText) else { return nil }
        self.source = source
        frame = Rect(x: statement.double(LayoutColumn.frameX), y: statement.double(LayoutColumn.frameY),
                     width: statement.double(LayoutColumn.frameWidth), height: statement.double(LayoutColumn.frameHeight))
        if let reason = statement.text(LayoutColumn.frameReason).flatMap({ try? JSONValue.parse($0) }) {
            savedReason = (reason["code"]?.string ?? "", reason["description"]?.string ?? "")
        }
        findings = SceneFinding.list(fromJSON: statement.text(LayoutColumn.sceneFindings))
    }
}

/// Something wrong with a label's solved frame (docs/autolayout.md, "What is wrong").
public struct SceneFinding: Sendable, Hashable {
    /// `clipped`, `unsatisfiable` or `ambiguous`.
    public var kind: String
    /// One sentence: how far past which edge, the constraint UIKit breaks, what is not determined.
    public var message: String
    /// The finding as stored: its kind, message and details.
    public var json: JSONValue

    /// The findings of a stored JSON array (`scene_findings`); none for NULL or text that is not one.
    static func list(fromJSON text: String?) -> [SceneFinding] {
        (text.flatMap { try? JSONValue.parse($0).array } ?? []).compactMap(SceneFinding.init(json:))
    }

    init?(json: JSONValue) {
        guard let kind = json["kind"]?.string else { return nil }
        self.kind = kind
        message = json["message"]?.string ?? kind
        self.json = json
    }
}
