import Blocking
import Diagnostics
import Digests
import FileSystem
import Foundation
import FrontMatter
import Layouts
import SiteContent
import SiteSource
import Text

/// Plans every file a build makes from a ``Site`` and a ``Theme``: posts and pages, the
/// paginated home page, the archive, tag and category pages, feeds, the sitemap, robots.txt, the 404 page,
/// redirects for aliases, and the static files. A page is planned with the digest of what it is
/// made from and the work that renders it; the render phase decides which to render.
///
/// A class: every page's render closure holds the planner, and a reference costs one retain
/// where copying thirty fields costs thirty.
final class PagePlanner: Sendable {
    let site: Site
    let theme: Theme
    let options: BuildOptions
    let context: TemplateContext
    let copies: [(source: String, output: String)]
    let inputs: PageInputs
    /// Renders the pages that come many to a layout (posts, pages, the home pages): the theme, or
    /// a quicker renderer that gives the same bytes (see ``LayoutRendering``).
    let renderer: any LayoutRendering
    /// Whether the page at a path, planned with a fingerprint, will be rendered whatever else
    /// the build finds (its fingerprint is not the last build's): such list pages start rendering
    /// while the others are planned (see ``EarlyRenders``).
    let rendersAnyway: (@Sendable (_ path: String, _ fingerprint: Fingerprint) -> Bool)?

    /// One file a generator wants written.
    struct Item: Sendable {
        var path: String
        var content: OutputTree.Content
        var origin: String
        var line: Int?
        /// The digest of everything the page was made from, for the next build's cache.
        var fingerprint: Fingerprint?
        /// A page made from many posts (the archive, tags, feeds, the sitemap, the 404 page)
        /// rather than one of the many pages a layout makes alike, which the render phase starts
        /// apart from the others.
        var showsMany = false
        /// Whether the page takes long enough that it should be started before the others.
        var startsFirst = false
    }

    /// What pages are made from, as digests: a page whose digest is the one the last build
    /// recorded need not be rendered again.
    struct PageInputs: Sendable {
        /// The layout-independent site values (`site`).
        var site: Fingerprint
        /// Each post's file, in the order of ``Site/posts``.
        var posts: [Fingerprint]
        /// What lists show of each post (its summary values, of the groups a layout shows), in
        /// the same order: a page that lists a post is not outdated by an edit it does not show.
        var listings: Listings
        /// Each page's file, in the order of ``Site/pages``.
        var pages: [Fingerprint]
        /// What a file copied as it is (a static file, a post's picture) is made from, by its
        /// source path: its version, when the last build's look at the sources saw it settled.
        /// Nil keeps the file from being kept: it is read and compared with the live one.
        var files: @Sendable (_ source: String) -> Fingerprint? = { _ in nil }
    }

    /// A planner for `site`, whose pages that come many to a layout go through the renderer that
    /// `renderer` makes of the theme and the post summaries (the theme itself unless told). The
    /// pictures among `copies` and the posts' own files are measured in `source`, when given.
    /// `rendersEveryPage` says the build will render every page, not the few an edit changes:
    /// then list pages share the values of the home pages' summaries (see ``PostSummaries``).
    init(site: Site, theme: Theme, options: BuildOptions, copies: [(source: String, output: String)],
         source: (any SourceTree)? = nil, renderSiteOnlyLayoutsOnce: Bool = true, rendersEveryPage: Bool = true,
         renderer: (_ theme: Theme, _ summaries: PostSummaries) -> any LayoutRendering = { theme, _ in theme },
         rendersAnyway: (@Sendable (_ path: String, _ fingerprint: Fingerprint) -> Bool)? = nil,
         inputs: (_ context: TemplateContext) -> PageInputs) {
        self.site = site
        self.rendersAnyway = rendersAnyway
        self.options = options
        self.copies = copies
        let images = ImageSizes(tree: source, published: copies + Self.bundleFiles(of: site))
        let context = TemplateContext(site: site, options: options, words: theme.words, staticFiles: Set(copies.map(\.output)),
                                      anchoredContent: theme.readsAnchoredContent, images: images, summariesFromWhole: rendersEveryPage)
        self.context = context
        // `site.…` means the site only while no value a layout can step into has a `site` key
        // of its own; front matter and galley.yml params are the only ones that could.
        let shadowed = YAMLValue.reaches("site", in: site.config.params)
            || site.posts.contains(where: \.paramsHaveSiteKey) || site.pages.contains(where: \.paramsHaveSiteKey)
        self.theme = renderSiteOnlyLayoutsOnce && !shadowed ? theme.renderingOnce(site: context.site) : theme
        self.renderer = renderer(self.theme, context.postSummaries)
        self.inputs = inputs(context)
    }

