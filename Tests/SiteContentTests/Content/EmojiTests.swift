import Foundation
import Highlighting
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// `:ship:` made an emoji, as jemoji and Hugo's enableEmoji do.
@Suite struct EmojiTests {
    struct Table: EmojiSource {
        func names() throws(EmojiUnavailable) -> [String: String] { ["ship": "🚢", "+1": "👍"] }
        var identity: String { "table" }
    }

    static let body = "All :ship: shape :+1::ship:, not :nope: nor `:ship:` nor 10:30:45.\n\n```\n:ship:\n```\n"

    @Test func knownNamesOutsideCodeBecomeEmoji() throws {
        let blog = try TestBlog(TestBlog.config + "emoji: true\n", ["posts/2019-03-01-e.md": TestBlog.post("title: E", Self.body)])
        var options = blog.options()
        options.emoji = Table()
        let report = try blog.build(options)
        #expect(report.warnings.isEmpty)
        let page = try #require(blog.page("2019/03/01/e/index.html"))
        #expect(page.contains("All 🚢 shape 👍🚢, not :nope: nor <code>:ship:</code> nor 10:30:45."))
        #expect(page.contains("<code>:ship:\n</code>"))
    }

    @Test func withoutTheSettingNamesStayAsWritten() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-03-01-e.md": TestBlog.post("title: E", Self.body)])
        var options = blog.options()
        options.emoji = Table()
        try blog.build(options)
        #expect(blog.page("2019/03/01/e/index.html")?.contains("All :ship: shape") == true)
    }

    @Test func withoutNamesTheBuildSaysSoOnce() throws {
        let blog = try TestBlog(TestBlog.config + "emoji: true\n", ["posts/2019-03-01-e.md": TestBlog.post("title: E", Self.body)])
        let report = try blog.build()
        #expect(report.warnings.map(\.description) == [
            "galley.yml: emoji: true, but this build has no emoji names; :names: are left as written: install Debian's python3-emoji, or set emoji: false"
        ])
        #expect(blog.page("2019/03/01/e/index.html")?.contains("All :ship: shape") == true)
    }

    struct Sails: EmojiSource {
        func names() throws(EmojiUnavailable) -> [String: String] { ["ship": "⛵", "+1": "👍"] }
        var identity: String { "sails" }
    }

    /// Names that come once python3-emoji is installed, or change with it, reach every body
    /// an earlier build kept, and the excerpts lists show: the build before said it had none.
    @Test func namesThatComeOrChangeReachTheBodiesKept() throws {
        let blog = try TestBlog(TestBlog.config + "emoji: true\n", ["posts/2019-03-01-e.md": TestBlog.post("title: E", "A :ship: here.\n\nMore.")])
        let cache = blog.root.appending(path: ".galley-cache")
        for (source, shown) in [(nil, ":ship:"), (Table() as (any EmojiSource)?, "🚢"), (Sails(), "⛵")] {
            var options = blog.options()
            options.emoji = source
            var builder = SiteBuilder(source: blog.source, options: options)
            builder.racyMargin = 0
            let report = try builder.build(into: blog.output, cache: cache)
            #expect(!report.upToDate)
            #expect(blog.page("2019/03/01/e/index.html")?.contains("A \(shown) here.") == true, "\(shown)")
            #expect(blog.page("index.html")?.contains("A \(shown) here.") == true, "\(shown) in the excerpt")
            try blog.expectSameAsFullBuild("emoji names \(shown)", options: options)
            Thread.sleep(forTimeInterval: 0.03)
        }
    }

    /// Python may fail to list the names once (too slow, say) with python3-emoji installed all
    /// along: that build leaves no stamp, so the next one, with the same sources and the same
    /// installation, does not take itself for one with nothing to do.
    @Test func aBuildThatHadNoNamesIsNotTakenForUpToDate() throws {
        struct Once: EmojiSource {
            var works: Bool
            var identity: String { "emoji/installed" }
            func names() throws(EmojiUnavailable) -> [String: String] {
                guard works else { throw EmojiUnavailable("python3 did not answer in time") }
                return ["ship": "🚢"]
            }
        }
        let blog = try TestBlog(TestBlog.config + "emoji: true\n", ["posts/2019-03-01-e.md": TestBlog.post("title: E", "A :ship: here.")])
        let cache = blog.root.appending(path: ".galley-cache")
        for works in [false, true] {
            var options = blog.options()
            options.emoji = Once(works: works)
            var builder = SiteBuilder(source: blog.source, options: options)
            builder.racyMargin = 0
            let report = try builder.build(into: blog.output, cache: cache)
            #expect(!report.upToDate)
            #expect(blog.page("2019/03/01/e/index.html")?.contains(works ? "A 🚢 here." : "A :ship: here.") == true)
            Thread.sleep(forTimeInterval: 0.03)
        }
    }
}
