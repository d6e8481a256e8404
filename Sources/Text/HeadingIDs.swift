/// How a heading gets its `id`, the `#part` of a link to it: galley.yml's `heading_ids`. A
/// blog moved from Jekyll, Hugo or Zola keeps the rule of the Markdown renderer it was built
/// with, so that links into its posts (`/post/#install`) still land where they did.
///
/// Whatever the rule, every id of a page is made unique the same way (`notes`, `notes-1`,
/// `notes-2`, skipping any a heading took already), which is also how Hugo, Zola and kramdown
/// count them.
package enum HeadingIDs: String, Sendable, CaseIterable {
    /// Galley's own: the heading made a slug, ``Slug/make(_:)`` (`beautify.js` is `beautify-js`).
    case galley
    /// kramdown's, as Jekyll runs it (its GFM input, Jekyll's default): lower-cased, letters,
    /// digits, marks, `_` and `-` kept, each space or tab a `-` (`beautify.js` is `beautifyjs`).
    case kramdown
    /// Goldmark's, as Hugo sets it up (`autoHeadingIDType: github`), made from the heading as
    /// written in the Markdown, link addresses and all.
    case goldmark
    /// Zola's: the heading made ASCII, lower-cased, any other run of characters one `-`.
    case zola

    /// A heading's id before it is made unique. `text` is its text as rendered (code spans in,
    /// markup out, ``prose(_:)`` applied to what is not code); `written` the heading's line as
    /// written in the Markdown without its `#` marks, which only Goldmark reads.
    package func base(text: String, written: @autoclosure () -> String) -> String {
        switch self {
        case .galley: Slug.make(text)
        case .kramdown: Self.kramdown(text)
        case .goldmark: Self.goldmark(written())
        case .zola: Self.zola(text)
        }
    }

    /// The id of a heading the rule makes nothing of (`## !!!`): Goldmark's own, and Galley's
    /// for the rest, whose generators give such a heading no id a link could have used.
    package var fallback: String {
        self == .goldmark ? "heading" : "section"
    }

    /// Text of a heading outside code as the renderer saw it before making an id of it.
    package func prose(_ text: String) -> String {
        self == .kramdown ? Self.kramdownTypography(text) : text
    }

    /// Whether the rule reads the heading as written (``base(text:written:)``'s `written`).
    package var readsWrittenHeading: Bool { self == .goldmark }
}
