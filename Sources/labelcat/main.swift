#if canImport(Glibc)
import Glibc
#endif
import LabelJSON
import LabelLayout
import LabelProject

/// The index of the first argument that is not valid UTF-8 (Swift would repair it into
/// U+FFFD silently), or nil.
func firstInvalidArgument() -> Int? {
    for index in 1..<Int(CommandLine.argc) {
        guard let pointer = CommandLine.unsafeArgv[index] else { continue }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
        if String(validating: bytes, as: UTF8.self) == nil { return index }
    }
    return nil
}

func main() -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let bad = firstInvalidArgument() {
        let option = bad > 1 && arguments[bad - 2].hasPrefix("--") ? "the value of '\(arguments[bad - 2])'" : "argument \(bad)"
        OutputStream.standardError.write("Error: \(printable(option)) is not valid UTF-8\n")
        OutputStream.standardError.flush()
        return 1
    }
    do {
        switch try parse(arguments, root: rootCommand) {
        case .version:
            writeOutput("labelcat \(labelcatVersion) (\(LayoutEngine.version))")
            return 0
        case .reference:
            writeOutput(referenceText(rootCommand), terminator: "")
            return 0
        case .help(let command, let path):
            writeOutput(helpText(command, path: path), terminator: "")
            return 0
        case .run(let command, let parsed):
            return try command.run!(parsed)
        }
    } catch let error as UsageError {
        var command = rootCommand
        for name in error.commandPath.dropFirst() {
            command = command.subcommands.first { $0.name == name } ?? command
        }
        OutputStream.standardError.write("Error: \(printable(error.message))\nUsage: \(usageLine(command, path: error.commandPath))\n  See '\(error.commandPath.joined(separator: " ")) --help' for more information.\n")
        OutputStream.standardError.flush()
        return 64
    } catch let error as ProjectError {
        // A project file that cannot be used is a usage error: it names the file, line and key.
        OutputStream.standardOutput.flush()
        OutputStream.standardError.write("Error: \(error)\n")
        OutputStream.standardError.flush()
        return 64
    } catch {
        OutputStream.standardOutput.flush()
        OutputStream.standardError.write("Error: \(printable(message(for: error)))\n")
        OutputStream.standardError.flush()
        return 1
    }
}

let status = main()
OutputStream.standardOutput.flush()
exit(status)
