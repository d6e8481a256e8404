import Foundation
@testable import Layouts
@testable import SiteContent
import SiteSource
import SiteTestSupport
import Testing

@testable import Diagnostics
@testable import SiteCompiler

/// Stencils must give what swift-mustache renders, byte for byte, for every page: each test
/// renders pages both ways and compares.
@Suite struct LayoutStencilsTests {
    // Dictionaries typed as TemplateContext types them: a [String: String] is a type stencils leave alone.
    let site: [String: Any] = ["title": "Site & Co", "author": ["name": "Tess"] as [String: Any], "flag": true]

    /// A theme of the default layouts plus `layouts`, and stencils for it.
    func stencils(_ layouts: [String: String]) throws -> (Theme, LayoutStencils?) {
        var files: [String: String] = [:]
        for (name, text) in layouts { files["layouts/\(name).mustache"] = text }
        let blog = try TestBlog(TestBlog.config, files)
        let theme = try Theme.load(from: blog.source)
        return (theme, LayoutStencils(theme: theme))
    }

    /// Renders `layout` for each page both ways, records any difference, and returns the stencils.
    @discardableResult
    func expectSame(_ layouts: [String: String], _ layout: String, pages: [[String: Any]],
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> LayoutStencils {
        let (theme, made) = try stencils(layouts)
        let stencils = try #require(made, sourceLocation: sourceLocation)
        for (number, page) in pages.enumerated() {
            var values = page
            values["site"] = site
            // Twice: the first render of a shape makes its stencil, the second fills it.
            for _ in 0..<2 {
                let direct = theme.render(layout, values)
                let filled = stencils.render(layout, values)
                #expect(filled == direct, "page \(number): \(filled.debugDescription) is not \(direct.debugDescription)",
                        sourceLocation: sourceLocation)
            }
        }
        return stencils
    }

    func dates() throws -> DateStyle {
        let blog = try TestBlog()
        return DateStyle(config: try SiteConfig.load(from: blog.source))
    }

    @Test func pagesOfOneShapeShareOneRender() throws {
        let layouts = [
            "list": """
                <h1 title="{{page.title}}">{{page.title}}</h1>
                {{{page.body}}}
                <ul>
                  {{> item}}
                </ul>
                {{#page.tags}}<a href="{{url}}">{{name}}</a>{{^last()}}, {{/last()}}{{/page.tags}}
                {{count(page.tags)}} tags, {{page.count}} items, ratio {{page.ratio}}, {{#page.ok}}ok{{/page.ok}}
                {{#page.title}}[{{site.title}} {{.}}]{{/page.title}} {{#first(page.tags)}}first: {{name}}{{/first(page.tags)}}
                {{#sorted(page.params)}}{{key}}={{value}};{{/sorted(page.params)}} {{site.author.name}} {{page.extra.deep}}
                """,
            "item": """
                {{#page.items}}
                <li>{{text}}</li> {{{text}}}|{{index()}}
                {{/page.items}}
                """,
        ]
        func page(_ n: Int) -> [String: Any] {
            [
                "page": [
                    "title": "Post \(n) <&> \"quoted\" it's",
                    "body": "<p>Body \(n)</p>\n",
                    "items": [["text": "one \(n)\n"], ["text": "two & \(n)"], ["text": "three\r\n"]] as [[String: Any]],
                    "tags": [["name": "t\(n)", "url": "/t/\(n)/"], ["name": "u'\(n)", "url": "/u/"]] as [[String: Any]],
                    "count": n * 1000, "ratio": Double(n) / 4, "ok": true,
                    "params": ["mood": "calm \(n)", "level": n] as [String: Any],
                    "extra": ["deep": "x\(n)"] as [String: Any],
                ] as [String: Any],
            ]
        }
        let stencils = try expectSame(layouts, "list", pages: (1...6).map(page))
        #expect(stencils.skeletonRenders == 1)
        #expect(stencils.stencilCount == 1)
    }

