import Blocking
import GitSource

extension StatusTarget {
    /// The target of a watcher of the repository at `path`: as ``resolve(forge:api:repository:environment:remoteURL:)``
    /// says, with the repository taken from the URL of `remote`, where there is one and
    /// `repository` is not given. A watcher reads no CI variables: it runs on a server, and each
    /// branch's tip is the commit its statuses go on.
    package static func forWatcher(forge: Forge, api: String?, repository: String?, ofRepositoryAt path: String,
                                  remote: String?) async throws -> StatusTarget {
        var remoteURL: String?
        if repository == nil, let remote {
            remoteURL = try await BlockingPool.shared.run { try GitRepository(at: path).url(ofRemote: remote) }
        }
        return try resolve(forge: forge, api: api, repository: repository, remoteURL: remoteURL)
    }
}
