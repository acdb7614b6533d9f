import LabelCatalog
import LabelJSON
import LabelModel

/// `check --format junit`: JUnit XML as GitLab, Jenkins and most CI systems read it. One
/// `<testsuite>` per locale, one `<testcase>` per checked text (label × locale × category ×
/// variant; `classname` is the label's name); a new finding is a `<failure>` or an `<error>`
/// (the kind's `junitStatus`), a known one (in the baseline) `<skipped>`; a baseline entry that now
/// fits passes with a note in `<system-out>`. Only the elements and attributes of the common
/// JUnit schema are used (`testsuites`, `testsuite`, `testcase`, `failure`, `error`,
/// `skipped`, `system-out`). Names and messages are shown `printable` (CI systems show them to
/// people).
public enum JUnitReport {
    public static func render(_ outcome: CheckOutcome) -> String {
        let fixed = Set(outcome.fixed.map(\.text))
        let findings = outcome.result.findingsByText
        var suites: [(locale: String, cases: [CheckedText])] = []
        for text in outcome.result.checked {
            if let index = suites.firstIndex(where: { $0.locale == text.locale }) {
                suites[index].cases.append(text)
            } else {
                suites.append((text.locale, [text]))
            }
        }
        suites.sort { ($0.locale.isEmpty ? 0 : 1, $0.locale) < ($1.locale.isEmpty ? 0 : 1, $1.locale) }

        var body = ""
        var totals = Counts()
        for suite in suites {
            var counts = Counts()
            var cases = ""
            for checked in suite.cases {
                counts.tests += 1
                let name = checked.displayName
                cases += "    <testcase name=\"\(escapeMarkup(name, attribute: true))\" classname=\"\(escapeMarkup(printable(checked.label), attribute: true))\" time=\"0\""
                if let finding = findings[checked] {
                    let message = escapeMarkup(finding.summary, attribute: true)
                    let details = escapeMarkup(([finding.summary] + finding.details).joined(separator: "\n"))
                    if !outcome.isNew(finding) {
                        counts.skipped += 1
                        cases += ">\n      <skipped message=\"known finding (in the baseline): \(message)\"/>\n    </testcase>\n"
                    } else {
                        let element = finding.kind.description.junitStatus.rawValue
                        switch finding.kind.description.junitStatus {
                        case .error: counts.errors += 1
                        case .failure: counts.failures += 1
                        }
                        cases += ">\n      <\(element) message=\"\(message)\" type=\"\(finding.kind.rawValue)\">\(details)</\(element)>\n    </testcase>\n"
                    }
                } else if fixed.contains(checked) {
                    let entries = outcome.fixed.filter { $0.text == checked }.map(\.kind.rawValue).joined(separator: ", ")
                    cases += ">\n      <system-out>Now fits: the baseline lists it (\(escapeMarkup(entries))); remove it from the baseline file.</system-out>\n    </testcase>\n"
                } else {
                    cases += "/>\n"
                }
            }
            let locale = LocaleTag.name(suite.locale)
            body += "  <testsuite name=\"labelcat check [\(escapeMarkup(locale, attribute: true))]\" tests=\"\(counts.tests)\" failures=\"\(counts.failures)\" errors=\"\(counts.errors)\" skipped=\"\(counts.skipped)\" time=\"0\">\n"
            body += cases
            body += "  </testsuite>\n"
            totals.add(counts)
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="labelcat check" tests="\(totals.tests)" failures="\(totals.failures)" errors="\(totals.errors)" time="0">

            """ + body + "</testsuites>\n"
    }

    struct Counts {
        var tests = 0, failures = 0, errors = 0, skipped = 0

        mutating func add(_ other: Counts) {
            tests += other.tests
            failures += other.failures
            errors += other.errors
            skipped += other.skipped
        }
    }
}
