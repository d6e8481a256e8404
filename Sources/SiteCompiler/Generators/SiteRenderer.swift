import FileSystem
import Foundation

/// Renders a ``Site`` through a ``Theme`` into an ``OutputTree``: posts and pages, the paginated
/// home page, the archive, tag pages, feeds, the sitemap, robots.txt, the 404 page, redirects for
/// aliases, and the static files.
///
/// A class: every page's render closure holds the renderer, and a reference costs one retain
/// where copying thirty fields costs thirty.
final class SiteRenderer: Sendable {
    let site: Site
    let theme: Theme
    let options: BuildOptions
    let context: TemplateContext
    let copies: [(source: String, output: String)]
    let inputs: PageInputs
    /// Where rendered pages go at once, when the build is writing while it renders.
    let sink: OutputSession?
    /// Renders the pages that come many to a layout (posts, pages, the home pages) a shape at a
    /// time; nil when the theme does something stencils cannot follow, or a test compares.
    let stencils: LayoutStencils?

    /// One file a generator wants written.
    struct Item: Sendable {
        var path: String
        var content: OutputTree.Content
        var origin: String
        var line: Int?
        /// The digest of everything the page was made from, for the next build's cache.
        var fingerprint: Fingerprint?
        /// For a page kept as it was, the stamp its live file was found with.
        var kept: FileStamp?
    }

    /// What the renderer knows of a page it made or kept.
    struct Made: Sendable {
        var fingerprint: Fingerprint
        /// The live file's stamp, when the page was kept without being rendered.
        var kept: FileStamp?
    }

    /// What pages are made from, as digests, and what the last build made: a page whose digest
    /// is unchanged and whose live file is as it was left is kept rather than rendered.
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
        /// What the last build made of each page whose live file is still as it left it.
        var intact: [String: BuildCache.PageRecord] = [:]
    }

    init(site: Site, theme: Theme, options: BuildOptions, copies: [(source: String, output: String)], sink: OutputSession? = nil,
         renderSiteOnlyLayoutsOnce: Bool = true, useStencils: Bool = true, inputs: (_ context: TemplateContext) -> PageInputs) {
        self.sink = sink
        self.site = site
        self.options = options
        self.copies = copies
        let context = TemplateContext(site: site, options: options)
        self.context = context
        // `site.…` means the site only while no value a layout can step into has a `site` key
        // of its own; front matter and galley.yml params are the only ones that could.
        let shadowed = YAMLValue.reaches("site", in: site.config.params)
            || site.posts.contains(where: \.paramsHaveSiteKey) || site.pages.contains(where: \.paramsHaveSiteKey)
        self.theme = renderSiteOnlyLayoutsOnce && !shadowed ? theme.renderingOnce(site: context.site) : theme
        stencils = useStencils ? LayoutStencils(theme: self.theme) : nil
        self.inputs = inputs(context)
    }

    /// A page rendered by `render`, or kept as it is when its inputs have not changed.
    func page(_ path: String, origin: String, fingerprint: Fingerprint, render: @escaping @Sendable () -> String) -> Item {
        if let record = inputs.intact[path], record.fingerprint == fingerprint {
            return Item(path: path, content: .keep(render), origin: origin, fingerprint: fingerprint, kept: record.stamp)
        }
        let text = render()
        if let sink {
            sink.put(path, text)
            return Item(path: path, content: .written, origin: origin, fingerprint: fingerprint)
        }
        return Item(path: path, content: .text(text), origin: origin, fingerprint: fingerprint)
    }

    /// Every output file and what was made of the pages among them, or the clashes between them.
    func render(progress: BuildProgress?) -> (OutputTree, [String: Made], [Diagnostic]) {
        var tree = OutputTree()
        var made: [String: Made] = [:]
        // Every output is a post's or a page's, give or take the list pages: room for them all at once.
        let expected = site.posts.count + site.pages.count + 64
        tree.reserveCapacity(expected)
        made.reserveCapacity(expected)
        var diagnostics: [Diagnostic] = []
        func add(_ items: [Item]) {
            for item in items {
                if let clash = tree.add(item.path, item.content, origin: item.origin, line: item.line) {
                    diagnostics.append(clash)
                } else if let fingerprint = item.fingerprint {
                    made[item.path] = Made(fingerprint: fingerprint, kept: item.kept)
                }
            }
        }
        var timer = PhaseTimer()
        let lists = listPages()
        add(documentPages(progress: progress))
        timer.lap("  post and page layouts")
        add(homePages())
        timer.lap("  home pages")
        add(lists.results())
        timer.lap("  list pages (the rest)")
        add(redirects())

        // Static files may stand in for the theme's files and for robots.txt, which is how a blog
        // replaces them; for anything else a clash is a mistake worth stopping for.
        let replaceable = Set(theme.assets.keys).union(options.noindex ? [] : ["robots.txt"])
        for copy in copies {
            if replaceable.contains(copy.output) {
                if let problem = tree.replace(copy.output, .source(copy.source), origin: copy.source) { diagnostics.append(problem) }
            } else if let clash = tree.add(copy.output, .source(copy.source), origin: copy.source) {
                diagnostics.append(clash)
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
            _ = tree.add(path, .data(data), origin: "the theme's \(path)")
        }
        if !options.noindex, !tree.contains("robots.txt") {
            _ = tree.add("robots.txt", .text(robots()), origin: "robots.txt")
        } else if options.noindex {
            _ = tree.replace("robots.txt", .text(robots()), origin: "robots.txt")
        }
        if let clash = tree.add(OutputWriter.marker, .text(OutputWriter.markerText), origin: "Galley's marker of its builds") {
            diagnostics.append(clash)
        }
        timer.lap("  redirects, static and theme files")
        diagnostics += tree.folderClashes()
        timer.lap("  folder clashes")
        return (tree, made, diagnostics)
    }

    /// Renders a layout, keeping search engines out of previews even when a blog's own layouts
    /// forget the robots tag. `ofMany` says the layout renders many pages, most of them alike
    /// in shape, which is when stencils pay; `known` is what the values are known to hold (see
    /// ``PageShape/Known``), worked out only when stencils render the page.
    func html(_ layout: String, _ values: [String: Any], ofMany: Bool = false,
              known: @autoclosure () -> PageShape.Known = PageShape.Known()) -> String {
        let page = (ofMany ? stencils : nil)?.render(layout, values, known: known()) ?? theme.render(layout, values)
        guard options.noindex, !UTF8Search.contains("name=\"robots\"", in: page), let head = page.range(of: "<head>", options: .caseInsensitive) else {
            return page
        }
        return page.replacingCharacters(in: head, with: "<head>\n<meta name=\"robots\" content=\"noindex\">")
    }

    /// The site path `path` as an output file name.
    func file(_ path: String) -> String { Document.outputFile(forSitePath: path) }
}

