import FakeForge
import Foundation
import TestThreads
import Testing

import Highlighting

@testable import Serving

/// `galley serve` as a browser meets it: real HTTP on a loopback port, real files changed on disk.
@Suite(.onBlockingPool) struct DevServerTests {
    @Test func servesPagesWithTheReloadScriptAndLinksToItself() async throws {
        try await ServedBlog.with { blog in
            let home = try await blog.http.send("/")
            #expect(home.status == 200)
            #expect(home.headers["content-type"] == "text/html; charset=utf-8")
            #expect(home.text.contains(LiveReload.tag))
            #expect(home.text.contains("Hello"))
            #expect(home.text.contains("http://127.0.0.1:\(blog.http.port)/"))
            #expect(!home.text.contains("blog.example.com"))
            // Nothing is written to the blog's folder.
            #expect(!FileManager.default.fileExists(atPath: blog.root.appending(path: "_site").path))
            let script = try await blog.http.send(LiveReload.scriptPath)
            #expect(script.status == 200 && script.text.contains("EventSource"))
        }
    }

    /// An HTML file of the blog's own, in static/, reloads by itself as the built pages do; the
    /// file on disk and a build are left without the script.
    @Test func staticHTMLGetsTheReloadScriptToo() async throws {
        try await ServedBlog.with(["static/demo/index.html": "<!DOCTYPE html><html><body><p>Demo</p></body></html>\n",
                                   "static/notes.txt": "plain </body>\n"]) { blog in
            let page = try await blog.http.send("/demo/")
            #expect(page.status == 200 && page.text.contains("<p>Demo</p>\(LiveReload.tag)\n</body>"), "\(page.text)")
            #expect(Int(page.headers["content-length"] ?? "") == page.text.utf8.count)
            let part = try await blog.http.send("/demo/index.html", headers: ["Range": "bytes=0-14"])
            #expect(part.status == 206 && part.text == "<!DOCTYPE html>")
            let text = try await blog.http.send("/notes.txt")
            #expect(text.text == "plain </body>\n")
            let onDisk = try String(contentsOf: blog.root.appending(path: "static/demo/index.html"), encoding: .utf8)
            #expect(!onDisk.contains(LiveReload.tag))
        }
    }