    @Test func shapesThatDifferAreRenderedApart() throws {
        let layouts = [
            "list": """
                {{#page.items}}
                  {{> item}}
                {{/page.items}}
                {{^page.items}}none: {{.}}{{/page.items}}{{#empty(page.items)}} (empty){{/empty(page.items)}}
                {{#page.on}}on{{/page.on}}{{^page.on}}off{{/page.on}} {{#page.maybe}}maybe: {{page.maybe}}{{/page.maybe}}
                """,
            "item": "<li>{{text}}</li>\n{{{text}}}\n",
        ]
        let pages: [[String: Any]] = [
            ["page": ["items": [["text": "a"], ["text": "b"]] as [[String: Any]], "on": true, "maybe": "yes"] as [String: Any]],
            ["page": ["items": [["text": "c"], ["text": "d"]] as [[String: Any]], "on": false] as [String: Any]],
            ["page": ["items": [] as [[String: Any]], "on": true, "maybe": ""] as [String: Any]],
            ["page": ["items": [["text": ""], ["text": "\n"], ["text": "\r\n"], ["text": "e\n\n"]] as [[String: Any]], "on": true] as [String: Any]],
            ["page": ["items": [["text": "f"]] as [[String: Any]], "on": true] as [String: Any]],
        ]
        let stencils = try expectSame(layouts, "list", pages: pages)
        #expect(stencils.skeletonRenders == 5)
        #expect(stencils.stencilCount == 5)
    }

    /// Lists of eight dictionaries or more, all of one shape, repeat one item's part of the
    /// page: pages whose lists differ only in length share one stencil.
    @Test func longListsOfOneShapeShareAStencilWhateverTheirLength() throws {
        let layouts = [
            "list": """
                <h1>{{page.title}}</h1>
                {{#years}}
                <h2>{{year}}</h2>
                <ul>
                  {{#posts}}
                  <li><time datetime="{{date.iso8601}}">{{date.compact}}</time> <a href="{{url}}">{{title}}</a> in {{page.title}}</li>
                  {{/posts}}
                </ul>
                {{/years}}
                {{#posts}}[{{{title}}}]{{/posts}}{{^posts}}none{{/posts}} {{#empty(posts)}}empty{{/empty(posts)}}
                """,
        ]
        let style = try dates()
        func post(_ n: Int) -> [String: Any] {
            ["title": "Post \(n) & <b>it's</b>", "url": "/p/\(n)/", "date": style.value(Date(timeIntervalSince1970: Double(n) * 3_456_000))]
        }
        func page(_ count: Int) -> [String: Any] {
            let posts = (0..<count).map(post)
            let years: [[String: Any]] = [["year": "2024", "posts": Array(posts.prefix(count / 2 + 4))], ["year": "2023", "posts": Array(posts.suffix(8))]]
            return ["page": ["title": "Page \(count)"] as [String: Any], "posts": posts, "years": years]
        }
        let stencils = try expectSame(layouts, "list", pages: [8, 9, 20, 57, 8].map(page))
        #expect(stencils.skeletonRenders == 1)
        #expect(stencils.stencilCount == 1)
    }

    /// Lists made of items another list held (the archive's years hold its posts) take those
    /// items' parts from the first walk: a run of them (sharing its leaves), in any order, from
    /// two lists of one shape, and not where an item is new or of another shape.
    @Test func listsOfItemsWalkedBeforeComeOutTheSame() throws {
        let layouts = [
            "list": """
                {{#posts}}({{title}} {{date.compact}}){{/posts}}
                {{#years}}<h2>{{year}}</h2>{{#posts}}<a href="{{url}}">{{title}}</a> {{date.iso8601}};{{/posts}}{{/years}}
                {{#more}}[{{title}}]{{/more}}
                """,
        ]
        let style = try dates()
        func post(_ n: Int, _ kind: String = "p") -> [String: Any] {
            ["title": "\(kind) \(n) & co", "url": "/\(kind)/\(n)/", "date": style.value(Date(timeIntervalSince1970: Double(n) * 86_400))]
        }
        let posts = (0..<16).map { post($0) }, others = (0..<10).map { post($0, "q") }
        let odd: [String: Any] = ["title": "odd", "url": "/odd/"]
        let years: [[String: Any]] = [
            ["year": "first", "posts": Array(posts[0..<8])],
            ["year": "middle", "posts": Array(posts[5..<15])],
            ["year": "backwards", "posts": Array(posts[4..<14].reversed())],
            ["year": "with a new one", "posts": Array(posts[0..<9]) + [post(99)]],
            ["year": "with an odd one", "posts": Array(posts[0..<9]) + [odd]],
            ["year": "from two lists", "posts": Array(posts[8..<12]) + Array(others[0..<6])],
        ]
        let pages: [[String: Any]] = [
            ["posts": posts, "years": years, "more": others],
            ["posts": posts, "years": Array(years.reversed()), "more": others],
            ["posts": Array(posts.reversed()), "years": years, "more": Array(posts[2..<12])],
        ]
        try expectSame(layouts, "list", pages: pages)
    }

