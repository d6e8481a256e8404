import Foundation
@testable import Layouts
import SiteSource
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// A render's steps are counted as it goes (see ``RenderBudget``): the counted values render as
/// the plain ones do, and a render past its steps stops and is told.
@Suite struct RenderBudgetTests {
    /// The default theme with `layouts` on top.
    func theme(_ layouts: [String: String]) throws -> Theme {
        var files: [String: String] = [:]
        for (name, text) in layouts { files["layouts/\(name).mustache"] = text }
        let blog = try TestBlog(TestBlog.config, files)
        return try Theme.load(from: blog.source)
    }

    nonisolated(unsafe) static let values: [String: Any] = [
        "site": ["title": "Site & Co", "params": ["l": [1, 2, 3] as [Any], "empty": [] as [Any], "words": ["b", "a", "c"],
                                                    "map": ["x": 1, "y": "two"] as [String: Any], "nested": [[1, 2], [3]] as [Any]] as [String: Any],
                 "strings": ["more": "Read more"]] as [String: Any],
        "page": ["url": "/probe/", "title": "<Probe>", "flag": true, "off": false, "n": 4, "ratio": 1.5,
                 "tags": [["name": "a", "url": "/tags/a/"], ["name": "b", "url": "/tags/b/"]] as [[String: Any]]] as [String: Any],
        "posts": [["title": "One", "tags": [["name": "x"]] as [[String: Any]]], ["title": "Two", "tags": [] as [[String: Any]]]] as [[String: Any]],
    ]

    /// Every way a layout reaches a value, rendered with counted values and with the plain
    /// ones: the same bytes.
    @Test(arguments: [
        "{{page.title}} {{{page.title}}} {{page.n}} {{page.ratio}} {{#page.flag}}yes{{/page.flag}}{{^page.off}}no{{/page.off}}",
        "{{#site.params.l}}{{.}}{{#first()}}F{{/first()}}{{^last()}},{{/last()}}{{/site.params.l}}",
        "{{site.params.l}} {{site.params.map}} {{site.params.words}} {{page.tags}} [{{site.params.empty}}]",
        "{{first(site.params.l)}} {{last(site.params.l)}} {{count(site.params.l)}} {{empty(site.params.empty)}}",
        "{{#reversed(site.params.l)}}{{.}}{{/reversed(site.params.l)}} {{#sorted(site.params.words)}}{{.}}{{/sorted(site.params.words)}}",
        "{{#sorted(site.params.map)}}{{key}}={{value}};{{/sorted(site.params.map)}} {{count(site.params.map)}} {{#site.params.map}}{{x}}{{/site.params.map}}",
        "{{^site.params.empty}}none{{/site.params.empty}}{{#site.params.empty}}some{{/site.params.empty}}{{^site.params.l}}x{{/site.params.l}}",
        "{{#site.params.nested}}[{{#.}}{{.}}{{/.}}]{{/site.params.nested}}",
        // A name not on the innermost value is found further out: the site's title in each tag.
        "{{#page.tags}}<a href=\"{{url}}\">{{name}} of {{site.title}} {{page.title}}</a>{{/page.tags}}",
        "{{#posts}}{{title}}:{{#tags}}{{name}}{{/tags}}{{^tags}}-{{/tags}} {{site.strings.more}}{{/posts}}",
        "{{#page}}{{title}}{{/page}} {{#site.params.map}}{{#x}}{{.}}{{/x}}{{/site.params.map}} {{missing}}{{#missing}}m{{/missing}}",
    ])
    func countedValuesRenderAsThePlainOnesDo(layout: String) throws {
        let theme = try theme(["probe": layout])
        let plain = theme.library.render(Self.values, withTemplate: "probe")
        #expect(theme.render("probe", Self.values) == plain)
        #expect(theme.renderOverruns.isEmpty)
    }

    /// Twelve sections over a list of ten, one inside another, render ten to the twelfth
    /// times: the render stops at its steps, and the build is told at the layout.
    @Test(.timeLimit(.minutes(1))) func sectionsNestedOverAListStopAtTheBudget() throws {
        let open = String(repeating: "{{#site.params.l}}", count: 12), close = String(repeating: "{{/site.params.l}}", count: 12)
        var theme = try theme(["nest": "<p>\(open)x\(close)</p>"])
        theme.work = RenderWork(base: 50_000, perRender: 0, mostForOne: 50_000)
        var values = Self.values
        values["site"] = ["params": ["l": Array(1...10) as [Any]] as [String: Any]] as [String: Any]
        let text = theme.render("nest", values)
        #expect(text.utf8.count < 100_000)
        let overruns = theme.renderOverruns
        #expect(overruns.count == 1)
        #expect(overruns.first?.path == "layouts/nest.mustache")
        #expect(overruns.first?.message.hasPrefix("rendering /probe/ took more than 50000 steps") == true, "\(overruns)")
        // A second page over the same layout is said with the first.
        _ = theme.render("nest", values)
        #expect(theme.renderOverruns.first?.message.hasPrefix("rendering /probe/ (and 1 more pages) took") == true, "\(theme.renderOverruns)")
    }

