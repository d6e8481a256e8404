import Foundation
import GitSource

/// What a CI job's variables say about where its statuses go: the forge's API, the repository,
/// the commit the run is for, and the run's page. Read for the forge `--status` names, from
/// GitHub Actions, Gitea and Forgejo Actions (which set GitHub's variables), GitLab CI and
/// Woodpecker (whose variables are the same whatever forge it serves).
struct CIStatusVariables: Equatable {
    var api: URL?
    var repository: StatusRepository?
    var commit: GitObjectID?
    var runURL: String?

    /// The variables of the CI running this process for `forge`; nil outside any CI that
    /// Galley knows.
    static func read(for forge: Forge, in environment: [String: String]) throws -> CIStatusVariables? {
        let variables = Variables(environment: environment)
        if variables["GITHUB_ACTIONS"] == "true" || variables["GITHUB_REPOSITORY"] != nil, forge != .gitlab {
            return try actions(forge: forge, variables)
        }
        if variables["GITLAB_CI"] == "true" || variables["CI_PROJECT_ID"] != nil, forge == .gitlab {
            return CIStatusVariables(
                api: try variables.api("CI_API_V4_URL"),
                repository: try variables["CI_PROJECT_ID"].map { try StatusRepository($0, for: .gitlab) },
                // In a merged results pipeline CI_COMMIT_SHA is a merge commit; the merge
                // request shows the statuses of its source branch's commit.
                commit: try variables.commit("CI_MERGE_REQUEST_SOURCE_BRANCH_SHA") ?? variables.commit("CI_COMMIT_SHA"),
                runURL: variables["CI_JOB_URL"])
        }
        if variables["CI"] == "woodpecker" {
            return CIStatusVariables(
                api: try variables.api("CI_FORGE_URL").map { woodpeckerAPI(forge: forge, forgeURL: $0) },
                repository: try variables["CI_REPO"].map { try StatusRepository($0, for: forge) },
                commit: try variables.commit("CI_COMMIT_SHA"), runURL: variables["CI_PIPELINE_URL"])
        }
        return nil
    }

    /// GitHub Actions, or Gitea's or Forgejo's, which set the same variables.
    private static func actions(forge: Forge, _ variables: Variables) throws -> CIStatusVariables {
        let repository = try variables["GITHUB_REPOSITORY"].map { try StatusRepository($0, for: forge) }
        var runURL: String?
        if forge == .github, let server = variables["GITHUB_SERVER_URL"], let repository, let run = variables["GITHUB_RUN_ID"] {
            runURL = "\(server)/\(repository)/actions/runs/\(run)"
        }
        return CIStatusVariables(api: try variables.api("GITHUB_API_URL", or: "GITHUB_SERVER_URL"),
                                 repository: repository, commit: try actionsCommit(variables), runURL: runURL)
    }

    /// The commit an Actions run is for. On a pull request GITHUB_SHA is the merge commit that
    /// the run checks out, which the pull request never shows; the head commit it does show is
    /// in the event's payload.
    private static func actionsCommit(_ variables: Variables) throws -> GitObjectID? {
        let event = variables["GITHUB_EVENT_NAME"] ?? ""
        guard event.hasPrefix("pull_request") else { return try variables.commit("GITHUB_SHA") }
        guard let path = variables["GITHUB_EVENT_PATH"] else {
            throw StatusOptionError("this is a \(event) run but GITHUB_EVENT_PATH is not set, so the pull request's head commit is not known")
        }
        guard let data = FileManager.default.contents(atPath: path),
              let payload = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let pull = payload["pull_request"] as? [String: Any], let head = pull["head"] as? [String: Any],
              let sha = (head["sha"] as? String).flatMap(GitObjectID.init(hex:)) else {
            throw StatusOptionError("the \(event) event in \(path) has no pull_request.head.sha, so the pull request's head commit is not known")
        }
        return sha
    }

    /// The API of the forge a Woodpecker serves, from its address.
    private static func woodpeckerAPI(forge: Forge, forgeURL: URL) -> URL {
        guard forge == .github else { return forgeURL }  // apiRoot adds Gitea's and GitLab's part
        // github.com's API has a host of its own; GitHub Enterprise's is below the server.
        return forgeURL.host?.lowercased() == "github.com" ? Forge.github.defaultAPI! : forgeURL.appending(path: "api/v3")
    }

    /// The environment, read as CI variables: an empty one is as good as none.
    private struct Variables {
        let environment: [String: String]

        subscript(name: String) -> String? {
            guard let text = environment[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            return text
        }

        /// The API address in the variable `name` (or else in `fallback`), held to the rules
        /// `--status-api` is: the token goes there.
        func api(_ name: String, or fallback: String? = nil) throws -> URL? {
            guard let (name, text) = self[name].map({ (name, $0) }) ?? fallback.flatMap({ fallback in self[fallback].map { (fallback, $0) } }) else {
                return nil
            }
            do { return try StatusTarget.parseAPI(text) } catch {
                throw StatusOptionError("\(name) is '\(text)', not an API address such as https://git.example.com")
            }
        }

        func commit(_ name: String) throws -> GitObjectID? {
            try self[name].map { text in
                guard let id = GitObjectID(hex: text) else { throw StatusOptionError("\(name) is '\(text)', not a commit id") }
                return id
            }
        }
    }
}