    /// A stencil made from two items cannot tell a third item's place in its list: a theme that
    /// asks for it (`first()`, `last()`, `index()`) has its lists' lengths in their shapes.
    @Test func aLayoutThatAsksForAnItemsPlaceKeepsLengthsApart() throws {
        // Both ends print the mark and the middle items do not: two items alone would say all do.
        let layouts = ["list": "{{#posts}}{{#first()}}*{{/first()}}{{#last()}}*{{/last()}}{{title}};{{/posts}}"]
        let pages: [[String: Any]] = [8, 9, 10].map { count in ["posts": (0..<count).map { ["title": "t\($0)"] as [String: Any] }] }
        let stencils = try expectSame(layouts, "list", pages: pages)
        #expect(stencils.skeletonRenders == 3)
    }

    /// Whatever a layout does with a long list that a repeated part cannot stand for, its
    /// pages come out as swift-mustache renders them.
    @Test func longListsUsedOtherwiseRenderAsTheyAre() throws {
        let layouts = [
            "blind": "{{#posts}}*{{/posts}}|{{#posts}}{{site.title}}{{/posts}}",
            "counted": "{{count(posts)}}: {{#posts}}{{title}} {{/posts}}",
            "ends": "{{#first(posts)}}{{title}}{{/first(posts)}}-{{#last(posts)}}{{title}}{{/last(posts)}}",
            "twice": "{{#posts}}{{title}}{{/posts}} and again {{#posts}}<{{title}}>{{/posts}}",
            "nested": "{{#posts}}{{title}}:{{#posts}}{{title}},{{/posts}};{{/posts}}",
        ]
        func page(_ count: Int, mixed: Bool) -> [String: Any] {
            ["posts": (0..<count).map { n -> [String: Any] in mixed && n == 3 ? ["title": "t\(n)", "draft": true] : ["title": "t\(n)"] }]
        }
        let pages = [page(8, mixed: false), page(11, mixed: false), page(9, mixed: true), page(12, mixed: true)]
        for layout in layouts.keys.sorted() {
            try expectSame(layouts, layout, pages: pages)
        }
    }

    @Test func aLayoutWhosePagesRarelyShareAShapeStopsTrying() throws {
        let layouts = ["list": "{{#page.items}}<li>{{.}}</li>{{/page.items}}"]
        // Each page lists one item more than the one before: no two share a shape.
        let pages: [[String: Any]] = (1...80).map { n in ["page": ["items": (0..<n).map { "item \($0)" } as [Any]] as [String: Any]] }
        let stencils = try expectSame(layouts, "list", pages: pages)
        #expect(stencils.skeletonRenders == 32)
    }

    @Test func transformsOfTextsAndWholeValuesRenderEachPage() throws {
        let layouts = [
            "upper": "{{uppercased(page.title)}} {{page.title}}",
            "reversed": "{{#page.title}}{{reversed(.)}}{{/page.title}}",
            "plus": "{{plusone(page.n)}} {{#even(page.n)}}even{{/even(page.n)}}",
            "whole": "{{page.tags}}",
            "map": "{{page}}",
            "pairs": "{{#sorted(page.params)}}{{.}}{{/sorted(page.params)}}",
            "enumerated": "{{#enumerated(page.params)}}{{key}}{{/enumerated(page.params)}}",
        ]
        let pages: [[String: Any]] = (1...3).map { n in
            ["page": ["title": "Title \(n)", "n": n, "tags": [["name": "t\(n)"]] as [[String: Any]],
                      "params": ["a": "\(n)", "b": n] as [String: Any]] as [String: Any]]
        }
        for layout in layouts.keys.sorted() {
            let stencils = try expectSame(layouts, layout, pages: pages)
            // The shape was tried once and then left to swift-mustache.
            #expect(stencils.skeletonRenders == 1, "\(layout)")
            #expect(stencils.stencilCount == 0, "\(layout)")
        }
    }

    @Test func datesFillTheirTextsPartsAndPatterns() throws {
        let style = try dates()
        let layouts = [
            "dated": """
                {{page.date}} {{page.date.iso8601}} {{page.date.unix}} {{page.date.month_name}}
                {{#page.date.format}}yyyy-MM-dd 'at' HH:mm{{/page.date.format}} {{page.date.format}}
                {{#page.date}}{{year}}/{{month}}{{/page.date}} [{{{page.date.format}}}] {{page.date.nothing}}
                """,
        ]
        let pages: [[String: Any]] = [0, 86_400 * 400, 1_700_000_000].map { seconds in
            ["page": ["date": style.value(Date(timeIntervalSince1970: TimeInterval(seconds)))] as [String: Any]]
        }
        #expect(try expectSame(layouts, "dated", pages: pages).stencilCount == 1)
    }

