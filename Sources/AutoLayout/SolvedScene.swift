/// A scene laid out for its texts on one device: every view's frame and, for each label, where
/// its frame comes from and what is wrong with it (docs/autolayout.md, "Solving a scene").
public struct SolvedScene: Sendable, Hashable {
    /// The scene's id (`Scene.id`).
    public var sceneID: String
    /// The device it was laid out on; nil for the canvas the scene was designed at, when that
    /// is no device of the table.
    public var device: Device?
    /// The root view's size.
    public var rootSize: LayoutSize
    /// Every view in the layout (installed in an iPhone's size classes), by id.
    public var views: [String: SolvedFrame]
    /// Every label of the scene, in scene order, installed or not.
    public var labels: [SolvedLabel]
    /// The required constraints that conflict with others, each left out as UIKit breaks it.
    public var unsatisfiable: [UnsatisfiableConstraint]
    /// How many layout passes the texts took (1, or more when a label of several lines
    /// changed its height).
    public var passes: Int

    public init(sceneID: String, device: Device?, rootSize: LayoutSize, views: [String: SolvedFrame], labels: [SolvedLabel],
                unsatisfiable: [UnsatisfiableConstraint], passes: Int) {
        self.sceneID = sceneID
        self.device = device
        self.rootSize = rootSize
        self.views = views
        self.labels = labels
        self.unsatisfiable = unsatisfiable
        self.passes = passes
    }

    /// The label of this view id.
    public func label(_ id: String) -> SolvedLabel? {
        labels.first { $0.id == id }
    }
}

/// A view's solved frame, rounded to the device's pixel grid as UIKit rounds frames.
public struct SolvedFrame: Sendable, Hashable {
    /// In its superview's coordinates (for a scroll view's subview: its content's).
    public var frame: LayoutRect
    /// In the root view's coordinates (content offsets taken as 0).
    public var frameInRoot: LayoutRect

    public init(frame: LayoutRect, frameInRoot: LayoutRect) {
        self.frame = frame
        self.frameInRoot = frameInRoot
    }
}

/// One label of a solved scene.
public struct SolvedLabel: Sendable, Hashable {
    /// The label's view id.
    public var id: String
    /// The solved frame, or the saved one (`frameSource`).
    public var frame: SolvedFrame
    public var frameSource: FrameSource
    /// The text's size the last pass used (rounded to the pixel grid); nil when the label keeps
    /// its saved frame.
    public var textSize: LayoutSize?
    /// True when the label or a view holding it is hidden: it is laid out, but not seen, and
    /// has no findings.
    public var isHidden: Bool
    /// What is wrong with its frame.
    public var findings: [LabelFinding]

    public init(id: String, frame: SolvedFrame, frameSource: FrameSource, textSize: LayoutSize?, isHidden: Bool,
                findings: [LabelFinding]) {
        self.id = id
        self.frame = frame
        self.frameSource = frameSource
        self.textSize = textSize
        self.isHidden = isHidden
        self.findings = findings
    }
}

/// Where a label's frame comes from.
public enum FrameSource: Sendable, Hashable, CustomStringConvertible {
    /// Solved from its constraints and its text.
    case autoLayout
    /// The frame Interface Builder saved, because its layout depends on something not
    /// modelled.
    case saved(SavedFrameReason)

    public var description: String {
        switch self {
        case .autoLayout: return "autoLayout"
        case .saved(let reason): return "saved (\(reason))"
        }
    }
}

/// Why a label keeps the frame Interface Builder saved. A label's frame depends on the label
/// itself, the views that hold it and the views its own constraints name.
public enum SavedFrameReason: Sendable, Hashable, CustomStringConvertible {
    /// The reader noted something it could not model about one of them (a constraint left
    /// out, an attribute not modelled, a frame missing, a scene past its caps).
    case sceneNote(SceneNote)
    /// The label, or a view holding it, is not installed in an iPhone's size classes: it is
    /// not in the layout.
    case notInstalled
    /// The caller had no text for it.
    case textNotMeasured
    /// A constraint the solver cannot express (`constraint` is its IB id).
    case constraintNotModelled(constraint: String, ConstraintLimitation)
    /// A size class variation for iPhones in portrait changes something the solver does not
    /// apply (`object` is the view or constraint, `attribute` what it changes).
    case sizeClassVariationNotModelled(object: String, attribute: String)
    /// A built-in table cell style with an image view: where UIKit puts the labels then is
    /// not modelled.
    case cellImageNotModelled(cell: String)

