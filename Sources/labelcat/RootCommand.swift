#if canImport(Glibc)
import Glibc
#endif

/// The labelcat version, printed by `labelcat --version`.
let labelcatVersion = "0.1.0"

let rootCommand = Command(
    name: "labelcat",
    abstract: "A SQLite-backed catalog of iOS text-label layouts.",
    discussion: """
        Computes where a UILabel's text goes (wrapping, lines, truncation, vertical alignment, insets) on real fonts.
        Options that take numbers take decimal numbers (12, -0.5, .5, 1e3); hexadecimal (0x10), \
        inf and nan are usage errors.
        """,
    subcommands: [initCommand, tokenCommand, labelCommand, importCommand, settingsCommand, layoutCommand, checkCommand, fitCommand, limitsCommand, reportCommand,
                  recomputeCommand, serveCommand, measureCommand, renderCommand, demoCommand])

func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
