import Cassowary

// A table cell of a built-in style places its textLabel and detailTextLabel itself, whatever
// their saved frames and constraints (docs/autolayout.md, "Solving a scene").

extension SceneSystem {
    /// The cell's built-in style, its content view and labels, when the scene is such a cell.
    var cellStyle: (style: TableCellProperties.Style, content: Int, text: Int?, detail: Int?, image: Int?)? {
        guard scene.kind == .tableViewCell, let cell = scene.root.tableCell, cell.style.isBuiltIn,
              let content = nodes.indices.first(where: { isCellContentView($0) && nodes[$0].isInstalled }) else { return nil }
        func installed(_ id: String?) -> Int? {
            guard let id, let node = index[id], nodes[node].isInstalled else { return nil }
            return node
        }
        return (cell.style, content, installed(cell.textLabel), installed(cell.detailTextLabel), installed(cell.imageView))
    }

    /// Marks the views the cell style places (they get no constraints of their own).
    mutating func markCellStyleViews() {
        guard let style = cellStyle else { return }
        cellStyleViews = Set([style.text, style.detail, style.image].compactMap { $0 })
        if style.image != nil {
            for label in [style.text, style.detail].compactMap({ $0 }) {
                viewReasons[label, default: []].append(.cellImageNotModelled(cell: nodes[0].view.id))
            }
        }
    }

    /// The gap between a Right Detail cell's two labels.
    static let rightDetailGap = 8.0
    /// The least height of a built-in cell, as UIKit's default row.
    static let defaultRowHeight = 44.0

    /// Basic: the text label spans the content view inside its side margins, full height.
    /// Subtitle: the text label above the detail, both at the leading margin and as wide as
    /// their texts up to the trailing margin, centred together. Right
    /// Detail: the text label at the leading margin, the detail at the trailing margin, both
    /// centred, the detail truncating first. Left Detail: the text label keeps its saved
    /// column, the detail follows it. A self-sizing cell is at least 44 points tall and its
    /// labels' height plus the cell's top and bottom margins.
    mutating func buildCellStyle() throws(SolverError) {
        guard let (style, contentNode, text, detail, _) = cellStyle else { return }
        let content = rect(contentNode)
        let margins = nodes[contentNode].margins
        let leading = content.left + margins.left
        let trailing = content.right - margins.right
        let cellID = nodes[0].view.id
        func ids(_ views: Int?...) -> [String] { [cellID] + views.compactMap { $0.map { nodes[$0].view.id } } }
        func textHeight(_ label: Int?) -> Expression {
            guard let label, let entry = labelIndex[label] else { return Expression(constant: 0) }
            return Expression(labels[entry].height)
        }
        let vertical = Self.cellVerticalMargin * 2
        var contentHeights: [Expression] = []
        switch style {
        case .custom:
            return
        case .basic:
            guard let text else { return }
            let frame = rect(text)
            try add(frame.left == leading, .cellStyle, ids(text))
            try add(frame.right == trailing, .cellStyle, ids(text))
            try add(frame.top == content.top, .cellStyle, ids(text))
            try add(frame.bottom == content.bottom, .cellStyle, ids(text))
            contentHeights = [textHeight(text)]
        case .subtitle:
            let stacked = [text, detail].compactMap { $0 }
            for label in stacked {
                try add(rect(label).left == leading, .cellStyle, ids(label))
                try add(rect(label).right <= trailing, .cellStyle, ids(label))
            }
            guard let top = stacked.first, let bottom = stacked.last else { return }
            if let text, let detail { try add(rect(detail).top == rect(text).bottom, .cellStyle, ids(text, detail)) }
            try add(rect(top).top - content.top == content.bottom - rect(bottom).bottom, .cellStyle, ids(top, bottom))
            contentHeights = [textHeight(text) + textHeight(detail)]
        case .rightDetail:
            if let text {
                try add(rect(text).left == leading, .cellStyle, ids(text))
                try add(rect(text).centerY == content.centerY, .cellStyle, ids(text))
                if let entry = labelIndex[text] {
                    // The text label resists compression a little more than the detail.
                    let resistance = min(nodes[text].view.compressionResistance.horizontal.rawValue + 1, 999)
                    try add((rect(text).width >= Expression(labels[entry].width)).at(resistance), .cellStyle, ids(text))
                }
            }
            if let detail {
                try add(rect(detail).right == trailing, .cellStyle, ids(detail))
                try add(rect(detail).centerY == content.centerY, .cellStyle, ids(detail))
                try add(rect(detail).left >= (text.map { rect($0).right + Self.rightDetailGap } ?? leading), .cellStyle, ids(text, detail))
            }
            contentHeights = [textHeight(text), textHeight(detail)]
        case .leftDetail:
            let savedText = text.flatMap { nodes[$0].view.frame }
            if let text {
                try add(rect(text).left == content.left + (savedText?.x ?? margins.left), .cellStyle, ids(text))
                try add(rect(text).width == (savedText?.width ?? 0), .cellStyle, ids(text))
                try add(rect(text).centerY == content.centerY, .cellStyle, ids(text))
            }
            if let detail {
                let gap = (nodes[detail].view.frame?.x).map { x in x - (savedText.map { $0.x + $0.width } ?? 0) } ?? Self.rightDetailGap
                try add(rect(detail).left == (text.map { rect($0).right + gap } ?? leading), .cellStyle, ids(text, detail))
                try add(rect(detail).right == trailing, .cellStyle, ids(detail))
                try add(rect(detail).centerY == content.centerY, .cellStyle, ids(detail))
            }
            contentHeights = [textHeight(text), textHeight(detail)]
        }
        if target.isSelfSizing {
            try add((rect(0).height >= Self.defaultRowHeight).at(999), .cellStyle, ids())
            for height in contentHeights { try add((content.height >= height + vertical).at(999), .cellStyle, ids(text, detail)) }
        }
    }
}
