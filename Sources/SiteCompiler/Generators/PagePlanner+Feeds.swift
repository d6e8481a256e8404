import Dates
import Digests
import Foundation
import Layouts
import SiteContent
import Text

extension PagePlanner {
    /// `/feed.xml` (RSS 2.0), `/atom.xml` (Atom) and `/feed.json` (JSON Feed 1.1), newest posts
    /// first, full content with every link made absolute. Audio posts carry an enclosure, so
    /// the RSS feed works as a podcast.
    func feeds() -> [Item] {
        let limit = site.config.feedLimit
        let count = limit > 0 ? min(limit, site.posts.count) : site.posts.count
        let posts = Array(site.posts.prefix(count))
        // A feed shows whole posts, all made from their files (and any audio beside them), and
        // the site's values: an edit to an older post leaves the feeds alone.
        let fingerprint = Fingerprint([inputs.site] + inputs.posts.prefix(count), label: "feeds \(count)")
        let links = context.links
        let entries = Once<[FeedEntry]> { posts.map { FeedEntry(post: $0, links: links) } }
        return [
            page("feed.xml", origin: "the RSS feed", fingerprint: fingerprint) { [self] in rss(entries.value) },
            page("atom.xml", origin: "the Atom feed", fingerprint: fingerprint) { [self] in atom(entries.value) },
            page("feed.json", origin: "the JSON feed", fingerprint: fingerprint) { [self] in String(decoding: jsonFeed(entries.value), as: UTF8.self) },
        ]
    }

    /// What every feed says of one post.
    struct FeedEntry: Sendable {
        let post: RenderedDocument
        let url: String
        let content: String
        let audioURL: String?
        /// Its categories and then its tags, each name once: feeds have one word for both.
        let categories: [String]

        init(post: RenderedDocument, links: Links) {
            self.post = post
            url = links.absolute(post.document.path)
            content = links.rebase(post.html, for: post.document, absolute: true)
            audioURL = post.document.audio.map { TemplateContext.audioURL($0, links: links) }
            var seen = Set<String>()
            categories = (post.document.categories + post.document.tags).filter { seen.insert($0).inserted }
        }

        var published: Date { post.document.date ?? Date(timeIntervalSince1970: 0) }
        var modified: Date { post.document.updated ?? published }
    }

    /// The newest change among the entries: a fixed point, so an unchanged blog writes unchanged feeds.
    private func lastChange(_ entries: [FeedEntry]) -> Date {
        entries.map(\.modified).max() ?? Date(timeIntervalSince1970: 0)
    }

    private var english: DatePattern { context.dates.english }

    func rss(_ entries: [FeedEntry]) -> String {
        let config = site.config
        let links = context.links
        var xml = XMLWriter()
        xml.element("rss", [("version", "2.0"), ("xmlns:atom", "http://www.w3.org/2005/Atom"), ("xmlns:dc", "http://purl.org/dc/elements/1.1/"),
                            ("xmlns:itunes", "http://www.itunes.com/dtds/podcast-1.0.dtd")]) { xml in
            xml.element("channel") { xml in
                xml.element("title", text: config.title)
                xml.element("link", text: links.base)
                xml.element("description", text: config.description.isEmpty ? config.title : config.description)
                xml.element("language", text: config.language)
                xml.element("generator", text: "Galley")
                xml.element("lastBuildDate", text: english.rfc822(lastChange(entries)))
                xml.empty("atom:link", [("href", links.absolute("/feed.xml")), ("rel", "self"), ("type", "application/rss+xml")])
                xml.element("itunes:author", text: config.author.name)
                xml.element("itunes:explicit", text: "false")
                if options.noindex { xml.element("itunes:block", text: "Yes") }
                for entry in entries { rssItem(entry, into: &xml) }
            }
        }
        return xml.text
    }

    private func rssItem(_ entry: FeedEntry, into xml: inout XMLWriter) {
        let document = entry.post.document
        xml.element("item") { xml in
            xml.element("title", text: document.title)
            xml.element("link", text: entry.url)
            xml.element("guid", [("isPermaLink", "true")], text: entry.url)
            xml.element("pubDate", text: english.rfc822(entry.published))
            // RSS's own <author> wants an email address; Dublin Core's creator takes a name.
            for name in document.authors { xml.element("dc:creator", text: name) }
            if let author = document.author { xml.element("itunes:author", text: author) }
            for name in entry.categories { xml.element("category", text: name) }
            xml.element("description", text: entry.content)
            if let audio = document.audio, let url = entry.audioURL {
                xml.empty("enclosure", [("url", url), ("length", String(audio.length)), ("type", audio.type)])
                if let duration = audio.durationText { xml.element("itunes:duration", text: duration) }
                xml.element("itunes:summary", text: entry.post.summary)
            }
        }
    }

