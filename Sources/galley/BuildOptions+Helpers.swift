import KaTeX
import Pygments
import SiteCompiler
import SiteContent

extension BuildOptions {
    /// Gives a build the helper programs of the command line: Debian's Pygments for code, its
    /// python3-emoji for `:names:` and KaTeX for math. The one place they are chosen: builds,
    /// deploys and the watcher's child builds all go through it, and the libraries below ask
    /// only the protocols.
    @Sendable static func equip(_ options: inout BuildOptions) {
        // One Pygments helper for the build (and, with --watch, for every build after it),
        // started when the first block needs it.
        options.highlighter = PygmentsHighlighter()
        options.emoji = PythonEmoji()
        options.typesetter = KaTeXTypesetter()
    }
}
