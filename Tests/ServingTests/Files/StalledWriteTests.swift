import Blocking
import Foundation
import NIOPosix
import TestThreads
import Testing

@testable import Serving

/// A file's writes wait for the connection's event loop after each one, and a write that waits
/// past the limit closes the connection.
@Suite(.onBlockingPool) struct StalledWriteTests {
    static let loop = MultiThreadedEventLoopGroup.singleton.next()

    @Test func eachWriteWaitsForTheEventLoopToCatchUp() async throws {
        let log = Locked<[String]>([])
        let stall = StalledWrite(limit: .seconds(60), eventLoop: Self.loop, close: { log.withLock { $0.append("close") } },
                                 catchUp: { log.withLock { $0.append("caught up") } })
        try await stall.watching { stall in
            for number in 1...2 { try await stall.write { log.withLock { $0.append("write \(number)") } } }
        }
        #expect(log.withLock { $0 } == ["write 1", "caught up", "write 2", "caught up"])
    }

    @Test(.timeLimit(.minutes(1))) func aWriteThatWaitsPastTheLimitClosesTheConnection() async throws {
        let closed = Locked(false)
        let stall = StalledWrite(limit: .milliseconds(200), eventLoop: Self.loop, close: { closed.withLock { $0 = true } })
        try await stall.watching { stall in
            // A write that waits until the connection is closed, as one to a reader that stopped does.
            try await stall.write {
                while !closed.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(20)) }
            }
        }
        #expect(closed.withLock { $0 })
        // Writes that each finish in time close nothing, however long the response takes in
        // all. Each is over at once and the time goes by between them: a write that sleeps
        // could itself run past the limit when the whole suite at once keeps the threads busy
        // (a sleep of 300 ms once took more than a second).
        let quiet = Locked(false)
        let prompt = StalledWrite(limit: .seconds(1), eventLoop: Self.loop, close: { quiet.withLock { $0 = true } })
        try await prompt.watching { stall in
            for _ in 0..<5 {
                try await stall.write {}
                try await Task.sleep(for: .milliseconds(300))
            }
        }
        #expect(!quiet.withLock { $0 })
    }
}
