import FrontMatter
import SiteCompiler

/// A content folder as Hugo and Zola lay it out: sections (folders) of pages, a folder with an
/// `index.md` as one page with its files beside it (a bundle), and an `_index.md` for each
/// section's own list page. The blog's section becomes `posts/`, every other page `pages/`.
struct SectionedContent: Sendable {
    /// The content folder, from the site's top (`content`).
    var folder: String
    /// The posts' section inside it (`posts`); empty when the posts are at the top; nil when
    /// the site has none, and every page is a page.
    var postsSection: String?
    /// Formats the generator renders that Galley does not (AsciiDoc, Org…).
    var foreignFormats: Set<String> = ["adoc", "asciidoc", "org", "pandoc", "pdc", "rst", "ipynb", "htm"]
    /// Files and bundles of the posts' section (from the site's top) that are pages all the
    /// same: undated pages in a section whose posts are dated by their addresses.
    var pagesInPostsSection: Set<String> = []

    /// What the walk found, for notes that depend on the posts.
    struct Carried {
        /// Each post's file, from the site's top; the name it gets its slug from (its file's,
        /// or its folder's when it is a bundle); and whether it is in a folder of the section.
        var posts: [(source: String, name: String, nested: Bool)] = []
    }

    /// Why a file of the content folder is left behind, in the order the report lists them.
    enum Reason: String, CaseIterable {
        case list = "a section's own list page (_index): Galley makes the home page, archive and tag pages itself; move text you want to keep into a page"
        case home = "the home page: Galley makes its own"
        case foreign = "a format Galley does not render: it reads Markdown, and HTML posts with front matter"
        case stray = "a file beside the posts but in no post folder: Galley would not publish it; put it in static/"
    }

    func carry(from source: SourceFolder, into plan: inout ImportPlan) -> Carried {
        let listing = source.walk(folder)
        plan.leaveOut(oddities: listing)
        let files = listing.files.map { String($0.dropFirst(folder.count + 1)) }
        let bundles = Set(files.filter { Self.isIndex(SourcePath.lastName($0)) }.map(SourcePath.parent))
        var carried = Carried()
        var left: [Reason: [String]] = [:]
        for file in files {
            let name = SourcePath.lastName(file)
            let bundle = Self.bundle(of: file, in: bundles)
            if name.hasPrefix("_index.") {
                left[.list, default: []].append(folder + "/" + file)
            } else if bundle == nil, !file.contains("/"), name.hasPrefix("index.") {
                left[.home, default: []].append(folder + "/" + file)
            } else if let inside = postPath(bundle ?? file), !pagesInPostsSection.contains(folder + "/" + (bundle ?? file)) {
                let destination = "posts/" + (bundle.map { inside + file.dropFirst($0.count) } ?? inside)
                carryPost(file, bundle: bundle, to: destination, nested: inside.contains("/"), of: source, carried: &carried, left: &left, into: &plan)
            } else {
                carryPage(file, left: &left, into: &plan)
            }
        }
        for reason in Reason.allCases { plan.leaveOut(paths: left[reason] ?? [], reason.rawValue) }
        return carried
    }

    /// A file of the posts' section: a post, a file of a post's folder, or one left behind.
    private func carryPost(_ file: String, bundle: String?, to destination: String, nested: Bool, of source: SourceFolder,
                           carried: inout Carried, left: inout [Reason: [String]], into plan: inout ImportPlan) {
        let full = folder + "/" + file
        let name = SourcePath.lastName(file)
        let ext = SourcePath.fileExtension(name)
        if let bundle {
            let isIndex = file == bundle + "/" + name && Self.isIndex(name)
            plan.copy(full, to: destination, as: isIndex ? .post : .postFile)
            if isIndex { carried.posts.append((full, SourcePath.lastName(bundle), nested)) }
        } else if Self.isMarkdown(ext) || (ext == "html" && SettingsDocument.opensWithFrontMatter(source.prefix(of: full, count: 256))) {
            plan.copy(full, to: destination, as: .post)
            carried.posts.append((full, name, nested))
        } else {
            left[foreignFormats.contains(ext) || ext == "html" ? .foreign : .stray, default: []].append(full)
        }
    }

    /// A file outside the posts' section: a page, a file beside one, or one left behind.
    private func carryPage(_ file: String, left: inout [Reason: [String]], into plan: inout ImportPlan) {
        let ext = SourcePath.fileExtension(file)
        if Self.isMarkdown(ext) {
            plan.copy(folder + "/" + file, to: "pages/" + file, as: .page)
        } else if foreignFormats.contains(ext) || ext == "html" {
            left[.foreign, default: []].append(folder + "/" + file)
        } else {
            plan.copy(folder + "/" + file, to: "pages/" + file, as: .pageFile)
        }
    }

    static func isMarkdown(_ ext: String) -> Bool { ext == "md" || ext == "markdown" }

    /// Whether `name` is the page of a folder that makes it a bundle, as Galley reads one.
    static func isIndex(_ name: String) -> Bool { name == "index.md" || name == "index.markdown" }

    /// Where `unit` (a file, or a bundle's folder) goes below `posts/` when it is in the posts'
    /// section; nil when it is a page.
    private func postPath(_ unit: String) -> String? {
        guard let section = postsSection else { return nil }
        // At the top, only the files and bundles right there: the folders are other sections.
        if section.isEmpty { return unit.contains("/") ? nil : unit }
        guard unit.hasPrefix(section + "/") else { return nil }
        return String(unit.dropFirst(section.count + 1))
    }

    /// The outermost bundle folder `file` is in, if any.
    static func bundle(of file: String, in bundles: Set<String>) -> String? {
        guard !bundles.isEmpty else { return nil }
        var folder = ""
        for name in file.split(separator: "/").dropLast() {
            folder = folder.isEmpty ? String(name) : folder + "/" + name
            if bundles.contains(folder) { return folder }
        }
        return nil
    }
}
