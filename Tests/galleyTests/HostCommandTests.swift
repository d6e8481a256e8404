import Blocking
import Foundation
import Synchronization
import TestThreads
import Testing

/// `galley host` run as a server is: the binary, real deploys switching the preview it serves,
/// and clients over real HTTP on loopback.
@Suite(.onBlockingPool) struct HostCommandTests {
    let folder: ScratchFolder
    var work: URL { folder.url.appending(path: "work") }

    init() throws {
        folder = try ScratchFolder()
        try folder.write("work/galley.yml", "title: Release 0\nbase_url: https://blog.example.com/\n")
        try folder.write("work/pages/about.md", "---\ntitle: About\n---\nAbout this blog.\n")
        for day in 1...5 {
            try folder.write("work/posts/2024-01-0\(day)-post-\(day).md", "---\ntitle: Post \(day)\n---\n\(String(repeating: "Words of a post. ", count: 200))\n")
        }
        try git(["init", "-q", "-b", "post/live"], in: work)
        try git(["add", "-A"], in: work)
        try git(["commit", "-q", "-m", "Start the blog"], in: work)
    }

    func deploy() throws -> GalleyProcess.Result {
        try GalleyProcess.run(["deploy", "--to", "../previews", "--domain", "p.test", "--branch", "post/live"], in: work)
    }

