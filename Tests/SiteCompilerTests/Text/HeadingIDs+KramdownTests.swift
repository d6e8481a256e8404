@testable import Markdown
import Testing

@testable import SiteCompiler
@testable import Text

/// kramdown's ids, as Jekyll (kramdown 2 with its GFM parser) made them for these headings.
@Suite struct HeadingIDsKramdownTests {
    @Test(arguments: [
        ("The example.com wake up call", "the-examplecom-wake-up-call"),
        ("beautify.js", "beautifyjs"),
        ("Format code - prettier", "format-code---prettier"),
        ("Ünïcode Títle", "ünïcode-títle"),
        ("1st link em and_under", "1st-link-em-and_under"),
        ("192 abc 192", "192-abc-192"),
        ("before \tafter tab", "before--after-tab"),
        ("!!!", ""),
    ])
    func idsOfText(text: String, expected: String) {
        #expect(HeadingIDs.kramdown(text) == expected)
    }

    /// kramdown makes `--` and `---` dashes, which its ids leave out.
    @Test(arguments: [
        ("A -- B --- C ---- D", "A  B  C - D"),
        ("no dashes - here", "no dashes - here"),
        ("-----", ""),
    ])
    func dashesAreTypography(text: String, expected: String) {
        #expect(HeadingIDs.kramdownTypography(text) == expected)
    }

    @Test func dashesInCodeStay() {
        let html = MarkdownRenderer(headingIDs: .kramdown).render("## A -- B --- C ---- D\n\n## Use `--force` now\n").html
        #expect(html.contains("<h2 id=\"a--b--c---d\">"), "\(html)")
        #expect(html.contains("<h2 id=\"use---force-now\">"), "\(html)")
    }
}
