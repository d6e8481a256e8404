import Foundation
import SiteTestSupport
import Testing

@testable import Diagnostics
@testable import FrontMatter
@testable import SiteCompiler

/// Front matter the YAML parser refuses is explained by the mistake a person most likely made,
/// at the line where it is.
@Suite struct YAMLHintTests {
    /// The one error a post with `fields` (on lines 2 and on) gets: its line, column and message.
    func error(_ fields: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Diagnostic? {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-post.md": "---\n\(fields)\n---\n\nText.\n"])
        let diagnostics = blog.failure(sourceLocation: sourceLocation)
        #expect(diagnostics.count == 1, "\(diagnostics)", sourceLocation: sourceLocation)
        return diagnostics.first
    }

    @Test func aColonInAPlainTitleSaysToQuoteIt() throws {
        let found = try error("date: 2019-10-08\ntitle: Swift: a love story\ntags: [a]")
        #expect(found?.line == 3)
        #expect(found?.column == 13)
        #expect(found?.message == "invalid YAML: a colon followed by a space starts a value: put the title in quotes")
    }

    @Test func anUnclosedQuoteIsReportedWhereItOpens() throws {
        let found = try error("title: \"Hello\ndate: 2019-10-08\ntags: [a]\nsummary: fine")
        #expect(found?.line == 2)
        #expect(found?.column == 8)
        #expect(found?.message == "invalid YAML: the double quote opened here is never closed: end the title with \"")
    }

    /// The next key's own quotes do not close it.
    @Test func anUnclosedQuoteBeforeAQuotedValue() throws {
        let found = try error("title: \"Hello\ndate: \"2019-10-08\"\ntags: [a]")
        #expect(found?.line == 2)
        #expect(found?.message == "invalid YAML: the double quote opened here is never closed: end the title with \"")
    }

    @Test func aQuotedValueMayGoOnOverLines() throws {
        // Closed on the next line: the mistake is the colon after it, not the quote.
        let found = try error("summary: \"one\n  two: three\"\ntitle: A: B")
        #expect(found?.line == 4)
        #expect(found?.message.contains("a colon followed by a space") == true)
    }

    @Test func anUnclosedBracketIsReportedWhereItOpens() throws {
        let found = try error("title: A\ntags: [swift, ios\ndate: 2019-10-08")
        #expect(found?.line == 3)
        #expect(found?.message == "invalid YAML: the '[' opened here is never closed by a ']': close it, or put the tags in quotes if it is text")
        let brace = try error("title: A\naudio: {url: a.mp3\ndate: 2019-10-08")
        #expect(brace?.line == 3)
        #expect(brace?.message.hasPrefix("invalid YAML: the '{' opened here is never closed") == true)
    }

    @Test func aTabThatIndentsIsNamed() throws {
        let found = try error("title: A\naudio:\n\turl: a.mp3")
        #expect(found?.line == 4)
        #expect(found?.column == 1)
        #expect(found?.message == "invalid YAML: a tab indents this line: YAML indents with spaces only")
    }

    @Test func aKeyWithoutASpaceAfterItsColon() throws {
        let found = try error("title: A\ndate:2019-10-08")
        #expect(found?.line == 3)
        #expect(found?.message == "invalid YAML: 'date:' needs a space after the colon to set 'date': write `date: 2019-10-08`")
    }

    @Test func aQuoteInsideSingleQuotes() throws {
        let found = try error("title: 'It's here'\ndate: 2019-10-08")
        #expect(found?.line == 2)
        #expect(found?.column == 11)
        #expect(found?.message == "invalid YAML: a quote inside single quotes ends them: write it twice ('') or put the title in double quotes")
    }

    @Test func textAfterAClosingQuote() throws {
        let found = try error("date: 2019-10-08\ntitle: \"Swift\" and more")
        #expect(found?.line == 3)
        #expect(found?.column == 16)
        #expect(found?.message == "invalid YAML: text after the closing quote: put the whole title inside the quotes")
    }

    @Test func aPlainValueStartingWithAnIndicator() throws {
        let at = try error("date: 2019-10-08\ntitle: @home")
        #expect(at?.line == 3)
        #expect(at?.message == "invalid YAML: YAML keeps '@' at the start of a value for itself: put the title in quotes")
        let tick = try error("title: `code` in titles\ndate: 2019-10-08")
        #expect(tick?.line == 2)
        #expect(tick?.message == "invalid YAML: YAML keeps '`' at the start of a value for itself: put the title in quotes")
        let bracket = try error("title: [Draft] my post\ndate: 2019-10-08")
        #expect(bracket?.line == 2)
        #expect(bracket?.message == "invalid YAML: a value that starts with '[' is a list, and text follows its ']': put the title in quotes")
        let dash = try error("date: 2019-10-08\ntitle: - a list?")
        #expect(dash?.line == 3)
        #expect(dash?.message.hasPrefix("invalid YAML: '- ' starts a list item") == true)
    }

    /// A `#` starts a comment, which leaves the title empty rather than refusing the block.
    @Test func aHashThatEmptiesTheTitleIsNamed() throws {
        let found = try error("date: 2019-10-08\ntitle: #1 post")
        #expect(found?.line == 3)
        #expect(found?.message.contains("'#' starts a comment") == true)
    }

    @Test func aKeySetTwiceIsNamedAtTheSecond() throws {
        let found = try error("title: A\ndate: 2019-10-08\ntitle: B")
        #expect(found?.line == 4)
        #expect(found?.message == "'title' is set twice")
    }

    /// galley.yml is read the same way.
    @Test func galleyYmlGetsTheHintsToo() throws {
        let blog = try TestBlog("title: My blog: notes\nbase_url: https://example.com/\n", ["posts/2019-10-08-a.md": TestBlog.post("title: A")])
        let found = blog.failure()
        #expect(found.map(\.description) == ["galley.yml:1: invalid YAML: a colon followed by a space starts a value: put the title in quotes"])
    }

    /// Good front matter of every shape the hints look at is read without a word.
    @Test func goodFrontMatterHasNoHint() throws {
        #expect(YAMLHint.first(in: "title: \"A: b\"\nsummary: >\n  text: with colon\n  \tand a tab\ntags:\n  - a\n  - b: c\nurl: http://x\n") == nil)
    }
}