    /// Starts `galley host` on a free port and waits until it listens.
    func startHost(_ extra: [String] = []) throws -> (BackgroundGalley, RawHTTP) {
        let host = try BackgroundGalley(["host", "--root", "previews", "--domain", "p.test", "--port", "0"] + extra, in: folder.url)
        #expect(eventually(within: 60) { host.stderr.contains("listening on http://127.0.0.1:") }, "\(host.stderr)")
        let port = host.stderr.components(separatedBy: "listening on http://127.0.0.1:").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) }
        return (host, RawHTTP(port: try #require(port)))
    }

    /// Clients keep asking for pages while twenty deploys switch the preview: every answer is a
    /// 200, and every page is one release's, never a mix.
    @Test func fiveThousandRequestsDuringTwentyDeploysAllGetWholePagesOfOneRelease() async throws {
        #expect(try deploy().status == 0)
        let (host, http) = try startHost()
        let paths = ["/", "/about/", "/2024/01/03/post-3/", "/feed.xml", "/2024/01/05/post-5"]
        let results = Locked<(count: Int, bad: [String], releases: Set<String>)>((0, [], []))
        let stop = Atomic<Bool>(false)
        // Waited for before the host stops: a request sent after that could reach another
        // test's server that the kernel gave the port to.
        let running = DispatchGroup()
        let clients = (0..<3).map { client in
            Thread {
                defer { running.leave() }
                var index = client
                while !stop.load(ordering: .relaxed) {
                    let path = paths[index % paths.count]
                    index += 1
                    let problem: String?
                    var release: String?
                    do {
                        let answer = try http.sendNow(path, headers: ["Host": "post-live.p.test"])
                        let marks = Set(answer.text.matches(of: /Release (\d+)/).map { String($0.output.1) })
                        release = marks.first
                        if path.hasSuffix("post-5") {
                            problem = answer.status == 301 ? nil : "\(path): \(answer.status)"
                        } else if answer.status != 200 {
                            problem = "\(path): \(answer.status)"
                        } else if answer.headers["content-length"] != "\(answer.body.count)" {
                            problem = "\(path): \(answer.body.count) bytes of \(answer.headers["content-length"] ?? "?")"
                        } else if marks.count != 1 {
                            problem = "\(path): releases \(marks.sorted())"
                        } else {
                            problem = nil
                        }
                    } catch {
                        problem = "\(path): \(error)"
                    }
                    results.withLock { results in
                        results.count += 1
                        if let problem, results.bad.count < 20 { results.bad.append(problem) }
                        if let release { results.releases.insert(release) }
                    }
                }
            }
        }
        clients.forEach { _ in running.enter() }
        clients.forEach { $0.start() }
        for round in 1...20 {
            try folder.write("work/galley.yml", "title: Release \(round)\nbase_url: https://blog.example.com/\n")
            let deployed = try deploy()
            #expect(deployed.status == 0, "\(deployed.stderr)")
        }
        let duringDeploys = results.withLock { $0.count }
        // Enough requests in all, however fast this machine answered them during the deploys.
        let deadline = Date() + 120
        while results.withLock({ $0.count }) < 5000, Date() < deadline { usleep(50_000) }
        stop.store(true, ordering: .relaxed)
        #expect(running.wait(timeout: .now() + 60) == .success)
        let final = results.withLock { $0 }
        #expect(final.count >= 5000)
        #expect(duringDeploys >= 200, "only \(duringDeploys) requests were answered while the deploys ran")
        #expect(final.bad.isEmpty, "\(final.bad)")
        // The clients saw the preview switch, again and again.
        #expect(final.releases.count >= 5, "\(final.releases.sorted())")
        #expect(final.releases.contains("20"))
        let last = try await http.send("/", headers: ["Host": "post-live.p.test"])
        #expect(last.text.contains("Release 20"))
        // The index lists it with its commit's subject; the access log has a line per request.
        let index = try await http.send("/", headers: ["Host": "p.test"])
        #expect(index.status == 200 && index.text.contains("post/live") && index.text.contains("Start the blog"), "\(index.text)")
        #expect(host.stderr.contains("host=post-live.p.test") && host.stderr.contains("status=200"))
        host.signal(SIGTERM)
        #expect(host.waitForExit(timeout: 20))
        #expect(host.process.terminationStatus == 0)
    }

    /// What a stranger sends reaches the access log with its control characters written out:
    /// U+009B, a terminal's escape, passes HTTP's parser in a `Host` header.
    @Test func connectionsCloseAsHTTP1Asks() async throws {
        #expect(try deploy().status == 0)
        let (host, http) = try startHost()
        defer { host.signal(SIGTERM) }
        try await ServeCommandTests.expectHTTP1Semantics(http, host: "post-live.p.test")
    }

    /// `--production-domain`: the branch deployed as production is the site at its own domain,
    /// open to search engines; `www.` goes there; a mistake in the option is said before listening.
    @Test func theProductionSiteHasADomainOfItsOwn() async throws {
        #expect(try deploy().status == 0)
        let (host, http) = try startHost(["--production", "post-live", "--production-domain", "blog.example.test"])
        defer { host.signal(SIGTERM) }
        let site = try await http.send("/about/", headers: ["Host": "blog.example.test"])
        #expect(site.status == 200 && site.text.contains("About this blog.") && site.headers["x-robots-tag"] == nil, "\(site.status) \(site.headers)")
        let www = try await http.send("/about/", headers: ["Host": "www.blog.example.test"])
        #expect(www.status == 301 && www.headers["location"] == "//blog.example.test/about/", "\(www.status) \(www.headers)")
        let alone = try GalleyProcess.run(["host", "--root", "previews", "--domain", "p.test", "--production-domain", "blog.example.test"], in: folder.url)
        #expect(alone.status == 2 && alone.stderr.contains("--production-domain needs --production LABEL"), "\(alone.stderr)")
    }

    @Test func theAccessLogWritesOutControlCharacters() async throws {
        try FileManager.default.createDirectory(at: folder.url.appending(path: "previews"), withIntermediateDirectories: true)
        let (host, http) = try startHost()
        #expect(try await http.send("/", headers: ["Host": "x\u{9B}2J.p.test"]).status == 421)
        #expect(eventually(within: 20) { host.stderr.contains("status=421") }, "\(host.stderr)")
        #expect(host.stderr.contains("host=x\\u{9B}2J.p.test") && !host.stderr.contains("\u{9B}"), "\(host.stderr)")
        host.signal(SIGTERM)
        #expect(host.waitForExit(timeout: 20))
    }

    /// Stopped while clients keep connecting, it ends as asked every time. A server whose task
    /// was cancelled as it accepted a connection used to stop the process with SIGILL, about
    /// one stop in eight.
    @Test func stopsQuietlyWhileClientsKeepConnecting() throws {
        try FileManager.default.createDirectory(at: folder.url.appending(path: "previews"), withIntermediateDirectories: true)
        for round in 0..<24 {
            let (host, http) = try startHost()
            let clients = Knockers(http, headers: ["Host": "p.test"])
            usleep(UInt32(20_000 + round % 6 * 25_000))
            host.signal(SIGTERM)
            let ended = host.waitForExit(timeout: 20)
            clients.stop()
            let clean = ended && host.process.terminationReason == .exit && host.process.terminationStatus == 0
            #expect(clean, "round \(round): \(host.process.terminationReason == .exit ? "exit" : "signal") \(host.process.terminationStatus)\n\(host.stderr.suffix(600))")
            if !clean { break }
        }
    }

    @Test func mistakesAreToldBeforeItListens() throws {
        try FileManager.default.createDirectory(at: folder.url.appending(path: "previews"), withIntermediateDirectories: true)
        let noRoot = try GalleyProcess.run(["host", "--root", "nowhere", "--domain", "p.test", "--port", "0"], in: folder.url)
        #expect(noRoot.status == 4 && noRoot.stderr.contains("nowhere: no such folder"), "\(noRoot.stderr)")
        // A file there was "no such folder" too.
        try folder.write("plain", "x")
        let fileRoot = try GalleyProcess.run(["host", "--root", "plain", "--domain", "p.test", "--port", "0"], in: folder.url)
        #expect(fileRoot.status == 4 && fileRoot.stderr.contains("plain: is a file, not the folder"), "\(fileRoot.stderr)")
        let badDomain = try GalleyProcess.run(["host", "--root", "previews", "--domain", "p_test", "--port", "0"], in: folder.url)
        #expect(badDomain.status == 2 && badDomain.stderr.contains("'p_test' is not a domain name"), "\(badDomain.stderr)")
        try folder.write("passwords", "just-a-password\n")
        let badPasswords = try GalleyProcess.run(["host", "--root", "previews", "--domain", "p.test", "--password-file", "passwords"], in: folder.url)
        #expect(badPasswords.status == 4 && badPasswords.stderr.contains("passwords:1: expected name:password"), "\(badPasswords.stderr)")
        let badLabel = try GalleyProcess.run(["host", "--root", "previews", "--domain", "p.test", "--production", "Not_A_Label"], in: folder.url)
        #expect(badLabel.status == 2 && badLabel.stderr.contains("--production 'Not_A_Label'"), "\(badLabel.stderr)")
        // A port in the address came back from the network layer as "Name or service not known".
        for (command, option, said) in [(["host", "--root", "previews", "--domain", "p.test"], "--bind", "--bind takes an address alone, such as 127.0.0.1; give the port with --port"),
                                        (["serve", "previews"], "--bind", "--bind takes an address alone, such as 127.0.0.1; give the port with --port"),
                                        (["watch", "--repo", "r", "--to", "d", "--domain", "p.test"], "--webhook-bind", "--webhook-bind takes an address alone, such as 127.0.0.1; give the port with --webhook-port")] {
            let result = try GalleyProcess.run(command + [option, "127.0.0.1:80"], in: folder.url)
            #expect(result.status == 2 && result.stderr.hasPrefix("error: \(said)"), "\(command): \(result.stderr)")
        }
        let bracketed = try GalleyProcess.run(["host", "--root", "previews", "--domain", "p.test", "--bind", "[::1]:80"], in: folder.url)
        #expect(bracketed.status == 2 && bracketed.stderr.hasPrefix("error: --bind takes an address alone, such as [::1]; give the port with --port"), "\(bracketed.stderr)")
    }
}
