import Foundation
import TestThreads
import Testing

/// `galley serve` says the warnings of every build, not only the first: each rebuild prints
/// those it found that the last good build had not, and how many are gone, and every page it
/// serves lists the current ones in a banner that `galley build` never writes.
@Suite(.onBlockingPool) struct ServeWarningTests {
    typealias Server = ServeCommandTests.Server

    static let settings = "title: Warned\nbase_url: https://example.com/\ntimezone: UTC\ndate_format: \"%B <i>%d</i>\"\n"

    func waitFor(_ text: String, count: Int = 1, in server: Server) async -> Bool {
        await settles(within: 30) { server.said.components(separatedBy: text).count - 1 >= count }
    }

    @Test func everyRebuildSaysItsNewWarningsAndWhichAreGone() async throws {
        let folder = try ServeCommandTests.blog()
        try folder.write("blog/galley.yml", Self.settings + "per_pgae: 5\n")
        let server = try await Server.start(["blog", "--port", "0"], in: folder)
        let http = RawHTTP(port: server.port)
        #expect(server.said.contains("warning: blog/galley.yml:5: unknown setting 'per_pgae'"), "\(server.said)")
        let first = try await http.send("/")
        #expect(first.status == 200)
        #expect(first.text.contains("<aside id=\"galley-warnings\""), "\(first.text)")
        #expect(first.text.contains("galley serve: the last build has 2 warnings"), "\(first.text)")
        #expect(first.text.contains("<code>galley.yml:5</code> unknown setting &#39;per_pgae&#39;")
                || first.text.contains("<code>galley.yml:5</code> unknown setting 'per_pgae'"), "\(first.text)")
        // The warning's own text is escaped, not markup of the page.
        #expect(first.text.contains("&lt;i&gt;%d&lt;/i&gt;"), "\(first.text)")
        #expect(!first.text.contains("<i>%d</i>"), "\(first.text)")
        // A page that is not there says them too.
        let missing = try await http.send("/no/such/page/")
        #expect(missing.status == 404 && missing.text.contains("<aside id=\"galley-warnings\""), "\(missing.text)")
        // The banner comes before the reload script, which lets it be dismissed.
        let script = try #require(first.text.range(of: "/__galley/live.js"))
        #expect(first.text.range(of: "galley-warnings")!.lowerBound < script.lowerBound)

        // One warning fixed, another made: the rebuild says the new one, and that one is gone.
        try folder.write("blog/galley.yml", Self.settings + "paginate: 3\n")
        #expect(await waitFor("1 earlier warning is gone", in: server), "\(server.said)")
        #expect(server.said.contains("warning: blog/galley.yml:5: unknown setting 'paginate'"), "\(server.said)")
        // With the lines around it, as galley build says a warning.
        #expect(server.said.contains("> 5 | paginate: 3"), "\(server.said)")
        // The warning that stayed is not said again.
        #expect(server.said.components(separatedBy: "is a strftime pattern").count == 2, "\(server.said)")
        let second = try await http.send("/2024/05/01/first/")
        #expect(second.status == 200)
        #expect(second.text.contains("paginate") && !second.text.contains("per_pgae"), "\(second.text)")

        // All fixed: both are gone, and so is the banner.
        try folder.write("blog/galley.yml", "title: Warned\nbase_url: https://example.com/\ntimezone: UTC\n")
        #expect(await waitFor("2 earlier warnings are gone", in: server), "\(server.said)")
        let clean = try await http.send("/")
        #expect(clean.status == 200 && clean.text.contains("First"))
        #expect(!clean.text.contains("galley-warnings"), "\(clean.text)")
        #expect(server.said.components(separatedBy: "warning:").count == 4, "\(server.said)")
    }

    @Test func aBuildNeverWritesTheBanner() throws {
        let folder = try ServeCommandTests.blog()
        try folder.write("blog/galley.yml", Self.settings + "per_pgae: 5\n")
        let result = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("unknown setting 'per_pgae'"), "\(result.stderr)")
        let page = try #require(folder.read("blog/_site/index.html"))
        #expect(!page.contains("galley-warnings") && !page.contains("__galley"), "\(page)")
    }

    @Test func strictFailsTheBuildAsGalleyBuildStrictDoes() async throws {
        let folder = try ServeCommandTests.blog()
        try folder.write("blog/layouts/post.mustache", "{{<base}}{{$main}}<h1>{{page.titel}}</h1>{{{page.content}}}{{/main}}{{/base}}\n")
        let lenient = try await Server.start(["blog", "--port", "0"], in: folder)
        let page = try await RawHTTP(port: lenient.port).send("/2024/05/01/first/")
        #expect(page.status == 200, "\(lenient.said)")

        let strict = try await Server.start(["blog", "--port", "0", "--strict"], in: folder)
        #expect(await waitFor("build failed: 1 error", in: strict), "\(strict.said)")
        #expect(strict.said.contains("error: blog/layouts/post.mustache:1: {{page.titel}} reads 'titel'"), "\(strict.said)")
        let failed = try await RawHTTP(port: strict.port).send("/2024/05/01/first/")
        #expect(failed.status == 500)
        #expect(failed.text.contains("reads &#39;titel&#39;") || failed.text.contains("reads 'titel'"), "\(failed.text)")
    }

    /// `--open` on a machine with no browser to open says why, and serves all the same.
    @Test func openSaysWhyNoBrowserOpened() async throws {
        let folder = try ServeCommandTests.blog()
        let none = try await Server.start(["blog", "--port", "0", "--open"], in: folder, environment: ["PATH": folder.url.appending(path: "nothing").path])
        #expect(await settles { none.said.contains("warning: no browser opened: there is no xdg-open on PATH") }, "\(none.said)")
        #expect(try await RawHTTP(port: none.port).send("/").status == 200)

        try folder.write("bin/xdg-open", "#!/bin/sh\necho \"xdg-open: no method available for opening '$1'\" >&2\nexit 3\n")
        chmod(folder.url.appending(path: "bin/xdg-open").path, 0o755)
        let failing = try await Server.start(["blog", "--port", "0", "--open"], in: folder,
                                             environment: ["PATH": folder.url.appending(path: "bin").path + ":/usr/bin:/bin"])
        let address = "http://127.0.0.1:\(failing.port)/"
        #expect(await settles {
            failing.said.contains("warning: no browser opened: xdg-open exited with status 3: xdg-open: no method available for opening '\(address)'; open \(address) yourself")
        }, "\(failing.said)")
    }
}
