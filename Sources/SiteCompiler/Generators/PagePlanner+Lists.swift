import Dates
import Digests
import FileSystem
import Layouts
import SiteContent
import Text

extension PagePlanner {
    /// The home page, `per_page` posts at a time: `/`, `/page/2/`, `/page/3/`…
    /// `/page/1/` redirects to `/`, as readers who edit the URL expect.
    func homePages() -> [Item] {
        let perPage = site.config.perPage
        let count = site.posts.count
        let pageCount = max(1, (count + perPage - 1) / perPage)
        @Sendable func path(_ number: Int) -> String { number == 1 ? "/" : "/page/\(number)/" }
        let listings = inputs.listings[theme.fields(of: "home")]
        var items = Parallel.map(Array(1...pageCount), inRuns: true) { number -> Item in
            let range = (number - 1) * perPage..<min(count, number * perPage)
            let fingerprint = Fingerprint([inputs.site] + range.map { listings[$0] }, label: "home \(number) \(pageCount)")
            // Everything below is made only when the page is rendered: a rebuild keeps most of
            // a big blog's thousand home pages.
            return self.page(file(path(number)), origin: "the home page", fingerprint: fingerprint) { [self] in
                let window = Self.pageWindow(number, of: pageCount)
                var pagination: [String: Any] = [
                    "current": number,
                    "total": pageCount,
                    "has_previous": number > 1,
                    "has_next": number < pageCount,
                    "is_paginated": pageCount > 1,
                    // A window of pages around this one, plus the first and the last: a list of every
                    // page would make each of a big blog's thousand home pages list a thousand links.
                    "pages": window.enumerated().map { place, shown in
                        // A gap marker goes where numbers are left out.
                        let gap = place > 0 && shown != window[place - 1] + 1
                        return ["number": shown, "url": context.links.url(path(shown)), "is_current": shown == number, "gap_before": gap] as [String: Any]
                    },
                ]
                if number > 1 { pagination["previous_url"] = context.links.url(path(number - 1)) }
                if number < pageCount { pagination["next_url"] = context.links.url(path(number + 1)) }
                let title = number == 1 ? site.config.title : "\(site.config.title) – \(context.word("page", or: "Page")) \(number)"
                let page = context.generatedPage(kind: "home", title: title, path: path(number))
                return html("home", context.values(page: page, extra: ["posts": context.postSummaries.of(range), "pagination": pagination]),
                            ofMany: true, summaries: SummaryPlaces(lists: ["posts": range]))
            }
        }
        items.append(Item(path: "page/1/index.html", content: .text(redirectPage(to: "/")), origin: "the home page"))
        return items
    }

    /// Page numbers to link from page `number`: the first, the last, and up to two either side,
    /// which keeps the row of numbers short enough for a phone's width.
    static func pageWindow(_ number: Int, of count: Int) -> [Int] {
        Array(Set([1, count] + Array(max(1, number - 2)...min(count, number + 2)))).sorted()
    }

    /// The pages made from many posts are the archive (this one) and ``otherListPages()``. The
    /// archive and the sitemap, which show every post, are marked to start first: last, either
    /// would keep one core busy and the others idle.
    func archiveListPage() -> Item {
        var archive = archivePage()
        archive.startsFirst = true
        archive.showsMany = true
        return archive
    }

    /// The pages made from many posts but the archive: the tags and categories, the feeds, the
    /// sitemap and the 404 page, in that order.
    func otherListPages() -> [Item] {
        var map = sitemap()
        map.startsFirst = true
        return (site.taxonomies.flatMap(taxonomyPages) + feeds() + [map, notFoundPage()]).map { item in
            var item = item
            item.showsMany = true
            return item
        }
    }

