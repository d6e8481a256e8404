import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// Hugo makes a path of a front matter slug as it does of a title.
@Suite struct HugoSlugTests {
    @Test func aSlugWithSpacesIsMadeAPathUnderHugosRule() throws {
        let post = TestBlog.post("title: OCSP\nslug: Ending OCSP")
        let hugo = try TestBlog(TestBlog.config + "slugs: hugo\n", ["posts/2024-12-05-x.md": post])
        try hugo.build()
        #expect(hugo.page("2024/12/05/ending-ocsp/index.html") != nil)
        let galley = try TestBlog(TestBlog.config, ["posts/2024-12-05-x.md": post])
        #expect(galley.failure().first?.message.hasPrefix("slug 'Ending OCSP' may only hold") == true)
    }
}
