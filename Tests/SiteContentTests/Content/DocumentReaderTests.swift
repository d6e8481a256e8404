import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler
@testable import SiteContent

@Suite struct DocumentReaderTests {
    @Test func frontMatterKeysBecomeThePost() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-file-slug.md": """
                ---
                title: "Hello: again"
                date: 2019-10-08 01:34
                updated: 2019-10-09
                slug: custom-slug
                tags: swift, iPad
                summary: A *short* summary.
                aliases: /old/
                weight: 3
                cover: photo.jpg
                ---
                Body text.
                """
        ])
        try blog.build()
        let page = try #require(blog.page("2019/10/08/custom-slug/index.html"))
        #expect(page.contains("<h1 class=\"p-name\">Hello: again</h1>"))
        #expect(page.contains("<time datetime=\"2019-10-08T01:34:00+02:00\">8 October 2019</time>"))
        #expect(page.contains("updated <time datetime=\"2019-10-09T00:00:00+02:00\">"))
        #expect(page.contains("<a href=\"/tags/ipad/\">#iPad</a>"))
        #expect(page.contains("<meta name=\"description\" content=\"A short summary.\">"))
        #expect(blog.page("old/index.html")?.contains("url=https://example.com/2019/10/08/custom-slug/") == true)
        #expect(blog.page("index.html")?.contains("<p>A <em>short</em> summary.</p>") == true)
    }

    @Test func aPostWithoutADateAnywhereIsAnError() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/undated.md": TestBlog.post("title: Undated")])
        #expect(blog.failure().map(\.description) == [
            "posts/undated.md:1: no date: add `date: 2019-10-08` to the front matter or start the file name with the date (2019-10-08-undated.md)"
        ])
    }

    @Test func badValuesAreReportedAtTheirLines() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-bad.md": """
                ---
                title: Bad
                date: next tuesday
                draft: perhaps
                slug: ../../etc
                aliases: [../../up, /fine/, /../up/]
                tags: [ok, "😀"]
                audio:
                  url: https://cdn.example.com/a.mp3
                ---
                Text
                """
        ])
        let found = blog.failure().map { "\($0.line ?? 0): \($0.message)" }
        #expect(found == [
            "3: 'date' is not a date: 'next tuesday'; write 2019-10-08, 2019-10-08 01:34 or 2019-10-08T01:34:00+02:00",
            "4: 'draft' must be true or false",
            "5: slug '../../etc' may only hold letters, digits, '-', '_', '.' and '~'",
            "6: alias '../../up' climbs above the site's root",
            "6: alias '/../up/' must not contain '.' or '..' segments",
            "7: tag '😀' needs at least one letter or digit to make an address from",
            "9: audio on another host needs its length in bytes",
        ])
    }

    @Test(arguments: ["javascript:alert(1)", "JavaScript:alert(1)", "data:audio/mpeg;base64,AAAA", "episode.mp3", "//cdn.example.com/a.mp3", "ftp://x/a.mp3"])
    func audioThatIsNoFileOfTheBlogNorAWebAddressIsRefused(url: String) throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-episode.md": "---\ntitle: Episode\naudio:\n  url: \"\(url)\"\n  length: 1000\n  type: audio/mpeg\n---\nText\n"
        ])
        #expect(blog.failure().map { "\($0.line ?? 0): \($0.message)" }
            == ["4: audio url '\(url)' must be a path under the blog's root (/audio/episode-1.mp3) or an http(s) address"])
    }

    @Test func unclosedFrontMatterIsAnError() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-open.md": "---\ntitle: Open\n\nNo closing line.\n"])
        #expect(blog.failure().map(\.description) == [
            "posts/2019-10-08-open.md:3: front matter not closed: the block opened on line 1 has no closing '---' line; put one after its last key"
        ])
    }

    @Test func unreadableAndNonUTF8FilesAreErrors() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-ok.md": TestBlog.post("title: OK")])
        try blog.write("posts/2019-10-09-latin1.md", Data([0x2D, 0x2D, 0x2D, 0x0A, 0x74, 0x3A, 0xE9, 0x0A, 0x2D, 0x2D, 0x2D, 0x0A]))
        try blog.write("posts/2019-10-10-locked.md", TestBlog.post("title: Locked"))
        chmod(blog.root.appending(path: "posts/2019-10-10-locked.md").path, 0)
        defer { chmod(blog.root.appending(path: "posts/2019-10-10-locked.md").path, 0o644) }
        let diagnostics = blog.failure()
        #expect(diagnostics.first?.description
            == "posts/2019-10-09-latin1.md:2: file is not valid UTF-8 text: the byte 0xE9 here is not UTF-8 (was it saved as Latin-1 or Windows-1252?); save the file as UTF-8")
        #expect(diagnostics.first?.column == 3)
        if getuid() != 0 {  // root reads any file
            #expect(diagnostics.last?.description == "posts/2019-10-10-locked.md: cannot read file: Permission denied")
        }
    }

    /// Each kind of bad sequence is found where it starts, and valid text of every length is not.
    @Test func theFirstByteThatIsNotUTF8IsFound() {
        #expect(SourceText.firstInvalidByte(in: Array("plain, é, 日本, 🎉".utf8)) == nil)
        for (bytes, offset) in [([0x61, 0xE9, 0x62], 1), ([0x61, 0xC3], 1), ([0xC0, 0x80], 0), ([0xE0, 0x80, 0x80], 0),
                                ([0xED, 0xA0, 0x80], 0), ([0xF4, 0x90, 0x80, 0x80], 0), ([0x61, 0x62, 0xF0, 0x9F, 0x8E], 2),
                                ([0xE2, 0x82, 0x41], 0), ([0x80], 0), ([0xFF], 0)] as [([UInt8], Int)] {
            #expect(SourceText.firstInvalidByte(in: bytes) == offset, "\(bytes)")
            #expect(String(validating: bytes, as: UTF8.self) == nil, "\(bytes)")
        }
    }

    @Test func windowsLineEndingsAndAByteOrderMarkAreFine() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-crlf.md": "\u{FEFF}---\r\ntitle: CRLF\r\ntags: [a]\r\n---\r\n\r\nHello **there**.\r\n"
        ])
        try blog.build()
        #expect(blog.page("2019/10/08/crlf/index.html")?.contains("Hello <strong>there</strong>.") == true)
    }

    @Test func audioLengthAndTypeComeFromTheStaticFile() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-episode.md": TestBlog.post("title: Episode\naudio:\n  url: /audio/one.mp3\n  duration: 1:02:03"),
            "static/audio/one.mp3": String(repeating: "x", count: 1234),
        ])
        try blog.build()
        let rss = try #require(blog.page("feed.xml"))
        #expect(rss.contains(#"<enclosure url="https://example.com/audio/one.mp3" length="1234" type="audio/mpeg"/>"#))
        #expect(rss.contains("<itunes:duration>1:02:03</itunes:duration>"))
        let json = try #require(blog.page("feed.json"))
        #expect(json.contains(#""duration_in_seconds" : 3723"#))
        #expect(json.contains(#""size_in_bytes" : 1234"#))
        #expect(blog.page("atom.xml")?.contains(#"<link rel="enclosure" href="https://example.com/audio/one.mp3" length="1234" type="audio/mpeg"/>"#) == true)
    }

    @Test func postFoldersPublishTheirFilesBesideThePost() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-trip/index.md": TestBlog.post("title: Trip", "![view](view.jpg)\n\nMore."),
            "posts/2019-10-08-trip/view.jpg": "jpeg bytes",
            "posts/2019-10-08-trip/raw/map.gpx": "gpx",
            "posts/stray.png": "stray",
        ])
        let report = try blog.build()
        #expect(blog.page("2019/10/08/trip/view.jpg") == "jpeg bytes")
        #expect(blog.page("2019/10/08/trip/raw/map.gpx") == "gpx")
        #expect(blog.page("stray.png") == nil)
        #expect(report.warnings.map(\.path) == ["posts/stray.png"])
        // On the home page the relative image must still find the photo.
        #expect(blog.page("index.html")?.contains(#"src="/2019/10/08/trip/view.jpg""#) == true)
    }

    /// A post's folder is whole, as a Hugo leaf bundle is: an `index.md` deeper in it is one of
    /// its files, published beside it, never a post of its own (whatever order the folders are
    /// met in: six of them, so that no lucky order passes).
    @Test func anIndexFileDeeperInAPostFolderIsOneOfItsFiles() throws {
        var files: [String: String] = [:]
        for day in 1...6 {
            files["posts/2019-10-0\(day)-trip/index.md"] = TestBlog.post("title: Trip \(day)")
            files["posts/2019-10-0\(day)-trip/photos/deep/index.md"] = TestBlog.post("title: Deep \(day)\ndate: 2024-02-0\(day)")
        }
        let blog = try TestBlog(TestBlog.config, files)
        try blog.build()
        for day in 1...6 {
            #expect(blog.page("2024/02/0\(day)/deep/index.html") == nil, "day \(day)")
            #expect(blog.page("2019/10/0\(day)/trip/photos/deep/index.md")?.contains("title: Deep \(day)") == true, "day \(day)")
        }
        #expect(blog.page("archive/index.html")?.contains("Deep") == false)
    }

    @Test func pagesLiveAtTheirPathAndKeepTheirFiles() throws {
        let blog = try TestBlog(TestBlog.config, [
            "pages/about.md": TestBlog.post("title: About"),
            "pages/projects/index.md": TestBlog.post("title: Projects"),
            "pages/projects/galley.md": TestBlog.post("title: Galley"),
            "pages/projects/shot.png": "png",
            "pages/contact.md": TestBlog.post("title: Contact\nslug: write-to-me"),
        ])
        try blog.build()
        #expect(blog.page("about/index.html") != nil)
        #expect(blog.page("projects/index.html") != nil)
        #expect(blog.page("projects/galley/index.html") != nil)
        #expect(blog.page("projects/shot.png") == "png")
        #expect(blog.page("write-to-me/index.html") != nil)
    }

    @Test func aSymlinkLoopInStaticIsFollowedOnce() throws {
        let blog = try TestBlog(TestBlog.config, ["static/images/a.png": "png"])
        symlink("..", blog.root.appending(path: "static/images/loop").path)
        try blog.build()
        #expect(blog.page("images/a.png") == "png")
    }

    /// `path` is Zola's, and Zola writes TOML: in YAML it is a key like any other, which a
    /// blog of Galley's may already use for its own ends.
    @Test func pathIsAnAddressInTOMLOnly() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-yaml.md": TestBlog.post("title: YAML\npath: /somewhere/"),
            "posts/2019-10-09-toml.md": "+++\ntitle = \"TOML\"\npath = \"elsewhere/deeper\"\n+++\n\nText.\n",
            "layouts/post.mustache": "{{page.params.path}}",
        ])
        try blog.build()
        #expect(blog.page("2019/10/08/yaml/index.html") == "/somewhere/")
        #expect(blog.page("elsewhere/deeper/index.html") == "elsewhere/deeper")
        #expect(blog.page("somewhere/index.html") == nil)
    }

    /// A post's own address takes the first of Jekyll's, Hugo's and Zola's keys it has, and a
    /// page's too; placeholders are a post's only, since a page has no date.
    @Test func ownAddressesOfPostsAndPages() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-both.md": TestBlog.post("title: Both\npermalink: /by-permalink/\nurl: /by-url/"),
            "posts/2019-10-09-pattern.md": TestBlog.post("title: Pattern\ncategories: [Notes]\npermalink: /:categories/:year/:slug.html"),
            "pages/about.md": TestBlog.post("title: About\nurl: /me"),
        ])
        try blog.build()
        #expect(blog.page("by-permalink/index.html") != nil && blog.page("by-url/index.html") == nil)
        #expect(blog.page("notes/2019/pattern.html")?.contains("<h1 class=\"p-name\">Pattern</h1>") == true)
        #expect(blog.page("me/index.html")?.contains("About") == true)
        #expect(blog.page("index.html")?.contains("href=\"/me/\"") == true, "the navigation links the page where it is")
    }

    /// `:title` by Hugo's rule keeps dots and slashes, and its address stays inside the site:
    /// a title that would leave its folder stops the build at the title's line.
    @Test func titlesByHugosRuleMakeAddressesThatStayInside() throws {
        let config = TestBlog.config + "permalink: /posts/:title/\nslugs: hugo\n"
        let blog = try TestBlog(config, [
            "posts/2019-10-01-net.md": TestBlog.post("title: Notes on .NET Internals"),
            "posts/2019-10-02-tls.md": TestBlog.post("title: Inspecting SSL/TLS Traffic"),
        ])
        try blog.build()
        #expect(blog.page("posts/notes-on-.net-internals/index.html") != nil)
        #expect(blog.page("posts/inspecting-ssl/tls-traffic/index.html") != nil)

        for (title, problem) in [("../x", "has a '.' or '..' in it"), ("a//b", "has an empty name in it"), (".", "has a '.' or '..' in it"),
                                 ("?!", "is empty")] {
            let hostile = try TestBlog(config, ["posts/2019-10-01-bad.md": "---\ndate: 2019-10-01\ntitle: \"\(title)\"\n---\n\nText.\n"])
            let messages = hostile.failure().map(\.description)
            #expect(messages.count == 1, "\(title): \(messages)")
            #expect(messages.first?.hasPrefix("posts/2019-10-01-bad.md:3: the title makes") == true, "\(messages)")
            #expect(messages.first?.contains(problem) == true, "\(messages)")
        }
        // Its own address lets a post keep any title.
        let own = try TestBlog(config, ["posts/2019-10-01-own.md": TestBlog.post("title: \"../x\"\nurl: /own/")])
        try own.build()
        #expect(own.page("own/index.html") != nil)
    }
}