    /// A page that `render` makes, planned with the digest of what it is made from.
    func page(_ path: String, origin: String, fingerprint: Fingerprint, render: @escaping @Sendable () -> String) -> Item {
        Item(path: path, content: .page(render), origin: origin, fingerprint: fingerprint)
    }

    /// What a build makes: every output file, and the pages among them to render or keep.
    struct Plan: Sendable {
        var tree: OutputTree
        /// Every page made through a layout, in the order the generators planned them.
        var pages: [Item]
        /// Clashes between files, and addresses no file may take; a plan with any is not built.
        var diagnostics: [Diagnostic]
        /// The blog's own pages published where Galley would have put one of its own.
        var notes: [Diagnostic] = []
    }

    /// Every output file of the site, or the clashes between them.
    func plan() -> Plan {
        var tree = OutputTree()
        var pages: [Item] = []
        // Every output is a post's or a page's, give or take the list pages: room for them all at once.
        let expected = site.posts.count + site.pages.count + 64
        tree.reserveCapacity(expected)
        pages.reserveCapacity(expected)
        var diagnostics: [Diagnostic] = [], notes: [Diagnostic] = []
        // A page of the blog at an address Galley would fill itself (`/404.html`, `/archive/`)
        // is the blog's choice, as in Jekyll and Hugo: it wins. A post there is a mistake.
        let pageFiles = Set(site.pages.map(\.document.outputPath))
        func add(_ items: [Item], generated: Bool) {
            for item in items {
                if generated, pageFiles.contains(item.path), let own = tree.files[item.path], !own.generated {
                    // A page at `/` is a landing page, as a Jekyll site's index.md is: nothing to
                    // tell its author. Elsewhere the page may hide a list the author expected.
                    if item.path != "index.html" {
                        notes.append(Diagnostic(path: own.origin, message:
                            "published at /\(item.path), where Galley would put \(item.origin); this page is published instead"))
                    }
                    continue
                }
                if let clash = tree.add(item.path, item.content, origin: item.origin, line: item.line, generated: generated) {
                    diagnostics.append(clash)
                } else if item.fingerprint != nil {
                    pages.append(item)
                }
            }
        }
        var timer = PhaseTimer()
        // The list pages first, so that those certain to be rendered start now, beside the
        // plans of the posts: the archive of a big blog is a long page to render on one thread,
        // started as soon as it is planned, before the other list pages are (a new title makes
        // it the last page a build waits for).
        let archive = EarlyRenders.starting([archiveListPage()], where: rendersAnyway)
        let lists = archive + EarlyRenders.starting(otherListPages(), where: rendersAnyway)
        timer.lap("  list page plans")
        add(documentPages(), generated: false)
        timer.lap("  post and page plans")
        add(homePages(), generated: true)
        timer.lap("  home page plans")
        add(lists, generated: true)
        add(redirects(), generated: false)
        // Static files may stand in for the theme's files and for robots.txt, which is how a blog
        // replaces them; for anything else a clash is a mistake worth stopping for.
        let replaceable = Set(theme.assets.keys).union(options.noindex ? [] : ["robots.txt"])
        for copy in copies {
            if replaceable.contains(copy.output) {
                if let problem = tree.replace(copy.output, .source(copy.source), origin: copy.source) {
                    diagnostics.append(problem)
                    continue
                }
            } else if let clash = tree.add(copy.output, .source(copy.source), origin: copy.source) {
                diagnostics.append(clash)
                continue
            }
            if let fingerprint = inputs.files(copy.source) {
                pages.append(Item(path: copy.output, content: .source(copy.source), origin: copy.source, fingerprint: fingerprint))
            }
        }
        // Only a static file may stand in for the theme's files and robots.txt: an alias or a
        // page at such an address would replace it without a word.
        let staticOutputs = Set(copies.map(\.output))
        for path in replaceable.union(["robots.txt"]).sorted() where tree.contains(path) && !staticOutputs.contains(path) {
            let claimant = tree.files[path]!
            diagnostics.append(Diagnostic(path: claimant.origin, line: claimant.line, message:
                "/\(path) is a file Galley makes itself; a post, page or alias cannot take its address (put a file at static/\(path) to replace it)"))
        }
        for (path, data) in theme.assets where !tree.contains(path) {
            _ = tree.add(path, .data(data), origin: "the theme's \(path)", generated: true)
        }
        if !options.noindex, !tree.contains("robots.txt") {
            _ = tree.add("robots.txt", .text(robots()), origin: "robots.txt", generated: true)
        } else if options.noindex {
            _ = tree.replace("robots.txt", .text(robots()), origin: "robots.txt")
        }
        addLowercaseAddresses(to: &tree)
        if let clash = tree.add(OutputWriter.marker, .text(OutputWriter.markerText), origin: "Galley's marker of its builds", generated: true) {
            diagnostics.append(clash)
        }
        timer.lap("  redirects, static and theme files")
        diagnostics += tree.folderClashes()
        timer.lap("  folder clashes")
        return Plan(tree: tree, pages: pages, diagnostics: diagnostics, notes: notes)
    }

