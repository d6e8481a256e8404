import Foundation
import Highlighting
import Pygments
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// Whole builds with the real Pygments helper, as `galley build` runs them.
@Suite(.enabled(if: DebianPygments.isInstalled, "needs Debian's python3-pygments (scripts/test installs it)"))
struct PygmentsBuildTests {
    @Test func aPostBuildsToTokenSpansAndASecondBuildStartsNoHelper() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-01-code.md": CodeHighlightingTests.post])
        let cache = blog.root.appending(path: ".galley-cache")
        let first = TestHighlighter(wrapping: PygmentsHighlighter(pythons: ["/usr/bin/python3"]))
        let report = try SiteBuilder(source: blog.source, options: blog.options(highlighter: first)).build(into: blog.output, cache: cache)
        #expect(report.warnings.isEmpty)
        let page = try #require(blog.page("2019/10/01/code/index.html"))
        #expect(page.contains(#"<pre tabindex="0" role="group" aria-label="Code" class="highlight"><code class="language-swift"><span class="kd">let</span> <span class="nv">answer</span>"#))
        #expect(page.contains(#"<pre tabindex="0" role="group" aria-label="Code" class="highlight"><code class="language-python"><span class="k">def</span> <span class="nf">greet</span>"#))
        #expect(page.contains(#"<pre tabindex="0" role="group" aria-label="Code"><code class="language-nope">&lt;b&gt;not highlighted&lt;/b&gt;"#))
        #expect(first.requests == 1)

        // Into another folder, with the same cache folder: every page is rendered, no block asked.
        let pygments = PygmentsHighlighter(pythons: ["/usr/bin/python3"])
        let second = TestHighlighter(wrapping: pygments)
        try SiteBuilder(source: blog.source, options: blog.options(highlighter: second)).build(into: blog.root.appending(path: "_again"), cache: cache)
        #expect(second.requests == 0)
        #expect(pygments.pygmentsVersion == nil, "the helper was started")
        let again = try #require(FileManager.default.contents(atPath: blog.root.appending(path: "_again/2019/10/01/code/index.html").path))
        #expect(String(decoding: again, as: UTF8.self) == page)
    }

    /// Code that shows HTML keeps its attributes as written: the build puts the blog's own
    /// links under its sub-path and renames its footnotes' ids, not the code's.
    @Test func htmlShownInCodeKeepsItsLinksAndIds() throws {
        let config = TestBlog.config.replacingOccurrences(of: "https://example.com/", with: "https://example.com/blog/")
        let body = "A note[^1].\n\n```html\n<a href=\"/about/\">About</a> <img src=\"/me.png\"> <li id=\"fn-1\">x</li>\n```\n\n[^1]: The note.\n"
        let blog = try TestBlog(config, ["posts/2019-10-01-html.md": TestBlog.post("title: HTML", body)])
        try blog.build(blog.options(highlighter: PygmentsHighlighter(pythons: ["/usr/bin/python3"])))
        let page = try #require(blog.page("2019/10/01/html/index.html"))
        #expect(page.contains(#"class="highlight"><code class="language-html">"#))
        #expect(page.contains("&quot;/about/&quot;") && page.contains("&quot;/me.png&quot;") && page.contains("&quot;fn-1&quot;"), "\(page)")
        #expect(!page.contains("/blog/about/") && !page.contains("/blog/me.png") && !page.contains("fn:1&quot;"))
        // The post's own note is renamed as always.
        #expect(page.contains(#"<li id="fn:1">"#))
        let feed = try #require(blog.page("feed.xml"))
        #expect(!feed.contains("blog/about") && !feed.contains("blog/me.png"))
    }

    @Test func aMissingPythonGivesOneWarningAndPlainCode() throws {
        var files: [String: String] = [:]
        for day in 1...3 { files[String(format: "posts/2019-10-%02d-code-%d.md", day, day)] = CodeHighlightingTests.post }
        let blog = try TestBlog(TestBlog.config, files)
        let report = try blog.build(blog.options(highlighter: PygmentsHighlighter(pythons: ["/nonexistent/python3"])))
        let warnings = report.warnings.filter { $0.message.contains("without highlighting") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.description.contains("galley.yml: code is shown without highlighting: no python3 found") == true)
        #expect(blog.page("2019/10/02/code-2/index.html")?.contains(#"<pre tabindex="0" role="group" aria-label="Code"><code class="language-swift">let answer = 42"#) == true)
    }

    @Test func shortcodesAndEscapingWithPygments() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-01-jekyll.md": TestBlog.post("title: Jekyll", "{% highlight ruby %}\nputs \"</code><script>\"\n{% endhighlight %}\n"),
            "posts/2019-10-02-hugo.md": TestBlog.post("title: Hugo", "{{< highlight go >}}\nfmt.Println(\"</code><script>\")\n{{< /highlight >}}\n"),
        ])
        try blog.build(blog.options(highlighter: PygmentsHighlighter(pythons: ["/usr/bin/python3"])))
        let jekyll = try #require(blog.page("2019/10/01/jekyll/index.html"))
        let hugo = try #require(blog.page("2019/10/02/hugo/index.html"))
        #expect(jekyll.contains(#"<code class="language-ruby"><span class="nb">puts</span>"#))
        #expect(hugo.contains(#"<code class="language-go"><span class="nx">fmt</span>"#) || hugo.contains(#"<code class="language-go"><span class="n">fmt</span>"#))
        for page in [jekyll, hugo] {
            #expect(!page.contains("<script>") && page.contains("&lt;/code&gt;&lt;script&gt;"))
        }
    }
}
