import Diagnostics
import FrontMatter
import SiteCompiler

extension ZolaSite {
    static let usedKeys: Set<String> = ["base_url", "title", "description", "default_language", "author", "extra", "taxonomies", "slugify"]

    /// Settings with notes of their own.
    static let notedKeys: [String: String] = [
        "theme": "a Zola theme: Galley renders with its own theme (add layouts/ to change it)",
        "languages": "only the default language's content is carried; Galley builds one language",
        "compile_sass": "Galley does not compile Sass; put the built CSS in static/ (static/style.css replaces the theme's)",
    ]

    /// The `title` of `content/_index.md`, the home page's own.
    static func homeTitle(in source: SourceFolder) -> YAMLValue? {
        let index = "content/_index.md"
        guard source.isFile(index), let text = try? source.text(of: index, limit: InputLimits.frontMatterBytes) else { return nil }
        return (try? SettingsDocument.frontMatter(of: text, path: index))?["title"]
    }

    func carrySettings(_ config: YAMLValue, blog: ZolaBlogSection?, from source: SourceFolder, into plan: inout ImportPlan) {
        let file = Self.configFile
        // A site without a title in its settings often gives its home section one.
        plan.setTitle(config["title"] ?? Self.homeTitle(in: source), from: "\(file): title")
        plan.setDescription(config["description"])
        plan.setAuthor(config["author"] ?? config["extra"]?["author"], from: "\(file): author")
        plan.setBaseURL(config["base_url"]?.text, from: "\(file): base_url")
        plan.setLanguage(config["default_language"])
        var otherwise: [String] = []
        if let anchors = config["slugify"]?["anchors"]?.text, anchors.lowercased() != "on" {
            otherwise.append("[slugify] anchors = \"\(anchors)\" kept headings' text in their ids")
        }
        plan.setHeadingIDs(.zola, from: "\(file): slugify", otherwise: otherwise)
        if let paths = config["slugify"]?["paths"]?.text, paths.lowercased() != "on" {
            plan.check("\(file): slugify", "[slugify] paths = \"\(paths)\" kept file names' capitals, accents and other characters in addresses, which Galley's slugs make plain ASCII: a post whose file name holds any moves, so check them (or give them aliases)")
        }
        if let blog {
            plan.setPerPage(blog.paginateBy, from: "\(blog.indexFile): paginate_by")
            // Zola's address for a page: its section's, then its slug.
            let section = blog.path.isEmpty ? "" : "/" + blog.path
            plan.setPermalink(section + "/:slug/", from: "content/\(blog.path)", original: section + "/{slug}/")
        }
        if let taxonomies = config["taxonomies"]?.items {
            plan.noteTaxonomies(taxonomies.compactMap { $0["name"]?.text }, from: "\(file): taxonomies")
        }
        for key in config.keys {
            if let note = Self.notedKeys[key] { plan.leaveOut("\(file): \(key)", note) }
        }
        plan.leaveOut(keys: config.keys, except: Self.usedKeys.union(Self.notedKeys.keys), in: file)
        let extra = config["extra"]?.keys.filter { $0 != "author" } ?? []
        if !extra.isEmpty {
            plan.leaveOut("\(file): [extra]", "the theme's own settings: \(extra.joined(separator: ", ")); Galley's layouts read galley.yml's keys as site.params, so add any they need there")
        }
    }
}
