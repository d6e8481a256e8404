import Testing

import Text

@Suite struct PrintableTextTests {
    @Test func controlCharactersAreWrittenOut() {
        #expect(PrintableText.of("plain é 日本") == "plain é 日本")
        #expect(PrintableText.of("\u{1B}]0;owned\u{7}\u{1B}[2J") == #"\u{1B}]0;owned\u{7}\u{1B}[2J"#)
        #expect(PrintableText.of("del\u{7F} c1\u{9B}x") == #"del\u{7F} c1\u{9B}x"#)
        #expect(PrintableText.of("two\nlines\tand a tab") == "two\nlines\tand a tab")
        #expect(PrintableText.of("a\nname\t", keepingLines: false) == #"a\u{A}name\u{9}"#)
    }
}