extension SiteRenderer {
    /// The field groups the generators ask of every listed post (see ``Listings``), for a theme
    /// and the layouts posts name; the cache keeps each post's digests of them.
    static func listedFields(theme: Theme, postLayouts: Set<String>) -> [ListingFields] {
        var groups = Set(postLayouts.map(theme.fields(of:)))
        groups.insert(theme.fields(of: "home"))
        groups.insert(theme.fields(of: "archive"))
        groups.insert(tagListingFields(theme))
        groups.insert(sitemapFields)
        return Array(groups)
    }
}

/// Each post's ``RenderedDocument/listingFingerprint(_:)`` for some set of fields, worked out
/// the first time a generator asks for that set: with every set the build's generators ask for
/// (`groups`, see ``SiteRenderer/listedFields(theme:postLayouts:)``), in one pass over the posts
/// rather than one a set.
final class Listings: @unchecked Sendable {
    private let posts: [RenderedDocument]
    private let groups: [ListingFields]
    private let lock = NSLock()
    private var made: [ListingFields: [Fingerprint]] = [:]

    init(_ posts: [RenderedDocument], groups: [ListingFields] = []) {
        self.posts = posts
        self.groups = groups
    }

    subscript(fields: ListingFields) -> [Fingerprint] {
        lock.lock()
        defer { lock.unlock() }
        if let done = made[fields] { return done }
        let wanted = groups.contains(fields) ? groups.filter { made[$0] == nil } : [fields]
        let rows = Parallel.map(posts) { $0.listingFingerprints(wanted) }
        for (column, group) in wanted.enumerated() { made[group] = rows.map { $0[column] } }
        return made[fields]!
    }
}

/// Receives progress while a long build renders, for a terminal to show.
public typealias BuildProgress = @Sendable (_ done: Int, _ total: Int) -> Void