    /// The case's name, to count labels by reason.
    public var code: String {
        switch self {
        case .sceneNote(let note): return "sceneNote.\(note.reason.code)"
        case .notInstalled: return "notInstalled"
        case .textNotMeasured: return "textNotMeasured"
        case .constraintNotModelled(_, let limitation): return "constraintNotModelled.\(limitation.code)"
        case .sizeClassVariationNotModelled: return "sizeClassVariationNotModelled"
        case .cellImageNotModelled: return "cellImageNotModelled"
        }
    }

    public var description: String {
        switch self {
        case .sceneNote(let note): return note.description
        case .notInstalled: return "not installed on iPhones in portrait"
        case .textNotMeasured: return "no text to measure"
        case .constraintNotModelled(let constraint, let limitation): return "constraint \(constraint): \(limitation)"
        case .sizeClassVariationNotModelled(let object, let attribute):
            return "\(object): a size class variation changes \(attribute), which is not modelled"
        case .cellImageNotModelled(let cell): return "\(cell): a built-in cell style with an image view is not modelled"
        }
    }
}

/// What the solver cannot express in a constraint.
public enum ConstraintLimitation: Error, Sendable, Hashable, CustomStringConvertible {
    /// A baseline of a view whose baselines are not modelled (anything but labels, stack
    /// views and plain views): its element.
    case baseline(element: String)
    /// A layout guide of a kind not modelled (IB's key).
    case layoutGuide(String)
    /// A size related to a position, or a position to a constant: `NSLayoutConstraint`
    /// refuses both.
    case mixedAttributes

    public var code: String {
        switch self {
        case .baseline: return "baseline"
        case .layoutGuide: return "layoutGuide"
        case .mixedAttributes: return "mixedAttributes"
        }
    }

    public var description: String {
        switch self {
        case .baseline(let element): return "baselines of <\(element)> are not modelled"
        case .layoutGuide(let key): return "layout guide \"\(key)\" is not modelled"
        case .mixedAttributes: return "relates a size to a position, or a position to a constant"
        }
    }
}

/// Something wrong with a label's solved frame.
public enum LabelFinding: Sendable, Hashable {
    /// The label reaches past its superview or the screen.
    case clipped(ClippedLabel)
    /// Required constraints that concern the label conflict; UIKit breaks one.
    case unsatisfiable(UnsatisfiableConstraint)
    /// The constraints do not determine these parts of the label's frame.
    case ambiguous([FrameAttribute])

    /// The finding's kind, as the catalog names it: `clipped`, `unsatisfiable`, `ambiguous`.
    public var kind: String {
        switch self {
        case .clipped: return "clipped"
        case .unsatisfiable: return "unsatisfiable"
        case .ambiguous: return "ambiguous"
        }
    }
}

/// A label reaching past what shows it.
public struct ClippedLabel: Sendable, Hashable {
    /// What it reaches past.
    public var boundary: Boundary
    /// How far past each edge, in points (0 where it stays inside).
    public var overflow: LayoutInsets

    public init(boundary: Boundary, overflow: LayoutInsets) {
        self.boundary = boundary
        self.overflow = overflow
    }

    /// What a label can reach past.
    public enum Boundary: String, Sendable, Hashable {
        /// Its superview's bounds (a scroll view's content).
        case superview
        /// The screen: the root view of a view controller; the cell's width for a table cell.
        case screen
    }
}

/// A part of a frame.
public enum FrameAttribute: String, Sendable, Hashable, CaseIterable {
    case x, y, width, height
}

