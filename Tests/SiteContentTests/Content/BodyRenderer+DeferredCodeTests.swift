import Foundation
import Highlighting
import Markdown
@testable import SiteContent
import SiteTestSupport
import Testing
import Typesetting

@testable import SiteCompiler

/// A build renders its bodies first and puts their code in afterwards; each body must come out
/// as rendering it in one go makes it: templates, math, links under the base URL's path, and
/// the warnings in the order they were found.
@Suite struct BodyRendererDeferredCodeTests {
    /// Highlights all but `plain`, which it leaves, and `slow`, which it gives up on.
    struct Sorting: CodeHighlighter {
        let identity = "sorting"

        func highlight(_ blocks: [CodeBlock]) -> [String?] {
            blocks.map { $0.language == "plain" ? nil : "<span class=\"n\">\($0.code.count)</span>" }
        }

        func highlightEach(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) -> [BlockHighlight] {
            zip(blocks, highlight(blocks)).map { block, html in
                block.language == "slow" ? .tooSlow(seconds: 3) : html.map(BlockHighlight.html) ?? .plain
            }
        }
    }

    /// Reads no TeX: every formula a warning, found after the body's code.
    struct Refusing: MathTypesetter {
        let identity = "refusing"

        func typeset(_ formulas: [MathFormula]) -> [TypesetMath] {
            formulas.map { _ in .texError("not read") }
        }
    }

    @Test func aBodyFinishedLaterIsTheBodyRenderedAtOnce() throws {
        let config = TestBlog.config.replacingOccurrences(of: "https://example.com/", with: "https://example.com/blog/")
        let code = "```swift\nlet a = 1\n```\n\n```plain\n<b>kept</b>\n```\n\n```slow\nloop()\n```\n"
        let blog = try TestBlog(config, [
            "posts/2020-01-01-code.md": TestBlog.post("title: Code", "Intro [home](/about/).\n\n" + code),
            "posts/2020-01-02-math.md": TestBlog.post("title: Math", "$$\na < b\n$$\n\n" + code + "\n<!--more-->\n\nAfter ![x](/x.png)."),
            "posts/2020-01-03-templates.md": TestBlog.post("title: Templates", "{{ site.title }} and {{ page.missing }}\n\n" + code),
            "posts/2020-01-04-notes.md": TestBlog.post("title: Notes", "A note[^1].\n\n" + code + "\n[^1]: With ```swift\ninline``` code."),
            "posts/2020-01-05-html.html": "---\ntitle: HTML\n---\n<p>Raw <a href=\"/raw/\">link</a></p>\n",
            "posts/2020-01-06-plain.md": TestBlog.post("title: Plain", "No code at all, a [link](/p/)."),
        ])
        let siteConfig = try SiteConfig.load(from: blog.source)
        let loaded = ContentLoader(config: siteConfig, tree: blog.source).load()
        let highlighting = CodeHighlighting(highlighter: Sorting(), cache: HighlightCache(folder: nil))
        let typesetting = MathTypesetting(typesetter: Refusing(), cache: HighlightCache(folder: nil))
        let renderer = BodyRenderer(config: siteConfig, highlighting: highlighting, typesetting: typesetting)
        var left = 0
        for entry in loaded.posts {
            let whole = renderer.render(entry.document)
            let prepared = renderer.prepare(entry.document)
            if !prepared.isFinished { left += 1 }
            let finished = prepared.finish()
            let path = entry.sourcePath
            #expect(finished.rendered.html == whole.rendered.html, "\(path)")
            #expect(finished.rendered.excerpt == whole.rendered.excerpt, "\(path)")
            #expect(finished.warnings.map(\.description) == whole.warnings.map(\.description), "\(path)")
            #expect(finished.errors.map(\.description) == whole.errors.map(\.description), "\(path)")
            #expect(finished.localLinks.map(\.target) == whole.localLinks.map(\.target), "\(path)")
            #expect(finished.references.map(\.name) == whole.references.map(\.name), "\(path)")
        }
        // The four bodies with code left it for later; what they came to shows each case.
        #expect(left == 4)
        let math = renderer.prepare(try #require(loaded.posts.first { $0.sourcePath.hasSuffix("math.md") }).document).finish()
        #expect(math.rendered.html.contains(#"<pre class="highlight"><code class="language-swift"><span class="n">10</span></code></pre>"#))
        #expect(math.rendered.html.contains("<pre><code class=\"language-plain\">&lt;b&gt;kept&lt;/b&gt;\n</code></pre>"))
        #expect(math.rendered.html.contains(#"<img src="/blog/x.png""#))
        #expect(math.rendered.excerpt.contains("language-slow"))
        #expect(math.rendered.html.contains("<mi>") || math.rendered.html.contains("$$\na &lt; b\n$$"))
        // The slow block's warning before the formula's, as rendering found them before (code, then math).
        #expect(math.warnings.map(\.line) == [15, 5])
        #expect(math.warnings.first?.message.contains("slow code block took Pygments longer than 3 s") == true)
        #expect(math.warnings.last?.message.contains("not read") == true)
    }
}
