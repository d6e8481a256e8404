import Foundation
import Testing

/// The checks a whole build must pass: no warning that asks an author to change a post, no page
/// tidy finds broken, feeds a real feed parser reads, no internal link that leads nowhere, and
/// no other generator's template syntax left on a page as text.
/// Each returns what it found, so a test can also break a page on purpose and see it caught.
struct SiteChecks {
    let site: BuiltSite

    /// The warnings that ask the author to change a post. A warning names a file; what counts is
    /// what it asks for. These ask for nothing in the posts, and every other warning does:
    static let besideThePosts = [
        // a layout the posts name and the theme lacks: a file for layouts/;
        #": layout '[^']+'( \(and \d+ other files?\))? is not in the theme; "#,
        // a shortcode of the blog's old theme: a file for layouts/shortcodes/;
        #": the shortcode .+ is not one Galley has .+ nor one of the theme's; it is printed as written \(add layouts/shortcodes/[^ ]+\.mustache to give it one\)"#,
        // a value the posts print and galley.yml lacks: a setting;
        #": '[^']+' is not set: add `[^`]+` to galley.yml; "#,
        // a {% link %} to a document of the author's wider site, which the link check judges.
        #": \{% link [^%]+%\} links to .+, which is not a post, page or static file of this blog; the link is left pointing at "#,
    ]

    func warningsForAuthors() -> [String] {
        site.warnings.filter { warning in !Self.besideThePosts.contains { warning.range(of: $0, options: .regularExpression) != nil } }
    }

    func tidyProblems() throws -> [String] {
        try TidyCheck.problems(in: site.output, pages: site.pages)
    }

    /// What is wrong with the three feeds: not written, not valid to the parser, a required field
    /// missing, a number of entries other than `entries`, or an entry without an absolute link.
    func feedProblems(entries: Int) -> [String] {
        var problems: [String] = []
        for name in ["feed.xml", "atom.xml", "feed.json"] {
            guard let feed = site.reading.feeds[name] else {
                problems.append("\(name): not written")
                continue
            }
            problems += feed.problems.map { "\(name): \($0)" }
            if feed.entries.count != entries { problems.append("\(name): \(feed.entries.count) entries, not \(entries)") }
            for entry in feed.entries where URL(string: entry.link)?.scheme == nil || entry.id.isEmpty {
                problems.append("\(name): an entry's link is not absolute or it has no id: '\(entry.link)'")
            }
            if Set(feed.entries.map(\.link)).count != feed.entries.count { problems.append("\(name): two entries have the same link") }
        }
        return problems
    }

    func brokenLinks() -> [BrokenLink] { LinkCheck(site).brokenLinks() }

    /// Liquid tags and Hugo shortcodes a reader sees as text, as `page:line: {% tag %}`: what a
    /// post meant (a link to another post, a figure) is lost.
    func templateSyntaxShown() -> [String] {
        site.reading.pages.sorted { $0.key < $1.key }.flatMap { page, reading in reading.templateSyntax.map { "\(page):\($0.line): \($0.text)" } }
    }

    /// Runs every check and expects nothing wrong but what `links` explains and the shortcodes
    /// of `themeShortcodes`: names of a shortcode of the blog's old theme, which Galley prints as
    /// written and warns of at the post's line, as it must of any shortcode it does not have.
    func expectAllGood(feedEntries: Int, links: LinkExpectations = LinkExpectations(), themeShortcodes: [String] = [],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let name = site.blog.lastPathComponent
        // A picture or file of the wider site, which the fixture does not include, is as much
        // outside the blog to the build's own check as to the link check.
        let forAuthors = warningsForAuthors().filter { warning in
            guard let range = warning.range(of: #"names a file this blog does not have \((/[^)]*)\)$"#, options: .regularExpression) else { return true }
            let path = String(warning[range].drop { $0 != "(" }.dropFirst().dropLast())
            return !links.outsideTheBlog.contains { path.hasPrefix($0) }
        }
        #expect(forAuthors.isEmpty, "\(name): warnings that ask the author to change a post:\n\(Self.listing(forAuthors))", sourceLocation: sourceLocation)
        let tidy = try tidyProblems()
        #expect(tidy.count == 0, "\(name): tidy finds errors:\n\(tidy.joined(separator: "\n"))", sourceLocation: sourceLocation)
        let feeds = feedProblems(entries: feedEntries)
        #expect(feeds.count == 0, "\(name): \(feeds.joined(separator: "\n"))", sourceLocation: sourceLocation)
        links.expect(brokenLinks(), in: site, sourceLocation: sourceLocation)

        let shown = templateSyntaxShown()
        func isThemes(_ text: String, _ shortcode: String) -> Bool {
            text.range(of: #": \{\{[<%] *"# + NSRegularExpression.escapedPattern(for: shortcode) + #"[ >%]"#, options: .regularExpression) != nil
        }
        for shortcode in themeShortcodes {
            #expect(shown.contains { isThemes($0, shortcode) }, "\(name): {{< \(shortcode) >}} is no longer shown", sourceLocation: sourceLocation)
            #expect(site.warnings.contains { $0.contains("the shortcode '\(shortcode)' is not one Galley has") },
                    "\(name): no warning names {{< \(shortcode) >}}", sourceLocation: sourceLocation)
        }
        let unexpected = shown.filter { text in !themeShortcodes.contains { isThemes(text, $0) } }
        #expect(unexpected.isEmpty, "\(name): template syntax shown as text:\n\(Self.listing(unexpected))", sourceLocation: sourceLocation)
    }

    /// The first ten of `found` and how many more.
    static func listing(_ found: [String]) -> String {
        found.prefix(10).joined(separator: "\n") + (found.count > 10 ? "\n… and \(found.count - 10) more" : "")
    }
}
