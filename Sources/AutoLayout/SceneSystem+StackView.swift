import Cassowary

// The constraints a UIStackView makes for its arranged subviews, as UIKit's logs name them:
// along the axis, the distribution; across it, the alignment (docs/autolayout.md, "Solving a scene").

extension Axis {
    var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

extension SceneSystem {
    /// Priority of a hidden arranged view's zero length (`UISV-hiding`): just below required.
    static let hidingPriority: Float = 999.999

    mutating func buildStackViews() throws(SolverError) {
        for number in nodes.indices where nodes[number].isInstalled && nodes[number].view.kind == .stackView {
            guard let stack = nodes[number].stackView else { continue }
            let items = arrangedItems(of: number)
            try buildDistribution(number, stack, items)
            try buildAlignment(number, stack, items)
        }
    }

    /// The rectangle arranged views are laid out in: the stack view's, or inside its margins.
    func canvas(_ number: Int, _ stack: StackViewProperties) -> RectExpression {
        stack.isLayoutMarginsRelativeArrangement ? rect(number).inset(by: nodes[number].margins) : rect(number)
    }

    private mutating func buildDistribution(_ number: Int, _ stack: StackViewProperties, _ items: [Int]) throws(SolverError) {
        let axis = stack.axis
        let canvas = canvas(number, stack)
        let id = nodes[number].view.id
        let visible = items.filter { !nodes[$0].isHidden }
        func ids(_ views: Int...) -> [String] { [id] + views.map { nodes[$0].view.id } }
        if let first = visible.first, let last = visible.last {
            try add(rect(first).leading(axis) == canvas.leading(axis), .canvasConnection, ids(first))
            try add(rect(last).trailing(axis) == canvas.trailing(axis), .canvasConnection, ids(last))
        }
        let spacesEqually = stack.distribution == .equalSpacing || stack.distribution == .equalCentering
        for (previous, next) in zip(visible, visible.dropFirst()) {
            var from = rect(previous).trailing(axis)
            var to = rect(next).leading(axis)
            if stack.isBaselineRelativeArrangement, axis == .vertical,
               case .success(let last) = try baseline(of: previous, first: false),
               case .success(let first) = try baseline(of: next, first: true) {
                from = last
                to = first
            }
            try add(spacesEqually ? to >= from + stack.spacing : to == from + stack.spacing, .spacing, ids(previous, next))
        }
        // A hidden arranged view: no length, after the view before it (weakly).
        for (position, item) in items.enumerated() where nodes[item].isHidden {
            try add((rect(item).size(axis) == 0).at(Self.hidingPriority), .hiding, ids(item))
            let before = position > 0 ? rect(items[position - 1]).trailing(axis) : canvas.leading(axis)
            try add((rect(item).leading(axis) == before).at(50), .hiddenSpacing, ids(item))
        }
        switch stack.distribution {
        case .fill:
            break
        case .fillEqually:
            for item in visible.dropFirst() {
                try add(rect(item).size(axis) == rect(visible[0]).size(axis), .fillEqually, ids(visible[0], item))
            }
        case .fillProportionally:
            proportionalStacks.append(ProportionalStack(stack: number, items: visible, axis: axis, spacing: stack.spacing,
                                                        usesMargins: stack.isLayoutMarginsRelativeArrangement))
        case .equalSpacing, .equalCentering:
            // Equal gaps between neighbours (between their centres for equalCentering).
            let centering = stack.distribution == .equalCentering
            var firstGap: Variable?
            for (gapIndex, (previous, next)) in zip(visible, visible.dropFirst()).enumerated() {
                let start = Variable("\(id).gap\(gapIndex).start"), length = Variable("\(id).gap\(gapIndex).length")
                let from = centering ? rect(previous).center(axis) : rect(previous).trailing(axis)
                let to = centering ? rect(next).center(axis) : rect(next).leading(axis)
                try add(Expression(start) == from, .distributingEdge, ids(previous))
                try add(start + length == to, .distributingEdge, ids(next))
                if let firstGap {
                    let priority: Float = centering ? max(150 - Float(items.firstIndex(of: previous)!), 50) : 1000
                    try add((Expression(length) == Expression(firstGap)).at(priority), .fillEqually, ids(previous, next))
                } else {
                    firstGap = length
                }
            }
            try add((rect(number).size(axis) == 0).at(49), .canvasFit, [id])
        }
        try buildTextWidthDisambiguation(number, stack, items)
    }

