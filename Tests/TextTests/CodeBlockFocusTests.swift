import Testing

import Text

@Suite struct CodeBlockFocusTests {
    @Test func everyCodeBlockTakesFocusAndSaysWhatItIs() {
        let html = #"<pre><code>plain</code></pre><pre class="highlight"><code class="language-sh">ls</code></pre>"#
        #expect(CodeBlockFocus.focusable(html, label: "Código") == #"<pre tabindex="0" role="group" aria-label="Código"><code>plain</code></pre>"#
            + #"<pre tabindex="0" role="group" aria-label="Código" class="highlight"><code class="language-sh">ls</code></pre>"#)
    }

    @Test func whatABlockHasAlreadyIsKeptAndOtherTagsAreLeftAlone() {
        let html = #"<pre tabindex="-1" aria-labelledby="t">x</pre><preview>y</preview><p>&lt;pre&gt;</p>"#
        #expect(CodeBlockFocus.focusable(html, label: "Code") == #"<pre role="group" tabindex="-1" aria-labelledby="t">x</pre><preview>y</preview><p>&lt;pre&gt;</p>"#)
        #expect(CodeBlockFocus.focusable("<p>no code</p>", label: "Code") == "<p>no code</p>")
        #expect(CodeBlockFocus.focusable("<pre", label: "Code") == "<pre", "a tag cut short")
        #expect(CodeBlockFocus.focusable("<pre>", label: "\"Co\" & <de>") == #"<pre tabindex="0" role="group" aria-label="&quot;Co&quot; &amp; &lt;de&gt;">"#)
    }
}

extension CodeBlockFocusTests {
    @Test func scriptsStylesAndCommentsAreLeftAsWritten() {
        let html = #"<script>document.write("<pre>x</pre>")</script><!-- <pre> --><STYLE>p::before { content: "<pre>" }</STYLE><pre>y</pre>"#
        #expect(CodeBlockFocus.focusable(html, label: "Code")
            == #"<script>document.write("<pre>x</pre>")</script><!-- <pre> --><STYLE>p::before { content: "<pre>" }</STYLE><pre tabindex="0" role="group" aria-label="Code">y</pre>"#)
        #expect(CodeBlockFocus.focusable("<script>never closed <pre>", label: "Code") == "<script>never closed <pre>")
        #expect(CodeBlockFocus.focusable("<PRE>upper</PRE>", label: "Code") == #"<PRE tabindex="0" role="group" aria-label="Code">upper</PRE>"#)
    }
}
