import Testing

import LayoutScanning

@Suite struct LayoutReadsTests {
    @Test func partialsAndParentsAreFollowedAndWhatCannotBeReadCountsAsEverything() {
        let sources = [
            "list": "{{<frame}}{{$main}}{{#posts}}{{> item}}{{/posts}}{{/main}}{{/frame}}",
            "frame": "<title>{{page.title}}</title>{{$main}}{{/main}}",
            "item": "<a href=\"{{url}}\">{{{ title }}}</a> {{#empty(tags)}}none{{/empty(tags)}}",
            "dot": "{{#posts}}{{.}}{{/posts}}",
            "keys": "{{#posts}}{{#sorted( . )}}{{key}}{{/sorted( . )}}{{/posts}}",
            "dynamic": "{{#posts}}{{>*kind}}{{/posts}}",
            "delimiters": "{{=<% %>=}}<% reading_time %>",
            "comment": "{{! word_count is not read here }}{{% CONTENT_TYPE: TEXT }}",
        ]
        #expect(LayoutReads.names(of: "list", in: sources) == ["frame", "main", "posts", "page", "title", "url", "empty", "tags"])
        #expect(LayoutReads.names(of: "dot", in: sources) == nil)
        #expect(LayoutReads.names(of: "keys", in: sources) == nil, "every key of a post, whatever its name")
        #expect(LayoutReads.names(of: "dynamic", in: sources) == nil)
        #expect(LayoutReads.names(of: "delimiters", in: sources) == nil)
        #expect(LayoutReads.names(of: "comment", in: sources) == [])
        #expect(LayoutReads.names(in: sources)["list"] == LayoutReads.names(of: "list", in: sources))
    }

    @Test func aSiteValueIsNeverAPostsWhateverItsName() {
        let sources = ["words": "{{#posts}}{{site.strings.tags}} {{#site.strings.draft}}d{{/site.strings.draft}} {{title}}{{/posts}}"]
        #expect(LayoutReads.names(of: "words", in: sources) == ["posts", "site", "title"])
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

    @Test func theTagsAreTheScannersAsTheParserReadsThem() throws {
        let tags = try #require(LayoutReads.tags(in: "{{#posts}}\n{{{ title }}}{{& url}}{{>*kind}}{{<frame}}{{$main}}{{/main}}{{/frame}}{{! no }}{{/posts}}"))
        #expect(tags.map { $0.sigil.map(String.init) ?? "" } == ["#", "{", "&", ">", "<", "$", "/", "/", "!", "/"])
        #expect(tags.map(\.body) == ["posts", "title", "url", "*kind", "frame", "main", "main", "frame", "", "posts"])
        #expect(tags.map(\.line) == [1, 2, 2, 2, 2, 2, 2, 2, 2, 2])
        // Where swift-mustache's parser would stop, the build reports its error; these readings
        // give up rather than guess.
        #expect(LayoutReads.tags(in: "{{ page title }}") == nil)
        #expect(LayoutReads.tags(in: "{{title") == nil)
        #expect(LayoutReads.tags(in: "{{=<% %>=}}<% title %>") == nil)
    }

    @Test func theLayoutsReachedAreEveryPartialAndParentAllTheWayDown() {
        let sources = ["note": "{{> aside}} {{title}}", "aside": "{{<frame}}{{$x}}y{{/x}}{{/frame}}", "frame": "{{> missing}}", "alone": "z"]
        #expect(LayoutReads.reached(from: ["note"], in: sources) == ["note", "aside", "frame", "missing"])
        #expect(LayoutReads.reached(from: [], in: sources) == [])
        #expect(LayoutReads.reached(from: ["note"], in: sources.merging(["frame": "{{> *chosen}}"]) { $1 }) == nil)
    }
}
