import AutoLayout
import Testing

// Hand-worked scenes. Unless a test says otherwise: an iPhone SE (3rd generation), 375×667 at
// 2×, safe area top 20, root side margins 16; texts' sizes round up to half points.

@Suite("Scene solver: hand-worked scenes")
struct SceneSolverTests {
    static func solve(_ scene: Scene, _ texts: KnownTexts, device: Device? = nil) throws -> SolvedScene {
        try SceneSolver(scene: scene, device: device).solve(measuring: texts)
    }

    @Test("A label centred in its screen is its text's size, rounded up to the pixel grid")
    func centred() throws {
        let scene = Build.controller([Build.label("lbl")], constraints: [
            Build.pin("cx", "lbl", .centerX, .equal, "root"),
            Build.pin("cy", "lbl", .centerY, .equal, "root"),
        ])
        let solved = try Self.solve(scene, KnownTexts(["lbl": .init(width: 46.6, lineHeight: 20.3)]))
        let label = try #require(solved.label("lbl"))
        // Text 46.6 × 20.3 → 47 × 20.5 at 2×. x = (375 − 47) / 2 = 164.
        // y = (667 − 20.5) / 2 = 323.25, on the pixel grid 323.5; bottom 343.75 → 344: 20.5 tall.
        #expect(label.frameSource == .autoLayout)
        #expect(label.textSize == LayoutSize(width: 47, height: 20.5))
        #expect(label.frame.frame == LayoutRect(x: 164, y: 323.5, width: 47, height: 20.5))
        #expect(label.findings.isEmpty)
        #expect(solved.unsatisfiable.isEmpty && solved.passes == 1)

        // On an iPhone 16 Pro Max (440×956 at 3×): 46.6 → 140 pixels = 46.667 wide;
        // x = (440 − 46.667) / 2 = 196.667 (590 pixels).
        let large = try Self.solve(scene, KnownTexts(["lbl": .init(width: 46.6, lineHeight: 20.3)]), device: .iPhone16ProMax)
        let frame = try #require(large.label("lbl")).frame.frame
        #expect(abs(frame.x - 590.0 / 3) < 1e-9 && abs(frame.width - 140.0 / 3) < 1e-9)
    }

    /// `lbl.leading = root.leadingMargin`, `root.trailingMargin = lbl.trailing`,
    /// `lbl.top = safeArea.top + 20`, numberOfLines 0.
    static let pinned = Build.controller([Build.label("lbl", lines: 0)], constraints: [
        Build.pin("lead", "lbl", .leading, .equal, "root", .leadingMargin),
        Build.pin("trail", "root", .trailingMargin, .equal, "lbl", .trailing),
        Build.pin("top", "lbl", .top, .equal, "safe", .top, constant: 20),
    ])

    @Test("A label pinned to both margins is as wide as they leave, and grows in height when its text wraps")
    func pinnedWraps() throws {
        // Pass 1: 600 pt of text on one line; the margins hold the label at 375 − 2 × 16 = 343.
        // Pass 2: at 343 the text takes ⌈600 / 343⌉ = 2 lines of 20.5: 41 tall.
        // y = safe area top 20 + 20 = 40.
        let texts = KnownTexts(["lbl": .init(width: 600)])
        let solved = try Self.solve(Self.pinned, texts)
        let label = try #require(solved.label("lbl"))
        #expect(label.frame.frame == LayoutRect(x: 16, y: 40, width: 343, height: 41))
        #expect(texts.widths("lbl") == [nil, 343])
        #expect(solved.passes == 2)
        // A wrapped text fills the width: not clipped, nothing else wrong.
        #expect(label.findings.isEmpty)

        // A short text: one line, still 343 wide (the margins pin it), 20.5 tall.
        let short = try Self.solve(Self.pinned, KnownTexts(["lbl": .init(width: 200)]))
        #expect(short.label("lbl")?.frame.frame == LayoutRect(x: 16, y: 40, width: 343, height: 20.5))

        // iPhone 16 Pro Max: margins 16, safe area top 62:
        // 440 − 32 = 408 wide, ⌈600 / 408⌉ = 2 lines, y = 82.
        let large = try Self.solve(Self.pinned, KnownTexts(["lbl": .init(width: 600)]), device: .iPhone16ProMax)
        #expect(large.label("lbl")?.frame.frame == LayoutRect(x: 16, y: 82, width: 408, height: 41))
    }

