import Blocking
import Foundation
import Highlighting
@testable import SiteCompiler
import SiteTestSupport
import Testing

/// A build that starts its highlighter early (a cold one) waits for that start before it ends,
/// code or none: a command ending meanwhile left a program half started, and swift-subprocess
/// said so on standard error as the process exited.
@Suite struct PreparedHighlighterTests {
    /// Says what it was asked, in order.
    final class Recording: CodeHighlighter {
        let identity = "recording/1"
        private let asked = Locked<[String]>([])

        var calls: [String] { asked.withLock { $0 } }

        func highlight(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) -> [String?] {
            asked.withLock { $0.append("highlight") }
            return blocks.map { _ in nil }
        }

        func prepare() { asked.withLock { $0.append("prepare") } }

        func settle() { asked.withLock { $0.append("settle") } }
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

    @Test func itWaitsAfterTheCodeWasHighlighted() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-one.md": TestBlog.post("title: One", "```swift\nlet x = 1\n```")])
        let highlighter = Recording()
        try blog.build(blog.options(highlighter: highlighter))
        #expect(highlighter.calls.first == "prepare")
        #expect(highlighter.calls.last == "settle")
        #expect(highlighter.calls.contains("highlight"))
    }
}
