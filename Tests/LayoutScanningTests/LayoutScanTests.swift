import Foundation
import Mustache
import Testing

import Diagnostics
import LayoutScanning

/// The scan must see each partial swift-mustache's parser sees, where it sees it.
@Suite struct LayoutScanTests {
    /// Every reference of every fragment: kind, name and line.
    func references(_ text: String) -> [String] {
        LayoutScan(text).fragments.flatMap { fragment in
            fragment.references.map { "\(fragment.block.map { "$\($0) " } ?? "")\($0.kind) \($0.isDynamic ? "*" : "")\($0.name) @\($0.line)" }
        }
    }

    @Test func partialsParentsAndBlocksAreFoundAtTheirLines() {
        #expect(references("a\n{{> one }}\n{{#s}}\n{{>two}}{{/s}}") == ["partial one @2", "partial two @4"])
        #expect(references("{{<base}}\n{{$main}}{{>inner}}{{/main}}\n{{/base}}") == ["parent base @1", "$main partial inner @2"])
        #expect(references("{{$head}}{{>meta}}{{/head}}") == ["block head @1", "partial meta @1"])
        #expect(references("{{>*page.part}}{{<*page.frame}}{{/*page.frame}}") == ["partial *page.part @1", "parent *page.frame @1"])
    }

    @Test func commentsAndTriplesAreNotPartials() {
        #expect(references("{{! {{>no}} }}{{{not}}}{{&x}}") == [])
        #expect(references("{{!\n\n}}{{>yes}}") == ["partial yes @3"])
    }

    @Test func changedDelimitersLastToTheEndOfTheirSection() {
        // In swift-mustache a section starts with its parent's delimiters and keeps its own.
        let text = "{{#s}}{{=<% %>=}}<%>a%>{{>not}}<%/s%>{{>b}}<%>not%>"
        #expect(references(text) == ["partial a @1", "partial b @1"])
        // A comment ends where the parser's search for the delimiter ends: not at `%%>`.
        #expect(references("{{=<% %>=}}<%! x %%> <%>hidden%> %><%>c%>") == ["partial c @1"])
    }

    @Test func nestingIsMeasuredAndBounded() {
        #expect(LayoutScan("{{#a}}{{^b}}{{$c}}x{{/c}}{{/b}}{{/a}}").fragments[0].depth == 3)
        let deep = String(repeating: "{{#a}}\n", count: InputLimits.layoutDepth + 1)
        #expect(LayoutScan(deep).tooDeep == InputLimits.layoutDepth + 1)
        #expect(LayoutScan(String(repeating: "{{#a}}", count: InputLimits.layoutDepth)).tooDeep == nil)
    }

    /// A name holds ASCII letters, digits and `.-_?()*`, and a partial's `/` too: where a tag
    /// holds anything else the parser fails, and so does the scan.
    @Test func namesEndWhereTheParsersDo() {
        let layouts = [
            "{{a.b-c_d}}", "{{ spaced }}", "{{>folder/part}}", "{{a/b}}", "{{#a/b}}{{/a/b}}", "{{é}}", "{{e\u{301}}}",
            "{{a b}}", "{{a\r\n}}", "{{>x y}}",
        ]
        for text in layouts {
            var library = MustacheLibrary()
            let parses = (try? library.register(text, named: "main")) != nil
            #expect(LayoutScan(text).isComplete == parses, "\(text.debugDescription): the parser \(parses ? "reads" : "fails on") it")
        }
        #expect(LayoutScan("{{a.b-c_d}}{{>folder/part}}").tagsRead.map(\.body) == ["a.b-c_d", "folder/part"])
    }

    @Test func whatTheScanReadsSwiftMustacheReadsToo() throws {
        // Each of these parses; a partial the scan missed would make the render differ.
        let layouts = [
            "{{#s}}{{=<% %>=}}<%>p%><%/s%>{{>p}}",
            "{{=| |=}}|>p| |! {{>not}} |",
            "{{<base}}{{$main}}{{>p}}{{/main}}{{/base}}",
            "{{^missing}}{{>p}}{{/missing}}",
        ]
        for text in layouts {
            var library = MustacheLibrary()
            try library.register(text, named: "main")
            try library.register("P", named: "p")
            try library.register("[{{$main}}{{/main}}]", named: "base")
            let rendered = library.render(["s": true], withTemplate: "main") ?? ""
            let partials = references(text).filter { $0.hasPrefix("partial p") || $0.hasPrefix("$main partial p") }
            #expect(rendered.filter { $0 == "P" }.count == partials.count, "\(text.debugDescription): \(rendered.debugDescription), \(partials)")
        }
    }
}
