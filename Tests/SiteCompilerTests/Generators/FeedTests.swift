import Foundation
import SiteTestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@testable import SiteCompiler

/// Collects element texts and attributes from a feed, checking that it is well-formed XML.
final class FeedReader: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String], text: String)] = []
    private var stack: [(name: String, attributes: [String: String], text: String)] = []

    static func read(_ text: String) throws -> FeedReader {
        let reader = FeedReader()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
        return reader
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
        stack.append((name, attributes, ""))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if !stack.isEmpty { stack[stack.count - 1].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        elements.append(stack.removeLast())
    }

    func texts(_ name: String) -> [String] { elements.filter { $0.name == name }.map(\.text) }
    func attributes(_ name: String) -> [[String: String]] { elements.filter { $0.name == name }.map(\.attributes) }
}

@Suite struct FeedTests {
    func blog(feedLimit: Int? = nil) throws -> TestBlog {
        try TestBlog(TestBlog.config + (feedLimit.map { "feed_limit: \($0)\n" } ?? ""), [
            "posts/2019-10-08-first.md": TestBlog.post("title: First & <best>\ntags: [a]", "See [this](/about/) and ![p](p.png)[^1].\n\n[^1]: Note."),
            "posts/2019-10-09-second.md": TestBlog.post("title: Second\ndate: 2019-10-09T08:00:00-07:00\nupdated: 2019-10-10\naudio:\n  url: /ep.m4a\n  duration: 90"),
            "static/ep.m4a": "audio!",
        ])
    }

    @Test func rssIsValidWithRFC822DatesAndEnclosures() throws {
        let blog = try blog()
        try blog.build()
        let rss = try FeedReader.read(try #require(blog.page("feed.xml")))
        #expect(rss.texts("title") == ["Test Blog", "Second", "First & <best>"])
        #expect(rss.texts("pubDate") == ["Wed, 09 Oct 2019 17:00:00 +0200", "Tue, 08 Oct 2019 00:00:00 +0200"])
        #expect(rss.texts("link") == ["https://example.com/", "https://example.com/2019/10/09/second/", "https://example.com/2019/10/08/first/"])
        #expect(rss.attributes("enclosure") == [["url": "https://example.com/ep.m4a", "length": "6", "type": "audio/mp4"]])
        #expect(rss.texts("itunes:duration") == ["1:30"])
        let description = try #require(rss.texts("description").last { $0.contains("this") })
        #expect(description.contains(#"<a href="https://example.com/about/">this</a>"#))
        #expect(description.contains(#"<img src="https://example.com/2019/10/08/first/p.png" alt="p" />"#))
        #expect(description.contains(##"href="https://example.com/2019/10/08/first/#fn:1""##))
        #expect(rss.attributes("atom:link") == [["href": "https://example.com/feed.xml", "rel": "self", "type": "application/rss+xml"]])
    }

    @Test func atomIsValid() throws {
        let blog = try blog()
        try blog.build()
        let atom = try FeedReader.read(try #require(blog.page("atom.xml")))
        #expect(atom.texts("id") == ["https://example.com/", "https://example.com/2019/10/09/second/", "https://example.com/2019/10/08/first/"])
        #expect(atom.texts("updated").first == "2019-10-10T00:00:00+02:00")
        #expect(atom.texts("published") == ["2019-10-09T17:00:00+02:00", "2019-10-08T00:00:00+02:00"])
        #expect(atom.attributes("link").contains(["rel": "enclosure", "href": "https://example.com/ep.m4a", "length": "6", "type": "audio/mp4"]))
    }

    @Test func jsonFeedFollowsVersionOnePointOne() throws {
        let blog = try blog()
        try blog.build()
        let data = Data(try #require(blog.page("feed.json")).utf8)
        let feed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(feed["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect(feed["feed_url"] as? String == "https://example.com/feed.json")
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.map { $0["title"] as? String } == ["Second", "First & <best>"])
        #expect(items[0]["date_published"] as? String == "2019-10-09T17:00:00+02:00")
        #expect(items[0]["date_modified"] as? String == "2019-10-10T00:00:00+02:00")
        let attachment = try #require((items[0]["attachments"] as? [[String: Any]])?.first)
        #expect(attachment["url"] as? String == "https://example.com/ep.m4a")
        #expect(attachment["mime_type"] as? String == "audio/mp4")
        #expect(attachment["size_in_bytes"] as? Int == 6)
        #expect(attachment["duration_in_seconds"] as? Int == 90)
        #expect(items[1]["tags"] as? [String] == ["a"])
    }

    @Test func feedLimitKeepsTheNewest() throws {
        let blog = try blog(feedLimit: 1)
        try blog.build()
        let rss = try FeedReader.read(try #require(blog.page("feed.xml")))
        #expect(rss.texts("item").count == 1)
        #expect(rss.texts("guid") == ["https://example.com/2019/10/09/second/"])
    }

    @Test func sitemapAndRobots() throws {
        let blog = try blog()
        try blog.write("pages/about.md", TestBlog.post("title: About"))
        try blog.build()
        let sitemap = try FeedReader.read(try #require(blog.page("sitemap.xml")))
        #expect(sitemap.texts("loc") == [
            "https://example.com/", "https://example.com/2019/10/09/second/", "https://example.com/2019/10/08/first/",
            "https://example.com/about/", "https://example.com/archive/", "https://example.com/tags/", "https://example.com/tags/a/",
        ])
        #expect(sitemap.texts("lastmod").first == "2019-10-10T00:00:00+02:00")
        #expect(blog.page("robots.txt") == "User-agent: *\nAllow: /\n\nSitemap: https://example.com/sitemap.xml\n")
    }
}
