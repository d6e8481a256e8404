import Testing

import Text

@Suite struct TableOfContentsTests {
    @Test func secondAndThirdLevelHeadingsNest() throws {
        let html = """
            <h2 id="why">Why <em>this</em>?</h2><p>x</p>
            <h3 id="first">First</h3><h3 id="second">Second &amp; <a href="/x">linked</a></h3>
            <h4 id="deep">Too deep</h4><h2 id="how">How</h2><h2>No id</h2>
            """
        #expect(TableOfContents.html(for: html) == """
            <ol>
            <li><a href="#why">Why this?</a>
            <ol>
            <li><a href="#first">First</a></li>
            <li><a href="#second">Second &amp; linked</a></li>
            </ol>
            </li>
            <li><a href="#how">How</a></li>
            </ol>
            """)
    }

    @Test func onlyThirdLevelHeadingsAreOneListAndNoHeadingsNone() {
        #expect(TableOfContents.html(for: #"<h3 id="a">A</h3><h3 id="b">B</h3>"#) == "<ol>\n<li><a href=\"#a\">A</a></li>\n<li><a href=\"#b\">B</a></li>\n</ol>")
        #expect(TableOfContents.html(for: "<p>Just text</p>") == nil)
        #expect(TableOfContents.html(for: #"<h2 id="open">never closed"#) == nil)
    }

    /// A post of hundreds of thousands of headings (a few MB, within what a build reads) took
    /// minutes: each search copied the rest of the text.
    @Test(.timeLimit(.minutes(1))) func manyHeadingsAreReadInOnePass() {
        let count = 400_000
        let html = (0..<count).map { "<h2 id=\"h\($0)\">Heading \($0)</h2>\n" }.joined()
        let entries = TableOfContents.entries(in: html)
        #expect(entries.count == count)
        #expect(entries.last.map { [String($0.level), $0.id, $0.text] } == ["2", "h\(count - 1)", "Heading \(count - 1)"])
    }

    /// Headings that are never closed, or tags that end only at the end of the text, are each
    /// looked at once, not searched to the end again for every one.
    @Test(.timeLimit(.minutes(1))) func unclosedHeadingsAndLongTagsAreReadInOnePass() {
        let unclosed = String(repeating: "<h2 id=\"a\">x\n", count: 200_000) + "<h3 id=\"b\">B</h3>"
        #expect(TableOfContents.entries(in: unclosed).map(\.id) == ["b"])
        let longTag = "<h2 id=\"a\" " + String(repeating: "<h2 ", count: 200_000) + ">A</h2><h3 id=\"b\">B</h3>"
        #expect(TableOfContents.entries(in: longTag).map(\.id) == ["a", "b"])
        // An attribute whose quote is never closed holds the rest of the text, as a browser reads it.
        #expect(TableOfContents.entries(in: "<h2 title='x><h2 id=\"a\">A</h2>").isEmpty)
    }
}
