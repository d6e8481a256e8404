import Diagnostics
import FileSystem
import Foundation
import SiteSource
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// A build that changes one page and nothing else moves that page alone into the live folder
/// (see ``OutputWriter``); the spare is made only by a build that needs it, and is the live
/// folder's twin again as soon as the two folders change places.
extension IncrementalBuildTests {
    var spare: URL { OutputWriter(destination: blog.output).spare }

    /// Settings whose feeds hold the five newest posts.
    static let shortFeeds = TestBlog.config + "feed_limit: 5\n"

    /// The oldest post's second paragraph: not in the (short) feeds, and neither its excerpt
    /// nor its reading time, so its page alone.
    func editPost1(_ words: String) throws {
        try blog.write("posts/2019-10-01-post-1.md", TestBlog.post("title: Post 1\ntags: [alpha, odd, other]", "Opening of 1.\n\nMore of 1, \(words)."))
    }

    func temporaryNames() throws -> [String] {
        let spareFiles = FileManager.default.fileExists(atPath: spare.path) ? try DirectorySource(root: spare).files(under: "") : []
        return (try blog.outputFiles() + spareFiles).filter { $0.contains("galley-tmp") }
    }

    @Test func aBuildThatChangesOnePageMovesItAloneIntoTheLiveFolder() throws {
        try blog.write("galley.yml", Self.shortFeeds)
        try incremental()
        let live = inode(blog.output)
        // A build that finds nothing changed leaves no spare either, and the record of the
        // live folder alone stands.
        try editPost1("unedited")
        try incremental()
        try editPost1("unedited")
        #expect(try incremental().written == 0)
        #expect(!FileManager.default.fileExists(atPath: spare.path))
        let record = try #require(SpareRecord.load(from: SpareRecord.file(beside: BuildCache.file(for: blog.output, in: cache))))
        #expect(record.spare.isEmpty && !record.files.isEmpty)
        try editPost1("edited once")
        var report = try incremental()
        #expect(report.written == 1)
        #expect(report.renderedPages == ["2019/10/01/post-1/index.html"])
        #expect(blog.page("2019/10/01/post-1/index.html")?.contains("edited once") == true)
        // The live folder stayed, and no spare was made for one page.
        #expect(inode(blog.output) == live)
        #expect(!FileManager.default.fileExists(atPath: spare.path))
        #expect(try temporaryNames().isEmpty)
        try blog.expectSameAsFullBuild("one page changed after a build into a new folder")
        // The page's stamp was recorded as it is in the live folder: nothing to do next time.
        #expect(try incremental().upToDate)

        // More than one page: the spare is made and the folders change places.
        try blog.write("posts/2019-10-03-post-3.md", TestBlog.post("title: Post 3, retitled\ntags: [alpha, odd, three]", "Opening of 3."))
        report = try incremental()
        #expect(report.written > 1)
        #expect(inode(blog.output) != live)
        #expect(FileManager.default.fileExists(atPath: spare.path))
        try blog.expectSameAsFullBuild("more pages changed")

        // With a spare beside it, one page again: put in the live folder and shared with the
        // spare, which is as up to date as before.
        let swapped = inode(blog.output)
        try editPost1("edited twice")
        report = try incremental()
        #expect(report.written == 1)
        #expect(inode(blog.output) == swapped)
        let page = "2019/10/01/post-1/index.html"
        #expect(inode(spare.appending(path: page)) == inode(blog.output.appending(path: page)))
        #expect(try temporaryNames().isEmpty)
        try blog.expectSameAsFullBuild("one page changed with a spare beside")
        #expect(try incremental().upToDate)
        try blog.write("posts/2019-10-03-post-3.md", TestBlog.post("title: Post 3\ntags: [alpha, odd, three]", "Opening of 3."))
        report = try incremental()
        #expect(!report.renderedPages.contains(page), "rendered again: \(report.renderedPages.sorted())")
        try blog.expectSameAsFullBuild("more pages changed after that")
    }

