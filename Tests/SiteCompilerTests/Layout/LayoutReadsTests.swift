import Foundation
import Testing

@testable import SiteCompiler

@Suite struct LayoutReadsTests {
    @Test func theDefaultListsShowWhatTheirLayoutsName() throws {
        let theme = try Theme.load(from: TestBlog().source)
        let archive = theme.fields(of: "archive")
        #expect(archive.isSuperset(of: [.title, .address, .date]))
        #expect(archive.isDisjoint(with: [.length, .excerpt, .tags, .audio, .draft]))
        #expect(theme.fields(of: "home").isSuperset(of: [.title, .address, .date, .length, .excerpt, .tags, .audio, .draft]))
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
