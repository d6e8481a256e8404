import Blocking
import FileSystem
import Foundation
import Testing

@Suite struct ParallelTests {
    /// Every element is transformed once and its result lands in its own place, whether the
    /// cores take elements one at a time or in runs, for counts that do not divide evenly.
    @Test(arguments: [0, 1, 2, 3, 31, 32, 33, 1000, 1001])
    func mapsEachElementOnceInOrder(count: Int) {
        for inRuns in [false, true] {
            let calls = Locked([Int](repeating: 0, count: count))
            let results = Parallel.map(Array(0..<count), inRuns: inRuns) { element -> String in
                calls.withLock { $0[element] += 1 }
                return "item \(element)"
            }
            #expect(results == (0..<count).map { "item \($0)" }, "inRuns: \(inRuns)")
            #expect(calls.withLock { $0 } == [Int](repeating: 1, count: count), "inRuns: \(inRuns)")
        }
    }
}

extension ParallelTests {
    /// With more threads than cores, every element is still transformed once and in its place,
    /// and threads that wait do not hold up the others: with two threads a core, as many
    /// elements as cores can wait on each other at once without a deadlock.
    @Test(arguments: [0, 1, 2, 3, 33, 1000])
    func mapsOnMoreThreadsThanCores(count: Int) {
        let calls = Locked([Int](repeating: 0, count: count))
        let results = Parallel.map(Array(0..<count), threadsPerCore: 2) { element -> String in
            calls.withLock { $0[element] += 1 }
            return "item \(element)"
        }
        #expect(results == (0..<count).map { "item \($0)" })
        #expect(calls.withLock { $0 } == [Int](repeating: 1, count: count))
    }

    @Test func threadsThatWaitLeaveRoomForOthers() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // The first `cores` elements wait until one beyond them has run: with one thread a core
        // that would never happen.
        let later = Locked(false)
        let results = Parallel.map(Array(0..<(cores + 1)), threadsPerCore: 2) { element -> Int in
            if element < cores {
                let deadline = ContinuousClock.now + .seconds(20)
                while !later.withLock({ $0 }), ContinuousClock.now < deadline { usleep(1000) }
                return later.withLock { $0 } ? element : -1
            }
            later.withLock { $0 = true }
            return element
        }
        #expect(results == Array(0...cores))
    }
}
