import FakeForge
import Foundation
import Logging
import Previews
import Serving

/// A destination folder laid out as `deploy` and `watch` leave one (each preview a link to its
/// live release under `.galley/releases/`), served by `galley host`'s ``PreviewHost`` on a free
/// loopback port for the length of one test, then stopped.
struct HostedPreviews: Sendable {
    let root: URL
    let http: RawHTTP
    static let domain = "p.test"

    /// Writes release `id` of `label` with `files` (path to text) and makes it the live one.
    static func publish(_ label: String, release id: String, files: [String: String], in root: URL) throws {
        let name = "\(label).\(domain)"
        let release = root.appending(path: ".galley/releases/\(name)/\(id)")
        for (path, text) in files {
            let url = release.appending(path: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let link = root.appending(path: name), temporary = root.appending(path: ".\(name).link-test")
        try? FileManager.default.removeItem(at: temporary)
        try FileManager.default.createSymbolicLink(atPath: temporary.path, withDestinationPath: ".galley/releases/\(name)/\(id)")
        guard rename(temporary.path, link.path) == 0 else { throw RawHTTP.Failure(message: "cannot switch \(link.path)") }
    }

    /// Lays out a destination with `prepare`, serves it with `settings` changed by `adjust`, runs
    /// `body`, and stops the server.
    static func with(prepare: (URL) throws -> Void, adjust: (inout PreviewHost.Settings) -> Void = { _ in },
                     _ body: (HostedPreviews) async throws -> Void) async throws {
        // The destination in a folder of its own, so that what a test puts beside it goes too.
        let scratch = FileManager.default.temporaryDirectory.appending(path: "galley-host-\(UUID().uuidString)")
        let root = scratch.appending(path: "dest")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try prepare(root)
        var settings = PreviewHost.Settings(root: root, domain: domain, port: 0)
        settings.executor = ServerThreads.shared
        adjust(&settings)
        var logger = Logger(label: "test.host")
        logger.logLevel = .critical
        let (addresses, sink) = AsyncStream.makeStream(of: URL.self)
        let host = try PreviewHost(settings: settings, logger: logger, ready: { sink.yield($0); sink.finish() })
        let running = Task { try await host.run() }
        defer { running.cancel() }
        var iterator = addresses.makeAsyncIterator()
        guard let address = await iterator.next(), let port = address.port else { throw RawHTTP.Failure(message: "the host never said its address") }
        try await body(HostedPreviews(root: root, http: RawHTTP(port: port)))
        running.cancel()
        _ = try? await running.value
    }

    /// A GET (or other method) for `path` on the site `host`.
    func send(_ path: String, host: String, method: String = "GET", headers: [String: String] = [:]) async throws -> RawHTTP.Response {
        try await http.send(path, method: method, headers: headers.merging(["Host": host]) { $1 })
    }
}