    /// `/archive/`: every post, grouped by year, newest first.
    func archivePage() -> Item {
        let fingerprint = Fingerprint([inputs.site] + inputs.listings[Self.archiveFields(theme)], label: "archive")
        return page("archive/index.html", origin: "the archive page", fingerprint: fingerprint) { [self] in
            let summaries = context.postSummaries.showing(theme.fields(of: "archive")).of(site.posts.indices)
            var years: [[String: Any]] = []
            var currentYear = ""
            var current: [[String: Any]] = []
            func close() {
                guard !current.isEmpty else { return }
                years.append(["year": currentYear, "count": current.count, "posts": current])
            }
            let pattern = DatePattern(calendar: site.config.calendar)
            for (index, post) in site.posts.enumerated() {
                let year = pattern.format(post.document.date ?? .distantPast, DateFormat.year)
                if year != currentYear {
                    close()
                    currentYear = year
                    current = []
                }
                current.append(summaries[index])
            }
            close()
            let page = context.generatedPage(kind: "archive", title: context.word("archive", or: "Archive"), path: "/archive/")
            // Through stencils though it is one page: its lists repeat one item's part, so a
            // skeleton of two items a year stands for ten thousand rendered one by one.
            return html("archive", context.values(page: page, extra: ["years": years, "posts": summaries]), ofMany: true)
        }
    }

    /// The pages of a taxonomy: `/tags/` lists every tag, `/tags/<tag>/` lists its posts; the
    /// same for categories, whose pages a blog without any has none of (its own page may be
    /// at `/categories/`).
    func taxonomyPages(_ taxonomy: Taxonomy) -> [Item] {
        let kind = taxonomy.kind
        if kind != .tags, taxonomy.isEmpty { return [] }
        let context = context, terms = taxonomy.terms
        // The index and the term pages share one digest per term, of what either layout shows,
        // and summaries of only that.
        let fields = Self.listingFields(of: kind, theme)
        @Sendable func value(_ index: Int, posts: Bool = true) -> [String: Any] {
            let term = terms[index]
            var value: [String: Any] = ["name": term.name, "slug": term.slug, "url": context.links.url(term.path), "count": term.posts.count]
            if posts { value["posts"] = context.postSummaries.showing(fields).of(term.posts) }
            return value
        }
        // The index of the default theme shows each tag's name and count, not its posts: three
        // summaries a post, gathered for nothing.
        let indexShowsPosts = theme.reads("posts", in: kind.plural)
        let listings = inputs.listings[fields]
        let termInputs = terms.map { term in Fingerprint([Fingerprint.of(term.name + "\u{0}" + term.slug)] + term.posts.map { listings[$0] }) }
        let indexFingerprint = Fingerprint([inputs.site] + termInputs, label: kind.plural)
        let index = page(file(kind.indexPath), origin: "the \(kind.plural) page", fingerprint: indexFingerprint) { [self] in
            html(kind.plural, context.values(page: context.generatedPage(kind: kind.plural, title: context.word(kind.plural, or: kind.indexTitle), path: kind.indexPath),
                                             extra: [kind.plural: terms.indices.map { value($0, posts: indexShowsPosts) }]))
        }
        return [index] + terms.indices.map { index in
            let term = terms[index]
            return page(file(term.path), origin: "the page of \(kind.singular) '\(term.name)'",
                        fingerprint: Fingerprint(inputs.site, termInputs[index])) { [self] in
                let page = context.generatedPage(kind: kind.singular, title: title(of: term.name, in: kind), path: term.path)
                let term = value(index)
                return html(kind.singular, context.values(page: page, extra: [kind.singular: term, "posts": term["posts"]!]), ofMany: true)
            }
        }
    }

    /// The title of the page of a tag or category, in the site's language: Posts tagged “swift”.
    func title(of term: String, in kind: Taxonomy.Kind) -> String {
        switch kind {
        case .tags: "\(context.word("posts_tagged", or: "Posts tagged")) \(context.quoted(term))"
        case .categories: "\(context.word("posts_in", or: "Posts in")) \(context.quoted(term))"
        }
    }

