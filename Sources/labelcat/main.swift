#if canImport(Glibc)
import Glibc
#endif
import LabelLayout

func main() -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())
    do {
        switch try parse(arguments, root: rootCommand) {
        case .version:
            print("labelcat \(labelcatVersion) (\(LayoutEngine.version))")
            return 0
        case .reference:
            print(referenceText(rootCommand), terminator: "")
            return 0
        case .help(let command, let path):
            print(helpText(command, path: path), terminator: "")
            return 0
        case .run(let command, let parsed):
            return try command.run!(parsed)
        }
    } catch let error as UsageError {
        var command = rootCommand
        for name in error.commandPath.dropFirst() {
            command = command.subcommands.first { $0.name == name } ?? command
        }
        OutputStream.standardError.write("Error: \(error.message)\nUsage: \(usageLine(command, path: error.commandPath))\n  See '\(error.commandPath.joined(separator: " ")) --help' for more information.\n")
        OutputStream.standardError.flush()
        return 64
    } catch {
        OutputStream.standardOutput.flush()
        OutputStream.standardError.write("Error: \(error)\n")
        OutputStream.standardError.flush()
        return 1
    }
}

exit(main())