    /// After a build that rewrote every page, the spare (the folder the build before left) is
    /// made the live folder's twin before the build ends, so that the edit that follows, of one
    /// page or of several, links nothing more; the live files linked are recorded by their
    /// stamps from after the link, so that no later build takes them for files changed by hand.
    @Test func theSpareOfARewriteIsBroughtUpToDateBeforeTheBuildEnds() throws {
        try blog.write("galley.yml", Self.shortFeeds)
        try incremental()
        try blog.write("posts/2019-10-02-post-2.md", TestBlog.post("title: Post 2, retitled\ntags: [alpha, even, other]", "Opening of 2."))
        try incremental()
        try blog.write("galley.yml", Self.shortFeeds.replacingOccurrences(of: "title: Test Blog", with: "title: A Retitled Blog"))
        let rewrite = try incremental()
        let elsewhere = ["2019/10/03/post-3/index.html", "2019/10/11/post-11/index.html", "archive/index.html", "about/index.html"]
        #expect(Set(elsewhere).isSubset(of: rewrite.renderedPages))
        func shared() -> [Bool] { elsewhere.map { inode(spare.appending(path: $0)) != nil && inode(spare.appending(path: $0)) == inode(blog.output.appending(path: $0)) } }
        #expect(!shared().contains(false))
        let record = try #require(SpareRecord.load(from: SpareRecord.file(beside: BuildCache.file(for: blog.output, in: cache))))
        #expect(record.changed.isEmpty, "left to the next build: \(record.changed.sorted())")
        #expect(try temporaryNames().isEmpty)
        #expect(try incremental().upToDate)

        try editPost1("edited once")
        #expect(try incremental().written == 1)
        #expect(!shared().contains(false))
        #expect(blog.page("about/index.html")?.contains("A Retitled Blog") == true)
        try blog.expectSameAsFullBuild("one page after every page was rewritten")

        try blog.write("posts/2019-10-05-post-5.md", TestBlog.post("title: Post 5\ntags: [alpha, odd, other]", "Opening of 5, edited."))
        let report = try incremental()
        #expect(report.written > 1)
        #expect(report.renderedPages.isDisjoint(with: elsewhere), "rendered again: \(report.renderedPages.sorted())")
        #expect(!shared().contains(false))
        #expect(try temporaryNames().isEmpty)
        try blog.expectSameAsFullBuild("more pages after that")
        #expect(try incremental().upToDate)
        try blog.write("posts/2019-10-05-post-5.md", TestBlog.post("title: Post 5\ntags: [alpha, odd, other]", "Opening of 5, edited twice."))
        let next = try incremental()
        #expect(next.renderedPages.isDisjoint(with: elsewhere), "rendered again: \(next.renderedPages.sorted())")
        try blog.expectSameAsFullBuild("and the next")
    }

    /// The first build after a build into a new folder that removes a post makes the spare from
    /// nothing and changes places with it: the folder it leaves as the spare, the live folder's
    /// twin again, holds neither the post's files nor the folders they were in, though the
    /// build knew the live folder only from its record (nothing listed it).
    @Test func theFirstBuildToRemoveAPostLeavesATwinWithoutIt() throws {
        try blog.write("galley.yml", Self.shortFeeds)
        try incremental()
        #expect(!FileManager.default.fileExists(atPath: spare.path))
        try blog.remove("posts/2019-10-03-post-3.md")
        let report = try incremental()
        #expect(report.written > 1)
        #expect(blog.page("2019/10/03/post-3/index.html") == nil)
        func tree(_ root: URL) throws -> Set<String> {
            let files = try DirectorySource(root: root).files(under: "")
            return Set(files + files.flatMap { file in
                file.split(separator: "/").dropLast().indices.map { file.split(separator: "/")[...$0].joined(separator: "/") }
            })
        }
        let twin = try tree(spare)
        #expect(twin == (try tree(blog.output)))
        #expect(!twin.contains("2019/10/03"), "left in the spare: \(twin.filter { $0.hasPrefix("2019/10/03") }.sorted())")
        #expect(!FileManager.default.fileExists(atPath: spare.appending(path: "2019/10/03").path))
        #expect(try recordMatches())
        try blog.expectSameAsFullBuild("a post removed after a build into a new folder")
        try blog.write("posts/2019-10-05-post-5.md", TestBlog.post("title: Post 5, retitled\ntags: [alpha, odd, other]", "Opening of 5."))
        #expect(try incremental().written > 1)
        try blog.expectSameAsFullBuild("and a title edited after that")
    }

    var recordFile: URL { SpareRecord.file(beside: BuildCache.file(for: blog.output, in: cache)) }

    /// Whether the record describes the live folder and the spare as they are now.
    func recordMatches() throws -> Bool {
        let record = try #require(SpareRecord.load(from: recordFile), "no spare record")
        return record.matches(live: try ContainedFolder(opening: blog.output.path), spare: try ContainedFolder(opening: spare.path))
    }

