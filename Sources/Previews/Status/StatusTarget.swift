import Foundation
import GitSource

/// Where statuses go: the forge, the root of its API, the repository, and, in CI, the commit
/// and the run's page, which the CI's variables give.
package struct StatusTarget: Sendable, Equatable {
    package var forge: Forge
    /// The root of the API (see ``Forge/apiRoot(_:)``).
    package var api: URL
    package var repository: StatusRepository
    /// The commit CI says the run is for; nil to use the commit each deploy builds. It differs
    /// from the commit checked out on a pull request, where CI builds a merge commit that no
    /// one sees on the forge.
    package var commit: GitObjectID?
    /// The CI run's page, where a build's log is: the link of a pending or failed status.
    package var runURL: String?

    package init(forge: Forge, api: URL, repository: StatusRepository, commit: GitObjectID? = nil, runURL: String? = nil) {
        self.forge = forge
        self.api = forge.apiRoot(api)
        self.repository = repository
        self.commit = commit
        self.runURL = runURL
    }

    /// The target the command line and the environment give: `api` and `repository` (from
    /// `--status-api` and `--status-repository`) where given, else what the CI's variables say,
    /// else the forge's own API and the repository `remoteURL` points at. The commit and the
    /// run come only from the environment.
    package static func resolve(forge: Forge, api: String?, repository: String?, environment: [String: String] = [:],
                               remoteURL: String? = nil) throws -> StatusTarget {
        let fromCI = try CIStatusVariables.read(for: forge, in: environment)
        guard let base = try api.map(parseAPI) ?? fromCI?.api ?? forge.defaultAPI else {
            throw StatusOptionError("\(forge) has no public API to fall back on; give your forge's address with --status-api, such as https://git.example.com")
        }
        let repository = try repository.map { try StatusRepository($0, for: forge) } ?? fromCI?.repository
            ?? remoteURL.flatMap { StatusRepository(remoteURL: $0, for: forge) }
        guard let repository else {
            let remote = remoteURL.map { " (the remote's URL \($0) names none)" } ?? ""
            throw StatusOptionError("no \(forge) repository to set statuses on\(remote); give it with --status-repository")
        }
        return StatusTarget(forge: forge, api: base, repository: repository, commit: fromCI?.commit, runURL: fromCI?.runURL)
    }

    /// `text` as an API address: http or https, with a host.
    static func parseAPI(_ text: String) throws -> URL {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false,
              url.query == nil, url.fragment == nil, url.user == nil else {
            throw StatusOptionError("'\(text)' is not an API address such as https://git.example.com")
        }
        return url
    }
}
