import Blocking

/// A number of turns that tasks wait for without holding a thread: `take` suspends while every
/// turn is taken, and the first to wait has the next turn given back.
package final class Turns: Sendable {
    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Locked<State>

    /// `count` turns, all free.
    package init(_ count: Int) {
        precondition(count > 0, "a turn must be possible")
        state = Locked(State(free: count))
    }

    /// Waits for a turn and takes it; give it back with ``give()``.
    package func take() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                guard state.free > 0 else {
                    state.waiting.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if now { continuation.resume() }
        }
    }

    /// Gives a turn back, to the task that has waited longest if any.
    package func give() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
