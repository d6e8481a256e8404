import Testing

@testable import Serving

/// Only a name under the domain, with one valid label, ever names a preview.
@Suite struct HostRouteTests {
    @Test(arguments: [
        ("p.test", HostRoute.index), ("P.TEST", .index), ("p.test.", .index), ("p.test:8080", .index),
        ("post-hello.p.test", .site(label: "post-hello")), ("Post-Hello.P.Test:443", .site(label: "post-hello")),
        ("a.p.test.", .site(label: "a")), ("a1.p.test", .site(label: "a1")),
        ("a.b.p.test", .unknown), ("-x.p.test", .unknown), ("x-.p.test", .unknown), (".p.test", .unknown),
        ("\(String(repeating: "a", count: 64)).p.test", .unknown),
        ("evil.com", .foreign), ("p.test.evil.com", .foreign), ("xp.test", .foreign), ("127.0.0.1", .foreign), ("[::1]:8080", .foreign),
        ("a.p.test:80x", .foreign), ("a.p.test:65536", .foreign), ("a.p.test:99999", .foreign), ("a.p.test:", .foreign), ("a.p.test:123456", .foreign), ("a/..p.test", .foreign),
        ("a%2e.p.test", .foreign), ("a_b.p.test", .foreign), ("a\u{0}.p.test", .foreign), ("", .foreign), ("ä.p.test", .foreign),
        ("a..p.test", .unknown),
    ])
    func routes(_ authority: String, _ expected: HostRoute) {
        #expect(HostRoute(authority: authority, domain: "p.test") == expected, "\(authority)")
    }

    /// The production site's own domain, when it has one, and `www.` before it; nothing else there.
    @Test(arguments: [
        ("example.test", HostRoute.production), ("Example.Test.:443", .production), ("www.example.test", .productionAlias),
        ("blog.example.test", .foreign), ("www.www.example.test", .foreign), ("xexample.test", .foreign),
        ("p.test", .index), ("www.p.test", .site(label: "www")),
    ])
    func routesTheProductionDomain(_ authority: String, _ expected: HostRoute) {
        #expect(HostRoute(authority: authority, domain: "p.test", productionDomain: "example.test") == expected, "\(authority)")
        #expect(HostRoute(authority: authority, domain: "p.test") != .production)
    }
}
