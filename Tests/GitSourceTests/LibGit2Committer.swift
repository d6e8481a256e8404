import CLibGit2
import Foundation

@testable import GitSource

/// Makes commits with libgit2 itself, the way a tool other than `git` would write a repository.
final class LibGit2Committer {
    let root: URL
    private var repository: OpaquePointer?

    init() throws {
        root = FileManager.default.temporaryDirectory.appending(path: "galley-libgit2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        GitLibrary.initialize()
        try check(git_repository_init(&repository, root.path, 0))
        try check(git_repository_set_head(repository, "refs/heads/main"))
    }

    deinit {
        git_repository_free(repository)
        try? FileManager.default.removeItem(at: root)
    }

    private func check(_ code: Int32) throws {
        if code < 0 { throw GitError.last(code, "libgit2") }
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Stages the whole working tree and commits it on `branch`, with the current tip as parent.
    @discardableResult
    func commit(_ message: String, branch: String = "main") throws -> GitObjectID {
        var index: OpaquePointer?
        try check(git_repository_index(&index, repository))
        defer { git_index_free(index) }
        var everything = git_strarray()
        try check(git_index_add_all(index, &everything, 0, nil, nil))
        try check(git_index_write(index))
        var treeID = git_oid()
        try check(git_index_write_tree(&treeID, index))
        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, repository, &treeID))
        defer { git_tree_free(tree) }

        var signature: UnsafeMutablePointer<git_signature>?
        try check(git_signature_now(&signature, "LibGit2 Test", "libgit2@example.com"))
        defer { git_signature_free(signature) }

        var parent: OpaquePointer?
        var parentID = git_oid()
        if git_reference_name_to_id(&parentID, repository, "refs/heads/\(branch)") == 0 {
            try check(git_commit_lookup(&parent, repository, &parentID))
        }
        defer { if let parent { git_commit_free(parent) } }
        var commitID = git_oid()
        var parents: [OpaquePointer?] = parent.map { [$0] } ?? []
        try check(git_commit_create(&commitID, repository, "refs/heads/\(branch)", signature, signature, nil, message, tree,
                                    parents.count, &parents))
        return GitObjectID(commitID)
    }
}
