import Testing

@testable import ServerConfigs

/// What goes into a configuration is checked, and the production parts come only when asked for.
/// (scripts/check-server-configs loads the output into real nginx and Apache servers.)
@Suite struct ServerConfigTests {
    @Test(arguments: ["relative/path", "/srv/x y", "/srv/a;b", "/srv/{x}", "/srv/\"x\"", "/srv/$x", "/srv/../etc", "/", "/srv/%0", "/srv/a\nb"])
    func foldersThatCouldBreakALineAreRefused(_ root: String) {
        #expect(throws: ServerConfigError.self) { try ServerConfig(root: root, domain: "previews.example.com") }
    }

    @Test(arguments: ["previews", "a..b.com", "-a.example.com", "a_b.example.com", "p.example.com;", "*.example.com", "ä.example.com"])
    func namesThatAreNotDomainsAreRefused(_ domain: String) {
        #expect(throws: ServerConfigError.self) { try ServerConfig(root: "/srv/previews", domain: domain) }
    }

    @Test func productionComesWithBothItsFolderAndItsName() throws {
        #expect(throws: ServerConfigError.self) { try ServerConfig(root: "/srv/p", domain: "p.example.com", productionRoot: "/var/www/blog") }
        #expect(throws: ServerConfigError.self) {
            try ServerConfig(root: "/srv/p", domain: "p.example.com", productionRoot: "/var/www/blog", productionDomain: "www.p.example.com")
        }
    }

    @Test(arguments: ServerConfig.Server.allCases)
    func withoutProductionOnlyThePreviewsAreServed(_ server: ServerConfig.Server) throws {
        let config = try ServerConfig(root: "/srv/my.previews/", domain: "Previews.Example.COM.")
        let text = config.text(for: server)
        #expect(!text.contains("@".appending("PRODUCTION")) && !text.contains("/var/www") && !text.contains("#@"))
        #expect(!text.contains(" example.com") && !text.contains("www."))
        #expect(text.contains("/srv/my.previews/<label>") && !text.contains("/srv/my.previews//"))
        #expect(text.contains(#"\.previews\.example\.com$"#))
        #expect(text.contains("Made by: galley server-config \(server.rawValue) --root /srv/my.previews --domain previews.example.com"))
        if server == .apache { #expect(text.contains(#"<DirectoryMatch "^/srv/my\.previews/\.galley">"#)) }
        let withProduction = try ServerConfig(root: "/srv/p", domain: "p.example.com", productionRoot: "/var/www/blog", productionDomain: "example.com")
            .text(for: server)
        #expect(withProduction.contains("/var/www/blog/current") && withProduction.contains("www.example.com"))
        #expect(text.hasSuffix("\n") && !text.contains("@DOMAIN") && !withProduction.contains("@HTTP"))
    }
}
