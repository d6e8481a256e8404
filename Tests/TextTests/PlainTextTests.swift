import Testing

import Text

@Suite struct PlainTextTests {
    @Test func plainTextDropsTagsButNotWords() {
        #expect(PlainText.of("<p>Push <code>main</code>, then <em>wait</em>.</p><p>Next&nbsp;one &amp; more</p>")
            == "Push main, then wait. Next one & more")
        #expect(PlainText.of("a<script>x()</script>b<!-- note -->c<style>p{}</style>d") == "abcd")
        #expect(PlainText.of("1 < 2 and 3 > 2") == "1 < 2 and 3 > 2")
    }

    @Test func wordsAreCountedOutsideTags() {
        #expect(PlainText.wordCount("<p>One <em>two</em> three.</p>\n<p>Four\tfive</p>") == 5)
        #expect(PlainText.wordCount("<img src=\"a b c.jpg\"><p></p>") == 0)
        #expect(PlainText.wordCount("") == 0)
        // A tag inside a word does not split it; text after an unclosed tag is not counted.
        #expect(PlainText.wordCount("un<em>break</em>able words") == 2)
        #expect(PlainText.wordCount("one two <a href=\"three four") == 2)
        #expect(PlainText.wordCount("ends with <") == 2)
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
            #expect(PlainText.wordCount(html) == byTheRule(html), "\(html.debugDescription)")
        }
    }

    @Test func truncateCutsAtAWord() {
        #expect(PlainText.truncate("one two three four", to: 9) == "one two…")
        #expect(PlainText.truncate("short", to: 9) == "short")
        #expect(PlainText.truncate("one two, three", to: 9) == "one two…")
        #expect(PlainText.truncate("onetwothree", to: 5) == "onetw…")
        // Counted in characters, whatever their bytes: "é" is two, a flag eight, and "\r\n" is one.
        #expect(PlainText.truncate("café crème brûlée", to: 11) == "café crème…")
        #expect(PlainText.truncate("🇫🇷 🇫🇷 🇫🇷 🇫🇷", to: 6) == "🇫🇷 🇫🇷 🇫🇷…")
        #expect(PlainText.truncate("ab\r\ncd ef gh", to: 6) == "ab\r\ncd…")
        #expect(PlainText.truncate("ab\ncd ef gh", to: 6) == "ab\ncd…")
    }
}
