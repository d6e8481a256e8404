import SiteCompiler

/// The section of a Zola site that holds its posts, found by what its `_index.md` says.
struct ZolaBlogSection: Sendable, Equatable {
    /// Its folder inside `content/` (`blog`); empty when the posts are at the top.
    var path: String
    /// Its `paginate_by`, or the home page's when the home page lists the posts.
    var paginateBy: YAMLValue?
    /// The `_index.md` that `paginateBy` came from, for notes.
    var indexFile: String

    /// The first section at the top of `content/` that sorts its pages by date or paginates
    /// them, preferring one called `blog`, `posts` or `post`; else a folder of one of those
    /// names; else the top of `content/` itself when it sorts by date or paginates.
    static func find(in source: SourceFolder) throws(ImportError) -> ZolaBlogSection? {
        let preferred = ["blog", "posts", "post"]
        func rank(_ name: String) -> Int { preferred.firstIndex(of: name) ?? preferred.count }
        let folders = source.entries(of: "content").filter { $0.kind == .folder }.map(\.name)
            .sorted { (rank($0), $0) < (rank($1), $1) }
        let home = try section(at: "", in: source)
        for name in folders {
            if let found = try section(at: name, in: source), found.isBlog { return found.section.with(homePaging: home?.section) }
        }
        if let name = folders.first(where: preferred.contains) {
            let found = try section(at: name, in: source)?.section ?? ZolaBlogSection(path: name, indexFile: "content/\(name)/_index.md")
            return found.with(homePaging: home?.section)
        }
        if let home, home.isBlog { return home.section }
        return nil
    }

    /// The section at `path` with what its `_index.md` says, and whether that makes it a blog;
    /// nil when it has no `_index.md`.
    private static func section(at path: String, in source: SourceFolder) throws(ImportError) -> (section: ZolaBlogSection, isBlog: Bool)? {
        let index = path.isEmpty ? "content/_index.md" : "content/\(path)/_index.md"
        guard source.isFile(index) else { return nil }
        let text = try source.text(of: index)
        let fields: YAMLValue
        do {
            fields = try SettingsDocument.frontMatter(of: text, path: index)
        } catch {
            throw ImportError(error.prefixed(by: source.path).description)
        }
        let found = ZolaBlogSection(path: path, paginateBy: fields["paginate_by"], indexFile: index)
        return (found, fields["sort_by"]?.text == "date" || fields["paginate_by"] != nil)
    }

    /// The home page's paging, when this section has none of its own and the home page lists
    /// the posts (a `transparent` blog section).
    private func with(homePaging home: ZolaBlogSection?) -> ZolaBlogSection {
        guard paginateBy == nil, let home, let paging = home.paginateBy else { return self }
        var copy = self
        copy.paginateBy = paging
        copy.indexFile = home.indexFile
        return copy
    }
}
