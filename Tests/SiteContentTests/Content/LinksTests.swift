import Foundation
@testable import SiteContent
import Testing

@Suite struct LinksTests {
    let links = Links(baseURL: URL(string: "https://example.com/blog")!)

    @Test func sitePathsGoUnderTheBase() {
        #expect(links.url("/2019/10/08/hello/") == "/blog/2019/10/08/hello/")
        #expect(links.absolute("/2019/10/08/hello/") == "https://example.com/blog/2019/10/08/hello/")
    }

    @Test func leadingSlashesAreDroppedAndOthersKept() {
        #expect(links.url("//tags//x/") == "/blog/tags//x/")
        #expect(links.url("tags/x/") == "/blog/tags/x/")
        #expect(links.url("/") == "/blog/")
        #expect(links.url("") == "/blog/")
        #expect(links.absolute("///") == "https://example.com/blog/")
    }

    @Test func pathsOutsideASCIIKeepTheirCharacters() {
        #expect(links.url("/café/ünï/") == "/blog/café/ünï/")
        #expect(links.absolute("/\u{301}x/") == "https://example.com/blog/\u{301}x/")
    }
}
