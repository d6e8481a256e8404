import FrontMatter
import SiteCompiler

extension JekyllSite {
    /// What Jekyll's own folders hold, and why the blog goes without them.
    static let folderNotes: [String: String] = [
        "_layouts": "Liquid layouts: Galley renders with its own theme; write Mustache layouts in layouts/ to change it",
        "_includes": "Liquid includes: Galley's theme has its own partials (layouts/*.mustache)",
        "_sass": "Sass: Galley does not compile it; put the built CSS in static/ (static/style.css replaces the theme's)",
        "_data": "data files: Galley's layouts cannot read them",
        "_plugins": "Ruby plugins: Galley has none",
        "Gemfile": "gems and plugins: Galley has none",
        "Gemfile.lock": "gems and plugins: Galley has none",
    ]

    /// Build output, caches and tools: never part of a site.
    static let tooling: Set<String> = [
        "_site", ".git", ".jekyll-cache", ".jekyll-metadata", ".sass-cache", ".bundle", "vendor", "node_modules",
    ]

    func carryContent(of source: SourceFolder, config: YAMLValue, into plan: inout ImportPlan) {
        let excluded = JekyllExclusions(config["exclude"]?.items?.compactMap(\.text) ?? [])
        let included = Set(config["include"]?.items?.compactMap(\.text) ?? [])
        let collections = Set(config["collections"]?.keys ?? config["collections"]?.items?.compactMap(\.text) ?? [])
        var skipped: [String] = [], excludedPaths: [String] = [], templates: [String] = [], tools: [String] = []
        var nested: Set<String> = [], left: [String: [String]] = [:]

        /// Whether Jekyll reads `path`: not excluded, and no name in it special unless included.
        func isRead(_ path: String) -> Bool {
            if excluded.excludes(path) {
                excludedPaths.append(path)
                return false
            }
            let names = path.split(separator: "/")
            if names.contains(where: { JekyllNames.isSpecial($0) && !included.contains(String($0)) }) {
                skipped.append(path)
                return false
            }
            return true
        }

        for entry in source.entries(of: "") {
            let name = entry.name
            if Self.configFiles.contains(name) { continue }
            if Self.tooling.contains(name) {
                tools.append(name)
                continue
            }
            if let note = Self.folderNotes[name] {
                plan.leaveOut(entry.kind == .folder ? name + "/" : name, note)
                continue
            }
            switch (name, entry.kind) {
            case ("_posts", .folder): carryPosts(of: source, into: &plan)
            case ("_drafts", .folder): carryDrafts(of: source, into: &plan)
            case (_, .folder) where name.hasPrefix("_") && collections.contains(String(name.dropFirst())):
                plan.leaveOut(name + "/", "the collection '\(name.dropFirst())': Galley has posts and pages only; move its documents into pages/ to keep them")
            case (_, .folder):
                guard isRead(name) else { continue }
                let listing = source.walk(name)
                plan.leaveOut(oddities: listing)
                for file in listing.files {
                    // A folder's own _posts (`blog/_posts/`): posts, which Jekyll files under the folder's category.
                    if let split = file.range(of: "/_posts/") {
                        let folder = String(file[..<split.lowerBound])
                        guard isRead(folder) else { continue }
                        nested.insert(folder + "/_posts/")
                        carryPost(file, inside: String(file[split.upperBound...]), to: "posts/\(folder)/", of: source, left: &left, into: &plan)
                    } else if isRead(file) {
                        carrySiteFile(file, of: source, templates: &templates, into: &plan)
                    }
                }
            case (_, .file):
                if isRead(name) { carrySiteFile(name, of: source, templates: &templates, into: &plan) }
            default:
                plan.leaveOut(oddities: entry.kind == .link ? SourceListing(links: [name]) : SourceListing(others: [name]))
            }
        }
        for reason in Self.postReasons { plan.leaveOut(paths: left[reason] ?? [], reason) }
        plan.check(paths: nested.sorted(), "posts in a folder's own _posts, copied to posts/ under the folder's name: Jekyll also gave them the folder's name as a category, which Galley does not")
        plan.leaveOut(paths: templates, "rendered by Jekyll through Liquid and a layout: not carried over (Galley makes its own home page, archive, feeds and 404 page; move text you want to keep into a Markdown page)")
        plan.leaveOut(paths: skipped, "names starting with _, . or #, which Jekyll leaves out of the site too")
        plan.leaveOut(paths: excludedPaths, "excluded by the site's settings (exclude)")
        plan.leaveOut(paths: tools, "build output and tools, never part of the site")
    }

