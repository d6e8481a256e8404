import Digests
import Foundation
import Layouts
import SiteContent
import Text

extension PagePlanner {
    /// `/sitemap.xml`: every post and page with its last change, and the list pages.
    func sitemap() -> Item {
        // It shows each post's address and dates, each page's, and the tags and categories: nothing else.
        let pageAddresses = site.pages.map { page in
            "\(page.document.path)|\(page.document.date?.timeIntervalSince1970 ?? .nan)|\(page.document.updated?.timeIntervalSince1970 ?? .nan)"
        }
        // A term's page is dated by its newest post, which an edit of its names can change.
        let termAddresses = site.taxonomies.flatMap(\.terms).map { term in
            "\(term.path)|\(lastChange(of: site.posts[term.posts[0]].document)?.timeIntervalSince1970 ?? .nan)"
        }
        let fingerprint = Fingerprint([inputs.site, Fingerprint.of((pageAddresses + termAddresses).joined(separator: "\u{0}"))]
                                      + inputs.listings[Self.sitemapFields], label: "sitemap")
        return page("sitemap.xml", origin: "the sitemap", fingerprint: fingerprint) { [self] in sitemapXML() }
    }

    /// What the sitemap shows of a post.
    static let sitemapFields: ListingFields = [.address, .date, .updated]

    private func sitemapXML() -> String {
        let links = context.links
        let english = context.dates.english
        let newest = site.posts.first.map { $0.document.updated ?? $0.document.date ?? Date(timeIntervalSince1970: 0) }
        var xml = XMLWriter()
        xml.element("urlset", [("xmlns", "http://www.sitemaps.org/schemas/sitemap/0.9")]) { xml in
            func entry(_ path: String, _ modified: Date?) {
                xml.inline { xml in
                    xml.element("url") { xml in
                        xml.element("loc", text: links.absolute(path))
                        if let modified { xml.element("lastmod", text: english.rfc3339(modified)) }
                    }
                }
            }
            entry("/", newest)
            for post in site.posts { entry(post.document.path, post.document.updated ?? post.document.date) }
            for page in site.pages { entry(page.document.path, page.document.updated ?? page.document.date) }
            entry("/archive/", newest)
            for taxonomy in site.taxonomies where !taxonomy.isEmpty {
                entry(taxonomy.kind.indexPath, newest)
                for term in taxonomy.terms {
                    entry(term.path, lastChange(of: site.posts[term.posts[0]].document))
                }
            }
        }
        return xml.text
    }

    private func lastChange(of document: Document) -> Date? { document.updated ?? document.date }

    /// `/robots.txt`: open to all with the sitemap's address, or closed to all for a preview.
    func robots() -> String {
        if options.noindex {
            return "# A preview: not for search engines.\nUser-agent: *\nDisallow: /\n"
        }
        return "User-agent: *\nAllow: /\n\nSitemap: \(context.links.absolute("/sitemap.xml"))\n"
    }
}
