import Testing

@testable import SiteCompiler

@Suite struct MathSpansTests {
    func render(_ markdown: String) -> String {
        var math = MathSpans()
        let text = math.protect(markdown, regions: MarkdownRegions(markdown).math)
        return math.restore(MarkdownRenderer().render(text).html)
    }

    @Test func mathReachesThePageAsWritten() {
        #expect(render("$$\n\\begin{matrix} a & b \\\\ c_1 & d_2 \\end{matrix}\n$$")
            == "<p>$$\n\\begin{matrix} a &amp; b \\\\ c_1 &amp; d_2 \\end{matrix}\n$$</p>\n")
        // `\\(` is how a Markdown post spells MathJax's `\(`.
        #expect(render("Inline \\\\(a_1 * b_1 < c\\\\) here.") == "<p>Inline \\(a_1 * b_1 &lt; c\\) here.</p>\n")
        #expect(render("No math: $5 and `$$x$$`.") == "<p>No math: $5 and <code>$$x$$</code>.</p>\n")
    }

    @Test func aStrayMarkerInTheTextStays() {
        var math = MathSpans()
        _ = math.protect("$$x$$", regions: MarkdownRegions("$$x$$").math)
        #expect(math.restore("a \u{E002}9\u{E003} b \u{E002}0\u{E003}") == "a \u{E002}9\u{E003} b $$x$$")
    }
}
