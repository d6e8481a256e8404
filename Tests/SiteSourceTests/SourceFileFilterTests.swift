import SiteSource
import Testing

/// What editors and systems leave beside a blog's files is never read.
@Suite struct SourceFileFilterTests {
    @Test(arguments: [".DS_Store", "Thumbs.db", ".git", "post.md~", ".#post.md", "#post.md#", ".post.md.swp", ".post.md.swo",
                      ".style.css.swx", ".goutputstream-AB12CD"])
    func litterIsLeftOut(name: String) {
        #expect(SourceFileFilter.ignores(name))
    }

    @Test(arguments: [".well-known", ".htaccess", "#hashtags.md", "#", "##", "notes.swp", "post.md", "4913"])
    func filesOfTheBlogAreKept(name: String) {
        #expect(!SourceFileFilter.ignores(name))
    }

    @Test func hiddenNamesBelowAFolderAreHidden() {
        #expect(SourceFileFilter.isHidden("posts/.trash/2025-01-01-x.md", below: "posts"))
        #expect(SourceFileFilter.isHidden("posts/.draft.md", below: "posts"))
        #expect(SourceFileFilter.isHidden("pages/a/.b/c.md", below: "pages"))
        #expect(!SourceFileFilter.isHidden("posts/2025-01-01-x.md", below: "posts"))
        #expect(!SourceFileFilter.isHidden("posts/a.b/c.md", below: "posts"))
        #expect(!SourceFileFilter.isHidden("posts", below: "posts"))
    }
}
