@testable import SiteContent
import Testing

@testable import SiteCompiler

/// A document's own address is content, and so hostile: only a path inside the site, naming a
/// folder or an `.html` file, comes through.
@Suite struct SitePathTests {
    @Test(arguments: [
        ("/about/", "/about/"),
        ("/about", "/about/"),
        ("about/me", "/about/me/"),
        ("/news/2016/v1.0", "/news/2016/v1.0/"),
        ("/old.html", "/old.html"),
        ("/Old/Page.HTM", "/Old/Page.HTM"),
        ("/", "/"),
    ])
    func givesTheSitePath(written: String, expected: String) throws {
        #expect(try SitePath.ownAddress(written).get() == expected)
    }

    @Test(arguments: [
        "", "//evil.example.com/", "/../../etc/", "/a/../../b/", "../x/", "/./", "/a/./b/", "/a\\..\\b/", "/%2e%2e/x/",
        "/%2E%2E%2Fetc/", "/a//b/", "/a\u{0}b/", "/line\nbreak/", "/tab\there/", "/del\u{7F}/", "/q?x=1", "/frag#x",
    ])
    func refusesWhatCouldLeaveTheSite(written: String) {
        #expect(throws: SitePath.AddressProblem.self, "\(written.debugDescription)") { try SitePath.ownAddress(written).get() }
    }

    /// Site paths of slashes, dots, names and endings, beyond ASCII too, joined at random: the
    /// file each names is the one the definition over the string's views gave.
    @Test func theFileOfASitePathIsTheOneTheStringViewsGave() {
        func outputFile(_ path: String) -> String {
            let slash = UInt8(ascii: "/")
            var bytes = path.utf8[...]
            if bytes.first == slash { bytes = bytes.dropFirst() }
            let trimmed = String(Substring(bytes))
            if bytes.isEmpty || bytes.last == slash { return trimmed + "index.html" }
            let lastName = bytes.lastIndex(of: slash).map { bytes[bytes.index(after: $0)...] } ?? bytes
            if let dot = lastName.lastIndex(of: UInt8(ascii: ".")) {
                let ending = lastName[lastName.index(after: dot)...]
                if ending.count <= 5, Document.fileExtensions.contains(String(decoding: ending.map { $0 | 0x20 }, as: UTF8.self)) { return trimmed }
            }
            return trimmed + "/index.html"
        }
        let pieces = ["/", ".", "a", "html", "HTM", "xml", "2.4.0", "é", "日本", "feed.Json", ".php", "x.aspxx"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let path = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(Document.outputFile(forSitePath: path) == outputFile(path), "\(path)")
        }
    }
}
