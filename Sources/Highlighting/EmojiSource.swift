/// Names emoji the way GitHub and jemoji write them (`ship` for 🚢, `+1` for 👍): the seam the
/// site compiler asks for `emoji: true`, with Debian's python3-emoji behind it in `galley`
/// (the Pygments module's `PythonEmoji`) and a table of its own in tests.
package protocol EmojiSource: Sendable {
    /// Every name known, without its colons, and the emoji it stands for.
    ///
    /// Throws ``EmojiUnavailable`` when the names cannot be had (no Python, no python3-emoji):
    /// the build then says so once and leaves `:name:` as written.
    func names() throws(EmojiUnavailable) -> [String: String]

    /// What names emoji, as the installed package that does: known without asking it, so that
    /// a build that would otherwise do nothing can tell the names may differ.
    var identity: String { get }
}

/// Why emoji names cannot be had, in words a user can act on.
package struct EmojiUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
