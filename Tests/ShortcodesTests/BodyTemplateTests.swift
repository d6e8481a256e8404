import Foundation
@testable import Markdown
@testable import Shortcodes
import Testing

/// Jekyll's Liquid and Hugo's shortcodes in post bodies, run by Galley's own small set.
@Suite struct BodyTemplateTests {
    static let links = BodyLinks(
        documents: [("posts/2013-05-06-hello.md", "/2013/05/06/hello/"), ("posts/2014-01-01-trip/index.md", "/2014/01/01/trip/"),
                    ("pages/about.md", "/about/")],
        files: ["/images/a.png"])

    func expand(_ body: String, page: [String: TemplateValue] = [:], basePath: String = "/",
                protected: [Range<Int>]? = nil) -> ExpandedBody {
        let site = TemplateValue.map(["repository": .text("https://github.com/o/r"), "url": .text("https://e.com"), "baseurl": .text("")])
        let scope = BodyScope(site: site, page: .map(page), base: "https://e.com" + basePath, basePath: basePath, links: { Self.links })
        return BodyTemplate(body, protected: protected ?? MarkdownRegions(body).protected).expand(in: scope)
    }

    @Test func rawAndCommentBlocksKeepOrDropTheirText() {
        #expect(expand("a {% raw %}{{ x }} {% if %}{% endraw %} b").text == "a {{ x }} {% if %} b")
        #expect(expand("a{% comment %} {{ x }} {% endcomment %}b").text == "ab")
        // A raw block may hold a raw tag: it ends at the first endraw.
        #expect(expand("`{% raw %}{% raw %}{% endraw %}`").text == "`{% raw %}`")
    }

    @Test func assignSplitAndLoopsMakeLinkDefinitions() {
        let body = """
            {% assign numbers = "1037|1040" | split: "|" %}
            {% for n in numbers %}
            [#{{ n }}]: {{ site.repository }}/issues/{{ n }}
            {% endfor %}
            """
        let expanded = expand(body)
        #expect(expanded.notes.isEmpty)
        #expect(expanded.text.contains("[#1037]: https://github.com/o/r/issues/1037"))
        #expect(expanded.text.contains("[#1040]: https://github.com/o/r/issues/1040"))
    }

    @Test func filtersOnPageValues() {
        let body = "{% for f in page.filters %}{% assign s = f | slugify %}[{{ s }}]: {{ s | prepend: '/docs/#' | relative_url }}\n{% endfor %}"
        let expanded = expand(body, page: ["filters": .list([.text("Where Expression"), .text("find")])], basePath: "/blog/")
        #expect(expanded.text == "[where-expression]: /blog/docs/#where-expression\n[find]: /blog/docs/#find\n")
        #expect(expand("{{ 'a b' | upcase | append: '!' }} {{ (1..3) | join: ',' }} {{ page.x | default: 'none' }}").text == "A B! 1,2,3 none")
        #expect(expand("{% for i in (1..5) limit:2 reversed %}{{ forloop.index }}{{ i }} {% endfor %}").text == "12 21 ")
    }

    @Test func whitespaceControlTrims() {
        #expect(expand("a  {%- assign x = 1 -%}  b {{- x -}} c").text == "ab1c")
    }

    @Test func unknownThingsArePrintedWithAWarningAtTheirOffset() {
        let expanded = expand("one\n{% include foo.html %}\n{{ site.nothing }}{{ who }} {{ 'a' | shout }}")
        #expect(expanded.text == "one\n{% include foo.html %}\n a")
        let messages = expanded.notes.map(\.message)
        #expect(expanded.notes.allSatisfy { !$0.isError })
        #expect(expanded.notes.first?.offset == 4)
        #expect(messages.contains { $0.contains("{% include foo.html %}") && $0.contains("printed as it is") })
        #expect(messages.contains { $0.contains("'site.nothing' is not set: add `nothing` to galley.yml") })
        #expect(messages.contains { $0.contains("'who'") })
        #expect(messages.contains { $0.contains("filter 'shout'") })
    }

    @Test func valuesInCodeAndMathAreLeftAlone() {
        let body = "`{{ a }}` and\n```\n{{ b }}\n```\n$$ {{c}} $$ {{ page.t }}"
        #expect(expand(body, page: ["t": .text("T")]).text == "`{{ a }}` and\n```\n{{ b }}\n```\n$$ {{c}} $$ T")
    }

