import Foundation
@testable import Markdown
@testable import Shortcodes
import Testing

@testable import SiteCompiler

/// Bodies written to make the template and math readers slow or to break out of the HTML they
/// print. Each would take hours if an opening with no closing were looked past once per opening.
@Suite struct HostileTemplateTests {
    static let scope = BodyScope(site: .map([:]), page: .map([:]), base: "https://e.com/", basePath: "/", links: { BodyLinks(documents: []) })

    func expand(_ body: String) -> ExpandedBody {
        BodyTemplate(body, protected: MarkdownRegions(body).protected).expand(in: Self.scope)
    }

    @Test(arguments: ["{%", "{{<", "{{%", "{{", "{% raw %}", "{% for x in y %}", "{% highlight %}", "{{< highlight >}}", "`", "``", "\\\\(", "$$"])
    func manyOpeningsWithNoClosingAreReadOnce(opening: String) {
        let body = String(repeating: opening + " a ", count: 20_000)
        let expanded = expand(body)
        #expect(expanded.text.utf8.count >= body.utf8.count - 10)
        _ = MarkdownRegions(body)
    }

    @Test func aFigureCannotOpenAnElementOrRunAScript() {
        let text = expand(#"{{< figure src="x.png\" onerror=\"alert(1)" link=" JavaScript:alert(1)" caption="</figcaption><script>" class="a\" b" >}}"#).text
        #expect(!text.contains("<script"))
        #expect(!text.contains(#"" onerror"#))
        #expect(text.contains(##"href="#""##))
        #expect(text.contains(#"class="a&quot; b""#))
        // A caption is Markdown, whose links may not run a script either.
        let linked = expand(#"{{< figure src="x.png" caption="[me](javascript:alert(1)) <img src=x onerror=alert(1)>" >}}"#).text
        #expect(!linked.lowercased().contains("javascript:") && !linked.contains("onerror"), "\(linked)")
    }

    @Test func aGistOrVideoIdIsLettersAndDigits() {
        for code in [#"{{< gist "a/../b" 1 >}}"#, #"{{< vimeo "1?x=<" >}}"#, #"{{< youtube "" >}}"#] {
            let expanded = expand(code)
            #expect(!expanded.text.contains("<iframe") && !expanded.text.contains("<script"), "\(code)")
            #expect(expanded.notes.count == 1, "\(code)")
        }
        #expect(expand(#"{{< gist u 1 "a\"><script>.js" >}}"#).text.contains("file=a%22%3E%3Cscript%3E%2Ejs"))
    }

    @Test(arguments: [
        "{% for a in (-99999999999999999999..1) %}x{% endfor %}",
        "{% for a in (9223372036854775807..9223372036854775807) %}x{% endfor %}",
        "{% for a in (-9223372036854775808..9223372036854775807) %}x{% endfor %}",
        "{% for a in (1..99999999999999999999) %}x{% endfor %}",
        "{% for a in (1..3) limit: 99999999999999999999 %}x{% endfor %}",
        "{% for a in (1..3) offset: -99999999999999999999 %}x{% endfor %}",
    ])
    func numbersPastWhatGalleyCountsAreWarnedAboutNotATrap(body: String) {
        let expanded = expand(body)
        #expect(expanded.notes.contains { $0.message.contains("larger than Galley counts with") }, "\(expanded.notes)")
        #expect(!expanded.text.contains("xxxx"))
    }

    @Test func aChainOfReplacementsThatWouldGrowPastTheLimitStopsAtOnce() {
        let started = ContinuousClock.now
        let chain = String(repeating: #" | replace: "a", "aaaaaaaaaa""#, count: 8)
        let expanded = expand("{{ \"aaaaaaaaaaaaaaaaaaaa\"\(chain) }}")
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(expanded.notes.contains { $0.message.contains("would make more than 16 MB") }, "\(expanded.notes)")
        #expect(expanded.text.utf8.count < 1000)
        // Growing one step at a time.
        let doubling = "{% assign s = \"ab\" %}" + String(repeating: "{% assign s = s | append: s %}", count: 40) + "{{ s | size }}"
        let grown = expand(doubling)
        #expect(grown.notes.contains { $0.message.contains("would make more than 16 MB") }, "\(grown.notes)")
        #expect(ContinuousClock.now - started < .seconds(10))
    }
}
