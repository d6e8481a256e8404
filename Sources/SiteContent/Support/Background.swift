import Blocking
import Dispatch

/// Work started on another thread now, its result collected later: for work that can overlap
/// with a build's next phase.
package final class Background<Value: Sendable>: @unchecked Sendable {
    private let group = DispatchGroup()
    // Written once by the worker before `leave`, read only after `wait`.
    private var value: Value?

    package init(_ work: @escaping @Sendable () -> Value) {
        group.enter()
        // On the blocking pool, which starts a thread for work that finds none idle. Dispatch's
        // global queue runs about as many of its blocks at once as there are cores, and when
        // those wait (builds side by side in the tests, each waiting for what it started), the
        // work waited most of a second for Dispatch to see it and start another thread.
        BlockingPool.shared.detach {
            self.value = work()
            self.group.leave()
        }
    }

    package func wait() -> Value {
        group.wait()
        return value!
    }
}
