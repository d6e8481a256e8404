import Blocking
import Foundation
import GitSource

/// The one rule for whether a finished build may replace what is live, for `galley deploy` and
/// `galley watch` alike: never replace a newer deploy, and never show a commit its branch has
/// moved on from.
///
/// "Newer" is ``DeployOrder``'s: the later push, not the later commit, so a branch reset to an
/// older commit and force-pushed shows that commit. Whether the branch has moved on can only be
/// known where the branch can be read: a watcher reads it from its repository, while a CI job's
/// checkout cannot see later pushes, and leaves that part to the order.
package struct GoLiveRule: Sendable {
    /// What the branch points at now; nil when that cannot be known or read, which never keeps
    /// a build from going live (the next deploy deals with whatever happened to the branch).
    package var currentTip: @Sendable () async -> GitObjectID?

    /// A rule that reads the branch's tip with `currentTip`.
    package init(currentTip: @escaping @Sendable () async -> GitObjectID?) {
        self.currentTip = currentTip
    }

    /// The rule where the branch cannot be seen (a CI job): the order alone decides.
    package static let orderOnly = GoLiveRule { nil }

    /// The rule for a branch of the repository at `path` (of `remote`'s branches, with one),
    /// read afresh each time on a thread of its own.
    package static func tip(of branch: String, inRepositoryAt path: String, remote: String? = nil) -> GoLiveRule {
        GoLiveRule {
            let tip = try? await BlockingPool.shared.run { try GitRepository(at: path).tip(of: branch, remote: remote) }
            return tip
        }
    }

    /// Why a build of `commit`, placed by `order`, must not replace `live`; nil when it may go live.
    /// Asked under the destination's lock, before the release is copied in and again just before
    /// the switch, since the branch may move during the copy.
    package func refusal(of order: DeployOrder, commit: GitObjectID?, over live: PreviewManifest.Entry?) async -> Supersession? {
        if let liveOrder = live?.order, liveOrder.isNewer(than: order) {
            return .overtaken(commit: live?.commit, order: liveOrder)
        }
        if let commit, let tip = await currentTip(), tip != commit {
            return .branchMoved
        }
        return nil
    }
}

/// Why a finished build was not put live; the live site was left as it was.
package enum Supersession: Sendable, Equatable, CustomStringConvertible {
    /// The branch no longer points at the commit that was built: its new commit goes next.
    case branchMoved
    /// A deploy that is newer by ``DeployOrder`` is live: this is what it shows.
    case overtaken(commit: String?, order: DeployOrder)
    /// `galley previews remove` took the site down while it was building.
    case removed

    package var description: String {
        switch self {
        case .branchMoved:
            return "the branch moved on during the build"
        case .overtaken(let commit, let order):
            let what = commit.map { "commit \($0.prefix(7))" } ?? "a release"
            let when = order.run.map { "by \($0)" } ?? "by a deploy that began later (ticket \(order.ticket))"
            return "\(what) deployed \(when) is live"
        case .removed:
            return "the site was removed (galley previews remove) while it was building; push again to bring it back"
        }
    }
}
