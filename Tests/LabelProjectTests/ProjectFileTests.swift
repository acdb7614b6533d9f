import Foundation
import LabelProject
import Testing
import TestSupport

@Suite struct ProjectFileTests {
    @Test("The nearest labelcat.yml at or above a folder, as git finds .git")
    func walksUp() throws {
        let directory = try TemporaryDirectory()
        let root = URL(fileURLWithPath: directory.root.path).resolvingSymlinksInPath().path
        _ = directory.url("App/Views/Cells", directory: true)
        #expect(ProjectFile.find(from: directory.path("App/Views/Cells")) == nil
            || ProjectFile.find(from: directory.path("App/Views/Cells"))?.hasPrefix(root) == false)

        try directory.write("labelcat.yml", "sources: [App/]\n")
        #expect(ProjectFile.find(from: directory.path("App/Views/Cells")) == root + "/labelcat.yml")
        #expect(ProjectFile.find(from: root) == root + "/labelcat.yml")

        // A nearer one wins; a folder named labelcat.yml does not count.
        try directory.write("App/labelcat.yml", "")
        _ = directory.url("App/Views/labelcat.yml", directory: true)
        #expect(ProjectFile.find(from: directory.path("App/Views/Cells")) == root + "/App/labelcat.yml")

        // Relative folders and symbolic links are resolved first.
        let link = directory.path("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory.path("App/Views"))
        #expect(ProjectFile.find(from: link) == root + "/App/labelcat.yml")
        #expect(ProjectFile.find(from: directory.path("missing")) == nil)
    }
}
