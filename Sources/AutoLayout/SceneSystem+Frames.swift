import Cassowary

// The constraints UIKit makes for frames it sets itself: the root view's, a cell's and its
// content view's, the views a table holds by key, and every view whose autoresizing mask
// becomes constraints; then every view's intrinsic content size.

extension SceneSystem {
    /// The keys under which a table view holds a view it places at its top or bottom, full width.
    static let tableEndKeys: Set<String> = ["tableHeaderView", "tableFooterView"]
    /// The keys of views that fill their superview.
    static let backgroundKeys: Set<String> = ["backgroundView", "selectedBackgroundView", "multipleSelectionBackgroundView"]

    mutating func buildFrames() throws(SolverError) {
        let root = rect(0)
        let rootID = nodes[0].view.id
        let kind: GeneratedConstraint.Kind = scene.kind == .viewController || scene.kind == .topLevelView ? .rootView : .cell
        try add(root.left == 0, kind, [rootID])
        try add(root.top == 0, kind, [rootID])
        try add(root.width == target.rootSize.width, kind, [rootID])
        if target.isSelfSizing {
            // A self-sizing cell is as short as its content lets it be
            // (`systemLayoutSizeFitting` at `fittingSizeLevel`).
            try add(root.height >= 0, kind, [rootID])
            let height = nodes[0].rect!.height
            try solver.addEditVariable(height, priority: Cassowary.Priority(Priority.fittingSizeLevel.rawValue))
            fittingHeight = height
        } else {
            try add(root.height == target.rootSize.height, kind, [rootID])
        }
        for number in nodes.indices where nodes[number].view.kind.isScrollView && nodes[number].isInstalled {
            let id = nodes[number].view.id
            scrollContent[number] = (Variable("\(id).contentWidth"), Variable("\(id).contentHeight"))
        }
        for number in nodes.indices.dropFirst() where nodes[number].isInstalled && !cellStyleViews.contains(number) {
            let node = nodes[number]
            let parent = node.parent!
            if nodes[parent].view.kind == .stackView { continue }     // arranged: the stack view places it
            if isCellContentView(number) {
                try buildContentView(number)
            } else if let key = node.view.key, Self.tableEndKeys.contains(key) || Self.backgroundKeys.contains(key) {
                try buildKeyedView(number, key: key)
            } else if node.view.translatesAutoresizingMaskIntoConstraints {
                try buildAutoresizing(number)
            }
        }
    }

    /// A cell's content view: the cell's width less its accessory, its height less the
    /// separator (one pixel) in a table.
    mutating func buildContentView(_ number: Int) throws(SolverError) {
        let content = rect(number)
        let cell = rect(0)
        let ids = [nodes[number].view.id, nodes[0].view.id]
        let isTable = scene.kind == .tableViewCell
        try add(content.left == cell.left, .contentView, ids)
        try add(content.top == cell.top, .contentView, ids)
        try add(content.width == cell.width - (isTable ? accessoryWidth() : 0), .contentView, ids)
        try add(content.height == cell.height - (isTable ? 1 / Double(target.scale) : 0), .contentView, ids)
    }

    /// The width a table cell's accessory takes from its content view: the disclosure
    /// indicator's 33 points (30.5 from 414 points wide) and the checkmark's 44; another
    /// accessory takes what it took on the canvas.
    func accessoryWidth() -> Double {
        guard let cell = scene.root.tableCell, let accessory = cell.accessoryType else { return 0 }
        switch accessory {
        case "disclosureIndicator": return target.rootSize.width >= 414 ? 30.5 : 33
        case "checkmark": return 44
        default:
            let content = nodes.first { $0.parent == 0 && $0.view.kind == .tableViewCellContentView }?.view.frame
            guard let cellWidth = scene.root.frame?.width, let contentWidth = content?.width else { return 0 }
            return max(0, cellWidth - contentWidth)
        }
    }

    /// A table's header or footer view (full width, its saved height, at its saved y in the
    /// content), or a background view (filling its superview).
    mutating func buildKeyedView(_ number: Int, key: String) throws(SolverError) {
        let view = rect(number)
        let parent = rect(nodes[number].parent!)
        let ids = [nodes[number].view.id, nodes[nodes[number].parent!].view.id]
        try add(view.left == parent.left, .keyedView, ids)
        try add(view.width == parent.width, .keyedView, ids)
        if Self.tableEndKeys.contains(key), let frame = nodes[number].view.frame {
            try add(view.top == parent.top + frame.y, .keyedView, ids)
            try add(view.height == frame.height, .keyedView, ids)
        } else {
            try add(view.top == parent.top, .keyedView, ids)
            try add(view.height == parent.height, .keyedView, ids)
        }
    }

