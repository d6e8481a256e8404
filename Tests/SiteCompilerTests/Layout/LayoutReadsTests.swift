import Foundation
import SiteSource
import Testing

@testable import SiteCompiler

@Suite struct LayoutReadsTests {
    @Test func theDefaultListsShowWhatTheirLayoutsName() throws {
        let theme = try Theme.load(from: TestBlog().source)
        let archive = theme.fields(of: "archive")
        #expect(archive.isSuperset(of: [.title, .address, .date]))
        #expect(archive.isDisjoint(with: [.length, .readingTime, .excerpt, .tags, .audio, .draft]))
        #expect(theme.fields(of: "home").isSuperset(of: [.title, .address, .date, .readingTime, .excerpt, .tags, .audio, .draft]))
        // The default theme shows a reading time, never the word count it comes from.
        #expect(!theme.fields(of: "home").contains(.length))
        #expect(theme.fields(of: "no such layout") == .all)
    }

    @Test func partialsAndParentsAreFollowedAndWhatCannotBeReadCountsAsEverything() {
        let sources = [
            "list": "{{<frame}}{{$main}}{{#posts}}{{> item}}{{/posts}}{{/main}}{{/frame}}",
            "frame": "<title>{{page.title}}</title>{{$main}}{{/main}}",
            "item": "<a href=\"{{url}}\">{{{ title }}}</a> {{#empty(tags)}}none{{/empty(tags)}}",
            "dot": "{{#posts}}{{.}}{{/posts}}",
            "dynamic": "{{#posts}}{{>*kind}}{{/posts}}",
            "delimiters": "{{=<% %>=}}<% reading_time %>",
            "comment": "{{! word_count is not read here }}{{% CONTENT_TYPE: TEXT }}",
        ]
        #expect(LayoutReads.fields(of: "list", in: sources) == [.title, .address, .tags])
        #expect(LayoutReads.fields(of: "dot", in: sources) == .all)
        #expect(LayoutReads.fields(of: "dynamic", in: sources) == .all)
        #expect(LayoutReads.fields(of: "delimiters", in: sources) == .all)
        #expect(LayoutReads.fields(of: "comment", in: sources) == [])
    }
}

@Suite struct SiteOnlyLayoutsTests {
    @Test func theDefaultHeaderFooterAndSiteLinksShowOnlySiteValues() throws {
        let theme = try Theme.load(from: TestBlog().source)
        #expect(theme.siteOnly == ["head-site", "header", "footer"])
    }

    @Test func anythingBeyondSiteValuesDisqualifies() {
        let sources = [
            "plain": "<p>{{site.title}}</p>{{#site.pages}}<a href=\"{{.url}}\">{{.title}}</a>{{/site.pages}}{{> inner}}",
            "inner": "{{{site.description}}}{{! a comment }}",
            "item": "{{#site.pages}}<a href=\"{{url}}\">{{title}}</a>{{/site.pages}}",
            "page": "{{site.title}} {{page.title}}",
            "transform": "{{uppercased(site.title)}}",
            "calls-page": "{{> page}}",
            "dot": "{{.title}}",
            "indented": "{{site.title}}",
            "includer": "<div>\n  {{> indented}}\n</div>",
        ]
        #expect(LayoutReads.siteOnly(in: sources) == ["plain", "inner"])
    }

    /// Rendering the site-only layouts once must change nothing: the sample blog and a blog whose
    /// front matter could shadow `site` build the same with and without it.
    @Test func renderingThemOnceChangesNoByte() throws {
        let sampleCopy = try TestBlog()
        let sample = try sampleCopy.copyOfSampleBlog()
        let shadowing = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-one.md": TestBlog.post("title: One\nparams:\n  site:\n    title: Not the site"),
            "pages/about.md": TestBlog.post("title: About"),
            "layouts/post.mustache": "{{#page.params}}{{> footer}}{{/page.params}}",
        ])
        for source in [DirectorySource(root: sample), shadowing.source] {
            try sampleCopy.expectSameBuilds(source, options: sampleCopy.options(), setting: \.renderSiteOnlyLayoutsOnce)
        }
    }
}
