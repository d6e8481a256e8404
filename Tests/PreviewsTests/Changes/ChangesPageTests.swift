import Digests
import Foundation
import SiteSource
import TestThreads
import Testing

@testable import Previews

/// `/_galley/changes/` on a preview: what its branch changes against production.
@Suite(.onBlockingPool) struct ChangesPageTests {
    /// Production, then a preview whose branch edits one post's opening words: the page lists that
    /// post and the pages that show its opening (home and its tag's), nothing else.
    @Test func aPreviewThatEditsOnePostListsThatPostAndThePagesShowingIt() async throws {
        let previews = try TemporaryFolder(), production = try TemporaryFolder(), cache = try TemporaryFolder()
        let fixture = try GitFixture()
        try fixture.write("posts/2020-01-02-tea.md", "---\ntitle: Tea\ntags: [drinks]\n---\nA cup of tea.\n\nMore about tea.\n")
        try fixture.write("posts/2020-01-03-maps.md", "---\ntitle: Maps\ntags: [travel]\n---\nOld maps.\n")
        try fixture.write("pages/about.md", "---\ntitle: About\n---\nAbout this blog.\n")
        let deployer = try PreviewDeployer(.init(destination: LocalDestination(root: previews.url), domain: "previews.example.com",
                                                 production: .production(in: LocalDestination(root: production.url)), cacheDirectory: cache.url))
        let source = DirectorySource(root: fixture.work)
        _ = try await deployer.deploy(source, branch: "main", commit: nil)
        #expect(production.read(".galley/digests")?.isEmpty != false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: production.url.appending(path: ".galley/digests").path).count == 1)

        // The same commit as a preview: nothing differs but the address.
        _ = try await deployer.deploy(source, branch: "post/same", commit: nil)
        let same = try #require(previews.read("post-same.previews.example.com/_galley/changes/index.html"))
        #expect(same.contains("This preview shows the same pages as production"), "\(same)")
        #expect(!same.contains("Warnings"), "a build that warned of nothing has no warnings to list")

        // New opening words: the post, and the home page, which shows each post's opening.
        try fixture.write("posts/2020-01-02-tea.md", "---\ntitle: Tea\ntags: [drinks]\n---\nA pot of <em>green</em> tea.\n\nMore about tea.\n")
        _ = try await deployer.deploy(source, branch: "post/tea", commit: nil, subject: "Green tea")
        let page = try #require(previews.read("post-tea.previews.example.com/_galley/changes/index.html"))
        #expect(Self.links(in: Self.section("Changed pages", of: page)) == ["/2020/01/02/tea/", "/"], "\(page)")
        #expect(!page.contains("New pages") && !page.contains("Removed pages") && !page.contains("Other files"), "\(page)")
        #expect(page.contains("<a href=\"https://blog.example.com/2020/01/02/tea/\">production</a>"))
        #expect(page.contains("<code>feed.xml</code></a>: 1 changed entry"), "\(page)")
        #expect(page.contains("Green tea") && page.contains("<meta name=\"robots\" content=\"noindex\">"))

        // A new title: every page that shows it (its tag's, the archive, its neighbours' links).
        try fixture.write("posts/2020-01-02-tea.md", "---\ntitle: Green tea\ntags: [drinks]\n---\nA pot of <em>green</em> tea.\n\nMore about tea.\n")
        _ = try await deployer.deploy(source, branch: "post/tea", commit: nil)
        let retitled = try #require(previews.read("post-tea.previews.example.com/_galley/changes/index.html"))
        #expect(Self.links(in: Self.section("Changed pages", of: retitled))
            == ["/2020/01/01/first/", "/2020/01/02/tea/", "/2020/01/03/maps/", "/404.html", "/archive/", "/", "/tags/drinks/"], "\(retitled)")
        #expect(!retitled.contains("/tags/travel/") && !retitled.contains("/about/"))

