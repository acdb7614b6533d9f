import Cassowary

// The file's own constraints, as `NSLayoutConstraint` reads them, and what a label's frame
// depends on (docs/autolayout.md, "Solving a scene").

extension SceneSystem {
    /// Adds the file's installed constraints in file order, after everything UIKit generates:
    /// a required one that conflicts with those before it is the one broken.
    mutating func buildInterfaceBuilderConstraints() throws(SolverError) {
        for written in scene.constraints {
            guard constraintInstalled[written.id] ?? written.isInstalled else { continue }
            guard let first = item(written.firstItem) else { continue }
            var second: ConstraintItem?
            if let id = written.secondItem {
                guard let found = item(id) else { continue }
                second = found
            }
            // A constraint naming a view not in the layout is not installed either, as in UIKit;
            // the views a built-in cell style places take none.
            let items = [first] + (second.map { [$0] } ?? [])
            guard items.allSatisfy({ nodes[$0.node].isInstalled }) else { continue }
            if items.contains(where: { if case .view(let node) = $0 { cellStyleViews.contains(node) } else { false } }) { continue }
            let concerned = items.map(\.node)
            for node in concerned where nodes[node].view.kind == .label {
                partners[node, default: []].formUnion(concerned.filter { $0 != node })
            }
            guard let constraint = applyingVariations(written, concerning: concerned) else { continue }
            switch try translate(constraint, first, second) {
            case .success(let solverConstraint):
                try add(solverConstraint, .interfaceBuilder(constraint))
            case .failure(let limitation):
                for node in innermost(concerned) {
                    viewReasons[node, default: []].append(.constraintNotModelled(constraint: constraint.id, limitation))
                }
            }
        }
    }

    /// The constraint as size class variations for iPhones in portrait change it (`constant`,
    /// `multiplier`, `priority`); a change of anything else is noted on the views it concerns.
    private mutating func applyingVariations(_ written: Constraint, concerning nodes: [Int]) -> Constraint? {
        var constraint = written
        for variation in written.variations where variation.applies(to: target.traits) {
            for (name, value) in variation.attributes.sorted(by: { $0.key < $1.key }) {
                let number = Constraint.finiteNumber(Substring(value))
                switch name {
                case "constant" where number != nil:
                    constraint.constant = number!
                case "multiplier" where Constraint.multiplier(from: value) != nil:
                    constraint.multiplier = Constraint.multiplier(from: value)!
                case "priority" where number.map({ $0 > 0 && $0 <= 1000 }) ?? false:
                    constraint.priority = Priority(Float(number!))
                default:
                    for node in innermost(nodes) {
                        viewReasons[node, default: []].append(.sizeClassVariationNotModelled(object: written.id, attribute: name))
                    }
                }
            }
        }
        return constraint
    }

    /// `first.attribute relation second.attribute × multiplier + constant` over the solver's
    /// variables. A scroll view's edges, seen from a view inside it, are its content's. A
    /// position scaled by a multiplier is measured from the two items' nearest common
    /// ancestor, as UIKit measures it.
    private mutating func translate(_ constraint: Constraint, _ first: ConstraintItem,
                                    _ second: ConstraintItem?) throws(SolverError) -> Result<SolverConstraint, ConstraintLimitation> {
        let relation: Cassowary.Relation = switch constraint.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        let firstAttribute = constraint.firstAttribute
        let lhs: Expression
        let rhs: Expression
        if let second, let secondAttribute = constraint.secondAttribute {
            guard firstAttribute.isSize == secondAttribute.isSize else { return .failure(.mixedAttributes) }
            let left: Expression
            let right: Expression
            switch try expression(first, firstAttribute, content: isContentEdge(first, firstAttribute, seenFrom: second)) {
            case .failure(let limitation): return .failure(limitation)
            case .success(let expression): left = expression
            }
            switch try expression(second, secondAttribute, content: isContentEdge(second, secondAttribute, seenFrom: first)) {
            case .failure(let limitation): return .failure(limitation)
            case .success(let expression): right = expression
            }
            if !firstAttribute.isSize, constraint.multiplier != 1 {
                let origin = commonAncestorOrigin(first.node, second.node, axis: firstAttribute.axis)
                lhs = left - origin
                rhs = (right - origin) * constraint.multiplier + constraint.constant
            } else {
                lhs = left
                rhs = right * constraint.multiplier + constraint.constant
            }
        } else {
            guard firstAttribute.isSize else { return .failure(.mixedAttributes) }
            switch try expression(first, firstAttribute) {
            case .failure(let limitation): return .failure(limitation)
            case .success(let expression): lhs = expression
            }
            rhs = Expression(constant: constraint.constant)
        }
        return .success(SolverConstraint(lhs, relation, rhs).at(constraint.priority))
    }