    /// Several labels of several lines side by side in a horizontal stack (fill or equal
    /// spacing): each at most its share of the width, at 950 and a little more for each next
    /// one (`UISV-text-width-disambiguation`, as current UIKit makes it).
    private mutating func buildTextWidthDisambiguation(_ number: Int, _ stack: StackViewProperties, _ items: [Int]) throws(SolverError) {
        guard stack.axis == .horizontal, [.fill, .equalSpacing, .equalCentering].contains(stack.distribution) else { return }
        let candidates = items.filter { nodes[$0].view.kind == .label && (nodes[$0].view.label?.isMultiline ?? false) }
        guard candidates.count >= 2 else { return }
        let visibleCount = Double(candidates.filter { !nodes[$0].isHidden }.count)
        let share = visibleCount > 0 ? 1 / visibleCount : 1
        let constant = visibleCount > 0 ? -stack.spacing * (visibleCount - 1) / visibleCount : 0
        let step = min(25 / Float(candidates.count), 1)
        let width = canvas(number, stack).width
        for (position, label) in candidates.enumerated() {
            let priority = min(950 + Float(position) * step, 999)
            try add((rect(label).width <= width * share + constant).at(priority), .textWidthDisambiguation,
                    [nodes[number].view.id, nodes[label].view.id])
        }
    }

