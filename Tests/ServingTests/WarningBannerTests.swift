import Foundation
import SiteCompiler
import Testing

import Diagnostics
@testable import Serving

@Suite struct WarningBannerTests {
    let warnings = [Diagnostic(path: "galley.yml", line: 3, message: "unknown setting '<b>x</b>' & more"),
                    Diagnostic(path: "posts/a \"b\".md", message: "no line")]

    @Test func noWarningsMakeNoBanner() {
        #expect(WarningBanner.html(for: []).isEmpty)
    }

    @Test func eachWarningIsListedEscapedWithItsPlace() {
        let html = WarningBanner.html(for: warnings)
        #expect(html.hasPrefix("<aside id=\"galley-warnings\" data-digest=\""))
        #expect(html.hasSuffix("</aside>"))
        #expect(html.contains("the last build has 2 warnings"))
        #expect(html.contains("<li><code>galley.yml:3</code> unknown setting"))
        #expect(html.contains("&lt;b&gt;x&lt;/b&gt;") && html.contains("&amp; more"), "\(html)")
        #expect(!html.contains("<b>x</b>"))
        #expect(html.contains("<code>posts/a &quot;b&quot;.md</code> no line") || html.contains("<code>posts/a \"b\".md</code> no line"), "\(html)")
        #expect(!html.contains("\n"), "one line, as it goes into the page")
        #expect(WarningBanner.html(for: Array(warnings.prefix(1))).contains("has 1 warning</strong>"))
    }

    /// A banner dismissed stays dismissed until the warnings change.
    @Test func theDigestFollowsTheWarnings() {
        #expect(WarningBanner.digest(of: warnings) == WarningBanner.digest(of: warnings))
        #expect(WarningBanner.digest(of: warnings) != WarningBanner.digest(of: Array(warnings.prefix(1))))
        #expect(!WarningBanner.digest(of: warnings).contains("\""))
    }

    @Test func theBannerGoesBeforeTheReloadScript() {
        let page = String(decoding: LiveReload.inject(into: Data("<p>a</p></body>".utf8), banner: "<aside>w</aside>"), as: UTF8.self)
        #expect(page == "<p>a</p><aside>w</aside>\n\(LiveReload.tag)\n</body>")
        let bare = String(decoding: LiveReload.inject(into: Data("<p>a".utf8), banner: "<aside>w</aside>"), as: UTF8.self)
        #expect(bare == "<p>a\n<aside>w</aside>\n\(LiveReload.tag)\n")
    }
}
