import Foundation
import KaTeX
@testable import SiteContent
import SiteTestSupport
import Testing
import Typesetting

@testable import SiteCompiler

/// Whole builds whose math is typeset: by a test typesetter, by a missing KaTeX, and (where it
/// is installed) by Debian's KaTeX, as `galley build` runs it.
@Suite struct MathBuildTests {
    static let jekyllConfig = TestBlog.config + "math_syntax: kramdown\n"

    func options(_ blog: TestBlog, _ typesetter: any MathTypesetter) -> BuildOptions {
        var options = blog.options()
        options.typesetter = typesetter
        return options
    }

    @Test func kramdownInlineDollarsStayInlineAndBlocksAreDisplayed() throws {
        let blog = try TestBlog(Self.jekyllConfig, ["posts/2020-01-01-euler.md": TestBlog.post("title: Euler",
            "Euler's $$e^{i\\pi} + 1 = 0$$ is short.\n\n$$\n\\sum_k k\n$$\n")])
        let typesetter = TestTypesetter()
        let report = try blog.build(options(blog, typesetter))
        #expect(report.warnings.isEmpty)
        #expect(typesetter.formulas == [MathFormula(tex: "e^{i\\pi} + 1 = 0", display: false), MathFormula(tex: "\\sum_k k", display: true)])
        let page = try #require(blog.page("2020/01/01/euler/index.html"))
        #expect(page.contains("<p>Euler’s <math display=\"inline\"><mtext>e^{i\\pi} + 1 = 0</mtext></math> is short.</p>")
            || page.contains("<p>Euler's <math display=\"inline\"><mtext>e^{i\\pi} + 1 = 0</mtext></math> is short.</p>"))
        #expect(page.contains("<math display=\"block\"><mtext>\\sum_k k</mtext></math>"))
        #expect(!page.contains("$$"))
    }

    @Test func anEscapedUnderscoreReachesTeXAsKramdownLeavesIt() throws {
        let blog = try TestBlog(Self.jekyllConfig, ["posts/2020-01-01-sub.md": TestBlog.post("title: Sub",
            "Markdown's \\\\(a\\_1\\\\) and kramdown's $$b\\_2$$.\n")])
        let typesetter = TestTypesetter()
        try blog.build(options(blog, typesetter))
        // Outside kramdown's own $$ math Markdown undoes `\_`; inside, kramdown passes it on.
        #expect(typesetter.formulas.map(\.tex) == ["a_1", "b\\_2"])
    }

    @Test func mathFalseLeavesTeXForAScript() throws {
        let blog = try TestBlog(Self.jekyllConfig + "math: false\n", ["posts/2020-01-01-off.md": TestBlog.post("title: Off",
            "Inline $$x < y$$ here.\n\n$$\nz\n$$\n")])
        let typesetter = TestTypesetter()
        try blog.build(options(blog, typesetter))
        #expect(typesetter.requests == 0)
        let page = try #require(blog.page("2020/01/01/off/index.html"))
        #expect(page.contains("<p>Inline \\(x &lt; y\\) here.</p>"))
        #expect(page.contains("<p>\\[z\\]</p>"))
    }

    @Test func aTeXErrorIsAWarningAtItsLineAndStaysTeX() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2020-01-01-bad.md": "---\ntitle: Bad\n---\nFine $$x$$.\n\nThen $$\\bad{$$ and $$evil$$.\n"])
        let report = try blog.build(options(blog, TestTypesetter()))
        let messages = report.warnings.map(\.description)
        #expect(messages.contains("posts/2020-01-01-bad.md:6: this formula is left as TeX: Undefined control sequence: \\bad"))
        #expect(messages.contains("posts/2020-01-01-bad.md:6: this formula is left as TeX: the typesetter's MathML holds markup Galley does not allow"))
        let page = try #require(blog.page("2020/01/01/bad/index.html"))
        #expect(page.contains("<math display=\"block\"><mtext>x</mtext></math>"))
        #expect(page.contains("Then $$\\bad{$$ and $$evil$$."))
        #expect(!page.contains("alert(1)"))
    }

    @Test func aMissingConverterGivesOneWarningAndLeavesTeX() throws {
        var files: [String: String] = [:]
        for day in 1...3 { files["posts/2020-01-0\(day)-m\(day).md"] = TestBlog.post("title: M\(day)", "Math $$x_\(day)$$ here.\n") }
        let blog = try TestBlog(TestBlog.config, files)
        let report = try blog.build(options(blog, KaTeXTypesetter(node: "/nonexistent/node")))
        let warnings = report.warnings.filter { $0.message.contains("math is left as TeX") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.description.contains("galley.yml: math is left as TeX, not typeset: no Node.js at /nonexistent/node") == true)
        #expect(blog.page("2020/01/02/m2/index.html")?.contains("Math $$x_2$$ here.") == true)
    }

    @Test(.enabled(if: DebianKaTeX.isInstalled, "needs Debian's katex and Node.js (scripts/test installs them)"))
    func katexTypesetsAndHostileFormulasInjectNothing() throws {
        let hostile = [
            "\\href{javascript:alert(1)}{x}", "\\url{javascript:alert(1)}", "\\text{<script>alert(1)</script>}",
            "\\htmlClass{x}{y}", "\\htmlStyle{color:red}{x}", "\\htmlData{on=1}{x}", "\\includegraphics{x.png}",
            "\\color{red\" onclick=\"alert(1)}{a}", "\\operatorname{</math><script>}", "\\def\\a{\\a\\a}\\a",
        ]
        let body = "Inline $$x^2$$ here.\n\n" + hostile.map { "A $$\($0)$$ b.\n" }.joined(separator: "\n")
        let blog = try TestBlog(Self.jekyllConfig, ["posts/2020-01-01-k.md": TestBlog.post("title: K", body)])
        let cache = blog.root.appending(path: ".galley-cache")
        let first = TestTypesetter(wrapping: KaTeXTypesetter())
        try SiteBuilder(source: blog.source, options: options(blog, first)).build(into: blog.output, cache: cache)
        let whole = try #require(blog.page("2020/01/01/k/index.html"))
        // The post's own text, without the theme's links and scripts.
        let start = try #require(whole.range(of: "<p>Inline")), end = try #require(whole.range(of: "b.</p>", options: .backwards))
        let page = String(whole[start.lowerBound..<end.upperBound])
        #expect(page.contains("<msup><mi>x</mi><mn>2</mn></msup>"))
        // A formula KaTeX rejects stays as TeX, escaped as text: its quotes are in no tag.
        let tags = page.split(separator: "<").map { $0.prefix { $0 != ">" } }
        #expect(!tags.contains { $0.hasPrefix("script") || $0.hasPrefix("a ") || $0.hasPrefix("img") })
        for attribute in ["href", "onclick", "style", "data-on", "src"] {
            #expect(!tags.contains { $0.contains(" \(attribute)=") }, "\(attribute)")
        }
        // Again into another folder with the same cache: nothing is typeset twice.
        let second = TestTypesetter(wrapping: KaTeXTypesetter())
        try SiteBuilder(source: blog.source, options: options(blog, second)).build(into: blog.root.appending(path: "_again"), cache: cache)
        #expect(second.formulas.allSatisfy { formula in hostile.contains(where: { formula.tex.contains($0.prefix(6)) }) })
    }
}
