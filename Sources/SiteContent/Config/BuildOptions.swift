import Foundation
import Highlighting
import Typesetting

/// What a single build is asked to do beyond what `galley.yml` says.
package struct BuildOptions: Sendable {
    /// Replaces `base_url` in every absolute link (feeds, sitemap, canonical links, og:url).
    package var baseURL: URL?
    /// Publish posts marked `draft: true`.
    package var includeDrafts: Bool
    /// Publish posts dated after `now`.
    package var includeFuture: Bool
    /// Keep search engines out: a robots `noindex` tag in every page and a robots.txt that disallows all.
    package var noindex: Bool
    /// Whether the build is for publishing, where a galley.yml without `base_url` (and no
    /// ``baseURL`` given) is an error: feeds, the sitemap and canonical links need the address.
    package var requireBaseURL = false
    /// Whether a layout that reads a name no page provides stops the build (`--strict`).
    package var strict = false
    /// The moment that decides what counts as future; fixed by tests.
    package var now: Date
    /// What highlights fenced code (`galley` gives Pygments); nil shows code as cmark-gfm
    /// writes it. `highlight: false` in galley.yml turns it off too.
    package var highlighter: (any CodeHighlighter)?
    /// What names emoji for `emoji: true` in galley.yml (`galley` gives python3-emoji's names);
    /// nil leaves `:name:` as written, with a warning when the blog asks for emoji.
    package var emoji: (any EmojiSource)?
    /// What typesets math as MathML (`galley` gives KaTeX); nil leaves the TeX in its
    /// delimiters. `math: false` in galley.yml turns it off too.
    package var typesetter: (any MathTypesetter)?

    /// Creates options; the defaults are a plain production build.
    package init(baseURL: URL? = nil, includeDrafts: Bool = false, includeFuture: Bool = false, noindex: Bool = false, now: Date = Date(),
                highlighter: (any CodeHighlighter)? = nil, emoji: (any EmojiSource)? = nil, typesetter: (any MathTypesetter)? = nil) {
        self.baseURL = baseURL
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.noindex = noindex
        self.now = now
        self.highlighter = highlighter
        self.emoji = emoji
        self.typesetter = typesetter
    }
}
