import Foundation
import PackagePlugin

/// Compiles the numbered `.sql` files of `migrations/` into the target as Swift string
/// literals, so the binary carries its schema and works when copied alone, with the schema
/// objects they make (what opening a catalog compares its schema with). The `.sql` files stay
/// the single source of truth.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let directory = context.package.directoryURL.appending(path: "migrations")
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [.buildCommand(
            displayName: "Embedding \(files.count) migrations",
            executable: try context.tool(named: "embed-migrations").url,
            arguments: [output.path] + files.map(\.path),
            inputFiles: files,
            outputFiles: [output])]
    }
}
