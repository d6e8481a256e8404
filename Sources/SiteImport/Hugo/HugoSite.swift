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
        let readsFileNames = config["frontmatter"]?.pairs?.contains { $0.value.items?.contains { $0.text == ":filename" } == true } == true
        // Hugo makes addresses lower-case unless told not to; Galley does the same when it can.
        let hugoLowercases = config["disablePathToLower"]?.bool != true
        if hugoLowercases, GalleyFeatures.lowercaseAddresses { plan.settings.lowercaseAddresses = true }
        let posts = HugoPermalink.Posts(names: carried.posts, survey: survey, lowercases: hugoLowercases && !GalleyFeatures.lowercaseAddresses,
                                        keepsDates: !readsFileNames)
        carrySettings(config, section: section, posts: posts, into: &plan)
        if section == nil {
            plan.check(contentFolder + "/", "no posts/ or post/ section (nor one named in params.mainSections): every page became a page, and the blog has no posts")
        }
        let statics = source.walk(staticFolder)
        plan.leaveOut(oddities: statics)
        for file in statics.files {
            plan.copy(file, to: "static/" + file.dropFirst(staticFolder.count + 1), as: .staticFile)
        }
        let moreStatic = config["staticDir"]?.items?.dropFirst().compactMap(\.text) ?? []
        if !moreStatic.isEmpty {
            plan.leaveOut("\(config.file): staticDir", "only its first folder, \(staticFolder), is carried; copy what \(moreStatic.joined(separator: ", ")) hold into static/")
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
}
