import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// Forgetting an output folder, as a preview taken down does.
@Suite struct SiteBuilderForgetTests {
    @Test func forgetsTheSpareTheLockAndTheCacheButNotTheOutput() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2024-01-01-a.md": TestBlog.post("title: A")])
        let cache = blog.root.appending(path: ".galley-cache")
        let builder = SiteBuilder(source: blog.source, options: blog.options())
        // Two builds, the second with a new post (pages change), so that the spare holds the first.
        try builder.build(into: blog.output, cache: cache)
        try blog.write("posts/2024-01-02-b.md", TestBlog.post("title: B"))
        try builder.build(into: blog.output, cache: cache)
        let beside = try FileManager.default.contentsOfDirectory(atPath: blog.root.path)
        #expect(beside.contains("._site.galley-spare") && beside.contains("._site.galley-lock"), "\(beside)")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: cache.path).isEmpty)

        SiteBuilder.forget(output: blog.output, cache: cache)
        let left = try FileManager.default.contentsOfDirectory(atPath: blog.root.path)
        #expect(!left.contains("._site.galley-spare") && !left.contains("._site.galley-lock"), "\(left)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).isEmpty)
        #expect(blog.page("index.html") != nil)
    }

    @Test func aLinkWhereTheSpareWasIsRemovedNotFollowed() throws {
        let blog = try TestBlog()
        let elsewhere = blog.root.appending(path: "elsewhere")
        try blog.write("elsewhere/keep.txt", "not Galley's")
        #expect(symlink(elsewhere.path, blog.root.appending(path: "._site.galley-spare").path) == 0)
        SiteBuilder.forget(output: blog.output, cache: blog.root.appending(path: ".galley-cache"))
        #expect(!FileManager.default.fileExists(atPath: blog.root.appending(path: "._site.galley-spare").path))
        #expect(FileManager.default.contents(atPath: elsewhere.appending(path: "keep.txt").path) == Data("not Galley's".utf8))
    }
}