    /// A client that connects and sends nothing, or half a request, is let go after the idle
    /// time; an event stream, a response still being sent, stays open past it.
    @Test func idleConnectionsAreClosedAndEventStreamsAreNot() async throws {
        try await ServedBlog.with(idleTimeout: .seconds(1)) { blog in
            let silent = try await blog.http.secondsUntilClosed(sending: "", seconds: 10)
            #expect(silent != nil && silent! < 5, "a silent connection stayed open: \(String(describing: silent))")
            let half = try await blog.http.secondsUntilClosed(sending: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", seconds: 10)
            #expect(half != nil && half! < 5, "half a request stayed open: \(String(describing: half))")
            // Three idle times with nothing to say: still open, so the read waits them out.
            let began = Date()
            let stream = try await blog.http.events(until: { _ in false }, seconds: 3)
            #expect(stream.contains("event: hello"))
            #expect(Date().timeIntervalSince(began) >= 2.5, "the event stream was closed early")
            #expect(try await blog.http.send("/").status == 200)
        }
    }

    /// Stopping the server does not wait for a first build that is still running (on a blog of
    /// thousands of posts, that is seconds): here the build is held by a highlighter for 90 s.
    /// Stopping takes a moment, more on a machine busy with the other tests (20 s once, beside
    /// galley host's 5,000 requests), but never the build's 90 s.
    @Test func stoppingDoesNotWaitForARunningBuild() async throws {
        struct Stuck: CodeHighlighter {
            let identity = "stuck"
            func highlight(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) -> [String?] {
                Thread.sleep(forTimeInterval: 90)
                return blocks.map { _ in nil }
            }
        }
        let root = FileManager.default.temporaryDirectory.appending(path: "galley-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try ServedBlog.write(ServedBlog.config, to: root.appending(path: "galley.yml"))
        try ServedBlog.write(ServedBlog.post("Code", "```swift\nlet a = 1\n```"), to: root.appending(path: "posts/2024-03-01-code.md"))
        var settings = DevServer.Settings(site: root, port: 0, highlighter: Stuck())
        settings.executor = ServerThreads.shared
        let server = DevServer(settings: settings, say: { _ in })
        let running = Task { try await server.run() }
        try await Task.sleep(for: .seconds(1))
        let stopped = Date()
        running.cancel()
        _ = try? await running.value
        #expect(Date().timeIntervalSince(stopped) < 45, "the server waited for the build")
    }

    /// Bound to every address, pages link to the machine's network address, which a phone on
    /// the network reaches too; bound to one, they link to it.
    @Test func pagesLinkToTheAddressOthersReachTheServerAt() {
        #expect(DevServer.address(host: "0.0.0.0", port: 8000, networkAddresses: ["192.168.1.5", "10.0.0.2"]).absoluteString == "http://192.168.1.5:8000/")
        #expect(DevServer.address(host: "::", port: 8000, networkAddresses: ["192.168.1.5"]).absoluteString == "http://192.168.1.5:8000/")
        #expect(DevServer.address(host: "0.0.0.0", port: 8000, networkAddresses: []).absoluteString == "http://localhost:8000/")
        #expect(DevServer.address(host: "127.0.0.1", port: 8000, networkAddresses: ["192.168.1.5"]).absoluteString == "http://127.0.0.1:8000/")
        #expect(DevServer.address(host: "::1", port: 1).absoluteString == "http://[::1]:1/")
    }

    @Test func foldersAndTheSitesOwnNotFoundPage() async throws {
        try await ServedBlog.with(["pages/about.md": ServedBlog.post("About", "Who writes here.")]) { blog in
            let folder = try await blog.http.send("/about/")
            #expect(folder.status == 200 && folder.text.contains("Who writes here."))
            let bare = try await blog.http.send("/about?x=1")
            #expect(bare.status == 301 && bare.headers["location"] == "/about/?x=1")
            let html = try await blog.http.send("/about.html")
            #expect(html.status == 301 && html.headers["location"] == "/about/")
            let missing = try await blog.http.send("/no/such/page/")
            #expect(missing.status == 404)
            #expect(missing.text.contains("<html"), "the theme's 404 page")
        }
    }

    @Test func entityTagsHeadAndByteRanges() async throws {
        let audio = String(repeating: "0123456789", count: 100)
        try await ServedBlog.with(["static/audio/talk.mp3": audio]) { blog in
            let whole = try await blog.http.send("/audio/talk.mp3")
            #expect(whole.status == 200 && whole.body.count == 1000)
            #expect(whole.headers["content-type"] == "audio/mpeg")
            #expect(whole.headers["accept-ranges"] == "bytes")
            let tag = try #require(whole.headers["etag"])
            let again = try await blog.http.send("/audio/talk.mp3", headers: ["If-None-Match": tag])
            #expect(again.status == 304 && again.body.isEmpty)
            let part = try await blog.http.send("/audio/talk.mp3", headers: ["Range": "bytes=10-19"])
            #expect(part.status == 206 && part.text == "0123456789" && part.headers["content-range"] == "bytes 10-19/1000")
            let tail = try await blog.http.send("/audio/talk.mp3", headers: ["Range": "bytes=-5"])
            #expect(tail.status == 206 && tail.text == "56789")
            let past = try await blog.http.send("/audio/talk.mp3", headers: ["Range": "bytes=5000-"])
            #expect(past.status == 416 && past.headers["content-range"] == "bytes */1000")
            let stale = try await blog.http.send("/audio/talk.mp3", headers: ["Range": "bytes=0-1", "If-Range": "\"old\""])
            #expect(stale.status == 200 && stale.body.count == 1000)
            let head = try await blog.http.send("/audio/talk.mp3", method: "HEAD")
            #expect(head.status == 200 && head.headers["content-length"] == "1000" && head.body.isEmpty)
            let page = try await blog.http.send("/")
            let pageTag = try #require(page.headers["etag"])
            #expect(try await blog.http.send("/", headers: ["If-None-Match": "\"x\", \(pageTag)"]).status == 304)
            // Dates too, for clients that keep only those: a page from memory has the build's.
            let since = try #require(page.headers["last-modified"])
            #expect(try await blog.http.send("/", headers: ["If-Modified-Since": since]).status == 304)
            #expect(try await blog.http.send("/audio/talk.mp3", headers: ["If-Modified-Since": try #require(whole.headers["last-modified"])]).status == 304)
            // The page as sent, reload script and all, is what its length says.
            #expect(page.headers["content-length"] == "\(page.body.count)" && page.text.contains(LiveReload.tag))
        }
    }

    @Test func anEditReachesTheOpenPageAsAReloadThenAsTheNewText() async throws {
        try await ServedBlog.with { blog in
            let events = try await blog.http.events(until: { $0.contains("event: reload") }) {
                try blog.write("posts/2024-03-01-hello.md", ServedBlog.post("Hello", "Words written later."))
            }
            #expect(events.contains("event: hello"))
            #expect(events.contains("event: reload"))
            let post = try await blog.http.send("/2024/03/01/hello/")
            #expect(post.text.contains("Words written later."))
        }
    }

    @Test func aNewPostInANewFolderIsSeen() async throws {
        try await ServedBlog.with { blog in
            try FileManager.default.createDirectory(at: blog.root.appending(path: "posts/2024"), withIntermediateDirectories: true)
            try await Task.sleep(for: .milliseconds(200))
            try blog.write("posts/2024/2024-04-02-later.md", ServedBlog.post("Later", "A post in a folder made while serving."))
            let post = try await blog.eventually("/2024/04/02/later/") { $0.status == 200 }
            #expect(post.text.contains("A post in a folder made while serving."))
        }
    }

    @Test func aChangedStylesheetIsSwappedWithoutAReload() async throws {
        try await ServedBlog.with(["static/style.css": "body { color: black; }\n"]) { blog in
            let events = try await blog.http.events(until: { $0.contains("event: css") || $0.contains("event: reload") }) {
                try blog.write("static/style.css", "body { color: navy; }\n")
            }
            #expect(events.contains("event: css"), "\(events)")
            #expect(events.contains("\"/style.css\""))
            #expect(!events.contains("event: reload"))
            #expect(try await blog.http.send("/style.css").text.contains("navy"))
        }
    }

    @Test func aBrokenPostShowsItsErrorInTheBrowserAndAFixBringsThePageBack() async throws {
        try await ServedBlog.with { blog in
            try blog.write("posts/2024-03-01-hello.md", "---\ntitle: Hello\ndate: next tuesday\n---\n\nText.\n")
            let broken = try await blog.eventually("/2024/03/01/hello/") { $0.status == 500 }
            #expect(broken.status == 500)
            #expect(broken.text.contains("posts/2024-03-01-hello.md:3"), "\(broken.text)")
            #expect(broken.text.contains(LiveReload.tag))
            // The other files are still served from the last good build.
            #expect(try await blog.http.send("/style.css").status == 200)
            #expect(blog.said.lines.contains { $0.hasPrefix("error:") && $0.contains("posts/2024-03-01-hello.md:3") })
            try blog.write("posts/2024-03-01-hello.md", ServedBlog.post("Hello", "Mended."))
            let mended = try await blog.eventually("/2024/03/01/hello/") { $0.status == 200 }
            #expect(mended.text.contains("Mended."))
        }
    }

    /// A post dated tomorrow, or a draft, is not shown: the line of the rebuild says it is left
    /// out, and says so again only when that changes.
    @Test func theDraftsAndFuturePostsLeftOutAreSaid() async throws {
        try await ServedBlog.with { blog in
            try blog.write("posts/2999-01-01-later.md", "---\ntitle: Later\n---\n\nSoon.\n")
            _ = try await blog.eventually("/") { _ in blog.said.lines.contains { $0.hasSuffix("; left out 1 future post (--future)") } }
            #expect(blog.said.lines.contains { $0.hasPrefix("rebuilt in ") && $0.hasSuffix("; left out 1 future post (--future)") }, "\(blog.said.lines)")
            try blog.write("posts/2024-03-01-hello.md", ServedBlog.post("Hello", "Edited."))
            _ = try await blog.eventually("/2024/03/01/hello/") { $0.text.contains("Edited.") }
            let rebuilt = blog.said.lines.filter { $0.hasPrefix("rebuilt in ") }
            #expect(rebuilt.count >= 2 && rebuilt.last?.contains("left out") == false, "said once: \(rebuilt)")
            try FileManager.default.removeItem(at: blog.root.appending(path: "posts/2999-01-01-later.md"))
            _ = try await blog.eventually("/") { _ in blog.said.lines.contains { $0.hasSuffix("; no draft or future post left out") } }
        }
    }

    /// The error page quotes the lines an error is about, escaped: a post's text is not markup.
    @Test func theErrorPageShowsTheLinesAroundAnError() async throws {
        try await ServedBlog.with { blog in
            try blog.write("posts/2024-03-01-hello.md", "---\ntitle: <b>Hi</b>\ndate: 2024-03-01\ntags: [a, <i>b\nsummary: x\n---\n\nText.\n")
            let broken = try await blog.eventually("/2024/03/01/hello/") { $0.status == 500 }
            #expect(broken.text.contains("posts/2024-03-01-hello.md:4"), "\(broken.text)")
            #expect(broken.text.contains("<pre>  2 | title: &lt;b&gt;Hi&lt;/b&gt;\n  3 | date: 2024-03-01\n&gt; 4 | tags: [a, &lt;i&gt;b\n    |       ^\n  5 | summary: x</pre>"),
                    "\(broken.text)")
            #expect(!broken.text.contains("<i>b"))
        }
    }

    /// An editor that empties a file and writes it a moment later saves twice; the first save
    /// breaks the build, but the open page only ever reloads into the written post.
    @Test func aFileEmptiedThenWrittenDoesNotFlashTheErrorPage() async throws {
        try await ServedBlog.with { blog in
            let file = blog.root.appending(path: "posts/2024-03-01-hello.md")
            let events = try await blog.http.events(until: { $0.components(separatedBy: "event: reload").count > 2 }, seconds: 3) {
                // On a thread of its own, as an editor saves: a task's sleep of 80 ms could last
                // seconds where the tests' synchronous neighbours hold every shared thread.
                try await onOwnThread {
                    let handle = try FileHandle(forWritingTo: file)
                    try handle.truncate(atOffset: 0)
                    try handle.close()
                    usleep(80_000)
                    try blog.write("posts/2024-03-01-hello.md", ServedBlog.post("Hello", "Written in two steps."))
                }
            }
            #expect(events.components(separatedBy: "event: reload").count == 2, "one reload, into the written post: \(events)")
            let page = try await blog.http.send("/2024/03/01/hello/")
            #expect(page.status == 200 && page.text.contains("Written in two steps."))
            #expect(!blog.said.lines.contains { $0.hasPrefix("error:") }, "\(blog.said.lines)")
        }
    }

    @Test(arguments: ["/../galley.yml", "/%2e%2e/galley.yml", "/posts%2f..%2f..%2fgalley.yml", "/..%2fgalley.yml", "//etc/passwd",
                      "/a/../../galley.yml", "/%00", "/style.css%00.html", "/%ff", "/a\\..\\galley.yml", "relative", "/./", "/%5c..%5cgalley.yml"])
    func hostilePathsNameNoFileOutsideTheSite(target: String) async throws {
        try await ServedBlog.with(["static/secret-free.txt": "fine"]) { blog in
            let response = try await blog.http.send(target)
            #expect([400, 404].contains(response.status), "\(target): \(response.status)")
            #expect(!response.text.contains("base_url"), "\(target) leaked galley.yml")
            #expect(!response.text.contains("root:"), "\(target) leaked a system file")
        }
    }

    @Test func aLinkOutOfTheBlogIsNeverServed() async throws {
        let outside = FileManager.default.temporaryDirectory.appending(path: "galley-outside-\(UUID().uuidString).txt")
        try Data("SECRET".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        try await ServedBlog.with { blog in
            try FileManager.default.createDirectory(at: blog.root.appending(path: "static"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: blog.root.appending(path: "static/leak.txt").path, withDestinationPath: outside.path)
            let page = try await blog.eventually("/") { $0.status == 500 }
            #expect(page.text.contains("static/leak.txt"))
            let leak = try await blog.http.send("/leak.txt")
            #expect(!leak.text.contains("SECRET"))
        }
    }

    /// A reader that stops reading a big file is cut off, as `galley host` cuts it off: with
    /// `--bind 0.0.0.0` each such download held its connection and megabytes for good.
    @Test func aStalledDownloadIsCutOff() async throws {
        let big = String(repeating: "0123456789abcdef", count: 1 << 20)  // 16 MB
        try await ServedBlog.with(["static/big.txt": big], stalledWrite: .seconds(1)) { blog in
            _ = try await blog.eventually("/") { $0.status == 200 }
            let stalled = try await blog.http.stalledDownload("/big.txt", headers: ["Host": "127.0.0.1"], stalling: 20, seconds: 30)
            #expect(stalled.closed && stalled.received < big.utf8.count, "\(stalled)")
            let whole = try await blog.http.send("/big.txt")
            #expect(whole.status == 200 && whole.body.count == big.utf8.count)
        }
    }

    @Test func aRequestNamingAnotherHostIsRefused() async throws {
        try await ServedBlog.with { blog in
            // DNS rebinding: a page at evil.example whose name now points at 127.0.0.1.
            let rebound = try await blog.http.send("/", headers: ["Host": "evil.example:\(blog.http.port)"])
            #expect(rebound.status == 403 && !rebound.text.contains("Hello"))
            let events = try await blog.http.send("/__galley/live.js", headers: ["Host": "evil.example"])
            #expect(events.status == 403)
            for host in ["localhost:\(blog.http.port)", "127.0.0.1", "[::1]:\(blog.http.port)", "blog.localhost"] {
                #expect(try await blog.http.send("/", headers: ["Host": host]).status == 200, "\(host)")
            }
            #expect(try await blog.http.send("/", headers: ["Host": "1.2.3.4.example"]).status == 403)
            #expect(try await blog.http.send("/", headers: ["Host": "١٢٧.0.0.1"]).status == 403)
            // A second Host, which the first hid from the check.
            let twice = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"
            #expect(try await blog.http.statusLine(sending: twice, seconds: 10) == "HTTP/1.1 400 Bad Request")
        }
    }

    @Test func aPostComingDueWhileServingIsPublished() async throws {
        try await ServedBlog.with { blog in
            // Written after the server started, dated a moment ahead, as `galley new post` dates one.
            let due = Date().addingTimeInterval(3)
            let date = ISO8601DateFormatter().string(from: due)
            try blog.write("posts/2024-03-05-soon.md", "---\ntitle: Soon\ndate: \(date)\n---\n\nOn time.\n")
            let path = "/" + DateFormatter.pathDay.string(from: due) + "/soon/"
            let page = try await blog.eventually(path, seconds: 20) { $0.status == 200 }
            #expect(page.status == 200 && page.text.contains("On time."), "\(path)")
        }
    }

    @Test func aFileEditedBehindALinkIsNeverAnsweredWithItsOldTag() async throws {
        try await ServedBlog.with(["shared/linked.css": "h1 { color: red; }\n"]) { blog in
            try FileManager.default.createDirectory(at: blog.root.appending(path: "static"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: blog.root.appending(path: "static/linked.css").path,
                                                       withDestinationPath: "../shared/linked.css")
            let first = try await blog.eventually("/linked.css") { $0.status == 200 }
            let tag = try #require(first.headers["etag"])
            try await Task.sleep(for: .milliseconds(20))
            try blog.write("shared/linked.css", "h1 { color: green; }\n")
            let again = try await blog.http.send("/linked.css", headers: ["If-None-Match": tag])
            #expect(again.status == 200 && again.text.contains("green"))
        }
    }

    @Test func aBigFileIsSentInPiecesAndEachRangeIsExact() async throws {
        let bytes = (0..<700_000).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }.joined()
        try await ServedBlog.with(["static/big.txt": bytes]) { blog in
            let whole = try await blog.http.send("/big.txt")
            #expect(whole.status == 200 && whole.text == bytes)
            let across = try await blog.http.send("/big.txt", headers: ["Range": "bytes=262100-262200"])
            let start = bytes.index(bytes.startIndex, offsetBy: 262_100), end = bytes.index(bytes.startIndex, offsetBy: 262_200)
            #expect(across.status == 206 && across.text == String(bytes[start...end]))
        }
    }

    @Test func onlyGetAndHeadAreAnswered() async throws {
        try await ServedBlog.with { blog in
            let response = try await blog.http.send("/", method: "DELETE")
            #expect(response.status == 405 && response.headers["allow"] == "GET, HEAD")
        }
    }

    @Test func aBusyPortIsAClearErrorThatSuggestsAnother() async throws {
        try await ServedBlog.with { blog in
            let server = DevServer(settings: .init(site: blog.root, port: blog.http.port), say: { _ in })
            await #expect {
                try await server.run()
            } throws: { error in
                guard let error = error as? ServeError, let free = error.freePort else { return false }
                return error.message.contains("port \(blog.http.port)") && error.message.contains("in use") && free != blog.http.port
                    && error.message.contains("port \(free) is free")
            }
        }
    }
}

extension DateFormatter {
    /// `2024/03/05`, in UTC, as the test blog's permalinks name a day.
    static let pathDay: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy/MM/dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter
    }()
}
