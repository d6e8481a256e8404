import FileSystem
import Foundation
import SiteSource

extension SiteBuilder {
    /// The posts and pages this build publishes, by the build options.
    struct Selection: Sendable {
        var posts: [ContentLoader.Entry]
        var pages: [ContentLoader.Entry]
        /// When the output goes stale with no file changed: a future post comes due, or a new
        /// year begins (`site.year`).
        var validUntil: Date
    }

    /// Leaves out drafts and future posts unless the options ask for them, and reports a
    /// layout the theme does not have.
    func select(_ loaded: ContentLoader.Loaded, config: SiteConfig, theme: Theme, log: inout DiagnosticLog) -> Selection {
        let now = options.now
        var validUntil = config.calendar.dateInterval(of: .year, for: now)?.end ?? .distantFuture
        var unknownLayouts: [Diagnostic] = []
        func checkLayout(_ entry: ContentLoader.Entry) {
            if let layout = entry.layout, !theme.layoutNames.contains(layout.name) {
                unknownLayouts.append(Diagnostic(path: entry.sourcePath, line: layout.line, message:
                    "unknown layout '\(layout.name)': add layouts/\(layout.name).mustache or use one of \(theme.layoutNames.sorted().joined(separator: ", "))"))
            }
        }
        // One pass over the posts, not three: for a big blog each pass costs milliseconds, most
        // of it in fetching each post from memory.
        var published: [ContentLoader.Entry] = []
        published.reserveCapacity(loaded.posts.count)
        for post in loaded.posts {
            let date = post.date
            // A future post, draft or not, ends the time this build's output stays right.
            if !options.includeFuture, let date, date > now { validUntil = min(validUntil, date) }
            guard options.includeDrafts || !post.draft, options.includeFuture || (date ?? now) <= now else { continue }
            checkLayout(post)
            published.append(post)
        }
        let pages = loaded.pages.filter { options.includeDrafts || !$0.draft }
        pages.forEach(checkLayout)
        log.report(contentsOf: unknownLayouts)
        return Selection(posts: published, pages: pages, validUntil: validUntil)
    }

    /// The site put together: every published post and page rendered from Markdown (or taken
    /// as an earlier build rendered it), posts newest first, and the tags.
    struct Assembled: Sendable {
        var site: Site
        var selection: Selection
        /// Where each of ``Site/posts`` and ``Site/pages`` is in the selection.
        var postOrder: [Int]
        var pageOrder: [Int]

        /// What the planner's pages are made from, as digests.
        func inputs(site siteValues: [String: Any], listing groups: [ListingFields]) -> PagePlanner.PageInputs {
            PagePlanner.PageInputs(
                site: Fingerprint.of(value: siteValues),
                posts: zip(postOrder, site.posts).map { Self.inputFingerprint($1, selection.posts[$0].source) },
                listings: Listings(site.posts, groups: groups),
                pages: zip(pageOrder, site.pages).map { Self.inputFingerprint($1, selection.pages[$0].source) })
        }

        private static func inputFingerprint(_ rendered: RenderedDocument, _ source: Fingerprint) -> Fingerprint {
            let document = rendered.document
            // Most posts are one file and nothing else: the file's digest says it all.
            if document.assets.isEmpty, document.audio == nil { return source }
            var builder = Fingerprint.Builder()
            builder.add(source)
            builder.add(document.assets.count)
            for asset in document.assets { builder.add(asset) }
            builder.add(document.audio?.length ?? -1)
            return builder.finish()
        }
    }

    func assemble(_ selection: Selection, config: SiteConfig) -> Assembled {
        let renderer = MarkdownRenderer()
        let render: @Sendable (ContentLoader.Entry) -> RenderedDocument = { entry in
            switch entry.content {
            case .cached(let rendered): rendered
            case .parsed(let document): RenderedDocument(document: document, renderer: renderer)
            }
        }
        let posts = selection.posts, pages = selection.pages
        let postOrder = Site.newestFirst(posts.map { (date: $0.date, path: $0.sourcePath) })
        let pageOrder = pages.indices.sorted { pages[$0].sourcePath < pages[$1].sourcePath }
        let renderedPosts = Parallel.map(postOrder) { render(posts[$0]) }
        let renderedPages = Parallel.map(pageOrder) { render(pages[$0]) }
        let site = Site(config: config, links: Links(baseURL: config.baseURL), posts: renderedPosts, pages: renderedPages,
                        tags: Site.group(renderedPosts))
        return Assembled(site: site, selection: selection, postOrder: postOrder, pageOrder: pageOrder)
    }
}
