import Testing

import Text

@Suite struct FootnoteReferencesTests {
    @Test func footnoteReferencesLeaveExcerpts() {
        let ref = { (n: Int) in "<sup class=\"footnote-ref\"><a href=\"#fn-\(n)\" id=\"fnref-\(n)\">\(n)</a></sup>" }
        #expect(FootnoteReferences.removed(from: "<p>One\(ref(1)) and two\(ref(2)).</p>") == "<p>One and two.</p>")
        #expect(FootnoteReferences.removed(from: "<p>café, no notes</p>") == "<p>café, no notes</p>")
        #expect(FootnoteReferences.removed(from: "<p>a\(ref(1)) b<sup class=\"footnote-ref\">open") == "<p>a b<sup class=\"footnote-ref\">open")
    }
}
