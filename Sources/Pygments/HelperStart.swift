import Blocking
import Dispatch
import Highlighting

/// A helper that one thread is starting while the others that chose it wait: Python takes about
/// a tenth of a second to import Pygments, and the highlighter's lock is not held meanwhile, so
/// a second helper (where the limit allows one) starts beside the first and batches go on to one
/// already running.
final class HelperStart: Sendable {
    private let outcome = Locked<Result<PygmentsSession, HighlighterUnavailable>?>(nil)
    private let settled = DispatchGroup()

    init() { settled.enter() }

    /// Says how the start went; called once, by the thread that started the helper.
    func settle(_ result: Result<PygmentsSession, HighlighterUnavailable>) {
        outcome.withLock { $0 = result }
        settled.leave()
    }

    /// The helper's session once it has started, waiting for it.
    ///
    /// - Throws: ``HighlighterUnavailable`` when it could not start.
    func session() throws(HighlighterUnavailable) -> PygmentsSession {
        settled.wait()
        return try outcome.withLock { $0! }.get()
    }

    /// The session, if the helper has started.
    var started: PygmentsSession? {
        outcome.withLock { outcome in
            if case .success(let session) = outcome { return session }
            return nil
        }
    }
}
