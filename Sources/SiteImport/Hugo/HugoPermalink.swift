import SiteCompiler

/// Hugo's `[permalinks]` pattern for the posts' section in Galley's words.
enum HugoPermalink {
    /// Sets the plan's permalink from the pattern Hugo uses for `section` (`/SECTION/SLUG/` when
    /// it sets none), with a note for each thing that does not carry exactly.
    static func carry(_ permalinks: YAMLValue?, section: String, file: String, survey: ContentSurvey, into plan: inout ImportPlan) {
        let subject = "\(file): permalinks"
        let written = permalinks?.value(ignoringCase: "page")?.value(ignoringCase: section)?.text
            ?? permalinks?.value(ignoringCase: section)?.text
        guard let written else {
            // Hugo's own: the section, then the slug or the file name.
            plan.setPermalink("/\(section)/:slug/", from: subject, original: "/\(section)/:slugorfilename/")
            return
        }
        var notes: [(paths: [String], message: String)] = []
        let withSlug = plan.copies.filter { $0.role == .post && !survey.withoutSlug.contains($0.source) }.map(\.source)
        var translated = PermalinkPattern(translating: written) { name in
            switch name {
            case "year", "month", "day": return ":" + name
            case "slugorfilename", "slugorcontentbasename": return ":slug"
            case "slug":
                notes.append((survey.withoutSlug.sorted(), "Hugo's :slug takes the title when a post sets no slug; Galley's takes the file name, so these posts move: add a slug, or aliases"))
                return ":slug"
            case "filename", "contentbasename":
                notes.append((withSlug, "Galley's :slug is a post's slug when its front matter sets one, and Hugo's :filename the file name, so these posts move: add aliases"))
                return ":slug"
            case "title": return ":title"
            case "section", "sections": return section
            default: return nil
            }
        }
        guard translated.unmapped.isEmpty else {
            plan.check(subject, "'\(written)' uses \(translated.unmapped.joined(separator: ", ")), which Galley has no match for; posts get Galley's default address and move: choose a permalink from :year :month :day :slug :title, or add aliases")
            return
        }
        // Hugo makes a folder with an index.html of an address that does not end in '/'.
        if !translated.pattern.hasSuffix("/"), !translated.pattern.hasSuffix(".html") { translated.pattern += "/" }
        for note in notes { plan.check(paths: note.paths, "\(subject): \(note.message)") }
        plan.setPermalink(translated.pattern, from: subject, original: written)
    }
}
