import Foundation
import Testing

/// The checks a whole build must pass: no warning that asks an author to change a post, no page
/// tidy finds broken, feeds a real feed parser reads, no internal link that leads nowhere, and
/// no other generator's template syntax left on a page as text.
/// Each returns what it found, so a test can also break a page on purpose and see it caught.
struct SiteChecks {
    let site: BuiltSite

    /// The warnings that ask the author to change a post. A warning names a file; what counts is
    /// what it asks for. One about the theme (a layout the blog's posts name and the theme lacks)
    /// asks for a layout file beside the posts and leaves every post as it is; every other
    /// warning (a file in posts/ that is not published, say) asks for a change to the posts.
    func warningsForAuthors() -> [String] {
        site.warnings.filter { $0.range(of: #": layout '[^']+'( \(and \d+ other files?\))? is not in the theme; "#, options: .regularExpression) == nil }
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

    /// Runs every check and expects nothing wrong but what `links` explains, and template syntax
    /// shown as text only as a known issue when `templateSyntax` names its cause.
    func expectAllGood(feedEntries: Int, links: LinkExpectations = LinkExpectations(), templateSyntax: String? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let name = site.blog.lastPathComponent
        #expect(warningsForAuthors() == [], "\(name): warnings that ask the author to change a post", sourceLocation: sourceLocation)
        let tidy = try tidyProblems()
        #expect(tidy.count == 0, "\(name): tidy finds errors:\n\(tidy.joined(separator: "\n"))", sourceLocation: sourceLocation)
        let feeds = feedProblems(entries: feedEntries)
        #expect(feeds.count == 0, "\(name): \(feeds.joined(separator: "\n"))", sourceLocation: sourceLocation)
        links.expect(brokenLinks(), in: site, sourceLocation: sourceLocation)
        let shown = templateSyntaxShown(), count = shown.count
        let listing = shown.prefix(10).joined(separator: "\n") + (count > 10 ? "\n… and \(count - 10) more" : "")
        if let templateSyntax {
            withKnownIssue(Comment(rawValue: templateSyntax)) {
                #expect(count == 0, "\(name): template syntax shown as text:\n\(listing)", sourceLocation: sourceLocation)
            }
        } else {
            #expect(count == 0, "\(name): template syntax shown as text:\n\(listing)", sourceLocation: sourceLocation)
        }
    }
}
