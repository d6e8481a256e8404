import Foundation
import TestThreads
import Testing

/// `galley serve` as a user runs it: the real binary on a free loopback port, stopped with Ctrl-C.
@Suite(.onBlockingPool) struct ServeCommandTests {
    /// A running `galley serve`, its standard output in a file, and the port it said.
    final class Server {
        let process = Process()
        let output: URL
        var port = 0
        private var guarding: OrphanGuard?

        /// Starts it and waits, without holding a shared thread, for the address it prints.
        static func start(_ arguments: [String], in folder: ScratchFolder, environment: [String: String] = [:]) async throws -> Server {
            let server = try Server(arguments, in: folder, environment: environment)
            let output = server.output, process = server.process
            var said: Int?
            _ = await settles(within: 60) {
                said = Self.port(in: (try? String(contentsOf: output, encoding: .utf8)) ?? "")
                return said != nil || !process.isRunning
            }
            guard let said else { throw RawHTTP.Failure(message: "galley serve said no address: \(server.said)") }
            server.port = said
            return server
        }

        private init(_ arguments: [String], in folder: ScratchFolder, environment: [String: String]) throws {
            output = folder.url.appending(path: "serve-\(UUID().uuidString).out")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            process.executableURL = GalleyProcess.binary
            process.arguments = ["serve"] + arguments
            process.currentDirectoryURL = folder.url
            process.environment = GalleyProcess.environment(environment)
            // One open file for both, so that their lines follow each other rather than overwrite.
            let handle = try FileHandle(forWritingTo: output)
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
            guarding = OrphanGuard(process)
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitWithoutSpinning()
        }

        var said: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

        static func port(in text: String) -> Int? {
            guard let range = text.range(of: #"at http://127\.0\.0\.1:(\d+)/"#, options: .regularExpression) else { return nil }
            return Int(text[range].dropFirst("at http://127.0.0.1:".count).dropLast())
        }
    }

    static func blog() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try folder.write("blog/galley.yml", "title: Served\nbase_url: https://example.com/\ntimezone: UTC\n")
        try folder.write("blog/posts/2024-05-01-first.md", "---\ntitle: First\n---\n\nServed words.\n")
        return folder
    }

    @Test func servesUntilCtrlCEvenWithAPageListening() async throws {
        let folder = try Self.blog()
        let server = try await Server.start(["blog", "--port", "0"], in: folder)
        let http = RawHTTP(port: server.port)
        let home = try await http.send("/")
        #expect(home.status == 200 && home.text.contains("First"))
        // A page listening for reloads must not keep the server from stopping.
        let pid = server.process.processIdentifier
        let events = try await http.events(until: { _ in false }, seconds: 8) {
            kill(pid, SIGINT)
        }
        #expect(events.contains("event: hello"))
        let process = server.process
        #expect(await settles(within: 10) { !process.isRunning }, "galley serve did not stop on SIGINT: \(server.said)")
        server.process.waitWithoutSpinning()
        #expect(server.process.terminationStatus == 0, "\(server.said)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "blog/_site").path))
    }

    /// HTTP/1.0 without keep-alive was answered and then held open: a client that reads to the
    /// end (ApacheBench, a health check with `nc`) waited for the idle timeout. HTTP/1.1 without
    /// Host was served; RFC 9112 asks for 400. `galley host` shares the channel (HostCommandTests).
    @Test func connectionsCloseAsHTTP1Asks() async throws {
        let folder = try Self.blog()
        let server = try await Server.start(["blog", "--port", "0"], in: folder)
        try await Self.expectHTTP1Semantics(RawHTTP(port: server.port), host: "127.0.0.1:\(server.port)")
        kill(server.process.processIdentifier, SIGINT)
    }

