import Testing
import Text

@Suite struct ForbiddenCharactersTests {
    /// What the replacement must give: each C0 control but tab, line feed and carriage return,
    /// and U+FFFE and U+FFFF, become U+FFFD; nothing else changes.
    static func expected(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let forbidden = (scalar.value < 0x20 && ![0x09, 0x0A, 0x0D].contains(scalar.value)) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
            scalars.append(forbidden ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    @Test func eachForbiddenCharacterIsReplacedAndNothingElse() {
        #expect("a\u{0}b\u{1F}c\u{7F}".replacingForbiddenCharacters() == "a\u{FFFD}b\u{FFFD}c\u{7F}")
        #expect("tab\tline\nreturn\r".replacingForbiddenCharacters() == "tab\tline\nreturn\r")
        #expect("form\u{0C}feed".replacingForbiddenCharacters() == "form\u{FFFD}feed")
        #expect("\u{FFFE}\u{FFFF}\u{FFFD}\u{FFEF}\u{F000}…".replacingForbiddenCharacters() == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFEF}\u{F000}…")
    }

    /// Texts of every length around the eight bytes looked at together, with the characters that
    /// look alike byte by byte (U+FFEF and U+F000 start with 0xEF too; tabs are below 0x20) at
    /// every place in them.
    @Test func theWordAtATimeScanFindsWhatTheCharacterAtATimeDefinitionDoes() {
        let pieces = ["a", "é", "…", "\t", "\n", "\r", "\u{0}", "\u{8}", "\u{1B}", "\u{7F}", "\u{FFFE}", "\u{FFFF}", "\u{FFEF}",
                      "\u{F000}", "\u{FFFD}", "😀", "<p>", "        "]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...24, using: &generator)
            // Mostly plain text, as pages are, so that whole plain words come before the rest.
            let text = (0..<count).map { _ in Int.random(in: 0..<4, using: &generator) == 0 ? pieces.randomElement(using: &generator)! : "abcdefgh" }
                .joined()
            #expect(text.replacingForbiddenCharacters() == Self.expected(text), "\(Array(text.utf8))")
        }
    }
}
