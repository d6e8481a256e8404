import SiteCompiler
@testable import SiteContent
import SiteSource
import Testing

@testable import SiteImport

@Suite struct GalleySettingsTests {
    @Test func whateverTheTextItReadsBackTheSame() throws {
        var settings = GalleySettings(origin: "Jekyll")
        settings.title = #"He said: "hi" # not a comment"#
        settings.description = "Two\nlines, 'quotes', émoji 📮, a tab\t and \\ backslash"
        settings.author = GalleySettings.Author(name: "O'Brien", email: "ob@example.com")
        settings.baseURL = "https://example.com/blog/"
        settings.timezone = "Europe/Berlin"
        settings.permalink = "/:year/:slug/"
        settings.permalinkDates = "site"
        settings.perPage = 7
        settings.language = "de-AT"
        settings.params = [
            GalleySettings.Param(key: "quoted", value: .scalar("yes", plain: false, line: 1)),
            GalleySettings.Param(key: "nested", value: .mapping([("list", .sequence([.scalar("a: b", plain: true, line: 1)], line: 1))], line: 1)),
        ]
        let text = try settings.yaml()
        #expect(text.hasPrefix("# Made by `galley import` from a Jekyll site's settings.\n"))
        let config = try SiteConfig.load(from: MemorySource(["galley.yml": text]))
        #expect(config.title == settings.title)
        #expect(config.description == settings.description)
        #expect(config.author == SiteConfig.Author(name: "O'Brien", email: "ob@example.com"))
        #expect(config.baseURL.absoluteString == "https://example.com/blog/")
        #expect(config.permalink.pattern == "/:year/:slug/")
        #expect(config.permalinkDates == .site)
        #expect(config.perPage == 7)
        #expect(config.language == "de-AT")
        #expect(config.params["quoted"]?.string == "yes")
        #expect(config.params["quoted"]?.bool == nil, "quoted text stays text")
        #expect(config.params["nested"]?["list"]?.items?.first?.string == "a: b")
    }
}
