import Blocking
import Foundation
@testable import SiteContent
import SiteSource
import SiteTestSupport
import TestThreads
import Testing

@testable import SiteCompiler

/// Blogs written by an attacker: each must fail with an error naming the file, or build, and in
/// either case leave everything outside the output folder, its spare, lock and cache as it was,
/// and a failed build must leave the previous output as it was.
@Suite(.onBlockingPool) struct HostileOutputTests {
    static let config = TestBlog.config
    static let good = TestBlog.post("title: Good", "A good post.")

    static func options(noindex: Bool = false) -> BuildOptions {
        BuildOptions(baseURL: nil, includeDrafts: false, includeFuture: false, noindex: noindex, now: TestBlog.now)
    }

    func build(_ sandbox: Sandbox, into output: String = "_site") throws {
        let builder = SiteBuilder(source: DirectorySource(root: sandbox.blog), options: Self.options())
        try builder.build(into: sandbox.blog.appending(path: output), cache: sandbox.blog.appending(path: ".galley-cache"))
    }

    /// The error of a build that must fail; records an issue when it succeeds, or when it
    /// changed anything outside its output folder, spare, lock and cache.
    func failure(_ sandbox: Sandbox, into output: String = "_site", sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let around = sandbox.snapshot(output: output)
        defer { sandbox.expectUntouched(since: around, output: output, sourceLocation: sourceLocation) }
        do {
            try build(sandbox, into: output)
            Issue.record("the build succeeded but was expected to fail", sourceLocation: sourceLocation)
            return ""
        } catch {
            return String(describing: error)
        }
    }

