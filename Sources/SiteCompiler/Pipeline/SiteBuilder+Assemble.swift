import Diagnostics
import Digests
import FileSystem
import Foundation
import Layouts
import Shortcodes
import SiteContent
import SiteSource

extension SiteBuilder {
    /// The posts and pages this build publishes, by the build options.
    struct Selection: Sendable {
        var posts: [ContentLoader.Entry]
        var pages: [ContentLoader.Entry]
        /// When the output goes stale with no file changed: a future post comes due, or a new
        /// year begins (`site.year`).
        var validUntil: Date
        /// A layout the theme does not have, once for each name, with the first file that asks.
        var warnings: [Diagnostic] = []
        /// The drafts (posts and pages) and future posts left out, for the build's summary.
        var leftOut: (drafts: Int, future: Int) = (0, 0)
    }

    /// Leaves out drafts and future posts unless the options ask for them, and notes a layout
    /// the theme does not have: a blog from another generator names its old theme's layouts
    /// (`layout: news_item`), and its posts render with the post or page layout instead.
    func select(_ loaded: ContentLoader.Loaded, config: SiteConfig, theme: Theme) -> Selection {
        let now = options.now
        var validUntil = config.calendar.dateInterval(of: .year, for: now)?.end ?? .distantFuture
        var unknownLayouts: [String: (first: Diagnostic, count: Int, kind: Document.Kind)] = [:]
        func checkLayout(_ entry: ContentLoader.Entry, _ kind: Document.Kind) {
            guard let layout = entry.layout, !theme.layoutNames.contains(layout.name) else { return }
            if unknownLayouts[layout.name] != nil {
                unknownLayouts[layout.name]!.count += 1
            } else {
                unknownLayouts[layout.name] = (Diagnostic(path: entry.sourcePath, line: layout.line, message: ""), 1, kind)
            }
        }
        // One pass over the posts, not three: for a big blog each pass costs milliseconds, most
        // of it in fetching each post from memory.
        var published: [ContentLoader.Entry] = []
        published.reserveCapacity(loaded.posts.count)
        var leftOut = (drafts: 0, future: 0)
        for post in loaded.posts {
            let date = post.date
            // A future post, draft or not, ends the time this build's output stays right.
            if !options.includeFuture, let date, date > now { validUntil = min(validUntil, date) }
            guard options.includeDrafts || !post.draft else {
                leftOut.drafts += 1
                continue
            }
            guard options.includeFuture || (date ?? now) <= now else {
                leftOut.future += 1
                continue
            }
            checkLayout(post, .post)
            published.append(post)
        }
        let pages = loaded.pages.filter { options.includeDrafts || !$0.draft }
        leftOut.drafts += loaded.pages.count - pages.count
        for page in pages { checkLayout(page, .page) }
        let warnings = unknownLayouts.sorted { $0.key < $1.key }.map { name, unknown in
            let others = unknown.count > 1 ? " (and \(unknown.count - 1) other file\(unknown.count == 2 ? "" : "s"))" : ""
            let fallback = unknown.kind == .post ? "post" : "page"
            return Diagnostic(path: unknown.first.path, line: unknown.first.line, message:
                "layout '\(name)'\(others) is not in the theme; rendered with '\(fallback)' (add layouts/\(name).mustache for a layout of its own)")
        }
        return Selection(posts: published, pages: pages, validUntil: validUntil, warnings: warnings, leftOut: leftOut)
    }

    /// The site put together: every published post and page rendered from Markdown (or taken
    /// as an earlier build rendered it), posts newest first, and the tags and categories.
    struct Assembled: Sendable {
        var site: Site
        var selection: Selection
        /// Where each of ``Site/posts`` and ``Site/pages`` is in the selection.
        var postOrder: [Int]
        var pageOrder: [Int]

