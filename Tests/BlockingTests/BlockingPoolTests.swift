import Foundation
import Testing

@testable import Blocking

@Suite struct BlockingPoolTests {
    struct Failure: Error, Equatable { var text: String }

    /// A number threads share.
    final class Shared: Sendable {
        private let value = Locked(0)
        var number: Int { value.withLock { $0 } }
        func set(_ number: Int) { value.withLock { $0 = number } }
        func add() { value.withLock { $0 += 1 } }
    }

    @Test func givesBackTheValueOrTheError() async throws {
        #expect(try await BlockingPool.shared.run { 6 * 7 } == 42)
        await #expect(throws: Failure(text: "inside")) { try await BlockingPool.shared.run { () throws(Failure) -> Int in throw Failure(text: "inside") } }
    }

    @Test func blockingWorkLeavesTheSharedThreadsFree() async throws {
        let pool = BlockingPool()
        let gate = DispatchSemaphore(value: 0)
        let entered = Shared()
        let left = Shared()
        // More blocked calls than the shared pool has threads: on that pool, not all of them
        // could enter, and nothing else could run until one left.
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let blocked = (0..<count).map { _ in
            Task {
                await pool.run {
                    entered.add()
                    defer { left.add() }
                    return gate.wait(timeout: .now() + 600) == .success
                }
            }
        }
        // The tasks start once a shared thread is free: other suites' synchronous tests (whole
        // builds of real blogs) hold both of a 2-core machine's for a minute and more. So the
        // test asks what ran while the gate was shut, not how soon: a time bound measured them.
        let deadline = ContinuousClock.now + .seconds(300)
        while entered.number < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(entered.number == count)
        let other = await Task { 6 * 7 }.value
        #expect(other == 42)
        #expect(left.number == 0)
        for _ in 0..<count { gate.signal() }
        for task in blocked { #expect(await task.value) }
    }

    @Test func workThatWaitsForOtherWorkOnThePoolNeverDeadlocks() async {
        // A build waiting for its highlighter's helper, both on the pool: each waits on the next.
        let pool = BlockingPool()
        let depth = 12
        @Sendable func nested(_ level: Int) -> Int {
            guard level < depth else { return level }
            let done = DispatchSemaphore(value: 0)
            let value = Shared()
            pool.detach {
                value.set(nested(level + 1))
                done.signal()
            }
            return done.wait(timeout: .now() + 30) == .success ? value.number : -1
        }
        #expect(await pool.run { nested(0) } == depth)
    }

    @Test func idleThreadsEndAndComeBackWhenNeeded() async throws {
        let pool = BlockingPool(idleTimeout: 0.05)
        #expect(await pool.run { 1 } == 1)
        #expect(pool.threadCount <= 1)
        let deadline = ContinuousClock.now + .seconds(10)
        while pool.threadCount > 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(pool.threadCount == 0)
        #expect(await pool.run { 2 } == 2)
    }

    @Test func tasksPreferringThePoolRunOnIt() async {
        // Threads that never end while the test runs: it may wait a minute for a shared thread.
        let pool = BlockingPool(idleTimeout: 3600)
        #expect(pool.threadCount == 0)
        #expect(await Task(executorPreference: pool) { 6 * 7 }.value == 42)
        // The task's job came to the pool, which started a thread for it.
        #expect(pool.threadCount == 1)
    }
}
