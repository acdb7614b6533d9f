import Foundation
@testable import LabelCatalog
import LabelJSON
import LabelLayout
import LabelModel
import Testing
import TestSupport

/// The `sqlite3` command-line shell: another SQLite client editing the catalog by hand (docs/catalog.md).
enum SQLiteShell {
    static let path = "/usr/bin/sqlite3"

    /// Runs SQL with the shell; fails the test when the shell reports an error.
    @discardableResult
    static func run(_ database: String, _ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try runProgram(path, ["-bail", database, sql])
        #expect(result.status == 0, "sqlite3 failed: \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// `sqlite3 FILE .dump`: the whole logical content of the file, to prove a refused edit
    /// changed nothing.
    static func dump(_ database: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try runProgram(path, [database, ".dump"])
        #expect(result.status == 0, "sqlite3 .dump failed: \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }
}

/// A DTCG file with nested groups, inherited `$type`, descriptions, extensions, a typography
/// token and an alias chain `font.size.body → font.size.default → font.size.base` (a → b → c).
let demoTokensJSON = #"""
{
  "$description": "labelcat test tokens",
  "font": {
    "family": {
      "$type": "fontFamily",
      "cjk": {"$value": ["Noto Sans CJK SC"], "$description": "CJK text"},
      "latin": {"$value": "DejaVu Sans"}
    },
    "size": {
      "$type": "dimension",
      "$description": "Font sizes",
      "base": {"$value": {"value": 17, "unit": "px"}},
      "default": {"$value": "{font.size.base}"},
      "body": {"$value": "{font.size.default}", "$description": "Body text size"}
    },
    "weight": {"regular": {"$type": "fontWeight", "$value": "regular"}}
  },
  "typography": {
    "$type": "typography",
    "$extensions": {"com.example.group": {"kind": "text styles"}},
    "body": {
      "$value": {"fontFamily": "{font.family.cjk}", "fontSize": "{font.size.body}", "fontWeight": "{font.weight.regular}"},
      "$extensions": {"com.example.figma": {"styleId": "S:1a2b", "tags": ["body", 1, 2.5, true, null], "nested": {"z": 1, "a": [{}]}}}
    },
    "tall": {
      "$value": {"fontFamily": "{font.family.cjk}", "fontSize": {"value": 20, "unit": "px"}, "lineHeight": 1.5}
    }
  },
  "spacing": {
    "$type": "dimension",
    "m": {"$value": {"value": 8, "unit": "px"}},
    "card": {"$type": "insets", "$value": {"top": "{spacing.m}", "left": {"value": 16, "unit": "px"}, "bottom": "{spacing.m}", "right": "16px"}},
    "loose": {"$type": "insets", "$value": "4 12"}
  },
  "color": {
    "brand": {"$type": "color", "$value": "#1E88E5"},
    "accent": {"$value": "{color.brand}"}
  },
  "lines": {"max": {"$type": "number", "$value": 3}},
  "scale": {"retina": {"$type": "number", "$value": 2}}
}
"""#

/// Every token name of `demoTokensJSON`.
let demoTokenNames = [
    "color.accent", "color.brand", "font.family.cjk", "font.family.latin", "font.size.base", "font.size.body",
    "font.size.default", "font.weight.regular", "lines.max", "scale.retina", "spacing.card", "spacing.loose",
    "spacing.m", "typography.body", "typography.tall",
]

/// The issue's label: `label set demo.top --text "看我居上对齐了啊" --frame 20,50,350,200
/// --font '{typography.body}' --lines 0 --break charWrap --valign top --insets '{spacing.card}'`.
func demoTopLabel(text: String = "看我居上对齐了啊") -> LabelRecord {
    LabelRecord(name: "demo.top", text: text, frame: Rect(x: 20, y: 50, width: 350, height: 200),
                style: JSONObject([("font", .string("{typography.body}")), ("numberOfLines", .number(0)),
                                   ("lineBreakMode", .string("charWrap")), ("verticalAlignment", .string("top")),
                                   ("contentInsets", .string("{spacing.card}"))]))
}

/// A new catalog in a temporary directory, with the demo tokens imported when asked.
func makeCatalog(in directory: TemporaryDirectory, name: String = "catalog.sqlite", tokens: Bool = true) throws -> Catalog {
    let catalog = try Catalog.create(path: directory.path(name)).catalog
    if tokens { _ = try catalog.importDesignTokens(try JSONValue.parse(demoTokensJSON)) }
    return catalog
}

/// The stored layout row of a label and locale, as stored (no recompute). `json` is its layout JSON
/// JSON when the row is fresh, nil when it is stale or records an error.
struct RawLayoutRow {
    var json: JSONValue?
    var error: String?
    var inputHash: String
    var computedAt: String
}

func rawLayout(_ catalog: Catalog, _ label: String, locale: String = "") throws -> RawLayoutRow? {
    guard let row = try catalog.layouts(matching: label, locale: locale).first(where: { $0.label == label }) else { return nil }
    return RawLayoutRow(json: try row.json.map { try JSONValue.parse($0) }, error: row.error,
                        inputHash: row.inputHash, computedAt: row.computedAt)
}

/// The input hash a label's layout must carry to be fresh, computed independently of the
/// catalog's own staleness check: resolve the stored definition and ask the engine.
func expectedInputHash(_ catalog: Catalog, _ label: String, locale: String = "") throws -> String {
    let record = try catalog.label(named: label)
    let definition = try record.resolve(tokens: try catalog.tokenSet()).definition
    return try catalog.engine.inputHash(definition, locale: locale)
}

/// Rows of a query, the first `columns` columns of each as text (NULL as nil).
func rows(_ database: Database, _ sql: String, columns: Int, _ bindings: [SQLValue] = []) throws -> [[String?]] {
    let statement = try database.statement(sql)
    defer { statement.reset() }
    try statement.bind(bindings)
    var result: [[String?]] = []
    while try statement.step() {
        result.append((0..<columns).map { statement.text(Int32($0)) })
    }
    return result
}

/// The first column of every row, as text.
func column(_ database: Database, _ sql: String, _ bindings: [SQLValue] = []) throws -> [String] {
    try rows(database, sql, columns: 1, bindings).map { $0[0] ?? "" }
}

/// Expects `body` to throw a `CatalogError` whose message contains every fragment; returns it.
@discardableResult
func expectCatalogError<T>(_ fragments: [String], sourceLocation: SourceLocation = #_sourceLocation,
                           _ body: () throws -> T) -> CatalogError? {
    do {
        _ = try body()
        Issue.record("expected an error mentioning \(fragments), but it succeeded", sourceLocation: sourceLocation)
        return nil
    } catch let error as CatalogError {
        let message = error.description
        for fragment in fragments {
            #expect(message.contains(fragment), "the message \(message.debugDescription) should mention \(fragment.debugDescription)",
                    sourceLocation: sourceLocation)
        }
        return error
    } catch {
        Issue.record("expected a CatalogError mentioning \(fragments), got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A number at a path of a JSON value (`number(json, "font", "size")`).
func number(_ value: JSONValue?, _ path: String...) -> Double? {
    var current = value
    for key in path { current = current?[key] }
    return current?.number
}
