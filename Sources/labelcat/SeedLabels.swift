#if canImport(Glibc)
import Glibc
#endif
import LabelCatalog
import LabelJSON
import LabelModel

/// The labels of the seed documents (shared/seeds), as their code builds them.
///
/// Seed 000 names its variables crosswise (`topLabel` is set to middle alignment, `bottomLabel`
/// to top); the demo follows what each label's text says and what its
/// `setVerticalAlignment:` call does: the label at y = 50 is top-aligned ("看我居上对齐了啊"),
/// the one at y = 275 middle, the one at y = 500 bottom ("向下看").
enum SeedLabels {
    /// Seed 003 centres its labels on a screen of `ScreenW`; an iPhone's 375 pt is assumed.
    static let screenWidth = 375.0

    static var all: [LabelDefinition] { seed000 + seed003 + [seed004] }

    static var seed000: [LabelDefinition] {
        func label(_ name: String, y: Double, text: String, alignment: VerticalAlignment) -> LabelDefinition {
            var label = LabelDefinition(name: name, frame: Rect(x: 20, y: y, width: 350, height: 200))
            label.text = text
            label.font = FontSpec(size: 17)
            label.textAlignment = .left
            label.lineBreakMode = .charWrap
            label.numberOfLines = 0
            label.verticalAlignment = alignment
            label.textColor = Color(red: 0, green: 0, blue: 255)
            label.backgroundColor = Color(red: 0, green: 255, blue: 255)
            return label
        }
        return [
            label("seed000.top", y: 50, text: "看我居上对齐了啊、你看看对不对的啊、看来是对的", alignment: .top),
            label("seed000.middle", y: 275, text: "剧终了、剧终了、剧终了、剧终了、剧终了、剧终了、剧终了、", alignment: .middle),
            label("seed000.bottom", y: 500, text: "向下看、向下看、向下看、向下看、向下看、向下看、向下看、向下看、", alignment: .bottom),
        ]
    }

    static var seed003: [LabelDefinition] {
        func label(_ name: String, y: Double, text: String, alignment: VerticalAlignment) -> LabelDefinition {
            var label = LabelDefinition(name: name, frame: Rect(x: (screenWidth - 200) / 2, y: y, width: 200, height: 80))
            label.text = text
            label.font = FontSpec(size: 15)
            label.textAlignment = .center
            label.verticalAlignment = alignment
            label.backgroundColor = Color(red: 255, green: 0, blue: 0)
            return label
        }
        return [
            label("seed003.top", y: 100, text: "文字顶部显示", alignment: .top),
            label("seed003.middle", y: 190, text: "文字中间显示", alignment: .middle),
            label("seed003.bottom", y: 280, text: "文字底部显示", alignment: .bottom),
        ]
    }

    /// Seed 004 gives no numbers; a card-like 10/16 inset on a two-line label shows the rule.
    static var seed004: LabelDefinition {
        var label = LabelDefinition(name: "seed004.insets", frame: Rect(x: 20, y: 720, width: 350, height: 100))
        label.text = "UILabel 的默认显示为上下居中紧贴左边绘制文本内容，内边距让文字离边界有一些间距。"
        label.font = FontSpec(size: 17)
        label.numberOfLines = 0
        label.lineBreakMode = .wordWrap
        label.verticalAlignment = .top
        label.contentInsets = EdgeInsets(top: 10, left: 16, bottom: 10, right: 16)
        label.backgroundColor = Color(red: 255, green: 236, blue: 179)
        return label
    }
}

extension SeedLabels {
    /// The seeds' design tokens (DTCG): a Chinese face at the seeds' two sizes, their
    /// colors, and seed 004's insets.
    static let designTokens = """
        {
          "font": {
            "family": {"$type": "fontFamily", "system": {"$value": ["Noto Sans CJK SC"], "$description": "The seeds' Chinese face (PingFang SC's stand-in)"}},
            "size": {"$type": "dimension",
                     "body": {"$value": {"value": 17, "unit": "px"}},
                     "caption": {"$value": {"value": 15, "unit": "px"}}}
          },
          "typography": {
            "$type": "typography",
            "body": {"$value": {"fontFamily": "{font.family.system}", "fontSize": "{font.size.body}", "fontWeight": 400}},
            "caption": {"$value": {"fontFamily": "{font.family.system}", "fontSize": "{font.size.caption}", "fontWeight": 400}}
          },
          "color": {
            "$type": "color",
            "cyan": {"$value": "#00FFFF"}, "blue": {"$value": "#0000FF"}, "red": {"$value": "#FF0000"},
            "black": {"$value": "#000000"}, "cream": {"$value": "#FFECB3"}
          },
          "spacing": {"card": {"$type": "insets", "$value": "10 16", "$description": "Seed 004's contentInsets"}}
        }
        """

    /// The seeds' labels as catalog records, their style through the tokens above.
    static var records: [LabelRecord] {
        all.map { label in
            var style = JSONObject()
            let isCaption = label.font.size == 15
            style["font"] = .string(isCaption ? "{typography.caption}" : "{typography.body}")
            style["numberOfLines"] = .number(Double(label.numberOfLines))
            style["lineBreakMode"] = .string(label.lineBreakMode.rawValue)
            style["textAlignment"] = .string(label.textAlignment.rawValue)
            style["verticalAlignment"] = .string(label.verticalAlignment.rawValue)
            if label.contentInsets != .zero { style["contentInsets"] = .string("{spacing.card}") }
            style["textColor"] = .string(label.textColor == Color(red: 0, green: 0, blue: 255) ? "{color.blue}" : "{color.black}")
            switch label.backgroundColor {
            case Color(red: 0, green: 255, blue: 255): style["backgroundColor"] = .string("{color.cyan}")
            case Color(red: 255, green: 0, blue: 0): style["backgroundColor"] = .string("{color.red}")
            default: style["backgroundColor"] = .string("{color.cream}")
            }
            return LabelRecord(name: label.name, text: label.text, frame: label.frame, style: style)
        }
    }

    /// Creates (anew) a catalog of the seeds' tokens and labels at `path`.
    static func buildCatalog(at path: String) throws -> Catalog {
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        let catalog = try Catalog.create(path: path).catalog
        _ = try catalog.importDesignTokens(try JSONValue.parse(designTokens))
        try catalog.setLabels(records)
        return catalog
    }
}
