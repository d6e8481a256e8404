import Foundation
import SiteCompiler
import SiteContent
import TestThreads
import Testing

/// The user guide in `docs/` is a Galley site, and a real-content test of Galley: it builds with
/// `--strict` and no warning, every page passes tidy, and every internal link and `#fragment`
/// leads somewhere. The README stays short and points into it.
@Suite(.onBlockingPool) struct DocsSiteTests {
    static let repository = BuildCommandTests.sampleSite.deletingLastPathComponent()
    static let docs = repository.appending(path: "docs")

    @Test func theGuideBuildsStrictWithNoWarningAndNoBrokenLink() throws {
        let site = try BuiltSite(Self.docs, base: URL(string: "https://galley.example.com/")!, arguments: ["--strict"])
        #expect(site.warnings.isEmpty, "the guide's build warns:\n\(site.warnings.joined(separator: "\n"))")
        let checks = SiteChecks(site: site)
        let tidy = try checks.tidyProblems()
        #expect(tidy.isEmpty, "tidy finds errors in the guide:\n\(tidy.joined(separator: "\n"))")
        let broken = checks.brokenLinks()
        #expect(broken.isEmpty, "broken links in the guide:\n\(broken.map { "\($0)" }.joined(separator: "\n"))")
        // Long pages ask for a table of contents, which the theme's page layout shows.
        let publishing = try String(contentsOf: site.output.appending(path: "publishing/index.html"), encoding: .utf8)
        #expect(publishing.contains(#"<nav class="toc""#) && publishing.contains(##"<a href="#github-pages">"##), "no table of contents")
        let shown = checks.templateSyntaxShown()
        #expect(shown.isEmpty, "template syntax shown as text outside code:\n\(shown.joined(separator: "\n"))")
    }

    /// Every Markdown file of `pages/` is a page of the guide: none is left out by a draft flag,
    /// a date in the future or a clash.
    @Test func everyPageOfTheGuideIsPublished() throws {
        let site = try BuiltSite(Self.docs, base: URL(string: "https://galley.example.com/")!)
        let pages = Self.docs.appending(path: "pages")
        let sources = try FileManager.default.subpathsOfDirectory(atPath: pages.path).filter { $0.hasSuffix(".md") }
        #expect(sources.count >= 20)
        for source in sources {
            let stem = String(source.dropLast(".md".count))
            let address = stem == "index" ? "index.html"
                : stem.hasSuffix("/index") ? String(stem.dropLast("index".count)) + "index.html" : stem + "/index.html"
            #expect(site.reading.pages[address] != nil, "docs/pages/\(source) is not published at /\(address)")
        }
    }

    /// A key of galley.yml that the reference leaves out is a setting no user can find.
    @Test func theGalleyYMLReferenceHasARowForEveryKey() throws {
        let reference = try String(contentsOf: Self.docs.appending(path: "pages/reference/galley-yml.md"), encoding: .utf8)
        for key in SiteConfig.keys {
            #expect(reference.contains("\n| `\(key)` |"), "docs/pages/reference/galley-yml.md has no row for `\(key)`")
        }
    }

    /// The README is a door into the guide, not the guide: short, and every link into `docs/`
    /// names a file that is there.
    @Test func theREADMEIsShortAndItsLinksIntoTheGuideLeadToFiles() throws {
        let readme = try String(contentsOf: Self.repository.appending(path: "README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 200, "README.md has \(lines) lines")
        #expect(readme.hasPrefix("# Galley\n\n```sh\nscripts/galley build site"), "README.md no longer opens with the two commands")
        let targets = try NSRegularExpression(pattern: #"\]\(((?:docs|scripts)/[^)#\s]+|ARCHITECTURE\.md)\)"#)
        let found = targets.matches(in: readme, range: NSRange(readme.startIndex..., in: readme))
            .compactMap { Range($0.range(at: 1), in: readme).map { String(readme[$0]) } }
        #expect(found.count >= 20)
        for target in found {
            #expect(FileManager.default.fileExists(atPath: Self.repository.appending(path: target).path), "README.md links to \(target), which is not there")
        }
    }
}
