import Testing

@testable import Serving

@Suite struct HTTP1SemanticsTests {
    /// The host of a request target that is a whole URL, which the request is for (RFC 9112
    /// §3.2.2); none for the usual path, or for what only looks like a URL.
    @Test func theHostOfATargetThatIsAWholeURL() {
        #expect(HTTP1Semantics.authority(ofAbsolute: "http://post-hello.p.test/notes/?x=1") == "post-hello.p.test")
        #expect(HTTP1Semantics.authority(ofAbsolute: "HTTPS://Example.com:8443") == "Example.com:8443")
        #expect(HTTP1Semantics.authority(ofAbsolute: "http://user:secret@example.com/a") == "example.com")
        #expect(HTTP1Semantics.authority(ofAbsolute: "http://[::1]:4000?q") == "[::1]:4000")
        #expect(HTTP1Semantics.authority(ofAbsolute: "http://example.com#top") == "example.com")
        for target in ["/", "/http://example.com/", "*", "example.com:443", "ftp://example.com/", "http:/example.com", "http:///path", ""] {
            #expect(HTTP1Semantics.authority(ofAbsolute: target) == nil, "\(target)")
        }
    }
}
