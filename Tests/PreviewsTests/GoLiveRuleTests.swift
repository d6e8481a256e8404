import Foundation
import GitSource
import TestThreads
import Testing

@testable import Previews

/// The rule for whether a finished build may replace what is live, on its own.
@Suite(.onBlockingPool) struct GoLiveRuleTests {
    let older = DeployOrder(ticket: "20270115T080000.500Z")
    let newer = DeployOrder(ticket: "20270115T080000.501Z")
    let built = GitObjectID(hex: String(repeating: "a", count: 40))!
    let other = GitObjectID(hex: String(repeating: "b", count: 40))!

    func live(_ order: DeployOrder?, commit: String? = "c0ffee0") -> PreviewManifest.Entry {
        var entry = PreviewManifest.Entry(branch: "post/a")
        entry.order = order
        entry.commit = commit
        return entry
    }

    @Test func aFirstDeployOrOneNewerThanWhatIsLiveGoesLive() async {
        #expect(await GoLiveRule.orderOnly.refusal(of: older, commit: built, over: nil) == nil)
        #expect(await GoLiveRule.orderOnly.refusal(of: newer, commit: built, over: live(older)) == nil)
        // A live site an older Galley deployed has no order: the new deploy wins.
        #expect(await GoLiveRule.orderOnly.refusal(of: older, commit: built, over: live(nil)) == nil)
    }

    @Test func aDeployThatBeganEarlierNeverReplacesALaterOne() async {
        #expect(await GoLiveRule.orderOnly.refusal(of: older, commit: built, over: live(newer)) == .overtaken(commit: "c0ffee0", order: newer))
    }

    @Test func runsOfOnePipelineGoByTheirNumbersWhateverTheirTickets() async {
        let run8 = DeployOrder(ticket: older.ticket, run: CIRun(series: "GITHUB_RUN_NUMBER owner/blog Preview", number: 8))
        let run7 = DeployOrder(ticket: newer.ticket, run: CIRun(series: "GITHUB_RUN_NUMBER owner/blog Preview", number: 7))
        #expect(await GoLiveRule.orderOnly.refusal(of: run7, commit: built, over: live(run8)) == .overtaken(commit: "c0ffee0", order: run8))
        #expect(await GoLiveRule.orderOnly.refusal(of: run8, commit: built, over: live(run7)) == nil)
        // Another pipeline's run is placed by its ticket.
        let elsewhere = DeployOrder(ticket: newer.ticket, run: CIRun(series: "CI_PIPELINE_IID 42", number: 1))
        #expect(await GoLiveRule.orderOnly.refusal(of: elsewhere, commit: built, over: live(run8)) == nil)
    }

    @Test func aBranchThatMovedOnKeepsItsOldBuildFromGoingLive() async {
        let moved = GoLiveRule { other }
        #expect(await moved.refusal(of: newer, commit: built, over: live(older)) == .branchMoved)
        #expect(await GoLiveRule { built }.refusal(of: newer, commit: built, over: live(older)) == nil)
        // A tip that cannot be read, or a build of no known commit, goes ahead.
        #expect(await GoLiveRule { nil }.refusal(of: newer, commit: built, over: nil) == nil)
        #expect(await moved.refusal(of: newer, commit: nil, over: nil) == nil)
        // A newer deploy that is live says more than a moved branch.
        #expect(await moved.refusal(of: older, commit: built, over: live(newer)) == .overtaken(commit: "c0ffee0", order: newer))
    }

    @Test func theTipIsReadFromTheRepositoryEachTime() async throws {
        let fixture = try GitFixture()
        let first = try #require(GitObjectID(hex: try fixture.pushBranch("post/a") { try fixture.write("posts/2020-02-01-a.md", "---\ntitle: A\n---\n") }))
        let rule = GoLiveRule.tip(of: "post/a", inRepositoryAt: fixture.bare.path)
        #expect(await rule.currentTip() == first)
        #expect(await rule.refusal(of: newer, commit: first, over: nil) == nil)
        let second = try #require(GitObjectID(hex: try fixture.pushBranch("post/a", from: "post/a") { try fixture.write("posts/2020-02-01-a.md", "---\ntitle: A2\n---\n") }))
        #expect(await rule.currentTip() == second)
        #expect(await rule.refusal(of: newer, commit: first, over: nil) == .branchMoved)
        // A deleted branch has no tip to compare with.
        try fixture.deleteBranch("post/a")
        #expect(await rule.currentTip() == nil)
    }
}