    /// `/404.html`, which servers show for a missing page.
    func notFoundPage() -> Item {
        let fields = theme.fields(of: "404")
        let shown = 0..<min(5, site.posts.count)
        let fingerprint = Fingerprint([inputs.site] + inputs.listings.digests(of: fields, posts: shown), label: "404")
        return page("404.html", origin: "the 404 page", fingerprint: fingerprint) { [self] in
            let page = context.generatedPage(kind: "not_found", title: context.word("not_found", or: "Page not found"), path: "/404.html")
            return html("404", context.values(page: page, extra: ["posts": context.postSummaries.of(shown)]))
        }
    }

    /// A page at each alias that sends readers and search engines to the new address.
    func redirects() -> [Item] {
        (site.posts + site.pages).flatMap { rendered in
            rendered.document.aliases.map { alias in
                Item(path: file(alias.path), content: .text(redirectPage(to: rendered.document.path)),
                     origin: rendered.document.sourcePath, line: alias.line)
            }
        } + site.homeAliases.map { alias in
            Item(path: file(alias.path), content: .text(redirectPage(to: "/")), origin: alias.source, line: alias.line)
        }
    }

    /// A post or page whose address has capitals (`/2024/12/05/Ending-OCSP/`) is also answered at
    /// the lower-cased address, which Hugo would have given it and other sites may link: a
    /// redirect there, unless something else has that address or one of its folders.
    func addLowercaseAddresses(to tree: inout OutputTree) {
        for rendered in [site.posts, site.pages].joined() {
            let path = rendered.document.path
            // Most addresses are lower-case ASCII already: no need to make a lower-cased copy.
            guard Self.mayHaveCapitals(path) else { continue }
            let lower = path.lowercased()
            guard lower != path else { continue }
            let output = file(lower)
            var folder = RelativePath.folder(of: output)
            var free = !tree.contains(output) && !tree.folders.contains(output)
            while free, !folder.isEmpty {
                free = !tree.contains(folder)
                folder = RelativePath.folder(of: folder)
            }
            guard free else { continue }
            _ = tree.add(output, .text(redirectPage(to: path)), origin: rendered.document.sourcePath)
        }
    }

    /// Whether `path` has an ASCII capital or any byte beyond ASCII, looked for in its bytes
    /// directly: asked of every post of every build.
    static func mayHaveCapitals(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var found: UInt8 = 0
            // A capital is a byte less than 26 above "A"; what each byte says is or-ed together.
            for byte in bytes { found |= (byte &- 0x41 < 26 ? 1 : 0) | (byte & 0x80) }
            return found != 0
        }
    }

    /// A page that forwards at once: a refresh for browsers, a canonical link for search engines,
    /// and a plain link for everyone else.
    func redirectPage(to path: String) -> String {
        let address = context.links.absolute(path)
        let target = HTMLEscape.text(address)
        // A refresh drops the part of the old address after `#` (`/old/#setup`); the script
        // carries it over, and where scripts do not run the refresh still moves the reader.
        let script = address.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\\", "\"", "<", ">", "&", "'": "\\u" + String(format: "%04x", scalar.value)
            default: scalar.value < 0x20 ? "" : String(scalar)
            }
        }.joined()
        return """
            <!DOCTYPE html>
            <html lang="\(HTMLEscape.text(site.config.language))">
            <head>
            <meta charset="utf-8">
            <title>Moved to \(target)</title>
            <meta name="robots" content="noindex">
            <link rel="canonical" href="\(target)">
            <script>location.replace("\(script)" + location.hash)</script>
            <meta http-equiv="refresh" content="0; url=\(target)">
            </head>
            <body>
            <p>This page has moved to <a href="\(target)">\(target)</a>.</p>
            </body>
            </html>

            """
    }

    /// What the archive's page is made from: what its layout shows of each post, and the dates
    /// it groups them by year with, shown or not.
    static func archiveFields(_ theme: Theme) -> ListingFields {
        theme.fields(of: "archive").union([.date])
    }

    /// What the pages of a taxonomy (`tags` and `tag`, `categories` and `category`) show of a post.
    static func listingFields(of kind: Taxonomy.Kind, _ theme: Theme) -> ListingFields {
        theme.fields(of: kind.plural).union(theme.fields(of: kind.singular))
    }
}
