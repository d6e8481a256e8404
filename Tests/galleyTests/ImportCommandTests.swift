import Foundation
import TestThreads
import Testing

@Suite(.onBlockingPool) struct ImportCommandTests {
    /// A Jekyll site in a scratch folder: settings, a post, a layout and a plugin list.
    func jekyllSite() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try folder.write("old/_config.yml", "title: Old Blog\nurl: https://old.example.com\ntimezone: Europe/Paris\ntheme: minima\n")
        try folder.write("old/_posts/2019-10-08-hello.md", "---\ntitle: Hello\n---\nHi.\n")
        try folder.write("old/_layouts/post.html", "{{ content }}")
        try folder.write("old/about.md", "---\ntitle: About\n---\nMe.\n")
        return folder
    }

    @Test func importsPrintsTheReportAndTheBlogBuilds() throws {
        let folder = try jekyllSite()
        let result = try GalleyProcess.run(["import", "old", "new"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Imported a Jekyll site into new: 1 post, 1 page, 0 other files.")
        #expect(lines.contains("Not carried over:"))
        #expect(lines.contains("  _config.yml: theme: a gem theme: Galley renders with its own theme (add layouts/ to change it)"))
        #expect(lines.contains { $0.hasPrefix("  _layouts/: Liquid layouts") })
        #expect(lines.last == "Build it with: galley build new")
        #expect(folder.read("new/posts/2019-10-08-hello.md") == "---\ntitle: Hello\n---\nHi.\n")
        #expect(folder.read("new/galley.yml")?.contains("permalink_dates: site") == true)

        let build = try GalleyProcess.run(["build", "new", "--no-cache"], in: folder.url)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(folder.read("new/_site/2019/10/08/hello.html")?.contains("Hi.") == true)
        #expect(folder.read("new/_site/about/index.html")?.contains("Me.") == true)
    }

    @Test func aNonEmptyDestinationIsRefusedWithNothingWritten() throws {
        let folder = try jekyllSite()
        try folder.write("new/keep.txt", "mine")
        let result = try GalleyProcess.run(["import", "old", "new"], in: folder.url)
        #expect(result.status == 4)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: new: is not empty: galley import writes only into a new or empty folder, so nothing of yours is overwritten\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "new").path) == ["keep.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["new", "old"])
    }

    @Test func aMissingSiteOrAWrongGeneratorIsAClearError() throws {
        let folder = try jekyllSite()
        let missing = try GalleyProcess.run(["import", "nowhere", "new"], in: folder.url)
        #expect(missing.status == 3)
        #expect(missing.stderr.hasPrefix("error: nowhere: "))
        let forced = try GalleyProcess.run(["import", "old", "new", "--from", "hugo"], in: folder.url)
        #expect(forced.status == 3)
        #expect(forced.stderr.contains("no Hugo settings (hugo.toml, config.toml"))
        let unknown = try GalleyProcess.run(["import", "old", "new", "--from", "wordpress"], in: folder.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("wordpress"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "new").path))
    }
}
