import Diagnostics
import Foundation
import FrontMatter
import SiteSource
import Text

/// The settings in a blog's `galley.yml`.
package struct SiteConfig: Sendable {
    /// The file the settings are read from, relative to the blog's root.
    package static let fileName = "galley.yml"

    package var title: String
    package var description: String
    package var author: Author
    /// Where the blog is published, always ending in `/` (`https://example.com/blog/`); without
    /// `base_url`, ``placeholderBaseURL``.
    package var baseURL: URL
    /// Whether galley.yml gives `base_url`. A blog builds without it (page links are
    /// root-relative either way); a published site needs it, for feeds, the sitemap and
    /// canonical links.
    package var baseURLIsSet = true
    package var timeZone: TimeZone
    /// The post URL pattern, such as `/:year/:month/:day/:slug/`.
    package var permalink: Permalink
    /// Which calendar day a date written with an offset puts in a permalink.
    package var permalinkDates: PermalinkDates = .written
    /// Whether every post and page address is made lower-case, as Hugo makes them (`slug:
    /// Ending-OCSP` at `…/ending-ocsp/`); Jekyll and Galley keep the case they are given.
    package var lowercaseAddresses = false
    /// How a title (`:title`) and a tag's or category's name become part of an address:
    /// Galley's rule, or Hugo's for a blog moved from Hugo.
    package var slugs: SlugRule = .galley
    /// Whether fenced code is highlighted at build time (`highlight: false` turns it off).
    package var highlight = true
    /// Whether math is typeset as MathML at build time (`math: false` leaves the TeX in its
    /// delimiters, for a layout that loads MathJax or KaTeX itself).
    package var math = true
    /// How headings get their ids: Galley's rule, or that of the generator a blog came from.
    package var headingIDs: HeadingIDs = .galley
    package var perPage: Int
    /// A BCP 47 language tag (`en`, `en-GB`, `de`), used for `<html lang>`, feeds and month names.
    package var language: String
    /// How many posts the feeds carry; 0 means all.
    package var feedLimit: Int
    /// How `{{page.date}}` prints when a layout does not choose a pattern.
    package var dateFormat: String
    /// How posts written for another generator are read.
    package var conventions = Conventions()
    /// Every key of the file, for layouts (`{{site.params.twitter}}`, `{{site.params.title}}`).
    package var params: [String: YAMLValue]
    /// What reads as a likely mistake but does not stop a build: a key that is almost one of
    /// ``keys``, a date pattern letter no date has, a language that is no language tag.
    package var warnings: [Diagnostic] = []

    /// The person a blog or a post is by.
    package struct Author: Sendable, Equatable {
        package var name: String
        package var email: String?
        package var url: String?

        package init(name: String, email: String? = nil, url: String? = nil) {
            self.name = name
            self.email = email
            self.url = url
        }
    }

    /// Which day `:year`, `:month` and `:day` give for a date written with an offset
    /// (`2014-04-10 23:00:00 -0700`), which is another day in some other timezones.
    package enum PermalinkDates: String, Sendable {
        /// The day as written, whatever the site's timezone: Hugo's way, so that a blog that
        /// moves keeps its addresses.
        case written
        /// The day in the site's `timezone`: Jekyll's way.
        case site
    }

    /// The settings a blog gets for every key it leaves out.
    package static let defaults = (
        timeZone: "UTC", permalink: "/:year/:month/:day/:slug/", perPage: 10, language: "en", feedLimit: 20,
        dateFormat: "d MMMM yyyy"
    )

    /// The address absolute links are built on when galley.yml has no `base_url`: where
    /// `galley serve` listens unless told otherwise.
    package static let placeholderBaseURL = URL(string: "http://localhost:8000/")!
}

extension SiteConfig {
    /// What every command that needs a blog folder says of a folder without galley.yml.
    package static let missingFile = Diagnostic(path: fileName, message:
        "not found: a blog folder needs a galley.yml with at least a title (galley new site DIR writes a blog folder)")

    /// Reads `galley.yml` from `tree`, reporting every bad key at its line.
    package static func load(from tree: any SourceTree) throws(BuildFailure) -> SiteConfig {
        let path = fileName
        guard tree.fileExists(path) else {
            // A folder by that name is not a missing file: say what is there.
            do { _ = try tree.contents(of: path) } catch let error as SourceTreeError {
                if case .unreadable(_, let reason) = error { throw BuildFailure([Diagnostic(path: path, message: "cannot be read: \(reason)")]) }
            } catch {}
            if tree.leftOut.contains(path) {
                throw BuildFailure([Diagnostic(path: path, message:
                    "a symbolic link in the commit, which a build from git never follows (it could lead out of the repository): commit galley.yml itself")])
            }
            throw BuildFailure([missingFile])
        }
        let root: YAMLValue
        do {
            root = try YAMLValue.parse(try tree.text(of: path), path: path)
        } catch {
            throw BuildFailure([error])
        }
        return try parse(root, path: path)
    }

