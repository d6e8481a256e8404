import Foundation
import Testing

@testable import Serving

@Suite struct LiveReloadTests {
    func injected(_ html: String) -> String {
        String(decoding: LiveReload.inject(into: Data(html.utf8)), as: UTF8.self)
    }

    @Test func theScriptGoesBeforeTheLastClosingBody() {
        #expect(injected("<p>a</p></body></html>") == "<p>a</p>\(LiveReload.tag)\n</body></html>")
        #expect(injected("<pre>&lt;/body&gt;</pre></BODY>") == "<pre>&lt;/body&gt;</pre>\(LiveReload.tag)\n</BODY>")
        #expect(injected("<code></body></code>\n</body>\n") == "<code></body></code>\n\(LiveReload.tag)\n</body>\n")
    }

    @Test func aPageWithoutABodyGetsItAtTheEnd() {
        #expect(injected("<p>bare") == "<p>bare\n\(LiveReload.tag)\n")
        #expect(injected("") == "\n\(LiveReload.tag)\n")
        #expect(injected("</bod\u{0F}>") == "</bod\u{0F}>\n\(LiveReload.tag)\n")
    }
}
