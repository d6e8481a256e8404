import Dispatch
import Foundation
@testable import Layouts
import SiteTestSupport
import Testing

@testable import Diagnostics
@testable import SiteCompiler

/// A blog is whatever someone pushed to a branch. Each test builds a blog once as it should be,
/// then adds what an attacker would, and expects a build that fails with a message naming the
/// file and line, having written nothing: the output is the first build's, byte for byte. A
/// crash would take the test process down with it, which is a failure too.
@Suite struct HostileInputTests {
    /// A blog of one good post, built.
    func builtBlog(_ config: String = TestBlog.config, _ files: [String: String] = [:]) throws -> TestBlog {
        var all = ["posts/2019-10-08-good.md": TestBlog.post("title: Good\ntags: [fine]")]
        all.merge(files) { $1 }
        let blog = try TestBlog(config, all)
        try blog.build()
        return blog
    }

    /// Every output file's bytes, by path.
    func snapshot(_ blog: TestBlog) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try blog.outputFiles() { files[path] = FileManager.default.contents(atPath: blog.output.appending(path: path).path) }
        return files
    }

    /// The diagnostics of building a good blog once `files` (and `config`) are added, after
    /// checking that the build wrote nothing.
    func refusal(_ files: [String: String], config: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Diagnostic] {
        let blog = try builtBlog()
        let before = try snapshot(blog)
        if let config { try blog.write("galley.yml", config) }
        for (path, text) in files { try blog.write(path, text) }
        let diagnostics = blog.failure(sourceLocation: sourceLocation)
        #expect(try snapshot(blog) == before, "the failed build changed the output", sourceLocation: sourceLocation)
        return diagnostics
    }

    /// Records an issue unless `diagnostics` is exactly one at `path` and `line` whose message has `words`.
    func expectOne(_ diagnostics: [Diagnostic], _ path: String, _ line: Int?, _ words: String,
                   sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(diagnostics.count == 1, "\(diagnostics)", sourceLocation: sourceLocation)
        guard let first = diagnostics.first else { return }
        #expect(first.path == path && first.line == line, "\(first)", sourceLocation: sourceLocation)
        #expect(first.message.contains(words), "\(first)", sourceLocation: sourceLocation)
    }

    /// Runs `body`, and ends the whole test process if it has not returned within `seconds`:
    /// what it guards against would otherwise run for minutes and take gigabytes, and a timed
    /// assertion would only speak once that was over.
    func withWatchdog<T>(seconds: Int, _ what: String, _ body: () throws -> T) rethrows -> T {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .seconds(seconds))
        timer.setEventHandler { fatalError("watchdog: \(what) did not finish within \(seconds) s") }
        timer.resume()
        defer { timer.cancel() }
        return try body()
    }

    // MARK: Layouts

    @Test func aPartialThatIncludesItselfIsAnError() throws {
        let diagnostics = try refusal(["layouts/footer.mustache": "<footer>\n{{site.title}}\n{{> footer}}\n</footer>"])
        expectOne(diagnostics, "layouts/footer.mustache", 3, "'footer' brings itself in again (footer > footer)")
    }

    @Test func aCycleOfPartialsIsAnErrorWhereItCloses() throws {
        let diagnostics = try refusal([
            "layouts/footer.mustache": "{{>a}}",
            "layouts/a.mustache": "A\n{{>b}}",
            "layouts/b.mustache": "B\n\n{{#site.title}}{{>a}}{{/site.title}}",
        ])
        expectOne(diagnostics, "layouts/b.mustache", 3, "'a' brings itself in again (a > b > a)")
    }

    @Test func aLayoutThatIsItsOwnParentIsAnError() throws {
        let own = try refusal(["layouts/base.mustache": "{{<base}}{{$main}}x{{/main}}{{/base}}"])
        expectOne(own, "layouts/base.mustache", 1, "(base > base)")
        let twoParents = try refusal([
            "layouts/post.mustache": "{{<wide}}{{$main}}{{{page.content}}}{{/main}}{{/wide}}",
            "layouts/wide.mustache": "{{<narrow}}{{/narrow}}",
            "layouts/narrow.mustache": "<div>\n{{<wide}}{{/wide}}</div>",
        ])
        // Found from `narrow`, the first by name, at the include that leads back to it.
        expectOne(twoParents, "layouts/wide.mustache", 1, "'narrow' brings itself in again (narrow > wide > narrow)")
    }

    @Test func aBlockThatFillsItselfIsAnError() throws {
        // The override of `main` holds a `main` block, which the override fills again.
        let diagnostics = try refusal(["layouts/post.mustache": "{{<base}}\n{{$main}}A{{$main}}B{{/main}}{{/main}}\n{{/base}}"])
        expectOne(diagnostics, "layouts/post.mustache", 2, "the 'main' block of 'post' brings itself in again (post{{$main}} > post{{$main}})")
    }

    @Test func aCycleBehindChangedDelimitersIsFound() throws {
        let diagnostics = try refusal(["layouts/footer.mustache": "{{=<% %>=}}\n<%! a comment with %%> in it %>\n<%>footer%>"])
        expectOne(diagnostics, "layouts/footer.mustache", 3, "(footer > footer)")
    }

    @Test func sectionsNestedThousandsDeepAreAnError() throws {
        let deep = String(repeating: "{{#page}}", count: 10_000) + "x" + String(repeating: "{{/page}}", count: 10_000)
        let diagnostics = try refusal(["layouts/footer.mustache": "<footer>\n" + deep])
        expectOne(diagnostics, "layouts/footer.mustache", 2, "nest more than \(InputLimits.layoutDepth) levels deep")
    }

    @Test func layoutsNestedDeepThroughPartialsAreAnError() throws {
        var files = ["layouts/footer.mustache": "{{>c0}}"]
        for number in 0..<200 { files["layouts/c\(number).mustache"] = "{{#page}}" + (number < 199 ? "{{>c\(number + 1)}}" : "") + "{{/page}}" }
        let diagnostics = try refusal(files)
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.message.contains("layouts nest more than \(InputLimits.layoutDepth) levels deep") == true, "\(diagnostics)")
        #expect(diagnostics.first?.path.hasPrefix("layouts/c") == true && diagnostics.first?.line == 1)
    }

    @Test func aLayoutThatBringsInMillionsOfPartialsIsAnError() throws {
        // Ten partials each in the one before, ten times over: ten billion renders of a small theme.
        var files = ["layouts/footer.mustache": "{{>f0}}"]
        for number in 0..<10 { files["layouts/f\(number).mustache"] = String(repeating: "{{>f\(number + 1)}}", count: 10) }
        files["layouts/f10.mustache"] = "x"
        let diagnostics = try withWatchdog(seconds: 60, "a theme of ten billion partial renders") { try refusal(files) }
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.message.contains("brings in more than \(InputLimits.layoutIncludes) partials") == true, "\(diagnostics)")
    }

    @Test func aPartialNamedByAValueIsRefused() throws {
        let diagnostics = try refusal(["layouts/footer.mustache": "<footer>\n{{>*page.params.widget}}</footer>"])
        expectOne(diagnostics, "layouts/footer.mustache", 2, "{{>*page.params.widget}} names a layout by a value")
    }

    @Test func aHugeLayoutIsRefused() throws {
        let huge = String(repeating: "<li>{{site.title}}</li>\n", count: InputLimits.layoutBytes / 24 + 1)
        let diagnostics = try refusal(["layouts/footer.mustache": huge])
        expectOne(diagnostics, "layouts/footer.mustache", nil, "more than Galley reads")
    }

    @Test func aLayoutOfTooManyTagsIsRefusedAndOneAtTheLimitLoads() throws {
        // 40,000 tags took swift-mustache's parser minutes: it counts to the end of the layout
        // at each tag. The scan that refuses them reads the layout once.
        let tags = String(repeating: "{{a}}\n", count: 40_000)
        let diagnostics = try withWatchdog(seconds: 60, "refusing a layout of 40,000 tags") {
            try refusal(["layouts/footer.mustache": tags])
        }
        expectOne(diagnostics, "layouts/footer.mustache", nil, "layout of 40000 tags is more than Galley reads")
        let most = String(repeating: "<li>{{site.title}}</li>\n", count: InputLimits.layoutTags)
            + String(repeating: "<p>words and words</p>\n", count: (InputLimits.layoutBytes - 24 * InputLimits.layoutTags) / 24 - 1)
        let blog = try TestBlog(TestBlog.config, ["layouts/footer.mustache": most])
        let theme = try withWatchdog(seconds: 60, "loading a layout at both limits") { try Theme.load(from: blog.source) }
        #expect(theme.layoutNames.contains("footer"))
    }

    @Test func aDatePatternCannotMakeATag() throws {
        // Quoted text in a pattern becomes `{{>post}}` in the formatted date, which swift-mustache
        // read as a template, and the post included itself until the stack ran out.
        let blog = try builtBlog(TestBlog.config, [
            "layouts/post.mustache": "{{<base}}{{$main}}<p>{{#page.date.format}}'{'{'>post}}'{{/page.date.format}}</p>{{/main}}{{/base}}"
        ])
        let page = try #require(blog.page("2019/10/08/good/index.html"))
        #expect(page.contains("<p>{{>post}}</p>"), "\(page)")
    }

    // MARK: YAML

    /// Nine levels of nine aliases each: 9^9 = 387 million strings once expanded.
    static let aliasBomb = """
        a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
        b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
        c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
        d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
        e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
        f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
        g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
        h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
        i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
        """

    @Test func anAliasBombIsRefusedBeforeItIsExpanded() throws {
        let post = TestBlog.post("title: Bomb\n" + Self.aliasBomb)
        let diagnostics = try withWatchdog(seconds: 30, "an alias bomb that needs gigabytes once expanded") {
            try refusal(["posts/2019-10-09-bomb.md": post])
        }
        expectOne(diagnostics, "posts/2019-10-09-bomb.md", 3, "YAML anchors (&name) are not supported")
    }

    @Test func anAliasBombInGalleyYmlIsRefused() throws {
        let diagnostics = try withWatchdog(seconds: 30, "an alias bomb in galley.yml") {
            try refusal([:], config: TestBlog.config + Self.aliasBomb + "\n")
        }
        expectOne(diagnostics, "galley.yml", 7, "YAML anchors (&name) are not supported")
        // An alias whose anchor is not there at all is refused as an alias, at its own line.
        let alias = try refusal(["posts/2019-10-09-alias.md": TestBlog.post("title: T\nsame:\n  - *x")])
        expectOne(alias, "posts/2019-10-09-alias.md", 4, "YAML aliases (*name) are not supported")
    }

    @Test func ampersandsAndStarsInTextAreNotAnchors() throws {
        let fields = """
            title: Tom & Jerry
            summary: "*x*"
            tags: [a&b, "*c"]
            note: |
              & *not an alias
            folded: Tom
              & Jerry *too*
            quoted: 'it''s *x*'
            plain: a &b *c
            """
        let blog = try builtBlog(TestBlog.config, [
            "posts/2019-10-09-text.md": TestBlog.post(fields),
            "layouts/post.mustache": "{{page.title}}|{{page.params.note}}|{{page.params.folded}}|{{page.params.quoted}}|{{page.params.plain}}|{{#page.tags}}{{name}} {{/page.tags}}",
        ])
        #expect(blog.page("2019/10/09/text/index.html") == "Tom &amp; Jerry|&amp; *not an alias\n|Tom &amp; Jerry *too*|it&#39;s *x*|a &amp;b *c|a&amp;b *c ")
    }

    @Test func deeplyNestedYAMLIsRefused() throws {
        let flow = try withWatchdog(seconds: 30, "YAML nested 100,000 deep") {
            try refusal(["posts/2019-10-09-deep.md": TestBlog.post("title: Deep\nd: " + String(repeating: "[", count: 100_000))])
        }
        expectOne(flow, "posts/2019-10-09-deep.md", 3, "YAML nested more than \(InputLimits.yamlDepth) levels deep")
        let block = (0..<40).map { String(repeating: "  ", count: $0) + "k\($0):" }.joined(separator: "\n")
        let indented = try refusal(["posts/2019-10-09-deep.md": TestBlog.post("title: Deep\n" + block)])
        expectOne(indented, "posts/2019-10-09-deep.md", 3 + InputLimits.yamlDepth, "levels deep")
    }

    @Test func oversizedFrontMatterIsRefused() throws {
        let long = String(repeating: "x", count: InputLimits.frontMatterBytes)
        let diagnostics = try refusal(["posts/2019-10-09-long.md": TestBlog.post("title: Long\nsummary: \(long)")])
        expectOne(diagnostics, "posts/2019-10-09-long.md", 2, "KB of YAML is more than Galley reads")
        // The same limit for TOML, as Hugo and Zola write it.
        let toml = try refusal(["posts/2019-10-09-long.md": "+++\ntitle = \"Long\"\nsummary = \"\(long)\"\n+++\nText.\n"])
        expectOne(toml, "posts/2019-10-09-long.md", 2, "KB of TOML is more than Galley reads")
        let json = try refusal(["posts/2019-10-09-long.md": "{\"title\": \"Long\", \"summary\": \"\(long)\"}\nText.\n"])
        expectOne(json, "posts/2019-10-09-long.md", 1, "KB of JSON is more than Galley reads")
    }

    @Test func aDuplicateKeyIsReportedAtItsLineInTheFile() throws {
        let top = try refusal(["posts/2019-10-09-twice.md": TestBlog.post("title: One\ntags:\n  - a\ntitle: Two")])
        expectOne(top, "posts/2019-10-09-twice.md", 5, "'title' is set twice")
        let nested = try refusal(["posts/2019-10-09-twice.md": TestBlog.post("title: One\naudio:\n  url: /a.mp3\n  # a comment\n  url: /b.mp3")])
        expectOne(nested, "posts/2019-10-09-twice.md", 6, "'url' is set twice")
        let config = try refusal([:], config: TestBlog.config + "extra: {a: 1}\ntitle: Again\n")
        expectOne(config, "galley.yml", 8, "'title' is set twice")
    }

    // MARK: Numbers

    @Test func numbersThatWouldOverflowAreErrorsAtTheirLines() throws {
        let perPage = try refusal([:], config: TestBlog.config.replacingOccurrences(of: "per_page: 2", with: "per_page: 9223372036854775807"))
        expectOne(perPage, "galley.yml", 6, "'per_page' must be a whole number from 1 to \(InputLimits.listLength)")
        let feed = try refusal([:], config: TestBlog.config + "feed_limit: 9223372036854775807\n")
        expectOne(feed, "galley.yml", 7, "'feed_limit' must be a whole number from 0 to")
        let duration = try refusal(["posts/2019-10-09-long.md": TestBlog.post("title: Long\naudio:\n  url: https://cdn.example/a.mp3\n  length: 5\n  duration: 153722867280912931:0")])
        expectOne(duration, "posts/2019-10-09-long.md", 6, "audio duration must be")
        let length = try refusal(["posts/2019-10-09-big.md": TestBlog.post("title: Big\naudio:\n  url: https://cdn.example/a.mp3\n  length: 9223372036854775807")])
        expectOne(length, "posts/2019-10-09-big.md", 5, "audio length must be")
    }

    @Test func aHugeNumberInFrontMatterCannotOverflowALayout() throws {
        let blog = try builtBlog(TestBlog.config, [
            "layouts/post.mustache": "[{{plusone(page.params.n)}}|{{page.params.n}}|{{minusone(page.params.m)}}]",
            "posts/2019-10-09-n.md": TestBlog.post("title: N\nn: 9223372036854775807\nm: -9223372036854775808"),
        ])
        #expect(blog.page("2019/10/09/n/index.html") == "[|9223372036854775807|]")
    }

    // MARK: Text

    @Test func controlCharactersNeverReachPagesFeedsOrTheSitemap() throws {
        let blog = try builtBlog(TestBlog.config.replacingOccurrences(of: "title: Test Blog", with: "title: \"Test\\x01Blog\""), [
            "posts/2019-10-09-raw.md": "---\ntitle: Raw\u{0}NUL\u{1}\ntags: [a\u{2}b]\n---\nText \u{3} and &#1; and &#12;\n",
            "posts/2019-10-10-escaped.md": TestBlog.post(#"title: "Escaped\0NUL\x1F\uFFFE""#),
        ])
        let forbidden = try Regex(#"[\x00-\x08\x0B\x0C\x0E-\x1F\x{FFFE}\x{FFFF}]"#)
        for path in try blog.outputFiles() where path.hasSuffix(".html") || path.hasSuffix(".xml") || path.hasSuffix(".json") {
            let text = try #require(blog.page(path))
            #expect(text.firstMatch(of: forbidden) == nil, "\(path) holds a control character")
        }
        #expect(blog.page("2019/10/09/raw/index.html")?.contains("Raw\u{FFFD}NUL\u{FFFD}") == true)
        #expect(blog.page("feed.xml")?.contains("<title>Escaped\u{FFFD}NUL\u{FFFD}\u{FFFD}</title>") == true)
        #expect(blog.page("sitemap.xml")?.contains("/2019/10/09/raw/") == true)
    }

    @Test func textThatLooksLikeAHeadingMarkerStaysText() throws {
        // The characters Galley marks headings with, and more digits than an Int holds: the
        // marker's number overflowed, and a marker repeated wrote past the end of the page.
        let forged = "<b>\u{E000}99999999999999999999999\u{E001}</b>" + String(repeating: "<i>\u{E000}0\u{E001}</i>", count: 50)
        let blog = try builtBlog(TestBlog.config, [
            "posts/2019-10-09-forged.md": TestBlog.post("title: Forged", "# \(String(repeating: "Long heading ", count: 40))\n\n\(forged)")
        ])
        let page = try #require(blog.page("2019/10/09/forged/index.html"))
        #expect(page.components(separatedBy: " id=\"long-heading").count == 2, "one id, on the heading")
        #expect(page.contains("\u{E000}99999999999999999999999\u{E001}"))
    }

    @Test func aTableThatWouldExplodeIsRefused() throws {
        // Eighteen kilobytes: 2,000 columns, each of 5,000 one-letter rows filled out to 2,000 cells.
        let table = String(repeating: "|a", count: 2_000) + "|\n" + String(repeating: "|-", count: 2_000) + "|\n"
            + String(repeating: "a\n", count: 5_000)
        let diagnostics = try withWatchdog(seconds: 30, "a table of ten million cells") {
            try refusal(["posts/2019-10-09-table.md": TestBlog.post("title: Table", "Intro.\n\n" + table)])
        }
        expectOne(diagnostics, "posts/2019-10-09-table.md", 8, "a table of 2000 columns")
    }

    @Test func aGiantPostIsRefused() throws {
        let giant = TestBlog.post("title: Giant", String(repeating: "Lorem ipsum dolor sit amet. ", count: InputLimits.markdownBytes / 28 + 1))
        let diagnostics = try refusal(["posts/2019-10-09-giant.md": giant])
        expectOne(diagnostics, "posts/2019-10-09-giant.md", nil, "MB is more than Galley reads")
    }
}
