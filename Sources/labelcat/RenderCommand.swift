#if canImport(Glibc)
import Glibc
#endif
import LabelCatalog
import LabelJSON
import LabelLayout
import LabelModel
import LabelRender

/// `labelcat render`: pictures of labels from the catalog's fresh layouts.
let renderCommand = Command(
    name: "render",
    abstract: "Draw labels as a PNG picture: one label, a screen of labels at their frames, a contact sheet, or a storyboard scene.",
    discussion: """
        NAME draws that label alone (the picture is its bounds). A GLOB ('checkout.*', '*') draws \
        every matching label at its frame on one white screen, from (0, 0) to the farthest frame \
        edge plus a 20 pt margin; with --sheet, in a grid with each label's name and locale \
        under it (every locale of each label unless --locale is given). A label of a GLOB that \
        cannot be laid out is drawn as a red box saying so, named on standard error, and the \
        command exits 1 once the picture is written. The text is drawn with the fonts, glyphs \
        and positions of the label's stored layout; a stale layout is recomputed first. A label \
        without a background whose text is too light to read on white is drawn on a dark gray. --debug outlines the bounds (black), the inset box (dashed green), \
        the text rect (magenta) and each baseline (orange). A sheet is about square (its \
        columns chosen from the number of cells and their sizes) unless --columns is given. \
        The PNG is written whole or not at all: to a temporary file beside FILE.png, renamed \
        over it once complete.

        --scene FILE/SCENE (a scene of an imported storyboard or xib, e.g. \
        'Main.storyboard/vc1'; or a glob of them, with --out naming a folder when it matches \
        more than one) draws the scene at its device's size (--device, default: the one it was \
        designed at): every view's frame, from Auto Layout where the scene is solved, filled \
        with its background colour (system colours for --appearance), image views as \
        placeholders, every label with its text in --locale, and a band around each label \
        with a finding (truncated red, lines orange, clipped magenta, shrunk yellow; a legend \
        under the scene names them). --compare LOCALE draws the base texts on the left and \
        LOCALE's on the right (--locale's on the left when given). A GLOB whose labels are all \
        in scenes, more than one, draws those scenes so (--out a folder): a scene's frames are \
        its own, and labels of several scenes on one screen would lie on each other.
        """,
    arguments: [ArgumentSpec(name: "name-or-glob", help: "A label's name, or a glob of names (not with --scene).", optional: true)],
    options: [RenderOptions.out, RenderOptions.scale, RenderOptions.locale, RenderOptions.variant, CommonOptions.category,
              CommonOptions.device, RenderOptions.sheet, RenderOptions.columns, RenderOptions.debug, RenderOptions.scene,
              RenderOptions.compare, RenderOptions.appearance],
    run: runRender)

/// The options of `render`.
enum RenderOptions {
    static let out = Option<String>("out", "FILE.png", help: "Where to write the PNG (- for standard output).", required: true)
    static let scale = Option.scale(help: "Pixels per point, e.g. 1, 2 or 3 (default: the labels' own scale, 3 unless set).")
    static let locale = Option.locale(help: "Draw this locale's texts (labels without one show their base text on a screen).")
    static let variant = Option<String>("variant", "VARIANT", help: "Draw this variant of the texts (plural.one, device.ipad, …).")
    static let sheet = Flag("sheet", help: "A contact sheet: the labels in a grid, captioned.")
    /// `--columns N`: a whole number of at least 1.
    static let columns = Option("columns", "N", help: "Columns of a contact sheet (default: as many as make it about square).") { text, commandPath in
        guard let number = Int(text), number > 0 else {
            throw UsageError(message: "The value '\(text)' of '--columns' must be a whole number of at least 1.", commandPath: commandPath)
        }
        return number
    }
    static let debug = Flag("debug", help: "Outline bounds, inset box, text rect and baselines.")
    static let scene = Option<String>("scene", "FILE/SCENE", help: "Draw this scene (or a glob of scenes) of the catalog, e.g. 'Main.storyboard/vc1'.")
    static let compare = Option<String>("compare", "LOCALE", help: "With --scene: the base texts (or --locale's) on the left, this locale's on the right.")
    /// `--appearance light|dark`.
    static let appearance = Option("appearance", "light|dark", help: "With --scene: resolve system colours for this appearance (default: light).") { text, commandPath in
        guard let appearance = Appearance(rawValue: text.lowercased()) else {
            throw UsageError(message: "The value '\(text)' of '--appearance' must be light or dark.", commandPath: commandPath)
        }
        return appearance
    }
}

