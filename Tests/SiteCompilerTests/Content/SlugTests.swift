import Testing

@testable import SiteCompiler

@Suite struct SlugTests {
    @Test(arguments: [
        ("Hello, World!", "hello-world"),
        ("Café & Crème", "cafe-creme"),
        ("  --Trailing--  ", "trailing"),
        ("Don't panic", "dont-panic"),
        ("Swift 6.0 on Linux", "swift-6-0-on-linux"),
        ("日本語", ""),
    ])
    func makesAddressFriendlyText(input: String, expected: String) {
        #expect(Slug.make(input) == expected)
    }

    @Test func safeSegmentsRejectPathTricks() {
        #expect(Slug.isSafeSegment("my-post_2.v1"))
        #expect(!Slug.isSafeSegment(".."))
        #expect(!Slug.isSafeSegment("a/b"))
        #expect(!Slug.isSafeSegment("with space"))
        #expect(!Slug.isSafeSegment(""))
    }
}
