import Foundation
import GitSource
import Logging
import Testing

@testable import Previews

/// Branches pushed by an attacker to a repository the watcher serves: each must fail on its own,
/// the others must still be deployed, and nothing outside the destination and the watcher's own
/// folders may be created, changed or deleted.
extension BranchWatcherTests {
    /// Every file and link below `folder`, with what it holds.
    func snapshot(_ folder: URL) -> [String: String] {
        var entries: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return entries }
        while let path = walker.nextObject() as? String {
            let url = folder.appending(path: path)
            var info = stat()
            guard lstat(url.path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFLNK: entries[path] = "link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "")
            case S_IFREG: entries[path] = FileManager.default.contents(atPath: url.path)?.base64EncodedString() ?? "?"
            default: entries[path] = "folder"
            }
        }
        return entries
    }

    /// Pushes a commit whose tree holds `posts/../2020-03-01-evil.md`, made with git's plumbing
    /// as a client could send it.
    func pushCraftedTree(_ branch: String) throws {
        let bare = fixture.bare
        let blob = try fixture.git(["hash-object", "-w", "--stdin", "--path", "x.md"], in: bare, input: "---\ntitle: Evil\n---\nOut.\n")
        let inner = try fixture.git(["mktree"], in: bare, input: "100644 blob \(blob)\t2020-03-01-evil.md\n")
        let posts = try fixture.git(["ls-tree", "main:posts"], in: bare) + "\n040000 tree \(inner)\t..\n"
        let crafted = try fixture.git(["mktree"], in: bare, input: posts)
        let top = try fixture.git(["ls-tree", "main"], in: bare).split(separator: "\n")
            .map { $0.hasSuffix("\tposts") ? "040000 tree \(crafted)\tposts" : String($0) }.joined(separator: "\n") + "\n"
        let tree = try fixture.git(["mktree"], in: bare, input: top)
        let commit = try fixture.git(["commit-tree", tree, "-p", "main", "-m", "crafted"], in: bare)
        try fixture.git(["update-ref", "refs/heads/\(branch)", commit], in: bare)
    }

    @Test func hostileBranchesFailAloneAndWriteNothingOutside() async throws {
        let outside = fixture.root.appending(path: "outside")
        try FileManager.default.createDirectory(at: outside.appending(path: ".ssh"), withIntermediateDirectories: true)
        try Data("ssh-ed25519 AAAA owner\n".utf8).write(to: outside.appending(path: ".ssh/authorized_keys"))
        try fixture.pushBranch("post/good") { try fixture.write("posts/2020-02-01-good.md", "---\ntitle: Good\n---\nFine.\n") }
        try fixture.pushBranch("post/escape") {
            try fixture.write("galley.yml", "title: Escape\nbase_url: https://blog.example.com/\npermalink: "
                + String(repeating: "/..:slug", count: 12) + "/\n")
            try fixture.write("posts/2024-02-02-!!!.md", "---\ntitle: 😀\n---\nOut.\n")
        }
        try fixture.pushBranch("post/loop") { try fixture.write("layouts/footer.mustache", "<footer>{{>footer}}</footer>") }
        try fixture.pushBranch("post/link") {
            try FileManager.default.createDirectory(at: fixture.work.appending(path: "static"), withIntermediateDirectories: true)
            symlink("/proc/self/environ", fixture.work.appending(path: "static/env.txt").path)
            try fixture.write("posts/2020-02-02-link.md", "---\ntitle: Link\n---\nA link.\n")
        }
        try pushCraftedTree("post/crafted")
        let around = snapshot(outside), rootBefore = Set((try? FileManager.default.contentsOfDirectory(atPath: "/")) ?? [])
        let tmpBefore = Set((try? FileManager.default.contentsOfDirectory(atPath: destination.url.deletingLastPathComponent().path)) ?? [])

        let watcher = try watcher()
        let report = try await watcher.pass()
        // main is the production branch, published only with --production-to.
        #expect(report.deployed.sorted() == ["post/good", "post/link"], "\(report)")
        #expect(report.failed.sorted() == ["post/crafted", "post/escape", "post/loop"])
        #expect(destination.read("post-good.previews.example.com/2020/02/01/good/index.html")?.contains("Fine.") == true)
        // Git links are never followed: the preview has no env.txt.
        #expect(destination.read("post-link.previews.example.com/env.txt") == nil)
        #expect(destination.read("post-link.previews.example.com/2020/02/02/link/index.html") != nil)

        #expect(snapshot(outside) == around)
        #expect(Set((try? FileManager.default.contentsOfDirectory(atPath: "/")) ?? []) == rootBefore)
        // Beside the destination, only what other tests made meanwhile may appear: nothing of ours.
        let tmpAfter = Set((try? FileManager.default.contentsOfDirectory(atPath: destination.url.deletingLastPathComponent().path)) ?? [])
        #expect(tmpAfter.subtracting(tmpBefore).filter { $0.contains("index.html") || $0.hasPrefix("20") }.isEmpty)

        // A second pass leaves the failed branches failed and deploys nothing again.
        let again = try await watcher.pass()
        #expect(again.deployed.isEmpty)
        #expect(snapshot(outside) == around)
    }
}
