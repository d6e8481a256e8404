import Testing

import Text

@Suite struct HTMLEscapeTests {
    @Test func escapingLeavesPlainTextAlone() {
        #expect(HTMLEscape.text("Plain title, 2024") == "Plain title, 2024")
        #expect(HTMLEscape.text("Tom & Jerry's <b>\"best\"</b>") == "Tom &amp; Jerry&#39;s &lt;b&gt;&quot;best&quot;&lt;/b&gt;")
        #expect(HTMLEscape.decode("no entities") == "no entities")
        #expect(HTMLEscape.decode("a &amp; b &#39;c&#39;") == "a & b 'c'")
    }

    @Test func xmlEscapeDropsCharactersXMLCannotHold() {
        #expect(HTMLEscape.xml("a\u{0}b & 'c' <d>") == "ab &amp; &apos;c&apos; &lt;d&gt;")
        #expect(HTMLEscape.xml("https://example.com/2019/10/08/a-b_c/?q=1") == "https://example.com/2019/10/08/a-b_c/?q=1")
        #expect(HTMLEscape.xml("café \"x\"\u{1F}\u{7F} 日本\u{FFFE}") == "café &quot;x&quot;\u{7F} 日本")
    }
}
