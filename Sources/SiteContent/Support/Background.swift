import Dispatch

/// Work started on another thread now, its result collected later: for work that can overlap
/// with a build's next phase.
package final class Background<Value: Sendable>: @unchecked Sendable {
    private let group = DispatchGroup()
    // Written once by the worker before `leave`, read only after `wait`.
    private var value: Value?

    package init(_ work: @escaping @Sendable () -> Value) {
        group.enter()
        DispatchQueue.global().async {
            self.value = work()
            self.group.leave()
        }
    }

    package func wait() -> Value {
        group.wait()
        return value!
    }
}
