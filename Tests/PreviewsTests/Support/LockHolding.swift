import Blocking
import Foundation

@testable import Previews

/// A destination's lock held by a task of its own until the test lets it go, as another
/// deploy would hold it.
final class LockHolding: Sendable {
    private let task: Task<Void, any Error>
    private let letGo: AsyncStream<Void>.Continuation

    /// Starts `take`, which takes a lock and calls the function it is given while it holds it;
    /// returns once the lock is held.
    init(_ take: @escaping @Sendable (_ hold: @escaping @Sendable () async -> Void) async throws -> Void) async throws {
        let (released, letGo) = AsyncStream.makeStream(of: Void.self)
        let (held, tell) = AsyncStream.makeStream(of: Void.self)
        self.letGo = letGo
        task = Task {
            defer { tell.finish() }
            try await take {
                tell.yield()
                for await _ in released {}
            }
        }
        for await _ in held { return }
        try await task.value
        throw FixtureError("the lock was let go before it was held")
    }

    /// Takes `destination`'s deploy lock for `purpose`.
    convenience init(_ destination: any Destination, purpose: String) async throws {
        try await self.init { hold in
            try await destination.withLock(DestinationLock.path, holder: LockHolder(purpose: purpose), waiting: { _ in }) { await hold() }
        }
    }

    /// Lets the lock go, and waits until it is.
    func release() async throws {
        letGo.finish()
        try await task.value
    }
}

/// Collects what a deployer says, from any thread.
final class Notices: Sendable {
    private let lines = Locked<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// Waits, a little at a time and at most `seconds`, until `condition` holds; whether it did.
func eventually(within seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return condition()
}
