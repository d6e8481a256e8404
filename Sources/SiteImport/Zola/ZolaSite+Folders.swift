extension ZolaSite {
    /// What the site's other folders hold, and why the blog goes without them.
    static let folderNotes: [String: String] = [
        "templates": "Tera templates: Galley renders with its own theme; write Mustache layouts in layouts/ to change it",
        "themes": "Zola themes: Galley renders with its own theme (add layouts/ to change it)",
        "sass": "Sass: Galley does not compile it; put the built CSS in static/ (static/style.css replaces the theme's)",
        "syntaxes": "syntax definitions for code highlighting: Galley highlights code with Pygments' own lexers",
    ]

    /// Output and tools: never part of a site.
    static let tooling: Set<String> = ["public", ".git", "node_modules"]

    /// Notes every top-level name of the site that nothing carried.
    func carryTopLevel(of source: SourceFolder, into plan: inout ImportPlan) {
        var tools: [String] = [], others: [String] = []
        for entry in source.entries(of: "") where ![Self.configFile, "content", "static"].contains(entry.name) {
            let shown = entry.kind == .folder ? entry.name + "/" : entry.name
            if Self.tooling.contains(entry.name) {
                tools.append(entry.name)
            } else if let note = Self.folderNotes[entry.name] {
                plan.leaveOut(shown, note)
            } else {
                others.append(shown)
            }
        }
        plan.leaveOut(paths: others, "not part of Zola's content or static files")
        plan.leaveOut(paths: tools, "build output and tools, never part of the site")
    }
}
