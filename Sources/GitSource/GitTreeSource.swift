import Blocking
import CLibGit2
import FileSystem
import Foundation
import SiteSource

/// A ``SourceTree`` over the tree of one commit, read straight from the object database: no
/// checkout, no working copy, no `index.lock`, so any number of commits can be built at once.
///
/// The file list is read once; blobs are read on demand through a small pool of repository
/// handles, so that the compiler's parallel reads never share one libgit2 object between threads.
package final class GitTreeSource: SourceTree, Sendable {
    package let commit: GitObjectID
    private let repositoryPath: String
    private let files: [String: git_oid]
    /// The symbolic links of the tree, which a build is never given: each is named to it.
    package let leftOut: [String]
    private let pool: HandlePool
    package let description: String

    /// The tree of `commit` in `repository`, or of its `subdirectory` (the blog's folder in a
    /// repository that holds more than a blog).
    package init(repository: GitRepository, commit: GitObjectID, subdirectory: String = "", label: String? = nil) throws {
        self.commit = commit
        repositoryPath = repository.gitDirectory.path
        description = label ?? "\(commit.short)"
        var files: [String: git_oid] = [:]
        var treeID = try repository.treeID(of: commit)
        var tree: OpaquePointer?
        try GitError.check(git_tree_lookup(&tree, repository.pointer, &treeID), "cannot read the tree of \(commit.short)")
        defer { git_tree_free(tree) }
        let prefix = subdirectory.split(separator: "/").joined(separator: "/")
        var entries = 0
        var links: [String] = []
        try Self.collect(tree!, repository: repository, commit: commit, path: "", depth: 0, prefix: prefix, entries: &entries,
                         into: &files, links: &links)
        self.files = files
        leftOut = links.sorted()
        pool = HandlePool(path: repositoryPath)
    }

    /// More folders inside one another than a blog holds: a tree nested deeper is refused, as
    /// one nested fifty thousand deep once ran this walk out of stack.
    static let deepestFolder = 256
    /// More entries than a blog's tree holds: a few kilobytes of trees that each hold the one
    /// below ten times over name ten billion paths, which once took gigabytes before anything
    /// was built.
    static let mostEntries = 1_000_000

    private static func collect(_ tree: OpaquePointer, repository: GitRepository, commit: GitObjectID, path: String, depth: Int,
                                prefix: String, entries: inout Int, into files: inout [String: git_oid], links: inout [String]) throws {
        guard depth <= deepestFolder else {
            throw GitError(code: -1, message: "\(commit.short): the tree nests folders more than \(deepestFolder) deep (\(String(path.prefix(120)))…); Galley will not build this commit")
        }
        for index in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, index) else { continue }
            entries += 1
            guard entries <= mostEntries else {
                throw GitError(code: -1, message: "\(commit.short): the tree holds more than \(mostEntries) files and folders; Galley will not build this commit")
            }
            let name = String(cString: git_tree_entry_name(entry))
            let full = path.isEmpty ? name : path + "/" + name
            // A crafted tree can hold names git itself never writes ('..', 'a/b', ''): refuse the
            // commit rather than let such a name reach a path.
            guard !name.contains("/") else {
                throw GitError(code: -1, message: "\(commit.short): the tree entry '\(full)' holds a '/' in its name; Galley will not build this commit")
            }
            if let problem = RelativePath.problem(with: full) {
                let shown = full.utf8.count > 200 ? String(full.prefix(200)) + "…" : full
                throw GitError(code: -1, message: "\(commit.short): the tree entry '\(shown)' \(problem); Galley will not build this commit")
            }
            // Stay inside the blog's folder when it is a subdirectory of the repository.
            if !prefix.isEmpty, !(full == prefix || full.hasPrefix(prefix + "/") || prefix.hasPrefix(full + "/")) { continue }
            // Bytes that are not UTF-8 come back as U+FFFD, so two such names could be one path;
            // a folder's walk refuses them the same way.
            guard String(validatingCString: git_tree_entry_name(entry)) != nil else {
                throw GitError(code: -1, message: "\(commit.short): '\(full)': \(SourceTreeError.undecodableReason)")
            }
            switch git_tree_entry_type(entry) {
            case GIT_OBJECT_TREE:
                var subtree: OpaquePointer?
                try GitError.check(git_tree_lookup(&subtree, repository.pointer, git_tree_entry_id(entry)), "cannot read \(full)")
                defer { git_tree_free(subtree) }
                try collect(subtree!, repository: repository, commit: commit, path: full, depth: depth + 1, prefix: prefix, entries: &entries,
                            into: &files, links: &links)
            case GIT_OBJECT_BLOB:
                guard prefix.isEmpty || full.hasPrefix(prefix + "/") else { continue }
                let relative = prefix.isEmpty ? full : String(full.dropFirst(prefix.count + 1))
                // Symlinks are blobs holding a path; following one could read outside the tree.
                guard git_tree_entry_filemode(entry) != GIT_FILEMODE_LINK else {
                    links.append(relative)
                    continue
                }
                files[relative] = git_tree_entry_id(entry).pointee
            default:
                continue  // submodules
            }
        }
    }

    package func files(under directory: String) throws -> [String] {
        let prefix = directory.isEmpty ? "" : directory + "/"
        return files.keys.filter { $0.hasPrefix(prefix) && !SourceFileFilter.ignoresAnyName(in: $0) }.sorted()
    }

    package func contents(of path: String) throws -> Data {
        guard let id = files[path] else { throw SourceTreeError.notFound(path) }
        return try pool.withRepository { repository in try repository.blob(id) }
    }

    package func fileExists(_ path: String) -> Bool { files[path] != nil }

    /// A blob id names the bytes themselves.
    package func version(of path: String) -> FileVersion? {
        guard var id = files[path] else { return nil }
        return FileVersion(bytes: withUnsafeBytes(of: &id.id) { Array($0) }, changed: 0)
    }

    /// The paths and blob ids under `roots`: a commit's files never change in place.
    package func state(of roots: [String]) throws -> SourceState? {
        var digest = [UInt8]()
        for root in roots {
            digest += Array(root.utf8) + [0]
            for path in files.keys.sorted() where path == root || path.hasPrefix(root + "/") {
                var id = files[path]!
                digest += Array(path.utf8) + [0]
                withUnsafeBytes(of: &id.id) { digest += $0 }
            }
        }
        return SourceState(digest: SourceState.hash(digest), newestChange: 0)
    }
}

/// Repository handles for reading blobs, each used by one thread at a time.
private final class HandlePool: Sendable {
    private let path: String
    private let idle = Locked<[Handle]>([])

    /// A repository handle in the pool. libgit2 allows a handle on any thread but on one at a
    /// time; the pool hands each to one caller and takes it back only when that caller is done.
    private struct Handle: @unchecked Sendable {
        let repository: GitRepository
    }

    init(path: String) { self.path = path }

    func withRepository<T>(_ body: (GitRepository) throws -> T) throws -> T {
        let handle = try idle.withLock { $0.popLast() } ?? Handle(repository: GitRepository(at: path))
        defer { idle.withLock { $0.append(handle) } }
        return try body(handle.repository)
    }
}
