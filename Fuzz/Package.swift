// swift-tools-version:6.0
import PackageDescription

// labelcat's fuzz targets, kept out of the main package: `make fuzz` builds them with
// libFuzzer and AddressSanitizer (-sanitize=fuzzer,address), which a normal build must not get.
let package = Package(
    name: "labelcat-fuzz",
    dependencies: [.package(name: "labelcat", path: "..")],
    targets: [
        .systemLibrary(name: "CLibFuzzer"),
        // SQLite for the harness's own connections to a catalog file.
        .systemLibrary(name: "CFuzzSQLite", pkgConfig: "sqlite3"),
        .executableTarget(name: "labelcat-fuzz", dependencies: [
            "CLibFuzzer",
            "CFuzzSQLite",
            .product(name: "LabelCatalog", package: "labelcat"),
            .product(name: "LabelModel", package: "labelcat"),
            .product(name: "LabelLayout", package: "labelcat"),
            .product(name: "LabelJSON", package: "labelcat"),
            .product(name: "LabelImport", package: "labelcat"),
            .product(name: "LabelSync", package: "labelcat"),
            .product(name: "LabelReport", package: "labelcat"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
