import FrontMatter
import SiteCompiler

extension HugoSite {
    /// The settings the import reads, lowercased as Hugo reads them.
    static let usedKeys: Set<String> = [
        "baseurl", "title", "languagecode", "defaultcontentlanguage", "timezone", "permalinks", "paginate", "pagination",
        "params", "author", "contentdir", "staticdir", "frontmatter", "disablepathtolower", "uglyurls", "taxonomies",
        "removepathaccents", "markup", "enableemoji",
    ]

    /// Settings with notes of their own.
    static let notedKeys: [String: String] = [
        "theme": "a Hugo theme: Galley renders with its own theme (add layouts/ to change it)",
        "module": "Hugo modules (themes and components): Galley has none",
        "languages": "only the default language's content is carried; Galley builds one language",
        "menu": "menus: Galley's navigation lists the top-level pages, ordered by weight",
        "menus": "menus: Galley's navigation lists the top-level pages, ordered by weight",
    ]

    /// How the site set up its Markdown otherwise than Hugo's default, Goldmark with GitHub's
    /// ids, in ways that change its headings' ids.
    static func headingIDDifferences(_ markup: YAMLValue?) -> [String] {
        var differences: [String] = []
        if let handler = markup?.value(ignoringCase: "defaultMarkdownHandler")?.text, handler.lowercased() != "goldmark" {
            differences.append("the site renders Markdown with \(handler), not Goldmark")
        }
        let parser = markup?.value(ignoringCase: "goldmark")?.value(ignoringCase: "parser")
        if let type = parser?.value(ignoringCase: "autoHeadingIDType")?.text, type.lowercased() != "github" {
            differences.append("Goldmark's autoHeadingIDType is \(type), not github")
        }
        if parser?.value(ignoringCase: "autoHeadingID")?.bool == false { differences.append("Goldmark's autoHeadingID is off, so headings had no ids") }
        return differences
    }

    /// Goldmark's passthrough, which Hugo's guide sets up for math (`\( … \)` inline, `\[ … \]`
    /// and `$$ … $$` display, one backslash each), is `math_syntax: hugo`; delimiters Galley
    /// does not read (a single `$`) are a thing to check.
    static func carryMathPassthrough(_ markup: YAMLValue?, file: String, into plan: inout ImportPlan) {
        let passthrough = markup?.value(ignoringCase: "goldmark")?.value(ignoringCase: "extensions")?.value(ignoringCase: "passthrough")
        guard let passthrough, passthrough.value(ignoringCase: "enable")?.bool == true else { return }
        let read: Set<[String]> = [["\\(", "\\)"], ["\\[", "\\]"], ["$$", "$$"]]
        let delimiters = passthrough.value(ignoringCase: "delimiters")
        var others: [String] = [], pairs: [[String]] = []
        for kind in ["inline", "block"] {
            for pair in delimiters?.value(ignoringCase: kind)?.items ?? [] {
                let ends = (pair.items ?? []).compactMap(\.text)
                guard ends.count == 2 else { continue }
                pairs.append(ends)
                if !read.contains(ends) { others.append("\(ends[0]) … \(ends[1]) (\(kind))") }
            }
        }
        // Only a site that passes `\( … \)` or `\[ … \]` through reads them as math: elsewhere
        // they are Markdown's escaped brackets, `(sic)` in prose. `$$` is math either way.
        if pairs.contains(["\\(", "\\)"]) || pairs.contains(["\\[", "\\]"]) { plan.settings.mathSyntax = .hugo }
        if !others.isEmpty {
            plan.check("\(file): markup.goldmark.extensions.passthrough",
                       "math between \(others.joined(separator: ", ")) stays as written: Galley reads \\( … \\), \\[ … \\] and $$ … $$")
        }
    }

    func carrySettings(_ config: HugoConfig, section: String?, posts: HugoPermalink.Posts, into plan: inout ImportPlan) {
        let file = config.file
        plan.setTitle(config["title"], from: "\(file): title")
        plan.setDescription(config.param("description"))
        plan.setAuthor(config.param("author") ?? config["author"], from: "\(file): params.author")
        plan.setBaseURL(config["baseURL"]?.text, from: "\(file): baseURL")
        plan.setTimezone(config["timeZone"], from: "\(file): timeZone")
        plan.setLanguage(config["languageCode"] ?? config["defaultContentLanguage"])
        plan.setPerPage(config["pagination"]?.value(ignoringCase: "pagerSize") ?? config["paginate"], from: "\(file): pagination")
        if config["enableEmoji"]?.bool == true { plan.settings.emoji = true }
        Self.carryMathPassthrough(config["markup"], file: file, into: &plan)
        plan.setHeadingIDs(.goldmark, from: "\(file): markup", otherwise: Self.headingIDDifferences(config["markup"]))
        if let section { HugoPermalink.carry(config["permalinks"], uglyURLs: config["uglyURLs"], section: section, file: file, posts: posts, into: &plan) }

        if let taxonomies = config["taxonomies"]?.pairs {
            plan.noteTaxonomies(taxonomies.compactMap(\.value.text), from: "\(file): taxonomies")
        }
        for key in config.root.keys {
            if let note = Self.notedKeys[key.lowercased()] { plan.leaveOut("\(file): \(key)", note) }
        }
        plan.leaveOut(keys: config.root.keys, except: Self.usedKeys.union(Self.notedKeys.keys), in: file)
        for other in config.otherFiles {
            let base = SourcePath.lastName(other).split(separator: ".").first.map(String.init) ?? ""
            plan.leaveOut(other, Self.notedKeys[base] ?? "settings with no Galley meaning")
        }
        if let params = config.paramsFile, let name = config.paramsName, params.pairs == nil, let shape = ImportPlan.shape(ofNonText: params) {
            plan.check(name, "is \(shape), where Hugo reads a table of params: none of it is read")
        }
        plan.leaveOut(paths: config.notMerged, "not read beside \(file), into whose settings Hugo merges them: move what they set into \(file)")
    }
}
