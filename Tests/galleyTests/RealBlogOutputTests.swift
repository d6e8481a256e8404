import Foundation
import TestThreads
import Testing

/// Real blogs nobody here wrote, built by the `galley` binary as they are and checked as the
/// sample blog is: the "done means" of moving a blog to Galley. What each blog's authors linked
/// outside the blog as we hold it is excused, and so is what a setting of the original site,
/// which the fixture's galley.yml leaves out, would mend: `galley import` carries those settings,
/// and RealBlogImportTests shows the links they mend working.
@Suite(.onBlockingPool, .enabled(if: RealBlogFixtures.folder != nil, "needs shared/fixtures/real beside the repository or a folder above it"))
struct RealBlogOutputTests {
    static var fixtures: URL { RealBlogFixtures.folder! }

    @Test func theJekyllProjectsNewsPassesEveryCheck() throws {
        let site = try BuiltSite(Self.fixtures.appending(path: "jekyll-docs"), base: URL(string: "https://jekyllrb.com/")!)
        let usesRepository = site.postAddresses.contains("site.repository")
        try SiteChecks(site: site).expectAllGood(feedEntries: 20, links: LinkExpectations(
            // Pages of jekyllrb.com beside its news, and images of that site, none of them in the
            // fixture; /_docs/ is where {% link _docs/x.md %} leaves a link to its docs collection.
            outsideTheBlog: ["/_docs/", "/docs/", "/help/", "/img/", "/philosophy/", "/team/", "/tutorials/"],
            settingsLeftOut: [
                // Release notes link GitHub as {{ site.repository }}/issues/1037; Jekyll's _config.yml
                // sets `repository`, the fixture's galley.yml does not, so the links print as
                // /issues/1037, and the build says to add it to galley.yml.
                LinkExpectations.SettingLeftOut(cause: "`repository`, which the fixture's galley.yml leaves out", spelledOut: false) {
                    usesRepository && $0.path.range(of: #"^/(issues|pull|releases|commit|compare)(/|$)"#, options: .regularExpression) != nil
                },
            ]))
    }

    @Test func theLetsEncryptBlogPassesEveryCheck() throws {
        let site = try BuiltSite(Self.fixtures.appending(path: "letsencrypt"), base: URL(string: "https://letsencrypt.org/")!)
        let pages = Set(site.pages)
        try SiteChecks(site: site).expectAllGood(feedEntries: 20, links: LinkExpectations(
            // The rest of letsencrypt.org (documentation, donations, statistics, certificates, PDFs)
            // and the images its posts show, which the fixture does not include.
            outsideTheBlog: ["/about/", "/certificates", "/certs/", "/docs/", "/documents/", "/donate", "/downloads/", "/getinvolved/",
                             "/getting-started/", "/images/", "/opt-in/", "/repository/", "/sponsors/", "/stats", "/upcoming-features/"],
            settingsLeftOut: [
                // Posts link each other at letsencrypt.org's addresses, which are files
                // (/2015/10/19/lets-encrypt-is-trusted.html: its hugo.toml sets `uglyURLs` for
                // posts). The fixture's galley.yml keeps Galley's default permalink, so the posts are
                // folders; the server configs Galley ships answer the .html address with the folder
                // (scripts/check-server-configs checks it), a bare folder of files does not.
                LinkExpectations.SettingLeftOut(cause: "a permalink ending in .html, which the fixture's galley.yml leaves out") { link in
                    guard link.problem == .noSuchFile, link.path.hasSuffix(".html") else { return false }
                    return pages.contains(String(link.path.dropFirst().dropLast(".html".count)) + "/index.html")
                },
            ]),
            // A post embeds a chart with {{< plotly >}}, a shortcode of letsencrypt.org's own theme,
            // which the fixture does not have: printed as it is, and the warning asks for
            // layouts/shortcodes/plotly.mustache, not for a change to the post.
            themeShortcodes: ["plotly"])
    }
}
