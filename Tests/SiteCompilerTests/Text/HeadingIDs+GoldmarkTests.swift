@testable import Markdown
import Testing

@testable import SiteCompiler
@testable import Text

/// Goldmark's ids, as Hugo made them for these headings.
@Suite struct HeadingIDsGoldmarkTests {
    @Test(arguments: [
        ("beautify.js", "beautifyjs"),
        ("Format code - prettier", "format-code---prettier"),
        ("The example.com wake up call", "the-examplecom-wake-up-call"),
        ("God is good: 神真美好", "god-is-good-神真美好"),
        ("Many   spaces  here", "many---spaces--here"),
        ("Trailing hyphen-", "trailing-hyphen-"),
        ("Under_score", "under_score"),
        ("Resumé & Co.", "resumé--co"),
        ("1st [link](http://x.com/a) *em* `code` and_under", "1st-linkhttpxcoma-em-code-and_under"),
    ])
    func idsOfWrittenText(written: String, expected: String) {
        #expect(HeadingIDs.goldmark(written) == expected)
    }

    @Test(arguments: [
        ("## Title", "Title"),
        ("##   Title ##  ", "Title"),
        ("## C#", "C#"),
        ("# Title #not-closing", "Title #not-closing"),
        ("Setext line  ", "Setext line"),
        ("##", ""),
    ])
    func writtenTextLeavesTheMarksOut(line: String, expected: String) {
        #expect(HeadingIDs.writtenText(ofLine: Substring(line)) == expected)
    }

    @Test func theRendererReadsHeadingsAsWritten() {
        let html = MarkdownRenderer(headingIDs: .goldmark).render("""
            ## 1st [link](http://x.com/a) *em* `code`

            > ## Quoted _title_

            Setext *title*
            --------------

            ## !!!

            ## !!!
            """).html
        #expect(html.contains("<h2 id=\"1st-linkhttpxcoma-em-code\">"), "\(html)")
        #expect(html.contains("<h2 id=\"quoted-_title_\">"), "\(html)")
        #expect(html.contains("<h2 id=\"setext-title\">"), "\(html)")
        #expect(html.contains("<h2 id=\"heading\">") && html.contains("<h2 id=\"heading-1\">"), "\(html)")
    }
}
