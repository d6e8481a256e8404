import Diagnostics
import Foundation
import FrontMatter
import SiteCompiler

extension JekyllSite {
    /// The keys of `_config.yml` that the import reads.
    static let usedKeys: Set<String> = [
        "title", "name", "description", "url", "baseurl", "timezone", "permalink", "paginate", "pagination", "author",
        "lang", "locale", "exclude", "include", "collections", "markdown", "kramdown",
    ]

    /// Keys that have notes of their own.
    static let notedKeys: [String: String] = [
        "theme": "a gem theme: Galley renders with its own theme (add layouts/ to change it)",
        "remote_theme": "a theme from GitHub: Galley renders with its own theme (add layouts/ to change it)",
        "plugins": "Jekyll plugins: Galley has none; it makes feeds, a sitemap, tag pages and redirects itself (and emoji, for jemoji)",
        "gems": "Jekyll plugins: Galley has none; it makes feeds, a sitemap, tag pages and redirects itself (and emoji, for jemoji)",
        "paginate_path": "Galley's later home pages are always /page/2/, /page/3/…",
        "defaults": "front matter defaults: Galley does not apply them, so a default layout, author, permalink or published: false is lost; write it into the files that need it",
    ]

    /// Carries the settings; true when posts with categories move, as the permalink had them.
    func carrySettings(_ config: YAMLValue, file: String, into plan: inout ImportPlan) -> Bool {
        var dropsCategories = false
        plan.setTitle(config["title"] ?? config["name"], from: "\(file): title")
        plan.setDescription(config["description"])
        plan.setAuthor(config["author"], from: "\(file): author")
        // jemoji made `:ship:` an emoji; Galley does so with `emoji: true`.
        let plugins = (config["plugins"]?.items ?? []) + (config["gems"]?.items ?? [])
        if plugins.contains(where: { $0.text == "jemoji" }) { plan.settings.emoji = true }
        let baseurl = config["baseurl"]?.text
        if config["url"]?.text == nil, let baseurl, baseurl != "/" {
            // The placeholder keeps the path, so that links inside the blog already work.
            plan.check("\(file): url", "the site names no address, only baseurl \(baseurl); galley.yml says \(Self.baseURL(url: "https://example.com", baseurl: baseurl)!): put the blog's real address in base_url")
            plan.setBaseURL(Self.baseURL(url: "https://example.com", baseurl: baseurl), from: "\(file): url")
        } else {
            plan.setBaseURL(Self.baseURL(url: config["url"]?.text, baseurl: baseurl), from: "\(file): url")
        }
        if config["timezone"]?.text == nil {
            plan.check("\(file): timezone", "not set, so Jekyll used the timezone of the machine that built the site; Galley uses UTC: set timezone if posts dated without an offset change day")
        }
        plan.setTimezone(config["timezone"], from: "\(file): timezone")
        dropsCategories = JekyllPermalink.carry(config["permalink"]?.text, into: &plan)
        // Jekyll puts a post on the day its date falls on in the site's timezone.
        plan.settings.permalinkDates = "site"
        plan.setPerPage(config["paginate"] ?? config["pagination"]?["per_page"], from: "\(file): paginate")
        plan.setLanguage(config["lang"] ?? config["locale"])
        plan.setHeadingIDs(.kramdown, from: "\(file): kramdown", otherwise: Self.headingIDDifferences(config))
        return dropsCategories
    }

    /// How the site set up its Markdown otherwise than Jekyll's default, kramdown reading GFM,
    /// in ways that change its headings' ids.
    static func headingIDDifferences(_ config: YAMLValue) -> [String] {
        var differences: [String] = []
        if let renderer = config["markdown"]?.text, renderer.lowercased() != "kramdown" {
            differences.append("the site renders Markdown with \(renderer), not kramdown")
        }
        let kramdown = config["kramdown"]
        if let input = kramdown?["input"]?.text, input.lowercased() != "gfm" {
            differences.append("kramdown reads \(input) rather than GFM, whose ids differ")
        }
        if kramdown?["auto_ids"]?.bool == false { differences.append("kramdown's auto_ids is off, so headings had no ids") }
        if let prefix = kramdown?["auto_id_prefix"]?.text, !prefix.isEmpty { differences.append("kramdown's auto_id_prefix put '\(prefix)' before each id") }
        return differences
    }

    /// Copies the settings that posts and pages print with `{{ site.KEY }}` into galley.yml as
    /// they are, where Galley's Liquid finds them, and notes the rest.
    func carryParams(_ config: YAMLValue, file: String, survey: ContentSurvey, into plan: inout ImportPlan) {
        var copied: [String] = []
        var params: [(param: GalleySettings.Param, bytes: Int)] = []
        for (key, value) in config.pairs ?? [] where survey.siteKeys.contains(key) && !GalleySettings.keys.contains(key) {
            // Galley makes url and baseurl from base_url itself.
            guard !["url", "baseurl"].contains(key) else { continue }
            let param = GalleySettings.Param(key: key, value: value)
            params.append((param, GalleySettings.bytes(of: param)))
        }
        // galley.yml holds at most what Galley reads of it, with room for its own settings: the
        // biggest copies stay out until the rest fit.
        var total = params.reduce(0) { $0 + $1.bytes }
        var left: Set<String> = []
        for (param, bytes) in params.sorted(by: { $0.bytes > $1.bytes }) where total > Self.paramBytes {
            total -= bytes
            left.insert(param.key)
            plan.check("\(file): \(param.key)", "\(bytes / 1024) KB as galley.yml writes it, more than it holds (\(InputLimits.frontMatterBytes / 1024) KB in all): "
                + "not copied, so {{ site.\(param.key) }} prints nothing")
        }
        for (param, _) in params where !left.contains(param.key) {
            plan.settings.params.append(param)
            copied.append(param.key)
        }
        if !copied.isEmpty {
            plan.check(file, "\(copied.joined(separator: ", ")) copied into galley.yml as they are, for the {{ site.… }} in posts and pages")
        }
        for key in config.keys {
            if let note = Self.notedKeys[key] { plan.leaveOut("\(file): \(key)", note) }
        }
        var handled = Self.usedKeys.union(Self.notedKeys.keys).union((copied + left).map { $0.lowercased() })
        // Galley cuts excerpts where Jekyll does with this separator, and at the first paragraph as Jekyll's default.
        if let separator = config["excerpt_separator"]?.string {
            handled.insert("excerpt_separator")
            if separator.trimmingCharacters(in: .whitespacesAndNewlines) != "<!--more-->" {
                plan.check("\(file): excerpt_separator", "Galley cuts an excerpt at a <!--more--> line, not at '\(separator)': posts that use it show their first paragraph in lists")
            }
        }
        plan.leaveOut(keys: config.keys, except: handled, in: file)
    }

    /// How much of galley.yml copied settings may take: what a build reads of it, less room
    /// for the settings Galley writes itself.
    static let paramBytes = InputLimits.frontMatterBytes - 16 * 1024

    /// Jekyll's `url` and `baseurl` joined: `https://example.com` and `/blog`.
    static func baseURL(url: String?, baseurl: String?) -> String? {
        guard var joined = url else { return nil }
        while joined.hasSuffix("/") { joined.removeLast() }
        if var path = baseurl {
            while path.hasSuffix("/") { path.removeLast() }
            if !path.isEmpty { joined += path.hasPrefix("/") ? path : "/" + path }
        }
        return joined + "/"
    }
}
