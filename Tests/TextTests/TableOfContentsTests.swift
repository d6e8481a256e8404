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
}