        /// What the planner's pages are made from, as digests; `pictures` gives a digest of the
        /// pictures a post shows, which its excerpt in lists shows too.
        func inputs(site siteValues: [String: Any], listing groups: [ListingFields],
                    pictures: @escaping @Sendable (RenderedDocument) -> Fingerprint? = { _ in nil },
                    files: @escaping @Sendable (String) -> Fingerprint? = { _ in nil }) -> PagePlanner.PageInputs {
            PagePlanner.PageInputs(
                site: Fingerprint.of(value: siteValues),
                posts: zip(postOrder, site.posts).map { Self.inputFingerprint($1, selection.posts[$0].source) },
                listings: Listings(site.posts, groups: groups, pictures: pictures),
                pages: zip(pageOrder, site.pages).map { Self.inputFingerprint($1, selection.pages[$0].source) }, files: files)
        }

        private static func inputFingerprint(_ rendered: RenderedDocument, _ source: Fingerprint) -> Fingerprint {
            let document = rendered.document
            // Most posts are one file and nothing else: the file's digest says it all.
            if document.assets.isEmpty, document.audio == nil, rendered.references.isEmpty { return source }
            var builder = Fingerprint.Builder()
            builder.add(source)
            builder.add(document.assets.count)
            for asset in document.assets { builder.add(asset) }
            builder.add(document.audio?.length ?? -1)
            // Where the documents it links to by name are: one that moves changes this page.
            builder.add(rendered.references.count)
            for reference in rendered.references {
                builder.add(reference.name)
                builder.add(reference.path ?? "\u{0}")
            }
            return builder.finish()
        }
    }

    /// Renders every published post and page, sorts and groups them. Problems their templates
    /// found come back beside the site: errors stop the build.
    /// `unread` are the files that could not be read, which links may still name.
    func assemble(_ selection: Selection, config: SiteConfig, body renderer: BodyRenderer, copies: [(source: String, output: String)],
                  unread: Set<String> = [])
        -> (assembled: Assembled, warnings: [Diagnostic], errors: [Diagnostic])
    {
        var selection = selection
        // Links by name (`{% post_url %}`, `{{< ref >}}`) lead to the published documents.
        let publishedPosts = selection.posts, publishedPages = selection.pages
        renderer.know {
            let published = publishedPosts + publishedPages
            // Hugo's `relref "/categories/tools/"` names a term's page.
            let documents = publishedPosts.map(\.document)
            let terms = Taxonomy.Kind.tags.paths(of: documents, slugs: config.slugs).union(Taxonomy.Kind.categories.paths(of: documents, slugs: config.slugs))
            // A file that could not be read is named at its own error; a link to it leads nowhere
            // worth a second one, in a build that stops anyway.
            let linked = published.map { ($0.sourcePath, $0.sitePath) } + unread.sorted().map { ($0, "/") }
            return BodyLinks(documents: linked, files: Set(copies.map { "/" + $0.output }), terms: terms)
        }
        // A body rendered by an earlier build whose links by name now lead elsewhere (a post
        // it links to moved or went away) is rendered again.
        let tree = source
        func renderAgainWhereLinksMoved(_ entries: inout [ContentLoader.Entry]) {
            for index in entries.indices {
                guard case .cached(let rendered) = entries[index].content, !rendered.references.isEmpty,
                    !renderer.stillLeadTo(rendered.references)
                else { continue }
                let document = DocumentReader.withBody(rendered.document, in: tree) ?? rendered.document
                entries[index].content = .parsed(document)
            }
        }
        renderAgainWhereLinksMoved(&selection.posts)
        renderAgainWhereLinksMoved(&selection.pages)
        let posts = selection.posts, pages = selection.pages
        let postOrder = Site.newestFirst(posts.map { (date: $0.date, path: $0.sourcePath) })
        let pageOrder = pages.indices.sorted { pages[$0].sourcePath < pages[$1].sourcePath }
        let renderedPosts = Self.render(posts, in: postOrder, renderer)
        let renderedPages = Self.render(pages, in: pageOrder, renderer)
        let site = Site(config: config, links: Links(baseURL: config.baseURL), posts: renderedPosts, pages: renderedPages,
                        tags: Taxonomy(.tags, grouping: renderedPosts, slugs: config.slugs),
                        categories: Taxonomy(.categories, grouping: renderedPosts, slugs: config.slugs))
        var warnings: [Diagnostic] = [], errors: [Diagnostic] = []
        for rendered in [renderedPosts, renderedPages].joined() where !rendered.warnings.isEmpty || !rendered.errors.isEmpty {
            warnings += rendered.warnings
            errors += rendered.errors
        }
        return (Assembled(site: site, selection: selection, postOrder: postOrder, pageOrder: pageOrder),
                Diagnostic.grouped(warnings), errors.sorted { ($0.path, $0.line ?? 0) < ($1.path, $1.line ?? 0) })
    }

