import Foundation
import Testing

@testable import GitSource

/// Trees that `git` itself never writes but a bare repository accepts in a push.
@Suite struct GitTreeSourceTests {
    /// Runs git in `folder` with `input` on its standard input; its standard output, trimmed.
    @discardableResult
    func git(_ arguments: [String], in folder: URL, input: String = "") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: ["..", "."])
    func aTreeEntryThatStepsOutIsRefused(name: String) throws {
        let repo = try LibGit2Committer()
        try repo.write("galley.yml", "title: Crafted\nbase_url: https://example.com/\n")
        try repo.write("posts/2020-01-01-one.md", "---\ntitle: One\n---\nText.\n")
        let good = try repo.commit("good")
        let blob = try git(["hash-object", "-w", "--stdin"], in: repo.root, input: "---\ntitle: Evil\n---\nText.\n")
        // posts/<name>/2020-01-02-evil.md, which as a path would leave the posts folder.
        let inner = try git(["mktree"], in: repo.root, input: "100644 blob \(blob)\t2020-01-02-evil.md\n")
        let goodTree = try git(["rev-parse", "\(good.hex)^{tree}"], in: repo.root)
        let postsTree = try git(["rev-parse", "\(good.hex):posts"], in: repo.root)
        let posts = try git(["ls-tree", postsTree], in: repo.root) + "\n040000 tree \(inner)\t\(name)\n"
        let crafted = try git(["mktree"], in: repo.root, input: posts)
        let top = try git(["ls-tree", goodTree], in: repo.root).split(separator: "\n")
            .map { $0.hasSuffix("\tposts") ? "040000 tree \(crafted)\tposts" : String($0) }.joined(separator: "\n") + "\n"
        let tree = try git(["mktree"], in: repo.root, input: top)
        let commit = try git(["commit-tree", tree, "-p", good.hex, "-m", "crafted"], in: repo.root)

        let repository = try GitRepository(at: repo.root.path)
        let id = try #require(GitObjectID(hex: commit))
        do {
            _ = try GitTreeSource(repository: repository, commit: id)
            Issue.record("a tree with an entry named '\(name)' was accepted")
        } catch let error as GitError {
            #expect(error.message.contains("posts/\(name)"))
            #expect(error.message.contains(String(commit.prefix(7))))
        }
        // The commit before it still builds.
        #expect(try GitTreeSource(repository: repository, commit: good).files(under: "posts") == ["posts/2020-01-01-one.md"])
    }
}
