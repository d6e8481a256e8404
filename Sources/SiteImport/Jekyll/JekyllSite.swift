import SiteCompiler

/// A Jekyll site: `_config.yml`, `_posts/`, `_drafts/`, pages with front matter anywhere, and
/// every other file copied to the site as it is.
struct JekyllSite: SiteGenerator {
    static let configFiles = ["_config.yml", "_config.yaml", "_config.toml"]

    func recognizes(_ source: SourceFolder) -> Bool {
        Self.configFiles.contains(where: source.isFile) || source.isFolder("_posts")
    }

    func plan(_ source: SourceFolder) throws(ImportError) -> ImportPlan {
        var plan = ImportPlan(settings: GalleySettings(origin: "Jekyll"))
        // Jekyll runs Liquid in every post and titles a post from its file name.
        plan.settings.liquid = true
        plan.settings.titlesFromFileNames = true
        try SettingsFile.refuseUnread(Self.configFiles, in: source)
        let file = SettingsFile.first(of: Self.configFiles, in: source)
        let config = try file.map { file throws(ImportError) in try SettingsFile.read(file, from: source) } ?? .null(line: 1)
        guard config.pairs != nil || config.string == nil && config.items == nil else {
            throw ImportError("\(source.path)/\(file ?? Self.configFiles[0]): settings must be `key: value` lines")
        }
        try refuseOtherSource(config["source"]?.text, file: file ?? Self.configFiles[0], in: source)
        // kramdown, Jekyll's Markdown unless _config.yml names another, reads $$ by rules of its own.
        if (config["markdown"]?.string ?? "kramdown").lowercased() == "kramdown" { plan.settings.mathSyntax = .kramdown }
        let dropsCategories = carrySettings(config, file: file ?? Self.configFiles[0], into: &plan)
        carryContent(of: source, config: config, into: &plan)
        let survey = ContentSurvey(of: &plan, from: source)
        carryParams(config, file: file ?? Self.configFiles[0], survey: survey, into: &plan)
        if dropsCategories {
            plan.check(paths: plan.copies.map(\.source).filter(survey.categorized.contains),
                       "has categories, which Jekyll put in its address and this Galley's permalink cannot, so these posts move: add aliases")
        }
        notePageAddresses(plan.copies.filter { $0.role == .page && !survey.ownAddress.contains($0.source) }, into: &plan)
        return plan
    }

    /// A site whose files are in another folder than its settings (`source: src`) would come out
    /// wrong: its posts under `posts/src/`, its `_layouts` taken for a folder of pages. The
    /// import reads the folder its settings are in, so it says how to import that one instead.
    /// A `source` naming no folder here (the settings copied in, as told) means nothing more.
    private func refuseOtherSource(_ written: String?, file: String, in source: SourceFolder) throws(ImportError) {
        guard var folder = written else { return }
        while folder.hasPrefix("./") { folder.removeFirst(2) }
        while folder.hasSuffix("/"), folder.count > 1 { folder.removeLast() }
        guard !folder.isEmpty, folder != ".", folder.hasPrefix("/") || source.isFolder(folder) else { return }
        let place = folder.hasPrefix("/") ? folder : "\(source.path)/\(folder)"
        throw ImportError("\(source.path)/\(file): source: \(written ?? "") puts the site's files in \(place), and galley import reads the folder "
            + "its settings are in: copy \(file) into \(place) and import that folder (`galley import \(place) DEST`)")
    }

    /// Jekyll publishes `about.md` at `/about.html` unless the site's permalink ends in `/` or
    /// the page sets its own; Galley at `/about/`.
    private func notePageAddresses(_ pages: [FileCopy], into plan: inout ImportPlan) {
        guard plan.settings.permalink?.hasSuffix("/") != true else { return }
        let moved = pages.filter { !$0.destination.string.hasSuffix("/index.md") && $0.destination.string != "pages/index.md" }
        plan.check(paths: moved.map(\.source), "Jekyll published these at PATH.html, Galley at PATH/: add `aliases: [/PATH.html]` to keep old links working")
    }
}
