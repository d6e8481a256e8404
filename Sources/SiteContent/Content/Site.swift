import Blocking
import Diagnostics
import Foundation
import FrontMatter
import Markdown
import Shortcodes
import Text

/// A blog ready to render: published posts newest first, pages, and posts grouped by tag and
/// by category.
package struct Site: Sendable {
    package var config: SiteConfig
    package var links: Links
    package var posts: [RenderedDocument]
    package var pages: [RenderedDocument]
    package var tags: Taxonomy
    package var categories: Taxonomy
    /// Addresses the list of posts had before the blog moved (Hugo's section address), which
    /// lead to the home page.
    package var homeAliases: [(path: String, line: Int, source: String)] = []

    /// Every taxonomy, tags first.
    package var taxonomies: [Taxonomy] { [tags, categories] }

    /// The indices of `posts` newest first; posts of the same moment by file name, so every
    /// build agrees. Indices, because moving ten thousand Document values about costs more
    /// than comparing them.
    package static func newestFirst(_ posts: [(date: Date?, path: String)]) -> [Int] {
        let keys = posts.map { (date: $0.date ?? .distantPast, path: $0.path) }
        return keys.indices.sorted { keys[$0].date != keys[$1].date ? keys[$0].date > keys[$1].date : keys[$0].path < keys[$1].path }
    }

    package init(
        config: SiteConfig,
        links: Links,
        posts: [RenderedDocument],
        pages: [RenderedDocument],
        tags: Taxonomy,
        categories: Taxonomy,
        homeAliases: [(path: String, line: Int, source: String)] = []
    ) {
        self.config = config
        self.links = links
        self.posts = posts
        self.pages = pages
        self.tags = tags
        self.categories = categories
        self.homeAliases = homeAliases
    }
}

/// A post or page with its Markdown rendered.
///
/// A class, not a struct: a big blog's documents are handed about (sorted, grouped, cached,
/// listed) far more often than made, and a reference is cheaper to pass than twenty fields.
package final class RenderedDocument: Sendable {
    package let document: Document
    private let body: Body
    /// The whole body as HTML. A document taken from the build cache renders its Markdown again
    /// on first use: only the few pages a rebuild renders anew (and the feeds) ask for it.
    package var html: String {
        switch body {
        case .made(let html):
            return html
        case .whenAsked(let made, let render):
            return made.withLock { made in
                if let made { return made }
                let html = render(document)
                made = html
                return html
            }
        }
    }

    /// The body, or what renders it from the document the first time it is asked for (shared
    /// with the copies ``with(assets:)`` makes, which render it alike: a body does not show the
    /// files beside it). The renderer is one for all the cache's documents: a closure for each,
    /// holding a copy of its document, cost a rebuild of a big blog ten thousand of both.
    private enum Body: Sendable {
        case made(String)
        case whenAsked(Locked<String?>, render: @Sendable (Document) -> String)
    }
    /// The opening, as HTML: the text before `<!--more-->`, the front matter summary, or the first paragraph.
    package var excerpt: String { storedExcerpt.text }
    /// The excerpt as made, or as the cache holds it (see ``StoredText``).
    package let storedExcerpt: StoredText
    /// Whether there is more to read than the excerpt.
    package let hasMore: Bool
    /// A plain-text summary for meta descriptions and feeds.
    package var summary: String { storedSummary.text }
    /// The summary as made, or as the cache holds it.
    package let storedSummary: StoredText
    package let wordCount: Int
    /// The digests of what lists show of it, by field groups, made once each (or read from the cache).
    package let listings: ListingDigests
    /// Whether its params have a `site` key anywhere, which would shadow the site's values in a
    /// layout that steps into them. Known from the start, since each build asks of every post.
    package let paramsHaveSiteKey: Bool
    /// What its body's templates said that did not stop the build, said again by each build
    /// that reuses it.
    package let warnings: [Diagnostic]
    /// The documents its body links to by name, and where they were.
    package let references: [BodyReference]
    /// The `src` of each picture its body (or its written summary) shows, as written: which of
    /// the blog's pictures its page and its excerpt hold the sizes of, known without rendering
    /// a cached body again.
    package let pictures: [String]
    /// What its body's templates found wrong: the build stops. Never cached.
    package let errors: [Diagnostic]
    /// Its body's links and images to files of the blog, checked by every build (the files may
    /// come and go while the body stays the same).
    package let localLinks: [LocalLink]

    /// A document whose body `html` renders from it when first asked for; `paramsHaveSiteKey` is
    /// what its params would say, so that they need not be decoded to say it.
    package convenience init(document: Document, html: @escaping @Sendable (Document) -> String, excerpt: StoredText, hasMore: Bool, summary: StoredText,
                     wordCount: Int, listings: ListingDigests, paramsHaveSiteKey: Bool, warnings: [Diagnostic], references: [BodyReference],
                     pictures: [String], localLinks: [LocalLink] = []) {
        self.init(document: document, body: .whenAsked(Locked(nil), render: html), excerpt: excerpt, hasMore: hasMore, summary: summary,
                  wordCount: wordCount, listings: listings, paramsHaveSiteKey: paramsHaveSiteKey, warnings: warnings, references: references,
                  pictures: pictures, localLinks: localLinks)
    }

    private init(document: Document, body: Body, excerpt: StoredText, hasMore: Bool, summary: StoredText, wordCount: Int,
                 listings: ListingDigests = ListingDigests(), paramsHaveSiteKey: Bool, warnings: [Diagnostic], references: [BodyReference],
                 pictures: [String], localLinks: [LocalLink]) {
        self.document = document
        self.listings = listings
        self.paramsHaveSiteKey = paramsHaveSiteKey
        self.body = body
        storedExcerpt = excerpt
        self.hasMore = hasMore
        storedSummary = summary
        self.wordCount = wordCount
        self.warnings = warnings
        self.references = references
        self.pictures = pictures
        self.localLinks = localLinks
        errors = []
    }

    package convenience init(document: Document, renderer: BodyRenderer) {
        self.init(document: document, renderer: renderer, body: renderer.render(document))
    }

    /// `document` with its body as `renderer` rendered it (`result`).
    package init(document: Document, renderer: BodyRenderer, body result: BodyRenderer.Result) {
        self.document = document
        listings = ListingDigests()
        paramsHaveSiteKey = YAMLValue.reaches("site", in: document.params)
        let rendered = result.rendered
        body = .made(rendered.html)
        // A `<!--more-->` line in the body wins over a summary in front matter, as in Hugo: the
        // author marked the place in the text itself.
        let writtenSummary = rendered.endsAtMore ? nil : document.summary.map(renderer.renderSummary)
        // Excerpts stand side by side on list pages: their headings keep no ids there.
        let excerpt: String
        if let writtenSummary {
            excerpt = HeadingAnchors.withoutIDs(writtenSummary)
            hasMore = true
        } else {
            excerpt = HeadingAnchors.withoutIDs(FootnoteReferences.removed(from: rendered.excerpt))
            hasMore = rendered.isTruncated
        }
        storedExcerpt = .string(excerpt)
        storedSummary = .string(PlainText.truncate(PlainText.of(writtenSummary ?? excerpt), to: 200))
        wordCount = PlainText.wordCount(rendered.html)
        warnings = result.warnings + (renderer.shareImageProblem(in: document).map { [$0] } ?? [])
        references = result.references
        // A summary written in front matter is the excerpt lists show, pictures and all.
        let body = ImageSizes.sources(in: rendered.html)
        pictures = body + (writtenSummary.map { ImageSizes.sources(in: $0).filter { !body.contains($0) } } ?? [])
        localLinks = result.localLinks
        errors = result.errors
    }

    /// The same document with other files travelling beside it.
    package func with(assets: [String]) -> RenderedDocument {
        var document = document
        document.assets = assets
        // What lists show does not include the files beside it, so the digests carry over.
        return RenderedDocument(document: document, body: body, excerpt: storedExcerpt, hasMore: hasMore, summary: storedSummary, wordCount: wordCount,
                                listings: listings, paramsHaveSiteKey: paramsHaveSiteKey, warnings: warnings, references: references,
                                pictures: pictures, localLinks: localLinks)
    }
}

