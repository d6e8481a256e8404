import Blocking
import CPlatform
import Foundation
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
    /// for its first batch; stops it at once if ``stop()`` came first. A number that is not a
    /// child of this process is left alone: the helper's word is no reason to signal anyone
    /// else, and a child's number passes to no other process until this one reaps it.
    func adopt(pid: Int32) {
        guard pid > 0 else { return }
        let descriptor = galley_pidfd_open(pid)
        guard descriptor >= 0 else { return }
        guard Self.parent(of: pid) == getpid() else {
            close(descriptor)
            return
        }
        let stopNow = state.withLock { state in
            state.descriptor = descriptor
            return state.stopped
        }
        if stopNow { _ = galley_pidfd_kill(descriptor) }
    }

    /// The parent of the process `pid`, from `/proc/PID/stat`: the field after the state, which
    /// follows the command name's closing parenthesis (a name may hold spaces and parentheses).
    static func parent(of pid: Int32) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
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
