// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "labelcat",
    products: [
        .library(name: "LabelLayout", targets: ["LabelLayout"]),
        .library(name: "LabelCatalog", targets: ["LabelCatalog"]),
        .executable(name: "labelcat", targets: ["labelcat"]),
    ],
    targets: [
        // Thin C shims over the system libraries.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),

        // Compiles migrations/*.sql into LabelCatalog, so the binary carries its schema.
        .executableTarget(name: "embed-migrations"),
        .plugin(name: "EmbedMigrations", capability: .buildTool(), dependencies: ["embed-migrations"]),

        // Swift layers.
        .target(name: "LabelJSON"),
        .target(name: "LabelLayout", dependencies: ["CHarfBuzz", "CFontconfig", "CICU", "LabelJSON"]),
        .target(name: "LabelCatalog", dependencies: ["CSQLite", "LabelLayout", "LabelJSON"],
                plugins: ["EmbedMigrations"]),
        .executableTarget(name: "labelcat", dependencies: ["LabelCatalog", "LabelLayout", "LabelJSON"]),
        .executableTarget(name: "labelcat-bench", dependencies: ["LabelLayout", "LabelJSON"],
                          path: "Benchmarks/LayoutBench"),

        .testTarget(name: "LabelJSONTests", dependencies: ["LabelJSON"]),
        .testTarget(name: "LabelLayoutTests", dependencies: ["LabelLayout", "LabelJSON"]),
        .testTarget(name: "LabelCatalogTests", dependencies: ["LabelCatalog", "LabelLayout", "LabelJSON"]),
        .testTarget(name: "labelcatTests", dependencies: ["LabelJSON"]),
    ],
    swiftLanguageModes: [.v6]
)
