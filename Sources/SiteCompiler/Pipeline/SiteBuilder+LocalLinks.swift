import Diagnostics
import Markdown
import SiteContent

extension SiteBuilder {
    /// A warning for each link or image in a published body that names a file of the blog the
    /// build does not publish: `![x](nothere.png)` beside a post, `/images/missing.png`.
    ///
    /// Asked of every build, bodies from the cache too: a file can go (or come) while the post
    /// that names it stays as it was. A root-relative link into a folder the blog has nothing
    /// in is left alone, as the author's wider site may hold it; a link that climbs above the
    /// site's root is too.
    static func missingFiles(in site: Site, output: OutputTree) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for rendered in site.posts + site.pages where !rendered.localLinks.isEmpty {
            for link in rendered.localLinks {
                guard let path = sitePath(of: link, on: rendered.document.path, basePath: site.links.basePath),
                    !output.publishes(path), output.hasTopFolder(of: path)
                else { continue }
                let what = link.isImage ? "image" : "link"
                warnings.append(Diagnostic(path: rendered.document.sourcePath, line: link.line, column: link.column, message:
                    "the \(what) '\(link.target)' names a file this blog does not have (/\(path))"))
            }
        }
        return warnings
    }

    /// Where `link`, on the page at `page`, leads in the output folder (`2019/10/08/hello/a.png`);
    /// nil when it climbs out of the site.
    static func sitePath(of link: LocalLink, on page: String, basePath: String) -> String? {
        var target = link.target
        if target.hasPrefix("/") {
            // Written with the base URL's path (`/blog/images/a.png`), as `{{ site.baseurl }}` writes it.
            if basePath != "/", target.hasPrefix(basePath) { target = "/" + target.dropFirst(basePath.count) }
        } else {
            let folder = page.hasSuffix("/") ? page : String(page[...(page.lastIndex(of: "/") ?? page.startIndex)])
            target = (folder.hasPrefix("/") ? folder : "/" + folder) + target
        }
        var names: [Substring] = []
        for name in target.split(separator: "/", omittingEmptySubsequences: true) {
            switch name {
            case ".": continue
            case "..":
                guard !names.isEmpty else { return nil }
                names.removeLast()
            default: names.append(name)
            }
        }
        let joined = names.joined(separator: "/")
        return target.hasSuffix("/") && !joined.isEmpty ? joined + "/" : joined
    }
}

extension OutputTree {
    /// Whether a link to `path` (no leading `/`) finds something: a file, a page's folder
    /// (`about/` or `about` for `about/index.html`), or a folder of files. A page's address
    /// written the other way also finds it: `about` for `about.html`, as most hosts serve it,
    /// and `about.html` for `about/index.html`, as the server configs Galley ships answer it.
    func publishes(_ path: String) -> Bool {
        if path.isEmpty || path == "/" { return true }
        let bare = path.hasSuffix("/") ? String(path.dropLast()) : path
        if contains(bare) || contains(bare + "/index.html") || folders.contains(bare) || contains(bare + ".html") { return true }
        return bare.hasSuffix(".html") && contains(bare.dropLast(".html".count) + "/index.html")
    }

    /// Whether the first folder of `path` is one the build writes to at all. A name at the
    /// root without an extension (`/issues`, `/donate`) is taken for a folder of the wider site;
    /// one with an extension (`/missing.png`) for a file of the blog's own.
    func hasTopFolder(of path: String) -> Bool {
        guard let slash = path.firstIndex(of: "/") else { return path.contains(".") }
        let top = String(path[..<slash])
        return folders.contains(top)
    }
}