    /// Renders a layout, keeping search engines out of previews even when a blog's own layouts
    /// forget the robots tag. `ofMany` says the layout renders many pages alike, which go
    /// through ``renderer``; `summaries` says where the values hold posts' summaries, worked
    /// out only when the renderer asks.
    func html(_ layout: String, _ values: [String: Any], ofMany: Bool = false,
              summaries: @autoclosure () -> SummaryPlaces = SummaryPlaces()) -> String {
        let page = ofMany ? renderer.render(layout, values, summaries: summaries()) : theme.render(layout, values)
        guard options.noindex, !UTF8Search.contains("name=\"robots\"", in: page), let head = page.range(of: "<head>", options: .caseInsensitive) else {
            return page
        }
        return page.replacingCharacters(in: head, with: "<head>\n<meta name=\"robots\" content=\"noindex\">")
    }

    /// The site path `path` as an output file name.
    func file(_ path: String) -> String { Document.outputFile(forSitePath: path) }
}

extension PagePlanner {
    /// The field groups the generators ask of every listed post (see ``Listings``), for a theme
    /// and the layouts posts name; the cache keeps each post's digests of them.
    static func listedFields(theme: Theme, postLayouts: Set<String>) -> [ListingFields] {
        var groups = Set(postLayouts.map(theme.fields(of:)))
        groups.insert(theme.fields(of: "home"))
        groups.insert(archiveFields(theme))
        for kind in Taxonomy.Kind.allCases { groups.insert(listingFields(of: kind, theme)) }
        groups.insert(sitemapFields)
        return Array(groups)
    }
}

/// Each post's ``RenderedDocument/listingFingerprint(_:)`` for some set of fields, worked out
/// the first time a generator asks for that set: with every set the build's generators ask for
/// (`groups`, see ``PagePlanner/listedFields(theme:postLayouts:)``), in one pass over the posts
/// rather than one a set.
final class Listings: Sendable {
    private let posts: [RenderedDocument]
    private let groups: [ListingFields]
    private let made = Locked<[ListingFields: [Fingerprint]]>([:])
    /// A digest of the pictures a post's body shows, whose sizes an excerpt holds (see ``ImageSizes``).
    private let pictures: @Sendable (RenderedDocument) -> Fingerprint?

    init(_ posts: [RenderedDocument], groups: [ListingFields] = [], pictures: @escaping @Sendable (RenderedDocument) -> Fingerprint? = { _ in nil }) {
        self.posts = posts
        self.groups = groups
        self.pictures = pictures
    }

    subscript(fields: ListingFields) -> [Fingerprint] {
        // Held while the digests are made: a second thread that wants the same set waits for
        // it rather than making it again.
        made.withLock { made in
            if let done = made[fields] { return done }
            let wanted = groups.contains(fields) ? groups.filter { made[$0] == nil } : [fields]
            let rows = Parallel.map(posts) { [pictures] post in
                var row = post.listingFingerprints(wanted)
                guard wanted.contains(where: { $0.contains(.excerpt) }), let shown = pictures(post) else { return row }
                for (column, group) in wanted.enumerated() where group.contains(.excerpt) { row[column] = Fingerprint(row[column], shown) }
                return row
            }
            for (column, group) in wanted.enumerated() { made[group] = rows.map { $0[column] } }
            return made[fields]!
        }
    }

    /// What ``subscript(fields:)`` gives for the posts at `indices` alone: for a page that shows
    /// the first few posts in fields no other page shows (the 404 page).
    func digests(of fields: ListingFields, posts indices: Range<Int>) -> [Fingerprint] {
        if let done = made.withLock({ $0[fields] }) { return Array(done[indices]) }
        return indices.map { index in
            let digest = posts[index].listingFingerprint(fields)
            guard fields.contains(.excerpt), let shown = pictures(posts[index]) else { return digest }
            return Fingerprint(digest, shown)
        }
    }
}