    @Test("A label pinned on its leading side only runs past the screen with a long text: clipped")
    func clippedPastScreen() throws {
        let scene = Build.controller([Build.label("lbl")], constraints: [
            Build.pin("lead", "lbl", .leading, .equal, "root", .leadingMargin),
            Build.pin("top", "lbl", .top, .equal, "safe", .top),
        ])
        let solved = try Self.solve(scene, KnownTexts(["lbl": .init(width: 500)]))
        let label = try #require(solved.label("lbl"))
        // 16 + 500 = 516: 141 points past the 375-point screen (the root view is the screen).
        #expect(label.frame.frame == LayoutRect(x: 16, y: 20, width: 500, height: 20.5))
        #expect(label.findings == [.clipped(ClippedLabel(boundary: .screen, overflow: LayoutInsets(top: 0, left: 0, bottom: 0, right: 141)))])
    }

    @Test("First baselines aligned: each label's from its own text")
    func baselines() throws {
        let scene = Build.controller([Build.label("a"), Build.label("b")], constraints: [
            Build.pin("a.lead", "a", .leading, .equal, "root", .leadingMargin),
            Build.pin("a.top", "a", .top, .equal, "safe", .top, constant: 20),
            Build.pin("b.lead", "b", .leading, .equal, "a", .trailing, constant: 8),
            Build.pin("base", "b", .firstBaseline, .equal, "a", .firstBaseline),
        ])
        let texts = KnownTexts(["a": .init(width: 60, lineHeight: 20.5, ascent: 16), "b": .init(width: 90, lineHeight: 41, ascent: 33)])
        let solved = try Self.solve(scene, texts)
        // a's top 40, baseline 56; b's baseline 56 is 33 below its top: 23.
        #expect(solved.label("a")?.frame.frame == LayoutRect(x: 16, y: 40, width: 60, height: 20.5))
        #expect(solved.label("b")?.frame.frame == LayoutRect(x: 84, y: 23, width: 90, height: 41))
        #expect(solved.labels.allSatisfy { $0.findings.isEmpty })
    }

    // MARK: Stack views

    /// A horizontal stack view 300 wide at the leading margin, under the safe area, of labels
    /// `a` (100 pt of text, hugging 251) and `b` (150 pt, hugging 250), spacing 10.
    static func row(_ distribution: StackViewProperties.Distribution, spacing: Double = 10, hiddenA: Bool = false) -> Scene {
        let stack = Build.stack("stk", StackViewProperties(axis: .horizontal, distribution: distribution, spacing: spacing),
                                LayoutRect(x: 16, y: 20, width: 300, height: 21),
                                constraints: [Build.pin("stk.w", "stk", .width, constant: 300, holder: "stk")], [
                                    Build.label("a", hidden: hiddenA),
                                    Build.label("b", hugging: AxisPriorities(horizontal: Priority(250), vertical: Priority(251))),
                                ])
        return Build.controller([stack], constraints: [
            Build.pin("lead", "stk", .leading, .equal, "root", .leadingMargin),
            Build.pin("top", "stk", .top, .equal, "safe", .top),
        ])
    }

    static let rowTexts = ["a": KnownTexts.Text(width: 100), "b": KnownTexts.Text(width: 150)]

    @Test("A row stack view of two labels, for each distribution",
          arguments: [
              // fill: a keeps its 100 (hugging 251), b stretches (250): 300 − 100 − 10 = 190.
              (StackViewProperties.Distribution.fill, 10.0, LayoutRect(x: 0, y: 0, width: 100, height: 20.5),
               LayoutRect(x: 110, y: 0, width: 190, height: 20.5)),
              // fillEqually: (300 − 10) / 2 = 145 each.
              (.fillEqually, 10, LayoutRect(x: 0, y: 0, width: 145, height: 20.5), LayoutRect(x: 155, y: 0, width: 145, height: 20.5)),
              // fillProportionally, no spacing: 300 × 100 / 250 = 120 and 300 × 150 / 250 = 180.
              (.fillProportionally, 0, LayoutRect(x: 0, y: 0, width: 120, height: 20.5),
               LayoutRect(x: 120, y: 0, width: 180, height: 20.5)),
              // equalSpacing: both keep their texts' widths; the 50 left is the gap.
              (.equalSpacing, 10, LayoutRect(x: 0, y: 0, width: 100, height: 20.5), LayoutRect(x: 150, y: 0, width: 150, height: 20.5)),
              // equalCentering: with two views the same as equalSpacing.
              (.equalCentering, 10, LayoutRect(x: 0, y: 0, width: 100, height: 20.5),
               LayoutRect(x: 150, y: 0, width: 150, height: 20.5)),
          ])
    func stackDistributions(_ distribution: StackViewProperties.Distribution, spacing: Double, a: LayoutRect, b: LayoutRect) throws {
        let solved = try Self.solve(Self.row(distribution, spacing: spacing), KnownTexts(Self.rowTexts))
        #expect(solved.label("a")?.frame.frame == a)
        #expect(solved.label("b")?.frame.frame == b)
        // Frames in the stack view's coordinates; the stack view is at (16, 20) in the root's.
        #expect(solved.label("b")?.frame.frameInRoot == LayoutRect(x: 16 + b.x, y: 20, width: b.width, height: b.height))
        #expect(solved.views["stk"]?.frame == LayoutRect(x: 16, y: 20, width: 300, height: 20.5))
        #expect(solved.labels.allSatisfy { $0.findings.isEmpty })
    }

