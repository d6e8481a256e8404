import FileSystem
@testable import Markdown
import Testing


@Suite struct MarkdownRendererTests {
    let renderer = MarkdownRenderer()

    /// cmark-gfm switches the extensions' special characters (`~`, and `:` and `w` for
    /// autolinks) on and off in a table shared by the whole process while it parses inlines;
    /// posts render on every core, and a post must come out the same whatever the others are
    /// doing meanwhile.
    @Test func postsRenderedAtTheSameTimeKeepTheirExtensions() {
        let renderer = renderer
        let markdown = (0..<4000).map {
            "Post \($0): ~~old~~ new, see www.example.com, and a long line of plain words after it.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
        }
        let html = Parallel.map(markdown) { renderer.render($0).html }
        let broken = html.filter {
            !$0.contains("<del>old</del>") || !$0.contains("<table>") || !$0.contains(#"<a href="http://www.example.com">"#)
        }
        #expect(broken.isEmpty, "\(broken.count) of \(html.count) lost an extension, such as: \(broken.first ?? "")")
    }

    /// Galley's own `cmark_manage_extensions_special_characters` stands in for the library's
    /// (CCmarkCharacters), so that parsers finish without waiting for each other: a binary
    /// whose link lost it would still render right, but parse inlines one post at a time.
    @Test func parsersFinishTogetherOnceOneHasFinished() {
        _ = renderer.render("A ~~struck~~ word.")
        #expect(MarkdownRenderer.parsersFinishTogether)
    }

    @Test func footnotesTablesStrikethroughAndAutolinks() {
        let html = renderer.render("""
            Text[^1] with ~~old~~ words and https://example.com here.

            | a | b |
            |---|--:|
            | 1 | 2 |

            - [x] done

            [^1]: The note.
            """).html
        #expect(html.contains(##"<sup class="footnote-ref"><a href="#fn:1" id="fnref:1" data-footnote-ref>1</a></sup>"##))
        #expect(html.contains(#"<section class="footnotes" data-footnotes>"#))
        // The ids Jekyll's kramdown and Hugo's Goldmark give, which moved posts link to.
        #expect(html.contains(#"<li id="fn:1">"#))
        #expect(html.contains(##"href="#fnref:1""##) && !html.contains("fn-1"))
        #expect(html.contains("<del>old</del>"))
        #expect(html.contains(#"<a href="https://example.com">https://example.com</a>"#))
        #expect(html.contains("<table>"))
        #expect(html.contains(#"<th style="text-align: right">b</th>"#))
        #expect(!html.contains("align="), "HTML5 has no align attribute")
        #expect(html.contains(#"<input type="checkbox" checked="" disabled="" />"#))
    }

    @Test func rawHTMLPassesThroughUntouched() {
        let embed = #"<iframe src="https://player.example.com/1" allowfullscreen></iframe>"#
        let html = renderer.render("Before\n\n\(embed)\n\n<script>track()</script>\n\nAfter <kbd>⌘</kbd>").html
        #expect(html.contains(embed))
        #expect(html.contains("<script>track()</script>"))
        #expect(html.contains("<kbd>⌘</kbd>"))
    }

    @Test func headingsGetUniqueAnchors() {
        let html = renderer.render("## Why *this*?\n\ntext\n\n## Why this\n\n### `code` heading").html
        #expect(html.contains(#"<h2 id="why-this">Why <em>this</em>?</h2>"#))
        #expect(html.contains(#"<h2 id="why-this-1">Why this</h2>"#))
        #expect(html.contains(#"<h3 id="code-heading"><code>code</code> heading</h3>"#))
        // Everything around the headings comes through byte for byte, to the last.
        #expect(renderer.render("# Über uns\n\nText é \u{E000}.\n\n## Zwei").html
            == "<h1 id=\"uber-uns\">Über uns</h1>\n<p>Text é \u{E000}.</p>\n<h2 id=\"zwei\">Zwei</h2>\n")
    }

    @Test func aHeadingWhoseIDAnEarlierOneTookGetsAnotherAndNoneTakesAFootnotes() {
        let html = renderer.render("## Notes\n\n## Notes\n\n## Notes 1\n\n## Fn 1\n\nText[^1].\n\n[^1]: A note.").html
        let ids = html.matches(of: #/ id="([^"]*)"/#).map { String($0.output.1) }
        #expect(ids.filter { !$0.hasPrefix("fn") } == ["notes", "notes-1", "notes-1-1", "section-fn-1"])
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(html.contains(#"<li id="fn:1">"#))
    }

    @Test func codeBlocksKeepTheirLanguage() {
        let html = renderer.render("```swift\nlet x = 1 < 2\n```").html
        #expect(html == "<pre><code class=\"language-swift\">let x = 1 &lt; 2\n</code></pre>\n")
    }

    @Test func excerptIsTheTextBeforeMoreOrTheFirstParagraph() {
        let marked = renderer.render("One.\n\nTwo.\n\n<!--more-->\n\nThree.")
        #expect(marked.excerpt == "<p>One.</p>\n<p>Two.</p>\n")
        #expect(marked.isTruncated)
        let plain = renderer.render("# Title\n\nFirst paragraph.\n\nSecond.")
        #expect(plain.excerpt == "<p>First paragraph.</p>\n")
        #expect(plain.isTruncated)
        let short = renderer.render("Only this.")
        #expect(!short.isTruncated)
    }

    /// A more line written inside a paragraph ends the excerpt there, with the paragraph closed.
    @Test func aMoreLineInsideAParagraphClosesIt() {
        #expect(renderer.render("foo <!--more--> bar").excerpt == "<p>foo</p>\n")
        #expect(renderer.render("x\n    <!-- more -->\ny").excerpt == "<p>x</p>\n")
        #expect(renderer.render("One.\n\n<!--more-->\n\nTwo.").excerpt == "<p>One.</p>\n")
        #expect(MarkdownRenderer.passThrough("<p>a <!--more--> b</p>").excerpt == "<p>a</p>\n")
    }
}

extension MarkdownRendererTests {
    @Test func anAddressInsideARawLinkIsNotLinkedAgain() {
        let html = MarkdownRenderer().render("""
            Write to <a href="mailto:team@example.com">team@example.com</a> or <A HREF="https://example.com">*https://example.com/x*</a>.

            Plain team@example.com and https://example.com/y stay linked.
            """).html
        #expect(html.contains(#"<a href="mailto:team@example.com">team@example.com</a>"#))
        #expect(html.contains(#"<A HREF="https://example.com"><em>https://example.com/x</em></a>"#))
        #expect(html.contains(#"Plain <a href="mailto:team@example.com">team@example.com</a> and <a href="https://example.com/y">https://example.com/y</a>"#))
        // No anchor opens inside another.
        var depth = 0, deepest = 0
        for match in html.lowercased().split(separator: "<", omittingEmptySubsequences: true) {
            if match.hasPrefix("a ") || match.hasPrefix("a>") { depth += 1 } else if match.hasPrefix("/a>") { depth -= 1 }
            deepest = max(deepest, depth)
        }
        #expect(deepest == 1)
    }
}
