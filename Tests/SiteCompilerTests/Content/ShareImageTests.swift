import Foundation
import Testing

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
        #expect(ShareImage.written(in: try params("image: a.png\n")) == "a.png")
        #expect(ShareImage.written(in: try params("image:\n  path: b.png\n  alt: B\n")) == "b.png")
        #expect(ShareImage.written(in: try params("images: [c.png, d.png]\n")) == "c.png")
        #expect(ShareImage.written(in: try params("title: none\n")) == nil)
    }
}
