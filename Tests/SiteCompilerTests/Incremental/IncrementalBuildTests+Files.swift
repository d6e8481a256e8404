import Blocking
import Foundation
import SiteSource
import SiteTestSupport
import Testing

@testable import SiteCompiler

extension IncrementalBuildTests {
    /// The blog's folder, noting every file a build reads whole.
    struct ReadingSource: SourceTree {
        let folder: DirectorySource
        let read = Locked([String]())

        func files(under directory: String) throws -> [String] { try folder.files(under: directory) }
        func contents(of path: String) throws -> Data {
            read.withLock { $0.append(path) }
            return try folder.contents(of: path)
        }
        func head(of path: String, count: Int) throws -> Data { try folder.head(of: path, count: count) }
        func fileExists(_ path: String) -> Bool { folder.fileExists(path) }
        func state(of roots: [String]) throws -> SourceState? { try folder.state(of: roots) }
        func version(of path: String) -> FileVersion? { folder.version(of: path) }
        var description: String { folder.description }
    }

    /// A file copied as it is (a static file, a picture beside a post) is kept while its source
    /// is as the last build saw it, as a page is: an edit elsewhere does not read it again, and
    /// an edit to it does.
    @Test func aCopiedFileIsReadAgainOnlyWhenItsSourceChanged() throws {
        try blog.write("static/files/data.bin", Data(repeating: 7, count: 50_000))
        try blog.write("posts/2019-10-20-trip/index.md", TestBlog.post("title: Trip", "A trip."))
        try blog.write("posts/2019-10-20-trip/track.gpx", "<gpx/>")
        func build() throws -> [String] {
            let source = ReadingSource(folder: blog.source)
            var builder = SiteBuilder(source: source, options: blog.options())
            builder.racyMargin = 0
            try builder.build(into: blog.output, cache: cache)
            Thread.sleep(forTimeInterval: 0.03)
            return source.read.withLock { $0 }
        }
        let first = try build()
        #expect(first.contains("static/files/data.bin") && first.contains("posts/2019-10-20-trip/track.gpx"))

        try blog.write("posts/2019-10-05-post-5.md", TestBlog.post("title: Post 5\ntags: [alpha, odd, other]", "Opening of 5, edited."))
        let afterEdit = try build()
        #expect(afterEdit.contains("posts/2019-10-05-post-5.md"))
        #expect(!afterEdit.contains("static/files/data.bin") && !afterEdit.contains("posts/2019-10-20-trip/track.gpx"), "\(afterEdit)")
        try blog.expectSameAsFullBuild("an edit elsewhere")

        try blog.write("static/files/data.bin", Data(repeating: 8, count: 50_000))
        try blog.write("posts/2019-10-20-trip/track.gpx", "<gpx>moved</gpx>")
        let afterChange = try build()
        #expect(afterChange.contains("static/files/data.bin") && afterChange.contains("posts/2019-10-20-trip/track.gpx"))
        try blog.expectSameAsFullBuild("the copied files changed")
        #expect(blog.page("2019/10/20/trip/track.gpx") == "<gpx>moved</gpx>")
    }
}