    static func parse(_ root: YAMLValue, path: String) throws(BuildFailure) -> SiteConfig {
        var log = DiagnosticLog()
        guard let pairs = root.pairs else {
            throw BuildFailure([Diagnostic(path: path, line: root.line, message: "expected settings as `key: value` lines")])
        }
        var params: [String: YAMLValue] = [:]
        for pair in pairs { params[pair.key] = pair.value }

        func text(_ key: String, required: Bool = false) -> String? {
            guard let value = root[key], !value.isNull else {
                if required { log.report(Diagnostic(path: path, line: 1, message: "missing '\(key)'" + misspelling(of: key, in: pairs))) }
                return nil
            }
            guard let string = value.string else {
                log.report(Diagnostic(path: path, line: value.line, message: "'\(key)' must be text"))
                return nil
            }
            return string
        }
        // Bounded above as well: pagination adds and multiplies with these.
        func number(_ key: String, default fallback: Int, in range: ClosedRange<Int>) -> Int {
            guard let value = root[key], !value.isNull else { return fallback }
            guard let number = value.int, range.contains(number) else {
                log.report(Diagnostic(path: path, line: value.line, message:
                    "'\(key)' must be a whole number from \(range.lowerBound) to \(range.upperBound)"))
                return fallback
            }
            return number
        }

        let title = text("title", required: true) ?? ""
        let description = text("description") ?? ""
        let author = parseAuthor(root["author"], path: path, log: &log) ?? Author(name: title)

        var baseURL = placeholderBaseURL
        let baseURLIsSet = root["base_url"].map { !$0.isNull } ?? false
        if let raw = text("base_url") {
            switch Self.parseBaseURL(raw) {
            case .success(let url): baseURL = url
            case .failure(let problem): log.report(Diagnostic(path: path, line: root["base_url"]?.line, message: problem.message))
            }
        }

        var timeZone = TimeZone(identifier: "UTC")!
        if let name = text("timezone") {
            if let zone = TimeZone(identifier: name) {
                timeZone = zone
            } else {
                log.report(Diagnostic(path: path, line: root["timezone"]?.line,
                                      message: "unknown timezone '\(name)': use an IANA name such as Europe/Berlin or America/New_York"))
            }
        }

        var permalink = Permalink(pattern: defaults.permalink)!
        if let pattern = text("permalink") {
            do {
                permalink = try Permalink(validating: pattern)
            } catch {
                log.report(Diagnostic(path: path, line: root["permalink"]?.line, message: error.message))
            }
        }

        var permalinkDates = PermalinkDates.written
        if let raw = text("permalink_dates") {
            if let value = PermalinkDates(rawValue: raw) {
                permalinkDates = value
            } else {
                log.report(Diagnostic(path: path, line: root["permalink_dates"]?.line, message:
                    "permalink_dates must be 'written' (the day as a post's date is written) or 'site' (the day in the site's timezone), not '\(raw)'"))
            }
        }

        var lowercaseAddresses = false
        if let value = root["lowercase_addresses"], !value.isNull {
            if let flag = value.bool { lowercaseAddresses = flag } else {
                log.report(Diagnostic(path: path, line: value.line, message:
                    "lowercase_addresses must be true (every address lower-case, as Hugo makes them) or false (as written, as Jekyll keeps them)"))
            }
        }

        var slugs = SlugRule.galley
        if let raw = text("slugs") {
            if let rule = SlugRule(rawValue: raw) { slugs = rule } else {
                log.report(Diagnostic(path: path, line: root["slugs"]?.line, message:
                    "slugs must be 'galley' (Galley's rule: `Notes on .NET` is notes-on-net) or 'hugo' (Hugo's: notes-on-.net), not '\(raw)'"))
            }
        }

        var highlight = true
        if let value = root["highlight"], !value.isNull {
            if let flag = value.bool { highlight = flag } else {
                log.report(Diagnostic(path: path, line: value.line, message:
                    "highlight must be true (code highlighted at build time, the default) or false (code shown plain)"))
            }
        }

        var math = true
        if let value = root["math"], !value.isNull {
            if let flag = value.bool { math = flag } else {
                log.report(Diagnostic(path: path, line: value.line, message:
                    "math must be true (math typeset as MathML at build time, the default) or false (TeX left for a script to typeset)"))
            }
        }

        var headingIDs = HeadingIDs.galley
        if let raw = text("heading_ids") {
            if let rule = HeadingIDs(rawValue: raw) { headingIDs = rule } else {
                let names = HeadingIDs.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                log.report(Diagnostic(path: path, line: root["heading_ids"]?.line, message:
                    "heading_ids must be one of \(names) (the rule of Galley, Jekyll, Hugo or Zola), not '\(raw)'"))
            }
        }

        let perPage = number("per_page", default: defaults.perPage, in: 1...InputLimits.listLength)
        let feedLimit = number("feed_limit", default: defaults.feedLimit, in: 0...InputLimits.listLength)
        let language = text("language") ?? defaults.language
        let dateFormat = text("date_format") ?? defaults.dateFormat
        let conventions = parseConventions(root, path: path, log: &log)

        try log.check()
        var warnings = log.warnings + unknownKeys(in: pairs, path: path)
        if let value = root["language"], let problem = languageProblem(language) {
            warnings.append(Diagnostic(path: path, line: value.line, message: problem))
        }
        if let value = root["date_format"], let problem = datePatternProblem(dateFormat) {
            warnings.append(Diagnostic(path: path, line: value.line, message: problem))
        }
        if let written = ImageKey.written(in: params), ImageKey.isVectorImage(written) {
            warnings.append(Diagnostic(path: path, line: ImageKey.line(in: params), message: ImageKey.vectorImageProblem(written)))
        }
        var config = SiteConfig(
            title: title, description: description, author: author, baseURL: baseURL, baseURLIsSet: baseURLIsSet, timeZone: timeZone,
            permalink: permalink, permalinkDates: permalinkDates, lowercaseAddresses: lowercaseAddresses, slugs: slugs, highlight: highlight, headingIDs: headingIDs, perPage: perPage,
            language: language, feedLimit: feedLimit, dateFormat: dateFormat, params: params, warnings: warnings)
        config.conventions = conventions
        config.math = math
        return config
    }

