import Foundation
import Testing

@testable import Previews

@Suite struct OwnThreadTests {
    @Test func givesBackTheValueOrTheError() async throws {
        #expect(try await OwnThread.run { 6 * 7 } == 42)
        await #expect(throws: FixtureError.self) { try await OwnThread.run { throw FixtureError("inside") } }
    }

    @Test func blockingWorkLeavesTheSharedThreadsFree() async throws {
        let gate = DispatchSemaphore(value: 0)
        let entered = Notices()
        // More blocked calls than the shared pool has threads: on that pool, nothing else could run.
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let blocked = (0..<count).map { _ in
            Task {
                try await OwnThread.run {
                    entered.append("in")
                    return gate.wait(timeout: .now() + 20) == .success
                }
            }
        }
        // The tasks start once a shared thread is free: other suites' synchronous tests (whole
        // builds of real blogs) hold both of a 2-core machine's for a minute and more.
        #expect(await eventually(within: 300) { entered.all.count == count })
        let started = ContinuousClock.now
        let other = await Task { 6 * 7 }.value
        #expect(other == 42)
        #expect(ContinuousClock.now - started < .seconds(5))
        for _ in 0..<count { gate.signal() }
        for task in blocked { #expect(try await task.value) }
    }
}
