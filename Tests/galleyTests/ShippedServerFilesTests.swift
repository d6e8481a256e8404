import Foundation
import TestThreads
import Testing

/// The systemd units and the hook in scripts/server-config, run as shipped: only the folders and
/// the binary are moved into the test's own, so a flag misspelt there fails here.
@Suite(.onBlockingPool) struct ShippedServerFilesTests {
    static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "scripts/server-config")
    let folder: ScratchFolder
    var server: URL { folder.url.appending(path: "blog.git") }

    /// A bare repository laid out as the README's walkthrough has it, with the blog in `site/`.
    init() throws {
        folder = try ScratchFolder()
        try folder.write("work/site/galley.yml", "title: Shipped\nbase_url: https://blog.example.com/\n")
        try folder.write("work/site/posts/2024-01-01-hello.md", "---\ntitle: Hello\n---\nFrom the hook.\n")
        let work = folder.url.appending(path: "work")
        try git(["init", "-q", "-b", "main"], in: work)
        try git(["add", "-A"], in: work)
        try git(["commit", "-q", "-m", "blog"], in: work)
        try git(["init", "-q", "--bare", "-b", "main", server.path], in: folder.url)
        try git(["push", "-q", server.path, "main"], in: work)
    }

    /// A shipped file's text with its folders moved into the test's folder.
    func localized(_ name: String) throws -> String {
        try String(contentsOf: Self.shipped.appending(path: name), encoding: .utf8)
            .replacingOccurrences(of: "/srv/git/blog.git", with: server.path)
            .replacingOccurrences(of: "/srv/previews", with: folder.url.appending(path: "previews").path)
            .replacingOccurrences(of: "/usr/local/bin/galley", with: GalleyProcess.binary.path)
    }

    /// The words of a unit's `ExecStart` line.
    func execStart(of unit: String) throws -> [String] {
        let line = try #require(try localized(unit).split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
        return line.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
    }

    @Test func theHookDeploysAPushedBranch() throws {
        let hook = server.appending(path: "hooks/post-receive")
        try localized("post-receive").write(to: hook, atomically: true, encoding: .utf8)
        chmod(hook.path, 0o755)
        let work = folder.url.appending(path: "work")
        try git(["checkout", "-q", "-b", "post/hooked"], in: work)
        // The hook finds `galley` on PATH, as on a server with it in /usr/local/bin.
        let push = Process()
        push.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        push.arguments = ["git", "push", "-q", server.path, "post/hooked"]
        push.currentDirectoryURL = work
        push.environment = GalleyProcess.environment(["PATH": GalleyProcess.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")])
        try push.run()
        push.waitWithoutSpinning()
        #expect(push.terminationStatus == 0)
        #expect(folder.read("previews/post-hooked.previews.example.com/2024/01/01/hello/index.html")?.contains("From the hook.") == true)
    }

    @Test func theWatchUnitsCommandRuns() throws {
        let words = try execStart(of: "galley-watch.service")
        #expect(words.first == GalleyProcess.binary.path)
        let result = try GalleyProcess.run(Array(words.dropFirst()) + ["--once"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("0 failed"), "\(result.stderr)")
    }

    @Test func theHostUnitsCommandServesThePreviews() async throws {
        let words = try execStart(of: "galley-host.service")
        let watched = try GalleyProcess.run(Array(try execStart(of: "galley-watch.service").dropFirst()) + ["--once"], in: folder.url)
        #expect(watched.status == 0)
        try FileManager.default.createDirectory(at: folder.url.appending(path: "previews"), withIntermediateDirectories: true)
        let host = try BackgroundGalley(Array(words.dropFirst()).map { $0 == "8080" ? "0" : $0 }, in: folder.url)
        #expect(eventually(within: 60) { host.stderr.contains("listening on http://127.0.0.1:") }, "\(host.stderr)")
        let port = try #require(host.stderr.components(separatedBy: "listening on http://127.0.0.1:").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) })
        let index = try await RawHTTP(port: port).send("/", headers: ["Host": "previews.example.com"])
        #expect(index.status == 200 && index.text.contains("Previews of previews.example.com"))
    }
}