        // A new post and a removed page.
        try fixture.write("posts/2020-01-04-new.md", "---\ntitle: New & shiny\n---\nNew words.\n")
        try fixture.remove("pages/about.md")
        _ = try await deployer.deploy(source, branch: "post/tea", commit: nil)
        let next = try #require(previews.read("post-tea.previews.example.com/_galley/changes/index.html"))
        #expect(Self.links(in: Self.section("New pages", of: next)) == ["/2020/01/04/new/"], "\(next)")
        #expect(next.contains("New &amp; shiny"))
        #expect(Self.section("Removed pages", of: next).contains("https://blog.example.com/about/"), "\(next)")
        #expect(next.contains("<code>feed.xml</code></a>: 1 changed, 1 new entries"), "\(next)")
        // The sitemap lists the new page and no longer the removed one.
        #expect(Self.links(in: Self.section("Other files", of: next)) == ["/sitemap.xml"], "\(next)")
    }

    @Test func withoutProductionThePageSaysWhy() async throws {
        let previews = try TemporaryFolder(), cache = try TemporaryFolder()
        let fixture = try GitFixture()
        let deployer = try PreviewDeployer(.init(destination: LocalDestination(root: previews.url), domain: "previews.example.com", cacheDirectory: cache.url))
        _ = try await deployer.deploy(DirectorySource(root: fixture.work), branch: "post/x", commit: nil)
        let page = try #require(previews.read("post-x.previews.example.com/_galley/changes/index.html"))
        #expect(page.contains("give the deploys of previews --production-to as well"))
    }

    /// Each file's digest and title are its own, however the files are shared out between
    /// threads; robots.txt is left out; measured again, only a file whose size or time changed
    /// is read.
    @Test func eachFileIsMeasuredAsItselfAndReadAgainOnlyWhenItChanged() throws {
        let folder = try TemporaryFolder()
        let base = "https://p.example.com/"
        func write(_ path: String, _ text: String) throws {
            let file = folder.url.appending(path: path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        var pages: [String: String] = [:]
        for number in 0..<300 {
            let path = "\(number % 7)/\(number)/index.html"
            pages[path] = "<html><head><title>Page \(number)</title></head><body><a href=\"\(base)\(number)/\">"
                + String(repeating: "x", count: number) + "</a></body></html>\n"
            try write(path, pages[path]!)
        }
        let feed = "<feed><entry><id>urn:a</id><title>A</title></entry><entry><id>urn:b</id><title>B</title></entry></feed>\n"
        try write("feed.xml", feed)
        try write("robots.txt", "User-agent: *\nDisallow: /\n")

        let digests = OutputDigests.measure(folder.url, baseURL: base, previous: nil)
        #expect(Set(digests.files.keys) == Set(pages.keys).union(["feed.xml"]))
        for (path, text) in pages {
            let normal = OutputDigests.normalized(Array(text.utf8), path: path, baseURL: base)
            #expect(digests.files[path]?.digest == OutputDigests.hex(SHA256.hash(data: normal)), "\(path)")
            #expect(digests.files[path]?.title == "Page \(path.split(separator: "/")[1])")
        }
        #expect(digests.feeds["feed.xml"].map { Set($0.keys) } == ["urn:a", "urn:b"])

        // A file rewritten to the same size and time is taken as unchanged (not read); one of
        // another size is read again.
        let kept = folder.url.appending(path: "1/1/index.html")
        var info = stat()
        #expect(stat(kept.path, &info) == 0)
        try Data(pages["1/1/index.html"]!.replacingOccurrences(of: "Page 1<", with: "Page Z<").utf8).write(to: kept)
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, kept.path, &times, 0) == 0)
        try write("0/0/index.html", "<html><head><title>Changed</title></head></html>\n")
        let again = OutputDigests.measure(folder.url, baseURL: base, previous: digests)
        #expect(again.files["1/1/index.html"] == digests.files["1/1/index.html"])
        #expect(again.files["0/0/index.html"]?.title == "Changed")
        #expect(again.files.filter { $0.key != "0/0/index.html" } == digests.files.filter { $0.key != "0/0/index.html" })
        #expect(again.feeds == digests.feeds)

        // Stopped, the measure reads no more: only what the digests before vouch for is there.
        try write("0/0/index.html", "<html><head><title>Changed again, longer</title></head></html>\n")
        let stopped = OutputDigests.measure(folder.url, baseURL: base, previous: again) { true }
        #expect(stopped.files["0/0/index.html"] == nil && stopped.files.count == again.files.count - 1)
    }

    /// A deploy told to stop does not wait out its build's digests, and keeps none of them for
    /// the next deploy to trust.
    @Test func digestsAskedOfAStoppedDeployAreNeitherMadeNorKept() async throws {
        let folder = try TemporaryFolder(), cache = try TemporaryFolder()
        let build = folder.url.appending(path: "site")
        for number in 0..<50 {
            let page = build.appending(path: "\(number)/index.html")
            try FileManager.default.createDirectory(at: page.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("<html><head><title>Page \(number)</title></head></html>\n".utf8).write(to: page)
        }
        let deployer = try PreviewDeployer(.init(destination: LocalDestination(root: folder.url.appending(path: "previews")),
                                                 domain: "p.example.com", cacheDirectory: cache.url))
        let stopped = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await deployer.digests(of: build, baseURL: "https://p.example.com/")
        }
        #expect(await stopped.value.files.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: PreviewDeployer.digestsFile(of: build).path))
        let digests = await deployer.digests(of: build, baseURL: "https://p.example.com/")
        #expect(digests.files.count == 50)
        #expect(FileManager.default.fileExists(atPath: PreviewDeployer.digestsFile(of: build).path))
    }

    @Test func digestsLeaveOutWhatAlwaysDiffers() {
        let preview = Array("<head>\n<meta name=\"robots\" content=\"noindex\">\n<link href=\"https://p.example.com/x/\">{\"u\":\"https:\\/\\/p.example.com\\/\"}".utf8)
        let production = Array("<head>\n<link href=\"https://blog.example.com/x/\">{\"u\":\"https:\\/\\/blog.example.com\\/\"}".utf8)
        #expect(OutputDigests.normalized(preview, path: "a.html", baseURL: "https://p.example.com/")
            == OutputDigests.normalized(production, path: "a.html", baseURL: "https://blog.example.com"))
        #expect(OutputDigests.normalized(preview, path: "a.png", baseURL: "https://p.example.com/") == preview)
        #expect(PageText.title(in: Array("<html><head><title> Tea &amp; maps &#8212; &#x41; </title>".utf8)) == "Tea & maps \u{2014} A")
        #expect(PageText.title(in: Array("<p>no title".utf8)) == nil)
        #expect(PageText.title(in: Array("<title>Unclosed".utf8)) == nil)
        func replaced(_ text: String, _ pattern: String, _ with: String) -> String {
            String(decoding: OutputDigests.replacing(Array(pattern.utf8), with: Array(with.utf8), in: Array(text.utf8)), as: UTF8.self)
        }
        #expect(replaced("abab-aba-ab", "ab", "X") == "XX-Xa-X")
        #expect(replaced("aaa", "aa", "b") == "ba")
        #expect(replaced("none here", "xyz", "q") == "none here" && replaced("ab", "abc", "q") == "ab" && replaced("", "a", "b") == "")
        let atom = "<feed><entry><id>urn:1</id><title>A</title></entry><entry><link href=\"https://x/2\"/><title>B</title></entry></feed>"
        #expect(FeedEntries.read(Array(atom.utf8), path: "atom.xml")?.keys.sorted() == ["https://x/2", "urn:1"])
        let rss = "<rss><channel><item><guid isPermaLink=\"true\">https://x/1</guid></item><item><link>https://x/2</link></item></channel></rss>"
        #expect(FeedEntries.read(Array(rss.utf8), path: "feed.xml")?.keys.sorted() == ["https://x/1", "https://x/2"])
        let json = #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"a","title":"A"},{"id":"b"}]}"#
        #expect(FeedEntries.read(Array(json.utf8), path: "feed.json")?.keys.sorted() == ["a", "b"])
        #expect(FeedEntries.read(Array("<urlset></urlset>".utf8), path: "sitemap.xml") == nil)
        var digests = OutputDigests(baseURL: "https://p.example.com/")
        digests.files["a b/%4\tx/index.html"] = .init(digest: "ab12", title: "Tea\tand\r\nmaps 100%", size: 12, modified: 1_700_000_000_123_456_789)
        digests.files["style.css"] = .init(digest: "cd34", title: nil, size: 0, modified: 0)
        digests.feeds["feed.xml"] = ["urn:1": "ee", "https://x/\n2": "ff"]
        #expect(OutputDigests.decode(digests.encoded()) == digests)
        #expect(OutputDigests.decode(Data("galley-digests 1\nbase\tx\nf\tab\t1\t99999999999999999999\tp\t\n".utf8)) == nil)
        #expect(OutputDigests.decode(Data("{\"version\":1}".utf8)) == nil && OutputDigests.decode(Data("galley-digests 1\nbase\tx\nq\n".utf8)) == nil)
        #expect(SiteChanges.address(of: "index.html") == "/" && SiteChanges.address(of: "a/b/index.html") == "/a/b/"
            && SiteChanges.address(of: "404.html") == "/404.html")
    }

    /// The part of `page` from the heading that starts with `title` to the end of its list.
    static func section(_ title: String, of page: String) -> String {
        guard let start = page.range(of: "<h2>\(title)"), let end = page[start.upperBound...].range(of: "</ul>") else { return "" }
        return String(page[start.lowerBound..<end.upperBound])
    }

    /// The preview's own links (those that start with `/`) in `html`.
    static func links(in html: String) -> [String] {
        html.components(separatedBy: "<li><a href=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }
}
