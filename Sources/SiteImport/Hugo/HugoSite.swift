import FileSystem
import SiteCompiler
import Text

/// A Hugo site: its settings file, `content/` with the posts' section (`posts/`, `post/`…)
/// and other pages, and `static/`.
struct HugoSite: SiteGenerator {
    func recognizes(_ source: SourceFolder) -> Bool {
        HugoConfig.find(in: source) != nil
    }

    func plan(_ source: SourceFolder) throws(ImportError) -> ImportPlan {
        let config = try HugoConfig.read(source)
        var plan = ImportPlan(settings: GalleySettings(origin: "Hugo"))
        // Hugo runs only its shortcodes in content, and reads `aliases: [old]` beside the page.
        plan.settings.liquid = false
        plan.settings.relativeAliases = .page
        let contentFolder = try config.contentFolder(in: source)
        let staticFolder = try config.staticFolder(in: source)
        let section = Self.postsSection(config, contentFolder: contentFolder, source: source)
        let carried = SectionedContent(folder: contentFolder, postsSection: section).carry(from: source, into: &plan)
        if section == nil {
            plan.check(contentFolder + "/", "no posts/, post/ or blog/ section (nor one named in params.mainSections): every page became a page, and the blog has no posts")
        }
        let survey = ContentSurvey(of: &plan, from: source)
        let readsFileNames = config["frontmatter"]?.pairs?.contains { $0.value.items?.contains { $0.text == ":filename" } == true } == true
        let posts = HugoPermalink.Posts(names: carried.posts, survey: survey, lowercases: Self.carryCase(config, into: &plan),
                                        keepsDates: !readsFileNames, titles: Self.carrySlugs(config, into: &plan))
        carrySettings(config, section: section, posts: posts, into: &plan)
        noteUglyPages(config, contentFolder: contentFolder, into: &plan)
        carryStatic(config, folder: staticFolder, from: source, into: &plan)
        carryTopLevel(of: source, config: config, used: [contentFolder, staticFolder], into: &plan)
        return plan
    }

    /// Pages Hugo published as files (`uglyURLs`: `/about.html`), which Galley publishes as
    /// folders (`/about/`): named, since their old addresses break on a host that does not
    /// answer them with the folder.
    private func noteUglyPages(_ config: HugoConfig, contentFolder: String, into plan: inout ImportPlan) {
        guard let ugly = config["uglyURLs"] else { return }
        let pages = plan.copies.filter { $0.role == .page }.map(\.source).filter { source in
            let inside = source.dropFirst(contentFolder.count + 1)
            let section = inside.contains("/") ? String(inside.prefix { $0 != "/" }) : ""
            return HugoPermalink.isUgly(ugly, section: section)
        }
        plan.check(paths: pages, "Hugo's uglyURLs published these pages as files (/about.html); Galley publishes a page as a folder (/about/), so they move: add aliases (the server configs Galley ships answer the .html address with the folder)")
    }

    /// Hugo makes addresses lower-case unless told not to, and Galley does the same when it
    /// can; true when Hugo lowercased and Galley cannot, so that capitals move.
    private static func carryCase(_ config: HugoConfig, into plan: inout ImportPlan) -> Bool {
        guard config["disablePathToLower"]?.bool != true else { return false }
        guard GalleyFeatures.lowercaseAddresses else { return true }
        plan.settings.lowercaseAddresses = true
        return false
    }

    /// Galley makes titles and tags part of addresses by Hugo's rule when it can (`.NET` is
    /// `.net`, at `/tags/.net/`); the rule as the site set it, or nil when Galley cannot.
    private static func carrySlugs(_ config: HugoConfig, into plan: inout ImportPlan) -> HugoTitle.Rule? {
        guard GalleyFeatures.hugoSlugs else { return nil }
        plan.settings.slugs = SlugRule.hugo.rawValue
        return HugoTitle.Rule(keepsCase: config["disablePathToLower"]?.bool == true, removesAccents: config["removePathAccents"]?.bool == true)
    }

    /// The static folder's files, to `static/`.
    private func carryStatic(_ config: HugoConfig, folder: String, from source: SourceFolder, into plan: inout ImportPlan) {
        let statics = source.walk(folder)
        plan.leaveOut(oddities: statics)
        for file in statics.files {
            plan.copy(file, to: "static/" + file.dropFirst(folder.count + 1), as: .staticFile)
        }
        let more = config["staticDir"]?.items?.dropFirst().compactMap(\.text) ?? []
        if !more.isEmpty {
            plan.leaveOut("\(config.file): staticDir", "only its first folder, \(folder), is carried; copy what \(more.joined(separator: ", ")) hold into static/")
        }
    }

    /// The section whose pages are the posts: the first of `params.mainSections`, `posts`,
    /// `post` and `blog` that the content folder has.
    static func postsSection(_ config: HugoConfig, contentFolder: String, source: SourceFolder) -> String? {
        let main = config.param("mainSections")
        let named = main?.items?.compactMap(\.text) ?? main?.text.map { [$0] } ?? []
        return (named + ["posts", "post", "blog"]).first { name in
            RelativePath.problem(with: name, allowingControls: false) == nil && source.isFolder(contentFolder + "/" + name)
        }
    }
}
