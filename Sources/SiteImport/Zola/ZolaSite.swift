import Diagnostics
import Foundation
import SiteCompiler

/// A Zola site: `config.toml`, `content/` with the blog's section and other pages, `static/`.
struct ZolaSite: SiteGenerator {
    static let configFile = "config.toml"

    func recognizes(_ source: SourceFolder) -> Bool {
        guard source.isFile(Self.configFile),
            let text = try? source.text(of: Self.configFile, limit: InputLimits.frontMatterBytes)
        else { return false }
        return text.range(of: #"(?m)^[ \t]*base_url[ \t]*="#, options: .regularExpression) != nil
    }

    func plan(_ source: SourceFolder) throws(ImportError) -> ImportPlan {
        try SettingsFile.refuseUnread([Self.configFile], in: source)
        let config = try SettingsFile.read(Self.configFile, from: source)
        guard config.pairs != nil else { throw ImportError("\(source.path)/\(Self.configFile): settings must be a table of keys") }
        var plan = ImportPlan(settings: GalleySettings(origin: "Zola"))
        // Zola's content is Markdown with its own shortcodes: Liquid's syntax there is text.
        plan.settings.liquid = false
        let blog = try ZolaBlogSection.find(in: source)
        carrySettings(config, blog: blog, from: source, into: &plan)

        var content = SectionedContent(folder: "content", postsSection: blog?.path)
        content.pagesInPostsSection = blog?.undated ?? []
        let carried = content.carry(from: source, into: &plan)
        if blog == nil {
            plan.check("content/", "no section sorted by date or paginated (nor one named blog, posts or post): every page became a page, and the blog has no posts")
        }
        let survey = ContentSurvey(of: &plan, from: source)
        // Zola makes addresses lower-case; Galley does the same when it can.
        if GalleyFeatures.lowercaseAddresses {
            plan.settings.lowercaseAddresses = true
        } else {
            let renamed = carried.posts.filter { survey.withoutSlug.contains($0.source) && $0.name != $0.name.lowercased() }.map(\.source)
            plan.check(paths: renamed, "Zola lowercases a file name to make its address; Galley keeps it as written, so these posts move unless their front matter sets a slug")
        }
        plan.check(paths: carried.posts.filter(\.nested).map(\.source), "in a folder of the blog section, which Zola keeps in the address (/blog/FOLDER/NAME/) and Galley does not, so these posts move: add aliases")
        let statics = source.walk("static")
        plan.leaveOut(oddities: statics)
        for file in statics.files {
            plan.copy(file, to: file, as: .staticFile)
        }
        carryTopLevel(of: source, into: &plan)
        return plan
    }
}
