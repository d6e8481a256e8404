import Foundation
import Synchronization
import Testing

@testable import SiteCompiler

@Suite struct ParallelTests {
    /// Every job runs once, on whichever thread takes it, and the results come in the jobs'
    /// order; the caller may join before or after the other thread has done them all.
    @Test(arguments: [0, 1, 2, 50])
    func joinableJobsRunEachJobOnceInOrder(count: Int) {
        for callerWaits in [false, true] {
            let calls = Mutex([Int](repeating: 0, count: count))
            let jobs = JoinableJobs((0..<count).map { index in
                { @Sendable () -> String in
                    calls.withLock { $0[index] += 1 }
                    return "job \(index)"
                }
            })
            if callerWaits { Thread.sleep(forTimeInterval: 0.05) }
            #expect(jobs.results() == (0..<count).map { "job \($0)" })
            #expect(calls.withLock { $0 } == [Int](repeating: 1, count: count))
        }
    }
}
