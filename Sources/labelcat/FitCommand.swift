import LabelCatalog
import LabelJSON
import LabelModel
import LabelReport

/// `labelcat fit`: does a translation fit the labels that show its key (docs/fixes.md)?
let fitCommand = Command(
    name: "fit",
    abstract: "Say whether a text fits every label showing a key, with the fix when it does not; '-' answers NDJSON questions on standard input.",
    discussion: """
        The text is laid out as the key's text in --locale for every label whose key is \
        TABLE:KEY, at every content size category the catalog keeps (or --category), and again \
        as its worst case (variant 'worst') when it has format specifiers with one; a label of \
        a storyboard or xib scene in the frame Auto Layout gives it with this text, on each of \
        its devices. Nothing is stored. With '-' instead of TABLE:KEY, each line of standard \
        input is a question {"key": "TABLE:KEY", "locale": "de", "text": "…", "variant": ""} \
        ("variant" optional) and each answer is one line: {"key", "locale", "fits", "labels": \
        [{"label", "variant", "device", "category", "fits", "linesShown", "linesNeeded", \
        "fix"}]}, or {"line", "error"} for a question that cannot be answered. A scene's label \
        whose scene, solved with the text, clips it or has constraints UIKit breaks or cannot \
        settle does not fit either; its verdict adds "sceneFindings" as layouts list them. Exit \
        status: 0 when the text fits (with '-': every question was answered), 1 when it does \
        not fit or cannot be answered, 64 for a usage error.
        """,
    arguments: [ArgumentSpec(name: "key", help: "TABLE:KEY, or '-' for NDJSON questions on standard input.")],
    options: [FitOptions.locale, FitOptions.text, FitOptions.variant, CheckScopeOptions.category, FitOptions.json],
    run: runFit)

/// `fit`'s options (its `--category` is check's).
enum FitOptions {
    static let locale = Option.locale(help: "The text's locale ('' or 'base' = the base text).")
    static let text = Option<String>("text", "TEXT", help: "The text to fit (required with TABLE:KEY).")
    static let variant = Option<String>("variant", "VARIANT", help: "A plural form or device variant (plural.other, …); default the plain text.")
    static let json = Flag("json", help: "Answer as one JSON object (as each line of '-').")
}

func runFit(_ arguments: ParsedArguments) throws -> Int32 {
    let key = arguments.positionals[0]
    let categories = try arguments[CheckScopeOptions.category]
    let catalog = try openCatalog(arguments)
    var checker = try Catalog.FitChecker(catalog: catalog, categories: categories.isEmpty ? nil : categories)
    if key == "-" {
        for option in [FitOptions.text, FitOptions.locale, FitOptions.variant] where arguments.isGiven(option) {
            throw UsageError(message: "'--\(option.spec.name)' goes with TABLE:KEY; with '-' each question names its own.", commandPath: arguments.path)
        }
        return try answerQuestions(&checker)
    }
    guard let text = try arguments[FitOptions.text] else {
        throw UsageError(message: "'--text' is required with TABLE:KEY (the text to fit).", commandPath: arguments.path)
    }
    let locale = try arguments[FitOptions.locale] ?? ""
    let question = FitQuestion(key: key, locale: locale, text: text, variant: try arguments[FitOptions.variant] ?? "")
    checker.measuresHeadroom = !arguments[FitOptions.json]
    let verdicts: [FitVerdict]
    do {
        verdicts = try checker.answer(question)
    } catch {
        OutputStream.standardError.write("Error: \(printable(error.description))\n")
        OutputStream.standardError.flush()
        return 1
    }
    let fits = verdicts.allSatisfy(\.fits)
    if arguments[FitOptions.json] {
        writeOutput(fitAnswerJSON(question, verdicts))
    } else {
        for verdict in verdicts { writeOutput(fitVerdictText(verdict)) }
        writeOutput(fits ? "Fits every label showing \(printable(key))." : "Does not fit: \(verdicts.filter { !$0.fits }.count) of \(counted(verdicts.count, "layout")).")
    }
    return fits ? 0 : 1
}

/// `fit -`: a question per line of standard input, an answer per line of standard output.
func answerQuestions(_ checker: inout Catalog.FitChecker) throws -> Int32 {
    let reader = try LineReader(path: "-")
    var number = 0
    var status: Int32 = 0
    while let line = try reader.nextLine() {
        number += 1
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
        do {
            let question = try fitQuestion(line)
            writeOutput(fitAnswerJSON(question, try checker.answer(question)))
        } catch {
            status = 1
            var writer = JSONWriter(numberStyle: .millis, capacity: 128)
            writer.beginObject()
            writer.key("line"); writer.number(number)
            writer.key("error"); writer.string("\(error)")
            writer.endObject()
            writeOutput(writer.string)
        }
    }
    return status
}

