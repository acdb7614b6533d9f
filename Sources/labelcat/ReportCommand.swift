import LabelCatalog
import LabelJSON
import LabelReport

/// `labelcat report`: the HTML report of a check, for people (docs/ci.md).
let reportCommand = Command(
    name: "report",
    abstract: "Write a static HTML report of a check: a summary, each finding with its picture beside the base text's, the labels that fit.",
    discussion: """
        DIR gets index.html and images/*.png (no server, nothing loaded from the network): \
        the findings per locale and category, then each finding with its picture and the \
        base text's (drawn with debug outlines: bounds, inset box, text rect, baselines), \
        filterable by locale, category and kind (open index.html#locale=de to start \
        filtered), and the labels that fit, folded. DIR is created when missing; an earlier \
        report in it is replaced; a directory holding other files is refused. What is \
        checked is chosen as for check; with --baseline, findings are marked new or known. \
        Exit status: 0 when the report was written (whatever it found), 2 when the glob, a \
        --locale or a --category matches nothing.
        """,
    arguments: [checkGlobArgument],
    options: [ReportOptions.out] + CheckScopeOptions.all + [ReportOptions.baseline],
    run: runReport)

/// `report`'s own options (`CheckScopeOptions` are shared with `check`).
enum ReportOptions {
    static let out = Option<String>("out", "DIR", help: "The directory to write the report to.", required: true)
    static let baseline = Option<String>("baseline", "FILE", help: "Mark findings in this baseline file as known.")
}

func runReport(_ arguments: ParsedArguments) throws -> Int32 {
    guard let out = try arguments[ReportOptions.out], !out.isEmpty else {
        throw UsageError(message: "Missing expected option '--out <DIR>'.", commandPath: ["labelcat", "report"])
    }
    let baseline = try arguments[ReportOptions.baseline].map(readBaseline)
    guard let (catalog, result) = try runCheckScope(arguments) else { return nothingMatchedStatus }
    let outcome = CheckOutcome(result: result, baseline: baseline, ignoring: ignoreReason(try projectConfiguration(arguments)))
    let written = try HTMLReport(outcome: outcome, toolVersion: labelcatVersion).write(to: out, catalog: catalog)
    writeOutput("Wrote \(printable(written.index)) and \(counted(written.images.count, "picture")): \(outcome.summary)")
    return 0
}