    /// A file of the site outside Jekyll's own folders: a page when it is Markdown with front
    /// matter, a template Galley cannot run when it is anything else with front matter, and a
    /// static file, copied as it is, otherwise.
    private func carrySiteFile(_ path: String, of source: SourceFolder, templates: inout [String], into plan: inout ImportPlan) {
        guard JekyllNames.opensWithFrontMatter(source.prefix(of: path, count: 256)) else {
            plan.copy(path, to: "static/" + path, as: .staticFile)
            return
        }
        let ext = SourcePath.fileExtension(path)
        if ext == "scss" || ext == "sass" {
            plan.leaveOut(path, "Sass that Jekyll compiled: Galley does not; put the built CSS in static/ (static/style.css replaces the theme's)")
            return
        }
        // The home page is Galley's own: an index.md at the top would take its address.
        guard JekyllNames.markdown.contains(ext), !path.hasPrefix("index.") else {
            templates.append(path)
            return
        }
        let renamed = JekyllNames.galleyName(path)
        if renamed != path { plan.check(path, "renamed to pages/\(renamed): Galley reads .md and .markdown") }
        plan.copy(path, to: "pages/" + renamed, as: .page)
    }

    /// Why a file of a `_posts` folder is left behind, in the order the report lists them.
    static let postReasons = [
        "in _posts without a date at the start of its name (2019-10-08-title.md), so Jekyll did not publish it either",
        "in _posts but not Markdown, or HTML with front matter: Galley reads neither (Textile, a stray image)",
        "names starting with _, . or #, which Jekyll leaves out of the site too",
        "in _posts with a line break or another control character in its name, which no address can hold: rename it",
    ]

    /// `_posts/**`: each file named as a post, in Markdown or HTML with front matter, to `posts/`.
    private func carryPosts(of source: SourceFolder, into plan: inout ImportPlan) {
        let listing = source.walk("_posts")
        plan.leaveOut(oddities: listing)
        var left: [String: [String]] = [:]
        for file in listing.files {
            carryPost(file, inside: String(file.dropFirst("_posts/".count)), to: "posts/", of: source, left: &left, into: &plan)
        }
        for reason in Self.postReasons { plan.leaveOut(paths: left[reason] ?? [], reason) }
    }

    /// One file of a `_posts` folder, `inside` being its path in that folder, to `destination`
    /// (`posts/`, or `posts/blog/` for `blog/_posts/`); a file that is no post is added to `left`.
    func carryPost(_ file: String, inside: String, to destination: String, of source: SourceFolder,
                   left: inout [String: [String]], into plan: inout ImportPlan) {
        let name = inside.split(separator: "/").last ?? ""
        guard !inside.split(separator: "/").contains(where: JekyllNames.isSpecial) else {
            left[Self.postReasons[2], default: []].append(file)
            return
        }
        // Not said to lack a date: its date may well be there, before the line break.
        guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            left[Self.postReasons[3], default: []].append(file)
            return
        }
        guard JekyllNames.isPostName(name) else {
            left[Self.postReasons[0], default: []].append(file)
            return
        }
        let ext = SourcePath.fileExtension(file)
        let isPost = JekyllNames.markdown.contains(ext)
            || (ext == "html" && JekyllNames.opensWithFrontMatter(source.prefix(of: file, count: 256)))
        guard isPost else {
            left[Self.postReasons[1], default: []].append(file)
            return
        }
        let renamed = JekyllNames.galleyName(inside)
        if renamed != inside { plan.check(file, "renamed to \(destination)\(renamed): Galley reads .md and .markdown") }
        plan.copy(file, to: destination + renamed, as: .post)
    }

    /// `_drafts/**` to `drafts/`, a folder Galley never builds: a draft cannot be published by
    /// mistake, and it is still there to finish.
    private func carryDrafts(of source: SourceFolder, into plan: inout ImportPlan) {
        let listing = source.walk("_drafts")
        plan.leaveOut(oddities: listing)
        for file in listing.files {
            plan.copy(file, to: "drafts/" + file.dropFirst("_drafts/".count), as: .draft)
        }
        if plan.count(.draft) > 0 {
            plan.check("_drafts/", "copied to drafts/, which Galley does not build, so no draft is published: to work on one, move it into posts/ with `draft: true` (and a date) in its front matter, and preview it with galley build --drafts")
        }
    }
}
