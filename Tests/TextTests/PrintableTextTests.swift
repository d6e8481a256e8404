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

    /// A right-to-left override makes a line read backwards (`posts/‮txt.exe` shows as
    /// `posts/exe.txt`), and a line separator breaks some terminals' lines: both are written
    /// out. Right-to-left text itself, and its marks, are not.
    @Test func bidirectionalControlsAndSeparatorsAreWrittenOut() {
        #expect(PrintableText.of("posts/\u{202E}txt.exe") == #"posts/\u{202E}txt.exe"#)
        #expect(PrintableText.of("a\u{2066}b\u{2069}c\u{2028}d\u{2029}") == #"a\u{2066}b\u{2069}c\u{2028}d\u{2029}"#)
        #expect(PrintableText.of("שלום \u{200F}עולם") == "שלום \u{200F}עולם")
    }
}