    /// True when `attribute` of a scroll view is an edge of its content: an edge or margin
    /// (not a size or centre), related to a view inside the scroll view.
    private func isContentEdge(_ item: ConstraintItem, _ attribute: Attribute, seenFrom other: ConstraintItem) -> Bool {
        guard case .view(let node) = item, scrollContent[node] != nil else { return false }
        switch attribute {
        case .width, .height, .centerX, .centerY, .centerXWithinMargins, .centerYWithinMargins, .firstBaseline, .lastBaseline:
            return false
        default:
            return isDescendant(other.node, of: node)
        }
    }

    /// The origin, on `axis`, of the nearest view holding both `a` and `b` (either may be it).
    private func commonAncestorOrigin(_ a: Int, _ b: Int, axis: Axis) -> Expression {
        let holdersOfA = Set([a] + ancestors(of: a))
        let common = ([b] + ancestors(of: b)).first { holdersOfA.contains($0) } ?? 0
        return rect(common).leading(axis)
    }

    // MARK: What a label depends on

    /// The views of `concerned` that hold none of the others. A constraint that cannot be
    /// expressed, or was left out, changes where its inner items go; a view holding another
    /// item (a superview pinned to its subview) is taken to be placed by its own constraints.
    func innermost(_ concerned: [Int]) -> [Int] {
        concerned.filter { node in !concerned.contains { $0 != node && isDescendant($0, of: node) } }
    }

    /// The views a note is about: the view it names, or the innermost of the views a note on a
    /// constraint concerns (its items and holder).
    private func viewsConcerned(by note: SceneNote) -> Set<String> {
        if index[note.object] != nil { return [note.object] }
        let known = note.views.compactMap { index[$0] }
        return Set(innermost(known).map { nodes[$0].view.id } + note.views.filter { index[$0] == nil })
    }

    /// Why a label's frame cannot be solved, found when the system is built: it or a view
    /// holding it is not installed; or the reader noted something about it, a view holding it
    /// or a view its constraints name (besides views of kinds not modelled, which keep their
    /// saved size, colours, and missing frames of views Auto Layout places); or a constraint or
    /// size class variation concerning one of those could not be expressed. A note or a
    /// constraint about a view and a view holding it concerns the inner view only.
    func staticReason(forLabel node: Int) -> SavedFrameReason? {
        if !nodes[node].isInstalled { return .notInstalled }
        let dependencies = [node] + ancestors(of: node) + (partners[node] ?? []).sorted()
        let ids = Set(dependencies.map { nodes[$0].view.id })
        for note in scene.notes where note.views.isEmpty || !ids.isDisjoint(with: viewsConcerned(by: note)) {
            if affectsLayout(note) { return .sceneNote(note) }
        }
        for dependency in dependencies {
            if let reason = viewReasons[dependency]?.first { return reason }
        }
        return nil
    }

    /// Whether a note can change where a view goes.
    private func affectsLayout(_ note: SceneNote) -> Bool {
        switch note.reason {
        case .viewKindNotModelled:
            return false
        case .valueUnreadable(let attribute, _):
            return !attribute.hasPrefix("<color")
        case .frameMissing:
            guard let node = index[note.object] else { return true }
            return nodes[node].view.translatesAutoresizingMaskIntoConstraints && node != 0
        default:
            return true
        }
    }
}
