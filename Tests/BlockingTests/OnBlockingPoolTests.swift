import Blocking
import Foundation
import Testing
import TestThreads

@Suite struct OnBlockingPoolTests {
    /// How many marked bodies came in and went out, shared between them.
    final class Seen: Sendable {
        private let state = Locked((entered: 0, left: 0, most: 0))
        func enter() {
            state.withLock { state in
                state.entered += 1
                state.most = max(state.most, state.entered - state.left)
            }
        }
        func leave() { state.withLock { $0.left += 1 } }
        var entered: Int { state.withLock { $0.entered } }
        var left: Int { state.withLock { $0.left } }
        var most: Int { state.withLock { $0.most } }
    }

    @Test func markedTestsLeaveTheSharedThreadsFreeAndRunOneACoreAtOnce() async throws {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        // Turns of its own: the process's are taken by other suites' tests meanwhile.
        let trait = OnBlockingPool(turns: Turns(cores))
        let test = try #require(Test.current)
        let testCase = Test.Case.current
        let gate = DispatchSemaphore(value: 0)
        let seen = Seen()
        // More bodies than turns, each blocking its thread until the gate opens, as a test
        // waiting on galley does.
        let bodies = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<cores + 2 {
                    group.addTask {
                        try await trait.provideScope(for: test, testCase: testCase) {
                            seen.enter()
                            _ = gate.wait(timeout: .now() + 60)
                            seen.leave()
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        // On the shared threads, one body a core would hold them all: this loop, and the task
        // after it, could run only once the gate gave up, and a body would have left.
        let deadline = ContinuousClock.now + .seconds(300)
        while seen.entered < cores, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let other = await Task { 6 * 7 }.value
        #expect(other == 42)
        #expect(seen.left == 0)
        #expect(seen.entered == cores)
        for _ in 0..<cores + 2 { gate.signal() }
        try await bodies.value
        #expect(seen.entered == cores + 2)
        #expect(seen.most == cores)
    }

    /// Marked twice (by its suite and by an outer one), a test takes one turn, not a second
    /// while it holds the first: with one turn, a second would never come.
    @Test func aTestMarkedTwiceTakesOneTurn() async throws {
        let trait = OnBlockingPool(turns: Turns(1))
        let test = try #require(Test.current)
        let ran = Locked(false)
        let nested = Task {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                try await trait.provideScope(for: test, testCase: Test.Case.current) { ran.withLock { $0 = true } }
            }
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while !ran.withLock({ $0 }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(ran.withLock { $0 })
        if ran.withLock({ $0 }) { try await nested.value } else { nested.cancel() }
    }

    @Test func aTestWithoutATimeLimitTakesATurn() throws {
        #expect(OnBlockingPool.takesATurn(try #require(Test.current)))
    }

    /// Its limit would count the wait for a turn too.
    @Test(.timeLimit(.minutes(10))) func aTestWithATimeLimitTakesNone() throws {
        #expect(!OnBlockingPool.takesATurn(try #require(Test.current)))
    }

    @Test func aFailingBodyGivesItsTurnBack() async throws {
        struct Failure: Error {}
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let trait = OnBlockingPool(turns: Turns(cores))
        let test = try #require(Test.current)
        // Had a failure kept its turn, the last of these would wait for ever.
        for _ in 0..<cores + 1 {
            await #expect(throws: Failure.self) {
                try await trait.provideScope(for: test, testCase: Test.Case.current) { throw Failure() }
            }
        }
        let ran = Locked(false)
        try await trait.provideScope(for: test, testCase: Test.Case.current) { ran.withLock { $0 = true } }
        #expect(ran.withLock { $0 })
    }
}
