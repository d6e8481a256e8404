import Blocking
import FakeForge
import Foundation
import Highlighting
import Serving

/// A blog in a temporary folder, served by a ``DevServer`` on a free loopback port for the
/// length of one test, then stopped.
struct ServedBlog: Sendable {
    let root: URL
    let http: RawHTTP
    let said: Said

    /// What the server printed for the terminal.
    final class Said: Sendable {
        private let held = Locked<[String]>([])
        func add(_ line: String) { held.withLock { $0.append(line) } }
        var lines: [String] { held.withLock { $0 } }
    }

    static let config = """
        title: Served Blog
        description: A blog a test serves.
        author: Tess Ter
        base_url: https://blog.example.com/
        timezone: UTC

        """

    static func post(_ title: String, _ body: String) -> String {
        "---\ntitle: \(title)\n---\n\n\(body)\n"
    }

    /// Writes a blog of `files` (path to text; a galley.yml and one post unless given), serves
    /// it, runs `body` with it, and stops the server.
    static func with(_ files: [String: String] = [:], drafts: Bool = false, highlighter: (any CodeHighlighter)? = nil,
                     idleTimeout: Duration = .seconds(30), stalledWrite: Duration = .seconds(60), _ body: (ServedBlog) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "galley-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var all = ["galley.yml": config, "posts/2024-03-01-hello.md": post("Hello", "The first words.")]
        all.merge(files) { $1 }
        for (path, text) in all { try write(text, to: root.appending(path: path)) }
        let (addresses, sink) = AsyncStream.makeStream(of: URL.self)
        let said = Said()
        var settings = DevServer.Settings(site: root, port: 0, includeDrafts: drafts, highlighter: highlighter,
                                          cacheFolder: root.appending(path: ".galley-cache"))
        settings.idleTimeout = idleTimeout
        settings.stalledWrite = stalledWrite
        settings.executor = ServerThreads.shared
        let server = DevServer(settings: settings, say: { said.add($0) },
                               ready: { sink.yield($0); sink.finish() })
        let running = Task { try await server.run() }
        defer { running.cancel() }
        var iterator = addresses.makeAsyncIterator()
        guard let address = await iterator.next(), let port = address.port else { throw RawHTTP.Failure(message: "the server never said its address") }
        try await body(ServedBlog(root: root, http: RawHTTP(port: port), said: said))
        running.cancel()
        _ = try? await running.value
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func write(_ path: String, _ text: String) throws {
        try Self.write(text, to: root.appending(path: path))
    }

    /// Waits, a bounded time, until a GET of `path` answers as `condition` wants.
    func eventually(_ path: String, seconds: Double = 10, _ condition: (RawHTTP.Response) -> Bool) async throws -> RawHTTP.Response {
        let deadline = Date() + seconds
        var last = try await http.send(path)
        while !condition(last), Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            last = try await http.send(path)
        }
        return last
    }
}
