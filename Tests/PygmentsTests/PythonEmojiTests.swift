import Highlighting
import Testing

@testable import Pygments

/// Debian's python3-emoji, which scripts/test installs, names emoji as GitHub does.
@Suite struct PythonEmojiTests {
    @Test func githubsNamesAreKnown() throws {
        let names = try PythonEmoji().names()
        #expect(names["ship"] == "🚢")
        #expect(names["+1"] == "👍")
        #expect(names["smile"] == "😄")
        #expect(names["tada"] == "🎉")
        #expect(names.count > 1000)
    }

    @Test func aMissingPythonSaysSo() {
        #expect(throws: EmojiUnavailable.self) { try PythonEmoji(python: "/nonexistent/python3").names() }
    }
}
