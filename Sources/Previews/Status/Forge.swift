import Foundation
import GitSource

/// The forges whose commit-status APIs Galley speaks, and how each one spells a request:
/// where its API lives, the path of a commit's statuses, its words for the states and how a
/// token goes in the headers. Forgejo speaks Gitea's API, so `gitea` covers both.
package enum Forge: String, Sendable, CaseIterable, CustomStringConvertible {
    case github, gitea, gitlab

    package var description: String { rawValue }

    /// The API of the hosted forge, when there is one: a Gitea or Forgejo is always someone's own.
    package var defaultAPI: URL? {
        switch self {
        case .github: URL(string: "https://api.github.com")!
        case .gitea: nil
        case .gitlab: URL(string: "https://gitlab.com/api/v4")!
        }
    }

    /// The root of the API at `base`, as users write it: Gitea's and GitLab's versioned part
    /// (`/api/v1`, `/api/v4`) is added where it is missing, so the forge's own address works too.
    package func apiRoot(_ base: URL) -> URL {
        let trimmed = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        let suffix: String? = switch self {
        case .github: nil
        case .gitea: "/api/v1"
        case .gitlab: "/api/v4"
        }
        guard let suffix, !trimmed.hasSuffix(suffix) else { return URL(string: trimmed)! }
        return URL(string: trimmed + suffix)!
    }

    /// The path, below the API root, that sets a status on `commit` of `repository` (checked
    /// by ``StatusRepository``, so it cannot step out of the repository's part of the API).
    func statusPath(repository: StatusRepository, commit: GitObjectID) -> String {
        switch self {
        case .github, .gitea: "/repos/\(repository.path)/statuses/\(commit.hex)"
        // A project's path goes in as one segment; a numeric id as it is.
        case .gitlab: "/projects/\(repository.path.replacingOccurrences(of: "/", with: "%2F"))/statuses/\(commit.hex)"
        }
    }

    /// The forge's word for `state`. GitLab's `pending` means queued, and a build that has
    /// started is `running` there.
    func word(for state: CommitStatus.State) -> String {
        switch (self, state) {
        case (.gitlab, .pending): "running"
        case (.gitlab, .failure): "failed"
        case (_, .pending): "pending"
        case (_, .success): "success"
        case (_, .failure): "failure"
        }
    }

    /// The JSON body that sets `status`; `branch` tells GitLab which pipeline it belongs to.
    func body(for status: CommitStatus, branch: String?) -> [String: String] {
        var body = ["state": word(for: status.state), "description": status.shortDescription]
        body[self == .gitlab ? "name" : "context"] = status.context
        if let target = status.targetURL { body["target_url"] = target }
        if self == .gitlab, let branch { body["ref"] = branch }
        return body
    }

    /// The headers that carry `token`.
    func authorization(_ token: StatusToken) -> [(name: String, value: String)] {
        switch self {
        case .github: [("Authorization", "Bearer \(token.text)"), ("Accept", "application/vnd.github+json"), ("X-GitHub-Api-Version", "2022-11-28")]
        case .gitea: [("Authorization", "token \(token.text)"), ("Accept", "application/json")]
        case .gitlab: [("PRIVATE-TOKEN", token.text), ("Accept", "application/json")]
        }
    }

    /// What a token needs to be allowed to set statuses, for the message when it is not.
    var tokenNeeds: String {
        switch self {
        case .github: "give it the repo:status scope (a fine-grained token: Commit statuses, read and write)"
        case .gitea: "give it the write:repository scope"
        case .gitlab: "give it the api scope, from a user or project access token with at least the Developer role"
        }
    }
}
