import FrontMatter
import SiteCompiler

/// Hugo's `[permalinks]` pattern for the posts' section in Galley's words.
enum HugoPermalink {
    /// The posts carried, and what Hugo would have made of their names.
    struct Posts {
        /// Each post's file and the name its address is made from (its folder's, for a bundle).
        var names: [(source: String, name: String, nested: Bool)]
        var survey: ContentSurvey
        /// Whether Hugo lowercased addresses (`disablePathToLower` not set) where Galley cannot.
        var lowercases: Bool
        /// Whether Hugo kept a date at the start of a file name in the address (its settings do
        /// not read dates from file names).
        var keepsDates: Bool
        /// How Hugo made titles part of addresses, when galley.yml's `slugs: hugo` makes them
        /// so too; nil when Galley makes them by its own rule.
        var titles: HugoTitle.Rule?
    }

    /// Sets the plan's permalink from the pattern Hugo uses for `section` (`/SECTION/SLUG/` when
    /// it sets none), with a note naming the posts whose address moves.
    /// `uglyURLs` is Hugo's setting of that name: `true` for every section, or a table of
    /// sections; an ugly address is a file, `NAME.html`, where Hugo would make a folder.
    static func carry(_ permalinks: YAMLValue?, uglyURLs: YAMLValue? = nil, section: String, file: String, posts: Posts, into plan: inout ImportPlan) {
        let subject = "\(file): permalinks"
        let entry = permalinks?.value(ignoringCase: "page")?.value(ignoringCase: section) ?? permalinks?.value(ignoringCase: section)
        let written = entry?.text
        if let entry, let shape = ImportPlan.shape(ofNonText: entry) {
            plan.check(subject, "\(section) is \(shape), not a pattern: posts get Hugo's own /\(section)/ address")
        }
        // Hugo's own: the section, then the slug or the file name.
        let original = written ?? "/:section/:slugorfilename/"
        var used: Set<String> = []
        var translated = PermalinkPattern(translating: original) { name in
            used.insert(name)
            switch name {
            case "year", "month", "day": return ":" + name
            case "slug", "slugorfilename", "slugorcontentbasename", "filename", "contentbasename": return ":slug"
            case "title": return ":title"
            case "section", "sections": return section
            default: return nil
            }
        }
        guard translated.unmapped.isEmpty else {
            plan.check(subject, "'\(original)' uses \(translated.unmapped.joined(separator: ", ")), which Galley has no match for; posts get Galley's default address and move: choose a permalink from :year :month :day :slug :title, or add aliases")
            return
        }
        if isUgly(uglyURLs, section: section) {
            // Hugo writes the page as a file named after the address's last part.
            while translated.pattern.hasSuffix("/") { translated.pattern.removeLast() }
            if !translated.pattern.hasSuffix(".html") { translated.pattern += ".html" }
        } else if !translated.pattern.hasSuffix("/"), !translated.pattern.hasSuffix(".html") {
            // Hugo makes a folder with an index.html of an address that does not end in '/'.
            translated.pattern += "/"
        }
        var notes = moves(used, posts)
        if written == nil {
            notes.append((posts.names.filter(\.nested).map(\.source),
                          "in a folder of the section, which Hugo's default address keeps (/\(section)/FOLDER/NAME/) and Galley's does not, so these posts move: add aliases"))
        }
        for note in notes { plan.check(paths: note.paths, "\(subject): \(note.message)") }
        plan.setPermalink(translated.pattern, from: subject, original: original)
    }

    /// Why posts move though Galley makes `:title` by Hugo's rule.
    private static func titleMoves(_ rule: HugoTitle.Rule) -> String {
        var differences = ["Hugo keeps '#', '\\' and '%' with two hex digits of a title in the address, which Galley drops"]
        if rule.keepsCase { differences.append("disablePathToLower kept its capitals, which Galley lowercases") }
        if rule.removesAccents { differences.append("removePathAccents took its accents off, which Galley keeps") }
        return differences.joined(separator: "; ") + ", so these posts move: add aliases"
    }

    /// Whether Hugo gives `section`'s pages ugly addresses: `uglyURLs = true`, or
    /// `[uglyURLs] SECTION = true` (Hugo 0.33 and later).
    static func isUgly(_ uglyURLs: YAMLValue?, section: String) -> Bool {
        guard let uglyURLs else { return false }
        if let all = uglyURLs.bool { return all }
        return uglyURLs.value(ignoringCase: section)?.bool ?? false
    }

    /// The posts whose address Galley makes differently from Hugo, for the placeholders `used`.
    private static func moves(_ used: Set<String>, _ posts: Posts) -> [(paths: [String], message: String)] {
        let survey = posts.survey
        func named(_ include: (String, String) -> Bool) -> [String] { posts.names.filter { include($0.source, $0.name) }.map(\.source) }
        func nameMoves(_ name: String) -> Bool {
            (posts.keepsDates && name.range(of: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}[-_]"#, options: .regularExpression) != nil)
                || (posts.lowercases && name != name.lowercased())
        }
        var notes: [(paths: [String], message: String)] = []
        if used.contains("slug") {
            notes.append((named { source, _ in survey.withoutSlug.contains(source) },
                          "Hugo's :slug takes the title when a post sets no slug; Galley's takes the file name, so these posts move: add a slug, or aliases"))
        }
        if !used.isDisjoint(with: ["filename", "contentbasename"]) {
            notes.append((named { source, _ in !survey.withoutSlug.contains(source) },
                          "Hugo's :filename ignores a post's slug; Galley's :slug takes it, so these posts move: add aliases"))
        }
        if !used.isDisjoint(with: ["slugorfilename", "slugorcontentbasename", "filename", "contentbasename"]) {
            notes.append((named { source, name in survey.withoutSlug.contains(source) && nameMoves(name) },
                          posts.lowercases
                            ? "Hugo keeps the date at the start of a file name in the address and lowercases it; Galley takes the date off and keeps capitals, so these posts move: add a slug, or aliases"
                            : "Hugo keeps the date at the start of a file name in the address; Galley takes it off, so these posts move: add a slug, or aliases"))
        }
        let titled = used.contains("title") && posts.titles != nil
        if let rule = posts.titles, used.contains("title") {
            notes.append((named { source, _ in survey.titles[source].map { HugoTitle.moves($0, by: rule) } ?? false },
                          titleMoves(rule)))
            notes.append((named { source, _ in survey.titles[source].map(HugoTitle.isRefused) ?? false },
                          "the title makes no safe address (a '.' or '..' folder, an empty folder name, or nothing at all), so the build stops at these posts: give each its own url, or a title Galley can use"))
        }
        if !titled, used.contains("title") || used.contains("slug") {
            notes.append((named { source, _ in
                (used.contains("title") || survey.withoutSlug.contains(source)) && survey.titles[source]?.unicodeScalars.contains { !$0.isASCII } == true
            }, "Hugo keeps accented letters of a title in the address (ünï); Galley takes the accents off (uni), so these posts move: add a slug, or aliases"))
        }
        return notes
    }
}
