// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "labelcat",
    products: [
        .library(name: "LabelJSON", targets: ["LabelJSON"]),
        .library(name: "LabelModel", targets: ["LabelModel"]),
        .library(name: "LabelLayout", targets: ["LabelLayout"]),
        .library(name: "LabelCatalog", targets: ["LabelCatalog"]),
        .library(name: "LabelImport", targets: ["LabelImport"]),
        .library(name: "LabelSync", targets: ["LabelSync"]),
        .library(name: "AutoLayout", targets: ["AutoLayout"]),
        .library(name: "LabelYAML", targets: ["LabelYAML"]),
        .library(name: "LabelProject", targets: ["LabelProject"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "LabelReport", targets: ["LabelReport"]),
        .executable(name: "labelcat", targets: ["labelcat"]),
    ],
    targets: [
        // Thin C shims over the system libraries.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1",
                       providers: [.apt(["libyaml-dev"])]),
        // cairo with its FreeType font backend, and FreeType (cairo-ft.pc requires cairo and freetype2).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo-ft",
                       providers: [.apt(["libcairo2-dev", "libfreetype-dev"])]),
        // PNG encoding with libpng and zlib (its settings chosen for speed: docs/benchmarks.md).
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        // syncfs(2) and a folder's fsync(2): a report synced once (docs/ci.md).
        .target(name: "CFileSync"),

        // Compiles migrations/*.sql into LabelCatalog, so the binary carries its schema, and the
        // schema objects they make (applied with SQLite at build time).
        .executableTarget(name: "embed-migrations", dependencies: ["CSQLite"]),
        .plugin(name: "EmbedMigrations", capability: .buildTool(), dependencies: ["embed-migrations"]),

        // Swift layers.
        .target(name: "LabelJSON"),
        // The model: label definitions and their JSON (one table of fields), geometry, Dynamic
        // Type, format arguments, pseudolanguages, computed layouts and findings. No C library,
        // no I/O. Auto Layout's devices and priorities are values of its fields.
        .target(name: "LabelModel", dependencies: ["LabelJSON", "AutoLayout"]),
        // The engine: text layout on real font files (HarfBuzz, fontconfig, ICU).
        .target(name: "LabelLayout", dependencies: ["CHarfBuzz", "CFontconfig", "CICU", "LabelJSON", "LabelModel"]),
        .target(name: "LabelCatalog", dependencies: ["CSQLite", "LabelModel", "LabelLayout", "LabelJSON", "AutoLayout"],
                plugins: ["EmbedMigrations"]),
        // Pictures: labels alone, on screens and sheets, and the catalog's scenes with their views.
        .target(name: "LabelRender", dependencies: ["CCairo", "CPNG", "LabelModel", "LabelLayout", "LabelCatalog", "AutoLayout"]),
        // What a check found, in the forms CI systems and people read: JSON, GitHub Actions
        // annotations, JUnit XML, SARIF, and the HTML report with its pictures.
        .target(name: "LabelReport", dependencies: ["LabelCatalog", "LabelRender", "LabelModel", "LabelLayout", "LabelJSON", "CFileSync",
                                                    "AutoLayout"]),
        // Interface Builder's view trees as scenes (views, constraints, guides, stack views,
        // cells), the devices they are laid out on, and solving them for their texts.
        .target(name: "AutoLayout", dependencies: ["LabelJSON", "Cassowary"]),
        // Readers of Xcode's files (strings tables, String Catalogs, XLIFF, Interface Builder).
        .target(name: "LabelImport", dependencies: ["CLibXML2", "LabelJSON", "LabelModel", "LabelLayout", "AutoLayout"]),
        // Importing into a catalog: what the readers of Xcode's files read, stored as labels and
        // texts, and a project's catalog brought up to date with its labelcat.yml.
        .target(name: "LabelSync", dependencies: ["LabelCatalog", "LabelImport", "LabelModel", "LabelJSON", "LabelLayout", "LabelProject",
                                                  "LabelYAML", "AutoLayout"]),
        // YAML read with libyaml into a node tree with lines and columns.
        .target(name: "LabelYAML", dependencies: ["CYAML"]),
        // The project file, labelcat.yml: read and checked into a typed configuration, found by
        // walking up from a folder, and written to start from an Xcode project.
        .target(name: "LabelProject", dependencies: ["LabelYAML", "LabelJSON", "LabelModel", "LabelLayout", "LabelImport", "AutoLayout"]),
        // The Cassowary constraint solver Auto Layout is solved with (docs/autolayout.md).
        .target(name: "Cassowary"),
        .executableTarget(name: "labelcat", dependencies: ["LabelCatalog", "LabelModel", "LabelLayout", "LabelJSON", "LabelRender",
                                                          "LabelReport", "LabelImport", "LabelSync", "LabelProject"]),
        .executableTarget(name: "labelcat-bench", dependencies: ["LabelModel", "LabelLayout", "LabelJSON"],
                          path: "Benchmarks/LayoutBench"),
        .executableTarget(name: "labelcat-solver-bench", dependencies: ["Cassowary", "AutoLayout", "LabelImport", "LabelModel", "LabelLayout", "LabelJSON"],
                          path: "Benchmarks/SolverBench"),
        .executableTarget(name: "labelcat-import-bench", dependencies: ["LabelImport"],
                          path: "Benchmarks/ImportBench"),

        // What the test targets share: temporary directories, running programs.
        .target(name: "TestSupport", path: "Tests/Support"),
        .testTarget(name: "LabelJSONTests", dependencies: ["LabelJSON"]),
        .testTarget(name: "LabelModelTests", dependencies: ["LabelModel", "LabelJSON"]),
        .testTarget(name: "LabelLayoutTests", dependencies: ["LabelLayout", "LabelModel", "LabelJSON", "CHarfBuzz"], exclude: ["Fixtures"]),
        // The catalog's tests, and importing into a catalog (LabelSync), which shares their helpers.
        .testTarget(name: "LabelCatalogTests", dependencies: ["LabelCatalog", "LabelSync", "LabelModel", "LabelLayout", "LabelJSON",
                                                             "LabelImport", "TestSupport"]),
        // The CLI, run as a process; `OptionDeclarationTests` also walks its command table in process.
        .testTarget(name: "labelcatTests", dependencies: ["labelcat", "LabelJSON", "LabelModel", "TestSupport"]),
        .testTarget(name: "LabelRenderTests", dependencies: ["LabelRender", "LabelModel", "LabelLayout", "CPNG", "LabelCatalog", "LabelSync",
                                                            "AutoLayout", "TestSupport"]),
        .testTarget(name: "LabelReportTests", dependencies: ["LabelReport", "LabelCatalog", "LabelModel", "LabelJSON", "TestSupport"]),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary", "TestSupport"]),
        .testTarget(name: "AutoLayoutTests", dependencies: ["AutoLayout", "LabelJSON"]),
        .testTarget(name: "LabelImportTests", dependencies: ["LabelImport", "LabelJSON", "LabelModel", "AutoLayout", "TestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "LabelYAMLTests", dependencies: ["LabelYAML", "TestSupport"]),
        .testTarget(name: "LabelProjectTests", dependencies: ["LabelProject", "LabelYAML", "LabelJSON", "LabelModel", "LabelLayout",
                                                             "LabelImport", "AutoLayout", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
