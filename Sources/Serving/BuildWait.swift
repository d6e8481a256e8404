import Blocking
import Foundation

/// Waits for builds that run on ``BlockingPool``, and can stop waiting: when the server is
/// told to stop, it must not wait out a first build of thousands of posts. The build goes on
/// until it ends (it writes nothing the server needs), but nothing waits for it any more.
final class BuildWait: Sendable {
    private struct State {
        var waiting: CheckedContinuation<LiveSite.Outcome?, Never>?
        var abandoned = false
    }

    private let state = Locked(State())

    /// What `work` comes to, run on a new thread; nil once ``abandon()`` was called, whether
    /// before or while it runs.
    func run(_ work: @escaping @Sendable () -> LiveSite.Outcome) async -> LiveSite.Outcome? {
        await withCheckedContinuation { continuation in
            let abandoned = state.withLock { state in
                if !state.abandoned { state.waiting = continuation }
                return state.abandoned
            }
            if abandoned {
                continuation.resume(returning: nil)
                return
            }
            BlockingPool.shared.detach { [self] in
                let outcome = work()
                let waiting = state.withLock { state in
                    defer { state.waiting = nil }
                    return state.waiting
                }
                waiting?.resume(returning: outcome)
            }
        }
    }

    /// Stops waiting for the build that runs, and for any later one.
    func abandon() {
        let waiting = state.withLock { state in
            state.abandoned = true
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume(returning: nil)
    }
}
