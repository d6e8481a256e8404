import SiteContent
import Text

/// What a post's HTML gets on its way into a page, beside what the Markdown made of it: its
/// code blocks reachable by keyboard (``CodeBlockFocus``) and its pictures sized (``ImageSizes``).
/// Feeds keep the body as the Markdown made it; these are for the pages a browser shows.
package struct BodyFinish: Sendable {
    /// The word that labels a code block, in the site's language.
    var codeLabel: String
    /// The blog's pictures' sizes; nil sizes none (a test's context).
    var images: ImageSizes?
    /// The base URL's path, under which the blog's own root-relative links stand.
    var basePath: String

    /// `html`, of the page at the site path `page`, finished.
    func finished(_ html: String, page: String) -> String {
        let sized = images?.sized(html, page: page, basePath: basePath) ?? html
        return CodeBlockFocus.focusable(sized, label: codeLabel)
    }
}
