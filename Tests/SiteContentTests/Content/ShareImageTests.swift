import Foundation
@testable import SiteContent
import SiteTestSupport
import Testing

@testable import FrontMatter
@testable import SiteCompiler

@Suite struct ShareImageTests {
    let links = Links(baseURL: URL(string: "https://example.com/blog/")!)

    @Test func anImageIsReadAsALinkOnThePageIs() {
        #expect(ShareImage.address("hill.jpg", folder: "/2024/10/12/walk/", links: links) == "https://example.com/blog/2024/10/12/walk/hill.jpg")
        #expect(ShareImage.address("../cover.jpg", folder: "/2024/10/12/walk/", links: links) == "https://example.com/blog/2024/10/12/cover.jpg")
        #expect(ShareImage.address("/images/a b.png", folder: "/2024/", links: links) == "https://example.com/blog/images/a%20b.png")
        #expect(ShareImage.address("https://cdn.example.net/x.png", folder: "/", links: links) == "https://cdn.example.net/x.png")
        #expect(ShareImage.address("images/é.png?v=2", folder: "/", links: links) == "https://example.com/blog/images/%C3%A9.png?v=2")
    }

    @Test func anythingThatLeavesTheSiteGivesNoImage() {
        for written in ["", "  ", "javascript:alert(1)", " JAVASCRIPT:alert(1)", "data:image/png;base64,AA", "vbscript:x", "file:///etc/passwd",
                        "//evil.example/x.png", "../../../../x.png", "/../x.png", "a\\b.png", "a\nb.png", "http:///x.png", "mailto:a@b.c"] {
            #expect(ShareImage.address(written, folder: "/2024/walk/", links: links) == nil, "\(written)")
        }
    }

    @Test func theImageKeyIsTextAPathOrHugosList() throws {
        func params(_ yaml: String) throws -> [String: YAMLValue] {
            Dictionary(uniqueKeysWithValues: try #require(try YAMLValue.parse(yaml, path: "x").pairs).map { ($0.key, $0.value) })
        }
        #expect(ImageKey.written(in: try params("image: a.png\n")) == "a.png")
        #expect(ImageKey.written(in: try params("image:\n  path: b.png\n  alt: B\n")) == "b.png")
        #expect(ImageKey.written(in: try params("images: [c.png, d.png]\n")) == "c.png")
        #expect(ImageKey.written(in: try params("title: none\n")) == nil)
    }
}

/// An SVG share image builds, with a warning at its line: link previews do not show SVG.
@Suite struct VectorShareImageTests {
    @Test func anSVGImageIsWarnedOfAtItsLine() throws {
        let blog = try TestBlog(TestBlog.config + "image: /images/card.svg\n", [
            "posts/2019-10-10-walk/index.md": "---\ntitle: Walk\n# the picture\nimage: hill.svg\n---\n\nText.\n",
            "posts/2019-10-10-walk/hill.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2\" height=\"1\"/>",
            "posts/2019-10-11-card.md": TestBlog.post("title: Card\nimage: /images/card.PNG"),
        ])
        let report = try blog.build()
        let warnings = report.warnings.map(\.description)
        #expect(warnings.contains(
            "posts/2019-10-10-walk/index.md:4: image 'hill.svg' is an SVG, which link previews do not show; give a PNG or JPEG (1200×630 suits most) for the preview picture"),
            "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("galley.yml:7: image '/images/card.svg' is an SVG") }, "\(warnings)")
        #expect(warnings.count == 2, "\(warnings)")
        // The picture is still the page's: the writer may have reasons.
        #expect(blog.page("2019/10/10/walk/index.html")?.contains(#"<meta property="og:image" content="https://example.com/2019/10/10/walk/hill.svg">"#) == true)
    }
}
