import Foundation
import SiteSource
import SiteTestSupport
import Testing

@testable import SiteCompiler

@Suite struct OutputWriterTests {
    func inode(_ url: URL) -> (ino_t, Int)? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return (info.st_ino, info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec)
    }

    @Test func unchangedFilesKeepTheirBytesAndTimes() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-one.md": TestBlog.post("title: One"),
            "posts/2019-10-09-two.md": TestBlog.post("title: Two"),
            "static/photo.jpg": "photo",
        ])
        let first = try blog.build()
        #expect(first.unchanged == 0)
        let one = blog.output.appending(path: "2019/10/08/one/index.html")
        let photo = blog.output.appending(path: "photo.jpg")
        let before = (try #require(inode(one)), try #require(inode(photo)))
        Thread.sleep(forTimeInterval: 0.02)

        let again = try blog.build()
        #expect(again.written == 0)
        #expect(again.unchanged == first.written)
        #expect(inode(one)! == before.0)
        #expect(inode(photo)! == before.1)

        try blog.write("posts/2019-10-09-two.md", TestBlog.post("title: Two, edited"))
        let edited = try blog.build()
        #expect(edited.written > 0)
        #expect(inode(photo)! == before.1)
        #expect(blog.page("2019/10/09/two/index.html")?.contains("Two, edited") == true)
    }

    @Test func filesThatNoLongerExistAreRemoved() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-one.md": TestBlog.post("title: One"),
            "static/old.txt": "old",
        ])
        try blog.build()
        try blog.remove("static/old.txt")
        try blog.remove("posts/2019-10-08-one.md")
        try blog.build()
        #expect(blog.page("old.txt") == nil)
        #expect(blog.page("2019/10/08/one/index.html") == nil)
        #expect(!FileManager.default.fileExists(atPath: blog.output.appending(path: "2019").path))
    }

    /// A build into a new folder shares another build's files where its own bytes are the same
    /// (a new preview, production's build): one file under both names, and the same output as a
    /// build that shares nothing. Into a folder it built before, it shares nothing more.
    @Test func aBuildIntoANewFolderSharesAnotherBuildsSameFiles() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-one.md": TestBlog.post("title: One"),
            "posts/2019-10-09-two.md": TestBlog.post("title: Two"),
            "posts/2019-10-10-three.md": TestBlog.post("title: Three", "The first words."),
            "static/photo.jpg": "photo",
        ])
        try blog.build()
        try blog.write("posts/2019-10-10-three.md", TestBlog.post("title: Three", "Words from a branch."))
        let preview = blog.root.appending(path: "_preview"), plain = blog.root.appending(path: "_plain")
        let shared = try SiteBuilder(source: blog.source, options: blog.options()).build(into: preview, sharing: blog.output)
        let unshared = try SiteBuilder(source: blog.source, options: blog.options()).build(into: plain)
        #expect(shared.written == unshared.written && shared.unchanged == 0)
        let files = try DirectorySource(root: plain).files(under: "")
        #expect(try DirectorySource(root: preview).files(under: "") == files)
        for file in files {
            #expect(FileManager.default.contents(atPath: preview.appending(path: file).path)
                == FileManager.default.contents(atPath: plain.appending(path: file).path), "\(file)")
        }
        for file in ["photo.jpg", "2019/10/08/one/index.html"] {
            #expect(inode(preview.appending(path: file))?.0 == inode(blog.output.appending(path: file))?.0, "\(file)")
        }
        let three = "2019/10/10/three/index.html"
        #expect(inode(preview.appending(path: three))?.0 != inode(blog.output.appending(path: three))?.0)
        #expect(try String(contentsOf: preview.appending(path: three), encoding: .utf8).contains("Words from a branch."))

        // Back as it was: the page is its own file in the folder built before, not the other's.
        try blog.write("posts/2019-10-10-three.md", TestBlog.post("title: Three", "The first words."))
        try SiteBuilder(source: blog.source, options: blog.options()).build(into: preview, sharing: blog.output)
        #expect(FileManager.default.contents(atPath: preview.appending(path: three).path)
            == FileManager.default.contents(atPath: blog.output.appending(path: three).path))
        #expect(inode(preview.appending(path: three))?.0 != inode(blog.output.appending(path: three))?.0)
        #expect(inode(preview.appending(path: "photo.jpg"))?.0 == inode(blog.output.appending(path: "photo.jpg"))?.0)
    }

    @Test func refusesToReplaceAFolderThatIsNotABuiltSite() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-one.md": TestBlog.post("title: One")])
        try blog.write("_site/notes.txt", "precious")
        #expect(throws: OutputError.self) { try blog.build() }
        #expect(blog.page("notes.txt") == "precious")

        // Nor the blog itself.
        let source = blog.source
        let compiled = try SiteBuilder(source: source, options: blog.options()).compile()
        #expect(throws: OutputError.self) { try OutputWriter(destination: blog.root).write(compiled.output, from: source) }
        #expect(FileManager.default.fileExists(atPath: blog.root.appending(path: "galley.yml").path))
        // Its lock, beside the blog in the temporary folder, goes with the test.
        OutputWriter(destination: blog.root).removeLeftovers()
    }

    @Test func writesIntoAFolderThatDoesNotExistYet() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-one.md": TestBlog.post("title: One")])
        let target = blog.root.appending(path: "deep/down/public")
        let compiled = try SiteBuilder(source: blog.source, options: blog.options()).compile()
        let report = try OutputWriter(destination: target).write(compiled.output, from: blog.source)
        #expect(report.written == compiled.output.files.count)
        #expect(FileManager.default.fileExists(atPath: target.appending(path: "index.html").path))
        let siblings = try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path)
        #expect(siblings.sorted() == [".public.galley-lock", "public"])
    }

    @Test func theSpareIsBroughtUpToDateAndNeverChangedInPlace() throws {
        let blog = try TestBlog(TestBlog.config, ["static/a.txt": "one", "static/junk-free.txt": "keep"])
        try blog.build()
        // An unchanged build touches nothing at all.
        let live = inode(blog.output)
        #expect(try blog.build().written == 0)
        #expect(inode(blog.output)?.0 == live?.0)
        try blog.write("static/b.txt", "new")
        try blog.build()
        let spare = OutputWriter(destination: blog.output).spare
        #expect(FileManager.default.fileExists(atPath: spare.appending(path: "a.txt").path))
        // Both folders hold the same file now: one inode shared by two links.
        #expect(inode(spare.appending(path: "a.txt"))?.0 == inode(blog.output.appending(path: "a.txt"))?.0)

        try blog.write("static/a.txt", "two")
        let report = try blog.build()
        #expect(report.written == 1)
        #expect(blog.page("a.txt") == "two")
        // The shared file was replaced, not written through: the old folder still says "one".
        #expect(String(decoding: try Data(contentsOf: spare.appending(path: "a.txt")), as: UTF8.self) == "one")

        // Stray files in the spare, and a file that turns into a folder, are dealt with.
        try Data("stray".utf8).write(to: spare.appending(path: "stray.txt"))
        try blog.remove("static/junk-free.txt")
        try blog.write("static/junk-free.txt/inside.txt", "now a folder")
        try blog.build()
        #expect(blog.page("stray.txt") == nil)
        #expect(blog.page("junk-free.txt/inside.txt") == "now a folder")
        try blog.build()
        #expect(blog.page("junk-free.txt/inside.txt") == "now a folder")
        #expect(try blog.outputFiles().filter { $0.contains("galley-tmp") }.isEmpty)
    }
}
