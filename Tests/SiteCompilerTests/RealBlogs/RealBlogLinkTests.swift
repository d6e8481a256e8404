import Foundation
@testable import SiteContent
import SiteSource
import TestThreads
import Testing

@testable import SiteCompiler

/// Every link Galley itself makes in the real blogs leads to a file it wrote: pagination, the
/// archive, tag and category pages and links, neighbours, feeds, the sitemap and the alias
/// redirects. Links the authors wrote in their posts (to pages of their old sites that are not
/// here) are left out: the post bodies and excerpts are cut from the pages before looking.
@Suite(.onBlockingPool, .enabled(if: RealBlogFixtures.folder != nil, "needs shared/fixtures/real beside the repository or a folder above it"))
struct RealBlogLinkTests {
    @Test(arguments: ["jekyll-docs", "letsencrypt"])
    func galleysOwnLinksLeadSomewhere(blog: String) throws {
        let source = DirectorySource(root: RealBlogFixtures.folder!.appending(path: blog))
        let output = FileManager.default.temporaryDirectory.appending(path: "galley-links-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: output)
            OutputWriter(destination: output).removeLeftovers()
        }
        let base = try SiteConfig.load(from: source).baseURL.absoluteString
        _ = try SiteBuilder(source: source, options: BuildOptions()).build(into: output)
        let files = Set(try DirectorySource(root: output).files(under: ""))

        var broken: [String] = []
        var checked = 0
        for file in files.sorted() where file.hasSuffix(".html") || file.hasSuffix(".xml") {
            let text = try String(contentsOf: output.appending(path: file), encoding: .utf8)
            for link in Self.links(in: Self.galleysOwnParts(of: text)) {
                guard let path = Self.sitePath(link, base: base) else { continue }
                checked += 1
                if !Self.exists(path, in: files) { broken.append("\(file): \(link)") }
            }
        }
        #expect(checked > 1000, "only \(checked) links looked at")
        #expect(broken.isEmpty, "\(broken.count) broken links, first \(broken.prefix(20))")
    }

    /// The page without what its author wrote: post bodies and excerpts, in pages and feeds.
    static func galleysOwnParts(of text: String) -> String {
        var text = text
        for (open, close) in [("<div class=\"content e-content\">", "\n  </div>\n</article>"), ("<div class=\"excerpt\">", "\n  </div>\n"),
                              ("<description>", "</description>"), ("<content type=\"html\">", "</content>"), ("<summary>", "</summary>")] {
            while let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex) {
                text.removeSubrange(start.lowerBound..<end.lowerBound)
            }
        }
        return text
    }

    /// Every `href`, `src`, `<loc>` and `<link>` address, and a refresh's target.
    static func links(in text: String) -> [String] {
        let patterns = [#"href="([^"]*)""#, #"src="([^"]*)""#, #"<loc>([^<]*)</loc>"#, #"<link>([^<]*)</link>"#, #"url=([^"]*)""#]
        return patterns.flatMap { pattern in
            let regex = try! NSRegularExpression(pattern: pattern)
            return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
                String(text[Range(match.range(at: 1), in: text)!]).replacingOccurrences(of: "&amp;", with: "&")
            }
        }
    }

    /// The site path of a link into the site, without its fragment; nil for other hosts.
    static func sitePath(_ link: String, base: String) -> String? {
        var path = link
        if path.hasPrefix(base) { path = "/" + path.dropFirst(base.count) } else if !path.hasPrefix("/") || path.hasPrefix("//") { return nil }
        if let hash = path.firstIndex(of: "#") { path = String(path[..<hash]) }
        return path
    }

    static func exists(_ path: String, in files: Set<String>) -> Bool {
        let relative = String(path.dropFirst())
        if relative.isEmpty || relative.hasSuffix("/") { return files.contains(relative + "index.html") }
        return files.contains(relative) || files.contains(relative + "/index.html")
    }
}