    @Test("A row stack view aligned by first baselines hugs its tallest label")
    func stackBaselines() throws {
        let stack = Build.stack("stk", StackViewProperties(axis: .horizontal, alignment: .firstBaseline, spacing: 8),
                                LayoutRect(x: 16, y: 20, width: 158, height: 41), [Build.label("a"), Build.label("b")])
        let scene = Build.controller([stack], constraints: [
            Build.pin("lead", "stk", .leading, .equal, "root", .leadingMargin),
            Build.pin("top", "stk", .top, .equal, "safe", .top),
        ])
        let texts = KnownTexts(["a": .init(width: 60, lineHeight: 20.5, ascent: 16), "b": .init(width: 90, lineHeight: 41, ascent: 33)])
        let solved = try Self.solve(scene, texts)
        // b is the tallest: at the stack's top, baseline 33; a's baseline 33 is 16 below its
        // top: 17. The stack is as wide as its texts and spacing (60 + 8 + 90) and as tall as b.
        #expect(solved.label("a")?.frame.frame == LayoutRect(x: 0, y: 17, width: 60, height: 20.5))
        #expect(solved.label("b")?.frame.frame == LayoutRect(x: 68, y: 0, width: 90, height: 41))
        #expect(solved.views["stk"]?.frame == LayoutRect(x: 16, y: 20, width: 158, height: 41))
        #expect(solved.labels.allSatisfy { $0.findings.isEmpty })
    }

    @Test("A hidden arranged view takes no room: the next one moves up to the stack's edge")
    func hiddenArranged() throws {
        let solved = try Self.solve(Self.row(.fill, hiddenA: true), KnownTexts(Self.rowTexts))
        // Only b is visible: it spans the stack, 300 wide; a is 0 wide, hidden, without findings.
        #expect(solved.label("b")?.frame.frame == LayoutRect(x: 0, y: 0, width: 300, height: 20.5))
        let a = try #require(solved.label("a"))
        #expect(a.isHidden && a.frame.frame.width == 0 && a.findings.isEmpty)
    }

    @Test("A label inside a hidden view is laid out but has no findings")
    func hiddenView() throws {
        // The hidden box keeps its place; its label's 500-pt text runs past the screen, unseen.
        let box = Build.view("box", LayoutRect(x: 16, y: 20, width: 200, height: 40), hidden: true, subviews: [Build.label("lbl")])
        let scene = Build.controller([box], constraints: [
            Build.pin("box.lead", "box", .leading, .equal, "root", .leadingMargin),
            Build.pin("box.top", "box", .top, .equal, "safe", .top),
            Build.pin("box.w", "box", .width, constant: 200, holder: "box"),
            Build.pin("box.h", "box", .height, constant: 40, holder: "box"),
            Build.pin("lbl.lead", "lbl", .leading, .equal, "box", .leading),
            Build.pin("lbl.top", "lbl", .top, .equal, "box", .top),
        ])
        let solved = try Self.solve(scene, KnownTexts(["lbl": .init(width: 500)]))
        let label = try #require(solved.label("lbl"))
        #expect(label.isHidden && label.frameSource == .autoLayout && label.findings.isEmpty)
        #expect(label.frame.frameInRoot == LayoutRect(x: 16, y: 20, width: 500, height: 20.5))
    }

    // MARK: Cells

