/// One fuzz target: a kind of input labelcat reads, and how one input is run and checked.
/// Its seed corpus is `Fuzz/corpus/NAME/`.
struct FuzzTarget: Sendable {
    /// The name `make fuzz FUZZ_TARGETS=…` and `LABELCAT_FUZZ_TARGET` use.
    let name: String
    /// The longest input in bytes (libFuzzer's -max_len).
    let maxLength: Int
    /// The dictionaries (`Fuzz/dictionaries/NAME.dict`) whose tokens mutations insert.
    let dictionaries: [String]
    /// Sets the target up once per process (fonts, a catalog in `scratch`) and returns what
    /// runs one input. A crash or a hang is libFuzzer's to see; anything else wrong is
    /// reported as a `Finding`.
    let prepare: @Sendable (_ scratch: ScratchDirectory) throws -> ([UInt8]) -> Void
}

extension FuzzTarget {
    /// The longest input of most targets: long enough for every construct of the formats,
    /// short enough that a million inputs take minutes (the slow paths of issue 16 are fixed,
    /// so longer inputs find nothing new, only cost time).
    static let defaultMaxLength = 4096

    /// Every target, in the order `make fuzz` runs them. A reader of a new format is one
    /// more `catalogImport` (or a target of its own when it does not write the catalog).
    static let all: [FuzzTarget] = [
        .measure,
        .layout,
        .catalogImport(name: "tokens", dictionaries: ["json", "dtcg"], ImportTargets.designTokens),
        .catalogImport(name: "labels", dictionaries: ["json", "label"], ImportTargets.labels),
        .catalogImport(name: "strings", dictionaries: ["strings"], ImportTargets.stringsFile),
        .catalogImport(name: "xcstrings", maxLength: 16384, dictionaries: ["json", "xcstrings"], ImportTargets.xcodeFile(named: "Localizable.xcstrings")),
        .catalogImport(name: "stringsdict", maxLength: 16384, dictionaries: ["xml"], ImportTargets.xcodeFile(named: "de.lproj/Localizable.stringsdict")),
        .catalogImport(name: "xliff", maxLength: 16384, dictionaries: ["xml"], ImportTargets.xcodeFile(named: "de.xliff")),
        .catalogImport(name: "storyboard", maxLength: 16384, dictionaries: ["xml"], ImportTargets.xcodeFile(named: "Base.lproj/Main.storyboard")),
        .entities,
        .outputs,
    ]

    /// A target that imports each input into one catalog: a refused input must leave it as it
    /// was; an accepted one must store what it said, and leave the catalog sound.
    static func catalogImport(name: String, maxLength: Int = FuzzTarget.defaultMaxLength, dictionaries: [String],
                              _ importer: @escaping CatalogImporter) -> FuzzTarget {
        FuzzTarget(name: name, maxLength: maxLength, dictionaries: dictionaries) { scratch in
            let harness = try CatalogHarness(scratch: scratch)
            return { input in harness.run(input, importer) }
        }
    }
}
