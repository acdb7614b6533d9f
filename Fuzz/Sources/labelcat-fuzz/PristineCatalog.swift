/// What every catalog input is imported into: tokens of every type (with an alias chain and a
/// typography token) and labels that use them, with per-locale texts. The importers' seed
/// corpora and dictionaries name these tokens and labels, so inputs reach past "unknown name".
enum PristineCatalog {
    static let designTokens = #"""
        {
          "font": {
            "family": {"$type": "fontFamily", "cjk": {"$value": ["Noto Sans CJK SC"]}, "latin": {"$value": "DejaVu Sans"}},
            "size": {"$type": "dimension", "$description": "Font sizes",
                     "base": {"$value": {"value": 17, "unit": "px"}},
                     "default": {"$value": "{font.size.base}"},
                     "body": {"$value": "{font.size.default}"}},
            "weight": {"bold": {"$type": "fontWeight", "$value": "bold"}}
          },
          "typography": {
            "$type": "typography",
            "body": {"$value": {"fontFamily": "{font.family.cjk}", "fontSize": "{font.size.body}", "fontWeight": 400},
                     "$extensions": {"com.example": {"id": 1}}}
          },
          "spacing": {
            "$type": "dimension",
            "m": {"$value": {"value": 8, "unit": "px"}},
            "card": {"$type": "insets", "$value": {"top": "{spacing.m}", "left": "16px", "bottom": "{spacing.m}", "right": "16px"}}
          },
          "color": {"brand": {"$type": "color", "$value": "#1E88E5"}, "accent": {"$value": "{color.brand}"}},
          "lines": {"max": {"$type": "number", "$value": 2}}
        }
        """#

    static let labels = [
        #"{"name": "fuzz.title", "text": "Checkout", "texts": {"de": "Zur Kasse", "ar": "الدفع"}, "frame": {"x": 0, "y": 0, "width": 120, "height": 40}, "font": "{typography.body}", "numberOfLines": "{lines.max}", "textColor": "{color.accent}"}"#,
        #"{"name": "fuzz.body", "text": "看我居上对齐了啊、你看看对不对的啊", "texts": {"de": "Text oben anzeigen, bitte sehr"}, "frame": {"x": 20, "y": 50, "width": 200, "height": 80}, "font": {"family": "{font.family.latin}", "size": "{font.size.base}"}, "numberOfLines": 0, "lineBreakMode": "wordWrap", "verticalAlignment": "top", "contentInsets": "{spacing.card}"}"#,
        #"{"name": "fuzz.badge", "text": "New", "frame": {"x": 0, "y": 0, "width": 30, "height": 16}, "lineBreakMode": "truncateMiddle", "textAlignment": "center"}"#,
        #"{"name": "fuzz.greeting", "key": "Localizable:greeting", "text": "Hello", "frame": {"x": 0, "y": 0, "width": 160, "height": 0}, "numberOfLines": 2, "adjustsFontSizeToFitWidth": true, "minimumScaleFactor": 0.5}"#,
        #"{"name": "fuzz.items", "key": "Localizable:%d items", "text": "%d items", "frame": {"x": 0, "y": 0, "width": 90, "height": 20}, "arguments": [3]}"#,
        #"{"name": "fuzz.login", "key": "Localizable:login.title", "text": "Log in", "frame": {"x": 0, "y": 0, "width": 90, "height": 20}}"#,
    ]
}