    /// A Basic cell designed on an iPhone SE: cell 375 × 44, content view 375 × 43.5, the text
    /// label where IB drew it.
    static func basicCell(rowHeight: Double, lines: Int = 1) -> Scene {
        let label = View(id: "txt", kind: .label, element: "label", frame: LayoutRect(x: 16, y: 0, width: 343, height: 43.5),
                         autoresizingMask: [.widthSizable, .heightSizable], label: LabelProperties(numberOfLines: lines))
        let content = View(id: "content", kind: .tableViewCellContentView, element: "tableViewCellContentView", key: "contentView",
                           frame: LayoutRect(x: 0, y: 0, width: 375, height: 43.5), autoresizingMask: [.widthSizable, .heightSizable],
                           subviews: [label])
        let cell = View(id: "cell", kind: .tableViewCell, element: "tableViewCell", frame: LayoutRect(x: 0, y: 0, width: 375, height: 44),
                        tableCell: TableCellProperties(style: .basic, textLabel: "txt", tableRowHeight: rowHeight), subviews: [content])
        return Scene(file: "Test.storyboard", id: "cell", kind: .tableViewCell, name: "Basic", canvas: Canvas(deviceID: "retina4_7"),
                     root: cell)
    }

    @Test("A Basic cell's text label spans the content view inside the table's margins, full height")
    func basicCell() throws {
        // Fixed 44-pt rows: content view 44 − 0.5 (the separator, one pixel) = 43.5 tall; the
        // label 16 from each side (the root margin on 375 points): 375 − 32 = 343 wide.
        let solved = try Self.solve(Self.basicCell(rowHeight: 44), KnownTexts(["txt": .init(width: 80)]))
        let label = try #require(solved.label("txt"))
        #expect(label.frame.frameInRoot == LayoutRect(x: 16, y: 0, width: 343, height: 43.5))
        #expect(label.findings.isEmpty && solved.rootSize == LayoutSize(width: 375, height: 44))
    }

    @Test("A self-sizing Basic cell grows with its text label's wrapped text")
    func selfSizingCell() throws {
        // Automatic row height (-1), numberOfLines 0: 600 pt of text at 343 is 2 lines, 41 tall;
        // the content view is at least 41 + 11 + 11 = 63, the cell 63.5 with its separator.
        let solved = try Self.solve(Self.basicCell(rowHeight: -1, lines: 0), KnownTexts(["txt": .init(width: 600)]))
        #expect(solved.rootSize == LayoutSize(width: 375, height: 63.5))
        #expect(solved.label("txt")?.frame.frameInRoot == LayoutRect(x: 16, y: 0, width: 343, height: 63))
        // A short text: UIKit's default 44-point row.
        let short = try Self.solve(Self.basicCell(rowHeight: -1, lines: 0), KnownTexts(["txt": .init(width: 80)]))
        #expect(short.rootSize == LayoutSize(width: 375, height: 44))
    }

    // MARK: What is wrong

    @Test("Two required widths conflict: the later one is broken, and both are named")
    func unsatisfiable() throws {
        let scene = Build.controller([Build.label("lbl", constraints: [
            Build.pin("w100", "lbl", .width, constant: 100, holder: "lbl"),
            Build.pin("w120", "lbl", .width, constant: 120, holder: "lbl"),
        ])], constraints: [
            Build.pin("lead", "lbl", .leading, .equal, "root", .leadingMargin),
            Build.pin("top", "lbl", .top, .equal, "safe", .top),
        ])
        let solved = try Self.solve(scene, KnownTexts(["lbl": .init(width: 80)]))
        let label = try #require(solved.label("lbl"))
        #expect(label.frame.frame.width == 100)
        guard case .unsatisfiable(let conflict)? = label.findings.first, label.findings.count == 1 else {
            Issue.record("expected one unsatisfiable finding, got \(label.findings)")
            return
        }
        guard case .interfaceBuilder(let broken) = conflict.broken else {
            Issue.record("expected an IB constraint broken, got \(conflict.broken)")
            return
        }
        #expect(broken.id == "w120")
        #expect(conflict.conflicting.contains { if case .interfaceBuilder(let c) = $0 { c.id == "w100" } else { false } })
        #expect(solved.unsatisfiable == [conflict])
    }

