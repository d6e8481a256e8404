import Testing

import Text

@Suite struct LinkRebasingTests {
    @Test func rebaseMakesLinksWorkElsewhere() {
        let html = ##"<a href="/about/">a</a> <img src="photo.jpg"> <a href="#fn-1">1</a> <a href="https://x.org/">x</a> <a href="mailto:a@b.c">m</a>"##
        #expect(LinkRebasing.rebase(html, root: "https://e.com/", base: "https://e.com/2019/post/") ==
            ##"<a href="https://e.com/about/">a</a> <img src="https://e.com/2019/post/photo.jpg"> <a href="https://e.com/2019/post/#fn-1">1</a> <a href="https://x.org/">x</a> <a href="mailto:a@b.c">m</a>"##)
        #expect(LinkRebasing.rebase("", root: "https://e.com/", base: "https://e.com/p/") == "")
        #expect(LinkRebasing.rebase("no links at all", root: "https://e.com/", base: "https://e.com/p/") == "no links at all")
        // An attribute never closed is left as it is, and so is everything after it.
        #expect(LinkRebasing.rebase(##"<a href="/x/">x</a> <a href="/y"##, root: "https://e.com/", base: "https://e.com/p/")
            == ##"<a href="https://e.com/x/">x</a> <a href="/y"##)
        #expect(LinkRebasing.rebase(##"<video poster="p.jpg" src="v.mp4"></video> "##, root: "https://e.com/", base: "https://e.com/p/")
            == ##"<video poster="https://e.com/p/p.jpg" src="https://e.com/p/v.mp4"></video> "##)
    }

    /// A post published as a file (`permalink: /:year/:slug.html`): a relative link is read from
    /// its folder, but a footnote or an empty link stays on the post itself.
    @Test func linksWithinThePageStayOnAPageThatIsAFile() {
        let html = ##"<a href="#fn-1">1</a> <img src="hill.svg"> <a href="">self</a> <a href="?q=1">q</a> <a href="/x/">x</a>"##
        #expect(LinkRebasing.rebase(html, root: "https://e.com/", base: "https://e.com/2024/", page: "https://e.com/2024/post.html") ==
            ##"<a href="https://e.com/2024/post.html#fn-1">1</a> <img src="https://e.com/2024/hill.svg"> <a href="https://e.com/2024/post.html">self</a> "##
            + ##"<a href="https://e.com/2024/post.html?q=1">q</a> <a href="https://e.com/x/">x</a>"##)
    }

    @Test func everyAddressOfASrcsetIsRebased() {
        #expect(LinkRebasing.rebase(##"<img src="a.jpg" srcset="a.jpg 1x, /b.jpg 2x,c.jpg, https://x.org/d.jpg 3x">"##, root: "https://e.com/", base: "https://e.com/p/")
            == ##"<img src="https://e.com/p/a.jpg" srcset="https://e.com/p/a.jpg 1x, https://e.com/b.jpg 2x,https://e.com/p/c.jpg, https://x.org/d.jpg 3x">"##)
        // A comma inside an address (a data: URL) is part of it.
        #expect(LinkRebasing.rebase(##"<img srcset="data:image/gif;base64,R0lG 1x, e.jpg 2x">"##, root: "/", base: "/p/")
            == ##"<img srcset="data:image/gif;base64,R0lG 1x, /p/e.jpg 2x">"##)
        #expect(LinkRebasing.rebase(##"<img srcset="">"##, root: "/", base: "/p/") == ##"<img srcset="">"##)
    }
}
