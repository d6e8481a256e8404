import Foundation
@testable import Layouts
@testable import SiteContent
import SiteSource
import SiteTestSupport
import Testing

@testable import Dates
@testable import FrontMatter
@testable import LayoutScanning
@testable import SiteCompiler
@testable import Text

@Suite struct ScaffoldTests {
    @Test(arguments: [
        "Plain", "Tom \"Bombadil\": a life", "- starts like a list", "# not a comment", "back\\slash", "tab\there",
        "new\nline", "Ça va?", "{{ not a template }}", "yes", "null", "  spaced  ", "ends with a backslash\\",
    ])
    func quotedTextReadsBackAsItself(_ text: String) throws {
        let parsed = try YAMLValue.parse("title: \(FrontMatterText.quoted(text))\n", path: "x.yml")
        #expect(parsed["title"]?.string == text)
    }

    @Test func aNewBlogsSettingsReadBackWithoutWarnings() throws {
        let scaffold = SiteScaffold(title: "A: \"Blog\"", baseURL: URL(string: "https://example.com/blog/"),
                                    timeZone: TimeZone(identifier: "Europe/Berlin")!, now: TestBlog.now)
        let files = Dictionary(uniqueKeysWithValues: scaffold.files.map { ($0.path, $0.text) })
        let config = try SiteConfig.load(from: MemorySource(files))
        #expect(config.title == "A: \"Blog\"")
        #expect(config.baseURL.absoluteString == "https://example.com/blog/")
        #expect(config.timeZone.identifier == "Europe/Berlin")
        #expect(config.warnings.isEmpty)
        #expect(files["posts/2025-06-01-welcome.md"]?.contains("date: 2025-06-01T14:00:00+02:00\n") == true)
        // Every key the settings set is one Galley knows.
        let keys = try YAMLValue.parse(files["galley.yml"]!, path: "galley.yml").pairs!.map(\.key)
        #expect(keys.allSatisfy(SiteConfig.keys.contains))
    }

    @Test func aTimezoneThatIsNoIANANameIsUTC() {
        let files = SiteScaffold(title: "T", timeZone: TimeZone(secondsFromGMT: 3600)!).files
        #expect(files.first { $0.path == "galley.yml" }?.text.contains("\ntimezone: UTC\n") == true)
    }

    @Test func longTitlesGetSlugsCutAtAHyphen() {
        let post = PostScaffold(title: String(repeating: "word ", count: 30))
        #expect(post.slug.count <= PostScaffold.longestSlug)
        #expect(post.slug.hasSuffix("word"))
        #expect(PostScaffold(title: "日本語").slug == "post")
    }
}

@Suite struct MistakeCheckTests {
    @Test func editDistanceCountsASwapAsOne() {
        #expect(EditDistance.between("titel", "title") == 1)
        #expect(EditDistance.between("", "abc") == 3)
        #expect(EditDistance.suggestion(for: "Base-URL", among: SiteConfig.keys) == "base_url")
        #expect(EditDistance.suggestion(for: "twitter", among: SiteConfig.keys) == nil)
    }

    @Test func aKeyNearOneThatIsSetIsTheBlogsOwn() {
        #expect(SiteConfig.meant(by: "titles", setKeys: ["title", "titles"]) == nil)
        #expect(SiteConfig.meant(by: "titles", setKeys: ["titles"]) == "title")
        #expect(SiteConfig.meant(by: "url", setKeys: ["url"]) == "base_url")
    }

    @Test func theDefaultThemeReadsOnlyNamesGalleyGives() throws {
        let theme = try Theme.load(from: TestBlog().source)
        // The theme's own words (`site.strings.*`) count, as in a build.
        #expect(LayoutVocabulary.unknownNames(in: theme.texts, origins: theme.origins, blogNames: Set(theme.words.keys)) == [])
        #expect(!LayoutVocabulary.unknownNames(in: theme.texts, origins: theme.origins, blogNames: []).isEmpty)
    }

    @Test func unknownDatePatternLetters() {
        #expect(DatePattern.unknownLetters(in: "d MMMM yyyy") == [])
        #expect(DatePattern.unknownLetters(in: "MMMM do, yyyy 'Quarter' Q") == ["Q"])
        #expect(SiteConfig.datePatternProblem("%Y-%m-%d") != nil)
    }
}
