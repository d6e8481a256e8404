import SiteContent
import Text

/// What a post's HTML gets on its way into a page, beside what the Markdown made of it: its
/// code blocks reachable by keyboard (``CodeBlockFocus``), its pictures sized (``ImageSizes``)
/// and its footnotes' way back labelled in the site's language. Feeds keep the body as the
/// Markdown made it; these are for the pages a browser shows.
package struct BodyFinish: Sendable {
    /// The word that labels a code block, in the site's language.
    var codeLabel: String
    /// What screen readers say for a footnote's link back to the text, in the site's language.
    var backToContent: String = Self.cmarkBackLabel
    /// The blog's pictures' sizes; nil sizes none (a test's context).
    var images: ImageSizes?
    /// The base URL's path, under which the blog's own root-relative links stand.
    var basePath: String

    /// `html`, of the page at the site path `page`, finished.
    func finished(_ html: String, page: String) -> String {
        let sized = images?.sized(html, page: page, basePath: basePath) ?? html
        let focusable = CodeBlockFocus.focusable(sized, label: codeLabel)
        guard backToContent != Self.cmarkBackLabel, UTF8Search.contains(Self.cmarkBackAttribute, in: focusable) else { return focusable }
        return UTF8Search.replacing(Self.cmarkBackAttribute, with: "data-footnote-backref aria-label=\"\(HTMLEscape.text(backToContent))\">",
                                 in: focusable)
    }

    /// The label cmark-gfm gives every footnote's link back, in English.
    static let cmarkBackLabel = "Back to content"
    /// That label as cmark-gfm writes it, closing the link's start tag: only its own links end so.
    static let cmarkBackAttribute = "data-footnote-backref aria-label=\"Back to content\">"
}
