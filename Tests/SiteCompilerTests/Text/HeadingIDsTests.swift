@testable import Markdown
import Testing

@testable import SiteCompiler
@testable import Text

@Suite struct HeadingIDsTests {
    static let headings = "## beautify.js\n\n## beautify.js\n\n## Beautify JS\n\n## !!!\n\n## 1.0 release\n\n## Café\n"

    func ids(_ rule: HeadingIDs, _ markdown: String = headings) -> [String] {
        let html = MarkdownRenderer(headingIDs: rule).render(markdown).html
        return html.components(separatedBy: "<h2 id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    /// Each rule on the same headings: duplicates counted, a heading of punctuation given the
    /// rule's fallback, leading digits and letters of other scripts as the generator keeps them.
    @Test func eachRuleOnTheSameHeadings() {
        #expect(ids(.galley) == ["beautify-js", "beautify-js-1", "beautify-js-2", "section", "1-0-release", "cafe"])
        #expect(ids(.kramdown) == ["beautifyjs", "beautifyjs-1", "beautify-js", "section", "10-release", "café"])
        #expect(ids(.goldmark) == ["beautifyjs", "beautifyjs-1", "beautify-js", "heading", "10-release", "café"])
        #expect(ids(.zola) == ["beautify-js", "beautify-js-1", "beautify-js-2", "section", "1-0-release", "cafe"])
    }

    /// A heading whose id another took already gets the next free number, so every id of a
    /// page is one of a kind; kramdown alone would give `notes-1` twice here.
    @Test(arguments: HeadingIDs.allCases)
    func idsAreUniqueUnderEveryRule(rule: HeadingIDs) {
        let made = ids(rule, "## Notes\n\n## Notes 1\n\n## Notes\n\n## Notes\n")
        #expect(made == ["notes", "notes-1", "notes-2", "notes-3"])
    }

    @Test func galleysRuleIsTheDefault() {
        #expect(MarkdownRenderer().headingIDs == .galley)
        #expect(HeadingIDs(rawValue: "goldmark") == .goldmark)
    }
}
