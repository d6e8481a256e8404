import CLibGit2
import Foundation

/// An open git repository, bare or not.
///
/// libgit2 objects must not be used from two threads at once, so a `GitRepository` belongs to
/// the task that opened it; code that reads in parallel opens one per thread (see ``GitTreeSource``).
package final class GitRepository {
    let pointer: OpaquePointer

    /// Opens the repository at `path`, or the one that contains it when `search` is true.
    package init(at path: String, search: Bool = false) throws(GitError) {
        GitLibrary.initialize()
        var repository: OpaquePointer?
        let flags = search ? 0 : GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue
        let code = git_repository_open_ext(&repository, path, flags, nil)
        guard code == 0, let repository else {
            // libgit2 1.5 sometimes reports a refused owner as "not found"; look for ourselves.
            if code == GIT_EOWNER.rawValue || Self.isOwnedByAnotherUser(path) {
                throw GitError(code: code, message:
                    "\(path) belongs to another user, and libgit2 refuses to read it: run galley as the repository's owner, or mark it safe with `git config --global --add safe.directory \(path)`")
            }
            if code == GIT_ENOTFOUND.rawValue {
                throw GitError(code: code, message: "\(path) is not a git repository")
            }
            throw GitError.last(code, "cannot open \(path)")
        }
        pointer = repository
    }

    deinit {
        git_repository_free(pointer)
    }

    /// Whether `path` holds a repository (bare or not) that another user owns.
    static func isOwnedByAnotherUser(_ path: String) -> Bool {
        for candidate in [path + "/.git", path] {
            var info = stat()
            guard stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
                FileManager.default.fileExists(atPath: candidate + "/HEAD")
            else { continue }
            return info.st_uid != geteuid()
        }
        return false
    }

    /// Whether the repository has no working tree.
    package var isBare: Bool { git_repository_is_bare(pointer) == 1 }

    /// The `.git` folder, or the repository itself when bare.
    package var gitDirectory: URL { URL(fileURLWithPath: String(cString: git_repository_path(pointer))) }

    /// The working tree, when there is one.
    package var workingDirectory: URL? {
        git_repository_workdir(pointer).map { URL(fileURLWithPath: String(cString: $0)) }
    }

    /// What HEAD points at.
    package enum Head: Equatable, Sendable {
        case branch(String, GitObjectID)
        /// A checkout of a commit rather than a branch, as most CI systems make.
        case detached(GitObjectID)
        /// A branch with no commits yet.
        case unborn
    }

    /// Reads HEAD.
    package func head() throws(GitError) -> Head {
        var reference: OpaquePointer?
        let code = git_repository_head(&reference, pointer)
        if code == GIT_EUNBORNBRANCH.rawValue || code == GIT_ENOTFOUND.rawValue { return .unborn }
        try GitError.check(code, "cannot read HEAD")
        defer { git_reference_free(reference) }
        guard let target = git_reference_target(reference) else { return .unborn }
        let id = GitObjectID(target.pointee)
        if git_repository_head_detached(pointer) == 1 { return .detached(id) }
        return .branch(String(cString: git_reference_shorthand(reference)), id)
    }

    /// Branch tips: local branches (`refs/heads/*`), or those of a remote (`refs/remotes/NAME/*`)
    /// with the remote's name taken off.
    package func branches(remote: String? = nil) throws(GitError) -> [BranchTip] {
        let prefix = remote.map(branchPrefix(of:)) ?? "refs/heads/"
        var iterator: OpaquePointer?
        try GitError.check(git_branch_iterator_new(&iterator, pointer, GIT_BRANCH_ALL), "cannot list branches")
        defer { git_branch_iterator_free(iterator) }
        var tips: [BranchTip] = []
        while true {
            var reference: OpaquePointer?
            var type = GIT_BRANCH_LOCAL
            let code = git_branch_next(&reference, &type, iterator)
            if code == GIT_ITEROVER.rawValue { break }
            try GitError.check(code, "cannot list branches")
            defer { git_reference_free(reference) }
            // Symbolic references (origin/HEAD) name another branch, not a commit.
            guard git_reference_type(reference) == GIT_REFERENCE_DIRECT, let target = git_reference_target(reference) else { continue }
            var name = String(cString: git_reference_name(reference))
            guard name.hasPrefix(prefix) else { continue }
            name.removeFirst(prefix.count)
            tips.append(BranchTip(name: name, commit: GitObjectID(target.pointee)))
        }
        return tips.sorted { $0.name < $1.name }
    }

    /// The tip of one branch, local or of `remote`, or nil when it does not exist.
    package func tip(of branch: String, remote: String? = nil) throws(GitError) -> GitObjectID? {
        let name = (remote.map(branchPrefix(of:)) ?? "refs/heads/") + branch
        var oid = git_oid()
        let code = git_reference_name_to_id(&oid, pointer, name)
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EINVALIDSPEC.rawValue { return nil }
        try GitError.check(code, "cannot read \(name)")
        return GitObjectID(oid)
    }

    /// Where a fetch from `remote` keeps its branches, by the remote's fetch refspecs:
    /// `refs/remotes/origin/` for a clone's `origin`, `refs/heads/` for a mirror's
    /// (`git clone --mirror` fetches `+refs/*:refs/*`), whose branches are its own.
    func branchPrefix(of remote: String) -> String {
        let usual = "refs/remotes/\(remote)/"
        var handle: OpaquePointer?
        guard git_remote_lookup(&handle, pointer, remote) == 0, let handle else { return usual }
        defer { git_remote_free(handle) }
        var specs = git_strarray()
        guard git_remote_get_fetch_refspecs(&specs, handle) == 0 else { return usual }
        defer { git_strarray_dispose(&specs) }
        for index in 0..<specs.count {
            guard let text = specs.strings[index].map({ String(cString: $0) }) else { continue }
            let parts = text.drop { $0 == "+" }.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[1].hasSuffix("*") else { continue }
            let destination = String(parts[1].dropLast())
            if parts[0] == "refs/heads/*" { return destination }
            if parts[0] == "refs/*" { return destination + "heads/" }
        }
        return usual
    }

    /// Fetches from `remote` and prunes remote-tracking branches that are gone there.
    package func fetch(remote name: String) throws(GitError) {
        var remote: OpaquePointer?
        try GitError.check(git_remote_lookup(&remote, pointer, name), "no remote named '\(name)'")
        defer { git_remote_free(remote) }
        var options = git_fetch_options()
        git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION))
        options.prune = GIT_FETCH_PRUNE
        options.callbacks.credentials = sshAgentCredentials
        var attempts: Int32 = 0
        let code = withUnsafeMutablePointer(to: &attempts) { counter in
            options.callbacks.payload = UnsafeMutableRawPointer(counter)
            return git_remote_fetch(remote, nil, &options, "galley: fetch")
        }
        try GitError.check(code, "cannot fetch from '\(name)'")
    }

    /// Whether `commit` comes after `ancestor` in history.
    package func isDescendant(_ commit: GitObjectID, of ancestor: GitObjectID) -> Bool {
        var a = commit.oid, b = ancestor.oid
        return git_graph_descendant_of(pointer, &a, &b) == 1
    }

    /// The first line of `commit`'s message, for a listing; nil when there is no such commit.
    package func subject(of commit: GitObjectID) -> String? {
        var object: OpaquePointer?
        var oid = commit.oid
        guard git_commit_lookup(&object, pointer, &oid) == 0 else { return nil }
        defer { git_commit_free(object) }
        return git_commit_summary(object).map { String(cString: $0) }
    }

    /// The id of the root tree of `commit`.
    func treeID(of commit: GitObjectID) throws(GitError) -> git_oid {
        var object: OpaquePointer?
        var oid = commit.oid
        try GitError.check(git_commit_lookup(&object, pointer, &oid), "no commit \(commit.short)")
        defer { git_commit_free(object) }
        return git_commit_tree_id(object).pointee
    }

    /// The bytes of a blob.
    func blob(_ id: git_oid) throws(GitError) -> Data {
        var blob: OpaquePointer?
        var oid = id
        try GitError.check(git_blob_lookup(&blob, pointer, &oid), "cannot read blob \(GitObjectID(id).short)")
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let bytes = git_blob_rawcontent(blob) else { return Data() }
        return Data(bytes: bytes, count: size)
    }
}

/// A branch and the commit at its tip.
package struct BranchTip: Hashable, Sendable, Codable {
    package var name: String
    package var commit: GitObjectID

    package init(name: String, commit: GitObjectID) {
        self.name = name
        self.commit = commit
    }
}

/// Offers the ssh agent's keys once, so a fetch over ssh never waits on a prompt.
private let sshAgentCredentials: git_credential_acquire_cb = { output, _, username, allowed, payload in
    guard let payload else { return GIT_PASSTHROUGH.rawValue }
    let attempts = payload.assumingMemoryBound(to: Int32.self)
    attempts.pointee += 1
    guard attempts.pointee == 1, allowed & GIT_CREDENTIAL_SSH_KEY.rawValue != 0 else { return GIT_PASSTHROUGH.rawValue }
    if let username { return git_credential_ssh_key_from_agent(output, username) }
    return git_credential_ssh_key_from_agent(output, "git")
}

/// libgit2's process-wide set-up, done once.
enum GitLibrary {
    private static let once: Void = {
        git_libgit2_init()
        return ()
    }()

    static func initialize() { once }
}
