/// Reads `check`'s output formats back with real parsers (Python's `json` and
/// `xml.etree.ElementTree`), checks each against the rules of its format, and prints what it
/// read as one JSON document, for the tests to compare with what they expect:
///
/// - `junit`: the elements, attributes and children the common JUnit schema (Jenkins'
///   `junit-10.xsd`, which GitLab's reader also accepts) allows, its required attributes,
///   its `time` pattern, and counts that agree with the test cases;
/// - `sarif`: the SARIF 2.1.0 members labelcat writes, the properties GitHub code scanning
///   requires, rule references that resolve, levels and baseline states from the spec's
///   enumerations;
/// - `github`: GitHub Actions workflow commands, their properties unescaped (`%25`, `%0D`,
///   `%0A`, `%3A`, `%2C`) — a raw `:` or `,` in a property would not parse;
/// - `json`: one JSON object per line.
///
/// Exit 0 and the document on stdout, or exit 1 and the broken rule on stderr.
public enum CheckFormatParser {
    /// Runs the parser on `text` (the `format`'s output).
    public static func parse(_ format: String, _ text: String) throws -> ProgramRun {
        try runProgram("/usr/bin/env", ["python3", "-c", script, format], stdin: text, timeout: 60)
    }

    static let script = #"""
import json, re, sys, urllib.parse
import xml.etree.ElementTree as ET

def fail(message):
    sys.stderr.write(message + "\n")
    sys.exit(1)

def junit(text):
    root = ET.fromstring(text.encode("utf-8"))
    if root.tag != "testsuites":
        fail("the root element is <%s>, not <testsuites>" % root.tag)
    rerun = ({"message", "type"}, {"type"}, {"stackTrace", "system-out", "system-err"})
    rules = {
        "testsuites": ({"name", "time", "tests", "failures", "errors"}, set(), {"testsuite"}),
        "testsuite": ({"name", "tests", "failures", "errors", "group", "time", "skipped", "timestamp", "hostname",
                       "id", "package", "file", "log", "url"}, {"name", "tests", "failures", "errors"},
                      {"testsuite", "properties", "testcase", "system-out", "system-err"}),
        "testcase": ({"name", "time", "classname", "group"}, {"name"},
                     {"skipped", "error", "failure", "rerunFailure", "rerunError", "flakyFailure", "flakyError",
                      "system-out", "system-err"}),
        "failure": ({"type", "message"}, set(), set()),
        "error": ({"type", "message"}, set(), set()),
        "skipped": ({"type", "message"}, set(), set()),
        "properties": (set(), set(), {"property"}),
        "property": ({"name", "value"}, {"name", "value"}, set()),
        "system-out": (set(), set(), set()),
        "system-err": (set(), set(), set()),
        "rerunFailure": rerun, "rerunError": rerun, "flakyFailure": rerun, "flakyError": rerun,
        "stackTrace": (set(), set(), set()),
    }
    time = re.compile(r"(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]*)?")
    def walk(element):
        if element.tag not in rules:
            fail("<%s> is not a JUnit element" % element.tag)
        allowed, required, children = rules[element.tag]
        for name in element.attrib:
            if name not in allowed:
                fail("<%s> does not take the attribute %s" % (element.tag, name))
        for name in required:
            if name not in element.attrib:
                fail("<%s> needs the attribute %s" % (element.tag, name))
        if element.tag in ("testsuites", "testsuite") and "time" in element.attrib:
            if not time.fullmatch(element.attrib["time"]):
                fail("<%s time=%r> is not a time" % (element.tag, element.attrib["time"]))
        for child in element:
            if child.tag not in children:
                fail("<%s> cannot hold <%s>" % (element.tag, child.tag))
            walk(child)
    walk(root)
    suites = []
    totals = {"tests": 0, "failures": 0, "errors": 0}
    for suite in root.findall("testsuite"):
        cases = []
        counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        for case in suite.findall("testcase"):
            counts["tests"] += 1
            status, outcome = "passed", None
            for kind, count in (("failure", "failures"), ("error", "errors"), ("skipped", "skipped")):
                found = case.find(kind)
                if found is not None:
                    status, outcome = kind, found
                    counts[count] += 1
            out = case.find("system-out")
            cases.append({"name": case.get("name"), "classname": case.get("classname"), "status": status,
                          "type": outcome.get("type") if outcome is not None else None,
                          "message": outcome.get("message") if outcome is not None else None,
                          "text": outcome.text if outcome is not None else None,
                          "systemOut": out.text if out is not None else None})
        for name in ("tests", "failures", "errors", "skipped"):
            if suite.get(name) is not None and int(suite.get(name)) != counts[name]:
                fail("testsuite %r says %s=%s, its test cases make %d" % (suite.get("name"), name, suite.get(name), counts[name]))
        for name in totals:
            totals[name] += counts[name]
        suites.append({"name": suite.get("name"), "cases": cases, **counts})
    for name, count in totals.items():
        if root.get(name) is not None and int(root.get(name)) != count:
            fail("testsuites says %s=%s, its suites make %d" % (name, root.get(name), count))
    return {"name": root.get("name"), "suites": suites, **totals}

def sarif(text):
    log = json.loads(text)
    if log.get("version") != "2.1.0":
        fail("version is %r, not 2.1.0" % log.get("version"))
    if not str(log.get("$schema", "")).startswith("https://"):
        fail("$schema is missing")
    if set(log) - {"$schema", "version", "runs", "inlineExternalProperties", "properties"}:
        fail("unknown sarifLog members: %s" % (set(log) - {"$schema", "version", "runs"}))
    if not isinstance(log.get("runs"), list) or len(log["runs"]) != 1:
        fail("runs must hold one run")
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    if not driver.get("name") or not isinstance(driver.get("version"), str):
        fail("tool.driver needs a name and a version")
    levels = {"none", "note", "warning", "error"}
    ids = []
    for rule in driver.get("rules", []):
        for path in (("id",), ("shortDescription", "text"), ("fullDescription", "text"), ("help", "text")):
            value = rule
            for key in path:
                value = value.get(key) if isinstance(value, dict) else None
            if not isinstance(value, str) or not value:
                fail("rule %r needs %s" % (rule.get("id"), ".".join(path)))
        if rule.get("defaultConfiguration", {}).get("level") not in levels:
            fail("rule %r has no valid default level" % rule.get("id"))
        ids.append(rule["id"])
    if len(set(ids)) != len(ids):
        fail("rule ids repeat: %s" % ids)
    members = {"ruleId", "ruleIndex", "rule", "kind", "level", "message", "locations", "partialFingerprints",
               "fingerprints", "baselineState", "properties", "relatedLocations", "guid", "correlationGuid"}
    results = []
    for result in run.get("results", []):
        if set(result) - members:
            fail("unknown result members: %s" % (set(result) - members))
        if result.get("ruleId") not in ids:
            fail("result rule %r is not a rule" % result.get("ruleId"))
        if "ruleIndex" in result and ids[result["ruleIndex"]] != result["ruleId"]:
            fail("ruleIndex %r does not point at %r" % (result["ruleIndex"], result["ruleId"]))
        if result.get("level") not in levels:
            fail("result level %r" % result.get("level"))
        if not result.get("message", {}).get("text"):
            fail("result without message.text")
        if result.get("baselineState", "new") not in {"new", "unchanged", "updated", "absent"}:
            fail("baselineState %r" % result.get("baselineState"))
        fingerprints = result.get("partialFingerprints")
        if not fingerprints or not all(isinstance(v, str) and v for v in fingerprints.values()):
            fail("result without partialFingerprints")
        locations = result.get("locations")
        if not isinstance(locations, list) or not 1 <= len(locations) <= 10:
            fail("a result needs 1 to 10 locations")
        location = locations[0]
        read = {"ruleId": result["ruleId"], "level": result["level"], "message": result["message"]["text"],
                "fingerprints": fingerprints, "baselineState": result.get("baselineState"),
                "properties": result.get("properties"), "uri": None, "uriBaseId": None, "file": None, "line": None,
                "logical": [l.get("fullyQualifiedName") for l in location.get("logicalLocations", [])]}
        physical = location.get("physicalLocation")
        if physical is None and not location.get("logicalLocations"):
            fail("a location needs a physicalLocation or logicalLocations")
        if physical is not None:
            uri = physical["artifactLocation"]["uri"]
            if re.search(r"[\s\"<>\\^`{|}]", uri) or re.search(r"%(?![0-9A-Fa-f]{2})", uri):
                fail("artifactLocation.uri %r is not a URI reference" % uri)
            read["uri"] = uri
            read["uriBaseId"] = physical["artifactLocation"].get("uriBaseId")
            parsed = urllib.parse.urlparse(uri)
            read["file"] = urllib.parse.unquote(parsed.path)
            region = physical.get("region")
            if region is not None:
                if not isinstance(region.get("startLine"), int) or region["startLine"] < 1:
                    fail("region.startLine %r" % region.get("startLine"))
                read["line"] = region["startLine"]
        results.append(read)
    return {"tool": driver["name"], "version": driver["version"], "rules": ids, "results": results}

def github(text):
    commands, plain = [], []
    keys = {"file", "line", "endLine", "col", "endColumn", "title"}
    def unescape(value, property):
        pairs = [("%0D", "\r"), ("%0A", "\n")] + ([("%3A", ":"), ("%2C", ",")] if property else []) + [("%25", "%")]
        for escaped, raw in pairs:
            value = value.replace(escaped, raw)
        return value
    for line in text.split("\n"):
        if "\r" in line:
            fail("a raw carriage return in %r" % line)
        if not line.startswith("::"):
            if line:
                plain.append(line)
            continue
        match = re.fullmatch(r"::([a-z]+)(?: ([^:]*))?::(.*)", line)
        if not match:
            fail("not a workflow command: %r" % line)
        name, properties, message = match.groups()
        if name not in ("error", "warning", "notice"):
            fail("unknown command %r" % name)
        read = {}
        for part in (properties.split(",") if properties else []):
            key, equals, value = part.partition("=")
            if not equals or key not in keys or key in read:
                fail("bad property %r in %r" % (part, line))
            read[key] = unescape(value, True)
        commands.append({"command": name, "properties": read, "message": unescape(message, False)})
    return {"commands": commands, "plain": plain}

def json_lines(text):
    return {"objects": [json.loads(line) for line in text.split("\n") if line]}

format = sys.argv[1]
text = sys.stdin.read()
try:
    parsed = {"junit": junit, "sarif": sarif, "github": github, "json": json_lines}[format](text)
except (ET.ParseError, json.JSONDecodeError, KeyError, TypeError, IndexError) as error:
    fail("%s does not parse: %s: %s" % (format, type(error).__name__, error))
print(json.dumps(parsed))
"""#
}