    /// How many bodies are rendered before the code of those before them is put in.
    static let bodyWindow = 1024

    /// The entries at the indices `order` gives, rendered: those read from the cache as they
    /// are, the others on every core. An edit renders one body of ten thousand, which needs no
    /// thread beside this one.
    ///
    /// With a highlighter, whose helper lexes the code the build sent it ahead on a core of its
    /// own, every body is rendered first with its code left out, and then each one's code put
    /// in, in the same order: a body waits only for blocks the helper has not answered by then,
    /// and the cores render others meanwhile. (Each body waiting for its own blocks, the cores
    /// stood idle while the helper made its lexers ready: 30 ms of 195 at 1,000 posts.)
    private static func render(_ entries: [ContentLoader.Entry], in order: [Int], _ renderer: BodyRenderer) -> [RenderedDocument] {
        var rendered: [RenderedDocument?] = order.map { index in
            if case .cached(let document) = entries[index].content { document } else { nil }
        }
        let parsed = rendered.indices.filter { rendered[$0] == nil }
        guard !parsed.isEmpty else { return rendered.map { $0! } }
        let documents = parsed.map { index -> Document in
            guard case .parsed(let document) = entries[order[index]].content else { preconditionFailure("a cached entry among the parsed") }
            return document
        }
        let made: [RenderedDocument]
        if renderer.markdown.highlighting == nil || documents.count == 1 {
            made = Parallel.map(documents) { RenderedDocument(document: $0, renderer: renderer) }
        } else {
            // A window of bodies is finished once the next one is rendered: the helper has had
            // the time of two windows for the first one's code, and no more than two windows'
            // first HTML is kept at once (all of it, at 10,000 posts, took 23 MB more at the peak;
            // windows of 1,024, 4 MB).
            func finish(_ window: Range<Int>, _ prepared: [PreparedSlot]) -> [RenderedDocument] {
                // Two threads a core: one whose body waits for the helper leaves its core to another.
                Parallel.map(Array(window), threadsPerCore: 2) { index in
                    RenderedDocument(document: documents[index], renderer: renderer, body: prepared[index - window.lowerBound].take().finish())
                }
            }
            var finished: [RenderedDocument] = []
            finished.reserveCapacity(documents.count)
            var waiting: (window: Range<Int>, prepared: [PreparedSlot])?
            for start in stride(from: 0, to: documents.count, by: Self.bodyWindow) {
                let window = start..<min(documents.count, start + Self.bodyWindow)
                // Math waits for its own helper here: two threads a core then too.
                let prepared = Parallel.map(Array(documents[window]), threadsPerCore: renderer.typesetting == nil ? 1 : 2) {
                    PreparedSlot(renderer.prepare($0))
                }
                if let waiting { finished += finish(waiting.window, waiting.prepared) }
                waiting = (window, prepared)
            }
            if let waiting { finished += finish(waiting.window, waiting.prepared) }
            made = finished
        }
        for (index, document) in zip(parsed, made) { rendered[index] = document }
        return rendered.map { $0! }
    }
}

/// A body rendered but for its code, handed from the pass that renders bodies to the one that
/// finishes them, and let go there: the first pass's HTML is not kept beside the final.
private final class PreparedSlot: @unchecked Sendable {
    // Taken by the one thread that finishes this body.
    private var body: BodyRenderer.PreparedBody?

    init(_ body: BodyRenderer.PreparedBody) { self.body = body }

    func take() -> BodyRenderer.PreparedBody {
        defer { body = nil }
        return body!
    }
}
