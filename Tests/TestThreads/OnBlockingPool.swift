import Blocking
import Foundation
import Testing

/// Runs a test on ``BlockingPool`` rather than on the threads Swift's tasks share, one a core.
///
/// Swift Testing starts every test of the process at once, each waiting in one queue for a
/// shared thread. A test that blocks its thread for long (it waits on galley, git, ssh, hugo, or
/// builds a whole blog synchronously) holds one; two hold them all, and each async test waits
/// meanwhile for its next step: its sleeps, its servers' replies, its time limits run out. In
/// CI a process stalled so for a minute, and tests that allow ten seconds for a rebuild failed.
///
/// Two kinds of suite take this trait: those whose tests block their thread, so they no longer
/// hold the shared threads, and those whose tests time things, so their steps never wait for
/// them. The marked tests of a process take turns, one a core at once (as many as the shared
/// threads ran): the blocking ones would otherwise all start together. A test with a time limit
/// takes no turn: its limit counts from before the wait, which in one process of every test
/// outlasted a minute. The suites of the highlighter and the typesetter stay unmarked, though
/// they wait on Python and Node: that a build blocking a shared thread still gets its helper
/// started is part of what they try.
package struct OnBlockingPool: TestTrait, SuiteTrait, TestScoping {
    /// The turns of the marked tests of this process.
    private static let shared = Turns(max(1, ProcessInfo.processInfo.activeProcessorCount))

    /// Whether the running test holds a turn already: marked twice (by its suite and by an
    /// outer one, say), it would wait for a second one while holding the first.
    @TaskLocal private static var holding = false

    private let turns: Turns

    package init() {
        turns = Self.shared
    }

    /// A trait whose tests take `turns` rather than the process's: for the trait's own tests.
    package init(turns: Turns) {
        self.turns = turns
    }

    package var isRecursive: Bool { true }

    /// A scope for each test case (each argument of a parameterized test), none for a suite.
    package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    package func provideScope(for test: Test, testCase: Test.Case?,
                              performing function: @Sendable () async throws -> Void) async throws {
        let turn = !Self.holding && Self.takesATurn(test)
        if turn { await turns.take() }
        defer { if turn { turns.give() } }
        try await Self.$holding.withValue(Self.holding || turn) {
            try await withTaskExecutorPreference(BlockingPool.shared) {
                try await function()
            }
        }
    }

    /// Whether `test` waits for a turn: all but those with a time limit.
    package static func takesATurn(_ test: Test) -> Bool {
        !test.traits.contains { $0 is TimeLimitTrait }
    }
}

extension Trait where Self == OnBlockingPool {
    /// The test runs on ``BlockingPool``: it blocks its thread for long, or times what it waits for.
    package static var onBlockingPool: Self { OnBlockingPool() }
}
