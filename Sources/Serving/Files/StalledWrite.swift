import Blocking
import Foundation
import NIOCore

/// Closes the connection of a response whose reader has stopped reading. A write waits while
/// the reader's side is full, and neither the idle timeout (which looks at what arrives) nor
/// anything else would end it: two hundred stalled downloads of a big file once held their
/// connections, and 3.5 MB of memory each, for as long as their clients cared.
///
/// It also keeps a response from running ahead of its connection: a write is handed to the
/// connection's event loop and returns at once while the connection counts as writable, and
/// under load the event loop says it is not only after megabytes more have been handed over
/// (two hundred stalled downloads of a 50 MB file had the host read 10 MB of it for each, and
/// hold 1.4 GB). After each write it waits for the event loop to catch up, so that the next
/// one sees whether the connection can take more.
final class StalledWrite: Sendable {
    /// How long one write may wait.
    let limit: Duration
    /// The connection's event loop, where the watch runs.
    private let eventLoop: any EventLoop
    private let close: @Sendable () -> Void
    private let catchUp: @Sendable () async -> Void
    /// When the write under way began; nil between writes.
    private let since = Locked<ContinuousClock.Instant?>(nil)

    init(limit: Duration, eventLoop: any EventLoop, close: @escaping @Sendable () -> Void, catchUp: @escaping @Sendable () async -> Void = {}) {
        self.limit = limit
        self.eventLoop = eventLoop
        self.close = close
        self.catchUp = catchUp
    }

    /// Runs `body`, a response's writes, with a watch that closes the connection once one write
    /// has waited past ``limit``; the write then fails, and so does `body`.
    func watching<T>(_ body: (StalledWrite) async throws -> T) async throws -> T {
        // On the event loop rather than in a task of its own: tasks take turns on a few threads
        // with every response being made, and a watch that waits for a turn closes nothing.
        let (seconds, attoseconds) = (limit / 4).components
        let period = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        let watch = eventLoop.scheduleRepeatedTask(initialDelay: period, delay: period) { [self] task in
            if let began = since.withLock({ $0 }), ContinuousClock.now - began > limit {
                close()
                task.cancel()
            }
        }
        defer { watch.cancel() }
        return try await body(self)
    }

    /// Runs one write.
    func write(_ write: () async throws -> Void) async throws {
        since.withLock { $0 = .now }
        defer { since.withLock { $0 = nil } }
        try await write()
        await catchUp()
    }
}
