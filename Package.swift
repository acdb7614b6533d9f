// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "labelcat",
    products: [
        .library(name: "LabelLayout", targets: ["LabelLayout"]),
        .executable(name: "labelcat", targets: ["labelcat"]),
    ],
    targets: [
        // Thin C shims over the system libraries.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),

        // Swift layers.
        .target(name: "LabelJSON"),
        .target(name: "LabelLayout", dependencies: ["CHarfBuzz", "CFontconfig", "CICU", "LabelJSON"]),
        .executableTarget(name: "labelcat", dependencies: ["LabelLayout", "LabelJSON"]),
        .executableTarget(name: "labelcat-bench", dependencies: ["LabelLayout", "LabelJSON"],
                          path: "Benchmarks/LayoutBench"),

        .testTarget(name: "LabelJSONTests", dependencies: ["LabelJSON"]),
        .testTarget(name: "LabelLayoutTests", dependencies: ["LabelLayout", "LabelJSON"]),
        .testTarget(name: "labelcatTests", dependencies: ["LabelJSON"]),
    ],
    swiftLanguageModes: [.v6]
)
