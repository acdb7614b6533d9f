import Cassowary

// What a constraint's item and attribute stand for, as an expression over the solver's
// variables: views' frames, margins and baselines, layout guides, scroll views' content.

/// A constraint's item: a view (by node) or a layout guide.
enum ConstraintItem: Sendable {
    case view(Int)
    case guide(LayoutGuide, owner: Int)

    /// The view it belongs to: the view itself, or the guide's owner.
    var node: Int {
        switch self {
        case .view(let node), .guide(_, let node): return node
        }
    }
}

extension SceneSystem {
    /// The item an IB constraint names; nil for an id that is neither a view nor a guide of the
    /// scene (the reader left such constraints out).
    func item(_ id: String) -> ConstraintItem? {
        if let node = index[id] { return .view(node) }
        if let guide = guides[id], let owner = index[guide.owner] { return .guide(guide, owner: owner) }
        return nil
    }

    /// The rectangle of a scroll view's content: at its origin (content offset 0), its size
    /// the content's.
    func contentRect(_ node: Int) -> RectExpression {
        let frame = rect(node)
        let size = scrollContent[node]!
        return RectExpression(left: frame.left, top: frame.top, width: Expression(size.width), height: Expression(size.height))
    }

    /// The rectangle of a guide, or why it is not modelled.
    func rect(of guide: LayoutGuide, owner: Int) -> Result<RectExpression, ConstraintLimitation> {
        let frame = rect(owner)
        switch guide.kind {
        case .safeArea:
            return .success(frame.inset(by: nodes[owner].safeArea))
        case .content:
            guard scrollContent[owner] != nil else { return .failure(.layoutGuide(guide.kind.interfaceBuilderName)) }
            return .success(contentRect(owner))
        case .frame:
            return .success(frame)
        case .top:
            // Before safe areas: the bottom of the status bar (no bars are modelled).
            return .success(RectExpression(left: frame.left, top: frame.top, width: frame.width,
                                           height: Expression(constant: nodes[owner].safeArea.top)))
        case .bottom:
            let height = nodes[owner].safeArea.bottom
            return .success(RectExpression(left: frame.left, top: frame.bottom - height, width: frame.width,
                                           height: Expression(constant: height)))
        case .other(let key):
            return .failure(.layoutGuide(key))
        }
    }

    /// `attribute` of `item` as an expression. `content` asks for a scroll view's content
    /// rather than its frame (its edges, seen from a view inside it).
    mutating func expression(_ item: ConstraintItem, _ attribute: Attribute,
                             content: Bool = false) throws(SolverError) -> Result<Expression, ConstraintLimitation> {
        switch item {
        case .guide(let guide, let owner):
            switch rect(of: guide, owner: owner) {
            case .failure(let limitation): return .failure(limitation)
            case .success(let frame):
                guard let expression = frame.attribute(attribute, margins: .zero), !attribute.isMargin else {
                    return .failure(.layoutGuide("\(guide.kind.interfaceBuilderName) \(attribute.rawValue)"))
                }
                return .success(expression)
            }
        case .view(let node):
            if attribute == .firstBaseline || attribute == .lastBaseline {
                return try baseline(of: node, first: attribute == .firstBaseline)
            }
            let frame = content ? contentRect(node) : rect(node)
            return .success(frame.attribute(attribute, margins: nodes[node].margins)!)
        }
    }

    /// A view's first or last baseline: a label's from its text (an edit variable each, from
    /// the top and from the bottom); a stack view's from its first (or, vertical, last)
    /// visible arranged view; a plain view's is its top or bottom edge, as UIKit's.
    mutating func baseline(of node: Int, first: Bool) throws(SolverError) -> Result<Expression, ConstraintLimitation> {
        let view = nodes[node].view
        let frame = rect(node)
        switch view.kind {
        case .label:
            let entry = labelIndex[node]!
            if first {
                if labels[entry].firstBaseline == nil {
                    let offset = Variable("\(view.id).firstBaseline")
                    try solver.addEditVariable(offset, priority: Self.textPriority)
                    labels[entry].firstBaseline = offset
                }
                return .success(frame.top + labels[entry].firstBaseline!)
            }
            if labels[entry].lastBaseline == nil {
                let offset = Variable("\(view.id).lastBaseline")
                try solver.addEditVariable(offset, priority: Self.textPriority)
                labels[entry].lastBaseline = offset
            }
            return .success(frame.bottom - labels[entry].lastBaseline!)
        case .stackView:
            let items = arrangedItems(of: node).filter { !nodes[$0].isHidden }
            guard let stack = nodes[node].stackView, let firstItem = items.first, let lastItem = items.last else {
                return .success(first ? frame.top : frame.bottom)
            }
            return try baseline(of: stack.axis == .vertical && !first ? lastItem : firstItem, first: first)
        case .view, .tableViewCellContentView, .collectionViewCellContentView, .collectionReusableView:
            return .success(first ? frame.top : frame.bottom)
        default:
            return .failure(.baseline(element: view.element))
        }
    }

    /// A stack view's arranged subviews in the layout, in order.
    func arrangedItems(of node: Int) -> [Int] {
        var items: [Int] = []
        var number = node + 1
        // Children follow their parent depth first; a child's subtree follows the child.
        while number < nodes.count, isDescendant(number, of: node) {
            if nodes[number].parent == node, nodes[number].isInstalled { items.append(number) }
            number += 1
        }
        return items
    }
}