func runRender(_ arguments: ParsedArguments) throws -> Int32 {
    guard let out = try arguments[RenderOptions.out], !out.isEmpty else {
        throw UsageError(message: "Missing expected option '--out <FILE.png>'.", commandPath: arguments.path)
    }
    if let scene = try arguments[RenderOptions.scene] {
        guard arguments.positionals.isEmpty else {
            throw UsageError(message: "Give a label's name or --scene, not both.", commandPath: arguments.path)
        }
        return try runSceneRender(arguments, scenes: scene, out: out)
    }
    if arguments.isGiven(RenderOptions.compare) || arguments.isGiven(RenderOptions.appearance) {
        throw UsageError(message: "'--compare' and '--appearance' go with '--scene'.", commandPath: arguments.path)
    }
    guard !arguments.positionals.isEmpty else {
        throw UsageError(message: "Missing expected argument '<name-or-glob>' (or '--scene FILE/SCENE').", commandPath: arguments.path)
    }
    let scale = try arguments[RenderOptions.scale]
    let columns = try arguments[RenderOptions.columns]
    let sheet = arguments[RenderOptions.sheet]
    let category = try arguments[CommonOptions.category]
    let variant = try arguments[RenderOptions.variant] ?? ""
    let pattern = arguments.positionals[0]
    let locale = try arguments[RenderOptions.locale]
    let device = try arguments[CommonOptions.device]
    let isGlob = pattern.contains { "*?[".contains($0) }

    let catalog = try openCatalog(arguments)
    let records = isGlob ? try catalog.labels(matching: pattern) : [try catalog.label(named: pattern)]
    guard !records.isEmpty else { throw CommandError("no labels match '\(pattern)'") }
    if isGlob, !sheet, !arguments[RenderOptions.debug] {
        // Frames of a scene's labels are in that scene: labels of several scenes on one screen
        // would lie on each other, so each scene is drawn whole, its labels in it.
        let links = try catalog.sceneLinks()
        let scenes = Set(records.compactMap { links[$0.name].map { [$0.file, $0.scene] } })
        if scenes.count > 1, records.allSatisfy({ links[$0.name] != nil }) {
            return try renderScenes(scenes.sorted { $0.lexicographicallyPrecedes($1) }.map { (file: $0[0], scene: $0[1]) }, arguments,
                                    catalog: catalog, out: out, matched: "the labels matching '\(pattern)' are in \(scenes.count) scenes")
        }
    }
    let tokens = try catalog.tokenSet()

    var cells: [SheetCell] = []
    // A glob draws every label it can; a label that cannot be laid out is marked where it
    // would be, named on standard error, and the command exits 1 after writing the picture.
    var failures: [(label: String, error: String)] = []
    let renderer = try Renderer(engine: catalog.engine)
    for record in records {
        // A text of the label in a locale: its plain text, or with --variant that variant.
        func hasText(_ locale: String) -> Bool {
            variant.isEmpty ? locale.isEmpty || record.texts[locale] != nil
                : record.variantTexts[TextKey(locale: locale, variant: variant)] != nil
        }
        var locales: [String]
        if let locale {
            // A screen shows every label; one without this locale shows its base text, as an app would.
            locales = hasText(locale) || !isGlob ? [locale] : (sheet || !variant.isEmpty ? [] : [""])
        } else {
            locales = sheet ? [""] + record.locales : [""]
            if isGlob, !variant.isEmpty { locales = locales.filter(hasText) }
        }
        for labelLocale in locales {
            let qualifiers = [labelLocale, variant].filter { !$0.isEmpty }
            let caption = qualifiers.isEmpty ? record.name : "\(record.name) [\(qualifiers.joined(separator: ", "))]"
            let picture: LabelPicture
            do {
                picture = try storedPicture(record, locale: labelLocale, variant: variant, category: category,
                                            device: device, catalog: catalog, tokens: tokens)
            } catch let error as CatalogError where isGlob {
                failures.append((caption, error.description))
                picture = try renderer.failurePicture(name: record.name, frame: record.isSelfSizing
                    ? Rect(x: record.frame.x, y: record.frame.y, width: record.frame.width, height: 0) : record.frame)
            }
            cells.append(SheetCell(picture: picture, caption: caption))
        }
    }
    guard !cells.isEmpty else {
        throw CommandError("no labels matching '\(pattern)' have a text for locale '\(locale ?? "")'\(variant.isEmpty ? "" : " and variant '\(variant)'")")
    }

    let pictureScale = scale ?? Double(cells.map(\.picture.definition.scale).max() ?? 3)
    let debug = arguments[RenderOptions.debug]
    let canvas = try drawing(hint: "choose a smaller --scale or fewer labels") {
        if sheet { return try renderer.renderSheet(cells, scale: pictureScale, debug: debug, columns: columns) }
        if isGlob { return try renderer.renderScreen(cells.map(\.picture), scale: pictureScale, debug: debug) }
        return try renderer.renderLabel(cells[0].picture, scale: pictureScale, debug: debug)
    }
    try canvas.writePNG(to: out)
    if out != "-" {
        let what = cells.count == 1 ? "1 label" : "\(cells.count) \(sheet ? "cells" : "labels")"
        let marked = failures.isEmpty ? "" : "; \(failures.count) cannot be laid out, marked"
        writeOutput("Wrote \(printable(out)) (\(canvas.width) × \(canvas.height) px at \(formatted(pictureScale))×, \(what)\(marked)).")
    }
    guard failures.isEmpty else {
        OutputStream.standardOutput.flush()
        for failure in failures { OutputStream.standardError.write("Error: \(printable("\(failure.error)"))\n") }
        OutputStream.standardError.flush()
        return 1
    }
    return 0
}

