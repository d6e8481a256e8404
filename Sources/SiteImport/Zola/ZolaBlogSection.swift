import FrontMatter
import SiteCompiler

/// The section of a Zola site that holds its posts, found by what its `_index.md` says.
struct ZolaBlogSection: Sendable, Equatable {
    /// Its folder inside `content/` (`blog`); empty when the posts are at the top.
    var path: String
    /// Its `paginate_by`, or the home page's when the home page lists the posts.
    var paginateBy: YAMLValue?
    /// The `_index.md` that `paginateBy` came from, for notes.
    var indexFile: String
    /// The files and bundles of a section dated by its pages' paths that have no date at all,
    /// from the site's top: pages among the posts, carried as pages.
    var undated: Set<String> = []

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
        let sortBy = fields["sort_by"]?.text
        var section = found
        var isBlog = sortBy == "date" || fields["paginate_by"] != nil
        if !isBlog, sortBy == "permalink" {
            let survey = datesByPath(path, in: source)
            isBlog = survey.dated > 0 && survey.dated >= survey.undated.count
            if isBlog { section.undated = survey.undated }
        }
        return (section, isBlog)
    }

    /// How the pages of the section at `path` are dated: how many only by the `path` they
    /// give themselves (`path = "2023/07/14/some-post"`), as a blog sorted by permalink dates
    /// them, and which have no date anywhere (an about page among the posts).
    static func datesByPath(_ path: String, in source: SourceFolder) -> (dated: Int, undated: Set<String>) {
        let folder = path.isEmpty ? "content" : "content/" + path
        var dated = 0
        var undated: Set<String> = []
        for entry in source.entries(of: folder) {
            let unit = "\(folder)/\(entry.name)"
            let file = entry.kind == .folder ? unit + "/index.md" : unit
            guard file.hasSuffix(".md"), !file.hasSuffix("/_index.md"), source.isFile(file) else { continue }
            let text = String(decoding: source.prefix(of: file, count: 16 << 10), as: UTF8.self)
            let fields = try? SettingsDocument.frontMatter(of: text, path: file)
            if fields?["date"] != nil || entry.name.range(of: #"^\d{4}-\d{2}-\d{2}"#, options: .regularExpression) != nil { continue }
            if let address = fields?["path"]?.text, address.range(of: #"(^|/)\d{4}/\d{2}/\d{2}(/|$)"#, options: .regularExpression) != nil {
                dated += 1
            } else {
                undated.insert(unit)
            }
        }
        return (dated, undated)
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