    /// A sandbox with a blog of one good post, not built yet.
    func blog() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.write("galley.yml", Self.config)
        try sandbox.write("posts/2024-01-01-good.md", Self.good)
        return sandbox
    }

    /// A sandbox whose blog built once, and what its output then held.
    func builtOnce(_ extra: [String: String] = [:], config: String = config) throws -> (Sandbox, [String: Data]) {
        let sandbox = try Sandbox()
        try sandbox.write("galley.yml", config)
        try sandbox.write("posts/2024-01-01-good.md", Self.good)
        for (path, text) in extra { try sandbox.write(path, text) }
        try build(sandbox)
        return (sandbox, Sandbox.contents(of: sandbox.blog.appending(path: "_site")))
    }

    func expectOutput(_ sandbox: Sandbox, is before: [String: Data], sourceLocation: SourceLocation = #_sourceLocation) {
        let now = Sandbox.contents(of: sandbox.blog.appending(path: "_site"))
        #expect(now.keys.sorted() == before.keys.sorted(), sourceLocation: sourceLocation)
        #expect(now == before, "the previous output changed", sourceLocation: sourceLocation)
    }

    @Test func aPermalinkWithDotsAndAnEmptySlugCannotLeaveTheSite() throws {
        let (sandbox, output) = try builtOnce(config: Self.config + "permalink: /..:slug/..:slug/..:slug/..:slug/\n")
        try sandbox.write("posts/2024-02-02-!!!.md", TestBlog.post("title: 😀"))
        let error = failure(sandbox)
        #expect(error.contains("posts/2024-02-02-!!!.md"))
        #expect(error.contains("slug"))
        expectOutput(sandbox, is: output)
    }

    @Test(arguments: ["slug: ..", "slug: .", "slug: \"..\""])
    func aSlugOfDotsCannotLeaveTheSite(slug: String) throws {
        let (sandbox, output) = try builtOnce(config: Self.config + "permalink: /:slug/\n")
        try sandbox.write("posts/2024-02-02-dots.md", TestBlog.post("title: Dots\n\(slug)"))
        let error = failure(sandbox)
        #expect(error.contains("posts/2024-02-02-dots.md"))
        expectOutput(sandbox, is: output)
    }

    @Test func aNameTooLongForTheFileSystemNamesThePost() throws {
        let (sandbox, output) = try builtOnce(config: Self.config + "permalink: /:slug-:slug/\n")
        try sandbox.write("posts/2024-02-02-long.md", TestBlog.post("title: Long\nslug: \(String(repeating: "a", count: 200))"))
        let error = failure(sandbox)
        #expect(error.contains("posts/2024-02-02-long.md"))
        #expect(error.contains("longer than 255"))
        expectOutput(sandbox, is: output)
    }

    /// An address of thousands of folders is refused as the post's, not met as a failure to
    /// write deep in the spare folder.
    @Test func aPathTooLongForTheFileSystemNamesThePost() throws {
        let (sandbox, output) = try builtOnce()
        try sandbox.write("posts/2024-02-02-deep.md", TestBlog.post("title: Deep\nurl: /\(String(repeating: "a/", count: 3_000))"))
        let error = failure(sandbox)
        #expect(error.contains("posts/2024-02-02-deep.md"))
        #expect(error.contains("longer than 4000 bytes"))
        expectOutput(sandbox, is: output)
    }

    @Test(arguments: [
        ("aliases: [\"/../outside/index.html\"]", "posts/2024-02-02-p.md"),
        ("aliases: [\"/robots.txt\"]", "posts/2024-02-02-p.md"),
        ("aliases: [\"/style.css\"]", "posts/2024-02-02-p.md"),
        ("aliases: [\"/.galley-build\"]", "posts/2024-02-02-p.md"),
    ])
    func aliasesCannotLeaveTheSiteOrTakeGeneratedFiles(fields: String, file: String) throws {
        let (sandbox, output) = try builtOnce()
        try sandbox.write(file, TestBlog.post("title: P\n\(fields)"))
        let error = failure(sandbox)
        #expect(error.contains(file))
        expectOutput(sandbox, is: output)
    }

    @Test func aFileWhereAnotherNeedsAFolderIsAnError() throws {
        // Found by the fuzz test: the static file /x and the page /x/ (x/index.html).
        let (sandbox, output) = try builtOnce()
        try sandbox.write("static/x", "a file")
        try sandbox.write("pages/x.md", TestBlog.post("title: X"))
        let error = failure(sandbox)
        #expect(error.contains("static/x"))
        #expect(error.contains("pages/x.md"))
        expectOutput(sandbox, is: output)
    }

    @Test func aFileNameWithAControlCharacterIsAnError() throws {
        let (sandbox, output) = try builtOnce()
        try sandbox.write("static/bell\u{7}.txt", "ding")
        let error = failure(sandbox)
        #expect(error.contains("static/bell"))
        #expect(error.contains("control character"))
        expectOutput(sandbox, is: output)
    }

    /// The writer puts a file's new bytes beside it as `NAME.galley-tmp` first, removing what
    /// is there: a file of the blog by that name went missing whenever the one beside it changed.
    @Test func aFileNamedAsTheWritersTemporaryFilesIsAnError() throws {
        let (sandbox, output) = try builtOnce()
        try sandbox.write("static/notes.html", "notes")
        try sandbox.write("static/notes.html.galley-tmp", "kept by the blog")
        let error = failure(sandbox)
        #expect(error.contains("static/notes.html.galley-tmp: the output path '/notes.html.galley-tmp' ends in .galley-tmp"), "\(error)")
        expectOutput(sandbox, is: output)
    }

    @Test func aPageWhoseNameGivesNoAddressIsAnError() throws {
        let (sandbox, output) = try builtOnce()
        try sandbox.write("pages/!!!.md", TestBlog.post("title: ???"))
        let error = failure(sandbox)
        #expect(error.contains("pages/!!!.md"))
        expectOutput(sandbox, is: output)
    }

    @Test func aLinkAtTheSparesNameIsRemovedNeverEmptied() throws {
        let sandbox = try blog()
        try sandbox.link("._site.galley-spare", to: "../outside")
        try sandbox.link(".galley-cache/.preview.galley-spare", to: "../../outside")
        let around = sandbox.snapshot()
        for _ in 0..<3 {
            try build(sandbox)
            try build(sandbox, into: ".galley-cache/preview")
            try sandbox.write("posts/2024-01-02-more.md", TestBlog.post("title: More \(UUID())"))
        }
        // The links themselves are gone (they stood where the build keeps its spare).
        var after = sandbox.snapshot()
        after["blog/posts/2024-01-02-more.md"] = nil
        var expected = around
        expected["blog/posts/2024-01-02-more.md"] = nil
        #expect(after.filter { !$0.key.hasPrefix("blog/.galley-cache") } == expected.filter { !$0.key.hasPrefix("blog/.galley-cache") })
        #expect(FileManager.default.fileExists(atPath: sandbox.outside.appending(path: "secret.txt").path))
        #expect(FileManager.default.fileExists(atPath: sandbox.outside.appending(path: ".ssh/authorized_keys").path))
    }

    @Test func linksPlantedInAnEarlierOutputAreReplacedNeverFollowed() throws {
        let sandbox = try blog()
        // A branch that commits its own _site, claiming to be a Galley build.
        try sandbox.write("_site/.galley-build", "yes\n")
        try sandbox.link("_site/index.html", to: "../../outside/index.html")
        try sandbox.link("_site/2024", to: "../../outside/empty")
        try sandbox.link("_site/robots.txt", to: "../../outside/.ssh/authorized_keys")
        try sandbox.write("._site.galley-spare/.galley-build", "yes\n")
        try sandbox.link("._site.galley-spare/404.html", to: "../../outside/secret.txt")
        try sandbox.link("._site.galley-spare/tags", to: "../../outside")
        let around = sandbox.snapshot()
        try build(sandbox)
        try sandbox.write("posts/2024-01-03-next.md", TestBlog.post("title: Next"))
        try build(sandbox)
        var after = sandbox.snapshot()
        after["blog/posts/2024-01-03-next.md"] = nil
        #expect(after == around)
        var info = stat()
        #expect(lstat(sandbox.blog.appending(path: "_site/index.html").path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        #expect(lstat(sandbox.blog.appending(path: "_site/2024").path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
    }

    /// After a build into a new folder, the next build takes what that folder holds from the
    /// build's record instead of listing it: a link put deep inside it since, which changes
    /// nothing the record is checked against, is still never followed, and goes.
    @Test func aLinkPutInsideAFolderBuiltFromNothingIsNeverFollowed() throws {
        let sandbox = try blog()
        try sandbox.write("posts/2024-03-01-middle.md", TestBlog.post("title: Middle"))
        try build(sandbox)
        let site = sandbox.blog.appending(path: "_site")
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "2024/01/01/good/index.html").path))
        // The good post's day becomes a link to a page of the same name outside, which no build
        // may publish. The posts that follow are not its neighbours: its page is kept.
        try FileManager.default.removeItem(at: site.appending(path: "2024/01/01"))
        try FileManager.default.createDirectory(at: sandbox.outside.appending(path: "good"), withIntermediateDirectories: true)
        try Data("<p>someone else's page</p>\n".utf8).write(to: sandbox.outside.appending(path: "good/index.html"))
        try sandbox.link("_site/2024/01/01", to: "../../../../outside")
        let around = sandbox.snapshot()
        let days = ["second", "third", "fourth"]
        for (number, day) in days.enumerated() {
            try sandbox.write("posts/2024-04-0\(number + 1)-\(day).md", TestBlog.post("title: \(day)"))
            try build(sandbox)
            var after = sandbox.snapshot()
            for made in 0...number { after["blog/posts/2024-04-0\(made + 1)-\(days[made]).md"] = nil }
            #expect(after == around, "after the \(day) post's build")
            let links = Sandbox.contents(of: site).filter { String(decoding: $0.value, as: UTF8.self).hasPrefix("link:") }
            #expect(links.isEmpty, "after the \(day) post's build: \(links.keys.sorted())")
            let page = (try? String(contentsOf: site.appending(path: "2024/01/01/good/index.html"), encoding: .utf8)) ?? ""
            #expect(page.contains("A good post.") && !page.contains("someone else"), "after the \(day) post's build")
        }
    }

    @Test(arguments: ["../../outside/secret.txt", "../../outside", "/proc/self/environ"])
    func staticLinksOutOfTheBlogAreRefused(target: String) throws {
        let (sandbox, output) = try builtOnce()
        try sandbox.link("static/leak", to: target)
        let error = failure(sandbox)
        #expect(error.contains("static/leak"))
        #expect(error.contains("outside the blog folder"))
        expectOutput(sandbox, is: output)
        #expect(!output.values.contains { String(decoding: $0, as: UTF8.self).contains("SECRET") })
    }

    /// Every link out of the blog is said at once: the build named the first it met, and the
    /// next only once that one was fixed.
    @Test func everyStaticLinkOutOfTheBlogIsNamed() throws {
        let (sandbox, output) = try builtOnce()
        try sandbox.link("static/leak", to: "../../outside/secret.txt")
        try sandbox.link("static/folder", to: "../../outside")
        try sandbox.link("static/deeper/chain.txt", to: "../leak")
        let error = failure(sandbox)
        for path in ["static/leak", "static/folder", "static/deeper/chain.txt"] {
            #expect(error.contains("\(path): a symbolic link to a place outside the blog folder"), "\(path): \(error)")
        }
        expectOutput(sandbox, is: output)
    }

    /// A link to a folder that holds the one listed published the blog inside itself: its
    /// galley.yml, its drafts and its cache, under the link's name. (One to a folder the walk is
    /// in already is not followed round; one to a folder beside it is followed.)
    @Test(arguments: ["../..", "../../posts/.."])
    func aStaticLinkToAFolderThatHoldsItIsRefused(target: String) throws {
        let (sandbox, output) = try builtOnce()
        try sandbox.link("static/sub/up", to: target)
        let error = failure(sandbox)
        #expect(error.contains("static/sub/up: a symbolic link to a folder that holds it"), "\(error)")
        expectOutput(sandbox, is: output)
    }

    @Test func aLinkedSourceFolderOutOfTheBlogIsRefused() throws {
        let (sandbox, output) = try builtOnce()
        try FileManager.default.removeItem(at: sandbox.blog.appending(path: "posts"))
        try sandbox.link("posts", to: "../outside")
        let error = failure(sandbox)
        #expect(error.contains("posts"))
        expectOutput(sandbox, is: output)
    }

    @Test func linksThatStayInsideTheBlogAreFollowed() throws {
        let sandbox = try blog()
        try sandbox.write("media/photo.jpg", "a photo")
        try sandbox.link("static/images", to: "../media")
        try sandbox.link("static/one.jpg", to: "../media/photo.jpg")
        try build(sandbox)
        let output = Sandbox.contents(of: sandbox.blog.appending(path: "_site"))
        #expect(output["images/photo.jpg"] == Data("a photo".utf8))
        #expect(output["one.jpg"] == Data("a photo".utf8))
    }

    @Test func aFolderGalleyDidNotBuildIsNeverReplaced() throws {
        let sandbox = try blog()
        // It looks like a site, but no build of Galley's made it.
        try sandbox.write("_site/index.html", "my own site")
        try sandbox.write("_site/notes.txt", "precious")
        let before = Sandbox.contents(of: sandbox.blog.appending(path: "_site"))
        let error = failure(sandbox)
        #expect(error.contains("was not made by a Galley build"))
        expectOutput(sandbox, is: before)
        #expect(!FileManager.default.fileExists(atPath: sandbox.blog.appending(path: "._site.galley-spare").path))
    }

    @Test(arguments: ["_site", ".galley-cache"])
    func anOutputOrCacheFolderThatIsALinkIsRefused(name: String) throws {
        let sandbox = try blog()
        try sandbox.link(name, to: "../outside")
        let around = sandbox.snapshot()
        let error = failure(sandbox)
        #expect(error.contains(name))
        #expect(error.contains("symbolic link"))
        // The link is in the part a build may change: it must still be there, as it was.
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: sandbox.blog.appending(path: name).path)) == "../outside")
        #expect(sandbox.snapshot() == around)
    }

    @Test func aCacheRestoredFromTwoBuildsAgoCannotMakeTheOutputDifferent() throws {
        let sandbox = try blog()
        let cache = sandbox.blog.appending(path: ".galley-cache"), saved = sandbox.root.appending(path: "saved-cache")
        try build(sandbox)
        try sandbox.write("posts/2024-01-02-a.md", TestBlog.post("title: A one"))
        try build(sandbox)
        try FileManager.default.copyItem(at: cache, to: saved)
        try sandbox.write("posts/2024-01-02-a.md", TestBlog.post("title: A two"))
        try build(sandbox)
        try sandbox.write("posts/2024-01-03-b.md", TestBlog.post("title: B"))
        try build(sandbox)
        // The same pair of folders as two builds ago, with the cache of then.
        try FileManager.default.removeItem(at: cache)
        try FileManager.default.copyItem(at: saved, to: cache)
        try sandbox.write("posts/2024-01-04-c.md", TestBlog.post("title: C"))
        try build(sandbox)
        let full = sandbox.root.appending(path: "full")
        try SiteBuilder(source: DirectorySource(root: sandbox.blog), options: Self.options()).build(into: full)
        try TestBlog.expectSameTrees(sandbox.blog.appending(path: "_site"), full)
    }

    @Test func twoBuildsIntoOneFolderAtOnceLeaveOneWholeBuild() throws {
        let sandbox = try Sandbox()
        try sandbox.write("galley.yml", Self.config)
        for day in 1...28 {
            try sandbox.write("posts/2024-02-\(String(format: "%02d", day))-post.md", TestBlog.post("title: Post \(day)\ntags: [t\(day % 3)]"))
        }
        let source = DirectorySource(root: sandbox.blog)
        let plain = Self.options(), hidden = Self.options(noindex: true)
        let reference = sandbox.root.appending(path: "reference")
        try SiteBuilder(source: source, options: plain).build(into: reference.appending(path: "plain"))
        try SiteBuilder(source: source, options: hidden).build(into: reference.appending(path: "hidden"))
        let wholeBuilds = [Sandbox.contents(of: reference.appending(path: "plain")), Sandbox.contents(of: reference.appending(path: "hidden"))]
        let output = sandbox.blog.appending(path: "_site"), cache = sandbox.blog.appending(path: ".galley-cache")
        for round in 0..<50 {
            let group = DispatchGroup()
            let errors = Locked<[String]>([])
            for options in [plain, hidden] {
                group.enter()
                Thread.detachNewThread {
                    do {
                        try SiteBuilder(source: source, options: options).build(into: output, cache: cache)
                    } catch {
                        errors.withLock { $0.append("\(error)") }
                    }
                    group.leave()
                }
            }
            #expect(group.wait(timeout: .now() + 60) == .success)
            #expect(errors.withLock { $0 } == [], "round \(round)")
            let now = Sandbox.contents(of: output)
            let stale = wholeBuilds.map { build in Set(build.keys).union(now.keys).filter { build[$0] != now[$0] }.count }
            #expect(stale.contains(0), "round \(round): the output is a mix of two builds (\(stale) files differ from each)")
            let strays = (FileManager.default.enumerator(atPath: sandbox.blog.path)?.allObjects as? [String] ?? []).filter { $0.contains("galley-tmp") }
            #expect(strays.isEmpty, "round \(round): \(strays)")
        }
    }
}
