import Foundation
import TestThreads
import Testing

@testable import Previews

@Suite(.onBlockingPool) struct BranchResolverTests {
    @Test(arguments: [
        (["GITHUB_HEAD_REF": "post/pr-branch", "GITHUB_REF_NAME": "12/merge"], "post/pr-branch"),
        (["GITHUB_HEAD_REF": "", "GITHUB_REF_NAME": "post/pushed", "GITHUB_REF_TYPE": "branch"], "post/pushed"),
        (["CI_COMMIT_REF_NAME": "post/gitlab", "CI_COMMIT_BRANCH": "post/gitlab"], "post/gitlab"),
        (["CI_MERGE_REQUEST_SOURCE_BRANCH_NAME": "post/mr", "CI_COMMIT_REF_NAME": "refs/merge-requests/3/head"], "post/mr"),
        (["CI_COMMIT_SOURCE_BRANCH": "post/woodpecker-pr", "CI_COMMIT_BRANCH": "main"], "post/woodpecker-pr"),
        (["DRONE_BRANCH": "post/drone"], "post/drone"),
        (["BRANCH_NAME": "post/jenkins"], "post/jenkins"),
        (["GIT_BRANCH": "origin/post/jenkins-git"], "post/jenkins-git"),
        (["BUILDKITE_BRANCH": "post/bk"], "post/bk"),
        (["CIRCLE_BRANCH": "post/circle"], "post/circle"),
    ])
    func readsCIVariables(environment: [String: String], branch: String) throws {
        #expect(try BranchResolver.fromEnvironment(environment)?.branch == branch)
    }

    @Test func nothingSetMeansNothingFound() throws {
        #expect(try BranchResolver.fromEnvironment(["PATH": "/bin", "BRANCH_NAME": " ", "GIT_BRANCH": "HEAD"]) == nil)
    }

    @Test func tagPipelinesAreNotBranches() {
        #expect(throws: DeployError.self) { try BranchResolver.fromEnvironment(["GITHUB_REF_TYPE": "tag", "GITHUB_REF_NAME": "v1.0"]) }
        #expect(throws: DeployError.self) { try BranchResolver.fromEnvironment(["CI_COMMIT_TAG": "v1.0", "CI_COMMIT_REF_NAME": "v1.0"]) }
    }

    @Test func headGivesTheBranchAndADetachedHeadIsAnError() throws {
        let fixture = try GitFixture()
        try fixture.git(["checkout", "-q", "-b", "post/from-head"])
        let (resolution, commit) = try BranchResolver.fromRepository(containing: fixture.work.appending(path: "posts"))
        #expect(resolution.branch == "post/from-head")
        #expect(commit.hex == (try fixture.git(["rev-parse", "HEAD"])))

        try fixture.git(["checkout", "-q", "--detach"])
        do {
            _ = try BranchResolver.fromRepository(containing: fixture.work)
            Issue.record("a detached HEAD must not resolve")
        } catch let error as DeployError {
            #expect(error.message.hasPrefix("HEAD is detached at \(commit.short)"))
            #expect(error.message.contains("pass --branch NAME"))
        }
    }
}
