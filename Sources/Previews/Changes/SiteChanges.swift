/// What a preview changes against production, worked out from both builds' digests.
package struct SiteChanges: Sendable, Equatable {
    /// A page (or other file) added, changed or removed.
    package struct Page: Sendable, Equatable {
        /// Its path in the output, such as `2024/05/01/post/index.html`.
        package var path: String
        /// Its address below the site's root, such as `/2024/05/01/post/`.
        package var address: String
        package var title: String?
    }

    /// How one feed's entries differ.
    package struct Feed: Sendable, Equatable {
        package var path: String
        package var added: Int
        package var changed: Int
        package var removed: Int

        package var total: Int { added + changed + removed }
    }

    package var added: [Page] = []
    package var changed: [Page] = []
    package var removed: [Page] = []
    /// Files that are not pages (styles, images, feeds, sitemaps), changed in any way.
    package var otherFiles: [Page] = []
    package var feeds: [Feed] = []
    /// How many pages are the same.
    package var unchanged = 0

    package init() {}

    /// The changes from `production` to `preview`.
    package init(from production: OutputDigests, to preview: OutputDigests) {
        // A feed is compared entry by entry: as a whole it also carries the time it was built.
        let feedPaths = Set(production.feeds.keys).union(preview.feeds.keys)
        for (path, file) in preview.files.sorted(by: { $0.key < $1.key }) where !feedPaths.contains(path) {
            let page = Page(path: path, address: Self.address(of: path), title: file.title)
            guard let before = production.files[path] else {
                if Self.isPage(path) { added.append(page) } else { otherFiles.append(page) }
                continue
            }
            if before.digest == file.digest {
                if Self.isPage(path) { unchanged += 1 }
            } else if Self.isPage(path) {
                changed.append(page)
            } else {
                otherFiles.append(page)
            }
        }
        for (path, file) in production.files.sorted(by: { $0.key < $1.key }) where preview.files[path] == nil && !feedPaths.contains(path) {
            let page = Page(path: path, address: Self.address(of: path), title: file.title)
            if Self.isPage(path) { removed.append(page) } else { otherFiles.append(page) }
        }
        for path in feedPaths.sorted() {
            let new = preview.feeds[path] ?? [:], old = production.feeds[path] ?? [:]
            let feed = Feed(path: path, added: new.keys.filter { old[$0] == nil }.count,
                            changed: new.filter { old[$0.key] != nil && old[$0.key] != $0.value }.count,
                            removed: old.keys.filter { new[$0] == nil }.count)
            feeds.append(feed)
        }
    }

    /// Whether `path` is a page people read.
    static func isPage(_ path: String) -> Bool { path.hasSuffix(".html") || path.hasSuffix(".htm") }

    /// The address a path is served at: `a/index.html` at `/a/`.
    static func address(of path: String) -> String {
        if path == "index.html" { return "/" }
        if path.hasSuffix("/index.html") { return "/" + path.dropLast("index.html".count) }
        return "/" + path
    }
}
