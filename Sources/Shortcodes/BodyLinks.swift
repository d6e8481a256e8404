/// Where the documents of a build live, for the links a body writes by file name:
/// Jekyll's `{% post_url %}` and `{% link %}`, Hugo's `ref` and `relref`.
package struct BodyLinks: Sendable {
    /// Site paths by source path (`posts/2013-05-06-hello.md` → `/2013/05/06/hello/`), for the
    /// published posts and pages.
    private let paths: [String: String]
    /// Source paths by the name a link may use: a post's file name without its extension (or
    /// its folder's name, for `index.md` in a folder), and its file name.
    private let names: [String: [String]]
    /// Static files, by site path, which `{% link %}` may name too.
    private let files: Set<String>
    /// The site paths of the tag and category pages (`/categories/tools/`), which Hugo's
    /// `relref` may name.
    private let terms: Set<String>

    /// Links to `documents` (source path and site path of each) and to the static `files`
    /// (their site paths, `/images/a.png`).
    package init(documents: [(source: String, path: String)], files: Set<String> = [], terms: Set<String> = []) {
        var paths: [String: String] = [:], names: [String: [String]] = [:]
        for (source, path) in documents {
            paths[source] = path
            for name in Self.names(of: source) { names[name, default: []].append(source) }
        }
        for key in names.keys { names[key]!.sort() }
        self.paths = paths
        self.names = names
        self.files = files
        self.terms = terms
    }

    /// The names a link may give for the file at `source`.
    private static func names(of source: String) -> [String] {
        let parts = source.split(separator: "/")
        guard var file = parts.last.map(String.init) else { return [] }
        if parts.count > 2, file.hasPrefix("index.") || file.hasPrefix("_index.") { file = String(parts[parts.count - 2]) }
        let stem = file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file
        return stem == file ? [file] : [stem, file]
    }

    /// What a link names, as written after the tag: `2013-05-06-hello`, `_posts/2013-05-06-hello.md`,
    /// `/posts/hello.md`, `hello`. The source path of the document, or nil.
    package func document(named written: String) -> String? {
        var name = written.hasPrefix("/") ? String(written.dropFirst()) : written
        if name.hasSuffix("/") { name.removeLast() }
        // Jekyll names posts from the site's root (`_posts/…`), Hugo from `content/`.
        for (old, new) in [("_posts/", "posts/"), ("content/", ""), ("_pages/", "pages/")] where name.hasPrefix(old) {
            name = new + name.dropFirst(old.count)
        }
        for candidate in [name, "posts/" + name, "pages/" + name] where paths[candidate] != nil { return candidate }
        // Hugo names a file from `content/`, whose posts' section (`post/`) an import renamed
        // `posts/`: the same path below some folder of posts/ or pages/.
        let folders = name.split(separator: "/").map(String.init)
        if folders.count > 1 {
            for start in 1..<folders.count {
                let rest = folders[start...].joined(separator: "/")
                for candidate in ["posts/" + rest, "pages/" + rest] where paths[candidate] != nil { return candidate }
            }
        }
        // Else by the last part of the name, when that picks out one document, or the one whose
        // path ends with the whole name.
        let last = name.split(separator: "/").last.map(String.init) ?? name
        guard let found = names[last] else { return nil }
        if found.count == 1 { return found[0] }
        return found.first { $0.hasSuffix("/" + name) || $0.hasSuffix("/" + name + ".md") } ?? found[0]
    }

    /// What a link by name (`2013-05-06-hello#part`, `blog/second.md`) finds: the name and its
    /// `#fragment` apart, the document it names and that document's site path.
    struct Lookup {
        var name: String
        var fragment: String
        var source: String?
        var path: String?
        /// What a later build checks to tell whether the link still leads there.
        var reference: BodyReference { BodyReference(name: name, path: path) }
    }

    /// Looks up the document `written` names, its `#fragment` set apart.
    func lookup(_ written: String) -> Lookup {
        var lookup = Lookup(name: written, fragment: "")
        if let hash = written.firstIndex(of: "#") {
            lookup.name = String(written[..<hash])
            lookup.fragment = String(written[hash...])
        }
        if !lookup.name.isEmpty {
            lookup.source = document(named: lookup.name)
            lookup.path = lookup.source.flatMap(path(of:))
        }
        return lookup
    }

    /// The site path of the document at `source`.
    package func path(of source: String) -> String? { paths[source] }

    /// The site path of the tag or category page `written` names (`/categories/tools/`,
    /// `tags/swift`), when the blog has that page.
    package func termPage(named written: String) -> String? {
        let inner = written.split(separator: "/").joined(separator: "/")
        let path = "/" + inner + "/"
        return terms.contains(path) ? path : nil
    }

    /// Whether the blog publishes a static file at `sitePath`.
    func hasFile(_ sitePath: String) -> Bool { files.contains(sitePath) }

    /// The site path of the static file a `{% link %}` by `name` (`assets/a.png`,
    /// `static/a.png`) leads to, when the blog publishes it.
    package func staticFile(named name: String) -> String? {
        let file = "/" + name.drop { $0 == "/" }.replacingOccurrences(of: "static/", with: "", options: .anchored)
        return hasFile(file) ? file : nil
    }
}