    /// Builds the blog, then retitles a post: the folders change places, and the spare is
    /// recorded beside the cache.
    func buildWithASpare() throws {
        try blog.write("galley.yml", Self.shortFeeds)
        try incremental()
        try blog.write("posts/2019-10-03-post-3.md", TestBlog.post("title: Post 3, retitled\ntags: [alpha, odd, three]", "Opening of 3."))
        try incremental()
    }

    /// A build that fails (a mistake in a post) leaves the spare recorded: the edits after it
    /// still move their one page in without listing the live folder.
    @Test func aFailedBuildLeavesTheSpareRecorded() throws {
        try buildWithASpare()
        #expect(try recordMatches())
        try blog.write("posts/2019-10-01-post-1.md", "---\ntitle: [unclosed\n---\nOpening of 1.\n")
        #expect(throws: BuildFailure.self) { try incremental() }
        #expect(try recordMatches(), "the failed build lost the record")
        try editPost1("edited after the mistake")
        #expect(try incremental().written == 1)
        #expect(try recordMatches())
        try blog.expectSameAsFullBuild("one page after a failed build")
    }

    /// Pages a failed build put in the spare are recorded as differing from the live folder, so
    /// that the next build that swaps the folders does not publish them.
    @Test func pagesAFailedBuildPutInTheSpareAreRecorded() throws {
        try buildWithASpare()
        // The session holds the output's lock until it goes.
        func failAfterWriting() throws {
            var writer = OutputWriter(destination: blog.output)
            writer.record = recordFile
            let session = try writer.begin(writer.lock())
            #expect(session.synced != nil)
            session.publish("2019/10/01/post-1/index.html", "never built")
            session.publish("stray/deeper/index.html", "never built either")
            writer.abandon(session)
        }
        try failAfterWriting()
        let record = try #require(SpareRecord.load(from: recordFile))
        #expect(Set(["2019/10/01/post-1/index.html", "stray/deeper/index.html", "stray", "stray/deeper"]).isSubset(of: record.changed))
        #expect(try recordMatches())
        try blog.write("posts/2019-10-05-post-5.md", TestBlog.post("title: Post 5, retitled\ntags: [alpha, odd, other]", "Opening of 5."))
        #expect(try incremental().written > 1)
        try blog.expectSameAsFullBuild("more pages after a failed build wrote into the spare")
        #expect(!FileManager.default.fileExists(atPath: blog.output.appending(path: "stray").path))
    }

    /// A spare that no record describes (the cache removed) is made anew, so that the builds
    /// after it are recorded again.
    @Test func aSpareWithoutARecordIsMadeAnew() throws {
        try buildWithASpare()
        try Data("left".utf8).write(to: spare.appending(path: "left-over.txt"))
        try FileManager.default.removeItem(at: recordFile)
        try editPost1("edited without a record")
        #expect(try incremental().written == 1)
        #expect(SpareRecord.load(from: recordFile) != nil, "no record: every later edit would list the live folder")
        #expect(!FileManager.default.fileExists(atPath: spare.appending(path: "left-over.txt").path))
        try blog.expectSameAsFullBuild("one page without a record")
        try editPost1("edited once more")
        #expect(try incremental().written == 1)
        try blog.write("posts/2019-10-05-post-5.md", TestBlog.post("title: Post 5, retitled\ntags: [alpha, odd, other]", "Opening of 5."))
        #expect(try incremental().written > 1)
        try blog.expectSameAsFullBuild("more pages after that")
        #expect(try recordMatches())
    }

    /// A folder put by hand where the one changed page's file was: the page cannot be moved in
    /// alone, and the build goes the whole way, swapping the folders.
    @Test func aPageThatCannotBeMovedInAloneGoesTheWholeWay() throws {
        try blog.write("galley.yml", Self.shortFeeds)
        try incremental()
        let page = blog.output.appending(path: "2019/10/01/post-1/index.html")
        try FileManager.default.removeItem(at: page)
        try FileManager.default.createDirectory(at: page, withIntermediateDirectories: false)
        try Data("by hand".utf8).write(to: page.appending(path: "note.txt"))
        let report = try incremental()
        #expect(report.written == 1)
        #expect(blog.page("2019/10/01/post-1/index.html")?.contains("More of 1.") == true)
        #expect(try temporaryNames().isEmpty)
        try blog.expectSameAsFullBuild("a folder where the page was")
        try editPost1("edited once")
        try incremental()
        try blog.expectSameAsFullBuild("and an edit after it")
    }
}
