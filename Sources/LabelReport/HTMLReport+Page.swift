import LabelCatalog
import LabelJSON
import LabelModel

extension HTMLReport {
    /// The page: header, summary, filters, findings, baseline entries that now fit, the
    /// labels that fit; the style and the filtering script inline.
    func page(_ entries: [FindingEntry], scenes: [SceneSection], catalogPath: String) -> String {
        let result = outcome.result
        let findings = result.findings
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="generator" content="labelcat \(escapeMarkup(toolVersion, attribute: true))">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>labelcat report: \(escapeMarkup(outcome.summary))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <header>
            <h1>labelcat report</h1>
            <p id="summary-line">\(escapeMarkup(outcome.summary))</p>
            <p class="meta">Catalog <code>\(escapeMarkup(printable(catalogPath)))</code> · glob <code>\(escapeMarkup(printable(result.scope.glob)))</code> · labelcat \(escapeMarkup(toolVersion))</p>
            </header>

            """
        html += summarySection(findings)
        html += "<section id=\"findings\">\n<h2>Findings</h2>\n"
        html += filterForm(findings)
        let anchors = Dictionary(uniqueKeysWithValues: scenes.map { ($0.name, $0.anchor) })
        for (index, entry) in entries.enumerated() {
            html += article(entry, sceneAnchor: entry.scene.flatMap { anchors[$0] }, deferred: index >= Self.picturesLoadedAtOnce)
        }
        html += "<p id=\"no-findings\"\(findings.isEmpty ? "" : " hidden")>\(findings.isEmpty ? "Every checked text fits." : "No finding matches the filter.")</p>\n"
        html += "</section>\n"
        html += scenesSection(scenes, entries: entries)
        html += baselineSection()
        html += fittingSection()
        html += keysSection()
        html += "<script>\(Self.script)</script>\n</body>\n</html>\n"
        return html
    }

    /// Locales in report order: the base text first, then by name.
    static func ordered(_ locales: Set<String>) -> [String] {
        locales.sorted { ($0.isEmpty ? 0 : 1, $0) < ($1.isEmpty ? 0 : 1, $1) }
    }

    /// The value a locale has in `data-locale` and the filter: `base` for the base text.
    static func localeValue(_ locale: String) -> String { LocaleTag.name(locale) }

    /// Findings per locale (rows) and category (columns), with totals, and per kind.
    func summarySection(_ findings: [Finding]) -> String {
        let categories = outcome.result.categories
        let locales = Self.ordered(Set(findings.map(\.locale)))
        var html = "<section id=\"summary\">\n<h2>Findings per locale and category</h2>\n"
        if !outcome.ignored.isEmpty {
            html += "<p id=\"ignored\">\(counted(outcome.ignored.count, "finding")) ignored by labelcat.yml: "
            html += outcome.ignoredReasons.map { "\(escapeMarkup(printable($0.reason))) (\($0.count))" }.joined(separator: "; ") + "</p>\n"
        }
        guard !findings.isEmpty else { return html + "<p>None: every checked text fits.</p>\n</section>\n" }
        html += "<table>\n<thead><tr><th>locale</th>"
        for category in categories { html += "<th>\(escapeMarkup(printable(category)))</th>" }
        html += "<th>all</th></tr></thead>\n<tbody>\n"
        for locale in locales + [nil] {
            let rowFindings = findings.filter { locale == nil || $0.locale == locale }
            let name = locale.map(Self.localeValue) ?? "all"
            html += "<tr\(locale == nil ? " class=\"total\"" : " data-locale=\"\(escapeMarkup(name, attribute: true))\"")><th>\(escapeMarkup(printable(name)))</th>"
            for category in categories { html += "<td>\(rowFindings.filter { $0.category == category }.count)</td>" }
            html += "<td>\(rowFindings.count)</td></tr>\n"
        }
        html += "</tbody>\n</table>\n<p class=\"kinds\">"
        html += FindingKind.allCases.compactMap { kind in
            let count = findings.filter { $0.kind == kind }.count
            return count == 0 ? nil : "<span class=\"kind kind-\(kind.rawValue)\">\(kind.rawValue)</span> \(count)"
        }.joined(separator: " · ")
        if outcome.baseline != nil { html += " · \(outcome.new.count) new, \(outcome.known.count) known (in the baseline)" }
        return html + "</p>\n</section>\n"
    }

    /// The filters: one `<select data-filter=…>` per finding attribute.
    func filterForm(_ findings: [Finding]) -> String {
        var filters: [(name: String, title: String, values: [String])] = [
            ("locale", "Locale", Self.ordered(Set(outcome.result.checked.map(\.locale))).map(Self.localeValue)),
            ("category", "Category", outcome.result.categories),
            ("kind", "Kind", FindingKind.allCases.map(\.rawValue)),
        ]
        if outcome.baseline != nil { filters.append(("status", "Status", ["new", "known"])) }
        var html = "<form id=\"filters\">\n"
        for filter in filters {
            html += "<label>\(filter.title) <select id=\"filter-\(filter.name)\" data-filter=\"\(filter.name)\"><option value=\"\">all</option>"
            for value in filter.values {
                let escaped = escapeMarkup(value, attribute: true)
                html += "<option value=\"\(escaped)\">\(escapeMarkup(printable(value)))</option>"
            }
            html += "</select></label>\n"
        }
        return html + "<output id=\"shown\">\(findings.count) of \(findings.count) findings shown</output>\n</form>\n"
    }

    /// One finding: its name, kind and status, the sentence, the numbers, the fix, the pictures, the
    /// visible lines and where the text came from.
    func article(_ entry: FindingEntry, sceneAnchor: String? = nil, deferred: Bool = false) -> String {
        let finding = entry.finding
        let status = entry.isNew ? "new" : "known"
        var html = "<article class=\"finding\" id=\"finding-\(entry.id)\""
        html += " data-label=\"\(escapeMarkup(finding.label, attribute: true))\""
        html += " data-locale=\"\(escapeMarkup(Self.localeValue(finding.locale), attribute: true))\""
        html += " data-variant=\"\(escapeMarkup(finding.variant, attribute: true))\""
        html += " data-category=\"\(escapeMarkup(finding.category, attribute: true))\""
        html += " data-kind=\"\(finding.kind.rawValue)\" data-status=\"\(status)\">\n"
        html += "<h3><span class=\"name\">\(escapeMarkup(finding.text.displayName))</span> <span class=\"kind kind-\(finding.kind.rawValue)\">\(finding.kind.rawValue)</span>"
        if outcome.baseline != nil { html += " <span class=\"status status-\(status)\">\(status)</span>" }
        html += "</h3>\n<p class=\"message\">\(escapeMarkup(finding.summary))</p>\n"
        if finding.kind.description.hasLayout {
            html += "<dl class=\"numbers\"><dt>lines shown/needed</dt><dd>\(finding.linesShown)/\(finding.linesNeeded)</dd>"
            html += "<dt>width over</dt><dd>\(points(finding.widthOver))</dd><dt>height over</dt><dd>\(points(finding.heightOver))</dd></dl>\n"
        }
        if let fix = finding.fix, !fix.isEmpty {
            html += "<p class=\"fix\">Fix:</p><ul class=\"fix\">" + fix.suggestions.map { "<li>\(escapeMarkup($0))</li>" }.joined() + "</ul>\n"
        }
        var figures: [(Picture, String)] = []
        if let picture = entry.picture { figures.append((picture, Self.localeValue(finding.locale))) }
        if let picture = entry.basePicture { figures.append((picture, LocaleTag.baseName)) }
        if !figures.isEmpty {
            html += "<div class=\"pictures\">\n"
            for (picture, caption) in figures { html += figure(picture, caption: caption, name: finding.label, deferred: deferred) }
            html += "</div>\n"
        }
        if !finding.lines.isEmpty {
            html += "<ol class=\"lines\">" + finding.lines.map { "<li>\(escapeMarkup(printable($0)))</li>" }.joined() + "</ol>\n"
        }
        if let scene = entry.scene, let sceneAnchor {
            html += "<p class=\"scene-link\">In scene <a href=\"#\(sceneAnchor)\">\(escapeMarkup(printable(scene)))</a></p>\n"
        }
        if let source = finding.source {
            html += "<p class=\"source\">From <code>\(escapeMarkup(printable(source.file)))\(source.line.map { ":\($0)" } ?? "")</code>"
            if let key = source.key { html += ", key <code>\(escapeMarkup(printable(key)))</code>" }
            html += "</p>\n"
        }
        return html + "</article>\n"
    }

    /// Findings (and scenes) whose pictures the browser loads itself (`loading="lazy"`); the
    /// pictures of those after them are loaded by the page's script once scrolled near
    /// (`data-src`): Chromium spends seconds on thousands of lazy images it never shows.
    static let picturesLoadedAtOnce = 40

    /// A picture's `<img>`: its file in `src`, or in `data-src` for the script to load when `deferred`.
    func image(_ file: String, width: Double, height: Double, alt: String, deferred: Bool) -> String {
        "<img \(deferred ? "data-src" : "src")=\"\(escapeMarkup(file, attribute: true))\" loading=\"lazy\" decoding=\"async\" width=\"\(cssPixels(width))\" height=\"\(cssPixels(height))\" alt=\"\(escapeMarkup(printable(alt), attribute: true))\">"
    }

    func figure(_ picture: Picture, caption: String, name: String, deferred: Bool = false) -> String {
        switch picture {
        case .image(let file, let width, let height):
            let tag = image(file, width: width, height: height, alt: "\(name) [\(caption)]", deferred: deferred)
            return "<figure><a href=\"\(escapeMarkup(file, attribute: true))\">\(tag)</a><figcaption>\(escapeMarkup(printable(caption)))</figcaption></figure>\n"
        case .failed(let reason):
            return "<figure class=\"no-picture\"><p>No picture: \(escapeMarkup(printable(reason)))</p><figcaption>\(escapeMarkup(printable(caption)))</figcaption></figure>\n"
        }
    }

    /// Each scene with a checked label: a thumbnail of it in every checked locale (each opening
    /// the whole picture), and the list of its findings, each linking to the finding.
    func scenesSection(_ scenes: [SceneSection], entries: [FindingEntry]) -> String {
        guard !scenes.isEmpty else { return "" }
        let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0) })
        var html = "<section id=\"scenes\">\n<h2>Scenes</h2>\n"
        for (index, scene) in scenes.enumerated() {
            html += "<article class=\"scene\" id=\"\(scene.anchor)\" data-scene=\"\(escapeMarkup(scene.name, attribute: true))\">\n"
            html += "<h3>\(escapeMarkup(printable(scene.name)))</h3>\n<div class=\"thumbnails\">\n"
            for (key, pictures) in scene.pictures {
                let caption = [Self.localeValue(key.locale), key.device].filter { !$0.isEmpty }.joined(separator: " · ")
                html += thumbnail(pictures, caption: caption, name: scene.name, deferred: index >= Self.picturesLoadedAtOnce)
            }
            html += "</div>\n"
            if scene.findings.isEmpty {
                html += "<p class=\"scene-findings\">No findings.</p>\n"
            } else {
                html += "<ul class=\"scene-findings\">\n"
                for id in scene.findings {
                    guard let finding = byID[id]?.finding else { continue }
                    html += "<li><a href=\"#finding-\(id)\">\(escapeMarkup(finding.text.displayName))</a> <span class=\"kind kind-\(finding.kind.rawValue)\">\(finding.kind.rawValue)</span></li>\n"
                }
                html += "</ul>\n"
            }
            html += "</article>\n"
        }
        return html + "</section>\n"
    }

    /// A scene's thumbnail, opening its whole picture.
    func thumbnail(_ pictures: ScenePictures, caption: String, name: String, deferred: Bool = false) -> String {
        guard case .image(let file, let width, let height) = pictures.thumbnail else {
            return figure(pictures.thumbnail, caption: caption, name: name, deferred: deferred)
        }
        let full = if case .image(let fullFile, _, _) = pictures.full { fullFile } else { file }
        let tag = image(file, width: width, height: height, alt: "\(name) [\(caption)]", deferred: deferred)
        return "<figure class=\"thumbnail\"><a href=\"\(escapeMarkup(full, attribute: true))\">\(tag)</a><figcaption>\(escapeMarkup(printable(caption)))</figcaption></figure>\n"
    }

    /// A size in points as whole CSS pixels (at least 1).
    func cssPixels(_ points: Double) -> Int { max(1, Int(points.rounded(.up))) }

    /// Baseline entries that now fit, changed kind, or whose text is gone.
    func baselineSection() -> String {
        guard outcome.baseline != nil, !(outcome.fixed.isEmpty && outcome.changed.isEmpty && outcome.gone.isEmpty) else { return "" }
        var html = "<section id=\"baseline\">\n<h2>In the baseline, no longer found</h2>\n<ul>\n"
        for entry in outcome.fixed { html += "<li class=\"fixed\">\(escapeMarkup(entry.displayName)): now fits</li>\n" }
        for entry in outcome.changed { html += "<li class=\"changed\">\(escapeMarkup(entry.displayName)): now has a finding of another kind</li>\n" }
        for entry in outcome.gone { html += "<li class=\"gone\">\(escapeMarkup(entry.displayName)): its text no longer exists</li>\n" }
        return html + "</ul>\n<p>Remove them from the baseline file.</p>\n</section>\n"
    }

    /// The labels all of whose checked texts fit, folded.
    func fittingSection() -> String {
        var locales: [String: [String]] = [:]
        var order: [String] = []
        let failing = Set(outcome.result.findings.map(\.label))
        for text in outcome.result.checked where !failing.contains(text.label) {
            if locales[text.label] == nil { order.append(text.label) }
            let value = Self.localeValue(text.locale)
            if locales[text.label]?.contains(value) != true { locales[text.label, default: []].append(value) }
        }
        let fitting = order
        var html = "<section id=\"fitting\">\n<h2>Labels that fit</h2>\n<details>\n<summary>\(counted(fitting.count, "label")) fit\(fitting.count == 1 ? "s" : "") in every checked text</summary>\n<ul>\n"
        for label in fitting.prefix(Self.fittingListLimit) {
            html += "<li><span class=\"name\">\(escapeMarkup(printable(label)))</span> <span class=\"locales\">\(escapeMarkup(printable(locales[label]!.joined(separator: ", "))))</span></li>\n"
        }
        if fitting.count > Self.fittingListLimit { html += "<li>… and \(fitting.count - Self.fittingListLimit) more</li>\n" }
        return html + "</ul>\n</details>\n</section>\n"
    }

    /// The keys whose texts no label shows (texts nothing checks), folded.
    func keysSection() -> String {
        let keys = outcome.result.keysWithoutLabels
        guard !keys.isEmpty else { return "" }
        var html = "<section id=\"unshown-keys\">\n<h2>Keys no label shows</h2>\n<details>\n<summary>\(counted(keys.count, "key")) \(keys.count == 1 ? "holds" : "hold") texts no label in the catalog shows</summary>\n<ul>\n"
        for key in keys.prefix(Self.fittingListLimit) {
            let location = key.source.file + (key.source.line.map { ":\($0)" } ?? "")
            html += "<li><code>\(escapeMarkup(key.key))</code> <span class=\"locales\">\(escapeMarkup(location))</span></li>\n"
        }
        if keys.count > Self.fittingListLimit { html += "<li>… and \(keys.count - Self.fittingListLimit) more</li>\n" }
        return html + "</ul>\n</details>\n</section>\n"
    }

    /// Each kind's badge colour, by its severity: red for an error, orange for a warning or a
    /// note, grey for a kind without a layout (the label could not be laid out).
    static let kindColors = FindingKind.allCases.compactMap { kind -> String? in
        let about = kind.description
        let color = !about.hasLayout ? "#555" : about.severity == .error ? nil : "var(--warn)"
        return color.map { ".kind-\(kind.rawValue) { background: \($0); }" }
    }.joined(separator: " ")

    static let style = """

        :root { color-scheme: light; --ink: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; --bad: #c9252d; --warn: #b25000; }
        body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); margin: 0 auto; max-width: 1100px; padding: 16px 24px 48px; }
        h1 { font-size: 22px; margin: 8px 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; } h3 { font-size: 15px; margin: 0 0 4px; }
        .meta { color: var(--muted); margin: 0; } code { font: 12px ui-monospace, monospace; }
        table { border-collapse: collapse; } th, td { border: 1px solid var(--line); padding: 3px 10px; text-align: right; }
        th:first-child { text-align: left; } tr.total { font-weight: 600; }
        #filters { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin: 8px 0 16px; }
        #shown { color: var(--muted); }
        .finding { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; margin: 12px 0;
                   content-visibility: auto; contain-intrinsic-size: auto 320px; }
        .finding[hidden] { display: none; }
        .kind { font-size: 12px; border-radius: 4px; padding: 1px 6px; color: #fff; background: var(--bad); }
        \(kindColors)
        .status { font-size: 12px; color: var(--muted); border: 1px solid var(--line); border-radius: 4px; padding: 0 5px; }
        .status-new { color: var(--bad); border-color: var(--bad); }
        .message { margin: 4px 0 8px; }
        .numbers { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0 0 8px; color: var(--muted); }
        .numbers dt::after { content: ":"; } .numbers dd { margin: 0 0 0 -12px; color: var(--ink); }
        .pictures { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
        figure { margin: 0; } figure img { display: block; image-rendering: auto; background: #fff; }
        figcaption { color: var(--muted); font-size: 12px; margin-top: 2px; }
        .no-picture p { color: var(--bad); margin: 0; }
        .lines { font: 12px ui-monospace, monospace; margin: 8px 0 0; padding-left: 24px; }
        .source { color: var(--muted); margin: 6px 0 0; }
        details summary { cursor: pointer; } .locales { color: var(--muted); }
        .scene { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; margin: 12px 0; }
        .thumbnails { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
        .thumbnail img { border: 1px solid var(--line); }
        .scene-link { margin: 6px 0 0; }

        """

    /// Applies the filters (also from the address: `#locale=de&kind=truncated`, on load and
    /// when it changes), keeps the address in step, marks each picture with its
    /// `data-natural-width` once loaded (0 when it failed), and loads a `data-src` picture when
    /// it comes within 1,500 px of the window.
    static let script = """

        (function () {
          "use strict";
          var selects = Array.prototype.slice.call(document.querySelectorAll("select[data-filter]"));
          var findings = Array.prototype.slice.call(document.querySelectorAll("article.finding"));
          function readAddress() {
            var params = new URLSearchParams(location.hash.slice(1));
            selects.forEach(function (select) {
              var value = params.get(select.dataset.filter) || "";
              var known = Array.prototype.some.call(select.options, function (option) { return option.value === value; });
              if (!known) { select.add(new Option(value + " (not checked)", value)); }
              select.value = value;
            });
          }
          function writeAddress() {
            var params = new URLSearchParams();
            selects.forEach(function (select) { if (select.value) { params.set(select.dataset.filter, select.value); } });
            var hash = params.toString();
            try { history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search); } catch (error) { location.hash = hash; }
          }
          function apply() {
            var shown = 0;
            findings.forEach(function (finding) {
              var visible = selects.every(function (select) {
                return !select.value || finding.getAttribute("data-" + select.dataset.filter) === select.value;
              });
              finding.hidden = !visible;
              if (visible) { shown += 1; }
            });
            document.getElementById("shown").textContent = shown + " of " + findings.length + " findings shown";
            document.getElementById("no-findings").hidden = shown > 0 || findings.length === 0;
            document.body.setAttribute("data-shown", String(shown));
          }
          selects.forEach(function (select) {
            select.addEventListener("change", function () { writeAddress(); apply(); });
          });
          window.addEventListener("hashchange", function () { readAddress(); apply(); });
          function mark(image) { image.setAttribute("data-natural-width", String(image.naturalWidth)); }
          Array.prototype.forEach.call(document.images, function (image) {
            if (image.complete && !image.hasAttribute("data-src")) { mark(image); }
            image.addEventListener("load", function () { mark(image); });
            image.addEventListener("error", function () { mark(image); });
          });
          var deferred = Array.prototype.slice.call(document.querySelectorAll("img[data-src]"));
          function load(image) { image.src = image.getAttribute("data-src"); image.removeAttribute("data-src"); }
          if ("IntersectionObserver" in window) {
            var observer = new IntersectionObserver(function (entries) {
              entries.forEach(function (entry) {
                if (entry.isIntersecting) { observer.unobserve(entry.target); load(entry.target); }
              });
            }, { rootMargin: "1500px 0px" });
            deferred.forEach(function (image) { observer.observe(image); });
          } else {
            deferred.forEach(load);
          }
          readAddress();
          apply();
        })();

        """
}