    @Test func aPatternInsideAnEmptyListsInvertedSectionStillPrints() throws {
        // swift-mustache renders that section with the empty list innermost, and a String a
        // lambda returns with the innermost value: a pattern's text must not be such a String.
        let style = try dates()
        let layouts = ["dated": "{{^page.authors}}[{{#page.date.format}}yyyy-MM{{/page.date.format}}]{{/page.authors}}"]
        let pages: [[String: Any]] = [0, 86_400 * 400].map { seconds in
            ["page": ["date": style.value(Date(timeIntervalSince1970: TimeInterval(seconds))), "authors": [String]()] as [String: Any]]
        }
        let stencils = try expectSame(layouts, "dated", pages: pages)
        #expect(stencils.stencilCount == 1)
        #expect(stencils.render("dated", pages[0]) == "[1970-01]")
    }

    @Test func textsThatLookLikeMarksStayText() throws {
        let forged = String(decoding: [0xEF, 0xB7, 0x90] + Array("<abcdefgh1".utf8) + [0xEF, 0xB7, 0x91], as: UTF8.self)
        let genuine = SlotMarker.mark(0)
        // Swift's literals take no noncharacters.
        func scalar(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }
        let layouts = ["list": "<p>{{page.a}}</p>{{{page.b}}} {{page.c}}\(scalar(0xFDD0)){{page.d}}"]
        let pages: [[String: Any]] = [
            ["page": ["a": forged, "b": genuine, "c": scalar(0xFDD2), "d": "x" + scalar(0xFDD1)] as [String: Any]],
            ["page": ["a": genuine, "b": forged, "c": "plain", "d": "y"] as [String: Any]],
        ]
        #expect(try expectSame(layouts, "list", pages: pages).stencilCount == 1)
    }

    @Test func valuesOfOtherTypesRenderAsTheyAre() throws {
        let layouts = ["list": "{{page.small}} {{#page.set}}{{.}}{{/page.set}}"]
        let pages: [[String: Any]] = [["page": ["small": Float(1.5), "set": Set(["only"])] as [String: Any]]]
        let stencils = try expectSame(layouts, "list", pages: pages)
        #expect(stencils.skeletonRenders == 0)
    }

    @Test func layoutsAStencilCannotFollowTurnStencilsOff() throws {
        // A partial named by a value is refused when the theme is loaded (see HostileInputTests).
        #expect(throws: BuildFailure.self) { try stencils(["post": "{{>*page.part}}"]) }
        #expect(try stencils(["post": "{{=<% %>=}}<%page.title%>"]).1 == nil)
        #expect(try stencils(["post": "{{%CONTENT_TYPE: TEXT}}{{page.title}}"]).1 == nil)
        #expect(try stencils(["post": "{{> footer}}{{page.title}}"]).1 != nil)
    }

    @Test func escapingAMarkMarksItsSlotEscaped() throws {
        let mark = SlotMarker.mark(12, suffix: "\r\n")
        let raw = try #require(SlotMarker.parse(Array(mark.utf8), at: 0))
        #expect(raw.number == 12 && !raw.escaped && raw.end == mark.utf8.count - 2)
        let escaped = try #require(SlotMarker.parse(Array(HTMLEscaping().escapeText(mark).utf8), at: 0))
        #expect(escaped.number == 12 && escaped.escaped)
        #expect(SlotMarker.parse(Array(("x" + mark).utf8), at: 0) == nil)
        #expect(SlotMarker.parse(Array(("x" + mark).utf8), at: 1)?.number == 12)
        #expect(HTMLEscaping().escapeText("a<b") == "a&lt;b")
    }

