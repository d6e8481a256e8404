import Foundation
import SiteTestSupport
import Testing

@testable import Diagnostics
@testable import SiteCompiler

@Suite struct SourceExcerptTests {
    @Test func showsTwoLinesBeforeAndOneAfterWithACaret() throws {
        let text = "one\ntwo\nthree\nfour: x\nfive\nsix\n"
        let excerpt = try #require(SourceExcerpt(of: text, line: 4, column: 5))
        #expect(excerpt.text == """
              2 | two
              3 | three
            > 4 | four: x
                |     ^
              5 | five
            """)
    }

    @Test func theFirstAndLastLinesHaveWhatTheFileHas() throws {
        let text = "alpha\nbeta\n"
        #expect(SourceExcerpt(of: text, line: 1)?.text == "> 1 | alpha\n  2 | beta")
        #expect(SourceExcerpt(of: text, line: 2)?.text == "  1 | alpha\n> 2 | beta")
        // The empty line after the last line break is where an error about the end stands.
        #expect(SourceExcerpt(of: text, line: 3)?.text == "  1 | alpha\n  2 | beta\n> 3 | ")
        #expect(SourceExcerpt(of: text, line: 4) == nil)
        #expect(SourceExcerpt(of: text, line: 0) == nil)
    }

    @Test func theGutterIsAsWideAsTheWidestNumber() throws {
        let text = (1...12).map { "line \($0)" }.joined(separator: "\n")
        #expect(SourceExcerpt(of: text, line: 10)?.text == "   8 | line 8\n   9 | line 9\n> 10 | line 10\n  11 | line 11")
    }

    /// An escape sequence in a post must not reach the terminal, and the caret still lines up.
    @Test func controlCharactersAndTabsAreWrittenOut() throws {
        let text = "title: \u{1B}[2Jx\tbad: y\n"
        let excerpt = try #require(SourceExcerpt(of: text, line: 1, column: 14))
        #expect(!excerpt.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let lines = excerpt.text.split(separator: "\n")
        #expect(lines[0] == "> 1 | title: \\u{1B}[2Jx    bad: y")
        // The caret stands under `b`, after the escape written out and the tab as four spaces.
        let caret = try #require(lines[1].firstIndex(of: "^"))
        let under = lines[0][lines[0].index(lines[0].startIndex, offsetBy: lines[1].distance(from: lines[1].startIndex, to: caret))]
        #expect(under == "b")
    }

    @Test func aLongLineIsCutAroundTheColumn() throws {
        let line = String(repeating: "a", count: 300) + "X" + String(repeating: "b", count: 300)
        let excerpt = try #require(SourceExcerpt(of: line, line: 1, column: 301))
        let lines = excerpt.text.split(separator: "\n")
        #expect(lines[0].count < 140)
        #expect(lines[0].hasPrefix("> 1 | …a"))
        #expect(lines[0].hasSuffix("b…"))
        let caret = try #require(lines[1].firstIndex(of: "^"))
        let offset = lines[1].distance(from: lines[1].startIndex, to: caret)
        #expect(lines[0][lines[0].index(lines[0].startIndex, offsetBy: offset)] == "X")
    }

    /// A line of megabytes (a minified file) is shown by the part around the column.
    @Test func aVeryLongLineIsShownByItsColumn() throws {
        let line = String(repeating: "x", count: 2_000_000) + "HERE" + String(repeating: "y", count: 1000)
        let excerpt = try #require(SourceExcerpt(of: line, line: 1, column: 2_000_001))
        let lines = excerpt.text.split(separator: "\n")
        #expect(lines[0].count < 140)
        #expect(lines[0].contains("HERE"))
        let caret = try #require(lines[1].firstIndex(of: "^"))
        let offset = lines[1].distance(from: lines[1].startIndex, to: caret)
        #expect(lines[0].dropFirst(offset).hasPrefix("HERE"))
        #expect(SourceExcerpt(of: line, line: 1)?.text.hasPrefix("> 1 | xxx") == true)
    }

    /// A failed build's errors carry the lines they are about, read from the blog's files.
    @Test func aFailedBuildQuotesTheLinesOfEachError() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-broken.md": "---\ntitle: Broken\ndate: someday\ntags: [a]\n---\nText\n",
        ])
        let diagnostics = blog.failure()
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.description.hasPrefix("posts/2019-10-08-broken.md:3: 'date' is not a date") == true)
        #expect(diagnostics.first?.excerpt?.text == "  1 | ---\n  2 | title: Broken\n> 3 | date: someday\n  4 | tags: [a]")
    }

    /// A build that finds nothing changed says the last build's warnings again, quoted again.
    @Test func aBuildWithNothingChangedQuotesItsWarnings() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-a.md": TestBlog.post("title: A\nlayout: missing")])
        let cache = blog.root.appending(path: ".galley-cache")
        var builder = SiteBuilder(source: blog.source, options: blog.options())
        builder.racyMargin = 0
        let first = try builder.build(into: blog.output, cache: cache)
        Thread.sleep(forTimeInterval: 0.03)
        let again = try builder.build(into: blog.output, cache: cache)
        #expect(again.upToDate)
        #expect(again.warnings.map(\.description) == first.warnings.map(\.description))
        #expect(again.warnings.first?.excerpt?.text.contains("> 3 | layout: missing") == true)
    }

    @Test func aWarningQuotesItsLineToo() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-a.md": TestBlog.post("title: A\nlayout: missing")])
        let report = try blog.build()
        let warning = try #require(report.warnings.first { $0.message.contains("layout 'missing'") })
        #expect(warning.excerpt?.text.contains("> 3 | layout: missing") == true)
    }
}
