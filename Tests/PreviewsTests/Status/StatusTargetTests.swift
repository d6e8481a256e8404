import Foundation
import GitSource
import TestThreads
import Testing

@testable import Previews

/// Where statuses go, as the flags and each CI's variables say.
@Suite(.onBlockingPool) struct StatusTargetTests {
    static let head = "1111111111111111111111111111111111111111"
    static let merge = "2222222222222222222222222222222222222222"

    @Test func githubActionsOnAPush() throws {
        let target = try StatusTarget.resolve(forge: .github, api: nil, repository: nil, environment: [
            "GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "octo/blog", "GITHUB_SHA": Self.head, "GITHUB_EVENT_NAME": "push",
            "GITHUB_API_URL": "https://api.github.com", "GITHUB_SERVER_URL": "https://github.com", "GITHUB_RUN_ID": "77",
        ])
        #expect(target.api.absoluteString == "https://api.github.com")
        #expect(target.repository.path == "octo/blog")
        #expect(target.commit?.hex == Self.head)
        #expect(target.runURL == "https://github.com/octo/blog/actions/runs/77")
    }

    @Test func githubActionsOnAPullRequestTakesTheHeadFromTheEvent() throws {
        let folder = try TemporaryFolder()
        let event = folder.url.appending(path: "event.json")
        try Data(#"{"action":"synchronize","pull_request":{"number":3,"head":{"sha":"\#(Self.head)","ref":"post/x"}}}"#.utf8).write(to: event)
        var environment = ["GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "octo/blog", "GITHUB_SHA": Self.merge,
                           "GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": event.path]
        let target = try StatusTarget.resolve(forge: .github, api: nil, repository: nil, environment: environment)
        #expect(target.commit?.hex == Self.head)

        // The merge commit would put the status where no one sees it: an error, not a guess.
        try Data(#"{"pull_request":{}}"#.utf8).write(to: event)
        #expect(throws: StatusOptionError.self) { try StatusTarget.resolve(forge: .github, api: nil, repository: nil, environment: environment) }
        environment["GITHUB_EVENT_PATH"] = nil
        #expect(throws: StatusOptionError.self) { try StatusTarget.resolve(forge: .github, api: nil, repository: nil, environment: environment) }
    }

    @Test func giteaActionsSetGitHubsVariables() throws {
        let target = try StatusTarget.resolve(forge: .gitea, api: nil, repository: nil, environment: [
            "GITHUB_ACTIONS": "true", "GITEA_ACTIONS": "true", "GITHUB_REPOSITORY": "team/blog", "GITHUB_SHA": Self.head,
            "GITHUB_SERVER_URL": "https://git.example.com", "GITHUB_API_URL": "https://git.example.com/api/v1",
        ])
        #expect(target.api.absoluteString == "https://git.example.com/api/v1")
        #expect(target.repository.path == "team/blog")
        #expect(target.commit?.hex == Self.head)
    }

    @Test func gitlabCI() throws {
        var environment = ["GITLAB_CI": "true", "CI_API_V4_URL": "https://gitlab.example.com/api/v4", "CI_PROJECT_ID": "4711",
                           "CI_COMMIT_SHA": Self.head, "CI_JOB_URL": "https://gitlab.example.com/g/blog/-/jobs/9"]
        let target = try StatusTarget.resolve(forge: .gitlab, api: nil, repository: nil, environment: environment)
        #expect(target.api.absoluteString == "https://gitlab.example.com/api/v4")
        #expect(target.repository.path == "4711")
        #expect(target.commit?.hex == Self.head)
        #expect(target.runURL == "https://gitlab.example.com/g/blog/-/jobs/9")

        // A merged results pipeline builds a merge commit; the merge request shows its source's.
        environment["CI_COMMIT_SHA"] = Self.merge
        environment["CI_MERGE_REQUEST_SOURCE_BRANCH_SHA"] = Self.head
        #expect(try StatusTarget.resolve(forge: .gitlab, api: nil, repository: nil, environment: environment).commit?.hex == Self.head)
    }

    @Test func woodpeckerForEachForge() throws {
        let environment = ["CI": "woodpecker", "CI_REPO": "team/blog", "CI_COMMIT_SHA": Self.head,
                           "CI_FORGE_URL": "https://codeberg.org", "CI_PIPELINE_URL": "https://ci.codeberg.org/repos/1/pipeline/5"]
        let gitea = try StatusTarget.resolve(forge: .gitea, api: nil, repository: nil, environment: environment)
        #expect(gitea.api.absoluteString == "https://codeberg.org/api/v1")
        #expect(gitea.repository.path == "team/blog" && gitea.commit?.hex == Self.head)
        #expect(gitea.runURL == "https://ci.codeberg.org/repos/1/pipeline/5")

        var github = environment
        github["CI_FORGE_URL"] = "https://github.com"
        #expect(try StatusTarget.resolve(forge: .github, api: nil, repository: nil, environment: github).api.absoluteString == "https://api.github.com")
        github["CI_FORGE_URL"] = "https://ghe.example.com"
        #expect(try StatusTarget.resolve(forge: .github, api: nil, repository: nil, environment: github).api.absoluteString == "https://ghe.example.com/api/v3")
        var gitlab = environment
        gitlab["CI_FORGE_URL"] = "https://gitlab.example.com"
        #expect(try StatusTarget.resolve(forge: .gitlab, api: nil, repository: nil, environment: gitlab).api.absoluteString == "https://gitlab.example.com/api/v4")
    }

    @Test func flagsWinOverTheEnvironmentAndGiteaNeedsAnAPI() throws {
        let environment = ["GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "octo/blog", "GITHUB_SHA": Self.head]
        let target = try StatusTarget.resolve(forge: .github, api: "http://127.0.0.1:9/", repository: "octo/other", environment: environment)
        #expect(target.api.absoluteString == "http://127.0.0.1:9")
        #expect(target.repository.path == "octo/other")
        #expect(target.commit?.hex == Self.head)

        let outside = try StatusTarget.resolve(forge: .gitlab, api: nil, repository: "group/blog")
        #expect(outside.api.absoluteString == "https://gitlab.com/api/v4" && outside.commit == nil)

        let noAPI = #expect(throws: StatusOptionError.self) { try StatusTarget.resolve(forge: .gitea, api: nil, repository: "team/blog") }
        #expect(noAPI?.message.contains("--status-api") == true)
        let noRepository = #expect(throws: StatusOptionError.self) { try StatusTarget.resolve(forge: .github, api: nil, repository: nil) }
        #expect(noRepository?.message.contains("--status-repository") == true)
        #expect(throws: StatusOptionError.self) { try StatusTarget.resolve(forge: .github, api: "ftp://example.com", repository: "a/b") }
        // A CI variable that is not a commit id is refused rather than put into a URL.
        #expect(throws: StatusOptionError.self) {
            try StatusTarget.resolve(forge: .github, api: nil, repository: nil, environment: ["GITHUB_ACTIONS": "true", "GITHUB_SHA": "../x"])
        }
        // The API a CI variable names is held to --status-api's rules, and said by its name:
        // the token is sent there.
        for (forge, environment, name) in [
            (Forge.github, ["GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "octo/blog", "GITHUB_API_URL": "file:///etc/passwd"], "GITHUB_API_URL"),
            (.gitea, ["GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "team/blog", "GITHUB_SERVER_URL": "https://me:secret@git.example.com"], "GITHUB_SERVER_URL"),
            (.gitlab, ["GITLAB_CI": "true", "CI_PROJECT_ID": "7", "CI_API_V4_URL": "gitlab.example.com/api/v4"], "CI_API_V4_URL"),
            (.gitea, ["CI": "woodpecker", "CI_REPO": "team/blog", "CI_FORGE_URL": "https://git.example.com/?x=1"], "CI_FORGE_URL"),
        ] {
            let refused = #expect(throws: StatusOptionError.self) { try StatusTarget.resolve(forge: forge, api: nil, repository: nil, environment: environment) }
            #expect(refused?.message.hasPrefix("\(name) is '") == true, "\(refused?.message ?? "")")
        }
    }
}

/// A watcher's target: the repository from its remote's URL.
@Suite(.onBlockingPool) struct StatusTargetRemoteTests {
    @Test func aWatcherFindsTheRepositoryInItsRemotesURL() async throws {
        let fixture = try GitFixture()
        try fixture.git(["remote", "add", "forge", "git@github.com:octo/blog.git"])
        let target = try await StatusTarget.forWatcher(forge: .github, api: nil, repository: nil, ofRepositoryAt: fixture.work.path, remote: "forge")
        #expect(target.repository.path == "octo/blog" && target.commit == nil && target.runURL == nil)
        // The flag wins, and a remote that names no forge's repository is an error naming it.
        let named = try await StatusTarget.forWatcher(forge: .github, api: nil, repository: "octo/other", ofRepositoryAt: fixture.work.path, remote: "forge")
        #expect(named.repository.path == "octo/other")
        await #expect(throws: StatusOptionError.self) {
            try await StatusTarget.forWatcher(forge: .github, api: nil, repository: nil, ofRepositoryAt: fixture.work.path, remote: "origin")
        }
    }
}