    /// A post summary's fragment, walked once, stands for it wherever a page holds it: the shape
    /// and the page are the same as when the page is walked whole. A place said to hold summaries
    /// that does not (a list of another length, a number, a text) is walked as it is.
    @Test func summaryFragmentsStandInForTheirDictionaries() throws {
        let dates = try dates()
        @Sendable func summary(_ n: Int) -> [String: Any] {
            ["title": "Post \(n) & co", "url": "/p/\(n)/", "date": dates.value(Date(timeIntervalSince1970: Double(n) * 86_400)),
             "tags": [["name": "t\(n)"]] as [[String: Any]], "has_more": n % 2 == 0, "excerpt": "<p>E \(n)</p>\n"]
        }
        let summaries = PostSummaries(count: 4) { index, _ in summary(index + 1) }
        let values: [String: Any] = [
            "site": site,
            "page": ["title": "Home", "previous": summaries[0], "next": summaries[1], "count": 3] as [String: Any],
            "posts": (1...3).map { summaries[$0] },
            "note": "text",
        ]
        let whole = try PageShape.of(values).0
        let used = SummaryPlaces(children: ["page": ["previous": 0, "next": 1, "count": 2]], lists: ["posts": 1..<4])
        let ignored = SummaryPlaces(children: ["note": ["x": 0]], lists: ["posts": 0..<1, "note": 1..<2])
        let fragments = SummaryFragments(summaries)
        for places in [used, ignored] {
            let shape = try PageShape.of(values, summaries: places, fragments: fragments)
            #expect(shape.key == whole.key)
            #expect(shape.leaves.count == whole.leaves.count)
        }
        let layouts = ["list": """
            {{#page.previous}}<a href="{{url}}">{{title}}</a> {{date}} {{#has_more}}more{{/has_more}}{{/page.previous}}
            {{page.next.title}} {{page.count}} {{note}}
            {{#posts}}<li>{{title}} {{date.iso8601}} {{#tags}}#{{name}}{{/tags}}</li>{{/posts}}
            """]
        let (theme, _) = try stencils(layouts)
        let stencils = try #require(LayoutStencils(theme: theme, summaries: summaries))
        for _ in 0..<2 {
            #expect(stencils.render("list", values, summaries: used) == theme.render("list", values))
        }
        #expect(stencils.skeletonRenders == 1)
    }

    /// Every value the build gives a post, a page or a home page has a type stencils know: one
    /// they did not (a list of authors) once sent every post page to swift-mustache, which only
    /// the build's time showed.
    @Test func theDefaultThemesPagesAreFilledFromStencils() throws {
        let holder = try TestBlog()
        var builder = SiteBuilder(source: DirectorySource(root: try holder.copyOfSampleBlog()), options: holder.options(drafts: true))
        let tally = StencilTally()
        builder.stencilTally = tally
        try builder.build(into: holder.root.appending(path: "out"))
        let counts = tally.byLayout
        #expect(counts["post"]?.stenciled ?? 0 > 5, "\(counts)")
        #expect(counts.values.allSatisfy { $0.rendered == 0 }, "\(counts)")
    }

    /// Whole builds, with and without stencils: the sample blog, and a blog whose posts come in
    /// many shapes (drafts, updates, audio, any number of tags, params, pages, home pages).
    @Test func buildsWithAndWithoutStencilsAreTheSame() throws {
        let holder = try TestBlog()
        let sample = try holder.copyOfSampleBlog()
        var files: [String: String] = ["pages/about.md": TestBlog.post("title: About & more\nparams:\n  x: 1")]
        for n in 1...23 {
            var fields = "title: Post \(n) <\(n % 3 == 0 ? "&" : "")>\ntags: [\((0..<(n % 4)).map { "tag\($0 + n % 2)" }.joined(separator: ", "))]"
            if n % 5 == 0 { fields += "\nupdated: 2024-02-0\(n % 9 + 1)" }
            if n % 7 == 0 { fields += "\ndraft: true" }
            if n % 6 == 0 { fields += "\naudio:\n  url: https://cdn.example.com/a\(n).mp3\n  length: 100\(n)\n  duration: \"1:0\(n % 10)\"" }
            if n % 3 == 1 { fields += "\nauthors: [\((0..<(n % 3 + 1)).map { "Author \($0 + n)" }.joined(separator: ", "))]" }
            if n % 4 == 1 { fields += "\nparams:\n  mood: happy \(n)\n  level: \(n)" }
            let body = String(repeating: "Words and *more* words, line \(n).\n\n", count: n % 9 + 1) + (n % 2 == 0 ? "<!--more-->\nThe rest." : "")
            files["posts/2024-01-\(String(format: "%02d", n))-post-\(n).md"] = TestBlog.post(fields, body)
        }
        let varied = try TestBlog(TestBlog.config, files)
        // The varied blog is built as a preview too, whose pages get a robots tag after rendering.
        for (source, noindex) in [(DirectorySource(root: sample), false), (varied.source, false), (varied.source, true)] {
            try holder.expectSameBuilds(source, options: holder.options(drafts: true, noindex: noindex), setting: \.useStencils)
        }
    }
}