/// Why a line of `fit -` is not a question.
struct FitQuestionError: Error, CustomStringConvertible {
    let description: String
}

/// A question line: `{"key": …, "locale": …, "text": …, "variant": …}`.
func fitQuestion(_ line: ArraySlice<UInt8>) throws -> FitQuestion {
    let value = try Array(line).withUnsafeBufferPointer { try JSONValue.parse($0) }
    guard case .object(let object) = value else { throw FitQuestionError(description: "a question is a JSON object") }
    func field(_ name: String, required: Bool) throws -> String? {
        guard let found = object[name] else {
            if required { throw FitQuestionError(description: "the question has no \"\(name)\"") }
            return nil
        }
        guard case .string(let text) = found else { throw FitQuestionError(description: "\"\(name)\" must be a string") }
        return text
    }
    let locale = try field("locale", required: false) ?? ""
    return FitQuestion(key: try field("key", required: true)!, locale: LocaleTag.isBase(locale) ? "" : locale,
                       text: try field("text", required: true)!, variant: try field("variant", required: false) ?? "")
}

/// An answer's JSON line.
func fitAnswerJSON(_ question: FitQuestion, _ verdicts: [FitVerdict]) -> String {
    var writer = JSONWriter(numberStyle: .millis, capacity: 256)
    writer.beginObject()
    writer.key("key"); writer.string(question.key)
    writer.key("locale"); writer.string(question.locale)
    writer.key("fits"); writer.bool(verdicts.allSatisfy(\.fits))
    writer.key("labels")
    writer.beginArray()
    for verdict in verdicts {
        writer.beginObject()
        writer.key("label"); writer.string(verdict.label)
        writer.key("variant"); writer.string(verdict.variant)
        writer.key("device"); writer.string(verdict.device)
        writer.key("category"); writer.string(verdict.category.rawValue)
        writer.key("fits"); writer.bool(verdict.fits)
        writer.key("linesShown"); writer.number(verdict.linesShown)
        writer.key("linesNeeded"); writer.number(verdict.linesNeeded)
        if let headroom = verdict.headroom { writer.key("headroom"); headroom.writeJSON(into: &writer) }
        writer.key("fix"); if let fix = verdict.fix { fix.writeJSON(into: &writer) } else { writer.null() }
        if !verdict.sceneFindings.isEmpty {
            writer.key("sceneFindings")
            writer.value(.array(verdict.sceneFindings.map(\.json)))
        }
        writer.endObject()
    }
    writer.endArray()
    writer.endObject()
    return writer.string
}

/// `settings.title  large  fits, room 12.5 pt, up to accessibilityLarge` or `… does not fit
/// (1 of 2 lines): numberOfLines 2 fits; …`; a variant's verdict names it after the category,
/// and a scene label's its device (`cart.count  large  worst  on iPhone SE  does not fit …`),
/// with what solving its scene found (`… does not fit: clipped: reaches past its screen: 89.5 pt
/// past the right`).
func fitVerdictText(_ verdict: FitVerdict) -> String {
    let variant = verdict.variant.isEmpty ? "" : "  \(printable(verdict.variant))"
    let device = verdict.device.isEmpty ? "" : "  on \(printable(verdict.device))"
    let name = "\(printable(verdict.label))  \(verdict.category.rawValue)\(variant)\(device)"
    guard verdict.fits else {
        // What solving the scene found follows the text's own verdict, or stands alone when the text fits its frame.
        let scene = verdict.sceneFindings.map { "\(printable($0.kind)): \(printable($0.message))" }
        guard verdict.fix != nil || scene.isEmpty else { return "\(name)  does not fit: \(scene.joined(separator: "; "))" }
        let details = (verdict.fix?.suggestions ?? []) + scene
        return "\(name)  does not fit (\(verdict.linesShown) of \(verdict.linesNeeded) lines)"
            + (details.isEmpty ? "" : ": " + details.joined(separator: "; "))
    }
    var parts = ["fits"]
    if let width = verdict.headroom?.width { parts.append("room \(points(width))") }
    if let largest = verdict.headroom?.fitsUpTo { parts.append("up to \(largest.rawValue)") }
    return "\(name)  \(parts.joined(separator: ", "))"
}
