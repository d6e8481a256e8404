import Diagnostics
import Highlighting
import SiteContent

extension SiteBuilder {
    /// The emoji names for a blog with `emoji: true`, or why there are none.
    func emojiNames(config: SiteConfig) -> (names: [String: String]?, unavailable: Diagnostic?) {
        guard config.conventions.emoji else { return (nil, nil) }
        do throws(EmojiUnavailable) {
            guard let source = options.emoji else { throw EmojiUnavailable("this build has no emoji names") }
            return (try source.names(), nil)
        } catch {
            return (nil, Diagnostic(path: SiteConfig.fileName, message:
                "emoji: true, but \(error.message); :names: are left as written: install Debian's python3-emoji, or set emoji: false"))
        }
    }
}
