import FileSystem
import SiteCompiler

/// A Hugo site: its settings file, `content/` with the posts' section (`posts/` or `post/`)
/// and other pages, and `static/`.
struct HugoSite: SiteGenerator {
    func recognizes(_ source: SourceFolder) -> Bool {
        HugoConfig.find(in: source) != nil
    }

    func plan(_ source: SourceFolder) throws(ImportError) -> ImportPlan {
        let config = try HugoConfig.read(source)
        var plan = ImportPlan(settings: GalleySettings(origin: "Hugo"))
        let contentFolder = try config.contentFolder(in: source)
        let staticFolder = try config.staticFolder(in: source)
        let section = Self.postsSection(config, contentFolder: contentFolder, source: source)
        let content = SectionedContent(folder: contentFolder, postsSection: section)
        let carried = content.carry(from: source, into: &plan)
        let survey = ContentSurvey(of: &plan, from: source)
        carrySettings(config, section: section, survey: survey, into: &plan)
        if section == nil {
            plan.check(contentFolder + "/", "no posts/ or post/ section (nor one named in params.mainSections): every page became a page, and the blog has no posts")
        }
        noteDatedNames(carried.posts.filter { survey.withoutSlug.contains($0.source) }.map(\.name), config: config, into: &plan)
        let statics = source.walk(staticFolder)
        plan.leaveOut(oddities: statics)
        for file in statics.files {
            plan.copy(file, to: "static/" + file.dropFirst(staticFolder.count + 1), as: .staticFile)
        }
        carryTopLevel(of: source, config: config, used: [contentFolder, staticFolder], into: &plan)
        return plan
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

    /// Hugo keeps the date at the start of a file name in its address (`2020-01-02-hello` is at
    /// `/posts/2020-01-02-hello/`) unless its settings read dates from file names; Galley takes it off.
    private func noteDatedNames(_ names: [String], config: HugoConfig, into plan: inout ImportPlan) {
        let readsFileNames = config["frontmatter"]?.pairs?.contains { $0.value.items?.contains { $0.text == ":filename" } == true } == true
        let dated = names.filter { $0.range(of: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}[-_]"#, options: .regularExpression) != nil }
        guard !readsFileNames, !dated.isEmpty else { return }
        plan.check(paths: dated, "Hugo keeps the date at the start of these names in the address; Galley takes it off and these set no slug in their front matter: add aliases, or a slug")
    }
}