    /// Checks a base URL and gives it the trailing slash every link is built on.
    package static func parseBaseURL(_ raw: String) -> Result<URL, ConfigMessage> {
        var text = raw.trimmingCharacters(in: .whitespaces)
        if !text.hasSuffix("/") { text += "/" }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else {
            return .failure(ConfigMessage("base_url '\(raw)' must be an absolute http or https address such as https://example.com/"))
        }
        guard url.query == nil, url.fragment == nil else {
            return .failure(ConfigMessage("base_url '\(raw)' must not have a query or fragment"))
        }
        return .success(url)
    }

    private static func parseAuthor(_ value: YAMLValue?, path: String, log: inout DiagnosticLog) -> Author? {
        guard let value, !value.isNull else { return nil }
        if let name = value.string { return Author(name: name) }
        guard value.pairs != nil, let name = value["name"]?.string else {
            log.report(Diagnostic(path: path, line: value.line, message: "'author' must be a name, or a mapping with name, email and url"))
            return nil
        }
        var url = value["url"]?.string
        // It goes into the feeds' `<uri>` and `url` and the layouts' links: a web or mail address,
        // or the site's own path, never a script (`javascript:`) or data.
        if let given = url, !Self.isLinkable(given) {
            log.warn(Diagnostic(path: path, line: value["url"]?.line ?? value.line, message:
                "author url '\(given)' is not a web or mail address (https://, http://, mailto: or a path from /); it is left out"))
            url = nil
        }
        return Author(name: name, email: value["email"]?.string, url: url)
    }

    /// Whether `address` may be a link a page or a feed prints: http(s), mailto, or a site path.
    static func isLinkable(_ address: String) -> Bool {
        let trimmed = address.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("/"), !trimmed.hasPrefix("//") { return true }
        guard let colon = trimmed.firstIndex(of: ":") else { return false }
        return ["http", "https", "mailto"].contains(trimmed[..<colon].lowercased())
    }
}

extension SiteConfig {
    /// A Gregorian calendar in the site's timezone: permalinks, archives and layouts read dates through it.
    package var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: language)
        return calendar
    }
}

/// A message about a setting, for the caller to place at a file and line.
package struct ConfigMessage: Error, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
}
