import Testing

@testable import SiteCompiler

@Suite struct HTMLTextTests {
    @Test func plainTextDropsTagsButNotWords() {
        #expect(HTMLText.plainText("<p>Push <code>main</code>, then <em>wait</em>.</p><p>Next&nbsp;one &amp; more</p>")
            == "Push main, then wait. Next one & more")
        #expect(HTMLText.plainText("a<script>x()</script>b<!-- note -->c<style>p{}</style>d") == "abcd")
        #expect(HTMLText.plainText("1 < 2 and 3 > 2") == "1 < 2 and 3 > 2")
    }

    @Test func wordsAreCountedOutsideTags() {
        #expect(HTMLText.wordCount("<p>One <em>two</em> three.</p>\n<p>Four\tfive</p>") == 5)
        #expect(HTMLText.wordCount("<img src=\"a b c.jpg\"><p></p>") == 0)
        #expect(HTMLText.wordCount("") == 0)
        // A tag inside a word does not split it; text after an unclosed tag is not counted.
        #expect(HTMLText.wordCount("un<em>break</em>able words") == 2)
        #expect(HTMLText.wordCount("one two <a href=\"three four") == 2)
        #expect(HTMLText.wordCount("ends with <") == 2)
    }

    /// The count runs over bytes in a loop without branches; it must agree with the rule read
    /// one byte at a time: white space (space, tab, CR, LF) ends a word, a tag does neither,
    /// and an unclosed tag ends the text.
    @Test func wordCountFollowsTheRule() {
        func byTheRule(_ html: String) -> Int {
            let bytes = Array(html.utf8)
            var words = 0, inWord = false, index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "<") {
                    guard let end = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: ">")) else { break }
                    index = end + 1
                    continue
                }
                let isSpace = [0x20, 0x0A, 0x09, 0x0D].contains(bytes[index])
                if !isSpace && !inWord { words += 1 }
                inWord = !isSpace
                index += 1
            }
            return words
        }
        var random = SystemRandomNumberGenerator()
        let pieces = ["a", "word", " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "<", ">", "<em>", "</em>", "é", "\u{A0}", "<p>", "&amp;", "."]
        for _ in 0..<3000 {
            let html = (0..<Int.random(in: 0...30, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(HTMLText.wordCount(html) == byTheRule(html), "\(html.debugDescription)")
        }
    }

    @Test func escapingLeavesPlainTextAlone() {
        #expect(HTMLText.escape("Plain title, 2024") == "Plain title, 2024")
        #expect(HTMLText.escape("Tom & Jerry's <b>\"best\"</b>") == "Tom &amp; Jerry&#39;s &lt;b&gt;&quot;best&quot;&lt;/b&gt;")
        #expect(HTMLText.decodeEntities("no entities") == "no entities")
        #expect(HTMLText.decodeEntities("a &amp; b &#39;c&#39;") == "a & b 'c'")
    }

    @Test func truncateCutsAtAWord() {
        #expect(HTMLText.truncate("one two three four", to: 9) == "one two…")
        #expect(HTMLText.truncate("short", to: 9) == "short")
        #expect(HTMLText.truncate("one two, three", to: 9) == "one two…")
        #expect(HTMLText.truncate("onetwothree", to: 5) == "onetw…")
        // Counted in characters, whatever their bytes: "é" is two, a flag eight, and "\r\n" is one.
        #expect(HTMLText.truncate("café crème brûlée", to: 11) == "café crème…")
        #expect(HTMLText.truncate("🇫🇷 🇫🇷 🇫🇷 🇫🇷", to: 6) == "🇫🇷 🇫🇷 🇫🇷…")
        #expect(HTMLText.truncate("ab\r\ncd ef gh", to: 6) == "ab\r\ncd…")
        #expect(HTMLText.truncate("ab\ncd ef gh", to: 6) == "ab\ncd…")
    }

    @Test func rebaseMakesLinksWorkElsewhere() {
        let html = ##"<a href="/about/">a</a> <img src="photo.jpg"> <a href="#fn-1">1</a> <a href="https://x.org/">x</a> <a href="mailto:a@b.c">m</a>"##
        #expect(HTMLText.rebaseLinks(html, root: "https://e.com/", base: "https://e.com/2019/post/") ==
            ##"<a href="https://e.com/about/">a</a> <img src="https://e.com/2019/post/photo.jpg"> <a href="https://e.com/2019/post/#fn-1">1</a> <a href="https://x.org/">x</a> <a href="mailto:a@b.c">m</a>"##)
        #expect(HTMLText.rebaseLinks("", root: "https://e.com/", base: "https://e.com/p/") == "")
        #expect(HTMLText.rebaseLinks("no links at all", root: "https://e.com/", base: "https://e.com/p/") == "no links at all")
        // An attribute never closed is left as it is, and so is everything after it.
        #expect(HTMLText.rebaseLinks(##"<a href="/x/">x</a> <a href="/y"##, root: "https://e.com/", base: "https://e.com/p/")
            == ##"<a href="https://e.com/x/">x</a> <a href="/y"##)
        #expect(HTMLText.rebaseLinks(##"<video poster="p.jpg" src="v.mp4"></video> "##, root: "https://e.com/", base: "https://e.com/p/")
            == ##"<video poster="https://e.com/p/p.jpg" src="https://e.com/p/v.mp4"></video> "##)
    }

    @Test func footnoteReferencesLeaveExcerpts() {
        let ref = { (n: Int) in "<sup class=\"footnote-ref\"><a href=\"#fn-\(n)\" id=\"fnref-\(n)\">\(n)</a></sup>" }
        #expect(HTMLText.removeFootnoteReferences("<p>One\(ref(1)) and two\(ref(2)).</p>") == "<p>One and two.</p>")
        #expect(HTMLText.removeFootnoteReferences("<p>café, no notes</p>") == "<p>café, no notes</p>")
        #expect(HTMLText.removeFootnoteReferences("<p>a\(ref(1)) b<sup class=\"footnote-ref\">open") == "<p>a b<sup class=\"footnote-ref\">open")
    }

    @Test func xmlEscapeDropsCharactersXMLCannotHold() {
        #expect(HTMLText.xmlEscape("a\u{0}b & 'c' <d>") == "ab &amp; &apos;c&apos; &lt;d&gt;")
        #expect(HTMLText.xmlEscape("https://example.com/2019/10/08/a-b_c/?q=1") == "https://example.com/2019/10/08/a-b_c/?q=1")
        #expect(HTMLText.xmlEscape("café \"x\"\u{1F}\u{7F} 日本\u{FFFE}") == "café &quot;x&quot;\u{7F} 日本")
    }
}