    @Test("A label with no vertical constraint is ambiguous in y only")
    func ambiguous() throws {
        let scene = Build.controller([Build.label("lbl")], constraints: [
            Build.pin("lead", "lbl", .leading, .equal, "root", .leadingMargin),
        ])
        let solved = try Self.solve(scene, KnownTexts(["lbl": .init(width: 80)]))
        let label = try #require(solved.label("lbl"))
        // Its width and height come from its text; nothing places it vertically.
        #expect(label.findings == [.ambiguous([.y])])
        #expect(label.frame.frame.width == 80 && label.frame.frame.height == 20.5)
    }

    @Test("Two labels of equal hugging sharing spare width are ambiguous in their widths")
    func ambiguousTie() throws {
        let scene = Build.controller([Build.label("a"), Build.label("b")], constraints: [
            Build.pin("a.lead", "a", .leading, .equal, "root", .leadingMargin),
            Build.pin("a.top", "a", .top, .equal, "safe", .top),
            Build.pin("b.lead", "b", .leading, .equal, "a", .trailing, constant: 8),
            Build.pin("b.top", "b", .top, .equal, "safe", .top),
            Build.pin("trail", "root", .trailingMargin, .equal, "b", .trailing),
        ])
        let solved = try Self.solve(scene, KnownTexts(["a": .init(width: 80), "b": .init(width: 90)]))
        // 343 − 8 = 335 for 170 of text: 165 to share, both hugging at 251.
        #expect(solved.label("a")?.findings == [.ambiguous([.width])])
        #expect(solved.label("b")?.findings == [.ambiguous([.x, .width])])
    }

    @Test("Two labels in a row: the lower compression resistance gives way")
    func compressionResistance() throws {
        let scene = Build.controller([
            Build.label("a", resistance: AxisPriorities(horizontal: Priority(749), vertical: Priority(750))),
            Build.label("b"),
        ], constraints: [
            Build.pin("a.lead", "a", .leading, .equal, "root", .leadingMargin),
            Build.pin("a.top", "a", .top, .equal, "safe", .top),
            Build.pin("b.lead", "b", .leading, .equal, "a", .trailing, constant: 8),
            Build.pin("b.top", "b", .top, .equal, "safe", .top),
            Build.pin("trail", "root", .trailingMargin, .equal, "b", .trailing),
        ])
        let solved = try Self.solve(scene, KnownTexts(["a": .init(width: 200), "b": .init(width: 250)]))
        // 335 for 450 of text: b keeps its 250, a gets 85 (the engine truncates its text there).
        #expect(solved.label("a")?.frame.frame == LayoutRect(x: 16, y: 20, width: 85, height: 20.5))
        #expect(solved.label("b")?.frame.frame == LayoutRect(x: 109, y: 20, width: 250, height: 20.5))
        #expect(solved.labels.allSatisfy { $0.findings.isEmpty })
    }

    // MARK: Saved frames

    @Test("A label without a text, or depending on a constraint not modelled, keeps its saved frame and says why")
    func savedFrames() throws {
        let saved = LayoutRect(x: 16, y: 100, width: 120, height: 21)
        var scene = Build.controller([Build.label("a", saved), Build.label("b", saved)], constraints: [
            Build.pin("a.lead", "a", .leading, .equal, "root", .leadingMargin),
            Build.pin("a.top", "a", .top, .equal, "safe", .top),
            Build.pin("b.lead", "b", .leading, .equal, "root", .leadingMargin),
            // A size related to a position: NSLayoutConstraint refuses it.
            Build.pin("b.odd", "b", .width, .equal, "root", .leading),
        ])
        scene.root.subviews[1].frame = LayoutRect(x: 16, y: 200, width: 120, height: 21)
        let solved = try Self.solve(scene, KnownTexts(["b": .init(width: 80)]))
        #expect(solved.label("a")?.frameSource == .saved(.textNotMeasured))
        #expect(solved.label("a")?.frame.frame == saved)
        #expect(solved.label("b")?.frameSource == .saved(.constraintNotModelled(constraint: "b.odd", .mixedAttributes)))
        #expect(solved.label("b")?.frame.frame == LayoutRect(x: 16, y: 200, width: 120, height: 21))
        #expect(solved.labels.allSatisfy { $0.findings.isEmpty })
        // A note the reader wrote about a constraint on the label.
        scene.notes = [SceneNote(object: "zz", views: ["a"], reason: .constraintItemNotFound(item: "gone"))]
        let noted = try Self.solve(scene, KnownTexts(["a": .init(width: 80)]))
        #expect(noted.label("a")?.frameSource == .saved(.sceneNote(scene.notes[0])))
    }
}