    /// The build's steps are shared: renders earn a few each, and one that finds none left stops.
    @Test func rendersShareTheBuildsSteps() throws {
        var theme = try theme(["list": "{{#site.params.l}}{{.}}{{/site.params.l}}"])
        theme.work = RenderWork(base: 30, perRender: 5, mostForOne: 1_000)
        var values = Self.values
        values["site"] = ["params": ["l": Array(1...10) as [Any]] as [String: Any]] as [String: Any]
        // Each render takes about 13 steps (two lookups, ten items and the end): three of
        // them use the first 30 and what they earn, the fourth runs out.
        #expect((0..<3).map { _ in theme.render("list", values) } == Array(repeating: "12345678910", count: 3))
        #expect(theme.renderOverruns.isEmpty)
        #expect(theme.render("list", values) != "12345678910")
        #expect(theme.renderOverruns.count == 1)
    }

    /// The renders after one that used up the build's steps start with none: only the one
    /// that used them is said, not the layouts after it at "0 steps".
    @Test(.timeLimit(.minutes(1))) func onlyTheRenderThatUsedTheStepsIsSaid() throws {
        let open = String(repeating: "{{#site.params.l}}", count: 8), close = String(repeating: "{{/site.params.l}}", count: 8)
        var theme = try theme(["bomb": "\(open)x\(close)", "plain": "{{site.params.l}}"])
        theme.work = RenderWork(base: 10_000, perRender: 100, mostForOne: 50_000)
        var values = Self.values
        values["site"] = ["params": ["l": Array(1...10) as [Any]] as [String: Any]] as [String: Any]
        _ = theme.render("bomb", values)
        _ = theme.render("plain", values)
        let said = theme.renderOverruns
        #expect(said.count == 1 && said.first?.path == "layouts/bomb.mustache", "\(said)")
        #expect(said.first?.message.contains("took more than 10100 steps") == true, "\(said)")
    }

    /// A layout that asks an item's place in its list keeps long lists whole in its skeleton
    /// render (see ``LayoutStencils``): that render stops at its steps too, and the page, then
    /// rendered as it is, stops and is told.
    @Test(.timeLimit(.minutes(1))) func aSkeletonRenderStopsAtTheBudget() throws {
        let open = String(repeating: "{{#page.params.l}}{{#first()}}<{{/first()}}", count: 10)
        let close = String(repeating: "{{/page.params.l}}", count: 10)
        var theme = try theme(["nest": "\(open)x\(close)"])
        theme.work = RenderWork(base: 50_000, perRender: 0, mostForOne: 50_000)
        let stencils = try #require(LayoutStencils(theme: theme))
        var values = Self.values
        values["page"] = ["url": "/deep/", "params": ["l": Array(1...10) as [Any]] as [String: Any]] as [String: Any]
        _ = stencils.render("nest", values)
        #expect(theme.renderOverruns.first?.message.hasPrefix("rendering /deep/ took more than") == true, "\(theme.renderOverruns)")
    }

    /// The site's values are printed into a skeleton as they are: they were not counted, and
    /// six sections over a list of fifty in galley.yml ran a page's skeleton render for good.
    @Test(.timeLimit(.minutes(1))) func theSitesValuesInASkeletonAreCountedToo() throws {
        let open = String(repeating: "{{#site.params.l}}", count: 6), close = String(repeating: "{{/site.params.l}}", count: 6)
        var theme = try theme(["nest": "<h1>{{page.title}}</h1>\(open).\(close)"])
        theme.work = RenderWork(base: 50_000, perRender: 0, mostForOne: 50_000)
        let stencils = try #require(LayoutStencils(theme: theme))
        var values = Self.values
        values["site"] = ["params": ["l": Array(1...50) as [Any]] as [String: Any]] as [String: Any]
        let text = stencils.render("nest", values)
        #expect(text.utf8.count < 100_000)
        #expect(theme.renderOverruns.first?.message.hasPrefix("rendering /probe/ took more than") == true, "\(theme.renderOverruns)")
        // Within its steps, the same layout renders whole through its stencil.
        var small = Self.values
        small["site"] = ["params": ["l": [1, 2] as [Any]] as [String: Any]] as [String: Any]
        var roomy = try self.theme(["nest": "<h1>{{page.title}}</h1>\(open).\(close)"])
        roomy.work = RenderWork(base: 50_000, perRender: 0, mostForOne: 50_000)
        #expect(try #require(LayoutStencils(theme: roomy)).render("nest", small) == "<h1>&lt;Probe&gt;</h1>" + String(repeating: ".", count: 64))
    }
}
