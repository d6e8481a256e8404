import CLibGit2

extension GitRepository {
    /// The URL of the remote `name` as its configuration writes it: before any `insteadOf`
    /// rewriting, which may point at a mirror that says nothing of the repository's name.
    package func url(ofRemote name: String) throws(GitError) -> String {
        var config: OpaquePointer?
        try GitError.check(git_repository_config_snapshot(&config, pointer), "cannot read the repository's configuration")
        defer { git_config_free(config) }
        var value: UnsafePointer<CChar>?
        try GitError.check(git_config_get_string(&value, config, "remote.\(name).url"), "no remote named '\(name)'")
        return value.map { String(cString: $0) } ?? ""
    }
}
