import Digests
import Foundation
import SiteContent
import Text

/// One field of a post's summary, the values list pages (and a post's neighbours) show of it:
/// the one place that says what a summary holds, under which names layouts read it, and what
/// it is made from.
///
/// Three things follow from it that must agree, or incremental builds leave stale pages: the
/// summary itself (``summary(of:_:)``), the fields a layout shows (``ListingFields``, from the
/// names ``LayoutReads`` finds in it), and a post's listing fingerprint of those fields
/// (``RenderedDocument/listingFingerprint(_:)``), which digests what each field is made from.
package enum ListingField: Int, CaseIterable, Sendable {
    // In the order the fingerprint digests them. A raw value is the field's bit in a
    // ListingFields, which the cache keeps.
    case title = 0
    /// The post's address, as a link and as an absolute URL.
    case address = 1
    case date = 2
    case updated = 3
    case tags = 4
    /// The excerpt, the summary, and whether the post has more.
    case excerpt = 5
    /// The word count itself.
    case length = 6
    /// The reading time, in minutes: most edits leave it as it was, and so the pages that show
    /// only it (the default theme's home page, a post's neighbours) need not be made again.
    case readingTime = 9
    case draft = 7
    case audio = 8
    case categories = 10

    /// The names layouts read the field's values by.
    var names: [String] {
        switch self {
        case .title: ["title"]
        case .address: ["url", "permalink"]
        case .date: ["date"]
        case .updated: ["updated"]
        case .tags: ["tags"]
        case .excerpt: ["excerpt", "summary", "has_more"]
        case .length: ["word_count"]
        case .readingTime: ["reading_time"]
        case .draft: ["draft"]
        case .audio: ["audio"]
        case .categories: ["categories"]
        }
    }

    /// What every post's summary is made with beside the post: the site's links, its dates'
    /// style and its tags' and categories' values. These are the site's, and digested with it.
    struct Shared: Sendable {
        var links: Links
        var dates: DateStyle
        /// Each tag and category as layouts see it, by spelling (see ``TemplateContext/termValues``).
        var terms: ReadOnly<[Taxonomy.Kind: [String: [String: Any]]]>
        var slugs: SlugRule
        /// What an excerpt gets before a list shows it; nil leaves it as rendered.
        var finish: BodyFinish? = nil
    }

    /// The summary of `post`: the values of `fields` (every field's unless told), by name.
    static func summary(of post: RenderedDocument, _ shared: Shared, fields: ListingFields = .all) -> [String: Any] {
        var summary: [String: Any] = [:]
        if fields == .all {
            summary.reserveCapacity(usualCount)
            for field in allCases { field.values(of: post, shared, into: &summary) }
        } else {
            summary.reserveCapacity(allCases.reduce(0) { fields.contains($1) ? $0 + $1.names.count : $0 })
            for field in allCases where fields.contains(field) { field.values(of: post, shared, into: &summary) }
        }
        return summary
    }

    /// The values of `fields` in `summary`, a summary of more fields: the same as a summary
    /// made with only `fields`.
    static func summary(_ summary: [String: Any], keeping fields: ListingFields) -> [String: Any] {
        var kept: [String: Any] = [:]
        kept.reserveCapacity(allCases.reduce(0) { fields.contains($1) ? $0 + $1.names.count : $0 })
        for field in allCases where fields.contains(field) {
            for name in field.names {
                if let value = summary[name] { kept[name] = value }
            }
        }
        return kept
    }

    /// Room for every name but two: a post is seldom a draft with audio. Every name would take
    /// a table twice the size (ten thousand summaries, 16 MB instead of 8), since tables grow
    /// by doubling and this one fills three quarters of one.
    private static let usualCount = allCases.reduce(0) { $0 + $1.names.count } - 2

    /// Puts the field's values for `post` into `summary`, each under one of its ``names``.
    func values(of post: RenderedDocument, _ shared: Shared, into summary: inout [String: Any]) {
        let document = post.document, links = shared.links
        switch self {
        case .title:
            summary["title"] = document.title
        case .address:
            summary["url"] = links.url(document.path)
            summary["permalink"] = links.absolute(document.path)
        case .date:
            summary["date"] = shared.dates.value(of: document)
        case .updated:
            summary["updated"] = document.updated.map(shared.dates.value)
        case .tags:
            summary["tags"] = TemplateContext.termLinks(document.tags, of: .tags, known: shared.terms.value[.tags] ?? [:], links: links,
                                                        slugs: shared.slugs)
        case .categories:
            summary["categories"] = TemplateContext.termLinks(document.categories, of: .categories, known: shared.terms.value[.categories] ?? [:],
                                                              links: links, slugs: shared.slugs)
        case .excerpt:
            let excerpt = links.rebase(post.excerpt, for: document, absolute: false)
            summary["excerpt"] = shared.finish?.finished(excerpt, page: document.path) ?? excerpt
            summary["summary"] = post.summary
            summary["has_more"] = post.hasMore
        case .length:
            summary["word_count"] = post.wordCount
        case .readingTime:
            summary["reading_time"] = TemplateContext.readingTime(post.wordCount)
        case .draft:
            summary["draft"] = document.draft ? true : nil
        case .audio:
            summary["audio"] = document.audio.map { TemplateContext.audio(of: $0, links: links) }
        }
    }

    /// Adds what the field's values for `post` are made from to `builder`: two posts with the
    /// same digest have the same values.
    func digest(of post: RenderedDocument, into builder: inout Fingerprint.Builder) {
        let document = post.document
        switch self {
        case .title:
            builder.add(document.title)
        case .address:
            builder.add(document.path)
        case .date:
            builder.add(document.date?.timeIntervalSince1970)
            // A date shows in the zone it was written in: the same moment written in another
            // zone prints another time.
            builder.add(document.dateOffset ?? Int.min)
        case .updated:
            builder.add(document.updated?.timeIntervalSince1970)
        case .tags:
            builder.add(document.tags.count)
            for tag in document.tags { builder.add(tag) }
        case .categories:
            builder.add(document.categories.count)
            for category in document.categories { builder.add(category) }
        case .excerpt:
            builder.add(post.hasMore)
            builder.add(post.excerpt)
            builder.add(post.summary)
            // The excerpt's relative links are rebased on the post's folder, and a link to a
            // fragment of the post on its address (under `.html` addresses, not its folder).
            builder.add(document.directoryPath)
            builder.add(document.path)
        case .length:
            builder.add(post.wordCount)
        case .readingTime:
            builder.add(TemplateContext.readingTime(post.wordCount))
        case .draft:
            builder.add(document.draft)
        case .audio:
            guard let audio = document.audio else { return }
            builder.add(audio.url)
            builder.add(audio.length)
            builder.add(audio.type)
            builder.add(audio.duration ?? -1)
        }
    }
}