/// A required constraint UIKit cannot satisfy together with others, and the others.
public struct UnsatisfiableConstraint: Sendable, Hashable, CustomStringConvertible {
    /// The constraint left out (UIKit's "Will attempt to recover by breaking constraint"): the
    /// last one added of the conflicting set, in the order docs/autolayout.md gives.
    public var broken: ConstraintOrigin
    /// The required constraints it conflicts with, in the order they were added.
    public var conflicting: [ConstraintOrigin]

    public init(broken: ConstraintOrigin, conflicting: [ConstraintOrigin]) {
        self.broken = broken
        self.conflicting = conflicting
    }

    /// The views any of the constraints names.
    public var views: Set<String> {
        Set(([broken] + conflicting).flatMap(\.views))
    }

    public var description: String {
        "breaks \(broken)" + (conflicting.isEmpty ? "" : ", which conflicts with " + conflicting.map(\.description).joined(separator: "; "))
    }
}

/// Where a constraint of the solved system comes from.
public enum ConstraintOrigin: Sendable, Hashable, CustomStringConvertible {
    /// A constraint of the Interface Builder file.
    case interfaceBuilder(Constraint)
    /// A constraint UIKit makes: from an autoresizing mask, a stack view, a cell, the root view.
    case generated(GeneratedConstraint)

    /// The views it names.
    public var views: [String] {
        switch self {
        case .interfaceBuilder(let constraint): return constraint.items
        case .generated(let generated): return generated.views
        }
    }

    public var description: String {
        switch self {
        case .interfaceBuilder(let constraint): return constraint.summary
        case .generated(let generated): return generated.description
        }
    }
}

/// A constraint UIKit makes itself, named as UIKit's logs name it where they do.
public struct GeneratedConstraint: Sendable, Hashable, CustomStringConvertible {
    public var kind: Kind
    /// The views (and stack view guides, `STACK.spacer`) it relates.
    public var views: [String]

    public init(kind: Kind, views: [String]) {
        self.kind = kind
        self.views = views
    }

    /// What made it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case rootView = "root-view-frame"
        case cell = "cell-frame"
        case contentView = "cell-content-view"
        case cellStyle = "cell-style"
        case keyedView = "keyed-view-frame"
        case contentSize = "NSContentSizeLayoutConstraint"
        case baselineOffset = "baseline-offset"
        case autoresizingMask = "NSAutoresizingMaskLayoutConstraint"
        case canvasConnection = "UISV-canvas-connection"
        case spacing = "UISV-spacing"
        case hiddenSpacing = "UISV-spacing-hidden"
        case hiding = "UISV-hiding"
        case fillEqually = "UISV-fill-equally"
        case fillProportionally = "UISV-fill-proportionally"
        case distributingEdge = "UISV-distributing-edge"
        case alignment = "UISV-alignment"
        case spanningBoundary = "UISV-spanning-boundary"
        case spanningFit = "UISV-spanning-fit"
        case canvasFit = "UISV-canvas-fit"
        case ambiguitySuppression = "UISV-ambiguity-suppression"
        case textWidthDisambiguation = "UISV-text-width-disambiguation"
    }

    public var description: String { "\(kind.rawValue) (\(views.joined(separator: ", ")))" }
}

extension Constraint {
    /// `ID: first.attribute == second.attribute × m + c @p`, for messages.
    public var summary: String {
        let relationText = switch relation {
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        case .lessThanOrEqual: "<="
        }
        var rhs = ""
        if let secondItem, let secondAttribute {
            rhs = "\(secondItem).\(secondAttribute.rawValue)"
            if multiplier != 1 { rhs += " × \(Self.format(multiplier))" }
            if constant != 0 { rhs += (constant < 0 ? " - " : " + ") + Self.format(abs(constant)) }
        } else {
            rhs = Self.format(constant)
        }
        let priorityText = priority.isRequired ? "" : " @\(priority)"
        return "\(id): \(firstItem).\(firstAttribute.rawValue) \(relationText) \(rhs)\(priorityText)"
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
