import SiteTestSupport
import Testing

@testable import SiteCompiler
@testable import Text

@Suite struct HeadingAnchorsTests {
    @Test func eachHeadingWithAnIDLinksToItself() {
        let html = "<h2 id=\"why\">Why <em>this</em>?</h2>\n<p>Text</p>\n<h3 id=\"how-1\">How</h3>\n"
        #expect(HeadingAnchors.linked(html)
            == "<h2 id=\"why\"><a class=\"anchor\" href=\"#why\">Why <em>this</em>?</a></h2>\n<p>Text</p>\n<h3 id=\"how-1\"><a class=\"anchor\" href=\"#how-1\">How</a></h3>\n")
    }

    @Test func headingsThatHoldALinkOrHaveNoIDAreLeftAlone() {
        for html in ["<h2 id=\"a\">See <a href=\"/x\">x</a></h2>", "<h2>No id</h2>", "<h2 class=\"x\" id=\"a\">Other order</h2>",
                     "<p>Not a heading id=\"a\"</p>", "<h2 id=\"open\">never closed", "<h2 id=\"a\"></h2>"] {
            #expect(HeadingAnchors.linked(html) == html, "\(html)")
        }
        let mixed = "<h2 id=\"a\">See <A HREF=\"/x\">x</A></h2><h2 id=\"b\">B</h2>"
        #expect(HeadingAnchors.linked(mixed) == "<h2 id=\"a\">See <A HREF=\"/x\">x</A></h2><h2 id=\"b\"><a class=\"anchor\" href=\"#b\">B</a></h2>")
    }

    /// Other tags that start as a heading's do, and a heading too close to the end to be whole.
    @Test func onlyWholeHeadingsAmongLookalikesAreLinked() {
        let html = "<hr><h7 id=\"x\">7</h7><header><h2 id=\"a\">A</h3></h2><h4 id=\"\">empty id</h4><h5 id=\"b\">B</h5><h2 id="
        #expect(HeadingAnchors.linked(html)
            == "<hr><h7 id=\"x\">7</h7><header><h2 id=\"a\"><a class=\"anchor\" href=\"#a\">A</h3></a></h2><h4 id=\"\">empty id</h4><h5 id=\"b\"><a class=\"anchor\" href=\"#b\">B</a></h5><h2 id=")
    }

    @Test func textAfterTheLastHeadingComesThroughWhole() {
        let html = "<h1 id=\"é\">Ü</h1>tail é \u{E000}"
        #expect(HeadingAnchors.linked(html) == "<h1 id=\"é\"><a class=\"anchor\" href=\"#é\">Ü</a></h1>tail é \u{E000}")
    }

    @Test func excerptsLoseTheirHeadingIDs() {
        #expect(HeadingAnchors.withoutIDs(#"<h2 id="intro">Intro</h2><p id="keep">x</p><h3 id="a-b">A</h3>"#)
                == #"<h2>Intro</h2><p id="keep">x</p><h3>A</h3>"#)
        #expect(HeadingAnchors.withoutIDs("<p>no headings</p>") == "<p>no headings</p>")
        #expect(HeadingAnchors.withoutIDs(#"<h2 id="open"#) == #"<h2 id="open"#)
    }

    /// Two posts whose excerpts open with the same heading: the home page holds each id once.
    @Test func aListPageNeverHoldsOneHeadingIDTwice() throws {
        let body = "## Introduction\n\nFirst words.\n\n<!--more-->\n\nThe rest."
        let blog = try TestBlog(TestBlog.config, [
            "posts/2020-01-01-a.md": TestBlog.post("title: A", body),
            "posts/2020-01-02-b.md": TestBlog.post("title: B", body),
        ])
        try blog.build()
        let home = try #require(blog.page("index.html"))
        #expect(home.components(separatedBy: "First words.").count == 3)
        #expect(!home.contains(#"id="introduction""#))
        // The post's own page keeps its anchor.
        #expect(try #require(blog.page("2020/01/01/a/index.html")).contains(#"id="introduction""#))
    }
}
