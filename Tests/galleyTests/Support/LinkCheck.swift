import Foundation

/// Follows every link of a built site that points inside it, as a browser would from the page's
/// own address: a root-relative path, a relative path, or an absolute URL on the site's host.
/// A folder address leads to its `index.html`, and a folder named without its final `/` too, as
/// web servers redirect it. A `#fragment` must be an `id` (or `<a name>`) of the page it leads to.
struct LinkCheck {
    let site: BuiltSite
    private let pagePaths: Set<String>

    init(_ site: BuiltSite) {
        self.site = site
        pagePaths = Set(site.reading.pages.keys)
    }

    /// Every broken link of the pages, the feeds, the sitemap and robots.txt.
    func brokenLinks() -> [BrokenLink] {
        var broken: [BrokenLink] = []
        for (page, reading) in site.reading.pages.sorted(by: { $0.key < $1.key }) {
            var addresses = [address(of: page)]
            // A 404 page is shown at whatever address was asked for: its links must work from deep down too.
            if page == "404.html" { addresses.append(site.base.appending(path: "no/such/page/")) }
            for pageAddress in addresses {
                // A link to `#part` stays in whichever document holds it, at any address.
                for link in reading.links where pageAddress == addresses[0] || !link.address.hasPrefix("#") {
                    let from = "\(page):\(link.line) \(link.attribute)" + (pageAddress == addresses[0] ? "" : " seen at \(pageAddress.path())")
                    broken += check(link.address, from: from, relativeTo: pageAddress)
                }
            }
        }
        for (name, feed) in site.reading.feeds.sorted(by: { $0.key < $1.key }) {
            for link in feed.links { broken += check(link, from: name, relativeTo: nil) }
            for entry in feed.entries {
                for link in [entry.link] + entry.links { broken += check(link, from: "\(name) entry \(entry.link)", relativeTo: nil) }
            }
        }
        for (name, links) in site.reading.lists.sorted(by: { $0.key < $1.key }) {
            for link in links { broken += check(link, from: name, relativeTo: nil) }
        }
        return broken
    }

    /// Where a page of the output is published: `a/index.html` at `BASE/a/`.
    func address(of page: String) -> URL {
        if page == "index.html" { return site.base }
        let path = page.hasSuffix("/index.html") ? String(page.dropLast("index.html".count)) : page
        return URL(string: path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path, relativeTo: site.base)!.absoluteURL
    }

    /// The problem with `address` as seen from `page`, or none. Without a page (in a feed or a
    /// sitemap) an address must be absolute.
    func check(_ address: String, from: String, relativeTo page: URL?) -> [BrokenLink] {
        // Standardized: a browser follows `a/../b` (which rebased links in excerpts and feeds hold) as `b`.
        guard let url = URL(string: address, relativeTo: page)?.absoluteURL.standardized, let scheme = url.scheme?.lowercased() else {
            // Only a relative address has no scheme; in a feed, readers do not agree on what it is relative to.
            return page == nil && !address.isEmpty ? [BrokenLink(from: from, address: address, path: address, problem: .notAbsolute)] : []
        }
        guard ["http", "https"].contains(scheme), url.host()?.lowercased() == site.base.host()?.lowercased(), url.port == site.base.port else { return [] }
        var path = url.path(percentEncoded: false)
        if path.isEmpty { path = "/" }
        let root = site.base.path(percentEncoded: false)
        guard path.hasPrefix(root) else { return [BrokenLink(from: from, address: address, path: path, problem: .outsideTheBlog)] }
        let sitePath = "/" + path.dropFirst(root.count)
        guard let file = file(at: sitePath) else { return [BrokenLink(from: from, address: address, path: sitePath, problem: .noSuchFile)] }
        if let fragment = url.fragment(percentEncoded: false), !fragment.isEmpty, !fragment.hasPrefix(":~:"),
           let target = site.reading.pages[file], !target.ids.contains(fragment) {
            return [BrokenLink(from: from, address: address, path: sitePath + "#" + fragment, problem: .noSuchID)]
        }
        return []
    }

    /// The output file a site path leads to, relative to the output, if there is one.
    private func file(at sitePath: String) -> String? {
        var relative = String(sitePath.dropFirst())
        if relative.isEmpty || relative.hasSuffix("/") { relative += "index.html" }
        if pagePaths.contains(relative) { return relative }
        var isFolder: ObjCBool = false
        let url = site.output.appending(path: relative)
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return nil }
        guard isFolder.boolValue else { return relative }
        let index = relative + "/index.html"
        return pagePaths.contains(index) ? index : nil
    }
}