/// Draws a picture; one too large to make is an error that says which options make it smaller
/// (`hint`), one smaller than a pixel says to choose a larger --scale.
func drawing(hint: String, _ draw: () throws -> Canvas) throws -> Canvas {
    do {
        return try draw()
    } catch let error as RenderError {
        switch error.kind {
        case .tooLarge: throw CommandError("\(error); \(hint)")
        case .tooSmall: throw CommandError("\(error); choose a larger --scale")
        case .other: throw error
        }
    }
}

extension Option where Value == Double {
    /// A `--scale S` option of the commands that draw: a positive number of pixels per point,
    /// at most 8.
    static func scale(help: String) -> Option {
        Option("scale", "S", help: help) { text, commandPath in
            guard let scale = parseDecimal(text), scale > 0, scale <= 8 else {
                throw UsageError(message: "The value '\(text)' of '--scale' must be a decimal number of pixels per point above 0 and at most 8 (e.g. 1, 2 or 3).",
                                 commandPath: commandPath)
            }
            return scale
        }
    }
}

/// A label's picture from its stored layout for a locale, variant and content size category
/// (nil: the first the catalog keeps): `Catalog.layout` brings a stale layout up to date
/// first, and the glyphs are placed by the same engine from the same resolved definition,
/// checked against the stored layout's input hash.
func storedPicture(_ record: LabelRecord, locale: String, variant: String = "", category: ContentSizeCategory? = nil,
                   device: String? = nil, catalog: Catalog, tokens: TokenSet) throws -> LabelPicture {
    let stored = try catalog.layout(label: record.name, locale: locale, variant: variant, category: category, device: device)
    let own = try record.resolve(tokens: tokens).definition
    let category = category ?? catalog.contentSizeCategories[0]
    // A label of a scene is drawn in the frame Auto Layout gave it on the device.
    let definition = stored.placed(own)
    let layout = try catalog.engine.layout(definition, locale: locale, variant: variant, category: category)
    guard try catalog.engine.inputHash(own, locale: locale, variant: variant, category: category) == stored.inputHash else {
        throw CommandError("the label '\(record.name)'\(locale.isEmpty ? "" : " (\(locale))") changed while it was being drawn; run the command again")
    }
    return LabelPicture(definition: definition, layout: layout)
}

