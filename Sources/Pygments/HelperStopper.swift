import Blocking
import CPlatform
import Glibc

/// Stops a helper at once, from any thread: a descriptor of the process itself (a pidfd), so
/// the signal reaches that helper and never a later process given its number.
///
/// Cancelling the task that runs the helper stops it too, but only once that task gets a
/// thread; while every thread is busy (a test run, a big build), a lexer caught in a
/// pathological block went on using a core for a minute after the build gave up on it.
final class HelperStopper: Sendable {
    private struct State {
        var descriptor: Int32 = -1
        var stopped = false
    }

    private let state = Locked(State())

    deinit {
        let descriptor = state.withLock { $0.descriptor }
        if descriptor >= 0 { close(descriptor) }
    }

    /// Keeps a descriptor of the process `pid`, which the helper said is its own while it waits
    /// for its first batch (so the number cannot have passed to another process); stops it at
    /// once if ``stop()`` came first.
    func adopt(pid: Int32) {
        guard pid > 0 else { return }
        let descriptor = galley_pidfd_open(pid)
        guard descriptor >= 0 else { return }
        let stopNow = state.withLock { state in
            state.descriptor = descriptor
            return state.stopped
        }
        if stopNow { _ = galley_pidfd_kill(descriptor) }
    }

    /// Kills the helper; one that has exited already is left alone.
    func stop() {
        let descriptor = state.withLock { state in
            state.stopped = true
            return state.descriptor
        }
        if descriptor >= 0 { _ = galley_pidfd_kill(descriptor) }
    }
}