    /// The alignment across the axis. Fill pins every arranged view to both edges; the other
    /// alignments pin the aligned edge (or centre, or baseline) and keep the views inside a
    /// spanning guide the stack view hugs (`UISV-spanning-boundary` at 999.5,
    /// `UISV-spanning-fit` at 51, `UISV-canvas-fit` at 49), each view's cross size held weakly
    /// (`UISV-ambiguity-suppression` at 25).
    private mutating func buildAlignment(_ number: Int, _ stack: StackViewProperties, _ items: [Int]) throws(SolverError) {
        let alignment = stack.alignment
        let axis = stack.axis.other
        let canvas = canvas(number, stack)
        let id = nodes[number].view.id
        let visible = items.filter { !nodes[$0].isHidden }
        let leadingWeak = [.trailing, .center, .firstBaseline, .lastBaseline].contains(alignment)
        let trailingWeak = [.leading, .center, .firstBaseline, .lastBaseline].contains(alignment)
        let anyWeak = leadingWeak || trailingWeak
        let usesSpanner = visible.isEmpty || (items.count > 1 && anyWeak)

        // The spanning guide across the axis: its leading edge and length.
        var spanner: RectExpression?
        if usesSpanner {
            let start = Variable("\(id).spanner.start"), length = Variable("\(id).spanner.length")
            let zero = Expression(constant: 0)
            spanner = axis == .horizontal
                ? RectExpression(left: Expression(start), top: zero, width: Expression(length), height: zero)
                : RectExpression(left: zero, top: Expression(start), width: zero, height: Expression(length))
            let spannerIDs = [id, "\(id).spanner"]
            if anyWeak { try add((Expression(length) == 0).at(51), .spanningFit, spannerIDs) }
            for item in visible {
                let views = spannerIDs + [nodes[item].view.id]
                let frame = rect(item)
                try add(leadingWeak ? spanner!.leading(axis) <= frame.leading(axis)
                                    : (spanner!.leading(axis) == frame.leading(axis)).at(999.5), .spanningBoundary, views)
                try add(trailingWeak ? spanner!.trailing(axis) >= frame.trailing(axis)
                                     : (spanner!.trailing(axis) == frame.trailing(axis)).at(999.5), .spanningBoundary, views)
            }
        }
        let firstFrame: RectExpression? = visible.isEmpty ? spanner : items.first.map { rect($0) }
        guard let firstFrame else { return }
        var leadingFrame = firstFrame
        var trailingFrame = spanner ?? firstFrame
        if [.center, .trailing, .lastBaseline].contains(alignment) { swap(&leadingFrame, &trailingFrame) }
        // Baseline-aligned views may stand out above or below the first one: the stack view
        // spans them all (the spanning guide's edges).
        if let spanner, usesSpanner, alignment == .firstBaseline || alignment == .lastBaseline {
            leadingFrame = spanner
            trailingFrame = spanner
        }
        let leadingCanvasWeak = usesSpanner ? false : leadingWeak
        let trailingCanvasWeak = usesSpanner ? false : trailingWeak
        let canvasIDs = [id] + (items.first.map { [nodes[$0].view.id] } ?? [])
        try add(leadingCanvasWeak ? canvas.leading(axis) <= leadingFrame.leading(axis)
                                  : canvas.leading(axis) == leadingFrame.leading(axis), .canvasConnection, canvasIDs)
        try add(trailingCanvasWeak ? canvas.trailing(axis) >= trailingFrame.trailing(axis)
                                   : canvas.trailing(axis) == trailingFrame.trailing(axis), .canvasConnection, canvasIDs)
        if alignment == .center { try add(canvas.center(axis) == firstFrame.center(axis), .canvasConnection, canvasIDs) }

        if let first = items.first {
            for item in items.dropFirst() {
                let views = [id, nodes[first].view.id, nodes[item].view.id]
                switch alignment {
                case .fill:
                    try add(rect(first).leading(axis) == rect(item).leading(axis), .alignment, views)
                    try add(rect(first).trailing(axis) == rect(item).trailing(axis), .alignment, views)
                case .leading:
                    try add(rect(first).leading(axis) == rect(item).leading(axis), .alignment, views)
                case .trailing:
                    try add(rect(first).trailing(axis) == rect(item).trailing(axis), .alignment, views)
                case .center:
                    try add(rect(first).center(axis) == rect(item).center(axis), .alignment, views)
                case .firstBaseline, .lastBaseline:
                    guard stack.axis == .horizontal else { break }
                    let isFirst = alignment == .firstBaseline
                    switch (try baseline(of: first, first: isFirst), try baseline(of: item, first: isFirst)) {
                    case (.success(let lhs), .success(let rhs)):
                        try add(lhs == rhs, .alignment, views)
                    case (.failure(let limitation), _), (_, .failure(let limitation)):
                        for view in [number, first, item] {
                            viewReasons[view, default: []].append(.constraintNotModelled(constraint: "\(id).alignment", limitation))
                        }
                    }
                }
            }
        }
        if anyWeak {
            for item in items {
                try add((rect(item).size(axis) == 0).at(25), .ambiguitySuppression, [id, nodes[item].view.id])
            }
        }
        if leadingCanvasWeak || trailingCanvasWeak {
            try add((rect(number).size(axis) == 0).at(49), .canvasFit, [id])
        }
    }

    // MARK: Proportional fill

    /// The `fillProportionally` constraints of a stack view for its items' current intrinsic
    /// lengths (`sizes`, nil for none): each item's length is the stack's in proportion to its
    /// own, at 999, 998, … (at least 751); an item with none has no length.
    func proportionalConstraints(_ stack: ProportionalStack, sizes: [Double?]) -> [(SolverConstraint, ConstraintOrigin)] {
        let frame = rect(stack.stack)
        let length = (stack.usesMargins ? frame.inset(by: nodes[stack.stack].margins) : frame).size(stack.axis)
        var denominator = 0.0
        for size in sizes {
            if let size, size > 0 { denominator += size }
            denominator += stack.spacing
        }
        denominator -= stack.spacing
        var constraints: [(SolverConstraint, ConstraintOrigin)] = []
        for (position, item) in stack.items.enumerated() {
            let origin = ConstraintOrigin.generated(GeneratedConstraint(kind: .fillProportionally,
                                                                        views: [nodes[stack.stack].view.id, nodes[item].view.id]))
            let share = (sizes[position] ?? 0) > 0 && denominator > 0 ? sizes[position]! / denominator : 0
            let constraint: SolverConstraint = share > 0 ? rect(item).size(stack.axis) == length * share : rect(item).size(stack.axis) == 0
            let priority: Float = share == 1 || share == 0 ? 1000 : max(999 - Float(position), 751)
            constraints.append((constraint.at(priority), origin))
        }
        return constraints
    }
}
