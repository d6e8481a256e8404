import Testing

import Text

@Suite struct XMLWriterTests {
    @Test func textAndAttributesAreEscapedWithoutAsking() {
        var xml = XMLWriter()
        xml.element("feed", [("xml:lang", "en\"><x")]) { xml in
            xml.element("title", text: "</title><script>alert(1)</script> & more")
            xml.empty("link", [("href", "https://example.com/?a=1&b=<2>")])
        }
        #expect(xml.text == """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xml:lang="en&quot;&gt;&lt;x">
            <title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</title>
            <link href="https://example.com/?a=1&amp;b=&lt;2&gt;"/>
            </feed>

            """)
    }

    @Test func inlineElementsShareOneLine() {
        var xml = XMLWriter()
        xml.element("urlset") { xml in
            for path in ["/a/", "/b/"] {
                xml.inline { xml in
                    xml.element("url") { xml in xml.element("loc", text: "https://example.com" + path) }
                }
            }
        }
        #expect(xml.text.split(separator: "\n") == [
            #"<?xml version="1.0" encoding="utf-8"?>"#, "<urlset>",
            "<url><loc>https://example.com/a/</loc></url>", "<url><loc>https://example.com/b/</loc></url>", "</urlset>",
        ])
    }
}