    @Test func linksByNameLeadToDocumentsAndFiles() {
        let expanded = expand("""
            {% post_url 2013-05-06-hello %} {% link _posts/2013-05-06-hello.md %} {% link about.md %} {% link images/a.png %}
            {{< relref "2014-01-01-trip" >}} {{< ref "2013-05-06-hello.md#top" >}} {{< relref "#here" >}}
            """, basePath: "/blog/")
        #expect(expanded.notes.isEmpty)
        #expect(expanded.text == "/blog/2013/05/06/hello/ /blog/2013/05/06/hello/ /blog/about/ /blog/images/a.png\n"
            + "/blog/2014/01/01/trip/ https://e.com/blog/2013/05/06/hello/#top #here")
        #expect(expanded.references.map(\.name) == ["2013-05-06-hello", "_posts/2013-05-06-hello.md", "about.md", "images/a.png", "2014-01-01-trip", "2013-05-06-hello.md"])
    }

    @Test func aLinkToAMissingPostIsAnErrorAndToAnotherFileAWarning() {
        let missing = expand("x\n{% post_url 2099-01-01-nope %} {{< ref \"gone.md\" >}}")
        #expect(missing.notes.count == 2)
        #expect(missing.notes.allSatisfy { $0.isError })
        #expect(missing.notes[0].offset == 2)
        let other = expand("{% link _docs/history.md %}")
        #expect(other.notes.count == 1)
        #expect(other.notes[0].isError == false)
        #expect(other.text == "/_docs/history.md")
    }

    @Test func highlightBecomesAFencedBlock() {
        let jekyll = expand("Text:\n{% highlight ruby linenos %}\nputs \"{{ x }}\" # ```\n{% endhighlight %}\nafter")
        #expect(jekyll.text == "Text:\n````ruby\nputs \"{{ x }}\" # ```\n````\n\nafter")
        let hugo = expand("{{< highlight go \"linenos=table\" >}}\nfunc main() {}\n{{< /highlight >}}")
        #expect(hugo.text == "```go\nfunc main() {}\n```\n")
    }

    @Test func shortcodesPrintTheirHTMLEscaped() {
        let figure = expand(#"{{< figure src="/a.png" alt="A \"cat\"" caption="<b>hi</b>" link="javascript:alert(1)" width="40px" >}}"#).text
        #expect(figure == ##"<figure><a href="#"><img src="/a.png" alt="A &quot;cat&quot;"></a><figcaption>hi</figcaption></figure>"##)
        #expect(expand("{{< youtube id=\"w7Ft2ymGmfc\" >}}").text.contains("https://www.youtube-nocookie.com/embed/w7Ft2ymGmfc"))
        #expect(expand("{{< vimeo 146022717 >}}").text.contains("https://player.vimeo.com/video/146022717"))
        #expect(expand("{{< gist spf13 7896402 \"img.html\" >}}").text == #"<script src="https://gist.github.com/spf13/7896402.js?file=img%2Ehtml"></script>"#)
        let hostile = expand(#"{{< youtube "x\" onload=\"alert(1)" >}}"#)
        #expect(!hostile.text.contains("<iframe"))
        #expect(hostile.notes.count == 1)
        #expect(expand("{{</* figure src=\"x\" */>}}").text == "{{< figure src=\"x\" >}}")
        let unknown = expand("{{< plotly >}}")
        #expect(unknown.text == "{{< plotly >}}")
        #expect(unknown.notes.first?.message.contains("not one Galley has") == true)
    }

    @Test func loopsCannotRunForEver() {
        let body = "{% assign xs = (1..1000) %}{% for a in xs %}{% for b in xs %}{% for c in xs %}x{% endfor %}{% endfor %}{% endfor %}"
        let expanded = expand(body)
        #expect(expanded.notes.contains { $0.isError && $0.message.contains("100000 times") })
        #expect(expanded.text.utf8.count <= 100_001)
        var deep = ""
        for _ in 0..<40 { deep += "{% for a in (1..1) %}" }
        for _ in 0..<40 { deep += "{% endfor %}" }
        #expect(expand(deep).notes.contains { $0.message.contains(" is a loop in loops nested more than \(BodyTemplate.depthLimit) deep; it is printed as it is") },
                "\(expand(deep).notes)")
        // An opening without its end says so in one sentence.
        #expect(expand("A {% raw %} alone.").notes.map(\.message) == ["{% raw %} is an opening with no {% endraw %}; it is printed as it is"])
        #expect(expand("{% for x in (1..2) %}x").notes.map(\.message) == ["{% for x in (1..2) %} is a loop with no {% endfor %}; it is printed as it is"])
    }

    /// Filters that double a value and then go over it again and again stop once they have gone
    /// over a few hundred megabytes, with an error, where they would have run for hours.
    @Test func filtersCannotGoOverTextForEver() {
        var body = "{% assign a = \"xxxxxxxx\" %}"
        for _ in 0..<20 { body += "{% assign a = a | append: a %}" }
        body += "{% for i in (1..99999) %}{% assign b = a | replace: \"y\", \"z\" %}{% endfor %}done"
        let expanded = expand(body)
        #expect(expanded.notes.contains { $0.isError && $0.message.contains("MB of text in all") })
        #expect(!expanded.text.hasSuffix("done"))
    }

    /// An expression nested past any template's (`{{ ((((…`, `x[x[x[…`) is read as no
    /// expression, where reading it took a recursion as deep as the post was long.
    @Test func expressionsNestedTooDeepAreRefusedNotFollowed() {
        for body in ["{{ ", "{% for y in "].flatMap({ start in ["(", "x["].map { start + String(repeating: $0, count: 60_000) } }) {
            let expanded = expand(body + (body.hasPrefix("{{") ? " }} after" : " %}x{% endfor %} after"))
            #expect(expanded.text.hasSuffix(" after"))
            // The warning quotes the start of the tag, not all of it.
            #expect(!expanded.notes.isEmpty && expanded.notes.allSatisfy { $0.message.count < 300 })
        }
        #expect(expand("{% assign r = ((1..2)..3) %}{{ a[b[c[0]]] }}ok").text.hasSuffix("ok"))
    }

    @Test func unclosedBlocksAreSaidAndPrinted() {
        let expanded = expand("a {% raw %} b {% for x in y %} c")
        #expect(expanded.text == "a {% raw %} b {% for x in y %} c")
        #expect(expanded.notes.count == 2)
    }
}
