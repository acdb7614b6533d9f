import LabelJSON
import LabelLayout
import LabelModel
import Testing

/// Numbers a layout could not turn into finite results are refused, naming the field: lengths
/// are at most `LabelDefinition.maximumLength` (a definition's frame too, where it is read), and
/// letter spacing takes away at most one em per grapheme.
@Suite("Number limits")
struct NumberLimitTests {
    static let frame = #""frame": {"x": 0, "y": 0, "width": 300, "height": 40}"#

    static func decode(_ members: String) throws -> LabelDefinition {
        try LabelDefinition(json: JSONValue.parse(#"{"name": "a", "text": "hello world", \#(frame), \#(members)}"#))
    }

    static func expectRefused(_ members: String, field: String, _ words: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        let error = #expect(throws: LayoutError.self, sourceLocation: sourceLocation) { try Self.decode(members) }
        guard case .invalidField(let actual, let message)? = error else { return }
        #expect(actual == field, "\(message)", sourceLocation: sourceLocation)
        for word in words { #expect(message.contains(word), "\"\(message)\" should mention \(word)", sourceLocation: sourceLocation) }
    }

    @Test("Lengths beyond the maximum are refused, naming the field and the range",
          arguments: [("lineHeight", #""lineHeight": 1e308"#), ("lineSpacing", #""lineSpacing": 1000001"#),
                      ("lineHeightMultiple", #""lineHeightMultiple": 1e7"#), ("letterSpacing", #""letterSpacing": 1e300"#),
                      ("contentInsets.top", #""contentInsets": {"top": 1e300}"#),
                      ("contentInsets.right", #""contentInsets": {"right": 2e6}"#)])
    func tooLarge(_ field: String, _ members: String) {
        Self.expectRefused(members, field: field, "1000000")
    }

    /// `label set w --frame 0,0,1e19,20` then `render w` trapped ("Double value cannot be
    /// converted to Int") turning the frame into pixels; frames are bounded like insets.
    @Test("A frame beyond the maximum is refused, naming the field (issue 20)",
          arguments: [("frame.width", #"{"x": 0, "y": 0, "width": 1e19, "height": 20}"#),
                      ("frame.height", #"{"x": 0, "y": 0, "width": 10, "height": 1.7976931348623157e308}"#),
                      ("frame.x", #"{"x": -2e6, "y": 0, "width": 10, "height": 20}"#),
                      ("frame.y", #"{"x": 0, "y": 1000001, "width": 10, "height": 20}"#)])
    func frameTooLarge(_ field: String, _ frame: String) {
        let error = #expect(throws: LayoutError.self) {
            try LabelDefinition(json: JSONValue.parse(#"{"name": "a", "text": "a", "frame": \#(frame)}"#))
        }
        guard case .invalidField(let actual, let message)? = error else { return }
        #expect(actual == field, "\(message)")
        #expect(message.contains("1000000"), "\(message)")
    }

    @Test("The maximum itself is accepted")
    func atTheMaximum() throws {
        let label = try Self.decode(#""lineHeight": 1000000, "lineSpacing": 1000000, "letterSpacing": 1000000, "contentInsets": {"top": 1000000, "left": 1000000}"#)
        #expect(label.lineHeight == LabelDefinition.maximumLength)
    }

    /// letterSpacing: −1000 at 17 pt made a line −25,812 pt wide.
    @Test("Letter spacing below −font.size is refused")
    func letterSpacingBelowAnEm() throws {
        Self.expectRefused(#""letterSpacing": -1000, "font": {"size": 17}"#, field: "letterSpacing", "-17", "-1000")
        Self.expectRefused(#""letterSpacing": -17.01, "font": {"size": 17}"#, field: "letterSpacing", "font.size")
        #expect(try Self.decode(#""letterSpacing": -17, "font": {"size": 17}"#).letterSpacing == -17)
        // Built in code, the same rule.
        var label = LabelDefinition(name: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        label.letterSpacing = -18
        #expect(throws: LayoutError.self) { try label.validateNumbers() }
    }

    /// The largest values allowed, on the largest frame, over many lines: every number of the
    /// layout is finite (a height of 0 was written for lineHeight 1e308).
    @Test("At the limits every number of a layout is finite", arguments: [VerticalAlignment.top, .middle, .bottom])
    func finiteResults(_ alignment: VerticalAlignment) throws {
        var label = LabelDefinition(name: "limits", frame: Rect(x: 0, y: 0, width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        label.text = String(repeating: "wide text\n", count: 20_000)
        label.font = FontSpec(families: ["DejaVu Sans"], size: 10_000)
        label.numberOfLines = 0
        label.verticalAlignment = alignment
        label.lineHeightMultiple = LabelDefinition.maximumLength
        label.lineSpacing = LabelDefinition.maximumLength
        label.letterSpacing = LabelDefinition.maximumLength
        let m = LabelDefinition.maximumLength
        label.contentInsets = EdgeInsets(top: m, left: m, bottom: m, right: m)
        try label.validateNumbers()
        let layout = try engine.layout(label)
        #expect(layout.lines.count == 20_000)
        var numbers = [layout.textRect.x, layout.textRect.y, layout.textRect.width, layout.textRect.height,
                       layout.intrinsicSize.width, layout.intrinsicSize.height, layout.font.lineHeight]
        for line in layout.lines { numbers += [line.rect.x, line.rect.y, line.rect.width, line.rect.height, line.baseline] }
        #expect(numbers.allSatisfy { $0.isFinite })
        #expect(layout.textRect.height > 0 && layout.intrinsicSize.height > layout.textRect.height)
    }
}
