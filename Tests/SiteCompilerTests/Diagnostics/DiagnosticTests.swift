import Testing

@testable import Diagnostics

@Suite struct DiagnosticTests {
    @Test func aPrefixGoesBeforeThePathAndEveryFileTheMessageNames() {
        var diagnostic = Diagnostic(path: "posts/b.md", line: 3, message: "/same/index.html is also written by posts/a.md:3; two sources cannot share one address")
        diagnostic.mentions = ["posts/a.md"]
        let shown = diagnostic.prefixed(by: "blog")
        #expect(shown.path == "blog/posts/b.md")
        #expect(shown.message == "/same/index.html is also written by blog/posts/a.md:3; two sources cannot share one address")
        #expect(shown.mentions == ["blog/posts/a.md"])
        #expect(diagnostic.prefixed(by: "blog/").message == shown.message)
        #expect(diagnostic.prefixed(by: ".").message == diagnostic.message)
    }

    @Test func onlyTheNameItselfIsPrefixedNotAnAddressOrALongerName() {
        var diagnostic = Diagnostic(path: "static/posts/a.md", message:
            "/posts/a.md is also written by posts/a.md; not posts/a.md.bak, posts/a.mdx or xposts/a.md, but (posts/a.md) and posts/a.md.")
        diagnostic.mentions = ["posts/a.md"]
        #expect(diagnostic.prefixed(by: "site").message ==
            "/posts/a.md is also written by site/posts/a.md; not posts/a.md.bak, posts/a.mdx or xposts/a.md, but (site/posts/a.md) and site/posts/a.md.")
    }

    @Test func aMessageNamingNoOtherFileIsLeftAsItIs() {
        let diagnostic = Diagnostic(path: "posts/a.md", line: 1, message: "posts/a.md is named here but not mentioned")
        #expect(diagnostic.prefixed(by: "blog").message == diagnostic.message)
    }
}
