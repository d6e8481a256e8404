import Foundation
import SiteSource
import TestThreads
import Testing

@testable import GitSource

/// Trees that `git` itself never writes but a bare repository accepts in a push.
@Suite(.onBlockingPool) struct GitTreeSourceTests {
    /// Runs git in `folder` with `input` on its standard input; its standard output, trimmed.
    @discardableResult
    func git(_ arguments: [String], in folder: URL, input: String = "", encoding: String.Encoding = .utf8) throws -> String {
        try run(["git"] + arguments, in: folder, input: input, encoding: encoding)
    }

    /// Runs `command` (a program on PATH and its arguments) in `folder`; its output, trimmed.
    @discardableResult
    func run(_ command: [String], in folder: URL, input: String = "", encoding: String.Encoding = .utf8) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.currentDirectoryURL = folder
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(input.data(using: encoding) ?? Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitWithoutSpinning()
        #expect(process.terminationStatus == 0, "\(command.joined(separator: " "))")
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

    /// Names that are not UTF-8 came back with U+FFFD for their bytes, so two of them could be
    /// one path; such a commit is refused at the name, as a folder's walk refuses the file.
    @Test func aNameThatIsNotUTF8IsRefused() throws {
        let repo = try LibGit2Committer()
        try repo.write("galley.yml", "title: Bytes\nbase_url: https://example.com/\n")
        try repo.write("posts/2020-01-01-one.md", "---\ntitle: One\n---\nText.\n")
        let good = try repo.commit("good")
        let blob = try git(["hash-object", "-w", "--stdin"], in: repo.root, input: "---\ntitle: Café\n---\nText.\n")
        let postsTree = try git(["rev-parse", "\(good.hex):posts"], in: repo.root)
        // mktree reads its input as bytes: the name holds 0xE9, Latin-1's é.
        let listing = try git(["ls-tree", postsTree], in: repo.root) + "\n100644 blob \(blob)\t2020-01-02-caf\u{E9}.md\n"
        let latin1 = try git(["mktree"], in: repo.root, input: listing, encoding: .isoLatin1)
        let goodTree = try git(["rev-parse", "\(good.hex)^{tree}"], in: repo.root)
        let top = try git(["ls-tree", goodTree], in: repo.root).split(separator: "\n")
            .map { $0.hasSuffix("\tposts") ? "040000 tree \(latin1)\tposts" : String($0) }.joined(separator: "\n") + "\n"
        let commit = try git(["commit-tree", try git(["mktree"], in: repo.root, input: top), "-p", good.hex, "-m", "latin-1"], in: repo.root)
        let repository = try GitRepository(at: repo.root.path)
        do {
            _ = try GitTreeSource(repository: repository, commit: try #require(GitObjectID(hex: commit)))
            Issue.record("a name that is not UTF-8 was accepted")
        } catch let error as GitError {
            #expect(error.message.contains("'posts/2020-01-02-caf\u{FFFD}.md': its name is not UTF-8"), "\(error.message)")
        }
    }

    /// A blob gone from the object store (a repository damaged on disk) is said in libgit2's
    /// words at the file: it was "GitSource.GitError error 1".
    @Test func aMissingBlobIsSaidAtItsFile() throws {
        let repo = try LibGit2Committer()
        try repo.write("galley.yml", "title: Damaged\nbase_url: https://example.com/\n")
        try repo.write("posts/2020-01-01-one.md", "---\ntitle: One\n---\nText.\n")
        let commit = try repo.commit("one")
        let blob = try git(["rev-parse", "\(commit.hex):posts/2020-01-01-one.md"], in: repo.root)
        try FileManager.default.removeItem(at: repo.root.appending(path: ".git/objects/\(blob.prefix(2))/\(blob.dropFirst(2))"))
        let source = try GitTreeSource(repository: GitRepository(at: repo.root.path), commit: commit)
        do {
            _ = try source.contents(of: "posts/2020-01-01-one.md")
            Issue.record("a missing blob was read")
        } catch {
            let said = SourceTreeError.describe(error)
            #expect(said.contains("cannot read blob \(blob.prefix(7))") && said.contains("not found"), "\(said)")
        }
    }

    /// A tree of folders nested fifty thousand deep (a few megabytes a push can carry) ran the
    /// walk of the tree out of stack: it is refused once it nests deeper than a blog does.
    @Test func aTreeNestedDeeperThanAnyPathIsRefused() throws {
        let repo = try LibGit2Committer()
        try repo.write("galley.yml", "title: Deep\n")
        let good = try repo.commit("good")
        // Each tree holds the one before it as `d`: written as loose objects, as `git mktree`
        // fifty thousand times over would take minutes.
        let deep = try run(["python3", "-c", """
            import hashlib, os, sys, zlib
            def put(kind, data):
                raw = b'%s %d\\0' % (kind, len(data)) + data
                sha = hashlib.sha1(raw).hexdigest()
                path = '.git/objects/%s/%s' % (sha[:2], sha[2:])
                os.makedirs(os.path.dirname(path), exist_ok=True)
                open(path, 'wb').write(zlib.compress(raw, 1))
                return sha
            tree = put(b'tree', b'')
            for _ in range(50000):
                tree = put(b'tree', b'40000 d\\0' + bytes.fromhex(tree))
            print(tree)
            """], in: repo.root)
        let goodTree = try git(["rev-parse", "\(good.hex)^{tree}"], in: repo.root)
        let top = try git(["ls-tree", goodTree], in: repo.root) + "\n040000 tree \(deep)\tdeep\n"
        let tree = try git(["mktree"], in: repo.root, input: top)
        let commit = try git(["commit-tree", tree, "-p", good.hex, "-m", "deep"], in: repo.root)
        let repository = try GitRepository(at: repo.root.path)
        do {
            _ = try GitTreeSource(repository: repository, commit: try #require(GitObjectID(hex: commit)))
            Issue.record("a tree fifty thousand folders deep was accepted")
        } catch let error as GitError {
            #expect(error.message.contains("nests folders more than \(GitTreeSource.deepestFolder) deep"))
            #expect(error.message.contains(String(commit.prefix(7))))
            #expect(error.message.utf8.count < 400)
        }
    }

    /// Trees that each hold the one below ten times name ten billion paths in a few kilobytes:
    /// the walk stops at a million entries rather than growing for ever.
    @Test func aTreeOfMoreEntriesThanABlogHoldsIsRefused() throws {
        let repo = try LibGit2Committer()
        try repo.write("galley.yml", "title: Wide\n")
        let good = try repo.commit("good")
        var tree = try git(["mktree"], in: repo.root, input: "")
        for _ in 0..<9 {
            tree = try git(["mktree"], in: repo.root, input: (0..<10).map { "040000 tree \(tree)\td\($0)\n" }.joined())
        }
        let goodTree = try git(["rev-parse", "\(good.hex)^{tree}"], in: repo.root)
        let top = try git(["mktree"], in: repo.root, input: try git(["ls-tree", goodTree], in: repo.root) + "\n040000 tree \(tree)\twide\n")
        let commit = try git(["commit-tree", top, "-p", good.hex, "-m", "wide"], in: repo.root)
        do {
            _ = try GitTreeSource(repository: try GitRepository(at: repo.root.path), commit: try #require(GitObjectID(hex: commit)))
            Issue.record("a tree of ten billion paths was accepted")
        } catch let error as GitError {
            #expect(error.message.contains("more than \(GitTreeSource.mostEntries) files and folders"))
        }
    }
}
