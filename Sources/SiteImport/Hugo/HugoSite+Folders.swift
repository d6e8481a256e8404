extension HugoSite {
    /// What the site's other folders and files hold, and why the blog goes without them.
    static let folderNotes: [String: String] = [
        "layouts": "Go templates: Galley renders with its own theme; write Mustache layouts in layouts/ to change it",
        "themes": "Hugo themes: Galley renders with its own theme (add layouts/ to change it)",
        "assets": "Hugo Pipes assets: Galley does not process them; put built files in static/",
        "data": "data files: Galley's layouts cannot read them",
        "i18n": "translations: Galley builds one language",
        "archetypes": "templates for `hugo new`",
        "go.mod": "Hugo modules: Galley has none",
        "go.sum": "Hugo modules: Galley has none",
    ]

    /// Output, caches and tools: never part of a site.
    static let tooling: Set<String> = ["public", "resources", ".git", ".hugo_build.lock", "node_modules", "hugo_stats.json"]

    /// Notes every top-level name of the site that nothing carried.
    func carryTopLevel(of source: SourceFolder, config: HugoConfig, used: [String], into plan: inout ImportPlan) {
        let usedTops = Set(used.map { String($0.split(separator: "/").first ?? "") } + [config.file, "config"])
        var tools: [String] = [], others: [String] = []
        for entry in source.entries(of: "") where !usedTops.contains(entry.name) {
            if Self.tooling.contains(entry.name) {
                tools.append(entry.name)
            } else if let note = Self.folderNotes[entry.name] {
                plan.leaveOut(entry.kind == .folder ? entry.name + "/" : entry.name, note)
            } else {
                others.append(entry.kind == .folder ? entry.name + "/" : entry.name)
            }
        }
        if source.isFolder("config") {
            let environments = source.entries(of: "config").filter { $0.name != "_default" }.map { $0.path + "/" }
            plan.leaveOut(paths: environments, "settings for other environments: only config/_default is read")
        }
        plan.leaveOut(paths: others, "not part of Hugo's content or static files")
        plan.leaveOut(paths: tools, "build output and tools, never part of the site")
    }
}
