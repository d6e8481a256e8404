import Blocking
import Foundation
import Highlighting
@testable import SiteCompiler
import SiteSource
import SiteTestSupport
import Testing

/// A build that starts its highlighter early (a cold one) waits for that start before it ends,
/// code or none: a command ending meanwhile left a program half started, and swift-subprocess
/// said so on standard error as the process exited.
@Suite struct PreparedHighlighterTests {
    /// Says what it was asked, in order, in `asked` (which a ``WalkRecording`` may share).
    final class Recording: CodeHighlighter {
        let identity = "recording/1"
        let asked = Locked<[String]>([])

        var calls: [String] { asked.withLock { $0 } }

        func highlight(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) -> [String?] {
            asked.withLock { $0.append("highlight") }
            return blocks.map { _ in nil }
        }

        func prepare() { asked.withLock { $0.append("prepare") } }

        func settle() { asked.withLock { $0.append("settle") } }
    }

    /// A blog's folder that writes `walk` in a log when the build walks it.
    struct WalkRecording: SourceTree {
        let folder: any SourceTree
        let log: Locked<[String]>

        func files(under directory: String) throws -> [String] { try folder.files(under: directory) }
        func contents(of path: String) throws -> Data { try folder.contents(of: path) }
        func head(of path: String, count: Int) throws -> Data { try folder.head(of: path, count: count) }
        func fileExists(_ path: String) -> Bool { folder.fileExists(path) }
        func version(of path: String) -> FileVersion? { folder.version(of: path) }
        var description: String { folder.description }
        var leftOut: [String] { folder.leftOut }

        func state(of roots: [String]) throws -> SourceState? {
            log.withLock { $0.append("walk") }
            return try folder.state(of: roots)
        }
    }

    @Test func aBuildThatStartedItsHighlighterWaitsForItWithNoCodeToShow() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-one.md": TestBlog.post("title: One", "No code here.")])
        let cache = blog.root.appending(path: ".cache")
        let cold = Recording()
        try SiteBuilder(source: blog.source, options: blog.options(highlighter: cold)).build(into: blog.output, cache: cache)
        #expect(cold.calls == ["prepare", "settle"])

        // A rebuild from the cache starts nothing early, and has nothing to wait for.
        try blog.write("posts/2019-10-08-one.md", TestBlog.post("title: One", "Still no code."))
        let warm = Recording()
        try SiteBuilder(source: blog.source, options: blog.options(highlighter: warm)).build(into: blog.output, cache: cache)
        #expect(warm.calls.isEmpty)
    }

    /// A cold build on disk starts the highlighter before it walks the sources (once), and not
    /// when galley.yml turns highlighting off; nor does a build whose documents a new theme
    /// made stale start it twice.
    @Test func aColdBuildStartsItOnceAndOnlyWhenHighlightingIsOn() throws {
        let post = ["posts/2019-10-08-one.md": TestBlog.post("title: One", "```swift\nlet x = 1\n```")]
        let blog = try TestBlog(TestBlog.config, post)
        let cache = blog.root.appending(path: ".cache")
        let cold = Recording()
        let walked = WalkRecording(folder: blog.source, log: cold.asked)
        try SiteBuilder(source: walked, options: blog.options(highlighter: cold)).build(into: blog.output, cache: cache)
        #expect(Array(cold.calls.prefix(2)) == ["prepare", "walk"] && cold.calls.filter { $0 == "prepare" }.count == 1, "\(cold.calls)")
        #expect(cold.calls.last == "settle" && cold.calls.filter { $0 == "settle" }.count == 1, "\(cold.calls)")

        // A cold build that fails still waits for the start it began.
        let broken = try TestBlog(TestBlog.config, ["posts/2019-10-08-one.md": "---\ntitle: [One\n---\n\n```swift\nlet x = 1\n```\n"])
        let failing = Recording()
        #expect(throws: (any Error).self) {
            try SiteBuilder(source: broken.source, options: broken.options(highlighter: failing)).build(into: broken.output, cache: broken.root.appending(path: ".cache"))
        }
        #expect(failing.calls.first == "prepare" && failing.calls.last == "settle", "\(failing.calls)")

        // Without a cache, every build is a cold one.
        let uncached = Recording()
        try SiteBuilder(source: blog.source, options: blog.options(highlighter: uncached)).build(into: blog.output)
        #expect(uncached.calls.filter { $0 == "prepare" }.count == 1, "\(uncached.calls)")

        let off = try TestBlog(TestBlog.config + "highlight: false\n", post)
        let plain = Recording()
        try SiteBuilder(source: off.source, options: off.options(highlighter: plain)).build(into: off.output, cache: off.root.appending(path: ".cache"))
        #expect(plain.calls.isEmpty, "\(plain.calls)")
    }

    /// A build into a new folder whose cache folder holds highlighted code (a new preview's,
    /// beside production's and the other branches') starts nothing early: its code is there
    /// already. A block that is not goes to the highlighter all the same.
    @Test func aNewFolderBesideHighlightedCodeStartsNothingEarly() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-one.md": TestBlog.post("title: One", "```swift\nlet x = 1\n```")])
        let cache = blog.root.appending(path: ".cache")
        let first = Recording()
        try SiteBuilder(source: blog.source, options: blog.options(highlighter: first)).build(into: blog.output, cache: cache)
        #expect(first.calls.first == "prepare" && first.calls.contains("highlight"), "\(first.calls)")

        let beside = Recording()
        try SiteBuilder(source: blog.source, options: blog.options(highlighter: beside)).build(into: blog.root.appending(path: "_one"), cache: cache)
        #expect(!beside.calls.contains("prepare") && !beside.calls.contains("highlight"), "\(beside.calls)")

        try blog.write("posts/2019-10-09-two.md", TestBlog.post("title: Two", "```swift\nlet y = 2\n```"))
        let missing = Recording()
        try SiteBuilder(source: blog.source, options: blog.options(highlighter: missing)).build(into: blog.root.appending(path: "_two"), cache: cache)
        #expect(!missing.calls.contains("prepare") && missing.calls.filter { $0 == "highlight" }.count == 1, "\(missing.calls)")
    }

    @Test func itWaitsAfterTheCodeWasHighlighted() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-one.md": TestBlog.post("title: One", "```swift\nlet x = 1\n```")])
        let highlighter = Recording()
        try blog.build(blog.options(highlighter: highlighter))
        #expect(highlighter.calls.first == "prepare")
        #expect(highlighter.calls.last == "settle")
        #expect(highlighter.calls.contains("highlight"))
    }
}
