import Foundation
@testable import Layouts
import SiteTestSupport
import Testing

@testable import Diagnostics
@testable import SiteCompiler

@Suite struct ThemeStringsTests {
    @Test func everyLanguageTheThemeShipsHasEveryWordEnglishHas() throws {
        let strings = try Theme.load(from: TestBlog().source).strings
        let english = strings.tables["en"] ?? [:]
        #expect(english.count > 20)
        for language in ["de", "fr", "es", "nl", "pt", "it", "ja"] {
            let table = try #require(strings.tables[language], "no \(language)")
            #expect(Set(table.keys) == Set(english.keys), "\(language): \(Set(english.keys).symmetricDifference(table.keys).sorted())")
            #expect(table.values.allSatisfy { !$0.isEmpty }, "\(language)")
        }
    }

    @Test func aRegionalLanguageFallsBackToItsBaseAndThenToEnglish() throws {
        var strings = ThemeStrings()
        var log = DiagnosticLog()
        strings.add("min_read: min read\narchive: Archive\n", language: "en", path: "en.yml", log: &log)
        strings.add("min_read: Min. Lesezeit\n", language: "de", path: "de.yml", log: &log)
        strings.add("archive: Archiv (CH)\n", language: "de-ch", path: "de-CH.yml", log: &log)
        #expect(log.isEmpty)
        #expect(strings.words(for: "de-CH") == ["min_read": "Min. Lesezeit", "archive": "Archiv (CH)"])
        #expect(strings.words(for: "de_AT") == ["min_read": "Min. Lesezeit", "archive": "Archive"])
        #expect(strings.words(for: "sv") == ["min_read": "min read", "archive": "Archive"])
        #expect(ThemeStrings.language(ofFile: "strings/pt-BR.yml") == "pt-br")
        #expect(ThemeStrings.language(ofFile: "strings/de/x.yml") == nil)
    }

    @Test func theSitesLanguagePicksTheThemesWords() throws {
        let blog = try DefaultThemeTests.blog(TestBlog.config + "language: de-CH\n")
        try blog.build()
        let post = try #require(blog.page("2019/10/08/one/index.html"))
        #expect(post.contains("1 Min. Lesezeit"))
        #expect(post.contains(#"<a href="/archive/">Archiv</a>"#))
        #expect(post.contains("Zum Inhalt springen"))
        let tag = try #require(blog.page("tags/swift/index.html"))
        #expect(tag.contains("<title>Beiträge mit dem Schlagwort „swift“ · Test Blog</title>"))
        #expect(try #require(blog.page("404.html")).contains("<h1>Seite nicht gefunden</h1>"))
        #expect(try #require(blog.page("archive/index.html")).contains("<h1>Archiv</h1>"))
        let japanese = try DefaultThemeTests.blog(TestBlog.config + "language: ja\n")
        try japanese.build()
        #expect(try #require(japanese.page("2019/10/08/one/index.html")).contains("1 分で読めます"))
    }

    @Test func galleyYmlsStringsOverrideOneWordAtATime() throws {
        let blog = try DefaultThemeTests.blog(TestBlog.config + "language: de\nstrings:\n  min_read: Minuten\n  my_own: Eigenes\n")
        try blog.build()
        let post = try #require(blog.page("2019/10/08/one/index.html"))
        #expect(post.contains("1 Minuten"))
        #expect(post.contains(#"<a href="/archive/">Archiv</a>"#))
    }

    @Test func stringsThatAreNotAMappingOfTextAreAnError() throws {
        let list = try DefaultThemeTests.blog(TestBlog.config + "strings: [a, b]\n")
        #expect(list.failure().map(\.description) == [#"galley.yml:7: 'strings' must be a mapping of the theme's words, such as `strings: { min_read: "minutes" }`"#])
        let nested = try DefaultThemeTests.blog(TestBlog.config + "strings:\n  min_read: [a]\n")
        #expect(nested.failure().map(\.description) == ["galley.yml:8: strings: 'min_read' must be text"])
    }

    @Test func aBlogAddsALanguageOfItsOwn() throws {
        let blog = try DefaultThemeTests.blog(TestBlog.config + "language: sv\n", ["layouts/strings/sv.yml": "archive: Arkiv\n"])
        try blog.build()
        let post = try #require(blog.page("2019/10/08/one/index.html"))
        #expect(post.contains(#"<a href="/archive/">Arkiv</a>"#))
        #expect(post.contains("1 min read"))
    }
}

extension ThemeStringsTests {
    /// cmark-gfm labels a footnote's link back in English; a page says it in the site's language
    /// (it said "Back to content" under `language: de`), a feed keeps the body as it was made.
    @Test func aFootnotesLinkBackIsLabelledInTheSitesLanguage() throws {
        let blog = try TestBlog(TestBlog.config + "language: de\n",
                                ["posts/2019-10-08-notes.md": TestBlog.post("title: Notes", "Text[^1].\n\n[^1]: A note.\n")])
        try blog.build()
        let post = try #require(blog.page("2019/10/08/notes/index.html"))
        #expect(post.contains(#"data-footnote-backref aria-label="Zurück zum Text">↩</a>"#), "\(post)")
        #expect(!post.contains("Back to content"))
        #expect(blog.page("feed.xml")?.contains("Back to content") == true)
    }
}