    /// A view laid out by its autoresizing mask: its saved frame, with the change of its
    /// superview's size from the saved one shared among the flexible margins and size in
    /// proportion to their saved lengths (equally when those are all 0), as UIKit does.
    mutating func buildAutoresizing(_ number: Int) throws(SolverError) {
        let node = nodes[number]
        let parent = node.parent!
        // Without a saved frame (noted by the reader) there is nothing to keep.
        guard let frame = node.view.frame, let superSize = nodes[parent].view.frame?.size else { return }
        let view = rect(number)
        let container = rect(parent)
        let mask = node.view.autoresizingMask
        let ids = [node.view.id, nodes[parent].view.id]
        let horizontal = Self.resizingShares(lead: frame.x, size: frame.width, trail: superSize.width - frame.x - frame.width,
                                             flexible: (mask.contains(.flexibleMinX), mask.contains(.widthSizable),
                                                        mask.contains(.flexibleMaxX)))
        let vertical = Self.resizingShares(lead: frame.y, size: frame.height, trail: superSize.height - frame.y - frame.height,
                                           flexible: (mask.contains(.flexibleMinY), mask.contains(.heightSizable),
                                                      mask.contains(.flexibleMaxY)))
        let widthChange = container.width - superSize.width
        let heightChange = container.height - superSize.height
        try add(view.left == container.left + frame.x + widthChange * horizontal.lead, .autoresizingMask, ids)
        try add(view.width == frame.width + widthChange * horizontal.size, .autoresizingMask, ids)
        try add(view.top == container.top + frame.y + heightChange * vertical.lead, .autoresizingMask, ids)
        try add(view.height == frame.height + heightChange * vertical.size, .autoresizingMask, ids)
    }

    /// The shares of a change of the superview's length that go to a view's leading margin and
    /// its size (the trailing margin takes the rest).
    static func resizingShares(lead: Double, size: Double, trail: Double,
                               flexible: (lead: Bool, size: Bool, trail: Bool)) -> (lead: Double, size: Double) {
        let parts = [(flexible.lead, max(lead, 0)), (flexible.size, max(size, 0)), (flexible.trail, max(trail, 0))]
        let chosen = parts.filter(\.0)
        guard !chosen.isEmpty else { return (0, 0) }
        let total = chosen.reduce(0) { $0 + $1.1 }
        func share(_ index: Int) -> Double {
            guard parts[index].0 else { return 0 }
            return total > 0 ? parts[index].1 / total : 1 / Double(chosen.count)
        }
        return (share(0), share(1))
    }

    // MARK: Intrinsic content sizes

    /// `size ≥ intrinsic` at compression resistance and `size ≤ intrinsic` at hugging, per
    /// axis. A label's intrinsic size is its text's, suggested for each text (edit variables);
    /// an image view's is its image's; a view IB gave a placeholder size has that; buttons and
    /// views of kinds not modelled keep their saved size as a fixed one.
    mutating func buildIntrinsicSizes(imageSizes: [String: LayoutSize]) throws(SolverError) {
        for number in nodes.indices where nodes[number].isInstalled {
            let view = nodes[number].view
            let frame = rect(number)
            if view.kind == .label {
                let width = Variable("\(view.id).textWidth"), height = Variable("\(view.id).textHeight")
                try solver.addEditVariable(width, priority: Self.textPriority)
                try solver.addEditVariable(height, priority: Self.textPriority)
                labelIndex[number] = labels.count
                labels.append(LabelEntry(node: number, width: width, height: height, isMultiline: view.label?.isMultiline ?? false,
                                         preferredWidth: view.flags.preferredMaxLayoutWidth))
                try addContentSize(frame.width, Expression(width), hugging: view.contentHugging.horizontal,
                                   resistance: view.compressionResistance.horizontal, view: view.id)
                try addContentSize(frame.height, Expression(height), hugging: view.contentHugging.vertical,
                                   resistance: view.compressionResistance.vertical, view: view.id)
                continue
            }
            var size: (width: Double?, height: Double?) = (nil, nil)
            switch view.kind {
            case .imageView:
                if let name = view.image { size = (imageSizes[name] ?? view.frame?.size).map { ($0.width, $0.height) } ?? (nil, nil) }
            case .button, .other:
                size = (view.frame?.width, view.frame?.height)
            default:
                break
            }
            switch view.flags.placeholderIntrinsicWidth {
            case .length(let length)?: size.width = length
            case .none?: size.width = nil
            case nil: break
            }
            switch view.flags.placeholderIntrinsicHeight {
            case .length(let length)?: size.height = length
            case .none?: size.height = nil
            case nil: break
            }
            if size.width != nil || size.height != nil { fixedSizes[number] = size }
            if let width = size.width {
                try addContentSize(frame.width, Expression(constant: width), hugging: view.contentHugging.horizontal,
                                   resistance: view.compressionResistance.horizontal, view: view.id)
            }
            if let height = size.height {
                try addContentSize(frame.height, Expression(constant: height), hugging: view.contentHugging.vertical,
                                   resistance: view.compressionResistance.vertical, view: view.id)
            }
        }
    }

    private mutating func addContentSize(_ size: Expression, _ intrinsic: Expression, hugging: Priority, resistance: Priority,
                                         view: String) throws(SolverError) {
        try add((size >= intrinsic).at(resistance), .contentSize, [view])
        try add((size <= intrinsic).at(hugging), .contentSize, [view])
    }
}
