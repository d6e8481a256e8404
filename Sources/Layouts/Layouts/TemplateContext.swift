import Dates
import Digests
import Foundation
import SiteContent
import Text

/// Builds the values layouts see. Every layout gets `site` and `page`; list layouts also get
/// `posts`, `pagination`, `years`, `tags`, `tag`, `categories` or `category`. The guide lists
/// every variable.
///
/// The values are plain dictionaries and arrays, built once per site and shared read-only by
/// the threads that render pages, which is why the type is `@unchecked Sendable`.
package struct TemplateContext: @unchecked Sendable {
    package let links: Links
    package let dates: DateStyle
    package let site: [String: Any]
    /// What lists show of each post, by index into ``Site/posts``.
    package let postSummaries: PostSummaries
    /// Each tag and category of the posts as layouts see it, by taxonomy and spelling: made once
    /// and shared by every page that shows it, rather than a slug and a link made again for each post.
    let termValues: [Taxonomy.Kind: [String: [String: Any]]]
    /// The theme's words in the site's language (``Theme/words``), for the titles of generated pages.
    let words: [String: String]
    /// The navigation as each page shows it (`page.nav`): with no link current, then with each one.
    private let navigations: [[[String: Any]]]
    /// Where each top-level page stands in the navigation, by site path.
    private let navigationIndex: [String: Int]
    /// galley.yml's `image`, as an absolute address: the picture of a page that has none of its own.
    private let siteImage: String?
    /// Whether pages get `anchored_content` (see ``Theme/readsAnchoredContent``).
    private let anchoredContent: Bool
    /// The rule a tag of a page that no post has is made a slug by.
    private let slugs: SlugRule
    /// What a body gets before a layout shows it.
    private let finish: BodyFinish

    /// Whether a page is in the site's navigation: a top-level page, unless it is the page for
    /// missing addresses (`/404.html`, which Jekyll and Hugo themes do not list either) or its
    /// front matter says `nav: false` (or `no`, `off`, or `"false"` in quotes).
    static func isInNavigation(_ document: Document) -> Bool {
        let parts = document.path.split(separator: "/")
        guard parts.count == 1, parts[0] != "404.html" else { return false }
        guard let nav = document.params.first(where: { $0.key.lowercased() == "nav" })?.value else { return true }
        if let flag = nav.bool { return flag }
        return !["false", "no", "off"].contains(nav.string?.lowercased() ?? "")
    }

    /// Where a page goes in the navigation: by `weight`, lower first, pages without one (or 0)
    /// after those with one, as in Hugo; then by title.
    static func navigationOrder(_ document: Document) -> (Int, Int, String) {
        (document.weight == 0 ? 1 : 0, document.weight, document.title)
    }

    /// The values of `site`, in the theme's `words`; `staticFiles` are the output paths of the
    /// blog's own static files, which may replace the theme's favicon and add `custom.css`;
    /// `images` measures the blog's pictures that pages show.
    package init(site: Site, options: BuildOptions, words: [String: String] = [:], staticFiles: Set<String> = [], anchoredContent: Bool = false,
         images: ImageSizes? = nil, summariesFromWhole: Bool = true) {
        let links = site.links
        // Every post's and page's: a date shows in its own zone, whatever the others are in.
        let dates = DateStyle(config: site.config, offsets: Set((site.posts + site.pages).compactMap(\.document.dateOffset)))
        let config = site.config
        self.links = links
        self.dates = dates

        var author: [String: Any] = ["name": config.author.name]
        author["email"] = config.author.email
        author["url"] = config.author.url
        let topLevel = site.pages
            .filter { Self.isInNavigation($0.document) }
            .sorted { Self.navigationOrder($0.document) < Self.navigationOrder($1.document) }
        let navigation = topLevel.map { ["title": $0.document.title, "url": links.url($0.document.path)] as [String: Any] }
        navigations = [navigation.map { $0.merging(["is_current": false]) { $1 } }] + navigation.indices.map { current in
            navigation.enumerated().map { $1.merging(["is_current": $0 == current]) { $1 } }
        }
        navigationIndex = Dictionary(topLevel.enumerated().map { ($1.document.path, $0) }) { first, _ in first }
        siteImage = ImageKey.written(in: config.params).flatMap { ShareImage.address($0, folder: "/", links: links) }
        self.words = words
        self.anchoredContent = anchoredContent
        slugs = config.slugs
        let finish = BodyFinish(codeLabel: words["code"] ?? "Code", backToContent: words["back_to_content"] ?? BodyFinish.cmarkBackLabel,
                                images: images, basePath: links.basePath)
        self.finish = finish
        var params: [String: Any] = [:]
        for (key, value) in config.params { params[key] = value.templateValue }
        var siteValues: [String: Any] = [
            "title": config.title,
            "author": author,
            "base_url": links.base,
            "base_path": links.basePath,
            "language": config.language,
            "timezone": config.timeZone.identifier,
            "pages": navigation,
            "params": params,
            "noindex": options.noindex,
            "posts_count": site.posts.count,
            "has_tags": !site.tags.isEmpty,
            "has_categories": !site.categories.isEmpty,
            "feed_url": links.absolute("/feed.xml"),
            "atom_url": links.absolute("/atom.xml"),
            "json_feed_url": links.absolute("/feed.json"),
            "archive_url": links.url("/archive/"),
            "tags_url": links.url(Taxonomy.Kind.tags.indexPath),
            "categories_url": links.url(Taxonomy.Kind.categories.indexPath),
            "home_url": links.url("/"),
            "generator": "Galley",
            "year": DatePattern(calendar: config.calendar).format(options.now, "yyyy"),
            "strings": words,
            "favicon": Self.favicon(staticFiles: staticFiles, links: links),
        ]
        siteValues["image"] = siteImage
        // A blog's own stylesheet after the theme's: a colour or a font is a few lines there.
        if staticFiles.contains("custom.css") { siteValues["custom_css"] = links.url("/custom.css") }
        // Absent rather than empty: swift-mustache counts "" as true in {{#site.description}}.
        if !config.description.isEmpty { siteValues["description"] = config.description }
        self.site = siteValues

        var termValues: [Taxonomy.Kind: [String: [String: Any]]] = [:]
        for taxonomy in site.taxonomies {
            var values: [String: [String: Any]] = [:]
            for term in taxonomy.terms {
                for spelling in term.spellings { values[spelling] = Self.termLink(spelling, path: term.path, slug: term.slug, links: links) }
            }
            termValues[taxonomy.kind] = values
        }
        self.termValues = termValues
        let shared = ListingField.Shared(links: links, dates: dates, terms: ReadOnly(termValues), slugs: config.slugs, finish: finish)
        let posts = site.posts
        postSummaries = PostSummaries(count: posts.count, fromWhole: summariesFromWhole) { index, fields in
            ListingField.summary(of: posts[index], shared, fields: fields)
        }
    }

    /// The `page` value of a post or a page's own layout; `index` is the post's place in
    /// ``Site/posts``, whose list values it shares.
    package func page(_ post: RenderedDocument, index: Int? = nil, previous: Int?, next: Int?) -> [String: Any] {
        let document = post.document
        let html = finish.finished(post.html, page: document.path)
        var values: [String: Any] = [
            "kind": document.kind.rawValue,
            "is_post": document.kind == .post,
            "is_page": document.kind == .page,
            "title": document.title,
            "url": links.url(document.path),
            "permalink": links.absolute(document.path),
            "content": html,
            "nav": navigations[navigationIndex[document.path].map { $0 + 1 } ?? 0],
            "excerpt": post.excerpt,
            "summary": post.summary,
            "description": post.summary.isEmpty ? (site["description"] as? String ?? "") : post.summary,
            "word_count": post.wordCount,
            "reading_time": Self.readingTime(post.wordCount),
            // A file's name may hold any character but `/`.
            "source": document.sourcePath.replacingForbiddenCharacters(),
        ]
        if let index {
            let summary = postSummaries[index]
            values["date"] = summary["date"]
            values["updated"] = summary["updated"]
            values["tags"] = summary["tags"]
            values["categories"] = summary["categories"]
        } else {
            values["date"] = dates.value(of: document)
            values["updated"] = document.updated.map(dates.value)
            for kind in Taxonomy.Kind.allCases {
                values[kind.plural] = Self.termLinks(kind.names(of: document), of: kind, known: termValues[kind] ?? [:], links: links,
                                                    slugs: slugs)
            }
        }
        values["draft"] = document.draft ? true : nil
        values["audio"] = document.audio.map { Self.audio(of: $0, links: links) }
        values["author"] = document.author
        values["authors"] = document.authors
        values["previous"] = previous.map { postSummaries[$0] }
        values["next"] = next.map { postSummaries[$0] }
        var params: [String: Any] = [:]
        for (key, value) in document.params { params[key] = value.templateValue }
        values["params"] = params
        if anchoredContent { values["anchored_content"] = HeadingAnchors.linked(html) }
        let image = ImageKey.written(in: document.params).flatMap { ShareImage.address($0, folder: ShareImage.folder(of: document), links: links) }
        values["image"] = image ?? siteImage
        if document.params["toc"]?.bool == true { values["toc"] = TableOfContents.html(for: post.html) }
        if document.kind == .post { values["json_ld"] = StructuredData.blogPosting(values, site: site) }
        return values
    }

    /// A digest of the blog's pictures that `post`'s body shows, whose sizes its page holds;
    /// nil when it shows none.
    package func imageDigest(of post: RenderedDocument) -> Fingerprint? {
        finish.images?.digest(of: post.pictures, page: post.document.path, basePath: links.basePath)
    }

    /// The `page` value of a generated page (home, archive, tags).
    package func generatedPage(kind: String, title: String, path: String, description: String? = nil) -> [String: Any] {
        var values: [String: Any] = [
            "kind": kind,
            "is_\(kind)": true,
            "title": title,
            "url": links.url(path),
            "permalink": links.absolute(path),
            "description": description ?? (site["description"] as? String ?? ""),
            "nav": navigations[0],
        ]
        values["image"] = siteImage
        return values
    }

    /// The theme's word `name` in the site's language, or `english` when the theme has none.
    package func word(_ name: String, or english: String) -> String {
        words[name] ?? english
    }

    /// `text` in the quotation marks of the site's language: “text”, „text“, « text ».
    package func quoted(_ text: String) -> String {
        word("quote_open", or: "“") + text + word("quote_close", or: "”")
    }

    /// The icons `site.favicon` links: `ico` always (the theme's or the blog's own), and `svg`
    /// unless the blog has an ICO of its own and no SVG: browsers would show the theme's SVG instead.
    static func favicon(staticFiles: Set<String>, links: Links) -> [String: Any] {
        var icons: [String: Any] = ["ico": links.url("/favicon.ico")]
        if staticFiles.contains("favicon.svg") || !staticFiles.contains("favicon.ico") { icons["svg"] = links.url("/favicon.svg") }
        return icons
    }

    /// The full context for a layout.
    package func values(page: [String: Any], extra: [String: Any] = [:]) -> [String: Any] {
        var values = extra
        values["site"] = site
        values["page"] = page
        return values
    }

    /// The `tags` or `categories` of a post or page: the `known` value of each name, or one made
    /// for a name no post has (a page's).
    static func termLinks(_ names: [String], of kind: Taxonomy.Kind, known: [String: [String: Any]], links: Links,
                          slugs: SlugRule) -> [[String: Any]] {
        names.map { name in
            if let value = known[name] { return value }
            let slug = slugs.slug(name)
            return termLink(name, path: kind.path(ofSlug: slug), slug: slug, links: links)
        }
    }

    private static func termLink(_ name: String, path: String, slug: String, links: Links) -> [String: Any] {
        ["name": name, "slug": slug, "url": links.url(path)]
    }

    static func readingTime(_ words: Int) -> Int {
        max(1, (words + 219) / 220)
    }

    static func audio(of audio: Audio, links: Links) -> [String: Any] {
        var values: [String: Any] = [
            "url": audio.isOnThisSite ? links.url(audio.url) : audio.url,
            "absolute_url": audioURL(audio, links: links),
            "length": audio.length,
            "type": audio.type,
        ]
        values["duration"] = audio.duration
        values["duration_text"] = audio.durationText
        return values
    }

    package static func audioURL(_ audio: Audio, links: Links) -> String {
        audio.isOnThisSite ? links.absolute(audio.url) : audio.url
    }
}
