@testable import Markdown
import Testing


@Suite struct MathSpansTests {
    func render(_ markdown: String, syntax: MathSyntax = .galley) -> String {
        var math = MathSpans(syntax: syntax)
        let text = math.protect(markdown, regions: MarkdownRegions(markdown, singleBackslashMath: syntax.singleBackslashDelimiters).math)
        return math.restore(MarkdownRenderer().render(text).html)
    }

    @Test func mathReachesThePageAsWritten() {
        #expect(render("$$\n\\begin{matrix} a & b \\\\ c_1 & d_2 \\end{matrix}\n$$")
            == "<p>$$\n\\begin{matrix} a &amp; b \\\\ c_1 &amp; d_2 \\end{matrix}\n$$</p>\n")
        // `\\(` is how a Markdown post spells MathJax's `\(`.
        #expect(render("Inline \\\\(a_1 * b_1 < c\\\\) here.") == "<p>Inline \\(a_1 * b_1 &lt; c\\) here.</p>\n")
        #expect(render("No math: $5 and `$$x$$`.") == "<p>No math: $5 and <code>$$x$$</code>.</p>\n")
    }

    @Test func aStrayMarkerInTheTextStays() {
        var math = MathSpans()
        _ = math.protect("$$x$$", regions: MarkdownRegions("$$x$$").math)
        #expect(math.restore("a \u{E002}9\u{E003} b \u{E002}0\u{E003}") == "a \u{E002}9\u{E003} b $$x$$")
    }

    @Test func kramdownKeepsInlineDollarsInlineAndBlocksAlone() {
        // As Jekyll's kramdown writes them for MathJax: \( \) within a line, \[ \] for a paragraph of its own.
        #expect(render("Inline $$x^2$$ in a sentence.", syntax: .kramdown) == "<p>Inline \\(x^2\\) in a sentence.</p>\n")
        #expect(render("Before.\n\n$$\nx_1\n$$\n\nAfter.", syntax: .kramdown) == "<p>Before.</p>\n<p>\\[x_1\\]</p>\n<p>After.</p>\n")
        #expect(render("  $$a$$  \n", syntax: .kramdown) == "<p>\\[a\\]</p>\n")
        // Galley's own rule leaves them as written, for a script to show as display math.
        #expect(render("Inline $$x^2$$ in a sentence.") == "<p>Inline $$x^2$$ in a sentence.</p>\n")
    }

    @Test func whichDollarsStandAlone() {
        func alone(_ text: String) -> Bool {
            MathSpans.standsAlone(Array(text.utf8), try! #require(MarkdownRegions(text).math.first))
        }
        #expect(alone("$$x$$"))
        #expect(alone("Text.\n\n$$\nx\n$$\n\nMore."))
        #expect(!alone("Text $$x$$"))
        #expect(!alone("$$x$$ text"))
        #expect(!alone("Text.\n$$x$$"))
        #expect(!alone("$$x$$\nmore text"))
        // Indented four columns after a blank line (or at the start) it is code, and no math at all.
        #expect(MarkdownRegions("    $$x$$").math.isEmpty && MarkdownRegions("Text.\n\n    $$x$$").math.isEmpty)
        #expect(!alone("Text.\n    $$x$$"))
    }

    @Test func kramdownUndoesMarkdownEscapesInBackslashDelimiters() {
        var math = MathSpans(syntax: .kramdown)
        _ = math.protect(#"a \\(x\_1 + \{y\}\\) b"#, regions: MarkdownRegions(#"a \\(x\_1 + \{y\}\\) b"#).math)
        #expect(math.spans.map(\.formula.tex) == ["x_1 + {y}"])
        #expect(render(#"a \\(x\_1\\) b"#, syntax: .kramdown) == "<p>a \\(x_1\\) b</p>\n")
        // Galley's rule, and kramdown's own $$ math, reach TeX as written.
        #expect(render(#"a \\(x\_1\\) b"#) == "<p>a \\(x\\_1\\) b</p>\n")
        var dollars = MathSpans(syntax: .kramdown)
        _ = dollars.protect(#"$$x\_1$$"#, regions: MarkdownRegions(#"$$x\_1$$"#).math)
        #expect(dollars.spans.map(\.formula.tex) == [#"x\_1"#])
        #expect(MathSpans.markdownUnescaped(#"\_ \\ \a \"#) == #"_ \ \a \"#)
    }

    @Test func typesetMathReplacesTheTeXExceptInsideATag() {
        var math = MathSpans()
        let text = math.protect("$$a$$ and ![$$b$$](x.png)", regions: MarkdownRegions("$$a$$ and ![$$b$$](x.png)").math)
        let html = math.restore(MarkdownRenderer().render(text).html, typeset: ["<math>A</math>", "<math>\"B\"</math>"])
        #expect(html == "<p><math>A</math> and <img src=\"x.png\" alt=\"$$b$$\" /></p>\n")
    }

    /// An indented code block is code, as CommonMark reads it: its `$$` (and, under Hugo's
    /// syntax, its `\(`) reached KaTeX and a sample of TeX showed typeset. The same indentation
    /// in a list item or a footnote continues the item's paragraphs, whose math stays math.
    @Test func indentedCodeHoldsNoMath() {
        let sample = "A sample:\n\n    $$x_1$$ and \\(y_2\\)\n\nAfter."
        #expect(MarkdownRegions(sample, singleBackslashMath: true).math.isEmpty)
        #expect(render(sample, syntax: .hugo).contains("<pre><code>$$x_1$$ and \\(y_2\\)\n</code></pre>"), "\(render(sample, syntax: .hugo))")
        // In a list item and in a footnote, the indented line is the item's own paragraph.
        for text in ["- An item.\n\n    $$x_1$$\n", "1. An item.\n\n    $$x_1$$\n", "Text[^1].\n\n[^1]: A note.\n\n    $$x_1$$\n"] {
            #expect(MarkdownRegions(text).math.count == 1, "\(text)")
        }
        // A paragraph after the list ends it: indented code again.
        #expect(MarkdownRegions("- An item.\n\nA paragraph.\n\n    $$x_1$$\n").math.isEmpty)
        // Template syntax in it is left alone too, as in fenced code.
        let template = "Show:\n\n    {{ page.title }}\n"
        let regions = MarkdownRegions(template)
        let start = template.utf8.count - "{{ page.title }}\n".utf8.count - 4
        #expect(regions.protected.contains { $0.contains(start + 6) }, "\(regions.protected)")
    }

    /// Indented code inside a quote, four columns after its markers, is code as CommonMark reads
    /// it: its math stayed math, and its template syntax ran (`{{ x }}` printed nothing).
    @Test func indentedCodeInAQuoteHoldsNoMath() {
        for text in ["> A quote:\n>\n>     $$x_1$$\n", ">     $$x_1$$\n", "> > Nested:\n> >\n> >     $$x_1$$\n> >     $$y$$\n",
                     "Text.\n\n   >     $$x_1$$\n", "> A quote:\n>\n>\t    $$x_1$$\n"] {
            #expect(MarkdownRegions(text).math.isEmpty, "\(text)")
            #expect(render(text).contains("<pre><code>") && render(text).contains("$$x_1$$\n"), "\(text): \(render(text))")
        }
        // Not after the quote's paragraph (no blank line of markers between), nor in a list in
        // it: there the indented line continues a paragraph, whose math stays math.
        for text in ["> A quote:\n>     $$x_1$$\n", "> - An item.\n>\n>     $$x_1$$\n", ">    $$x_1$$ three columns\n"] {
            #expect(MarkdownRegions(text).math.count == 1, "\(text)")
            #expect(!render(text).contains("<pre>"), "\(text): \(render(text))")
        }
        let template = "> Show:\n>\n>     {{ page.title }}\n"
        let start = template.utf8.count - "{{ page.title }}\n".utf8.count
        #expect(MarkdownRegions(template).protected.contains { $0.contains(start + 3) })
    }
}
