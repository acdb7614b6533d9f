import LabelCatalog
import LabelJSON
import LabelModel

/// `check --format json`: one JSON object per line for each finding (`status` `new` or
/// `known`), then one per baseline entry that now fits (`fixed`), whose text now has a
/// finding of another kind (`changed`), whose text is gone (`gone`) or whose text's findings
/// the project file ignores (`ignored`), with the identity fields only.
public enum FindingsJSON {
    public static func lines(_ outcome: CheckOutcome) -> [String] {
        var lines: [String] = []
        for finding in outcome.result.findings {
            lines.append(object(finding, status: outcome.isNew(finding) ? "new" : "known"))
        }
        for (entries, status) in [(outcome.fixed, "fixed"), (outcome.changed, "changed"), (outcome.gone, "gone"),
                                  (outcome.ignoredInBaseline, "ignored")] {
            for entry in entries {
                var writer = JSONWriter(numberStyle: .millis, capacity: 160)
                writer.beginObject()
                writeIdentity(entry, status: status, into: &writer)
                writer.endObject()
                lines.append(writer.string)
            }
        }
        return lines
    }

    /// A finding's object: identity and status, lines shown and needed, width and height over
    /// (points, 3 decimals), the visible lines, its source (or null), error (or null), fix (or
    /// null: `FitFix.writeJSON`) and headroom (or null: `Headroom.writeJSON`).
    public static func object(_ finding: Finding, status: String) -> String {
        var writer = JSONWriter(numberStyle: .millis, capacity: 256)
        writer.beginObject()
        writeIdentity(finding.identity, status: status, into: &writer)
        writer.key("linesShown"); writer.number(finding.linesShown)
        writer.key("linesNeeded"); writer.number(finding.linesNeeded)
        writer.key("widthOver"); writer.number(finding.widthOver)
        writer.key("heightOver"); writer.number(finding.heightOver)
        writer.key("lines")
        writer.beginArray()
        for line in finding.lines { writer.string(line) }
        writer.endArray()
        writer.key("source")
        if let source = finding.source {
            writer.beginObject()
            writer.key("file"); writer.string(source.file)
            writer.key("line"); if let line = source.line { writer.number(line) } else { writer.null() }
            writer.key("key"); if let key = source.key { writer.string(key) } else { writer.null() }
            writer.endObject()
        } else {
            writer.null()
        }
        writer.key("error"); if let error = finding.error { writer.string(error) } else { writer.null() }
        // What Auto Layout found (clipped, unsatisfiable, ambiguous), in words.
        if let detail = finding.detail { writer.key("detail"); writer.string(detail) }
        writer.key("fix"); if let fix = finding.fix { fix.writeJSON(into: &writer) } else { writer.null() }
        writer.key("headroom"); if let headroom = finding.headroom { headroom.writeJSON(into: &writer) } else { writer.null() }
        writer.endObject()
        return writer.string
    }

    static func writeIdentity(_ identity: FindingIdentity, status: String, into writer: inout JSONWriter) {
        writer.key("label"); writer.string(identity.label)
        writer.key("locale"); writer.string(identity.locale)
        writer.key("variant"); writer.string(identity.variant)
        writer.key("category"); writer.string(identity.category)
        // A label of a storyboard or xib scene: the device it was laid out on.
        if !identity.device.isEmpty { writer.key("device"); writer.string(identity.device) }
        writer.key("kind"); writer.string(identity.kind.rawValue)
        writer.key("status"); writer.string(status)
    }
}
