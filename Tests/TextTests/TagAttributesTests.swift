import Testing

import Text

@Suite struct TagAttributesTests {
    @Test func valuesAreReadInEveryQuotingAndNamesWithoutCase() {
        let attributes = TagAttributes(#" SRC='a b.png' alt="x > y" width=320 hidden data-x = "1" src="second.png" /"#[...])
        #expect(attributes["src"] == "a b.png", "the first of a name given twice counts, as in browsers")
        #expect(attributes["alt"] == "x > y")
        #expect(attributes["width"] == "320")
        #expect(attributes["hidden"] == "")
        #expect(attributes["data-x"] == "1")
        #expect(attributes["height"] == nil)
    }

    @Test func startTagsAreFoundOutsideCommentsScriptsAndStyles() {
        let html = #"<img src="a"><!-- <img src="b"> --><script>"<img src='c'>"</script><img src="d" alt=">"><imgx><img"#
        let found = TagAttributes.startTags(named: "img", in: html).map { TagAttributes(html[$0])["src"] }
        #expect(found == ["a", "d"])
    }

    @Test func namesAreMatchedWithoutCaseAndOnlyWhole() {
        let html = #"<IMG src="a"><ImG src="b"><imgé src="c"><img1 src="d"><SCRIPT><img src="e"></Script><Style><img src="f"></STYLE><img src="g">"#
        let found = TagAttributes.startTags(named: "img", in: html).map { TagAttributes(html[$0])["src"] }
        #expect(found == ["a", "b", "g"])
    }

    /// Only ASCII letters fold: `ſcript` (long s) is no script element, and an unclosed one
    /// hides the rest of the page as browsers hide it.
    @Test func elementNamesFoldOnlyInASCII() {
        let html = #"<ſcript><img src="a"></ſcript><img src="b"><script><img src="c"></ſcript><img src="d">"#
        let found = TagAttributes.startTags(named: "img", in: html).map { TagAttributes(html[$0])["src"] }
        #expect(found == ["a", "b"])
        let comment = #"<img src="a"><!--> <img src="b"><!-- <img src="c">"#
        #expect(TagAttributes.startTags(named: "img", in: comment).map { TagAttributes(comment[$0])["src"] } == ["a", "b"])
    }

    @Test func aTagIsReadWhereverItStandsAmongOtherText() {
        let html = "héllo <span class=\"k\">x</span>\n<pre class=\"highlight\"><code>&lt;pre&gt;</code></pre> <pre\ttabindex=\"1\">"
        let found = TagAttributes.startTags(named: "pre", in: html).map { String(html[$0]) }
        #expect(found == [#" class="highlight""#, "\ttabindex=\"1\""])
    }
}
