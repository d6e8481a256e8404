import Foundation
import Highlighting
@testable import Markdown
import SiteTestSupport
import Testing

@testable import SiteCompiler

@Suite struct CodeHighlightingTests {
    static let post = TestBlog.post("title: Code", """
        Some code:

        ```swift
        let answer = 42
        ```

        ```python
        def greet(name):
            return name
        ```

        ```nope
        <b>not highlighted</b>
        ```
        """)


    @Test func fencedCodeIsHighlightedAndUnknownLanguagesStayPlain() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-01-code.md": Self.post])
        let highlighter = TestHighlighter()
        try blog.build(blog.options(highlighter: highlighter))
        let page = try #require(blog.page("2019/10/01/code/index.html"))
        #expect(page.contains(#"<pre tabindex="0" role="group" aria-label="Code" class="highlight"><code class="language-swift"><span class="k">let answer = 42"#))
        #expect(page.contains(#"<pre tabindex="0" role="group" aria-label="Code" class="highlight"><code class="language-python"><span class="k">def greet"#))
        #expect(page.contains(#"<pre tabindex="0" role="group" aria-label="Code"><code class="language-nope">&lt;b&gt;not highlighted&lt;/b&gt;"#))
        // One batch for the post's blocks.
        #expect(highlighter.requests == 1 && highlighter.blocks == 3)
    }

    @Test func highlightFalseInGalleyYmlShowsCodePlain() throws {
        let blog = try TestBlog(TestBlog.config + "highlight: false\n", ["posts/2019-10-01-code.md": Self.post])
        let highlighter = TestHighlighter()
        try blog.build(blog.options(highlighter: highlighter))
        #expect(blog.page("2019/10/01/code/index.html")?.contains(#"<pre tabindex="0" role="group" aria-label="Code"><code class="language-swift">let answer = 42"#) == true)
        #expect(highlighter.requests == 0)
    }

    @Test func shortcodesAreHighlighted() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-01-jekyll.md": TestBlog.post("title: Jekyll", "{% highlight ruby %}\nputs 1\n{% endhighlight %}\n"),
            "posts/2019-10-02-hugo.md": TestBlog.post("title: Hugo", "{{< highlight go >}}\nfmt.Println(1)\n{{< /highlight >}}\n"),
        ])
        try blog.build(blog.options(highlighter: TestHighlighter()))
        #expect(blog.page("2019/10/01/jekyll/index.html")?.contains(#"<pre tabindex="0" role="group" aria-label="Code" class="highlight"><code class="language-ruby"><span class="k">puts 1"#) == true)
        #expect(blog.page("2019/10/02/hugo/index.html")?.contains(#"<pre tabindex="0" role="group" aria-label="Code" class="highlight"><code class="language-go"><span class="k">fmt.Println(1)"#) == true)
    }

    @Test func aMissingHighlighterGivesOneWarningAndPlainCode() throws {
        var files: [String: String] = [:]
        for day in 1...5 { files[String(format: "posts/2019-10-%02d-code-%d.md", day, day)] = Self.post }
        let blog = try TestBlog(TestBlog.config, files)
        let highlighter = TestHighlighter(failing: HighlighterUnavailable("no python3 found"))
        let cache = blog.root.appending(path: ".galley-cache")
        let report = try SiteBuilder(source: blog.source, options: blog.options(highlighter: highlighter)).build(into: blog.output, cache: cache)
        let warnings = report.warnings.filter { $0.message.contains("highlighting") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("no python3 found") == true)
        #expect(blog.page("2019/10/01/code-1/index.html")?.contains(#"<pre tabindex="0" role="group" aria-label="Code"><code class="language-swift">let answer = 42"#) == true)
        // Asked at most once by each thread that rendered a body meanwhile, then left alone for
        // the rest of the build.
        #expect(highlighter.requests <= ProcessInfo.processInfo.activeProcessorCount + 1)
        // The next build renders the pages again, to highlight them once it can.
        let again = try SiteBuilder(source: blog.source, options: blog.options(highlighter: TestHighlighter())).build(into: blog.output, cache: cache)
        #expect(!again.upToDate && again.warnings.isEmpty)
        #expect(blog.page("2019/10/01/code-1/index.html")?.contains(#"<pre tabindex="0" role="group" aria-label="Code" class="highlight"><code class="language-swift">"#) == true)
    }

    /// A block the highlighter gave up on is shown plain with a warning at its line; the rest
    /// of the post is highlighted, and the next build says it again.
    @Test func aBlockTooSlowToHighlightIsPlainWithAWarningAtItsLine() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-01-code.md": TestBlog.post("title: Slow", """
            Fast:

            ```swift
            let a = 1
            ```

            Slow:

            ```slow
            <backtracking>
            ```
            """)])
        let cache = blog.root.appending(path: ".galley-cache")
        for _ in 1...2 {
            let report = try SiteBuilder(source: blog.source, options: blog.options(highlighter: TestHighlighter())).build(into: blog.output, cache: cache)
            #expect(report.warnings.map(\.description) == [
                "posts/2019-10-01-code.md:13: this slow code block took Pygments longer than 7 s to highlight; it is shown as plain code",
            ])
            let page = try #require(blog.page("2019/10/01/code/index.html"))
            #expect(page.contains(#"<code class="language-swift"><span class="k">let a = 1"#))
            #expect(page.contains(#"<pre tabindex="0" role="group" aria-label="Code"><code class="language-slow">&lt;backtracking&gt;"#))
        }
    }

    @Test func theCacheMeansABlockIsHighlightedOnce() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-01-code.md": Self.post,
            "posts/2019-10-02-other.md": TestBlog.post("title: Other", "Words.\n\n```swift\nlet other = 1\n```\n"),
        ])
        let cache = blog.root.appending(path: ".galley-cache")
        let first = TestHighlighter()
        try SiteBuilder(source: blog.source, options: blog.options(highlighter: first)).build(into: blog.output, cache: cache)
        // Both posts' blocks, sent ahead in one batch.
        #expect(first.requests == 1 && first.blocks == 4)
        let files = (0..<HighlightCache.shards).compactMap { HighlightCache(folder: cache).file($0)?.path }
        #expect(files.contains { FileManager.default.fileExists(atPath: $0) })

        // Another output folder with the same cache folder (another branch in the watcher)
        // renders every page, and asks the highlighter nothing.
        let second = TestHighlighter()
        try SiteBuilder(source: blog.source, options: blog.options(highlighter: second)).build(into: blog.root.appending(path: "_other"), cache: cache)
        #expect(second.requests == 0)

        // An edit to one post asks for its new block alone; the unchanged post is not even rendered.
        try blog.write("posts/2019-10-02-other.md", TestBlog.post("title: Other", "Words.\n\n```swift\nlet other = 2\n```\n"))
        Thread.sleep(forTimeInterval: 0.03)
        let third = TestHighlighter()
        var builder = SiteBuilder(source: blog.source, options: blog.options(highlighter: third))
        builder.racyMargin = 0
        try builder.build(into: blog.output, cache: cache)
        #expect(third.requests == 1 && third.blocks == 1)
        #expect(blog.page("2019/10/02/other/index.html")?.contains("let other = 2") == true)
    }

    @Test func codeCannotCloseItsBlock() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-01-code.md": TestBlog.post("title: Code", """
            ```swift
            let a = "</code></pre><script>alert(1)</script>"
            ```

            ```nope
            </code></pre><script>alert(2)</script>
            ```
            """)])
        try blog.build(blog.options(highlighter: TestHighlighter()))
        let page = try #require(blog.page("2019/10/01/code/index.html"))
        #expect(!page.contains("<script>"))
        #expect(page.contains("&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(1)"))
        #expect(page.contains("&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(2)"))
    }
}

extension CodeHighlightingTests {
    /// Rebuilds that take highlighted code from the caches write what a build from nothing writes.
    @Test func incrementalBuildsWithCodeMatchFullBuilds() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-01-code.md": Self.post,
            "posts/2019-10-02-more.md": TestBlog.post("title: More", "Before.\n\n<!--more-->\n\n```sh\necho more\n```\n"),
            "posts/2019-10-03-excerpt.md": TestBlog.post("title: Excerpt", "```js\nlet x = 1\n```\n\n<!--more-->\n\nAfter.\n"),
        ])
        let highlighter = TestHighlighter()
        let options = blog.options(highlighter: highlighter)
        let cache = blog.root.appending(path: ".galley-cache")
        func incremental() throws {
            var builder = SiteBuilder(source: blog.source, options: options)
            builder.racyMargin = 0
            try builder.build(into: blog.output, cache: cache)
            Thread.sleep(forTimeInterval: 0.03)
        }
        try incremental()
        try blog.expectSameAsFullBuild("first build", options: options)
        try blog.write("posts/2019-10-02-more.md", TestBlog.post("title: More", "Before.\n\n<!--more-->\n\n```sh\necho changed\n```\n"))
        try incremental()
        try blog.expectSameAsFullBuild("edit a block", options: options)
        try blog.write("posts/2019-10-04-new.md", TestBlog.post("title: New", "```rust\nfn main() {}\n```\n"))
        try incremental()
        try blog.expectSameAsFullBuild("add a post with code", options: options)
        try blog.write("galley.yml", TestBlog.config + "highlight: false\n")
        try incremental()
        try blog.expectSameAsFullBuild("turn highlighting off", options: options)
        #expect(blog.page("2019/10/04/new/index.html")?.contains(#"<pre tabindex="0" role="group" aria-label="Code"><code class="language-rust">"#) == true)
    }
}

extension CodeHighlightingTests {
    /// The page of a post that did not change is kept, and its body not rendered at all: even
    /// with the highlight cache gone, its code is not asked for again.
    @Test func anUnchangedPostDoesNotAskTheHighlighter() throws {
        let blog = try TestBlog(TestBlog.config + "feed_limit: 1\n", [
            "posts/2019-10-01-code.md": Self.post,
            "posts/2019-10-05-words.md": TestBlog.post("title: Words", "Just words."),
        ])
        let cache = blog.root.appending(path: ".galley-cache")
        func build(_ highlighter: TestHighlighter) throws {
            var builder = SiteBuilder(source: blog.source, options: blog.options(highlighter: highlighter))
            builder.racyMargin = 0
            try builder.build(into: blog.output, cache: cache)
            Thread.sleep(forTimeInterval: 0.03)
        }
        let first = TestHighlighter()
        try build(first)
        #expect(first.requests == 1)
        for shard in 0..<HighlightCache.shards {
            try? FileManager.default.removeItem(at: HighlightCache(folder: cache).file(shard)!)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).allSatisfy { !$0.hasPrefix("highlight.") })
        try blog.write("posts/2019-10-05-words.md", TestBlog.post("title: Words", "Other words."))
        let second = TestHighlighter()
        try build(second)
        #expect(second.requests == 0)
        #expect(blog.page("2019/10/01/code/index.html")?.contains(#"<pre tabindex="0" role="group" aria-label="Code" class="highlight"><code class="language-swift">"#) == true)
    }

    /// A build sends its blocks ahead in batches, not one request for each post, and the pages
    /// are the same as when each post asks for its own.
    @Test func aBuildSendsItsBlocksAheadInBatches() throws {
        var files: [String: String] = [:]
        for n in 0..<130 {
            files["posts/2019-\(String(format: "%02d", n % 12 + 1))-\(String(format: "%02d", n % 28 + 1))-code-\(n).md"] =
                TestBlog.post("title: Code \(n)", "Text.\n\n```swift\nlet n = \(n)\n```\n\n~~~~ ruby  extra words\nputs \(n)\n~~~~\n")
        }
        let blog = try TestBlog(TestBlog.config, files)
        let highlighter = TestHighlighter()
        try blog.build(blog.options(highlighter: highlighter))
        #expect(highlighter.blocks == 260)
        #expect(highlighter.requests == (260 + CodeHighlighting.prefetchBatch - 1) / CodeHighlighting.prefetchBatch)
        let page = try #require(blog.page("2019/01/01/code-0/index.html"))
        #expect(page.contains(#"<code class="language-swift"><span class="k">let n = 0"#))
        #expect(page.contains(#"<code class="language-ruby"><span class="k">puts 0"#))
    }
}
