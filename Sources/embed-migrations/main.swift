// Writes a Swift file holding the given migration files as string literals:
//   embed-migrations OUTPUT.swift migrations/001_initial.sql …
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: embed-migrations OUTPUT.swift FILE.sql…\n".utf8))
    exit(64)
}
var source = "// Generated from migrations/*.sql by the EmbedMigrations plugin. Do not edit.\n\n"
source += "let embeddedMigrations: [(name: String, sql: String)] = [\n"
for path in arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    let sql = try String(contentsOf: url, encoding: .utf8)
    var delimiter = "#"
    while sql.contains("\"\(delimiter)") { delimiter += "#" }
    source += "    (\"\(url.lastPathComponent)\", \(delimiter)\"\"\"\n\(sql)\n\"\"\"\(delimiter)),\n"
}
source += "]\n"
try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
