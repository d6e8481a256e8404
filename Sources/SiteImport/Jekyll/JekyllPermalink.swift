/// Jekyll's `permalink` setting in Galley's words: its built-in styles spelt out, `:title` (the
/// file name's slug, kept as written) as Galley's `:slug`, and `:output_ext` as `.html`.
enum JekyllPermalink {
    /// Jekyll's named styles, as its documentation spells them out.
    static let styles = [
        "date": "/:categories/:year/:month/:day/:title:output_ext",
        "pretty": "/:categories/:year/:month/:day/:title/",
        "ordinal": "/:categories/:year/:y_day/:title:output_ext",
        "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
        "none": "/:categories/:title:output_ext",
    ]

    /// Sets the plan's permalink from the site's `permalink` (Jekyll's `date` style when there
    /// is none), with a note for each thing that does not carry exactly. True when the pattern
    /// had categories that Galley's cannot hold, so that posts with categories move.
    @discardableResult
    static func carry(_ setting: String?, into plan: inout ImportPlan) -> Bool {
        let written = setting ?? "date"
        let source = styles[written] ?? written
        let subject = "_config.yml: permalink"
        var usesSlug = false, usesCategories = false
        var translated = PermalinkPattern(translating: source) { name in
            switch name {
            case "year", "month", "day", "hour", "minute", "second": return ":" + name
            // Galley's :slug is Jekyll's :title: the file name's slug, as written, unless front matter sets one.
            case "title": return ":slug"
            case "slug":
                usesSlug = true
                return ":slug"
            case "output_ext": return ".html"
            case "categories":
                usesCategories = true
                return GalleyFeatures.categoriesInAddresses ? ":categories" : ""
            default: return nil
            }
        }
        guard translated.unmapped.isEmpty else {
            plan.check(subject, "'\(written)' uses \(translated.unmapped.joined(separator: ", ")), which Galley has no match for; posts get Galley's default address and move: choose a permalink from :year :month :day :hour :minute :second :slug, or add aliases")
            return false
        }
        if !translated.pattern.hasSuffix("/"), !translated.pattern.hasSuffix(".html") {
            translated.pattern += ".html"
            plan.check(subject, "'\(written)' has no ending; Galley writes each post as \(translated.pattern), which servers that add .html (GitHub Pages, Netlify) serve at the old address")
        }
        let dropsCategories = usesCategories && !GalleyFeatures.categoriesInAddresses
        if dropsCategories {
            plan.check(subject, "'\(written)' puts a post's categories in its address; this Galley cannot, so the categories are left out of the pattern")
        }
        if usesSlug {
            plan.check(subject, "Jekyll's :slug lowercases the file name and turns dots into '-'; Galley's keeps them as written, so posts whose file names have capitals or dots move")
        }
        plan.setPermalink(translated.pattern, from: subject, original: written)
        return dropsCategories
    }
}