    /// The answers `http` must give (its server listening for `host`) to HTTP/1.0 and to
    /// HTTP/1.1 without a Host.
    static func expectHTTP1Semantics(_ http: RawHTTP, host: String) async throws {
        // Answered as HTTP/1.0 (never in chunks, which it cannot read), saying it closes.
        let plain = try await http.exchange("GET / HTTP/1.0\r\nHost: \(host)\r\n\r\n", seconds: 5)
        #expect(plain.received.hasPrefix("HTTP/1.0 200 OK\r\n") && plain.received.lowercased().contains("\r\nconnection: close\r\n") && plain.closed,
                "\(plain)")
        let closing = try await http.exchange("GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: Close\r\n\r\n", seconds: 5)
        #expect(closing.received.hasPrefix("HTTP/1.1 200 OK\r\n") && closing.received.lowercased().contains("\r\nconnection: close\r\n")
                && closing.closed, "\(closing)")
        // Pages end in </html>: once it has come, the connection is watched a moment for a close.
        let kept = try await http.exchange("GET / HTTP/1.0\r\nHost: \(host)\r\nConnection: keep-alive\r\n\r\n", seconds: 10,
                                           until: { $0.contains("</html>") })
        #expect(kept.received.lowercased().contains("\r\nconnection: keep-alive\r\n") && !kept.closed, "\(kept)")
        let noHost = try await http.exchange("GET / HTTP/1.1\r\n\r\n", seconds: 5)
        #expect(noHost.received.hasPrefix("HTTP/1.1 400 Bad Request\r\n") && noHost.received.contains("needs a Host header") && noHost.closed,
                "\(noHost)")
        // A request without Host behind another on the connection is refused after the other's
        // answer, not in its place (a client would take the 400 for the first one's answer).
        let behind = try await http.exchange("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\nGET / HTTP/1.1\r\n\r\n", seconds: 5)
        let order = ["HTTP/1.1 200 OK\r\n", "HTTP/1.1 400 Bad Request\r\n"].map { behind.received.range(of: $0)?.lowerBound }
        #expect(order[0] != nil && order[1] != nil && order[0]! < order[1]! && behind.closed, "\(behind)")
        // Two requests on one HTTP/1.1 connection are both answered, and it stays open.
        let two = try await http.exchange("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\nGET / HTTP/1.1\r\nHost: \(host)\r\n\r\n", seconds: 10,
                                          until: { $0.components(separatedBy: "</html>").count == 3 })
        #expect(two.received.components(separatedBy: "HTTP/1.1 200 OK").count == 3 && !two.closed)
    }

    /// Stopped while clients keep connecting, it ends as asked every time (see `galley host`'s
    /// test of the same).
    @Test func stopsQuietlyWhileClientsKeepConnecting() async throws {
        let folder = try Self.blog()
        for round in 0..<12 {
            let server = try await Server.start(["blog", "--port", "0"], in: folder)
            let clients = Knockers(RawHTTP(port: server.port))
            try await Task.sleep(for: .milliseconds(20 + round % 6 * 25))
            kill(server.process.processIdentifier, SIGINT)
            let process = server.process
            let ended = await settles(within: 20) { !process.isRunning }
            clients.stop()
            if ended { process.waitWithoutSpinning() }
            let clean = ended && process.terminationReason == .exit && process.terminationStatus == 0
            #expect(clean, "round \(round): \(ended ? "\(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus)" : "still running")\n\(server.said.suffix(600))")
            if !clean { break }
        }
    }

    @Test func aBusyPortIsAClearErrorThatSuggestsAnother() async throws {
        let folder = try Self.blog()
        let first = try await Server.start(["blog", "--port", "0"], in: folder)
        let second = try GalleyProcess.run(["serve", "blog", "--port", "\(first.port)", "--drafts"], in: folder.url, timeout: 30)
        #expect(second.status != 0)
        #expect(second.stderr.contains("error: port \(first.port) on 127.0.0.1 is in use"), "\(second.stderr)")
        // The same command on a free port, to copy as it is.
        let suggested = try #require(second.stderr.firstMatch(of: /try: galley serve blog --port (\d+) --drafts\n/), "\(second.stderr)")
        let port = try #require(Int(suggested.1))
        #expect(port != first.port)
    }

    @Test func aFolderThatIsNoBlogIsRefused() throws {
        let folder = try ScratchFolder()
        try folder.write("notes/readme.txt", "not a blog")
        let result = try GalleyProcess.run(["serve", "notes", "--port", "0"], in: folder.url, timeout: 30)
        #expect(result.status != 0)
        #expect(result.stderr.contains("notes/galley.yml: not found"), "\(result.stderr)")
    }

    /// The terminal names a broken file as galley build does: from the folder as it was given.
    @Test func errorsNameFilesAsTheFolderWasGiven() async throws {
        let folder = try Self.blog()
        try folder.write("blog/posts/2024-05-02-broken.md", "---\ntitle: Broken\ndate: someday\n---\n")
        let server = try await Server.start(["blog", "--port", "0"], in: folder)
        #expect(server.said.contains("serving blog at http://127.0.0.1:"), "\(server.said)")
        let deadline = Date() + 10
        while !server.said.contains("error: blog/posts/2024-05-02-broken.md:3:"), Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(server.said.contains("error: blog/posts/2024-05-02-broken.md:3:"), "\(server.said)")
    }

    @Test func aFileNameCannotSendControlCodesToTheTerminal() throws {
        let folder = try Self.blog()
        try folder.write("blog/posts/2024-05-02-\u{1B}]0;owned\u{7}\u{1B}[2J.md", "---\ntitle: [broken\n---\n")
        let result = try GalleyProcess.run(["build", "blog"], in: folder.url, timeout: 60)
        #expect(result.status != 0)
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(result.stderr.debugDescription)")
        #expect(result.stderr.contains("\\u{1B}]0;owned\\u{7}"), "\(result.stderr)")
    }

    @Test func aFolderThatIsNotThereIsRefused() throws {
        let folder = try ScratchFolder()
        let result = try GalleyProcess.run(["serve", "nowhere", "--port", "0"], in: folder.url, timeout: 30)
        #expect(result.status != 0)
        #expect(result.stderr.contains("nowhere: no such folder"), "\(result.stderr)")
    }
}
