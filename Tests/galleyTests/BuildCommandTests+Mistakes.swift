import Foundation
import TestThreads
import Testing

/// Mistakes that once passed in silence: each is now an error or a warning at its file and line.
@Suite(.onBlockingPool) struct BuildMistakeTests {
    func blog(_ settings: String = "title: CLI Blog\nbase_url: https://cli.example.com/\n") throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try folder.write("blog/galley.yml", settings)
        try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Hello\n---\nHi.\n")
        return folder
    }

    /// What a build said, without the lines quoted under each error and warning.
    static func said(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix(" ") && !$0.hasPrefix("> ") }
    }

    @Test func aMisspeltParentOrAMissingPartialIsAnError() throws {
        let folder = try blog()
        try folder.write("blog/layouts/post.mustache", "{{<bsae}}\n{{$main}}{{{page.content}}}{{/main}}\n{{/bsae}}\n")
        try folder.write("blog/layouts/footer.mustache", "<footer>\n  {{> nav}}\n</footer>\n")
        let result = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines == [
            "error: blog/layouts/footer.mustache:2: {{>nav}} names a layout the theme does not have: add layouts/nav.mustache",
            "  1 | <footer>",
            "> 2 |   {{> nav}}",
            "  3 | </footer>",
            "error: blog/layouts/post.mustache:1: {{<bsae}} names a layout the theme does not have: did you mean 'base'? or add layouts/bsae.mustache",
            "> 1 | {{<bsae}}",
            "  2 | {{$main}}{{{page.content}}}{{/main}}",
            "build failed: 2 errors; nothing was written to blog/_site",
        ], "\(result.stderr)")
        // Nor beside it: the spare folder made for this build goes with it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "blog").path).filter { $0.contains("_site") } == ["._site.galley-lock"])
    }

    /// Two posts at one address: the error named the first as `blog/posts/…` and the other
    /// relative to the blog (`posts/…`), a file that is not there from where the command ran.
    @Test func aClashNamesBothFilesFromWhereTheCommandRan() throws {
        let folder = try blog()
        try folder.write("blog/posts/2024-01-02-a.md", "---\ntitle: A\npermalink: /same/\n---\nA\n")
        try folder.write("blog/posts/2024-01-03-b.md", "---\ntitle: B\npermalink: /same/\n---\nB\n")
        try folder.write("blog/pages/same.md", "---\ntitle: Same\npermalink: /same/index.html/x/\n---\nS\n")
        let result = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(Self.said(result.stderr) == [
            "error: blog/posts/2024-01-02-a.md: /same/index.html is also written by blog/posts/2024-01-03-b.md; two sources cannot share one address",
            "error: blog/posts/2024-01-03-b.md: /same/index.html is a file here, but /same/index.html/x/index.html, made from blog/pages/same.md, needs it to be a folder; two sources cannot share one address",
            "build failed: 2 errors; nothing was written to blog/_site",
        ], "\(result.stderr)")
    }

    /// A post's TOML front matter with a header of three brackets stopped the process with an
    /// assertion in TOMLKit's C++ (exit 134): a pushed branch could stop a preview build so.
    @Test func aTOMLHeaderTOMLKitCannotReadIsAnErrorAtItsLine() throws {
        let folder = try blog()
        try folder.write("blog/posts/2024-03-01-brackets.md", "+++\ntitle = \"Brackets\"\n[[[\n+++\nText.\n")
        let result = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(result.status == 1, "\(result.status) \(result.stderr)")
        #expect(result.stderr.contains("error: blog/posts/2024-03-01-brackets.md:3: TOML front matter: `[` or `[[` must be followed by a table's name, not `[`"),
                "\(result.stderr)")
    }

    /// A post whose file name is not UTF-8 (Latin-1's é, from an old archive) was left out of
    /// the site without a word.
    @Test func aFileNameThatIsNotUTF8IsAnErrorAtItsPath() throws {
        let folder = try blog()
        try GalleyProcess.run(["build", "blog"], in: folder.url)
        let raw = Array(folder.url.appending(path: "blog/posts/2019-10-09-caf").path.utf8) + [0xE9] + Array(".md".utf8) + [0]
        let made = raw.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(made >= 0)
        _ = "---\ntitle: Café\n---\nHi.\n".withCString { write(made, $0, strlen($0)) }
        close(made)
        let result = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(result.status == 1)
        #expect(Self.said(result.stderr).first == "error: blog/posts/2019-10-09-caf\u{FFFD}.md: its name is not UTF-8 (shown with \u{FFFD} for the bytes that are not), and pages and links are named by file names: rename it",
                "\(result.stderr)")
        #expect(folder.read("blog/_site/2019/10/08/hello/index.html") != nil, "the last good output stays")
    }

    /// Layouts come with a pushed branch: twelve sections over a list of ten, one inside
    /// another, rendered ten to the twelfth times and kept a preview server busy until its
    /// timeout. The render stops at its steps, in seconds, and the build fails at the layout.
    @Test(.timeLimit(.minutes(5))) func sectionsNestedOverAListStopAndFailTheBuild() throws {
        let folder = try blog("title: CLI Blog\nbase_url: https://cli.example.com/\nl: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n")
        try GalleyProcess.run(["build", "blog"], in: folder.url)
        let open = String(repeating: "{{#site.params.l}}", count: 12), close = String(repeating: "{{/site.params.l}}", count: 12)
        try folder.write("blog/layouts/footer.mustache", "<footer>\(open)x\(close)</footer>\n")
        let result = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(result.status == 1)
        #expect(Self.said(result.stderr).first?.hasPrefix("error: blog/layouts/footer.mustache: rendering it took more than ") == true,
                "\(result.stderr)")
        #expect(folder.read("blog/_site/index.html")?.contains("xxxx") == false, "the last good output stays")
        // In a page's own layout too, whose site values its skeleton printed uncounted: six
        // sections over fifty items ran for good.
        try folder.write("blog/galley.yml", "title: CLI Blog\nbase_url: https://cli.example.com/\nl: [\((1...50).map(String.init).joined(separator: ", "))]\n")
        try folder.write("blog/layouts/footer.mustache", "<footer></footer>\n")
        try folder.write("blog/pages/about.md", "---\ntitle: About\n---\nAbout.\n")
        let six = (String(repeating: "{{#site.params.l}}", count: 6), String(repeating: "{{/site.params.l}}", count: 6))
        try folder.write("blog/layouts/page.mustache", "{{<base}}{{$main}}\(six.0).\(six.1){{/main}}{{/base}}\n")
        let page = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(page.status == 1)
        #expect(Self.said(page.stderr).first?.hasPrefix("error: blog/layouts/page.mustache: rendering /about/ took more than ") == true, "\(page.stderr)")
    }

    @Test func strictFailsOnANameNoPageHas() throws {
        let folder = try blog()
        try folder.write("blog/posts/2019-10-09-cover.md", "---\ntitle: Cover\nhero: {image: a.png}\n---\nHi.\n")
        try folder.write("blog/layouts/post.mustache", """
            {{<base}}{{$main}}<h1>{{page.titel}}</h1>
            {{#page.params.hero}}<img src="{{image}}">{{/page.params.hero}}
            {{uppercased(page.title)}} {{shouted(page.title)}}{{{page.content}}}{{/main}}{{/base}}
            """)
        let lenient = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(lenient.stderr.isEmpty, "\(lenient.stderr)")

        let strict = try GalleyProcess.run(["build", "blog", "--strict"], in: folder.url)
        #expect(strict.status == 1)
        let lines = Self.said(strict.stderr)
        #expect(lines.count == 3, "\(strict.stderr)")
        #expect(lines.first == "error: blog/layouts/post.mustache:1: {{page.titel}} reads 'titel', which no value of a page has (did you mean 'title'?); it prints nothing")
        #expect(lines.dropFirst().first?.hasPrefix("error: blog/layouts/post.mustache:3: {{shouted(page.title)}} uses 'shouted', which is no transform") == true, "\(lines)")
    }

    @Test func theSampleBlogPassesStrict() throws {
        let folder = try ScratchFolder()
        let result = try GalleyProcess.run(["build", BuildCommandTests.sampleSite.path, "-o", "out", "--no-cache", "--strict"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aMisspeltSettingIsNamedWithTheOneMeant() throws {
        let folder = try blog("titel: CLI Blog\nbase_url: https://cli.example.com/\n")
        let missing = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: blog/galley.yml:1: missing 'title' (line 1 has 'titel': did you mean 'title'?)\n"), "\(missing.stderr)")

        try folder.write("blog/galley.yml", """
            title: CLI Blog
            base_url: https://cli.example.com/
            per_pgae: 5
            paginate: 3
            language: English
            date_format: "%B %d, %Y"
            twitter: someone

            """)
        let warned = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(warned.status == 0, "\(warned.stderr)")
        let lines = Self.said(warned.stderr)
        #expect(lines.count == 4, "\(warned.stderr)")
        #expect(lines.first == "warning: blog/galley.yml:3: unknown setting 'per_pgae': did you mean 'per_page'? (a key Galley does not know is only read by layouts, as site.params.per_pgae)")
        #expect(lines.dropFirst().first?.hasPrefix("warning: blog/galley.yml:4: unknown setting 'paginate': did you mean 'per_page'?") == true, "\(lines)")
        #expect(lines.dropFirst(2).first?.hasPrefix("warning: blog/galley.yml:5: language 'English' is not a language tag such as en, en-GB or de, so month and day names are English: did you mean 'en'?") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("warning: blog/galley.yml:6: date_format '%B %d, %Y' is a strftime pattern") == true, "\(lines)")
        #expect(!lines.contains { $0.contains("twitter") })

        try folder.write("blog/galley.yml", "title: CLI Blog\nlanguage: en_GB\ndate_format: d MMMM yyyy 'at' HH:mm Q\n")
        let more = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(more.stderr.contains("warning: blog/galley.yml:2: language 'en_GB' is not a language tag such as en, en-GB or de, so month and day names are English: did you mean 'en-GB'?"), "\(more.stderr)")
        #expect(more.stderr.contains("warning: blog/galley.yml:3: date_format 'd MMMM yyyy 'at' HH:mm Q' has letters no date pattern gives ('Q')"), "\(more.stderr)")
    }

    @Test func anOutputThatCannotBeWrittenIsAClearError() throws {
        let folder = try blog()
        try folder.write("file", "x")
        let underAFile = try GalleyProcess.run(["build", "blog", "-o", "file/out"], in: folder.url)
        #expect(underAFile.status == 4)
        #expect(underAFile.stderr == "error: \(folder.url.appending(path: "file").path): is a file, so the output folder cannot go inside it; choose another -o\n")
        let nowhere = try GalleyProcess.run(["build", "blog", "-o", "/proc/galley-out/site"], in: folder.url)
        #expect(nowhere.status == 4)
        #expect(nowhere.stderr.hasPrefix("error: /proc/galley-out: cannot create the output folder here: "), "\(nowhere.stderr)")
        #expect(!nowhere.stderr.contains("operation could not be completed"))
    }

    /// A page that cannot be written into the spare folder (a folder there made read-only by
    /// hand) stops the build with the output as it was; the same folder keeps part of the spare
    /// from being removed, and the message says so rather than that it was.
    @Test func aSpareThatCannotBeWrittenStopsTheBuildAndSaysWhatIsLeft() throws {
        let folder = try blog()
        try folder.write("blog/posts/2019-10-09-second.md", "---\ntitle: Second\n---\nTwo.\n")
        #expect(try GalleyProcess.run(["build", "blog", "-o", "out"], in: folder.url).status == 0)
        // A new title changes several pages: the folders change places, and a spare is left.
        try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Hello again\n---\nHi.\n")
        #expect(try GalleyProcess.run(["build", "blog", "-o", "out"], in: folder.url).status == 0)
        let spare = folder.url.appending(path: ".out.galley-spare/2019/10/08/hello")
        #expect(FileManager.default.fileExists(atPath: spare.appending(path: "index.html").path))
        let before = folder.read("out/2019/10/08/hello/index.html")
        try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Hello again\n---\nHi, edited.\n")
        #expect(chmod(spare.path, 0o555) == 0)
        defer { chmod(spare.path, 0o755) }
        let failed = try GalleyProcess.run(["build", "blog", "-o", "out"], in: folder.url, asUser: true)
        #expect(failed.status == 4)
        #expect(failed.stderr.contains("\(folder.url.appending(path: "out").path) is as it was; the half-made copy beside it, "
            + ".out.galley-spare, could not all be removed: remove it by hand to free its space)"), "\(failed.stderr)")
        #expect(folder.read("out/2019/10/08/hello/index.html") == before)
        #expect(chmod(spare.path, 0o755) == 0)
        let again = try GalleyProcess.run(["build", "blog", "-o", "out"], in: folder.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(folder.read("out/2019/10/08/hello/index.html")?.contains("Hi, edited.") == true)
    }

    /// Right after the folders change places, the spare takes the pages the build changed; one
    /// it cannot take (its folder made read-only) is left for the next build to bring over, and
    /// that build publishes the page as it is, not the spare's older copy.
    @Test func aPageTheSpareCouldNotTakeIsBroughtOverByTheNextBuild() throws {
        let folder = try blog()
        try folder.write("blog/posts/2019-10-09-second.md", "---\ntitle: Second\n---\nTwo.\n")
        try folder.write("blog/posts/2019-10-20-third.md", "---\ntitle: Third\n---\nThree.\n")
        #expect(try GalleyProcess.run(["build", "blog", "-o", "out"], in: folder.url).status == 0)
        try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Hello again\n---\nHi.\n")
        #expect(try GalleyProcess.run(["build", "blog", "-o", "out"], in: folder.url).status == 0)
        // The live folder's copy of the post's folder becomes the spare's at the next swap.
        let live = folder.url.appending(path: "out/2019/10/08/hello")
        let spare = folder.url.appending(path: ".out.galley-spare/2019/10/08/hello")
        #expect(chmod(live.path, 0o555) == 0)
        defer { chmod(live.path, 0o755); chmod(spare.path, 0o755) }
        try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Hello thrice\n---\nHi.\n")
        let built = try GalleyProcess.run(["build", "blog", "-o", "out"], in: folder.url, asUser: true)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(folder.read("out/2019/10/08/hello/index.html")?.contains("Hello thrice") == true)
        #expect(folder.read(".out.galley-spare/2019/10/08/hello/index.html")?.contains("Hello again") == true)
        #expect(chmod(spare.path, 0o755) == 0)
        // A new title for a post that is not the first one's neighbour: the folders change places
        // again, and the first post's page, which this build leaves alone, comes from the spare.
        try folder.write("blog/posts/2019-10-20-third.md", "---\ntitle: Third, retitled\n---\nThree.\n")
        let next = try GalleyProcess.run(["build", "blog", "-o", "out"], in: folder.url)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(folder.read("out/2019/10/20/third/index.html")?.contains("Third, retitled") == true)
        #expect(folder.read("out/2019/10/08/hello/index.html")?.contains("Hello thrice") == true)
    }

    /// A folder Galley may not replace is refused before anything is made beside it: `-o /`
    /// once left `/.galley-lock` and said "///: cannot replace", and any refused `-o` left its
    /// lock file behind.
    @Test func aMistakenOutputIsRefusedAndLeavesNothingBeside() throws {
        let folder = try blog()
        let root = try GalleyProcess.run(["build", "blog", "-o", "/"], in: folder.url)
        #expect(root.status == 4)
        #expect(root.stderr == "error: /: is the root folder, which Galley never replaces; choose another -o folder\n", "\(root.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/.galley-lock"))
        try folder.write("mine/notes.txt", "my own\n")
        let mine = try GalleyProcess.run(["build", "blog", "-o", "mine"], in: folder.url)
        #expect(mine.status == 4)
        #expect(mine.stderr.hasPrefix("error: mine: is not empty and was not made by a Galley build"), "\(mine.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["blog", "mine"])
        // The lock file cannot be made: the message names the folder asked for, then the lock.
        let proc = try GalleyProcess.run(["build", "blog", "-o", "/proc/galley-out"], in: folder.url)
        #expect(proc.status == 4)
        #expect(proc.stderr.hasPrefix("error: /proc/galley-out: cannot be built into: Galley's lock file beside it, .galley-out.galley-lock, "
            + "cannot be made: "), "\(proc.stderr)")
    }

    @Test func aPublishedBuildNeedsABaseURL() throws {
        let folder = try blog("title: CLI Blog\n")
        let local = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(local.stderr.isEmpty)
        #expect(local.stdout.contains("; no base_url, so feeds and the sitemap point at http://localhost:8000/"))
        #expect(folder.read("blog/_site/index.html")?.contains("href=\"/2019/10/08/hello/\"") == true)
        let given = try GalleyProcess.run(["build", "blog", "--base-url", "https://given.example.com/"], in: folder.url)
        #expect(!given.stdout.contains("base_url"))
    }

    /// Under its `error: FILE:LINE: message` line, which tools read, an error shows the lines it
    /// is about; a control character written in the post reaches the terminal written out.
    @Test func anErrorShowsTheLinesAroundIt() throws {
        let folder = try blog()
        try folder.write("blog/posts/2019-10-09-colon.md", "---\ndate: 2019-10-09\ntitle: Swift: a \u{1B}]0;pwned\u{07}story\ntags: [a]\n---\nText.\n")
        let result = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(6)) == [
            "error: blog/posts/2019-10-09-colon.md:3: invalid YAML: a colon followed by a space starts a value: put the title in quotes",
            "  1 | ---",
            "  2 | date: 2019-10-09",
            "> 3 | title: Swift: a \\u{1B}]0;pwned\\u{7}story",
            "    |             ^",
            "  4 | tags: [a]",
        ], "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test func aWarningShowsItsLineToo() throws {
        let folder = try blog()
        try folder.write("blog/posts/2019-10-09-keys.md", "---\ntitle: Keys\ntgas: [a]\n---\nText.\n")
        let result = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("""
            warning: blog/posts/2019-10-09-keys.md:3: unknown front matter key 'tgas': did you mean 'tags'? (a key Galley does not know is only read by layouts, as page.params.tgas)
              1 | ---
              2 | title: Keys
            > 3 | tgas: [a]
                | ^
              4 | ---

            """), "\(result.stderr)")
    }

    @Test func usageErrorsSayErrorLikeTheRest() throws {
        let folder = try blog()
        let result = try GalleyProcess.run(["build", "blog", "--no-such-flag"], in: folder.url)
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("error: unknown option '--no-such-flag'\n"), "\(result.stderr)")
    }

    /// An empty argument, most often a shell variable never set, is a usage mistake wherever
    /// it stands: `-o ''` built into the current folder, `import SRC ''` imported there.
    @Test func anEmptyArgumentIsAUsageMistake() throws {
        let folder = try blog()
        try FileManager.default.createDirectory(at: folder.url.appending(path: "empty"), withIntermediateDirectories: false)
        for (arguments, said) in [(["build", "../blog", "-o", ""], "an empty argument follows -o"),
                                  (["build", "../blog", "--output="], "--output is empty"),
                                  (["import", "../blog", ""], "an empty argument follows ../blog"),
                                  (["build", ""], "an empty argument follows build"), ([""], "the first argument is empty")] {
            let result = try GalleyProcess.run(arguments, in: folder.url.appending(path: "empty"))
            #expect(result.status == 2, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr == "error: \(said): every value Galley takes names something (is a shell variable unset?)\n", "\(arguments)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "empty").path).isEmpty, "\(arguments)")
        }
    }
}