/// `render --scene`: one picture per scene matching `pattern`, written to `out` (a folder when
/// the pattern matches more than one scene).
func runSceneRender(_ arguments: ParsedArguments, scenes pattern: String, out: String) throws -> Int32 {
    if arguments[RenderOptions.sheet] || arguments.isGiven(RenderOptions.columns) || arguments[RenderOptions.debug] {
        throw UsageError(message: "'--sheet', '--columns' and '--debug' do not go with '--scene'.", commandPath: arguments.path)
    }
    let catalog = try openCatalog(arguments)
    let scenes = try catalog.scenes(matching: pattern)
    guard !scenes.isEmpty else { throw CommandError("no scenes match '\(pattern)'") }
    return try renderScenes(scenes, arguments, catalog: catalog, out: out, matched: "'\(pattern)' matches \(scenes.count) scenes")
}

/// Draws each scene to `out` (a folder for more than one, named in errors by `matched`).
func renderScenes(_ scenes: [(file: String, scene: String)], _ arguments: ParsedArguments, catalog: Catalog, out: String,
                  matched: String) throws -> Int32 {
    let locale = try arguments[RenderOptions.locale] ?? ""
    let variant = try arguments[RenderOptions.variant] ?? ""
    let category = try arguments[CommonOptions.category]
    let device = try arguments[CommonOptions.device]
    let compare = try arguments[RenderOptions.compare]
    let appearance = try arguments[RenderOptions.appearance] ?? .light
    let isFolder = scenes.count > 1
    if isFolder, out == "-" { throw CommandError("\(matched): give a folder to --out, not standard output") }
    if isFolder { try makeFolder(out, mode: 0o777, because: "several scenes are written into a folder") }
    let renderer = try Renderer(engine: catalog.engine)
    for scene in scenes {
        let layout = try catalog.sceneLayout(file: scene.file, scene: scene.scene, locale: locale,
                                             variant: variant, category: category, device: device)
        var layouts = [layout]
        var captions = [sceneCaption(layout)]
        if let compare {
            let other = try catalog.sceneLayout(file: scene.file, scene: scene.scene, locale: compare, variant: variant,
                                                category: category, device: device)
            layouts.append(other)
            captions.append(sceneCaption(other))
        }
        let scale = try arguments[RenderOptions.scale] ?? Double(layout.deviceScale ?? 3)
        let canvas = try drawing(hint: "choose a smaller --scale") {
            try renderer.renderScenes(layouts, captions: captions, scale: scale, appearance: appearance)
        }
        // A scene's picture in the folder: FILE_SCENE.png, any '/' of the file's path made '_'.
        let file = isFolder ? "\(out)/" + String("\(scene.file)_\(scene.scene).png".map { $0 == "/" ? "_" : $0 }) : out
        try canvas.writePNG(to: file)
        if out != "-" {
            let findings = layouts.flatMap(\.labels).filter { !$0.isHidden && !$0.findings.isEmpty }.count
            writeOutput("Wrote \(printable(file)) (\(canvas.width) × \(canvas.height) px at \(formatted(scale))×, \(printable(layout.name)), \(layout.labels.count) label\(layout.labels.count == 1 ? "" : "s"), \(findings) with findings).")
        }
    }
    return 0
}

/// What a scene's half of a picture is captioned: its locale (or "base"), device and, when it
/// was not solved, that it shows saved frames.
private func sceneCaption(_ layout: SceneLayout) -> String {
    var parts = [layout.locale.isEmpty ? "base" : layout.locale]
    if !layout.variant.isEmpty { parts.append(layout.variant) }
    if !layout.device.isEmpty { parts.append(layout.device) }
    if layout.unsolvedReason != nil { parts.append("saved frames") }
    return parts.joined(separator: " · ")
}

