@testable import Markdown
import Testing
import Text

@Suite struct MarkdownRendererFootnoteIDsTests {
    /// The renaming as it was first written: one replacement after another, each over the whole text.
    private func oneAfterAnother(_ html: String) -> String {
        guard UTF8Search.contains("data-footnote", in: html) else { return html }
        var html = html
        for (cmark, theirs) in [("href=\"#fn-", "href=\"#fn:"), ("id=\"fn-", "id=\"fn:"), ("href=\"#fnref-", "href=\"#fnref:"),
                                ("id=\"fnref-", "id=\"fnref:")] {
            html = UTF8Search.replacing(cmark, with: theirs, in: html)
        }
        return html
    }

    @Test func aNotesLinksAndItsWayBackAreRenamed() {
        let html = """
            <p>Text<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref>1</a></sup></p>
            <section class="footnotes" data-footnotes><ol><li id="fn-1"><p>Note <a href="#fnref-1" class="footnote-backref" \
            data-footnote-backref aria-label="Back to content">↩</a></p></li></ol></section>
            """
        let renamed = MarkdownRenderer.footnoteIDs(html)
        #expect(renamed.contains(##"<a href="#fn:1" id="fnref:1" data-footnote-ref>"##))
        #expect(renamed.contains(#"<li id="fn:1">"#) && renamed.contains(##"<a href="#fnref:1""##))
        #expect(!renamed.contains("fn-1") && !renamed.contains("fnref-1"))
    }

    /// Texts made of the spellings' pieces, cut and joined at random, with text beyond ASCII
    /// around them: the one pass renames exactly what the four did.
    @Test func onePassRenamesWhatFourPassesDid() {
        let pieces = ["href=\"#", "id=\"", "fn", "ref", "-", "f", "n", "r", "e", "\"", "#", "=", "data-footnote", "é", "日本", " ", "x", "h",
                      "href=\"#fn-", "id=\"fnref-", "grid=\"fn-"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...24, using: &generator)
            let html = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(MarkdownRenderer.footnoteIDs(html) == oneAfterAnother(html), "\(html)")
        }
    }
}
