import Foundation
import Logging
import Previews
import TestThreads
import Testing

@testable import Serving

/// `galley host` as browsers, podcast apps and attackers meet it: real HTTP on a loopback port,
/// serving a destination folder laid out as deploys leave one.
@Suite(.onBlockingPool) struct PreviewHostTests {
    static let site = [
        "index.html": "<!DOCTYPE html><title>Home</title><p>home of release ONE</p>\n",
        "about/index.html": "<p>about</p>\n",
        "404.html": "<p>the site's own 404</p>\n",
        "episode.mp3": String(repeating: "0123456789", count: 100),
        "a b/ü/index.html": "<p>spaced</p>\n",
        "style.css": "body {}\n",
        "notes/release-1..2.txt": "dots\n",
        "v1..2/index.html": "<p>dotted folder</p>\n",
    ]

    static func standard(_ root: URL) throws {
        try HostedPreviews.publish("post-hello", release: "1-aaaaaaa", files: site, in: root)
        // A file beside the destination and one beside the release, which no request may reach.
        try Data("secret\n".utf8).write(to: root.appending(path: ".galley/secret.txt"))
        try Data("outside\n".utf8).write(to: root.deletingLastPathComponent().appending(path: "\(root.lastPathComponent)-outside.txt"))
        let release = root.appending(path: ".galley/releases/post-hello.p.test/1-aaaaaaa")
        try FileManager.default.createSymbolicLink(atPath: release.appending(path: "up").path, withDestinationPath: "../../../secret.txt")
        try FileManager.default.createSymbolicLink(atPath: release.appending(path: "absolute").path, withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: release.appending(path: "inside.css").path, withDestinationPath: "style.css")
        guard mkfifo(release.appending(path: "pipe").path, 0o644) == 0 else { throw RawHTTP.Failure(message: "mkfifo failed") }
        // A preview link that leaves the destination.
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "evil.p.test").path, withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "up.p.test").path, withDestinationPath: "..")
        // And one to a whole site beside the destination.
        let beside = root.deletingLastPathComponent().appending(path: "\(root.lastPathComponent)-site")
        try FileManager.default.createDirectory(at: beside, withIntermediateDirectories: true)
        try Data("outside site\n".utf8).write(to: beside.appending(path: "index.html"))
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "beside.p.test").path, withDestinationPath: "../\(beside.lastPathComponent)")
        // A folder in the release linked to that site: its index.html is no page of the release.
        try FileManager.default.createSymbolicLink(atPath: release.appending(path: "outlink").path, withDestinationPath: beside.path)
    }

    @Test func servesAPreviewByItsHostWithTheHeadersAPreviewNeeds() async throws {
        try await HostedPreviews.with(prepare: Self.standard) { host in
            let home = try await host.send("/", host: "post-hello.p.test")
            #expect(home.status == 200 && home.text.contains("release ONE"))
            #expect(home.headers["content-type"] == "text/html; charset=utf-8")
            #expect(home.headers["x-robots-tag"] == "noindex")
            #expect(home.headers["cache-control"] == "no-cache")
            #expect(home.headers["x-content-type-options"] == "nosniff")
            #expect(try await host.send("/about/", host: "POST-HELLO.p.test:8080").text == "<p>about</p>\n")
            let folder = try await host.send("/about?x=1", host: "post-hello.p.test")
            #expect(folder.status == 301 && folder.headers["location"] == "/about/?x=1")
            let spaced = try await host.send("/a%20b/%C3%BC", host: "post-hello.p.test")
            #expect(spaced.status == 301 && spaced.headers["location"] == "/a%20b/%C3%BC/", "\(spaced.headers)")
            #expect(try await host.send("/a%20b/%C3%BC/", host: "post-hello.p.test").text == "<p>spaced</p>\n")
            let old = try await host.send("/about.html", host: "post-hello.p.test")
            #expect(old.status == 301 && old.headers["location"] == "/about/")
            // Not sent on past a link that leaves the release: the redirect told whether a page
            // existed anywhere on the machine.
            #expect(try await host.send("/outlink.html", host: "post-hello.p.test").status == 404)
            let missing = try await host.send("/nothing/", host: "post-hello.p.test")
            #expect(missing.status == 404 && missing.text == "<p>the site's own 404</p>\n")
            #expect(missing.headers["x-robots-tag"] == "noindex")
            let head = try await host.send("/style.css", host: "post-hello.p.test", method: "HEAD")
            #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == "8")
            #expect(head.headers["content-type"] == "text/css; charset=utf-8")
            // A file asked for as a folder is not there; nor is a target with a fragment in it.
            #expect(try await host.send("/style.css/", host: "post-hello.p.test").status == 404)
            #expect(try await host.send("/style.css#top", host: "post-hello.p.test").status == 400)
            let post = try await host.send("/", host: "post-hello.p.test", method: "POST")
            #expect(post.status == 405 && post.headers["allow"] == "GET, HEAD")
            #expect(try await host.send("/inside.css", host: "post-hello.p.test").text == "body {}\n")
        }
    }

    /// A name with two dots inside is a name like any other (FileMiddleware answered 400 to it),
    /// and the name it is shown to FileMiddleware under is no address of it.
    @Test func namesWithTwoDotsInsideAreServed() async throws {
        try await HostedPreviews.with(prepare: Self.standard) { host in
            let dotted = try await host.send("/notes/release-1..2.txt", host: "post-hello.p.test")
            #expect(dotted.status == 200 && dotted.text == "dots\n", "\(dotted.status)")
            #expect(dotted.headers["content-type"]?.hasPrefix("text/plain") == true)
            let part = try await host.send("/notes/release-1%2E%2E2.txt", host: "post-hello.p.test", headers: ["Range": "bytes=0-1"])
            #expect(part.status == 206 && part.text == "do")
            let folder = try await host.send("/v1..2?x=1", host: "post-hello.p.test")
            #expect(folder.status == 301 && folder.headers["location"] == "/v1..2/?x=1", "\(folder.status) \(folder.headers)")
            #expect(try await host.send("/v1..2/", host: "post-hello.p.test").text == "<p>dotted folder</p>\n")
            for other in ["/notes/release-1_.2.txt", "/v1_.2/", "/notes/..", "/notes/../style.css", "/v1..2/.."] {
                #expect([400, 404].contains(try await host.send(other, host: "post-hello.p.test").status), "\(other)")
            }
        }
    }

    /// Hosts and paths a scanner or an attacker sends: all refused, none reaches a file outside
    /// the preview, and a FIFO holds nothing up.
    @Test func hostileHostsAndPathsFailSafely() async throws {
        try await HostedPreviews.with(prepare: Self.standard) { host in
            // Two hosts: the first was served, where a proxy might have read the second.
            let twice = "GET / HTTP/1.1\r\nHost: post-hello.p.test\r\nHost: evil.p.test\r\nConnection: close\r\n\r\n"
            #expect(try await host.http.statusLine(sending: twice, seconds: 10) == "HTTP/1.1 400 Bad Request")
            // A whole URL as the target is for its own host, whatever Host says (RFC 9112 §3.2.2).
            let preview = try await host.send("/", host: "post-hello.p.test")
            let absolute = try await host.http.exchange("GET http://post-hello.p.test/ HTTP/1.1\r\nHost: evil.com\r\nConnection: close\r\n\r\n",
                                                        seconds: 10)
            #expect(absolute.received.hasPrefix("HTTP/1.1 200 OK\r\n") && absolute.received.hasSuffix(preview.text), "\(absolute.received)")
            let elsewhere = "GET http://evil.com/ HTTP/1.1\r\nHost: post-hello.p.test\r\nConnection: close\r\n\r\n"
            #expect(try await host.http.statusLine(sending: elsewhere, seconds: 10) == "HTTP/1.1 421 Misdirected Request")
            for (name, status) in [("evil.com", 421), ("p.test.evil.com", 421), ("127.0.0.1", 421), ("[::1]", 421), ("a.b.p.test", 404),
                                   ("-x.p.test", 404), ("nope.p.test", 404), ("evil.p.test", 404), ("up.p.test", 404), ("beside.p.test", 404),
                                   ("post-hello.p.test:x", 421), ("post-hello.p.test/..", 421)] {
                let answer = try await host.send("/", host: name)
                #expect(answer.status == status, "\(name): \(answer.status)")
                #expect(!answer.text.contains("root:") && !answer.text.contains("release ONE") && !answer.text.contains("outside"), "\(name)")
            }
            for path in ["/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/a%2fb", "/%00", "/x%00.html", "/%", "/%zz", "/./index.html",
                         "/up", "/absolute", "/pipe", "/.galley/secret.txt", "/../../\(URL(fileURLWithPath: "x").lastPathComponent)", "//etc/passwd",
                         "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/..\\..\\secret.txt", "*"] {
                let answer = try await host.send(path, host: "post-hello.p.test")
                #expect([400, 404].contains(answer.status), "\(path): \(answer.status)")
                #expect(!answer.text.contains("secret") && !answer.text.contains("root:") && !answer.text.contains("outside"), "\(path)")
            }
        }
    }

    /// Podcast apps fetch audio in pieces; browsers come back with the tags they were given.
    @Test func rangesAndConditionalRequests() async throws {
        try await HostedPreviews.with(prepare: Self.standard) { host in
            let part = try await host.send("/episode.mp3", host: "post-hello.p.test", headers: ["Range": "bytes=10-19"])
            #expect(part.status == 206 && part.text == "0123456789" && part.headers["content-range"] == "bytes 10-19/1000")
            #expect(part.headers["content-type"] == "audio/mpeg")
            let tail = try await host.send("/episode.mp3", host: "post-hello.p.test", headers: ["Range": "bytes=995-"])
            #expect(tail.status == 206 && tail.text == "56789")
            let past = try await host.send("/episode.mp3", host: "post-hello.p.test", headers: ["Range": "bytes=5000-"])
            #expect(past.status == 416 && past.headers["content-range"] == "bytes */1000", "\(past.status) \(past.headers)")
            // The last bytes, as players ask for an MP3's tag; FileMiddleware alone would send the first six.
            let last = try await host.send("/episode.mp3", host: "post-hello.p.test", headers: ["Range": "bytes=-5"])
            #expect(last.status == 206 && last.text == "56789" && last.headers["content-range"] == "bytes 995-999/1000")
            let folderPart = try await host.send("/about/", host: "post-hello.p.test", headers: ["Range": "bytes=-4"])
            #expect(folderPart.status == 206 && folderPart.text == "/p>\n")
            // Several ranges, or another unit: the whole file, which HTTP allows.
            for odd in ["bytes=0-1,5-6", "lines=1-2", "bytes=5-2"] {
                let whole = try await host.send("/episode.mp3", host: "post-hello.p.test", headers: ["Range": odd])
                #expect(whole.status == 200 && whole.body.count == 1000, "\(odd): \(whole.status)")
            }
            // HEAD answers as a GET without the range would, not 200 with a Content-Range.
            for range in ["bytes=10-19", "bytes=5000-"] {
                let head = try await host.send("/episode.mp3", host: "post-hello.p.test", method: "HEAD", headers: ["Range": range])
                #expect(head.status == 200 && head.headers["content-range"] == nil && head.headers["content-length"] == "1000", "\(range)")
            }
            let first = try await host.send("/", host: "post-hello.p.test")
            let tag = try #require(first.headers["etag"])
            let again = try await host.send("/", host: "post-hello.p.test", headers: ["If-None-Match": tag])
            #expect(again.status == 304 && again.body.isEmpty)
            let since = try await host.send("/", host: "post-hello.p.test", headers: ["If-Modified-Since": try #require(first.headers["last-modified"])])
            #expect(since.status == 304)
            let stale = try await host.send("/", host: "post-hello.p.test", headers: ["If-None-Match": "W/\"0000\""])
            #expect(stale.status == 200)
            #expect(try await host.send("/", host: "post-hello.p.test", headers: ["If-None-Match": "\"x\", \(tag)"]).status == 304)
            // Tags are compared weakly (RFC 9110): the same tag with or without `W/` matches, and
            // a comma inside quotes is part of a tag, not between two.
            let other = tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : "W/" + tag
            #expect(try await host.send("/", host: "post-hello.p.test", headers: ["If-None-Match": other]).status == 304, "\(tag)")
            #expect(try await host.send("/", host: "post-hello.p.test", headers: ["If-None-Match": "\"a,b\", \(other)"]).status == 304)
            let inside = "\"a, \(tag.replacingOccurrences(of: "\"", with: ""))\""
            #expect(try await host.send("/", host: "post-hello.p.test", headers: ["If-None-Match": inside]).status == 200, "\(inside)")
            // Any file there is matches `*` (RFC 9110), a range or not; a missing one does not.
            for headers in [["If-None-Match": "*"], ["If-None-Match": "\"x\", *", "Range": "bytes=0-1"]] {
                let star = try await host.send("/episode.mp3", host: "post-hello.p.test", headers: headers)
                #expect(star.status == 304 && star.body.isEmpty, "\(headers): \(star.status) \(star.headers)")
                #expect(star.headers["etag"] != nil && star.headers["content-range"] == nil)
            }
            #expect(try await host.send("/nothing.mp3", host: "post-hello.p.test", headers: ["If-None-Match": "*"]).status == 404)
        }
    }

    /// Each request is answered from the release live when it came in: a new release switched in
    /// between two requests is seen by the second one whole.
    @Test func aSwitchedReleaseIsServedWhole() async throws {
        try await HostedPreviews.with(prepare: Self.standard) { host in
            #expect(try await host.send("/", host: "post-hello.p.test").text.contains("release ONE"))
            var next = Self.site
            next["index.html"] = "<p>home of release TWO</p>\n"
            try HostedPreviews.publish("post-hello", release: "2-bbbbbbb", files: next, in: host.root)
            #expect(try await host.send("/", host: "post-hello.p.test").text == "<p>home of release TWO</p>\n")
        }
    }

    /// A production folder (`--production-to`) served at the production label: open to search
    /// engines, first in the index.
    @Test func theProductionFolderIsServedAtItsLabel() async throws {
        try await HostedPreviews.with(prepare: { root in
            try Self.standard(root)
            let production = root.deletingLastPathComponent().appending(path: "blog")
            let release = production.appending(path: ".galley/releases/current/1-eeeeeee")
            try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
            try Data("the real site\n".utf8).write(to: release.appending(path: "index.html"))
            try FileManager.default.createSymbolicLink(atPath: production.appending(path: "current").path, withDestinationPath: ".galley/releases/current/1-eeeeeee")
            var manifest = PreviewManifest()
            var entry = PreviewManifest.Entry(branch: "main")
            entry.commit = "feedfacefeedfacefeedfacefeedfacefeedface"
            entry.release = "1-eeeeeee"
            manifest.production = entry
            try JSONEncoder().encode(manifest).write(to: production.appending(path: PreviewManifest.path))
            var previews = PreviewManifest()
            var hello = PreviewManifest.Entry(branch: "post/hello")
            hello.release = "1-aaaaaaa"
            hello.deployed = "2026-11-26T19:40:09Z"
            previews.previews["post-hello"] = hello
            try JSONEncoder().encode(previews).write(to: root.appending(path: PreviewManifest.path))
        }, adjust: { settings in
            settings.productionLabel = "www"
            settings.productionRoot = settings.root.deletingLastPathComponent().appending(path: "blog")
        }) { host in
            let site = try await host.send("/", host: "www.p.test")
            #expect(site.status == 200 && site.text == "the real site\n" && site.headers["x-robots-tag"] == nil)
            let index = try await host.send("/", host: "p.test")
            let production = try #require(index.text.range(of: "www.p.test</a>")), preview = try #require(index.text.range(of: "post-hello.p.test</a>"))
            #expect(production.lowerBound < preview.lowerBound)
            #expect(index.text.contains("<code>feedfac</code>") && index.text.contains("production, live"))
            // The production site's row is counted apart from the previews'.
            #expect(index.text.contains(" (and the production site, first), one for each branch pushed"), "\(index.text)")
        }
    }

    /// With `--production-domain`, the production site is served at its own domain too, as the
    /// nginx and Apache configurations serve it: `galley host` alone could show it only at a
    /// label under the previews' domain.
    @Test func theProductionSiteIsServedAtItsOwnDomainAndWWWIsSentThere() async throws {
        try await HostedPreviews.with(prepare: { root in
            try Self.standard(root)
            try HostedPreviews.publish("www", release: "1-eeeeeee", files: ["index.html": "the real site\n", "about/index.html": "about\n"], in: root)
        }, adjust: { settings in
            settings.productionLabel = "www"
            settings.productionDomain = "Example.TEST."
        }) { host in
            let site = try await host.send("/about/", host: "example.test")
            #expect(site.status == 200 && site.text == "about\n" && site.headers["x-robots-tag"] == nil, "\(site.status) \(site.headers)")
            #expect(try await host.send("/", host: "EXAMPLE.test:8443").text == "the real site\n")
            // Still at its label, and the previews as they were.
            #expect(try await host.send("/", host: "www.p.test").text == "the real site\n")
            #expect(try await host.send("/", host: "post-hello.p.test").headers["x-robots-tag"] == "noindex")
            let www = try await host.send("/about/?x=1", host: "www.example.test:8443")
            #expect(www.status == 301 && www.headers["location"] == "//example.test:8443/about/?x=1" && www.headers["x-robots-tag"] == nil,
                    "\(www.status) \(www.headers)")
            // Nothing else under the production domain is ours.
            let other = try await host.send("/", host: "blog.example.test")
            #expect(other.status == 421 && other.text.contains("example.test and www.example.test"), "\(other.status) \(other.text)")
            // The index links production to its own domain; a certificate may be had for both names.
            let index = try await host.send("/", host: "p.test")
            #expect(index.text.contains("<a href=\"//example.test/\">example.test</a>"), "\(index.text)")
            for (name, status) in [("example.test", 200), ("www.example.test", 200), ("blog.example.test", 404)] {
                let answer = try await host.http.send("/_galley/tls?domain=\(name)", headers: ["Host": "127.0.0.1"])
                #expect(answer.status == status, "\(name): \(answer.status)")
            }
        }
    }

    /// Before production is published, its readers are told so, and nothing of the previews'
    /// domain or labels; `www.` and a target that is no path are sent to its home page.
    @Test func aProductionDomainNotPublishedYetSaysSoAlone() async throws {
        try await HostedPreviews.with(prepare: Self.standard, adjust: { settings in
            settings.productionLabel = "main"
            settings.productionDomain = "example.test"
        }) { host in
            let none = try await host.send("/", host: "example.test")
            #expect(none.status == 404 && none.text.contains("Not published yet") && !none.text.contains("p.test") && !none.text.contains("main"),
                    "\(none.status) \(none.text)")
            let star = try await host.send("*", host: "www.example.test", method: "OPTIONS")
            #expect(star.status == 301 && star.headers["location"] == "//example.test/", "\(star.status) \(star.headers)")
        }
    }

    @Test func aProductionDomainNeedsALabelAndADomainOfItsOwn() throws {
        let root = FileManager.default.temporaryDirectory
        for (label, previews, domain, said) in [
            (nil, "p.test", "example.test", "--production-domain needs --production LABEL"),
            ("www", "p.test", "www.p.test", "--production-domain www.p.test is the previews' own domain or a name under it"),
            ("www", "p.test", "p.test", "--production-domain p.test is the previews' own domain or a name under it"),
            ("www", "p.test", "exa mple.test", "--production-domain 'exa mple.test' is not a domain name such as example.com"),
            // Names no certificate is had for, and `localhost`, which asks this server's own questions.
            ("www", "p.test", "localhost", "--production-domain 'localhost' is not a domain name"),
            ("www", "p.test", "127.0.0.1", "--production-domain '127.0.0.1' is not a domain name"),
            // The index of previews would be sent to the production site.
            ("www", "www.example.test", "example.test", "--domain www.example.test is where www.example.test would be sent to example.test"),
        ] as [(String?, String, String, String)] {
            let settings = PreviewHost.Settings(root: root, domain: previews, productionLabel: label, productionDomain: domain)
            #expect {
                _ = try PreviewHost(settings: settings, logger: Logger(label: "test"))
            } throws: { error in
                (error as? ServeError)?.message.hasPrefix(said) == true
            }
        }
    }

    /// A client that asks for a big file and stops reading held its connection, and megabytes
    /// of the server's memory, for as long as it liked: a write that waits past its limit closes
    /// the connection. One that reads gets all of it.
    @Test func aStalledDownloadIsCutOff() async throws {
        let big = String(repeating: "0123456789abcdef", count: 1 << 20)  // 16 MB
        try await HostedPreviews.with(prepare: { root in
            try HostedPreviews.publish("post-hello", release: "1-aaaaaaa", files: ["index.html": "hi", "big.txt": big], in: root)
        }, adjust: { $0.stalledWrite = .seconds(1) }) { host in
            let stalled = try await host.http.stalledDownload("/big.txt", headers: ["Host": "post-hello.p.test"], stalling: 20, seconds: 30)
            #expect(stalled.closed && stalled.received < big.utf8.count, "\(stalled)")
            let whole = try await host.send("/big.txt", host: "post-hello.p.test")
            #expect(whole.status == 200 && whole.body.count == big.utf8.count)
        }
    }

    /// Caddy's on-demand TLS asks before it gets a certificate: only for the domain and live sites.
    @Test func certificatesAreAllowedForLiveSitesOnly() async throws {
        try await HostedPreviews.with(prepare: Self.standard) { host in
            for (name, status) in [("post-hello.p.test", 200), ("p.test", 200), ("nope.p.test", 404), ("evil.p.test", 404), ("a.b.p.test", 404),
                                   ("example.com", 404), ("", 404)] {
                let answer = try await host.http.send("/_galley/tls?domain=\(name)", headers: ["Host": "127.0.0.1"])
                #expect(answer.status == status, "\(name): \(answer.status)")
            }
            // Through a proxy on this machine, a request from anywhere comes from loopback too,
            // but names a site: it is that site's path, not the question.
            let proxied = try await host.http.send("/_galley/tls?domain=post-hello.p.test", headers: ["Host": "p.test"])
            #expect(proxied.status == 404 && !proxied.text.contains("yes"))
            // A name that starts like a loopback address is a name: it once got the answer.
            for name in ["127.p.test", "127.0.0.1.nip.io", "127.evil.example"] {
                let named = try await host.http.send("/_galley/tls?domain=post-hello.p.test", headers: ["Host": name])
                #expect(!named.text.contains("yes"), "\(name): \(named.status) \(named.text)")
            }
            #expect(try await host.http.send("/_galley/tls?domain=post-hello.p.test", headers: ["Host": "127.0.0.2:8080"]).status == 200)
        }
    }

    @Test func theBareDomainListsThePreviewsAndEscapesWhatBranchesSay() async throws {
        try await HostedPreviews.with(prepare: { root in
            try Self.standard(root)
            try HostedPreviews.publish("x-script", release: "1-ccccccc", files: ["index.html": "x"], in: root)
            var manifest = PreviewManifest()
            var hello = PreviewManifest.Entry(branch: "post/hello")
            hello.commit = "1234567890abcdef1234567890abcdef12345678"
            hello.release = "1-aaaaaaa"
            hello.subject = "Add a <b>bold</b> post"
            hello.deployed = "2026-11-26T19:40:09Z"
            manifest.previews["post-hello"] = hello
            var hostile = PreviewManifest.Entry(branch: "x<script>alert(1)</script>")
            hostile.release = "1-ccccccc"
            hostile.failure = PreviewManifest.Failure(commit: "abcdef0123456789abcdef0123456789abcdef01", message: "posts/a.md:3: bad <date>")
            manifest.previews["x-script"] = hostile
            manifest.previews["gone"] = PreviewManifest.Entry(branch: "gone")
            // A label no deploy makes, written into the manifest by hand: left out, never shown raw.
            manifest.previews["<img src=x onerror=alert(1)>"] = hello
            try FileManager.default.createDirectory(at: root.appending(path: ".galley"), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            try encoder.encode(manifest).write(to: root.appending(path: PreviewManifest.path))
        }) { host in
            let index = try await host.send("/", host: "p.test:8080")
            #expect(index.status == 200 && index.headers["x-robots-tag"] == "noindex")
            #expect(index.text.contains("<a href=\"//post-hello.p.test:8080/\">post-hello.p.test</a>"))
            #expect(index.text.contains("<code>1234567</code><span class=\"subject\">Add a &lt;b&gt;bold&lt;/b&gt; post</span>"))
            #expect(index.text.contains("2026-11-26 19:40 UTC"))
            #expect(index.text.contains("x&lt;script&gt;alert(1)&lt;/script&gt;") && !index.text.contains("<script>"))
            #expect(index.text.contains("failed at <code>abcdef0</code>") && index.text.contains("posts/a.md:3: bad &lt;date&gt;"))
            #expect(index.text.contains("gone.p.test</td>") && !index.text.contains("//gone.p.test"))
            #expect(index.text.contains("3 previews") && !index.text.contains("<img"))
            #expect(try await host.send("/other", host: "p.test").status == 404)
        }
    }

    @Test func aPasswordGuardsPreviewsAndTheIndexButNotProduction() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "galley-pw-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Written on Windows: every line ends in CR LF.
        try Data("# reviewers\r\nann:open sesame\r\n\r\nbob:x:y\r\n".utf8).write(to: folder.appending(path: "passwords"))
        let passwords = try HostPasswords(file: folder.appending(path: "passwords").path)
        try await HostedPreviews.with(prepare: { root in
            try Self.standard(root)
            try HostedPreviews.publish("www", release: "1-ddddddd", files: ["index.html": "production"], in: root)
        }, adjust: { $0.passwords = passwords; $0.productionLabel = "www" }) { host in
            func basic(_ text: String) -> [String: String] { ["Authorization": "Basic " + Data(text.utf8).base64EncodedString()] }
            let asked = try await host.send("/", host: "post-hello.p.test")
            #expect(asked.status == 401 && asked.headers["www-authenticate"]?.hasPrefix("Basic realm=") == true)
            #expect(!asked.text.contains("release ONE"))
            #expect(try await host.send("/", host: "post-hello.p.test", headers: basic("ann:wrong")).status == 401)
            #expect(try await host.send("/", host: "post-hello.p.test", headers: basic("bob:open sesame")).status == 401)
            #expect(try await host.send("/", host: "post-hello.p.test", headers: ["Authorization": "Basic %%%"]).status == 401)
            #expect(try await host.send("/", host: "post-hello.p.test", headers: basic("ann:open sesame")).text.contains("release ONE"))
            #expect(try await host.send("/", host: "post-hello.p.test", headers: basic("bob:x:y")).status == 200)
            #expect(try await host.send("/", host: "p.test").status == 401)
            let production = try await host.send("/", host: "www.p.test")
            #expect(production.status == 200 && production.text == "production")
            #expect(production.headers["x-robots-tag"] == nil)
        }
        try Data("ann\n".utf8).write(to: folder.appending(path: "bad"))
        #expect(throws: ServeError.self) { try HostPasswords(file: folder.appending(path: "bad").path) }
        do {
            _ = try HostPasswords(file: folder.appending(path: "bad").path)
        } catch let error as ServeError {
            #expect(error.message.hasSuffix("bad:1: expected name:password"))
        }
        // Apache's htpasswd file, whose hashes no typed password would match.
        try Data("# made by htpasswd\nann:$apr1$Vx1o7Hm2$EXAMPLEhashEXAMPLEhas/\n".utf8).write(to: folder.appending(path: "htpasswd"))
        do {
            _ = try HostPasswords(file: folder.appending(path: "htpasswd").path)
            Issue.record("an htpasswd file was taken")
        } catch let error as ServeError {
            #expect(error.message.contains("htpasswd:2: the password is a hash ($apr1$…)"), "\(error.message)")
        }
    }
}
