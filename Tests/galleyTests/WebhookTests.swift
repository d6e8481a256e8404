import Digests
import Foundation
import TestThreads
import Testing

/// `galley watch --webhook-port`: a forge's push, sent over real HTTP on loopback to a running
/// watcher that polls only once an hour, so whatever it deploys meanwhile came from the webhook.
@Suite(.onBlockingPool) struct WebhookTests {
    static let secret = "It's a Secret to Everybody"
    let folder: ScratchFolder
    var work: URL { folder.url.appending(path: "work") }
    var server: URL { folder.url.appending(path: "server.git") }

    init() throws {
        folder = try ScratchFolder()
        try folder.write("secret", Self.secret + "\n")
        try folder.pushBlog(["galley.yml": "title: Hooked\nbase_url: https://blog.example.com/\n",
                             "posts/2024-01-01-hello.md": "---\ntitle: Hello\n---\nHi.\n"])
    }

    /// Starts the watcher and waits for its first pass and its webhook port.
    func startWatcher() async throws -> (BackgroundGalley, RawHTTP) {
        let watcher = try BackgroundGalley(["watch", "--repo", server.path, "--to", "previews", "--domain", "p.example.com",
                                            "--interval", "1h", "--webhook-port", "0", "--webhook-secret-file", "secret"], in: folder.url)
        #expect(await settles(within: 60) { watcher.stderr.contains("listening for push webhooks at http://127.0.0.1:") }, "\(watcher.stderr)")
        #expect(await settles(within: 60) { watcher.stderr.contains("production branch moved") }, "\(watcher.stderr)")
        let port = watcher.stderr.components(separatedBy: "http://127.0.0.1:").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) }
        return (watcher, RawHTTP(port: try #require(port)))
    }

    static func signature(_ body: Data, secret: String = secret) -> String {
        HMACSHA256.authenticationCode(for: body, key: Array(secret.utf8)).hex
    }

    static func pushBody(branch: String, after: String) -> Data {
        Data(#"{"ref":"refs/heads/\#(branch)","after":"\#(after)","repository":{"full_name":"t/blog"}}"#.utf8)
    }

    /// Whether the server has answered on `socket`, or closed it: something waits to be read.
    static func answered(_ socket: Int32) -> Bool {
        var waiting = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, 0) > 0
    }

    func post(_ http: RawHTTP, headers: [String: String], body: Data) async throws -> RawHTTP.Response {
        try await http.send("/hooks/push", method: "POST", headers: headers.merging(["Content-Type": "application/json"]) { $1 }, body: body)
    }

    @Test func aPushAndItsSignedHookPutThePreviewUpAndADeletionTakesItDown() async throws {
        let (watcher, http) = try await startWatcher()
        try git(["checkout", "-q", "-b", "post/new"], in: work)
        try folder.write("work/posts/2024-01-02-new.md", "---\ntitle: Brand new\n---\nFresh.\n")
        try git(["add", "-A"], in: work)
        try git(["commit", "-q", "-m", "new"], in: work)
        try git(["push", "-q", server.path, "post/new"], in: work)
        let commit = try git(["rev-parse", "HEAD"], in: work)
        // Polling is an hour away: nothing appears without the hook.
        try await Task.sleep(for: .milliseconds(300))
        #expect(folder.read("previews/post-new.p.example.com/index.html") == nil)

        let body = Self.pushBody(branch: "post/new", after: commit)
        let answer = try await post(http, headers: ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(Self.signature(body))"], body: body)
        #expect(answer.status == 202, "\(answer.text)")
        #expect(await settles(within: 60) { folder.read("previews/post-new.p.example.com/2024/01/02/new/index.html")?.contains("Fresh.") == true },
                "\(watcher.stderr)")

        let status = try await http.send("/")
        #expect(status.status == 200)
        #expect(status.text.contains("\"post/new\""), "\(status.text)")

        try git(["push", "-q", server.path, ":post/new"], in: work)
        let gone = Self.pushBody(branch: "post/new", after: String(repeating: "0", count: 40))
        let deleted = try await post(http, headers: ["X-Gitea-Event": "push", "X-Gitea-Signature": Self.signature(gone)], body: gone)
        #expect(deleted.status == 202)
        #expect(await settles(within: 60) { !FileManager.default.fileExists(atPath: folder.url.appending(path: "previews/post-new.p.example.com").path) },
                "\(watcher.stderr)")
        watcher.signal(SIGTERM)
        #expect(watcher.waitForExit(timeout: 20))
        #expect(watcher.process.terminationStatus == 0)
    }

    @Test func everyForgeIsHeardAndEveryBadRequestChangesNothing() async throws {
        let (watcher, http) = try await startWatcher()
        let body = Self.pushBody(branch: "main", after: String(repeating: "1", count: 40))
        let good: [[String: String]] = [
            ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(Self.signature(body))"],
            ["X-Gitea-Event": "push", "X-Gitea-Signature": Self.signature(body)],
            ["X-Forgejo-Event": "push", "X-Forgejo-Signature": Self.signature(body)],
            ["X-Gitlab-Event": "Push Hook", "X-Gitlab-Token": Self.secret],
        ]
        for headers in good {
            let answer = try await post(http, headers: headers, body: body)
            #expect(answer.status == 202, "\(headers): \(answer.text)")
            #expect(answer.text.contains("a pass starts"))
        }
        // A signed payload's branch name reaches the log with its control characters written out.
        let escape = Data(#"{"ref":"refs/heads/a\u001b]0;owned\u0007b","after":"1111111111111111111111111111111111111111"}"#.utf8)
        let escaped = try await post(http, headers: ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(Self.signature(escape))"], body: escape)
        #expect(escaped.status == 202)
        #expect(await settles(within: 10) { watcher.stderr.contains(#"a\u{1B}]0;owned\u{7}b"#) }, "\(watcher.stderr)")
        #expect(!watcher.stderr.contains("\u{1B}]0;owned"))
        let passesBefore = watcher.stderr.components(separatedBy: "push webhook: a pass starts").count - 1
        #expect(passesBefore == 5, "\(watcher.stderr)")

        let bad: [(headers: [String: String], body: Data, status: Int)] = [
            ([:], body, 401),
            (["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(Self.signature(body, secret: "guess"))"], body, 401),
            (["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(Self.signature(body))"], body + Data(" ".utf8), 401),
            (["X-Gitlab-Event": "Push Hook", "X-Gitlab-Token": "guess"], body, 401),
            (["X-GitHub-Event": "ping", "X-Hub-Signature-256": "sha256=\(Self.signature(body))"], body, 202),
        ]
        for request in bad {
            let answer = try await post(http, headers: request.headers, body: request.body)
            #expect(answer.status == request.status, "\(request.headers): \(answer.status) \(answer.text)")
        }
        // Refused on the length it declares, before any more of it is read.
        let tooBig = try await post(http, headers: ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(Self.signature(body))",
                                                    "Content-Length": "\((25 << 20) + 1)"], body: body)
        #expect(tooBig.status == 413)
        #expect(try await http.send("/hooks/push").status == 405)
        #expect(try await http.send("/elsewhere").status == 404)
        // None of them asked for a pass.
        #expect(watcher.stderr.components(separatedBy: "push webhook: a pass starts").count - 1 == passesBefore)
        #expect(watcher.stderr.contains("refused a webhook"))
        // Signed but a form (GitHub's default): 400, said in the log too, with what to change.
        let form = Data("payload=%7B%7D".utf8)
        let formed = try await http.send("/hooks/push", method: "POST", headers: ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(Self.signature(form))",
                                                                             "Content-Type": "application/x-www-form-urlencoded"], body: form)
        #expect(formed.status == 400, "\(formed.text)")
        #expect(await settles { watcher.stderr.contains("refused a webhook: a GitHub push event whose body is not a JSON object Galley can read "
            + "(it is a form: set the webhook's content type to application/json)") }, "\(watcher.stderr)")
    }

    /// A body is read before its signature can be checked: strangers held 25 MB a connection,
    /// trickling a byte at a time past the idle timeout, as many as they opened.
    @Test func strangersCannotHoldBodiesOpen() async throws {
        let (watcher, http) = try await startWatcher()
        let declared = "POST /hooks/push HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 20000000\r\n"
        // Without any signature, refused on its headers, at once: its body is never collected.
        let unsigned = try await http.statusLine(sending: declared + "\r\n{\"ref\":", seconds: 10)
        #expect(unsigned == "HTTP/1.1 401 Unauthorized", "\(String(describing: unsigned))")
        // With a signature that needs the body: four are read at once, and a fifth is told to come back.
        let holding = declared + "X-Hub-Signature-256: sha256=00\r\n\r\n{\"ref\":"
        var held = try (0..<4).map { _ in try http.opened(sending: holding) }
        defer { held.forEach { close($0) } }
        // Until the watcher has taken in all four, on its own time: a short body with a wrong
        // signature is read and refused (401) while a place is free, and turned away (503)
        // once none is. A fixed pause once let a signed fifth in first on a busy machine.
        var full = false
        for _ in 0..<60 where !full {
            // A short body that reached the watcher before one of the four took the place that
            // one was on its way to, and the watcher turned it away (503, and closed): it is
            // sent again, and given its turn before the next short body (one run in eight, alone
            // on a quiet machine, was never full).
            var resent = false
            for index in held.indices where Self.answered(held[index]) {
                close(held[index])
                held[index] = try http.opened(sending: holding)
                resent = true
            }
            if !resent {
                full = try await post(http, headers: ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=00"], body: Data(#"{"ref":"x"}"#.utf8)).status == 503
            }
            if !full { try await Task.sleep(for: .milliseconds(500)) }
        }
        #expect(full, "\(watcher.stderr)")
        let body = Self.pushBody(branch: "main", after: String(repeating: "1", count: 40))
        let fifth = try await post(http, headers: ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(Self.signature(body))"], body: body)
        #expect(fifth.status == 503, "\(fifth.status) \(fifth.text)")
        held.forEach { shutdown($0, Int32(SHUT_RDWR)) }
        // Once they are gone, a signed push is heard again.
        var heard = false
        for _ in 0..<60 where !heard {
            heard = try await post(http, headers: ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(Self.signature(body))"], body: body).status == 202
            if !heard { try await Task.sleep(for: .milliseconds(500)) }
        }
        #expect(heard, "\(watcher.stderr)")
        watcher.signal(SIGTERM)
        #expect(watcher.waitForExit(timeout: 20))
    }

    @Test func aWebhookPortNeedsASecretAndNoOnce() throws {
        let noSecret = try GalleyProcess.run(["watch", "--repo", server.path, "--to", "previews", "--domain", "p.example.com", "--webhook-port", "0"],
                                             in: folder.url)
        #expect(noSecret.status != 0)
        #expect(noSecret.stderr.contains("--webhook-secret-file"))
        let once = try GalleyProcess.run(["watch", "--repo", server.path, "--to", "previews", "--domain", "p.example.com", "--once",
                                          "--webhook-port", "0", "--webhook-secret-file", "secret"], in: folder.url)
        #expect(once.status != 0)
        try folder.write("empty", "")
        let empty = try GalleyProcess.run(["watch", "--repo", server.path, "--to", "previews", "--domain", "p.example.com",
                                           "--webhook-port", "0", "--webhook-secret-file", "empty"], in: folder.url)
        #expect(empty.status != 0)
        #expect(empty.stderr.contains("empty"), "\(empty.stderr)")
    }
}