    func atom(_ entries: [FeedEntry]) -> String {
        let config = site.config
        let links = context.links
        var xml = XMLWriter()
        xml.element("feed", [("xmlns", "http://www.w3.org/2005/Atom"), ("xml:lang", config.language)]) { xml in
            xml.element("title", text: config.title)
            if !config.description.isEmpty { xml.element("subtitle", text: config.description) }
            xml.element("id", text: links.base)
            xml.empty("link", [("href", links.base)])
            xml.empty("link", [("href", links.absolute("/atom.xml")), ("rel", "self"), ("type", "application/atom+xml")])
            xml.element("updated", text: english.rfc3339(lastChange(entries)))
            xml.inline { xml in
                xml.element("author") { xml in
                    xml.element("name", text: config.author.name)
                    if let email = config.author.email { xml.element("email", text: email) }
                    if let url = config.author.url { xml.element("uri", text: url) }
                }
            }
            xml.element("generator", text: "Galley")
            for entry in entries { atomEntry(entry, into: &xml) }
        }
        return xml.text
    }

    private func atomEntry(_ entry: FeedEntry, into xml: inout XMLWriter) {
        let document = entry.post.document
        xml.element("entry") { xml in
            xml.element("title", text: document.title)
            xml.element("id", text: entry.url)
            xml.empty("link", [("href", entry.url)])
            xml.element("published", text: english.rfc3339(entry.published))
            xml.element("updated", text: english.rfc3339(entry.modified))
            for name in document.authors {
                xml.inline { xml in xml.element("author") { xml in xml.element("name", text: name) } }
            }
            for name in entry.categories { xml.empty("category", [("term", name)]) }
            if !entry.post.summary.isEmpty { xml.element("summary", text: entry.post.summary) }
            if let audio = document.audio, let url = entry.audioURL {
                xml.empty("link", [("rel", "enclosure"), ("href", url), ("length", String(audio.length)), ("type", audio.type)])
            }
            xml.element("content", [("type", "html")], text: entry.content)
        }
    }

    func jsonFeed(_ entries: [FeedEntry]) -> Data {
        let config = site.config
        let links = context.links
        let feed = JSONFeed(
            title: config.title,
            homePageURL: links.base,
            feedURL: links.absolute("/feed.json"),
            description: config.description.isEmpty ? nil : config.description,
            language: config.language,
            authors: [.init(name: config.author.name, url: config.author.url)],
            items: entries.map { entry in
                let document = entry.post.document
                return JSONFeed.Item(
                    id: entry.url, url: entry.url, title: document.title, contentHTML: entry.content,
                    summary: entry.post.summary.isEmpty ? nil : entry.post.summary,
                    datePublished: english.rfc3339(entry.published),
                    dateModified: document.updated.map(english.rfc3339),
                    authors: document.authors.isEmpty ? nil : document.authors.map { .init(name: $0, url: nil) },
                    tags: entry.categories.isEmpty ? nil : entry.categories,
                    attachments: document.audio.map { audio in
                        [.init(url: entry.audioURL ?? audio.url, mimeType: audio.type, sizeInBytes: audio.length, durationInSeconds: audio.duration)]
                    })
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(feed)) ?? Data("{}".utf8)
    }
}

/// JSON Feed 1.1, as https://jsonfeed.org/version/1.1 lays it out.
struct JSONFeed: Encodable {
    var version = "https://jsonfeed.org/version/1.1"
    var title: String
    var homePageURL: String
    var feedURL: String
    var description: String?
    var language: String
    var authors: [Author]
    var items: [Item]

    struct Author: Encodable {
        var name: String
        var url: String?
    }

    struct Item: Encodable {
        var id: String
        var url: String
        var title: String
        var contentHTML: String
        var summary: String?
        var datePublished: String
        var dateModified: String?
        var authors: [Author]?
        var tags: [String]?
        var attachments: [Attachment]?

        enum CodingKeys: String, CodingKey {
            case id, url, title, summary, authors, tags, attachments
            case contentHTML = "content_html", datePublished = "date_published", dateModified = "date_modified"
        }
    }

    struct Attachment: Encodable {
        var url: String
        var mimeType: String
        var sizeInBytes: Int
        var durationInSeconds: Int?

        enum CodingKeys: String, CodingKey {
            case url
            case mimeType = "mime_type", sizeInBytes = "size_in_bytes", durationInSeconds = "duration_in_seconds"
        }
    }

    enum CodingKeys: String, CodingKey {
        case version, title, description, language, authors, items
        case homePageURL = "home_page_url", feedURL = "feed_url"
    }
}
