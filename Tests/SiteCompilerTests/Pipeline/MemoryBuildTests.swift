import Foundation
import SiteSource
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// A blog held in memory builds as the same files on disk do: the compiler reads only through
/// its ``SourceTree``, and the cache works from a tree's state and versions, whatever the tree.
@Suite struct MemoryBuildTests {
    static let files = [
        "galley.yml": TestBlog.config,
        "posts/2019-10-08-first.md": TestBlog.post("title: First\ntags: [swift]"),
        "posts/2019-10-09-second.md": TestBlog.post("title: Second\naliases: [/old/second/]"),
        "posts/2019-10-10-third/index.md": TestBlog.post("title: Third", "![A photo](photo.jpg)"),
        "posts/2019-10-10-third/photo.jpg": "not really a jpeg",
        "pages/about.md": TestBlog.post("title: About"),
        "static/CNAME": "example.com\n",
    ]

    /// The bytes of every file of `output`, read from `source` where the tree names a source file.
    static func bytes(of output: OutputTree, from source: any SourceTree) throws -> [String: Data] {
        try output.files.mapValues { file in
            switch file.content {
            case .text(let text): Data(text.utf8)
            case .data(let data): data
            case .source(let path): try source.contents(of: path)
            case .page(let render): Data(render().utf8)
            }
        }
    }

    @Test func aBlogInMemoryCompilesToWhatTheSameFilesOnDiskCompileTo() throws {
        let blog = try TestBlog(TestBlog.config, Self.files.filter { $0.key != "galley.yml" })
        let memory = MemorySource(Self.files)
        let fromMemory = try SiteBuilder(source: memory, options: blog.options()).compile()
        let fromDisk = try SiteBuilder(source: blog.source, options: blog.options()).compile()

        #expect(fromMemory.site.posts.map(\.document.title) == ["Third", "Second", "First"])
        #expect(fromMemory.site.pages.map(\.document.title) == ["About"])
        let pages = try Self.bytes(of: fromMemory.output, from: memory)
        #expect(pages.keys.contains("2019/10/10/third/photo.jpg"))
        #expect(pages["CNAME"] == Data("example.com\n".utf8))
        #expect(String(decoding: pages["2019/10/08/first/index.html"] ?? Data(), as: UTF8.self).contains("First"))
        #expect(try pages == Self.bytes(of: fromDisk.output, from: blog.source))
    }

    @Test func aBlogInMemoryIsUpToDateUntilOneOfItsFilesChanges() throws {
        let scratch = try TestBlog()
        let output = scratch.root.appending(path: "out"), cache = scratch.root.appending(path: "cache")
        var source = MemorySource(Self.files)
        func build() throws -> SiteBuilder.Report {
            try SiteBuilder(source: source, options: scratch.options()).build(into: output, cache: cache)
        }
        #expect(try !build().upToDate)
        #expect(try build().upToDate)

        source.files["posts/2019-10-08-first.md"] = Data(TestBlog.post("title: First, edited").utf8)
        let edited = try build()
        #expect(!edited.upToDate)
        #expect(edited.written > 0)
        // What the cache kept and what it rebuilt together make what a build from nothing makes.
        let fresh = scratch.root.appending(path: "fresh")
        try SiteBuilder(source: source, options: scratch.options()).build(into: fresh)
        #expect(Sandbox.contents(of: output) == Sandbox.contents(of: fresh))
        let first = try #require(FileManager.default.contents(atPath: output.appending(path: "2019/10/08/first/index.html").path))
        #expect(String(decoding: first, as: UTF8.self).contains("First, edited"))
    }
}
