import Foundation
import GitSource

/// Works out which branch a deploy is for: from `--branch`, from the variables CI systems set,
/// or from the repository's HEAD. A detached HEAD with no branch known anywhere is an error,
/// never a deploy to a preview called `head`.
package enum BranchResolver {
    /// Where the branch name was found.
    package struct Resolution: Sendable, Equatable {
        package var branch: String
        /// The variable or place it came from, for the log.
        package var source: String

        package init(branch: String, source: String) {
            self.branch = branch
            self.source = source
        }
    }

    /// The variables CI systems put branch names in, most specific first: a pull request's own
    /// branch before the branch a pipeline runs for.
    static let variables: [(name: String, system: String)] = [
        ("GITHUB_HEAD_REF", "GitHub or Gitea Actions pull request"),
        ("GITHUB_REF_NAME", "GitHub or Gitea Actions"),
        ("CI_MERGE_REQUEST_SOURCE_BRANCH_NAME", "GitLab merge request"),
        ("CI_COMMIT_SOURCE_BRANCH", "Woodpecker pull request"),
        ("CI_COMMIT_BRANCH", "GitLab or Woodpecker"),
        ("CI_COMMIT_REF_NAME", "GitLab"),
        ("DRONE_SOURCE_BRANCH", "Drone pull request"),
        ("DRONE_BRANCH", "Drone"),
        ("CHANGE_BRANCH", "Jenkins pull request"),
        ("BRANCH_NAME", "Jenkins"),
        ("GIT_LOCAL_BRANCH", "Jenkins"),
        ("GIT_BRANCH", "Jenkins"),
        ("BUILDKITE_BRANCH", "Buildkite"),
        ("CIRCLE_BRANCH", "CircleCI"),
        ("TRAVIS_PULL_REQUEST_BRANCH", "Travis CI pull request"),
        ("TRAVIS_BRANCH", "Travis CI"),
        ("BITBUCKET_BRANCH", "Bitbucket Pipelines"),
    ]

    /// The branch named by CI variables, or nil when none is set. A pipeline for a tag is an error.
    package static func fromEnvironment(_ environment: [String: String]) throws -> Resolution? {
        func value(_ name: String) -> String? {
            guard let text = environment[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty, text != "HEAD" else { return nil }
            return text
        }
        if environment["GITHUB_REF_TYPE"] == "tag" && value("GITHUB_HEAD_REF") == nil, let tag = value("GITHUB_REF_NAME") {
            throw DeployError("this CI run is for the tag \(tag), not a branch; pass --branch to deploy it anyway")
        }
        if let tag = value("CI_COMMIT_TAG"), value("CI_COMMIT_BRANCH") == nil {
            throw DeployError("this CI run is for the tag \(tag), not a branch; pass --branch to deploy it anyway")
        }
        for variable in variables {
            guard var branch = value(variable.name) else { continue }
            if variable.name == "GIT_BRANCH" {
                // Jenkins' git plugin writes `origin/feature`.
                if branch.hasPrefix("refs/heads/") { branch.removeFirst("refs/heads/".count) }
                else if let slash = branch.firstIndex(of: "/"), branch[..<slash] == "origin" { branch = String(branch[branch.index(after: slash)...]) }
            }
            if branch.hasPrefix("refs/heads/") { branch.removeFirst("refs/heads/".count) }
            return Resolution(branch: branch, source: "\(variable.name) (\(variable.system))")
        }
        return nil
    }

    /// The variables CI systems number their runs in, handed out as pushes arrive, and those that
    /// name what the numbers count within (a workflow's runs, a project's pipelines).
    static let runVariables: [(number: String, scope: [String])] = [
        ("GITHUB_RUN_NUMBER", ["GITHUB_REPOSITORY", "GITHUB_WORKFLOW"]),
        ("CI_PIPELINE_IID", ["CI_PROJECT_ID"]),
        ("CI_PIPELINE_NUMBER", ["CI_REPO"]),
        ("DRONE_BUILD_NUMBER", ["DRONE_REPO"]),
        ("BUILDKITE_BUILD_NUMBER", ["BUILDKITE_PIPELINE_SLUG"]),
        ("CIRCLE_BUILD_NUM", ["CIRCLE_PROJECT_USERNAME", "CIRCLE_PROJECT_REPONAME", "CIRCLE_JOB"]),
        ("TRAVIS_BUILD_NUMBER", ["TRAVIS_REPO_SLUG"]),
        ("BITBUCKET_BUILD_NUMBER", ["BITBUCKET_REPO_FULL_NAME"]),
        ("BUILD_NUMBER", ["JOB_NAME"]),
    ]

    /// The CI run this process belongs to, when the variables say; nil outside CI.
    package static func run(fromEnvironment environment: [String: String]) -> CIRun? {
        for variable in runVariables {
            guard let text = environment[variable.number], let number = Int(text.trimmingCharacters(in: .whitespaces)) else { continue }
            let scope = variable.scope.map { environment[$0] ?? "" }.joined(separator: " ")
            return CIRun(series: "\(variable.number) \(scope)".trimmingCharacters(in: .whitespaces), number: number)
        }
        return nil
    }

    /// The branch a deploy of `folder` is for, and the commit checked out there: `explicit` (from
    /// `--branch`) if given, else the branch CI's variables name, else the one checked out.
    package static func resolve(explicit: String?, environment: [String: String], folder: URL) throws -> (Resolution, GitObjectID?) {
        if let explicit { return (Resolution(branch: explicit, source: "--branch"), headCommit(containing: folder)) }
        if let fromCI = try fromEnvironment(environment) { return (fromCI, headCommit(containing: folder)) }
        let (fromHead, head) = try fromRepository(containing: folder)
        return (fromHead, head)
    }

    /// The branch checked out in the repository that contains `folder`, and its commit.
    package static func fromRepository(containing folder: URL) throws -> (Resolution, GitObjectID) {
        let repository = try GitRepository(at: folder.path, search: true)
        switch try repository.head() {
        case .branch(let name, let commit):
            return (Resolution(branch: name, source: "HEAD of \(repository.workingDirectory?.path ?? repository.gitDirectory.path)"), commit)
        case .detached(let commit):
            throw DeployError("HEAD is detached at \(commit.short) (CI systems often check out a commit, not a branch) and no CI variable names the branch; pass --branch NAME",
                              aboutOptions: true)
        case .unborn:
            throw DeployError("the repository has no commits yet; commit the blog first or pass --branch NAME")
        }
    }

    /// The commit HEAD points at, when `folder` is in a repository.
    package static func headCommit(containing folder: URL) -> GitObjectID? {
        guard let repository = try? GitRepository(at: folder.path, search: true) else { return nil }
        switch try? repository.head() {
        case .branch(_, let commit), .detached(let commit): return commit
        default: return nil
        }
    }
}