/// Turns site paths into the links pages print, honouring a base URL with a path of its own
/// (`https://example.com/blog/`).
package struct Links: Sendable {
    /// The base URL, ending in `/`.
    package let base: String
    /// The path part of the base URL, ending in `/` (`/blog/`).
    package let basePath: String

    /// Links under `baseURL`.
    package init(baseURL: URL) {
        var text = baseURL.absoluteString
        if !text.hasSuffix("/") { text += "/" }
        base = text
        var path = baseURL.path
        if !path.hasPrefix("/") { path = "/" + path }
        if !path.hasSuffix("/") { path += "/" }
        basePath = path
    }

    /// The link for a site path as pages print it: `/blog/2019/10/08/hello/`.
    package func url(_ sitePath: String) -> String {
        Self.joined(basePath, sitePath)
    }

    /// The absolute URL for a site path: `https://example.com/blog/2019/10/08/hello/`.
    package func absolute(_ sitePath: String) -> String {
        Self.joined(base, sitePath)
    }

    /// `prefix` and `sitePath` without its leading slashes, found by bytes: every post's
    /// summary holds two such links, and a list page shows thousands.
    private static func joined(_ prefix: String, _ sitePath: String) -> String {
        let bytes = sitePath.utf8
        guard let start = bytes.firstIndex(where: { $0 != UInt8(ascii: "/") }) else { return prefix }
        return prefix + sitePath[start...]
    }

    /// Rewrites the links in a document's HTML so they work outside its own page (in a feed or
    /// on the home page). `absolute` picks full URLs (feeds) or site paths (pages).
    ///
    /// A document's root-relative links are under the base path already (see
    /// ``BodyRenderer/underBasePath(_:)``), so they resolve against the origin.
    package func rebase(_ html: String, for document: Document, absolute: Bool) -> String {
        let root = absolute ? String(base.dropLast(basePath.count)) + "/" : "/"
        let folder = absolute ? self.absolute(document.directoryPath) : url(document.directoryPath)
        let page = absolute ? self.absolute(document.path) : url(document.path)
        return LinkRebasing.rebase(html, root: root, base: folder, page: page)
    }
}
